// estoc's screens: follow the fight by server-sent events (the board again, the log's new lines), keep the log at its
// end, keyboard shortcuts. No framework but htmx; no eval.
(function () {
  "use strict";

  function scrollLog() {
    var log = document.getElementById("log");
    if (log) { log.scrollTop = log.scrollHeight; }
  }

  function parse(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    return holder.content.firstElementChild;
  }

  function replace(id, html) {
    var old = document.getElementById(id);
    var fresh = parse(html);
    if (!old || !fresh || fresh.id !== id) { return false; }
    old.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    return true;
  }

  function refresh() {
    var url = document.body.dataset.live;
    if (!url) { return; }
    fetch(url, {credentials: "same-origin"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (html) { replace("live", html); scrollLog(); }
    });
  }

  // New lines of the log: appended when they follow what the page shows, ignored when it shows them already,
  // and the whole screen fetched again otherwise.
  function append(wrapper) {
    var log = document.getElementById("log");
    if (!log || !wrapper) { return; }
    var from = Number(wrapper.dataset.from), to = Number(wrapper.dataset.to), count = Number(log.dataset.count);
    if (count === from) {
      while (wrapper.firstChild) { log.appendChild(wrapper.firstChild); }
      log.dataset.count = String(to);
      scrollLog();
    } else if (count !== to) {
      refresh();
    }
  }

  function news() {
    var box = document.getElementById("news");
    if (box && box.dataset.from !== undefined) {
      append(box);
      box.replaceChildren();
      delete box.dataset.from;
    }
  }

  function follow() {
    var url = document.body.dataset.events;
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("live", function (event) { replace("live", event.data); scrollLog(); });
    source.addEventListener("board", function (event) { replace("board-part", event.data); });
    source.addEventListener("append", function (event) { append(parse(event.data)); });
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
    // A combatant's id clicked on the board goes into the command box, after what is typed there.
    document.body.addEventListener("click", function (event) {
      var code = event.target.closest && event.target.closest("#live td code");
      var line = document.getElementById("line");
      if (!code || !line) { return; }
      var text = line.value.replace(/\s+$/, "");
      line.value = (text ? text + " " : "") + code.textContent + " ";
      line.focus();
    });
    document.body.addEventListener("htmx:configRequest", function (event) {
      var log = document.getElementById("log");
      if (log && event.detail.verb === "post") { event.detail.parameters.told = log.dataset.count; }
    });
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var form = event.detail.elt;
      if (form && (form.id === "command" || form.id === "edit-mark" || form.id === "edit-note" ||
          form.id === "edit-timer" || form.id === "edit-clear") && event.detail.xhr && event.detail.xhr.status === 200) {
        form.reset();
      }
    });
    document.body.addEventListener("htmx:oobAfterSwap", news);
    document.body.addEventListener("htmx:afterSettle", news);
    document.body.addEventListener("htmx:afterSwap", scrollLog);
  });
})();
