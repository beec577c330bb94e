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

  // The odds panel follows whoever acts, against its first foe still standing, until the GM picks an attacker
  // by hand (then it keeps the GM's choice).
  var shownTurn = null;
  function oddsOnTurn() {
    var board = document.getElementById("board-part"), form = document.getElementById("odds");
    if (!board || !form || form.dataset.picked) { return; }
    var current = board.dataset.current;
    if (!current || current === shownTurn) { return; }
    shownTurn = current;
    var attacker = form.querySelector("select[name=attacker]"), target = form.querySelector("select[name=target]");
    if (!attacker || !attacker.querySelector('option[value="' + current + '"]')) { return; }
    attacker.value = current;
    var row = document.getElementById("row-" + current);
    var foes = document.querySelectorAll("#board-part tbody tr:not(.out)");
    for (var i = 0; target && row && i < foes.length; i++) {
      if (foes[i].dataset.side !== row.dataset.side) {
        var id = foes[i].id.slice(4);
        if (target.querySelector('option[value="' + id + '"]')) { target.value = id; break; }
      }
    }
    var panel = document.getElementById("odds-panel");
    if (panel && panel.open && window.htmx) { window.htmx.trigger(form, "change"); }
  }

  function follow() {
    var url = document.body.dataset.events;
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("live", function (event) { replace("live", event.data); scrollLog(); oddsOnTurn(); });
    source.addEventListener("board", function (event) { replace("board-part", event.data); oddsOnTurn(); });
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
    oddsOnTurn();
    var picker = document.querySelector("#odds select[name=attacker]");
    if (picker) { picker.addEventListener("change", function (event) {
      if (event.isTrusted) { document.getElementById("odds").dataset.picked = "1"; }
    }); }
    // A combatant's id clicked on the board goes into the command box, after what is typed there.
    document.body.addEventListener("click", function (event) {
      var code = event.target.closest && event.target.closest("#live td code");
      var line = document.getElementById("line");
      if (!code || !line) { return; }
      var text = line.value.replace(/\s+$/, "");
      line.value = (text ? text + " " : "") + code.textContent + " ";
      line.focus();
    });
    // Hit points or endurance clicked on the board: a box for the new value; Enter sends the GM's command
    // (« pdv ID N », « endurance ID N »), Escape or leaving the box puts the numbers back.
    document.body.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button.hp-value");
      var form = button && document.getElementById(button.dataset.form);
      if (!form) { return; }
      button.hidden = true;
      form.hidden = false;
      var input = form.querySelector("input");
      input.focus();
      input.select();
    });
    function closeEdit(input) {
      var form = input.form, button = form && form.parentNode.querySelector("button.hp-value");
      if (!form || !button) { return; }
      form.hidden = true;
      button.hidden = false;
    }
    document.body.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && event.target.closest && event.target.closest("form.hp-edit")) {
        event.stopPropagation();
        closeEdit(event.target);
      }
    }, true);
    document.body.addEventListener("focusout", function (event) {
      var form = event.target.closest && event.target.closest("form.hp-edit");
      if (form) { setTimeout(function () { if (!form.contains(document.activeElement)) { closeEdit(event.target); } }, 150); }
    });
    document.body.addEventListener("htmx:configRequest", function (event) {
      var log = document.getElementById("log");
      if (log && event.detail.verb === "post") { event.detail.parameters.told = log.dataset.count; }
      var form = event.detail.elt;
      if (form && form.classList && form.classList.contains("hp-edit")) {
        var value = String(event.detail.parameters.value || "").trim();
        delete event.detail.parameters.value;
        event.detail.parameters.line = form.dataset.edit + " " + form.dataset.who + " " + value;
      }
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
