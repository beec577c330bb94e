"""d100 golden event logs: fights recorded with the rules as they were before the kernel port, replayed event by
event through play's interface (``new_fight``, ``apply`` with the stored faces, ``view``, ``summary``; undo and redo
as the tracker folds them). After each event the narration records, the view and the summary must equal the
recorded ones and no stored face may be left over, except where :data:`KNOWN_DIFFERENCES` names the rule fix that
parts the fight from its log (the log is compared up to that event, which must really differ).

The logs are written by ``tools/record_d100_events.py`` (the HARP recorder's format).
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
    ("melee-actions", 28): "5.6 « peuvent même se briser si leurs points de vie sont dépassés »: a parried blow of 16 "
                           "against a round shield of 15 hit points breaks it (setting parry_wear: break; it only "
                           "lost one hit point before)",
    ("pont-auto", 2): "5.3 movement: the sides stand 20 m apart and a melee blow needs contact; the policy now "
                      "closes the distance first (the old policy struck with a dagger across 20 m)",
    ("wounds-and-gm", 20): "5.9 hands and 5.11: a crossbowman holding his two-handed crossbow has no hand for his "
                           "pavise, so the bolt meets no parry (no defence roll)",
}
"""Deliberate rule changes, by (log name, event index from 0) → the rule fix that explains the difference."""

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).with_name("d100_events")
NAMES = sorted(path.stem for path in LOGS.glob("*.json"))
Json = dict[str, Any]


def _patch() -> Any:
    spec = importlib.util.spec_from_file_location("record_harp_events", ROOT / "tools" / "record_harp_events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("record_harp_events", module)
    spec.loader.exec_module(module)
    return module.patch


patch = _patch()


@pytest.fixture(scope="module")
def system(content: Content) -> FightSystem:
    return fight_system("d100", content)


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def difference(recorded: Any, replayed: Any, where: str) -> str | None:
    """The first place where two JSON values differ, in words; ``None`` when equal."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            if key not in replayed or key not in recorded:
                return f"{where}.{key}: recorded {recorded.get(key)!r}, replayed {replayed.get(key)!r}"
            found = difference(recorded[key], replayed[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
            found = difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None if len(recorded) == len(replayed) else f"{where}: {len(recorded)} items, {len(replayed)} replayed"
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
        where = f"{name}.json, event {index} ({event.get('type')}{': ' + entry['note'] if entry.get('note') else ''})"
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
        assert 0 <= index < count and why.strip()


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
