"""What the tracker (and the command line) needs of a rule system's fight, whatever the system.

A fight is a state that events change. An event is plain data: a GM command (``{"type": "attack", "target": …}``)
with the dice faces it used, by purpose. Applying an event to a fight is deterministic given those faces, so that
the state of a fight is the fold of its events (replayed from the store after a crash, or after an undo).

A system provides a :class:`FightSystem`: it builds a fight from an encounter's setup, parses its command words
(French and English) into events, and its fights apply events, tell what happened, show their state and sum up.
HARP is the first system; the d100 and One Ring systems implement the same protocol, so the tracker and the command
line have no special case for any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from estoc.dice import DiceSource

if TYPE_CHECKING:  # content imports engine/numbers.py (a door that runs back, being moved down): no cycle at run time
    from estoc.content.registry import Content
    from estoc.engine.stops import Stop


class Fight(Protocol):
    """One fight's state, changed only by :meth:`apply`."""

    def copy(self) -> Fight:
        """An independent copy (a command is tried on a copy, then kept or dropped)."""
        ...

    def apply(self, event: Mapping[str, Any], dice: DiceSource) -> list[dict[str, Any]]:
        """Apply one event, drawing dice from ``dice``; returns what happened, as narration records.

        Raises an :class:`estoc.errors.EstocError` when the rules forbid it; the fight is then unusable (callers
        apply to a copy).
        """
        ...

    def is_over(self) -> bool: ...

    def view(self) -> dict[str, Any]:
        """The state at a glance: round, order, current combatant, each combatant's condition."""
        ...

    def summary(self) -> dict[str, Any]:
        """Per combatant: hits dealt and taken, criticals by severity, foes downed, rounds."""
        ...

    def auto_event(self) -> dict[str, Any]:
        """The event the default policy chooses for the combatant whose turn it is."""
        ...

    def stop_reason(self) -> Stop | None:
        """Why estoc's own play must stop here, before the next decision (a player's, or a phase's the GM
        declares: :mod:`estoc.engine.stops`), or ``None`` where the policy may decide."""
        ...


class FightSystem(Protocol):
    """A rule system as the tracker sees it."""

    id: str
    content: Content
    """The content the system's fights read (its records are part of the rules a fight is stored under)."""

    def new_fight(self, setup: Mapping[str, Any]) -> Fight:
        """A fight at its start, from an encounter's setup (a JSON-able dict kept in the store)."""
        ...

    def parse(self, line: str, fight: Fight) -> dict[str, Any]:
        """A command line (French or English words) as an event without dice; typed faces go under ``typed``."""
        ...

    def commands(self) -> list[tuple[str, str, str]]:
        """Every command: ``(english word, french word, help text)`` for help and completion."""
        ...

    def narrate(self, record: Mapping[str, Any], fight: Fight, veiled: frozenset[str] = ...) -> list[str]:
        """One narration record as lines in the user's language; the hit points or endurance of the combatants
        ``veiled`` (ids) told in words, as the players see them (:mod:`estoc.render.veil`; none by default)."""
        ...

    def status_lines(self, fight: Fight) -> list[str]:
        """The state at a glance, as lines in the user's language."""
        ...

    def summary_lines(self, fight: Fight) -> list[str]:
        """The summary, as lines in the user's language (the first one a heading)."""
        ...

    def dice_help(self) -> str:
        """How the GM types physical dice in this system's commands."""
        ...


def recorded_dice(dice: DiceSource) -> dict[str, list[int]]:
    """The faces a recording dice source handed out, by purpose, in order: what an event stores."""
    out: dict[str, list[int]] = {}
    for record in dice.records or []:
        out.setdefault(record.purpose, []).extend(record.faces)
    return out


def events_dice(event: Mapping[str, Any]) -> dict[str, list[int]]:
    """The faces stored with an event."""
    faces = event.get("dice") or {}
    return {str(k): [int(f) for f in v] for k, v in faces.items()}
