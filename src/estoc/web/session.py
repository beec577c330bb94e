"""One fight served to browsers: its tracker (the one authority), the screens that follow it, what each is shown.

Every request runs on the server's event loop, one at a time: the tracker, its store (an SQLite connection belongs to
the thread that opened it) and the process's language are never touched by two requests at once. The store is opened
on the loop's thread at the first request, not where the session object is made.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from estoc.cli.fight import log_lines, markdown, record_lines, resume_tracker
from estoc.i18n import _, pick, set_language
from estoc.play.marks import MARK_VERBS
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker, shown_name
from estoc.web.board import health_words

GM_ONLY_VERBS = frozenset({*MARK_VERBS, "timer-fires", "mark-ends"})
"""Tracker records the players never see: the GM's own marks, notes and timers."""
GM_ONLY_KINDS = frozenset({"gm"})
"""Narration records the players never see: the GM's edits of hit points and conditions."""
WATCH_S = 1.0
"""How often the store is read for commands another writer (the terminal) stored."""


@dataclass(eq=False)
class Screen:
    """One open page that follows the fight (a GM's tab or a player's screen); each is itself (hashed by identity)."""

    role: str
    lang: str
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=64))


class FightSession:
    """The fight a server shows: opened lazily on the loop's thread; the screens it pushes every change to."""

    def __init__(self, db: Path, fight_id: str, make_tracker: Callable[[EventStore, str], Tracker]) -> None:
        self.db = db
        self.fight_id = fight_id
        self._make = make_tracker
        self._tracker: Tracker | None = None
        self.screens: set[Screen] = set()
        self.reveal = False
        """The GM shows the adversaries' numbers to the players."""
        self.render: Callable[[Screen], str] | None = None
        """Renders the live part of a screen (set by the application)."""

    @property
    def tracker(self) -> Tracker:
        if self._tracker is None:
            self._tracker = self._make(EventStore(self.db), self.fight_id)
        return self._tracker

    def close(self) -> None:
        if self._tracker is not None:
            self._tracker.store.close()
            self._tracker = None

    @property
    def name(self) -> str:
        return shown_name(self.tracker.store.fight(self.fight_id).name)

    def publish(self) -> None:
        """Push the fight as it now stands to every open screen, each in its own language and role."""
        if self.render is None:
            return
        for screen in list(self.screens):
            set_language(screen.lang)
            try:
                screen.queue.put_nowait(self.render(screen))
            except asyncio.QueueFull:  # (a screen that reads nothing is dropped; its page reconnects)
                self.screens.discard(screen)

    def catch_up(self) -> bool:
        """Read commands another writer stored meanwhile; True when there were some (the fight was reloaded)."""
        tracker = self.tracker
        if tracker.store.events(self.fight_id, after=tracker.version):
            tracker.reload()
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

    def gm_log(self) -> list[str]:
        return log_lines(self.tracker)

    def players_log(self) -> list[str]:
        """The narration without what only the GM may know: marks, notes, timers, edits, and (unless revealed) the
        adversaries' hit points."""
        tracker = self.tracker
        heroes = None if self.reveal else hero_names(tracker)
        lines: list[str] = []
        for record in tracker.records:
            if record.get("kind") == "tracker" and record.get("verb") in GM_ONLY_VERBS:
                continue
            if record.get("kind") in GM_ONLY_KINDS:
                continue
            lines.extend(line if heroes is None else veil(line, heroes) for line in record_lines(tracker, record))
        return lines

    def markdown(self) -> str:
        return markdown(self.tracker)


def hero_names(tracker: Tracker) -> list[str]:
    """The names of the combatants the players play, in the language in use."""
    return [pick(row["name"]) for row in tracker.fight.view()["combatants"] if row.get("player")]


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression for a narration phrase: ``{who}`` of the translated template becomes a group of text,
    every other field a group of digits."""
    parts = re.split(r"(\{\w+\})", template)
    return re.compile("".join(
        (r"(?P<who>.+?)" if p == "{who}" else rf"(?P<{p[1:-1]}>-?\d+)") if p.startswith("{") else re.escape(p)
        for p in parts))


def veil(line: str, heroes: list[str]) -> str:
    """``line`` with a standing in hit points (« Orc 1 at 52 of 85 HP ») said in words, unless it is a hero's."""
    if not any(c.isdigit() for c in line):
        return line
    for template in (_("{who} at {hp} of {max} HP"), _("{who} at {hp} HP")):

        def words(match: re.Match[str]) -> str:
            groups = match.groupdict()
            if any(groups["who"].endswith(name) for name in heroes):
                return match.group(0)
            try:
                hp = int(groups["hp"])
                top = int(groups.get("max") or hp + 1)
            except ValueError:
                return match.group(0)
            return f"{groups['who']} ({health_words(hp, top, False)})"

        line = _pattern(template).sub(words, line)
    return line


def open_session(ctx: Any, db: Path, fight_id: str) -> FightSession:
    """A session over a stored fight, its tracker made with the command line's content folders."""
    return FightSession(db, fight_id, lambda store, fid: resume_tracker(ctx, store, fid))
