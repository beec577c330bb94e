"""Record the One Ring golden event logs: scripted fights played through the tracker, one JSON file per fight.

The same format as the HARP logs (``tools/record_harp_events.py``, whose change format, writer and recording class
are used here): the setup, the view and summary before the first event, and for every stored event (its fields, the
faces it used by purpose, its ``seq``) the narration records it produced and what it changed in the view and the
summary. ``tests/golden/test_tor_event_logs.py`` replays them; ``tests/golden/tor_events/README.md`` lists
them and what each covers.

Usage: ``python tools/record_tor_events.py [NAME…]`` (all fights by default).
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
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "golden" / "tor_events"


def _harp_recorder() -> Any:
    spec = importlib.util.spec_from_file_location("record_harp_events", ROOT / "tools" / "record_harp_events.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("record_harp_events", module)
    spec.loader.exec_module(module)
    return module


H = _harp_recorder()
Recording = H.Recording
Json = dict[str, Any]
Records = list[Json]


def state(who: str, **wanted: Any) -> Callable[[Any, Records], bool]:
    def check(rec: Any, records: Records) -> bool:
        row = rec.row(who)
        return all(row[key] == value for key, value in wanted.items())
    return check


def kind(name: str, **wanted: Any) -> Callable[[Any, Records], bool]:
    def check(rec: Any, records: Records) -> bool:
        def found(r: Json) -> bool:
            nested = [r.get("attack")] if isinstance(r.get("attack"), dict) else []
            return (r.get("kind") == name and all(r.get(k) == v for k, v in wanted.items())) or any(
                found(n) for n in nested)
        return any(found(r) for r in records)
    return check


def encounter(heroes: list[Json], adversaries: list[Json], **extra: Any) -> Json:
    return {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "Essai", "en": "Trial"},
            "heroes": heroes, "adversaries": adversaries, **extra}


def sample_setup(content: Content) -> Json:
    from estoc.content.loader import read_yaml

    path = Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml")))
    return load_tor_encounter(read_yaml(path), SETUP_PATH, content).setup


FIGHTS: dict[str, tuple[str, Callable[[Content], Json], int, Callable[[Any], None]]] = {}


def fight(name: str, description: str, setup: Callable[[Content], Json], seed: int
          ) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    def register(script: Callable[[Any], None]) -> Callable[[Any], None]:
        FIGHTS[name] = (description, setup, seed, script)
        return script
    return register


def auto_to_end(rec: Any) -> None:
    for _step in range(2000):
        if rec.tracker.fight.is_over():
            return
        rec.act(rec.tracker.fight.auto_event())
    raise RuntimeError(f"{rec.name}: not over")


def auto_until(rec: Any, who: str) -> None:
    for _step in range(300):
        if rec.current() == who:
            return
        rec.act(rec.tracker.fight.auto_event())
    raise RuntimeError(f"{rec.name}: never {who}'s turn")


@fight("gue-auto", "The ford sample (five heroes against eight orcs, opening volleys) played by the default policy.",
       sample_setup, seed=7)
def gue_auto(rec: Any) -> None:
    rec.act({"type": "begin"}, why="the opening volleys")
    auto_to_end(rec)


@fight("duel-auto", "Eirik against the orc chieftain, played by the default policy.",
       lambda content: encounter([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "chef-orque"}],
                                 volleys=False), seed=2)
def duel_auto(rec: Any) -> None:
    rec.act({"type": "begin"})
    auto_to_end(rec)


@fight("forward-open", "Forward and open stances: the heroes' engagement, a challenge, a heavy blow that fells, a "
       "rally, a sneak attack after one's foe fell, fend off, a two-weapon attack, intimidation, a shield thrust.",
       lambda content: encounter([{"hero": "eirik-de-dale", "stance": "forward", "tasks": []},
                                  {"hero": "maelor-le-rodeur", "stance": "open", "tasks": []},
                                  {"hero": "hamfrey-pied-leger", "stance": "open", "tasks": []}],
                                 [{"adversary": "gobelin", "count": 3}], volleys=False), seed=5)
def forward_open(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "engage", "hero": "eirik-de-dale", "target": "gobelin-1"}, why="forward chooses first")
    rec.act({"type": "engage", "hero": "maelor-le-rodeur", "target": "gobelin-2"}, why="then open")
    rec.act({"type": "engage", "hero": "hamfrey-pied-leger", "target": "gobelin-3"}, why="each a free one")
    rec.act({"type": "fight"}, why="the resolution begins")
    rec.act({"type": "task", "task": "defier", "target": "gobelin-1", "typed": {"task": [12]}},
            who="eirik-de-dale", expect=kind("task", task="defier", success=True), why="a challenge (secondary)")
    rec.act({"type": "attack", "target": "gobelin-1", "special": "heavy",
              "typed": {"attack": [12, 3], "attack-success": [6, 6, 6]}}, who="eirik-de-dale",
            expect=kind("attack", fallen=True), why="favoured by the challenge: a heavy blow fells the goblin")
    rec.act({"type": "task", "task": "rallier", "typed": {"task": [12]}}, who="maelor-le-rodeur",
            expect=kind("task", task="rallier", success=True), why="a rally for the next round")
    rec.act({"type": "attack", "target": "gobelin-3", "special": "fend",
             "typed": {"attack": [12], "attack-success": [6]}}, who="hamfrey-pied-leger",
            expect=kind("attack", special="fend"), why="fend off: parry this round")
    auto_until(rec, "eirik-de-dale")
    rec.act({"type": "task", "task": "deux-armes", "target": rec.row("eirik-de-dale")["opponents"][0],
             "typed": {"attack": [8]}},
            who="eirik-de-dale", expect=kind("task", task="deux-armes"), why="a second blow, the other hand's")
    rec.act({"type": "task", "task": "intimider", "typed": {"task": [12], "task-success": [6]}},
            who="eirik-de-dale", expect=kind("task", task="intimider", success=True), why="intimidate: Might 2")
    auto_until(rec, "maelor-le-rodeur")
    rec.act({"type": "attack", "target": rec.row("maelor-le-rodeur")["opponents"][0], "weapon": 3,
             "special": "shield",
             "typed": {"attack": [12], "attack-success": [6]}}, who="maelor-le-rodeur",
            why="a shield bash with a shield thrust")
    auto_to_end(rec)


@fight("sneak", "A sneak attack: a hero whose foe fell before its turn slips up to another.",
       lambda content: encounter([{"hero": "eirik-de-dale", "stance": "forward", "tasks": []},
                                  {"hero": "maelor-le-rodeur", "stance": "open", "tasks": []},
                                  {"hero": "hamfrey-pied-leger", "stance": "open", "tasks": []}],
                                 [{"adversary": "gobelin", "count": 2}], volleys=False), seed=6)
def sneak(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "engage", "hero": "eirik-de-dale", "target": "gobelin-1"})
    rec.act({"type": "engage", "hero": "maelor-le-rodeur", "target": "gobelin-2"})
    rec.act({"type": "engage", "hero": "hamfrey-pied-leger", "target": "gobelin-1"}, why="all engaged: joins Eirik")
    rec.act({"type": "fight"})
    rec.act({"type": "attack", "target": "gobelin-1", "special": "heavy",
             "typed": {"attack": [12], "attack-success": [6, 6, 6]}}, who="eirik-de-dale",
            expect=kind("attack", fallen=True), why="Eirik fells the goblin they shared")
    rec.act({"type": "pass"}, who="maelor-le-rodeur")
    rec.act({"type": "task", "task": "attaque-surprise", "target": "gobelin-2", "typed": {"task": [12]}},
            who="hamfrey-pied-leger", expect=kind("task", task="attaque-surprise", success=True),
            why="unengaged: a sneak attack")
    rec.act({"type": "attack", "target": "gobelin-2", "typed": {"attack": [9]}}, who="hamfrey-pied-leger",
            why="with its bonus dice")
    auto_to_end(rec)


@fight("defensive-rear", "Opening volleys, the default engagement, defensive and rearward tasks (hold position, "
       "protect, counter-attack answering a miss, take aim, harass, skirmish), yield ground and regain, a "
       "complication set and cancelled, gear dropped and picked up, a war song, undo and redo.",
       lambda content: encounter([{"hero": "maelor-le-rodeur", "stance": "forward", "tasks": []},
                                  {"hero": "grani-barbe-grise", "stance": "defensive", "tasks": []},
                                  {"hero": "aldric-de-bree", "stance": "defensive", "tasks": []},
                                  {"hero": "faelwen-de-lindon", "stance": "rearward", "tasks": []}],
                                 [{"adversary": "orc-soldat", "count": 2}, {"adversary": "orc-archer"}]), seed=9)
def defensive_rear(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "shoot", "actor": "faelwen-de-lindon", "target": "orc-archer", "typed": {"attack": [2]}},
            why="a volley that misses")
    rec.act({"type": "shoot", "actor": "orc-archer", "target": "maelor-le-rodeur", "typed": {"attack": [1]}})
    rec.act({"type": "close"}, why="close combat")
    rec.act({"type": "fight"}, why="the default engagement")
    rec.act({"type": "task", "task": "prendre-avantage", "typed": {"task": [12]}}, who="maelor-le-rodeur",
            expect=kind("task", task="prendre-avantage", success=True), why="gain the advantage")
    rec.act({"type": "task", "task": "tenir-position", "typed": {"task": [12]}}, who="grani-barbe-grise",
            expect=kind("task", task="tenir-position", success=True), why="hold position (secondary)")
    rec.act({"type": "task", "task": "proteger", "target": "aldric-de-bree", "typed": {"task": [12]}},
            who="grani-barbe-grise", expect=kind("task", task="proteger", success=True), why="protect Aldric")
    rec.act({"type": "task", "task": "contre-attaque", "typed": {"task": [12]}}, who="aldric-de-bree",
            expect=kind("task", task="contre-attaque", success=True), why="counter-attack")
    rec.act({"type": "task", "task": "mettre-en-joue", "typed": {"task": [12]}}, who="faelwen-de-lindon",
            expect=kind("task", task="mettre-en-joue", success=True), why="take aim")
    for _ in range(4):
        who = rec.current()
        if who is None or not who.startswith("orc"):
            break
        opponents = rec.row(who)["opponents"]
        if "aldric-de-bree" in opponents:
            rec.act({"type": "attack", "target": "aldric-de-bree", "typed": {"attack": [1]}}, who=who,
                    expect=kind("attack", success=False), why="a miss on Aldric: his counter-attack")
        elif opponents:
            feat = [10, 10] if opponents[0] == "grani-barbe-grise" else [10]  # holding position: ill-favoured
            rec.act({"type": "attack", "target": opponents[0], "weapon": 2 if who == "orc-archer" else 1,
                     "typed": {"attack": feat, "attack-success": [6]}},
                    who=who, why="a hit")
            if rec.tracker.fight.may_yield() is not None:
                rec.act({"type": "yield", "target": opponents[0]}, why="yield ground")
        else:
            rec.act(rec.tracker.fight.auto_event())
    rec.act({"type": "complication", "target": "grani-barbe-grise", "penalty": 2}, why="the GM's complication")
    auto_until(rec, "maelor-le-rodeur")
    rec.act({"type": "task", "task": "reduire-charge", "item": "shield"}, who="maelor-le-rodeur",
            expect=kind("task", task="reduire-charge"), why="drops his shield")
    rec.act(rec.tracker.fight.auto_event(), who="maelor-le-rodeur")
    if rec.current() == "grani-barbe-grise" and rec.tracker.fight.view()["combatants"][1].get("stance"):
        pass
    auto_until(rec, "grani-barbe-grise")
    if "grani-barbe-grise" in [r["actor"] for r in rec.tracker.records if r.get("kind") == "yield"]:
        rec.act({"type": "regain"}, who="grani-barbe-grise", why="regain position")
    else:
        rec.act({"type": "task", "task": "annuler-complication", "typed": {"task": [12]}}, who="grani-barbe-grise",
                expect=kind("task", task="annuler-complication", success=True), why="cancel the complication")
    auto_until(rec, "faelwen-de-lindon")
    rec.act({"type": "task", "task": "harceler", "target": "orc-soldat-1", "spread": True,
             "typed": {"task": [12], "task-success": [6]}}, who="faelwen-de-lindon",
            expect=kind("task", task="harceler", success=True), why="harass two")
    rec.undo()
    rec.redo()
    auto_until(rec, "maelor-le-rodeur")
    rec.act({"type": "pickup", "item": "shield"}, who="maelor-le-rodeur", why="picks his helm up")
    auto_until(rec, "faelwen-de-lindon")
    rec.act({"type": "task", "task": "escarmouche", "target": "orc-archer"}, who="faelwen-de-lindon",
            why="skirmish: a shot")
    auto_to_end(rec)


@fight("song-and-load", "A war song in the open stance, a hero weary from its load, a piercing blow and a wound.",
       lambda content: encounter([{"hero": "aldric-de-bree", "stance": "open", "tasks": []},
                                  {"hero": "grani-barbe-grise", "stance": "forward", "tasks": []}],
                                 [{"adversary": "chef-orque"}, {"adversary": "orc-soldat"}], volleys=False), seed=4)
def song_and_load(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "fight"})
    rec.act({"type": "attack", "target": rec.row("grani-barbe-grise")["opponents"][0], "weapon": 1,
             "typed": {"attack": [12], "protection": [1]}}, who="grani-barbe-grise",
            expect=kind("attack", piercing=True), why="the rune: a piercing blow")
    rec.act({"type": "pass"}, who="aldric-de-bree")
    for _ in range(2):
        who = rec.current()
        if who is None or who in ("aldric-de-bree", "grani-barbe-grise"):
            break
        target = rec.row(who)["opponents"][0]
        rec.act({"type": "attack", "target": target, "typed": {"attack": [12], "protection": [1]}}, who=who,
                why="hard blows")
        if rec.tracker.fight.waiting:
            rec.act({"type": "continue"}, why="no yield")
    auto_until(rec, "aldric-de-bree")
    rec.act({"type": "task", "task": "encourager", "typed": {"task": [12]}}, who="aldric-de-bree",
            expect=kind("task", task="encourager", success=True), why="a war song")
    auto_to_end(rec)


@fight("gm-engagement", "Outnumbered heroes: a stance changed, the GM's assignment, an adversary kept at the rear "
       "(it shoots), a complication from the start cancelled by its hero.",
       lambda content: encounter([{"hero": "eirik-de-dale", "stance": "open", "tasks": []},
                                  {"hero": "grani-barbe-grise", "stance": "defensive", "tasks": [],
                                   "complication": 1}],
                                 [{"adversary": "orc-soldat", "count": 3}, {"adversary": "orc-archer"}],
                                 volleys=False), seed=8)
def gm_engagement(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "stance", "target": "eirik-de-dale", "stance": "forward"}, why="Eirik goes forward")
    rec.act({"type": "assign", "hero": "eirik-de-dale", "targets": ["orc-soldat-1", "orc-soldat-2"]},
            why="the GM gives Eirik two orcs")
    rec.act({"type": "assign", "hero": "grani-barbe-grise", "targets": ["orc-soldat-3"]}, why="and Grani one")
    rec.act({"type": "rear", "target": "orc-archer"}, why="the archer stays at the rear")
    rec.act({"type": "fight"})
    rec.act(rec.tracker.fight.auto_event(), who="eirik-de-dale")
    rec.act({"type": "task", "task": "annuler-complication", "typed": {"task": [12]}}, who="grani-barbe-grise",
            expect=kind("task", task="annuler-complication", success=True), why="cancel the complication")
    auto_to_end(rec)


@fight("text-rules-26", "Issue 26: a goblin felled in the volleys, the ground that opens the rear, "
       "a re-assignment releasing two orcs that the GM then gives another hero, a two-weapon attack struck with the "
       "other hand's cudgel (not the long sword's two-handed grip), a sneak attack's bonus lost with its round.",
       lambda content: encounter([{"hero": "eirik-de-dale", "stance": "forward", "tasks": []},
                                  {"hero": "aldric-de-bree", "stance": "forward", "tasks": []},
                                  {"hero": "hamfrey-pied-leger", "stance": "open", "tasks": []},
                                  {"hero": "faelwen-de-lindon", "stance": "rearward", "tasks": []},
                                  {"hero": "maelor-le-rodeur", "stance": "rearward", "tasks": []}],
                                 [{"adversary": "gobelin"}, {"adversary": "orc-soldat", "count": 6}]), seed=26)
def text_rules_26(rec: Any) -> None:
    rec.act({"type": "begin"})
    rec.act({"type": "shoot", "actor": "faelwen-de-lindon", "target": "gobelin",
             "typed": {"attack": [12], "attack-success": [1, 1, 1], "protection": [1], "protection-success": [1]}},
            expect=kind("attack", fallen=True), why="the goblin falls in the volleys: it shoots no more")
    rec.act({"type": "shoot", "actor": "maelor-le-rodeur", "target": "orc-soldat-5", "typed": {"attack": [1]}})
    rec.act({"type": "close"})
    rec.act({"type": "ground", "rear_free": True}, expect=kind("ground", free=True),
            why="two heroes at the rear for three in close combat: the ground lets them stay")
    rec.act({"type": "assign", "hero": "eirik-de-dale", "targets": ["orc-soldat-1", "orc-soldat-2"]})
    rec.act({"type": "assign", "hero": "eirik-de-dale", "targets": ["orc-soldat-3", "orc-soldat-4", "orc-soldat-5"]},
            why="assigned again: orcs 1 and 2 are free")
    rec.act({"type": "assign", "hero": "aldric-de-bree", "targets": ["orc-soldat-1", "orc-soldat-2"]},
            why="the released orcs go to Aldric")
    rec.act({"type": "rear", "target": "orc-soldat-6"}, why="the sixth orc stays back")
    rec.act({"type": "fight"}, why="Hamfrey is left unengaged")
    rec.act({"type": "pass"}, who="eirik-de-dale")
    rec.act({"type": "task", "task": "deux-armes", "target": "orc-soldat-1", "typed": {"attack": [1]}},
            who="aldric-de-bree", expect=kind("attack", weapon="gourdin"), why="the second blow: the cudgel")
    rec.act({"type": "pass"}, who="aldric-de-bree")
    rec.act({"type": "task", "task": "attaque-surprise", "target": "orc-soldat-2",
             "typed": {"task": [10], "task-success": [5, 5, 5]}}, who="hamfrey-pied-leger",
            expect=kind("task", task="attaque-surprise", success=True), why="a sneak attack: +1d this round")
    rec.act({"type": "pass"}, who="hamfrey-pied-leger", why="its bonus is lost when the round ends")
    auto_until(rec, "hamfrey-pied-leger")
    rec.act({"type": "attack", "target": "orc-soldat-2", "typed": {"attack": [1]}}, who="hamfrey-pied-leger",
            expect=kind("attack", dice=2), why="the next round: the short sword's 2 dice, no bonus")
    auto_to_end(rec)


def record(name: str, content: Content) -> Json:
    description, setup, seed, script = FIGHTS[name]
    system = fight_system("tor", content)
    with H.temporary_store() as store:
        fight_id = store.create_fight(name, system.id, {"encounter": setup(content), "seed": seed})
        tracker = Tracker(store, fight_id, system)
        rec = Recording(name, description, tracker)
        script(rec)
        document: Json = rec.document()
        document["system"] = "tor"
        return document


def main(argv: list[str]) -> int:
    names = [a for a in argv if a != "--verbose"] or list(FIGHTS)
    H.VERBOSE = "--verbose" in argv
    content = load_folder(shipped_folder())
    for name in names:
        path = H.write(record(name, content), OUT)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
