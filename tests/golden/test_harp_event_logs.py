"""HARP golden event logs: fights recorded with the rules as they were, replayed event by event.

Each file of ``harp_events/`` (written by ``tools/record_harp_events.py``, see its README) holds a fight's setup and
its stored events, each with the faces it used by purpose. Every event is applied to a fresh fight with exactly
those faces (undo and redo as :func:`estoc.play.tracker.replay` folds them); after each one, the narration records
it produced, the fight's view and its summary must equal the recorded ones, and no stored face may be left over.
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

KNOWN_DIFFERENCES: dict[tuple[str, int], str] = {
}
"""Deliberate rule changes, by (log name, event index in the log's ``events``, from 0) → the rule fix that explains
the difference (the text's section, the commit).

This is where a port or a fix names each change it makes on purpose. A log is compared up to its first listed
event and no further: that event and every later one are not compared (the state has parted from the recorded one
there). A listed event must really differ when replayed (or be refused by the rules): an entry that replays the
same is stale and fails. Once the differences are named, the logs may be regenerated
(``python tools/record_harp_events.py``) and their entries removed here, the commit saying each change."""

NEW_FIELDS = frozenset({"passing", "to_roll", "out_of_fight", "hp_after", "rolled", "stun_until", "must_parry_until",
                        "no_parry_until", "lost_until", "full_sun", "surprised", "situational", "ob_parts",
                        "table_severity", "area", "devastating", "natural", "creature_text"})
"""Fields the views and records tell that the recorded ones did not (compared only where recorded): ``passing``, a
combatant whose « Mort » of N rounds has run out, now « En train de Trépasser » rather than dead outright; in the
narration records (issue 16), a round's ``to_roll`` (the players whose initiative totals the GM may type, with their
bonus) and ``out_of_fight`` (who is down when it begins), a turn's ``hp_after`` (hit points after bleeding or
regenerating), and ``rolled`` (the faces estoc rolled in an event where the GM typed some); in the view, each
combatant's pinned rounds (``stun_until``…), which tell a condition that ends when its turn begins from none."""

LOGS = Path(__file__).with_name("harp_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))

Json = dict[str, Any]


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("harp", content)


@pytest.mark.parametrize("name", NAMES)
def test_event_log_replays_the_same(system: FightSystem, name: str) -> None:
    replay_log(system, LOGS, name, KNOWN_DIFFERENCES, NEW_FIELDS)


def test_known_differences_name_events_of_the_logs() -> None:
    check_known(LOGS, KNOWN_DIFFERENCES)


ACTIONS = {"begin", "attack", "move-attack", "total-parry", "dodge", "instinctive-dodge", "charge", "move",
           "disengage", "breathe", "stand", "take-weapon", "pass", "flee", "wait", "intercept", "gm", "undo", "redo"}
GM_OPS = {"hp", "damage", "heal", "condition", "relieve", "mod", "out", "back", "init", "order", "add", "fight-mod"}
CONDITIONS = {"stun", "bleed", "penalty", "must-parry", "no-parry", "shaken", "prone", "disarmed", "down", "dead"}


def test_the_logs_cover_every_action_gm_op_and_condition() -> None:
    """Together the logs use every event type, GM override and condition name (see the README for what each log
    covers within them)."""
    events = [entry["event"] for name in NAMES
              for entry in json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"]]
    assert {e["type"] for e in events} >= ACTIONS, ACTIONS - {e["type"] for e in events}
    gm = [e for e in events if e["type"] == "gm"]
    assert {e["op"] for e in gm} >= GM_OPS, GM_OPS - {e["op"] for e in gm}
    named = {e["name"] for e in gm if e["op"] == "condition"}
    assert named >= CONDITIONS, CONDITIONS - named
    waits = {(e["mode"], bool(e.get("conflict"))) for e in events if e["type"] == "wait"}
    assert waits >= {("after", False), ("with", False), ("after", True)}, waits
