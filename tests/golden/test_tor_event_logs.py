"""The One Ring golden event logs: fights recorded with the rules as they were before the kernel, replayed event by
event (see ``tools/record_tor_events.py``; the format is the HARP logs', ``harp_events/README.md``).

Every event is applied to a fresh fight with exactly its stored faces; after each one the narration records, the
view and the summary must equal the recorded ones, and no stored face may be left over. A deliberate rule change is
named in :data:`KNOWN_DIFFERENCES`: the log is compared up to that event and no further, and the entry must really
differ (a stale one fails). :data:`NEW_FIELDS` lists what the kernel tells that the old code did not (compared
only where recorded).
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
    ("defensive-rear", 11): "yield ground: the endurance given back is no longer counted as taken in the tally",
    ("duel-auto", 12): "« Coup perforant »: a hero's first wound rolls the feat die for its severity (the Eye: "
                       "dying), one die more (2nd edition reading, setting fatal_wounds)",
    ("gue-auto", 3): "« Coup perforant »: a hero's first wound rolls the feat die for its severity",
    ("song-and-load", 4): "« Coup perforant »: a hero's first wound rolls the feat die for its severity",
    ("forward-open", 12): "« Attaque à 2 armes »: the second blow is struck with the other hand's weapon (Eirik's "
                          "shield bash, parrying 1 less), no longer with his spear",
    ("gm-engagement", 12): "« Phase 2 »: an adversary the GM keeps at the rear stays there in the next rounds (it "
                           "used to be engaged by default the round after)",
}
"""(log, event index from 0) → the rule fix that explains the difference."""

NEW_FIELDS = frozenset({"hope", "hope_max", "hope_spent", "fatal", "severity",
                        "weapon_name", "injury", "feat_faces", "success_faces", "protection", "task_name", "tn",
                        "total", "rolled"})
"""Fields of views, summaries and records that the old code did not have (issue 14: Hope shown, fatal wounds; issue
16: every die of a roll, the protection roll, names of weapons and tasks, the faces estoc rolled)."""

LOGS = Path(__file__).with_name("tor_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))

Json = dict[str, Any]


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("tor", content)


@pytest.mark.parametrize("name", NAMES)
def test_event_log_replays_the_same(system: FightSystem, name: str) -> None:
    replay_log(system, LOGS, name, KNOWN_DIFFERENCES, NEW_FIELDS)


def test_known_differences_name_events_of_the_logs() -> None:
    check_known(LOGS, KNOWN_DIFFERENCES)


TASKS = {"intimider", "defier", "deux-armes", "rallier", "encourager", "attaque-surprise", "proteger",
         "tenir-position", "contre-attaque", "mettre-en-joue", "harceler", "escarmouche", "annuler-complication",
         "prendre-avantage", "reduire-charge"}
EVENTS = {"begin", "shoot", "close", "stance", "engage", "assign", "rear", "fight", "attack", "task", "yield",
          "regain", "pass", "pickup", "complication", "undo", "redo", "ground"}


def test_the_logs_cover_every_stance_task_and_command() -> None:
    events = [entry for name in NAMES
              for entry in json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"]]
    assert {e["event"]["type"] for e in events} >= EVENTS, EVENTS - {e["event"]["type"] for e in events}
    worked = {r["task"] for e in events for r in e["records"] if r.get("kind") == "task" and r.get("success")}
    assert worked >= TASKS, TASKS - worked
    specials = {r.get("special") for e in events for r in e["records"] if r.get("kind") == "attack"}
    assert specials >= {"none", "heavy", "fend", "pierce", "shield"}, specials
