"""Record the d100 golden event logs: scripted fights played through the tracker, one JSON file per fight.

The same format and machinery as the HARP logs (``tools/record_harp_events.py``: its :class:`Recording`, its change
format, its writer); only the fights differ. ``tests/golden/test_d100_event_logs.py`` replays them.

Usage: ``python tools/record_d100_events.py [NAME…]`` (all fights by default).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker
from estoc.sim.runner import load_any_encounter

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "golden" / "d100_events"


def _harp_recorder() -> Any:
    spec = importlib.util.spec_from_file_location("record_harp_events", ROOT / "tools" / "record_harp_events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_harp_events"] = module
    spec.loader.exec_module(module)
    return module


H = _harp_recorder()
H.brief = lambda records: [str({k: v for k, v in r.items() if k not in ("kind",)}) for r in records]
Recording, kind, state, all_of, temporary_store, write = (H.Recording, H.kind, H.state, H.all_of, H.temporary_store,
                                                          H.write)
Json = dict[str, Any]

FIGHTS: dict[str, tuple[str, Callable[[Content], Json], int, Callable[[Any], None]]] = {}


def fight(name: str, description: str, setup: Callable[[Content], Json], seed: int
          ) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    def register(script: Callable[[Any], None]) -> Callable[[Any], None]:
        FIGHTS[name] = (description, setup, seed, script)
        return script
    return register


def encounter(name: str, sides: list[tuple[str, list[Json]]], **options: Any) -> Json:
    return {"schema_version": 1, "system": "d100", "kind": "encounter", "name": {"fr": name, "en": name},
            "sides": [{"id": side, "members": members} for side, members in sides], **options}


def bridge(content: Content) -> Json:
    path = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))
    setup: Json = load_any_encounter(path, content).setup
    return setup


def attack(target: str, **fields: Any) -> Json:
    typed = fields.pop("typed", None)
    return {"type": "attack", "target": target, **fields, **({"typed": typed} if typed else {})}


def gm(op: str, target: str, value: int = 0, **fields: Any) -> Json:
    return {"type": "gm", "op": op, "target": target, "value": value, **fields}


@fight("pont-auto", "The bridge sample played whole by the default policy.", bridge, seed=7)
def pont_auto(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.auto_to_end()


@fight("duel-auto", "Ysolde against Gorm, played whole by the default policy.",
       lambda content: encounter("Duel", [("a", [{"character": "ysolde"}]), ("b", [{"character": "gorm"}])]),
       seed=3)
def duel_auto(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.auto_to_end()


@fight("shots-auto", "Archers, crossbows and firearms at 30 m, played whole by the default policy.",
       lambda content: encounter("Tir", [("a", [{"character": "maelle"}, {"character": "victor"}]),
                                         ("b", [{"character": "mathis"}, {"character": "noemie"},
                                                {"character": "lisette"}])], distance=30),
       seed=11)
def shots_auto(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.auto_to_end()


@fight("melee-actions", "Every action at the table: intents, a reach, kneeling, moves, attacks with each defence, "
       "a chosen parrying weapon, unseen and difficult blows, a special success, worn items, first aid, reloading, "
       "passing, the end of a round, undo and redo.",
       lambda content: encounter("Escarmouche", [
           ("compagnie", [{"character": "ysolde"}, {"character": "odon"}, {"character": "bertrand"}]),
           ("brigands", [{"character": "jacquot"}, {"character": "victor"}, {"character": "gorm"}])]),
       seed=21)
def melee_actions(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "intent", "target": "ysolde", "text": "frapper le plus faible"}, expect=kind("intent"))
    rec.act({"type": "reach", "target": "odon", "reach": "medium"}, expect=kind("reach"))
    rec.act({"type": "kneel", "target": "bertrand"}, expect=kind("kneel", kneeling=True))
    rec.act({"type": "move", "target": "gorm", "metres": 10}, expect=kind("move", rank=5))
    rec.act({"type": "actions"}, expect=kind("order"))
    # ysolde 15, jacquot 14 (short), victor 14 (missile first), odon 11, bertrand 11, gorm 5
    rec.act(attack("gorm", typed={"attack": [3], "defence": [90], "damage": [1], "damage-bonus": [1]}),
            who="ysolde", expect=kind("attack", result="special"), why="a special success against a failed parry")
    rec.act(attack("ysolde", weapon=1, typed={"attack": [10], "damage": [5]}), who="victor",
            expect=kind("attack", defence="none"), why="a pistol: neither parried nor dodged")
    rec.act(attack("odon", defence="dodge", typed={"attack": [20], "defence": [1]}), who="jacquot",
            expect=kind("attack", defence="dodge", result="stopped"), why="a dodge")
    rec.act(attack("gorm", difficult=True, mod=10, typed={"attack": [30], "defence": [80], "damage": [3],
                                                            "damage-bonus": [1]}),
            who="bertrand", why="a difficult blow with a bonus")
    rec.act(attack("jacquot", parry_weapon=1, typed={"attack": [20], "defence": [10], "damage": [3],
                                                      "damage-bonus": [2]}),
            who="odon", expect=kind("attack", defence="parry", defence_item="weapon:1", result="stopped"),
            why="jacquot parries with the dagger he holds, named (with 1)")
    rec.act(attack("bertrand", typed={"attack": [15], "defence": [10], "damage": [8], "damage-bonus": [6]}),
            who="gorm", why="the large shield's parry")
    rec.act({"type": "actions"}, why="round 2: the actions at once")
    rec.act(attack("jacquot", defence="none", typed={"attack": [20], "damage": [3], "damage-bonus": [3]}),
            who="ysolde", why="no defence chosen")
    rec.act(attack("ysolde", weapon=2, typed={"attack": [30], "damage": [1, 1]}),
            who="victor", why="the rifle")
    rec.act(attack("bertrand", weapon=3, distance=8, typed={"attack": [10], "defence": [50]}), who="jacquot",
            why="a throwing dagger at 8 m, the shield's chance against missiles")
    rec.act(attack("gorm", unseen=True, typed={"attack": [30], "damage": [6], "damage-bonus": [4]}), who="odon",
            why="an unseen blow: no defence")
    rec.act({"type": "pass"}, who="bertrand", why="a pass")
    rec.act(attack("ysolde", typed={"attack": [5], "defence": [3], "damage": [2], "damage-bonus": [1]}),
            who="gorm", why="a special parry against a special blow")
    rec.act({"type": "end-round"}, why="the GM ends the round")
    rec.undo()
    rec.redo()
    rec.act(gm("damage", "jacquot", 20), expect=state("jacquot", state="dying"), why="dying")
    rec.act({"type": "actions"})
    rec.act({"type": "first-aid", "target": "ysolde", "typed": {"first-aid": [10], "first-aid-heal": [3]}},
            who="ysolde", why="first aid on oneself")
    rec.act({"type": "reload", "weapon": 1}, who="victor", why="the pistol reloaded")
    rec.act({"type": "pass"}, who="odon")
    rec.act({"type": "pass"}, who="bertrand")
    rec.act(attack("odon", typed={"attack": [15], "defence": [10], "damage": [8], "damage-bonus": [6]}),
            who="gorm", expect=kind("attack", item_worn=True),
            why="a blow beyond the shield's protection and hit points; jacquot dies at the end of the round")


@fight("wounds-and-gm", "Wounds, unconsciousness and death, first aid once per wound, every GM override, a "
       "crossbow every other round.",
       lambda content: encounter("Soins", [
           ("compagnie", [{"character": "ysolde"}, {"character": "gaspard"}]),
           ("brigands", [{"character": "mathis"}, {"character": "rodrigue"}])]),
       seed=31)
def wounds_and_gm(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act(gm("hp", "rodrigue", 20), why="hit points set")
    rec.act(gm("damage", "ysolde", 11), expect=state("ysolde", state="unconscious"), why="unconscious at 2")
    rec.act(gm("wake", "ysolde"), expect=state("ysolde", state="ok"), why="woken")
    rec.act(gm("heal", "ysolde", 4), why="healed")
    rec.act(gm("rest", "ysolde", 2, typed={"healing": [2, 3]}), why="two weeks of rest")
    rec.act(gm("rest", "ysolde", 1, ideal=True), why="a week in ideal care")
    rec.act(gm("out", "rodrigue"), expect=state("rodrigue", state="out"), why="taken out")
    rec.act(gm("back", "rodrigue"), why="brought back")
    rec.act({"type": "actions"})
    # ysolde 15, rodrigue 13 (medium) vs mathis 13 (missile first), gaspard 12
    rec.act(attack("rodrigue", typed={"attack": [30], "defence": [90], "damage": [5], "damage-bonus": [2]}),
            who="ysolde")
    rec.act(attack("ysolde", typed={"attack": [30], "damage": [1, 1]}), who="mathis",
            why="a heavy crossbow bolt")
    rec.act(attack("ysolde", typed={"attack": [12], "defence": [10], "damage": [10], "damage-bonus": [4]}),
            who="rodrigue", expect=kind("attack", item_worn=True), why="the shield worn, not broken")
    rec.act({"type": "first-aid", "target": "ysolde", "typed": {"first-aid": [20], "first-aid-heal": [2]}},
            who="gaspard", why="first aid on the worst wound")
    rec.act({"type": "actions"})
    rec.act(attack("rodrigue", typed={"attack": [30], "defence": [90], "damage": [5], "damage-bonus": [2]}),
            who="ysolde")
    rec.act({"type": "reload"}, who="mathis", why="the crossbow reloaded: a full round")
    rec.act(attack("ysolde", typed={"attack": [3], "defence": [90], "damage": [10], "damage-bonus": [4]}),
            who="rodrigue")
    rec.act({"type": "first-aid", "target": "ysolde", "wound": 2, "typed": {"first-aid": [90]}}, who="gaspard",
            why="a failed first aid on a chosen wound")
    rec.act({"type": "actions"})
    rec.act(attack("gaspard", typed={"attack": [30], "damage": [2, 2]}), who="mathis",
            expect=kind("attack", defence="none"),
            why="a crossbow bolt on a crossbowman: his crossbow in both hands leaves none for the pavise")


def record(name: str, content: Content) -> Json:
    description, setup, seed, script = FIGHTS[name]
    system = fight_system("d100", content)
    with temporary_store() as store:
        fight_id = store.create_fight(name, system.id, {"encounter": setup(content), "seed": seed})
        tracker = Tracker(store, fight_id, system)
        rec = Recording(name, description, tracker)
        script(rec)
        document: Json = rec.document()
        document["system"] = "d100"
        return document


def main(argv: list[str]) -> int:
    H.VERBOSE = "--verbose" in argv
    names = [a for a in argv if a != "--verbose"] or list(FIGHTS)
    unknown = [n for n in names if n not in FIGHTS]
    if unknown:
        print(f"unknown fights: {', '.join(unknown)}; known: {', '.join(FIGHTS)}", file=sys.stderr)
        return 2
    content = load_folder(shipped_folder())
    for name in names:
        path = write(record(name, content), OUT)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
