"""A fight as its faces tell it: the board, each record's lines, the whole log, the Markdown export.

Shared by the terminal (``cli/fight.py``) and the GM's screen (``web/session.py``): both faces tell a fight the same
way, and neither imports the other.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_datetime

from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.i18n import _, elide, language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker, shown_name
from estoc.render.board import board_lines
from estoc.render.sheet import Section, sheet_lines, sheet_sections, sheet_title
from estoc.render.tracker import tracker_lines
from estoc.systems.base import SYSTEMS


def when(stamp: str) -> str:
    """A stored ISO timestamp (UTC) as the GM reads it: date and minute in local time, written the way of the
    user's language (``04/12/2026 14:05`` in French)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return format_datetime(moment.astimezone(), "short", tzinfo=moment.astimezone().tzinfo, locale=language())


def resume(store: EventStore, fight_id: str, content: Content) -> Tracker:
    """The stored fight ``fight_id`` again, replayed on ``content``.

    Raises:
        InputError: the fight is of a system that does not play here.
    """
    info = store.fight(fight_id)
    if info.system not in {system.id for system in SYSTEMS if system.play}:
        raise InputError(_("fight {id} is a {system} fight").format(id=fight_id, system=info.system))
    return Tracker(store, fight_id, fight_system(info.system, content))


def board(tracker: Tracker) -> list[str]:
    """The fight's board with the GM's marks (the system's own status lines for a system without a board here)."""
    view_round = int(tracker.fight.view().get("round") or 0)
    lines = board_lines(tracker.system.id, tracker.fight, tracker.marks.board(view_round))
    return [elide(line) for line in (lines if lines is not None else tracker.system.status_lines(tracker.fight))]


def sheet(tracker: Tracker, args: list[str]) -> list[str]:
    """``fiche ID``: the combatant's sheet as the rules use it now, as lines."""
    return sheet_lines(tracker.sheet(args))


def sheet_parts(tracker: Tracker, who: str) -> tuple[str, list[Section]]:
    """The combatant's sheet for a screen: its head line and its sections."""
    found = tracker.sheet([who])
    return sheet_title(found), sheet_sections(found)


def record_lines(tracker: Tracker, record: dict[str, Any], veiled: frozenset[str] = frozenset()) -> list[str]:
    """One record's lines; ``veiled``: the ids of the combatants whose hit points or endurance are told in words, as
    the players see them (:mod:`estoc.render.veil`; none by default, as the GM and the terminal read them)."""
    if record.get("kind") == "tracker":
        return [elide(line) for line in tracker_lines(record)]
    return [elide(line) for line in tracker.system.narrate(record, tracker.fight, veiled=veiled)]


def log_lines(tracker: Tracker) -> list[str]:
    lines: list[str] = []
    for record in tracker.records:
        lines.extend(record_lines(tracker, record))
    return lines


_MARKDOWN_SIGNS = str.maketrans({sign: "\\" + sign for sign in "\\`*_[]|"})


def md_text(text: str) -> str:
    """Text as Markdown shows it and nothing more: HTML escaped (a viewer shows ``<script>`` as text, never runs it)
    and the signs that would make links, emphasis, code or tables out of a name or a note taken literally."""
    return html.escape(text, quote=False).translate(_MARKDOWN_SIGNS)


def markdown(tracker: Tracker) -> str:
    """A fight's log and summary as Markdown; every text in it (names, notes, the GM's lines) escaped by
    :func:`md_text`, the same for the command line's export and the browser's."""
    info = tracker.store.fight(tracker.fight_id)
    parts = [f"# {md_text(shown_name(info.name))}", "",
             md_text(_("Fight {id}, {created}.").format(id=info.id, created=when(info.created))), ""]
    rules = tracker.rules_check.message()
    if rules:
        parts += [f"> {md_text(rules)}", ""]
    for line in log_lines(tracker):
        if line.startswith("— "):
            parts += ["", f"## {md_text(line.strip('— '))}", ""]
        elif line:
            indent = len(line) - len(line.lstrip(" "))
            parts.append(("  " * (indent // 2)) + "- " + md_text(line.strip()))
    parts += ["", "## " + md_text(_("Summary")), ""]
    parts += ["- " + md_text(line.strip()) for line in tracker.system.summary_lines(tracker.fight)[1:]]
    return "\n".join(parts) + "\n"
