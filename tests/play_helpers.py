"""A fight played at the table inside a test: lines typed as the GM would, and what the narration tells."""

from __future__ import annotations

import io
from typing import Any

from estoc.cli.fight import handle
from estoc.engine.protocol import FightSystem
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker


def played(store: EventStore, system: FightSystem, data: dict[str, Any], *lines: str) -> tuple[Tracker, str]:
    """A new fight of ``data`` stored in ``store``, the ``lines`` typed in turn: the tracker and what was printed."""
    tracker = Tracker.create(store, system, "essai", data)
    out = io.StringIO()
    for line in lines:
        handle(tracker, line, out)
    return tracker, out.getvalue()


def told(tracker: Tracker) -> list[str]:
    """Every line of the fight's narration, as the system tells its records."""
    return [line for record in tracker.records for line in tracker.system.narrate(record, tracker.fight)]


def typed(store: EventStore, system: FightSystem, data: dict[str, Any], *lines: str) -> Tracker:
    """A new fight of ``data``, the ``lines`` typed in turn straight to the tracker (a refused line raises)."""
    tracker = Tracker.create(store, system, "essai", data)
    for line in lines:
        tracker.command(line)
    return tracker


def d100_encounter(*sides: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A d100 encounter of these sides' members (``camp-0``, ``camp-1``…)."""
    return {"schema_version": 1, "system": "d100", "kind": "encounter", "name": {"fr": "Essai", "en": "Trial"},
            "sides": [{"id": f"camp-{i}", "members": members} for i, members in enumerate(sides)], **extra}


def tor_setup(heroes: list[dict[str, Any]], adversaries: list[dict[str, Any]], seed: int, **extra: Any
              ) -> dict[str, Any]:
    """A One Ring fight's setup (no volleys unless ``extra`` says), on ``seed``'s dice."""
    return {"encounter": {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "E", "en": "T"},
                          "heroes": heroes, "adversaries": adversaries, "volleys": False, **extra}, "seed": seed}
