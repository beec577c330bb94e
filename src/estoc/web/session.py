"""One fight served to browsers: its tracker (the one authority), the screens that follow it, what each is shown.

Every request runs on the server's event loop, one at a time: the tracker, its store (an SQLite connection belongs to
the thread that opened it) and the process's language are never touched by two requests at once. The store is opened
on the loop's thread at the first request, not where the session object is made.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from estoc.content.registry import Content
from estoc.i18n import language, set_language
from estoc.play.marks import MARK_VERBS
from estoc.play.store import EventStore
from estoc.play.telling import markdown, record_lines, resume
from estoc.play.tracker import Tracker, shown_name
from estoc.web.choices import store_hold, store_reveal, stored_hold, stored_reveal

GM_ONLY_VERBS = frozenset({*MARK_VERBS, "timer-fires", "mark-ends"})
"""Tracker records the players never see: the GM's own marks, notes and timers."""
GM_ONLY_KINDS = frozenset({"gm"})
"""Narration records the players never see: the GM's edits of hit points and conditions."""
LINES_KEPT = 20_000
"""Narrated records kept (each language, each role) before the memory of them starts again."""
QUEUED = 64
"""Changes queued for a screen that does not read before it is dropped (its page reconnects if it still can)."""
WATCH_S = 1.0
"""How often the store is read for commands another writer (the terminal) stored."""


@dataclass(eq=False)
class Screen:
    """One open page that follows the fight (a GM's tab or a player's screen); each is itself (hashed by identity)."""

    role: str
    lang: str
    owner: str | None = None
    """The player character whose dice this screen answers (a character's own link), or ``None``."""
    queue: asyncio.Queue[bytes] = field(default_factory=lambda: asyncio.Queue(maxsize=QUEUED))
    count: int | None = None
    """How many of the fight's records its log shows (``None``: not known)."""
    last: dict[str, Any] | None = None
    """The last of them (a later undo is told apart from new lines by it)."""
    ended: bool = False
    """Its stream is to end: the client went, or read nothing while :data:`QUEUED` changes piled up."""

    def seen(self, records: list[dict[str, Any]]) -> None:
        """The screen now shows these records."""
        self.count = len(records)
        self.last = records[-1] if records else None


