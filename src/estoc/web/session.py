"""One fight served to browsers: its tracker (the one authority), the screens that follow it, what each is shown.

Every request runs on the server's event loop, one at a time: the tracker, its store (an SQLite connection belongs to
the thread that opened it) and the process's language are never touched by two requests at once. The store is opened
on the loop's thread at the first request, not where the session object is made.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from estoc.cli.fight import markdown, record_lines, resume_tracker
from estoc.i18n import _, language, ngettext, pick, set_language
from estoc.play.marks import MARK_VERBS
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker, shown_name
from estoc.web.board import health_words
from estoc.web.choices import store_reveal, stored_reveal

GM_ONLY_VERBS = frozenset({*MARK_VERBS, "timer-fires", "mark-ends"})
"""Tracker records the players never see: the GM's own marks, notes and timers."""
GM_ONLY_KINDS = frozenset({"gm"})
"""Narration records the players never see: the GM's edits of hit points and conditions."""
LINES_KEPT = 20_000
"""Narrated records kept (each language, each role) before the memory of them starts again."""
WATCH_S = 1.0
"""How often the store is read for commands another writer (the terminal) stored."""
NAMED = frozenset({"{who}", "{defender}", "{target}", "{d}", "{state}", "{stops}", "{through}"})
"""The fields of a narration phrase that hold text (a combatant's name, a state, a list) rather than a number."""


@dataclass(eq=False)
class Screen:
    """One open page that follows the fight (a GM's tab or a player's screen); each is itself (hashed by identity)."""

    role: str
    lang: str
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=64))
    count: int | None = None
    """How many of the fight's records its log shows (``None``: not known)."""
    last: dict[str, Any] | None = None
    """The last of them (a later undo is told apart from new lines by it)."""

    def seen(self, records: list[dict[str, Any]]) -> None:
        """The screen now shows these records."""
        self.count = len(records)
        self.last = records[-1] if records else None


