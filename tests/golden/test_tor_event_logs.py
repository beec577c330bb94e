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
from estoc.dice import ScriptedDice
from estoc.engine.protocol import Fight, FightSystem, events_dice
from estoc.errors import EstocError
from estoc.play.systems import fight_system
from estoc.play.tracker import replay

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

NEW_FIELDS = frozenset({"hope", "hope_max", "hope_spent", "fatal", "severity"})
"""Fields of views, summaries and records that the old code did not have (issue 14: Hope shown, fatal wounds)."""

LOGS = Path(__file__).with_name("tor_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))

Json = dict[str, Any]


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("tor", content)


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def patch(before: Json, delta: Json) -> Json:
    """``before`` with the recorder's changes applied (see ``tools/record_harp_events.py``)."""
    out = dict(before)
    for key, value in delta.items():
        old = before.get(key)
        if isinstance(old, list) and isinstance(value, dict):
            rows = list(old)
            for index, row in sorted(value.items(), key=lambda item: int(item[0])):
                i = int(index)
                if i == len(rows):
                    rows.append(row)
                else:
                    rows[i] = {**rows[i], **row}
            out[key] = rows
        else:
            out[key] = value
    return out


def difference(recorded: Any, replayed: Any, where: str) -> str | None:
    """The first place where two JSON values differ; ``None`` when equal (a key in :data:`NEW_FIELDS` that was not
    recorded is not compared)."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            if key not in recorded and key in NEW_FIELDS:
                continue
            if key not in replayed:
                return f"{where}.{key}: recorded {recorded[key]!r}, missing when replayed"
            if key not in recorded:
                return f"{where}.{key}: not recorded, replayed {replayed[key]!r}"
            found = difference(recorded[key], replayed[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
            found = difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(recorded) != len(replayed):
            return f"{where}: {len(recorded)} items recorded, {len(replayed)} replayed"
        return None
    if recorded != replayed or type(recorded) is not type(replayed):
        return f"{where}: recorded {recorded!r}, replayed {replayed!r}"
    return None


def step(system: FightSystem, setup: Json, fight: Fight, history: list[Json]) -> tuple[Fight, list[Json]]:
    event = history[-1]
    if event.get("type") in ("undo", "redo"):
        fight, _records = replay(system, setup, history)
        return fight, []
    dice = ScriptedDice(events_dice(event))
    records = fight.apply(event, dice)
    left = dice.unused()
    if left:
        raise AssertionError(f"faces left over: {left}")
    return fight, records


@pytest.mark.parametrize("name", NAMES)
def test_event_log_replays_the_same(system: FightSystem, name: str) -> None:
    log = json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))
    setup = log["setup"]
    fight = system.new_fight(setup)
    found = difference(log["initial"], plain({"view": fight.view(), "summary": fight.summary()}), "initial")
    assert found is None, f"{name}.json, before the first event: {found}"
    expected = dict(log["initial"])
    history: list[Json] = []
    for index, entry in enumerate(log["events"]):
        event = entry["event"]
        history.append(event)
        expected = {"view": patch(expected["view"], entry["view"]),
                    "summary": patch(expected["summary"], entry["summary"])}
        where = f"{name}.json, event {index} (seq {event.get('seq')}, {event.get('type')}"
        where += f": {entry['note']})" if entry.get("note") else ")"
        known = KNOWN_DIFFERENCES.get((name, index))
        try:
            fight, records = step(system, setup, fight, history)
        except (EstocError, AssertionError) as exc:
            if known is not None:
                return
            raise AssertionError(f"{where}: does not replay: {exc}") from exc
        found = difference({"records": entry["records"], **expected},
                           plain({"records": records, "view": fight.view(), "summary": fight.summary()}), "")
        if known is not None:
            assert found is not None, f"{where} is listed in KNOWN_DIFFERENCES ({known}) but replays the same"
            return
        assert found is None, f"{where}: {found.lstrip('.')}"


def test_known_differences_name_events_of_the_logs() -> None:
    for (name, index), why in KNOWN_DIFFERENCES.items():
        assert name in NAMES, f"KNOWN_DIFFERENCES names no log {name!r}"
        count = len(json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"])
        assert 0 <= index < count, f"{name}.json has events 0 to {count - 1}, not {index}"
        assert why.strip()


TASKS = {"intimider", "defier", "deux-armes", "rallier", "encourager", "attaque-surprise", "proteger",
         "tenir-position", "contre-attaque", "mettre-en-joue", "harceler", "escarmouche", "annuler-complication",
         "prendre-avantage", "reduire-charge"}
EVENTS = {"begin", "shoot", "close", "stance", "engage", "assign", "rear", "fight", "attack", "task", "yield",
          "regain", "pass", "pickup", "complication", "undo", "redo"}


def test_the_logs_cover_every_stance_task_and_command() -> None:
    events = [entry for name in NAMES
              for entry in json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"]]
    assert {e["event"]["type"] for e in events} >= EVENTS, EVENTS - {e["event"]["type"] for e in events}
    worked = {r["task"] for e in events for r in e["records"] if r.get("kind") == "task" and r.get("success")}
    assert worked >= TASKS, TASKS - worked
    specials = {r.get("special") for e in events for r in e["records"] if r.get("kind") == "attack"}
    assert specials >= {"none", "heavy", "fend", "pierce", "shield"}, specials