class FightSession:
    """The fight a server shows: opened lazily on the loop's thread; the screens it pushes every change to."""

    def __init__(self, db: Path, fight_id: str, make_tracker: Callable[[EventStore, str], Tracker],
                 asking: bool = False) -> None:
        self.db = db
        self.asking = asking
        """The players are asked for their dice (``estoc serve`` does, unless ``--no-ask``; off, estoc rolls every die
        nobody typed, as the tracker does for a program)."""
        self.fight_id = fight_id
        self._make = make_tracker
        self._tracker: Tracker | None = None
        self.screens: set[Screen] = set()
        self._reveal: bool | None = None
        self._hold: bool | None = None
        self.held: tuple[int, str, str] | None = None
        """A player's answer waiting for the GM's OK: (the question's number, the answer, the character)."""
        self._lines: dict[tuple[int, str, str, bool], tuple[dict[str, Any], list[str], str]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop (set when it starts): :meth:`stop_streams` is called from other threads."""
        self.render: Callable[[Screen], bytes] | None = None
        """What a screen is pushed after a change (set by the application)."""

    @property
    def tracker(self) -> Tracker:
        if self._tracker is None:
            tracker = self._make(EventStore(self.db), self.fight_id)
            tracker.asking = self.asking
            self._tracker = tracker
            tracker.begin()  # (a new fight's first round may wait on the players' initiative dice)
        return self._tracker

    @property
    def reveal(self) -> bool:
        """The GM shows the adversaries' numbers to the players (a choice kept in the store: :mod:`.choices`)."""
        if self._reveal is None:
            self.tracker  # noqa: B018  (the store is opened, and checked, before its file is read)
            self._reveal = stored_reveal(self.db, self.fight_id)
        return self._reveal

    @reveal.setter
    def reveal(self, value: bool) -> None:
        store_reveal(self.db, self.fight_id, value)
        self._reveal = value

    @property
    def hold(self) -> bool:
        """The players' answers to their dice wait for the GM's OK (a choice kept in the store: :mod:`.choices`)."""
        if self._hold is None:
            self.tracker  # noqa: B018  (the store is opened, and checked, before its file is read)
            self._hold = stored_hold(self.db, self.fight_id)
        return self._hold

    @hold.setter
    def hold(self, value: bool) -> None:
        store_hold(self.db, self.fight_id, value)
        self._hold = value

    def held_answer(self) -> tuple[int, str, str] | None:
        """The player's answer waiting for the GM's OK to the die awaited now (one to an older question is gone)."""
        asked = self.tracker.pending
        if self.held is None or asked is None or self.held[0] != asked.number:
            self.held = None
        return self.held

    def close(self) -> None:
        if self._tracker is not None:
            self._tracker.store.close()
            self._tracker = None

    @property
    def name(self) -> str:
        return shown_name(self.tracker.store.fight(self.fight_id).name)

    def publish(self) -> None:
        """Push the fight as it now stands to every open screen, each in its own language and role: rendered once
        for all the screens that showed the same (role, language, log), and the same bytes queued to each of them
        (a change costs the GM one rendering a kind of screen, not one a viewer)."""
        if self.render is None:
            return
        alike: dict[tuple[str, str, str | None, int | None, int], list[Screen]] = {}
        for screen in self.screens:
            alike.setdefault((screen.role, screen.lang, screen.owner, screen.count, id(screen.last)),
                             []).append(screen)
        records = self.tracker.records
        for screens in alike.values():
            set_language(screens[0].lang)
            data = self.render(screens[0])
            for screen in screens:
                screen.seen(records)
                try:
                    screen.queue.put_nowait(data)
                except asyncio.QueueFull:  # (a screen that reads nothing is dropped; its page reconnects)
                    screen.ended = True
                    self.screens.discard(screen)

    def end_streams(self) -> None:
        """Tell every open screen's stream to end (the server stops: its pages reconnect to the next one)."""
        for screen in list(self.screens):
            with contextlib.suppress(asyncio.QueueFull):
                screen.queue.put_nowait(b"")

    def stop_streams(self) -> None:
        """:meth:`end_streams`, from any thread."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.end_streams)

    def catch_up(self) -> bool:
        """Read commands another writer stored meanwhile; True when there were some (the fight was reloaded)."""
        tracker = self.tracker
        if tracker.store.events(self.fight_id, after=tracker.version):
            tracker.reload()  # (a die awaited is dropped: the command waiting on it was decided on another fight)
            tracker.begin()
            return True
        return False

    async def watch(self) -> None:
        """Follow the store for another writer's commands, and push them (runs for the server's life)."""
        while True:
            await asyncio.sleep(WATCH_S)
            try:
                if self.screens and self.catch_up():
                    self.publish()
            except Exception:  # (the watch must outlive a busy or locked store; the next tick tries again)
                continue

    # ------------------------------------------------------------------------------------------------- the views

    def _told(self, record: dict[str, Any], role: str, veiled: frozenset[str]) -> tuple[list[str], str]:
        """A record's lines for a role, in the language in use, and their HTML: narrated and escaped once (a record
        never changes once told, and a long fight's log is pushed again after every command). ``veiled``: the
        combatants whose numbers the narration tells in words (:meth:`_veiled`)."""
        key = (id(record), language(), role, self.reveal)
        kept = self._lines.get(key)
        if kept is not None and kept[0] is record:
            return kept[1], kept[2]
        tracker = self.tracker
        if role == "gm":
            lines = record_lines(tracker, record)
        elif (record.get("kind") == "tracker" and record.get("verb") in GM_ONLY_VERBS) or (
                record.get("kind") in GM_ONLY_KINDS):
            lines = []
        else:
            lines = [line for line in record_lines(tracker, record, veiled=veiled) if line]  # (no blank lines)
        if len(self._lines) > LINES_KEPT:
            self._lines.clear()
        html = "".join(f'<p class="{line_class(line)}">{escape(line.strip())}</p>' for line in lines)
        self._lines[key] = (record, lines, html)  # (the record is held, so that its id is not reused meanwhile)
        return lines, html

    def _veiled(self, role: str) -> frozenset[str]:
        """The combatants whose hit points or endurance a role's narration tells in words: for the players, the
        adversaries, unless the GM reveals the numbers (one view of the fight for a whole log)."""
        if role == "gm" or self.reveal:
            return frozenset()
        return frozenset(str(row["id"]) for row in self.tracker.fight.view()["combatants"] if not row.get("player"))

    def log_lines(self, role: str) -> list[str]:
        """The narration for a role: the GM's with every die shown, as the terminal tells it; the players' without
        what only the GM may know (marks, notes, timers, edits, and unless revealed the adversaries' hit points)."""
        veiled = self._veiled(role)
        return [line for record in self.tracker.records for line in self._told(record, role, veiled)[0]]

    def log_html(self, role: str, start: int = 0) -> str:
        """:meth:`log_lines` as HTML paragraphs, escaped (from record ``start`` on)."""
        veiled = self._veiled(role)
        return "".join(self._told(record, role, veiled)[1] for record in self.tracker.records[start:])

    def markdown(self) -> str:
        """The log as Markdown, the names and notes from files and the GM's typing escaped: a Markdown viewer
        shows ``<script>`` as text, never runs it."""
        return markdown(self.tracker)


def line_class(line: str) -> str:
    """A narration line's class on the page: a heading, or its depth of indentation."""
    if line.startswith("— "):
        return "head"
    return f"i{(len(line) - len(line.lstrip(' '))) // 2}"


def open_session(content: Callable[[], Content], db: Path, fight_id: str, asking: bool = True) -> FightSession:
    """A session over a stored fight, its tracker made on the content ``content()`` loads (the command line's
    folders), read again each time the tracker is; ``asking``: the players are asked for their dice."""
    return FightSession(db, fight_id, lambda store, fid: resume(store, fid, content()), asking)
