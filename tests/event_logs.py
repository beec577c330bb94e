"""Golden event logs, shared by the three systems' tests (``tests/golden/test_*_event_logs.py``).

A log (written by ``tools/record_*_events.py``) holds a fight's setup, its first view and summary, and each stored
event with the faces it used by purpose, the narration records it produced and the changes it made to the view and
the summary. :func:`replay_log` applies each event to a fresh fight with exactly those faces (undo and redo as the
tracker folds them) and compares, after each one, the records, the view and the summary with the recorded ones; no
stored face may be left over.

A port or a rule fix names each event where the fight parts from its log on purpose (``known``: (log, event index)
→ the fix); the log is compared up to that event, which must really differ. Fields a system tells that the recorded
logs did not (``new_fields``) are compared only where they were recorded.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from estoc.dice import ScriptedDice
from estoc.engine.protocol import Fight, FightSystem, events_dice
from estoc.errors import EstocError
from estoc.play.tracker import replay

Json = dict[str, Any]


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists, keys as strings), as the logs hold it."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _recorder() -> Any:
    """The HARP recorder (``tools/record_harp_events.py``, whose format every system's recorder writes): its
    ``patch`` rebuilds a view from the changes it wrote, in one place."""
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("record_harp_events", root / "tools" / "record_harp_events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("record_harp_events", module)
    spec.loader.exec_module(module)
    return module


patch = _recorder().patch


def difference(recorded: Any, replayed: Any, where: str, new_fields: Collection[str] = ()) -> str | None:
    """The first place where two JSON values differ, said in words; ``None`` when they are equal (a key of
    ``new_fields`` that was not recorded is not compared)."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(set(recorded) | set(replayed)):
            if key not in recorded and key in new_fields:
                continue
            if key not in replayed:
                return f"{where}.{key}: recorded {recorded[key]!r}, missing when replayed"
            if key not in recorded:
                return f"{where}.{key}: not recorded, replayed {replayed[key]!r}"
            found = difference(recorded[key], replayed[key], f"{where}.{key}", new_fields)
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
            found = difference(a, b, f"{where}[{i}]", new_fields)
            if found:
                return found
        if len(recorded) != len(replayed):
            return f"{where}: {len(recorded)} items recorded, {len(replayed)} replayed"
        return None
    if recorded != replayed or type(recorded) is not type(replayed):
        return f"{where}: recorded {recorded!r}, replayed {replayed!r}"
    return None


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


def load(folder: Path, name: str) -> Json:
    log: Json = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return log


def names(folder: Path) -> list[str]:
    return sorted(path.stem for path in folder.glob("*.json"))


def replay_log(system: FightSystem, folder: Path, name: str, known: Mapping[tuple[str, int], str],
               new_fields: Collection[str] = ()) -> None:
    """Replay log ``name`` of ``folder`` event by event; fails at the first unexplained difference."""
    log = load(folder, name)
    setup = log["setup"]
    fight = system.new_fight(setup)
    found = difference(log["initial"], plain({"view": fight.view(), "summary": fight.summary()}), "initial",
                       new_fields)
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
        why = known.get((name, index))
        try:
            fight, records = step(system, setup, fight, history)
        except (EstocError, AssertionError) as exc:
            if why is not None:
                return
            raise AssertionError(f"{where}: does not replay: {exc}") from exc
        found = difference({"records": entry["records"], **expected},
                           plain({"records": records, "view": fight.view(), "summary": fight.summary()}), "",
                           new_fields)
        if why is not None:
            assert found is not None, f"{where} is listed in KNOWN_DIFFERENCES ({why}) but replays the same"
            return
        assert found is None, f"{where}: {found.lstrip('.')}"


def check_known(folder: Path, known: Mapping[tuple[str, int], str]) -> None:
    """Every named difference is an event of an existing log, with its reason."""
    logs = names(folder)
    for (name, index), why in known.items():
        assert name in logs, f"KNOWN_DIFFERENCES names no log {name!r}"
        count = len(load(folder, name)["events"])
        assert 0 <= index < count, f"{name}.json has events 0 to {count - 1}, not {index}"
        assert why.strip()
