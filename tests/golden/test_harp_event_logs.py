"""HARP golden event logs: fights recorded with the rules as they were, replayed event by event.

Each file of ``harp_events/`` (written by ``tools/record_harp_events.py``, see its README) holds a fight's setup and
its stored events, each with the faces it used by purpose. Every event is applied to a fresh fight with exactly
those faces (undo and redo as :func:`estoc.play.tracker.replay` folds them); after each one, the narration records
it produced, the fight's view and its summary must equal the recorded ones, and no stored face may be left over.
"""

from __future__ import annotations

import importlib.util
import json
import sys
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
    ("breath", 6): "a fumbled breath reaches no one: the kernel tells no exchange for the creatures it never reached "
                   "(the old batch told one each, with the first combatant's DB); the drake's natural fumble makes it "
                   "stumble (shaken) instead of dropping a weapon (bestiary, « Maladresses » of natural attacks)",
    ("charge-disengage", 4): "« Désengagement »: unharmed by its opponent during the round it broke off, the "
                             "combatant has the initiative in the very next round (it came a round late)",
    ("drake-auto", 4): "« Les boucliers »: a shield covers only its number of attacks a round (a breath on three "
                       "creatures is three attacks)",
    ("embuscade-auto", 3): "« Les boucliers »: a shield covers only its number of attacks a round",
    ("giants", 2): "the worn armour's manoeuvre penalty applies to dodges (« Les armures »)",
    ("gm-ops", 21): "« Parade Obligatoire »: made to parry, a combatant can do nothing else, no dodge",
    ("melee-actions", 8): "the worn armour's manoeuvre penalty applies to dodges (« Les armures »)",
    ("sun-and-fumbles", 11): "a creature fumbling with its natural weapons stumbles: the record no longer lists a "
                             "dropped weapon it never had",
    ("wounds", 4): "« Parade Obligatoire »: made to parry, a combatant can do nothing else, no dodge",
}
"""Deliberate rule changes, by (log name, event index in the log's ``events``, from 0) → the rule fix that explains
the difference (the text's section, the commit).

This is where a port or a fix names each change it makes on purpose. A log is compared up to its first listed
event and no further: that event and every later one are not compared (the state has parted from the recorded one
there). A listed event must really differ when replayed (or be refused by the rules): an entry that replays the
same is stale and fails. Once the differences are named, the logs may be regenerated
(``python tools/record_harp_events.py``) and their entries removed here, the commit saying each change."""

NEW_FIELDS = frozenset({"passing"})
"""Fields the views tell that the recorded ones did not (compared only where recorded): ``passing``, a combatant
whose « Mort » of N rounds has run out, now « En train de Trépasser » rather than dead outright."""

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).with_name("harp_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))

Json = dict[str, Any]


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("harp", content)


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, keys as strings), as the logs hold it."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _recorder() -> Any:
    """The recorder (tools/record_harp_events.py), whose ``patch`` rebuilds a view from the changes it wrote."""
    spec = importlib.util.spec_from_file_location("record_harp_events", ROOT / "tools" / "record_harp_events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_harp_events"] = module
    spec.loader.exec_module(module)
    return module


patch = _recorder().patch


def difference(recorded: Any, replayed: Any, where: str) -> str | None:
    """The first place where two JSON values differ, said in words; ``None`` when they are equal (a key of
    :data:`NEW_FIELDS` that was not recorded is not compared)."""
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


def outcome(fight: Fight, records: list[Json]) -> Json:
    result: Json = plain({"records": records, "view": fight.view(), "summary": fight.summary()})
    return result


def step(system: FightSystem, setup: Json, fight: Fight, history: list[Json]) -> tuple[Fight, list[Json]]:
    """Apply the last event of ``history`` to ``fight``: undo and redo fold the whole history again, as the tracker
    does; any other event is applied with its stored faces, every one of which must be used."""
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
                return  # refused now, as the named rule change says: the log is compared no further
            raise AssertionError(f"{where}: does not replay: {exc}") from exc
        found = difference({"records": entry["records"], **expected}, outcome(fight, records), "")
        if known is not None:
            assert found is not None, (f"{where} is listed in KNOWN_DIFFERENCES ({known}) but replays the same: "
                                       "remove the stale entry")
            return  # the state parts from the recorded one here: the log is compared no further
        assert found is None, f"{where}: {found.lstrip('.')}"


def test_known_differences_name_events_of_the_logs() -> None:
    for (name, index), why in KNOWN_DIFFERENCES.items():
        assert name in NAMES, f"KNOWN_DIFFERENCES names no log {name!r}"
        count = len(json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["events"])
        assert 0 <= index < count, f"{name}.json has events 0 to {count - 1}, not {index}"
        assert why.strip(), f"({name!r}, {index}): say which rule fix explains the difference"


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
