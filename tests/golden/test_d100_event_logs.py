"""d100 golden event logs: fights recorded with the rules of issue 26 (re-recorded then: every rule fix named in
:data:`KNOWN_DIFFERENCES` before is now in the logs themselves), replayed event by event through play's interface
(``new_fight``, ``apply`` with the stored faces, ``view``, ``summary``; undo and redo as the tracker folds them).
After each event the narration records, the view and the summary must equal the recorded ones and no stored face
may be left over, except where :data:`KNOWN_DIFFERENCES` names the rule fix that parts the fight from its log (the
log is compared up to that event, which must really differ).

The logs are written by ``tools/record_d100_events.py`` (the HARP recorder's format).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.engine.protocol import FightSystem
from estoc.play.systems import fight_system
from event_logs import check_known, replay_log

KNOWN_DIFFERENCES: dict[tuple[str, int], str] = {}
"""Deliberate rule changes, by (log name, event index from 0) → the rule fix that explains the difference."""

NEW_FIELDS = frozenset({"weapon_name", "damage_max", "bonus_dice", "bonus_share", "damage_parts", "bonus_parts",
                        "heal_faces", "rolled"})
"""Fields of records that the recorded logs did not have (issue 16: the narration shows every die and names)."""

LOGS = Path(__file__).with_name("d100_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))
Json = dict[str, Any]


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("d100", content)


@pytest.mark.parametrize("name", NAMES)
def test_event_log_replays_the_same(system: FightSystem, name: str) -> None:
    replay_log(system, LOGS, name, KNOWN_DIFFERENCES, NEW_FIELDS)


def test_known_differences_name_events_of_the_logs() -> None:
    check_known(LOGS, KNOWN_DIFFERENCES)


ACTIONS = {"begin", "intent", "reach", "kneel", "move", "actions", "attack", "first-aid", "reload", "pass",
           "end-round", "gm", "undo", "redo"}
GM_OPS = {"hp", "damage", "heal", "wake", "rest", "out", "back"}


def test_the_logs_cover_every_action_and_gm_op() -> None:
    events = [entry["event"] for name in NAMES
              for entry in json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"]]
    assert {e["type"] for e in events} >= ACTIONS, ACTIONS - {e["type"] for e in events}
    assert {e["op"] for e in events if e["type"] == "gm"} >= GM_OPS
    attacks = [e for e in events if e["type"] == "attack"]
    assert {e.get("defence") for e in attacks} >= {None, "none", "dodge"}
    assert any(e.get("unseen") for e in attacks) and any(e.get("difficult") for e in attacks)
