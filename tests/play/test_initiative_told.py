"""An automatic initiative (a vain wait) is told as its roll and the word « automatique », never as the kernel's
total past AUTOMATIC (« 10022 »), in the round's line and on the board."""

from __future__ import annotations

import re
from typing import Any

from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.render.board import board_lines
from estoc.systems.harp.codes import rule
from estoc.systems.harp.fight import HarpFight


def test_an_automatic_initiative_is_told_as_such(store: EventStore, system: HarpPlay,
                                                  sample_setup: dict[str, Any]) -> None:
    tracker = Tracker.create(store, system, "test", sample_setup)
    f = tracker.fight
    assert isinstance(f, HarpFight)
    first = f.current()
    assert first is not None
    tracker.command(f"intercept {f.combatants[f.order[2]].id}")
    while tracker.fight.current() != first:
        tracker.auto()
    told_before = len(tracker.records)
    tracker.command("pass")  # it waited in vain: automatic initiative next round
    while not any(r.get("kind") == "round" and r.get("round") == 2 for r in tracker.records[told_before:]):
        tracker.auto()
    record = next(r for r in tracker.records[told_before:] if r.get("kind") == "round" and r.get("round") == 2)
    me = f.combatants[first].id
    total = next(t for i, t, _auto in record["order"] if i == me)
    assert total >= rule("AUTOMATIC")  # the kernel's own total: past every rolled one
    set_language("fr")
    lines = tracker.system.narrate(record, tracker.fight)
    line = next(line for line in lines if "initiative" in line)
    name = next(row["name"] for row in tracker.fight.view()["combatants"] if row["id"] == me)
    assert f"{name.get('fr') if isinstance(name, dict) else name} {total - rule('AUTOMATIC')} (automatique)" in line
    assert not re.search(r"\b1\d{4}\b", line)
    set_language("en")
    assert "(automatic)" in " ".join(tracker.system.narrate(record, tracker.fight))
    board = board_lines("harp", tracker.fight)
    assert board is not None
    row = next(line for line in board if f" {me} " in line)
    assert f"{total - rule('AUTOMATIC')} auto" in row and not re.search(r"\b1\d{4}\b", "\n".join(board))
