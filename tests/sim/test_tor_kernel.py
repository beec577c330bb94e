"""The One Ring kernel: the twin forms agree die for die; a world's fight depends on nothing but its index (threads,
chunks); a world of the simulation is play's fight on the same dice; numbers beyond the kernel's integers are
refused; the rule fixes of issue 14."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from estoc.content.loader import read_yaml
from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.engine.compiled import load_twin
from estoc.errors import EstocError, InputError, RulesError
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.tor import sim
from estoc.systems.tor.chances import SCALE, kernel_table
from estoc.systems.tor.encounter import SETUP_PATH, LoadedTorEncounter, load_tor_encounter
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import TASK_IDS
from estoc.systems.tor.worlds import KERNEL_NAME, array, build

FORD = Path(__file__).resolve().parents[2] / "src" / "estoc" / "play" / "samples" / "gue.yaml"
FIELDS = ("winner", "over", "rounds", "out", "dead", "hits_dealt", "hits_taken", "crits_taken", "tasks_tried",
          "tasks_worked")


@pytest.fixture(scope="module")
def ford(content: Content) -> LoadedTorEncounter:
    return load_tor_encounter(read_yaml(FORD), SETUP_PATH, content)


def same(a: Any, b: Any) -> None:
    for name in FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_the_twin_and_the_compiled_kernel_agree_die_for_die(ford: LoadedTorEncounter) -> None:
    seed = np.random.SeedSequence(11)
    compiled = sim.play_chunk(ford, 40, seed, 0, 100)
    twin = sim.play_chunk(ford, 40, seed, 0, 100, kernel_module=load_twin(KERNEL_NAME))
    same(compiled, twin)
    assert compiled.tasks_tried is not None and compiled.tasks_tried.sum() > 0


def test_threads_and_chunks_change_nothing(ford: LoadedTorEncounter) -> None:
    seed = np.random.SeedSequence(5)
    whole = sim.play_chunk(ford, 200, seed, 0, 100, threads=1)
    same(whole, sim.play_chunk(ford, 200, seed, 0, 100, threads=2))
    first, second = sim.play_chunk(ford, 120, seed, 0, 100), sim.play_chunk(ford, 80, seed, 120, 100)
    for name in FIELDS:
        assert np.array_equal(np.concatenate([getattr(first, name), getattr(second, name)]), getattr(whole, name))


def test_a_world_of_the_simulation_is_plays_fight(ford: LoadedTorEncounter) -> None:
    seed = np.random.SeedSequence(3)
    run = sim.play_chunk(ford, 6, seed, 0, 100)
    same(run, sim.play_worlds_in_play(ford, 6, seed, 100))


def test_numbers_beyond_the_kernels_integers_are_refused(content: Content) -> None:
    orc = Combatant.from_content(content, "orc-soldat")
    huge = Combatant(**{**vars(orc), "endurance": 1 << 40})
    with pytest.raises(InputError, match="beyond what the rules engine can count"):
        build([], [huge], 1, dice=ScriptedDice({}))


def fight(content: Content, heroes: list[tuple[str, str]], foes: list[str], **options: Any) -> TorFight:
    people = [(Combatant.from_content(content, h), s, True) for h, s in heroes]
    adversaries = [Combatant.from_content(content, a) for a in foes]
    f = TorFight.start(people, adversaries, tasks={}, volleys=False, **options)
    f.apply({"type": "begin"}, ScriptedDice({}))
    return f


def act(f: TorFight, event: dict[str, Any], **faces: list[int]) -> list[dict[str, Any]]:
    dice = ScriptedDice({k.replace("_", "-"): v for k, v in faces.items()})
    records = f.apply(event, dice)
    assert not dice.unused()
    return records


def test_a_first_wound_can_be_fatal_the_eye_leaves_the_hero_dying(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["chef-orque"], fatal=True)
    act(f, {"type": "pass"})
    armour = [1] * f.gear(0).protection
    records = act(f, {"type": "attack", "target": "eirik-de-dale"}, attack=[12], attack_success=[1, 1, 1],
                  protection=[11], protection_success=armour, wound=[11])
    hit = next(r for r in records if r["kind"] == "attack")
    assert hit["wounded"] and hit["fatal"] and f.dying(0) and f.is_over()


def test_without_the_setting_a_first_wound_never_kills(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["chef-orque"], fatal=False)
    act(f, {"type": "pass"})
    act(f, {"type": "attack", "target": "eirik-de-dale"}, attack=[12], attack_success=[1, 1, 1], protection=[11],
        protection_success=[1] * f.gear(0).protection)
    assert f.value("wounds", 0) == 1 and not f.dying(0)


def test_an_axe_cannot_pierce(content: Content) -> None:
    f = fight(content, [("grani-barbe-grise", "open")], ["orc-soldat"])
    before = f.view()
    with pytest.raises(RulesError, match="cannot pierce"):
        f.copy().apply({"type": "attack", "target": "orc-soldat", "special": "pierce"}, ScriptedDice({}))
    assert f.view() == before


def test_hold_position_costs_its_drawback_even_when_its_roll_fails(content: Content) -> None:
    f = fight(content, [("grani-barbe-grise", "defensive")], ["orc-soldat"])
    records = act(f, {"type": "task", "task": "tenir-position"}, task=[11], task_success=[1, 1, 1])
    assert not records[-1]["success"]
    records = act(f, {"type": "attack", "target": "orc-soldat"}, attack=[5, 6], attack_success=[1, 1])
    assert next(r for r in records if r["kind"] == "attack")["mode"] == "ill"


def test_intimidation_names_the_adversaries(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward")], ["gobelin", "gobelin"])
    records = act(f, {"type": "task", "task": "intimider"}, task=[12], task_success=[1, 1])
    task = next(r for r in records if r["kind"] == "task")
    assert task["intimidated"] and "eirik-de-dale" not in task["intimidated"] and "weary" not in task


def test_two_weapon_attack_strikes_with_the_shield_and_parries_less(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward")], ["orc-soldat"])
    parry = f.gear(0).parry
    records = act(f, {"type": "task", "task": "deux-armes", "target": "orc-soldat"}, attack=[1],
                  attack_success=[1, 1])
    task = next(r for r in records if r["kind"] == "task")
    assert task["attack"]["weapon"] == "bouclier-coup" and f.value("parry", 0) == -1 and f.gear(0).parry == parry


def test_yield_ground_once_a_round(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["orc-soldat", "orc-soldat"])
    act(f, {"type": "pass"})
    for _ in range(2):
        act(f, {"type": "attack", "target": "eirik-de-dale", "special": "heavy"}, attack=[9], attack_success=[6, 6])
        if _ == 0:
            act(f, {"type": "yield", "target": "eirik-de-dale"})
        else:
            with pytest.raises(RulesError, match="already yielded"):
                f.copy().apply({"type": "yield", "target": "eirik-de-dale"}, ScriptedDice({}))


def test_assign_never_gives_one_adversary_to_two_heroes(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open"), ("grani-barbe-grise", "open")], ["gobelin"] * 3)
    act(f, {"type": "assign", "hero": "eirik-de-dale", "targets": ["gobelin"]})
    with pytest.raises(EstocError):
        f.copy().apply({"type": "assign", "hero": "grani-barbe-grise", "targets": ["gobelin"]}, ScriptedDice({}))


def test_the_default_engagement_gives_at_most_three(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["gobelin"] * 5)
    act(f, {"type": "fight"})
    assert len(f.opponents(0)) == 3


def test_hope_is_shown_and_spent_for_a_die(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["orc-soldat"])
    hope = f.view()["combatants"][0]["hope"]
    records = act(f, {"type": "attack", "target": "orc-soldat", "hope": True}, attack=[1],
                  attack_success=[1, 1, 1, 1])
    hit = next(r for r in records if r["kind"] == "attack")
    assert hit["dice"] == 4 and hit["hope"] and f.view()["combatants"][0]["hope"] == hope - 1


def test_heroes_of_one_stance_choose_their_order(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open"), ("grani-barbe-grise", "open")], ["gobelin"])
    act(f, {"type": "order", "ids": ["grani-barbe-grise", "eirik-de-dale"]})
    assert f.view()["current"] == "grani-barbe-grise"


def kept_in_step(F: Any, w: int = 0) -> None:
    """What the kernel keeps in step instead of rescanning (who stands, each side's count, each combatant's standing
    opponents and engagements, its load) equals its definition in world ``w``; the heroes come first."""
    side = np.asarray(F.side)
    heroes = int(F.heroes)
    assert (side[:heroes] == 0).all() and (side[heroes:] == 1).all()
    endurance, wounds, dying = (array(F, name)[w] for name in ("endurance", "wounds", "dying"))
    up = (endurance > 0) & np.where(side == 0, dying == 0, wounds < np.asarray(F.might))
    assert array(F, "up")[w].tolist() == up.astype(int).tolist()
    assert array(F, "alive")[w].tolist() == [int(up[side == 0].sum()), int(up[side == 1].sum())]
    engaged = array(F, "engaged")[w]
    assert array(F, "foes")[w].tolist() == (engaged * up[None, :]).sum(axis=1).tolist()
    assert array(F, "links")[w].tolist() == engaged.sum(axis=1).tolist()
    dropped = array(F, "dropped")[w]
    weapons = np.asarray(F.wload) * ((dropped[:, None] >> (2 + np.arange(F.width))[None, :]) & 1)
    load = (np.asarray(F.load0) - np.asarray(F.helm_load) * ((dropped & 1) != 0)
            - np.asarray(F.shield_load) * ((dropped & 2) != 0) - weapons.sum(axis=1))
    assert array(F, "load")[w].tolist() == load.tolist()


def test_what_the_kernel_keeps_in_step_matches_its_definition(ford: LoadedTorEncounter, content: Content,
                                                              tmp_path: Path) -> None:
    """After every event of play (the ford on a world's keyed dice, the policy deciding; a GM's dropped and
    picked-up helm) and at the end of simulated worlds."""
    seed = np.random.SeedSequence(9)
    for world in range(3):
        fight = TorFight.start([(h, s, True) for _c, h, s in ford.heroes], [a for _c, a in ford.adversaries],
                               tasks=ford.tasks, volleys=ford.volleys, load=ford.load,
                               complications=ford.complications, plans=ford.plans, fatal=ford.fatal)
        dice = sim.WorldDice(seed, world)
        fight.apply({"type": "begin"}, dice)
        kept_in_step(fight.F)
        while not fight.is_over() and fight.round <= 100:
            fight.apply(fight.auto_event(), dice)
            kept_in_step(fight.F)
    for threads in (1, 2):
        F = sim.worlds_of(ford, 200, seed, threads=threads)
        sim.kernel_of(F).play_all(F, 200, 100, threads)
        for slot in range(threads):
            if int(array(F, "rnd")[slot * 8]) > 0:  # a thread's slot holds the last world it played
                kept_in_step(F, slot * 8)
    system = TorPlay(content)
    encounter = {"schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "G", "en": "F"},
                 "heroes": [{"hero": "eirik-de-dale", "stance": "forward"}],
                 "adversaries": [{"adversary": "orc-soldat"}], "volleys": False}
    with EventStore(tmp_path / "f.db") as store:
        tracker = Tracker.create(store, system, "load", {"encounter": encounter, "seed": 3})
        for line in ("fight", "drop helm", "pass"):
            tracker.command(line)
            kept_in_step(tracker.fight.F)  # type: ignore[attr-defined]
        while tracker.fight.current() != 0 and not tracker.fight.is_over():  # type: ignore[attr-defined]
            tracker.command("auto")
        if not tracker.fight.is_over():
            tracker.command("pickup helm")
            kept_in_step(tracker.fight.F)  # type: ignore[attr-defined]


# --- the blow as it would be struck (TorFight.blow, the kernel's py_exchange) ----------------------------------------

READ_ONLY = ("next_dice", "held", "holding", "protected_left", "protected_dice", "hope", "parry", "endurance",
             "counters", "challenge")


def works() -> ScriptedDice:
    """A task roll that works (the rune), with no tengwar."""
    return ScriptedDice({"task": [12], "*": [1] * 12})


def untouched(f: TorFight) -> dict[str, list[Any]]:
    return {name: np.asarray(getattr(f.F, name)).tolist() for name in READ_ONLY}


def struck_as_read(f: TorFight, attacker: str, target: str, feat: int, *, sixes: int = 0, face: int = 1,
                   protection: int = 1, hope: bool = False, special: str = "auto") -> dict[str, Any]:
    """Read the blow, check the reading changed nothing, strike it: feat dice showing ``feat``, ``sixes`` success dice
    on 6 and the rest on ``face``, a protection roll of ``protection`` and 3s. The attack's record is checked equal to
    the reading; the dice are as many as it says."""
    a, t = f.index(attacker), f.index(target)
    before = untouched(f)
    blow = f.blow(a, t, 0, hope=hope)
    assert untouched(f) == before
    pierces = feat == 12 or special == "pierce"
    faces = {"attack": [feat] * (1 if blow.mode == "normal" else 2),
             "attack_success": [6] * sixes + [face] * (blow.dice - sixes),
             **({"protection": [protection], "protection_success": [3] * blow.protection} if pierces else {})}
    records = act(f, {"type": "attack", "target": target, "special": special, **({"hope": True} if hope else {})},
                  **faces)
    hit = next(r for r in records if r["kind"] == "attack")
    assert (hit["dice"], hit["tn"], hit["mode"], hit.get("weary", False)) == (blow.dice, blow.tn, blow.mode,
                                                                               blow.weary)
    assert hit.get("hope", False) == blow.hope
    if hit["piercing"]:
        assert hit.get("protection_weary", False) == blow.protection_weary
    hit["blow"] = blow
    return hit


def test_the_blow_read_beforehand_is_the_blow_struck_stances_and_hope(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward")], ["orc-soldat"])
    rating = f.gear(0).weapons[0].rating
    blow = f.blow(0, 1, 0)
    assert blow.change == 1 and blow.dice == rating + 1 and blow.mode == "normal" and not blow.hope
    hit = struck_as_read(f, "eirik-de-dale", "orc-soldat", 1, hope=True)
    assert hit["blow"].hope and hit["blow"].dice == rating + 2


def test_the_blow_read_beforehand_counts_a_challenge_and_a_held_position(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward")], ["orc-soldat"])
    f.apply({"type": "task", "task": "defier", "target": "orc-soldat"}, works())
    assert f.blow(0, 1, 0).mode == "favoured"
    struck_as_read(f, "eirik-de-dale", "orc-soldat", 1)
    g = fight(content, [("grani-barbe-grise", "defensive")], ["orc-soldat", "orc-soldat"])
    g.apply({"type": "task", "task": "tenir-position"}, works())
    hero, orc = 0, 1
    assert not g.blow(orc, hero, 0).countered
    g.apply({"type": "task", "task": "contre-attaque"}, works())
    first = g.blow(orc, hero, 0)
    # the hero's defensive stance, its held position, its counter-attack
    assert first.mode == "ill" and first.change == -1 and first.countered
    missed = struck_as_read(g, "orc-soldat", "grani-barbe-grise", 1)
    assert not missed["success"] and missed.get("counter")
    # one attack held, now spent: the other orc's comes normal
    assert g.blow(2, hero, 0).mode == "normal"


def test_the_blow_read_beforehand_counts_a_fend_off_gained_this_round(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "open")], ["orc-soldat"])
    tn = f.blow(1, 0, 0).tn
    hit = struck_as_read(f, "eirik-de-dale", "orc-soldat", 9, sixes=1, face=5, special="fend")
    assert hit["special"] == "fend" and hit["parry"] > 0
    after = f.blow(1, 0, 0)
    assert after.tn == tn + hit["parry"]
    struck_as_read(f, "orc-soldat", "eirik-de-dale", 1)


def test_an_intimidated_adversary_rolls_its_protection_weary(content: Content) -> None:
    f = fight(content, [("eirik-de-dale", "forward"), ("grani-barbe-grise", "forward")], ["gobelin"])
    f.apply({"type": "task", "task": "intimider"}, works())
    goblin = f.index("gobelin")
    assert f.weary(goblin)
    blow = f.blow(f.index("grani-barbe-grise"), goblin, 0)
    assert blow.protection_weary
    hit = struck_as_read(f, "grani-barbe-grise", "gobelin", 12)
    # weary, the 3s count for nothing: the protection roll is its feat die alone
    assert hit["piercing"] and hit["protection_weary"] and hit["protection"]["total"] == 1


# --- the policy's moments, a hero's own (hope:, aim:) -----------------------------------------------------------------

def decided(f: TorFight, c: int) -> tuple[int, ...]:
    """The default policy's decision for ``c`` once the engagement is closed: (kind, target, weapon, task, special,
    item, flags, Hope)."""
    if f.phase != "resolution":
        act(f, {"type": "fight"})
    return tuple(int(x) for x in f.K.py_decide(f.F, 0, c))


def test_aim_weakest_or_most_dangerous(content: Content) -> None:
    foes = ["gobelin", "chef-orque"]
    weakest = fight(content, [("eirik-de-dale", "open")], foes)
    # it attacks the goblin (8 endurance against 20)
    assert decided(weakest, 0)[:2] == (1, 1) and weakest.opponents(0) == [1, 2]
    dangerous = fight(content, [("eirik-de-dale", "open")], foes, aims={"eirik-de-dale": "dangerous"})
    assert decided(dangerous, 0)[:2] == (1, 2)  # the chief rolls 3 dice, the goblin 2
    # A task aims the same way: a challenge goes to the foe the hero aims at.
    challenger = fight(content, [("eirik-de-dale", "forward")], foes, aims={"eirik-de-dale": "dangerous"},
                       plans={"eirik-de-dale": ["defier"]})
    assert decided(challenger, 0)[:4] == (2, 2, -1, TASK_IDS.index("defier"))


def test_when_the_policy_spends_hope(content: Content) -> None:
    def hope_on(use: str, foe: str, tasks: tuple[str, ...] = ()) -> int:
        f = fight(content, [("eirik-de-dale", "open")], [foe], hope_use={"eirik-de-dale": use},
                  plans={"eirik-de-dale": list(tasks)})
        return decided(f, 0)[7]

    # A goblin of 8 endurance falls to Eirik's sword (5 damage) only at 5 or less: no felling blow at the start.
    assert [hope_on(use, "gobelin") for use in ("never", "finishing", "attacks", "all")] == [0, 0, 1, 1]
    f = fight(content, [("eirik-de-dale", "open")], ["gobelin"], hope_use={"eirik-de-dale": "finishing"})
    f.endurance[1] = 3
    assert decided(f, 0)[7] == 1  # a felling blow, and Eirik keeps half his Hope
    array(f.F, "hope")[0, 0] = 1
    assert decided(f, 0)[7] == 0  # the last point is kept…
    array(f.F, "hope")[0, 0] = 0
    assert decided(f, 0)[7] == 0
    g = fight(content, [("eirik-de-dale", "open")], ["gobelin"], hope_use={"eirik-de-dale": "all"})
    array(g.F, "hope")[0, 0] = 1
    assert decided(g, 0)[7] == 1  # … unless every point goes
    # Only ``all`` spends Hope on a task roll (Encourage, which has a Song roll): Aldric's blow at a goblin made
    # hard to hit (+8 parry) is worth less than his song to two companions 12 endurance down.
    for use, spent in (("all", 1), ("attacks", 0)):
        h = fight(content, [("aldric-de-bree", "open"), ("grani-barbe-grise", "open")], ["gobelin"],
                  hope_use={"aldric-de-bree": use}, plans={"aldric-de-bree": ["encourager"]})
        for c in (0, 1):
            array(h.F, "endurance")[0, c] -= 12
        array(h.F, "parry")[0, 2] += 8
        assert decided(h, 0)[::7] == (2, spent)
        assert decided(h, 0)[3] == TASK_IDS.index("encourager")


def test_the_default_spends_hope_when_the_die_turns_a_miss_into_a_hit(content: Content) -> None:
    """``turning`` (the default): one Hope when the die it buys adds at least 25 points to the blow's chance to
    hit (10 on a blow that would fell the foe), as the table counted face by face says
    (``tests/unit/test_tor_chances.py``), while half the Hope is kept."""
    table = kernel_table()
    seen = set()
    for bonus in range(12):
        for endurance in (8, 3):
            f = fight(content, [("eirik-de-dale", "open")], ["gobelin"])
            array(f.F, "parry")[0, 1] += bonus
            f.endurance[1] = endurance
            blow = f.blow(0, 1, 0)
            mode = ("normal", "favoured", "ill").index(blow.mode)
            row = table[0, mode, int(blow.weary)]
            gain = row[blow.dice + 1, blow.tn] - row[blow.dice, blow.tn]
            wanted = gain >= (SCALE * 10 + 99) // 100 if endurance <= 5 else gain >= SCALE // 4
            assert decided(f, 0)[7] == int(wanted), (bonus, endurance)
            seen.add(bool(wanted))
    assert seen == {True, False}
    f = fight(content, [("eirik-de-dale", "open")], ["gobelin"])
    array(f.F, "parry")[0, 1] += 4
    array(f.F, "hope")[0, 0] = f.F.hope_max[0] // 2  # below half once one is spent: kept
    assert decided(f, 0)[7] == 0
