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