class FightSession:
    """The fight a server shows: opened lazily on the loop's thread; the screens it pushes every change to."""

    def __init__(self, db: Path, fight_id: str, make_tracker: Callable[[EventStore, str], Tracker]) -> None:
        self.db = db
        self.fight_id = fight_id
        self._make = make_tracker
        self._tracker: Tracker | None = None
        self.screens: set[Screen] = set()
        self._reveal: bool | None = None
        self._lines: dict[tuple[int, str, str, bool], tuple[dict[str, Any], list[str], str]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop (set when it starts): :meth:`stop_streams` is called from other threads."""
        self.render: Callable[[Screen], str] | None = None
        """What a screen is pushed after a change (set by the application)."""

    @property
    def tracker(self) -> Tracker:
        if self._tracker is None:
            self._tracker = self._make(EventStore(self.db), self.fight_id)
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

    def end_streams(self) -> None:
        """Tell every open screen's stream to end (the server stops: its pages reconnect to the next one)."""
        for screen in list(self.screens):
            with contextlib.suppress(asyncio.QueueFull):
                screen.queue.put_nowait("")

    def stop_streams(self) -> None:
        """:meth:`end_streams`, from any thread."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.end_streams)

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

    def _told(self, record: dict[str, Any], role: str, veiling: tuple[list[str], dict[str, int], frozenset[str]]
              ) -> tuple[list[str], str]:
        """A record's lines for a role, in the language in use, and their HTML: narrated and escaped once (a record
        never changes once told, and a long fight's log is pushed again after every command)."""
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
            heroes, maxima, foes = veiling
            struck = record.get("kind") == "attack" and record.get("target") in foes
            lines = [line if self.reveal else veil(line, heroes, maxima, foe_struck=struck)
                     for line in record_lines(tracker, record)]
            lines = [line for line in lines if line]
        if len(self._lines) > LINES_KEPT:
            self._lines.clear()
        html = "".join(f'<p class="{line_class(line)}">{escape(line.strip())}</p>' for line in lines)
        self._lines[key] = (record, lines, html)  # (the record is held, so that its id is not reused meanwhile)
        return lines, html

    def _veiling(self, role: str) -> tuple[list[str], dict[str, int], frozenset[str]]:
        """What the players' narration needs to veil the adversaries' numbers: the heroes' names, everyone's full
        hit points by name, the adversaries' ids (one view of the fight for a whole log)."""
        if role == "gm" or self.reveal:
            return [], {}, frozenset()
        rows = self.tracker.fight.view()["combatants"]
        return ([pick(row["name"]) for row in rows if row.get("player")],
                {pick(row["name"]): int(row["hp_max"]) for row in rows if "hp_max" in row},
                frozenset(str(row["id"]) for row in rows if not row.get("player")))

    def log_lines(self, role: str) -> list[str]:
        """The narration for a role: the GM's with every die shown, as the terminal tells it; the players' without
        what only the GM may know (marks, notes, timers, edits, and unless revealed the adversaries' hit points)."""
        veiling = self._veiling(role)
        return [line for record in self.tracker.records for line in self._told(record, role, veiling)[0]]

    def log_html(self, role: str, start: int = 0) -> str:
        """:meth:`log_lines` as HTML paragraphs, escaped (from record ``start`` on)."""
        veiling = self._veiling(role)
        return "".join(self._told(record, role, veiling)[1] for record in self.tracker.records[start:])

    def markdown(self) -> str:
        return markdown(self.tracker)


def line_class(line: str) -> str:
    """A narration line's class on the page: a heading, or its depth of indentation."""
    if line.startswith("— "):
        return "head"
    return f"i{(len(line) - len(line.lstrip(' '))) // 2}"


@functools.lru_cache(maxsize=256)
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression for a narration phrase: a combatant's field of the translated template (``{who}``,
    ``{defender}``) becomes a group of text, every other field a group of digits."""
    parts = re.split(r"(\{\w+\})", template)
    return re.compile("".join(
        (rf"(?P<{p[1:-1]}>.+?)" if p in NAMED else rf"(?P<{p[1:-1]}>-?\d+)") if p.startswith("{") else re.escape(p)
        for p in parts))


def _both(singular: str, plural: str) -> list[str]:
    return [ngettext(singular, plural, 1), ngettext(singular, plural, 2)]


def _numbers_veiled() -> list[tuple[list[str], str, Callable[[dict[str, str]], str]]]:
    """The phrases of every system's narration that tell an adversary's hit points or endurance (lost, left), in the
    language in use: (their templates, the field naming the combatant, what the players read instead)."""
    return [
        # HARP: a blow's total and the hit points left; bleeding and regeneration.
        (_both("Total: {n} hit; {target} at {hp} of {max} HP.", "Total: {n} hits; {target} at {hp} of {max} HP."),
         "target", lambda g: _("{target} is hit ({state}).").format(
             target=g["target"], state=health_words(int(g["hp"]), int(g["max"]), False))),
        ([_("{who} bleeds {n} HP: {state}.")], "who",
         lambda g: _("{who} bleeds: {state}.").format(who=g["who"], state=g["state"])),
        ([_("{who} bleeds {n} HP and loses consciousness: {state}.")], "who",
         lambda g: _("{who} bleeds and loses consciousness: {state}.").format(who=g["who"], state=g["state"])),
        ([_("{who}, out of the fight, bleeds {n} HP: {state}.")], "who",
         lambda g: _("{who}, out of the fight, bleeds: {state}.").format(who=g["who"], state=g["state"])),
        ([_("{who} bleeds: {n} HP lost.")], "who", lambda g: _("{who} bleeds.").format(who=g["who"])),
        ([_("{who} regenerates {n} HP."), _("{who} regenerates: {n} HP back.")], "who",
         lambda g: _("{who} regenerates.").format(who=g["who"])),
        # d100: the hit points lost and left.
        (_both("{defender} loses {n} hit point.", "{defender} loses {n} hit points."), "defender",
         lambda g: _("{defender} is hurt.").format(defender=g["defender"])),
        (_both("{target} is at {hp} hit point: dead at the end of the round unless first aid brings them back to 1.",
               "{target} is at {hp} hit points: dead at the end of the round unless first aid brings them back to 1."),
         "target", lambda g: _("{target} is dying: dead at the end of the round unless first aid brings them back "
                               "to 1.").format(target=g["target"])),
        # The One Ring: endurance lost.
        ([_("{d} loses {n} endurance.")], "d", lambda g: _("{d} loses endurance.").format(d=g["d"])),
        ([_("Counter-attack: {d} loses {n} endurance.")], "d",
         lambda g: _("Counter-attack: {d} loses endurance.").format(d=g["d"])),
    ]


def veil(line: str, heroes: list[str], maxima: dict[str, int] | None = None, foe_struck: bool = False) -> str:
    """``line`` with an adversary's hit points or endurance (lost or left) said in words or left out: HARP's « Orc 1
    at 52 of 85 HP » and a blow's total, d100's « … loses 6 hit points, down to 5. », the One Ring's « … loses 4
    endurance. », bleeding (``maxima``: each combatant's full hit points, by name, in the language in use). A hero's
    standing is left as it is. ``foe_struck``: the line tells a blow on an adversary (d100's « Of the 8: … »,
    what got through its armour, is then left out: an empty line)."""
    if not any(c.isdigit() for c in line):
        return line

    def hero(who: str) -> bool:
        return any(who.endswith(name) for name in heroes)

    hero_told = any(line.strip().startswith(name) for name in heroes)
    if foe_struck and _pattern(_("Of the {total}: {stops}; {through}.")).search(line):
        return ""
    for templates, field_name, instead in _numbers_veiled():
        for template in templates:

            def replaced(match: re.Match[str], field_name: str = field_name,
                         instead: Callable[[dict[str, str]], str] = instead) -> str:
                groups = match.groupdict()
                return match.group(0) if hero(groups[field_name]) else instead(groups)

            line = _pattern(template).sub(replaced, line)
    for template in (_("{who} at {hp} of {max} HP"), _("{who} at {hp} HP")):

        def words(match: re.Match[str]) -> str:
            groups = match.groupdict()
            if hero(groups["who"]) or (groups["who"].endswith(_("now")) and hero_told):  # « Brundar bleeds…: now at »
                return match.group(0)
            hp = int(groups["hp"])
            top = int(groups.get("max") or hp + 1)
            return f"{groups['who']} ({health_words(hp, top, False)})"

        line = _pattern(template).sub(words, line)
    for n in (1, 2):
        template = ngettext("{defender} loses {n} hit point, down to {hp}.",
                            "{defender} loses {n} hit points, down to {hp}.", n)

        def lost(match: re.Match[str]) -> str:
            who, hp = match.group("defender"), int(match.group("hp"))
            if hero(who):
                return match.group(0)
            top = next((value for name, value in (maxima or {}).items() if who.endswith(name)), hp + 1)
            return _("{defender} is hurt ({state}).").format(defender=who, state=health_words(hp, top, False))

        line = _pattern(template).sub(lost, line)
    return line


def open_session(ctx: Any, db: Path, fight_id: str) -> FightSession:
    """A session over a stored fight, its tracker made with the command line's content folders."""
    return FightSession(db, fight_id, lambda store, fid: resume_tracker(ctx, store, fid))
