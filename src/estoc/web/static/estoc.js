// estoc's screens: follow the fight by server-sent events, keep the log at its end, keyboard shortcuts.
(function () {
  "use strict";

  function scrollLog() {
    var log = document.getElementById("log");
    if (log) { log.scrollTop = log.scrollHeight; }
  }

  function replaceLive(html) {
    var live = document.getElementById("live");
    if (!live) { return; }
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    var fresh = holder.content.firstElementChild;
    if (!fresh || fresh.id !== "live") { return; }
    live.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    scrollLog();
    document.body.dataset.version = fresh.dataset.version;
  }

  function follow() {
    var url = document.body.dataset.events;
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("live", function (event) { replaceLive(event.data); });
    source.addEventListener("open", function () { document.body.classList.remove("offline"); });
    source.addEventListener("error", function () { document.body.classList.add("offline"); });
  }

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  function shortcuts(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "Escape" && typing(event.target)) { event.target.blur(); return; }
    if (typing(event.target)) { return; }
    if (event.key === "/") {
      var line = document.getElementById("line");
      if (line) { event.preventDefault(); line.focus(); }
      return;
    }
    var button = document.querySelector('[data-key="' + event.key + '"]');
    if (button) { event.preventDefault(); button.click(); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    scrollLog();
    follow();
    document.addEventListener("keydown", shortcuts);
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var form = event.detail.elt;
      if (form && form.id === "command" && event.detail.xhr && event.detail.xhr.status === 200) {
        form.reset();
      }
    });
    document.body.addEventListener("htmx:afterSwap", scrollLog);
  });
})();
