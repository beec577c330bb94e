"""The d100 kernel: its compiled and interpreted forms agree die for die, a simulated world is play's fight seed for
seed, results do not depend on threads or chunks, the rules settled in the port (each from the text), the text's
worked examples, and input the kernel cannot hold refused."""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.dice import KeyedDice, ScriptedDice, SeededDice
from estoc.engine.compiled import load_twin
from estoc.errors import InputError, RulesError
from estoc.i18n import set_language
from estoc.play.d100 import D100Play
from estoc.sim.runner import load_any_encounter
from estoc.systems.d100.encounter import LoadedD100Encounter
from estoc.systems.d100.fight import D100Fight
from estoc.systems.d100.sim import outcome, worlds_of
from estoc.systems.d100.worlds import KERNEL_NAME, Settings, array, build, kernel, kernel_of

BRIDGE = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))
OUTPUTS = ("out_winner", "out_over", "out_rounds", "out_dice", "out_hp", "out_state", "out_dealt", "out_taken",
           "out_specials")


@pytest.fixture(scope="module")
def bridge(content: Content) -> LoadedD100Encounter:
    encounter = load_any_encounter(BRIDGE, content)
    assert isinstance(encounter, LoadedD100Encounter)
    return encounter


def encounter_setup(*sides: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"schema_version": 1, "system": "d100", "kind": "encounter", "name": {"fr": "Essai", "en": "Trial"},
            "sides": [{"id": f"camp-{i}", "members": members} for i, members in enumerate(sides)], **extra}


def new_fight(content: Content, *sides: list[dict[str, Any]], **extra: Any) -> D100Fight:
    fight = D100Play(content).new_fight({"encounter": encounter_setup(*sides, **extra), "seed": 1})
    assert isinstance(fight, D100Fight)
    fight.apply({"type": "begin"}, ScriptedDice())
    return fight


def run(fight: D100Fight, event: dict[str, Any], **faces: list[int]) -> list[dict[str, Any]]:
    dice = ScriptedDice({k.replace("_", "-"): v for k, v in faces.items()})
    records = fight.apply(event, dice)
    assert not dice.unused()
    return records


def attack_record(records: list[dict[str, Any]]) -> dict[str, Any]:
    return next(r for r in records if r["kind"] == "attack")


# --- the two forms, threads, chunks, play ------------------------------------------------------------------------

def simulate(encounter: LoadedD100Encounter, worlds: int, *, first: int = 0, threads: int = 1,
             module: Any = None) -> dict[str, np.ndarray]:
    F = worlds_of(encounter, worlds, np.random.SeedSequence(17), first=first, threads=threads)
    if module is not None:  # the same worlds on the twin: rebuilt with its own Fights
        from estoc.systems.d100.worlds import kernel_settings

        sides = list(dict.fromkeys(s for _i, s, _c in encounter.combatants))
        F = build(encounter.outcomes, [c for _i, _s, c in encounter.combatants],
                  [sides.index(s) for _i, s, _c in encounter.combatants], worlds,
                  settings=kernel_settings(encounter.settings, encounter.distance), seed=np.random.SeedSequence(17),
                  threads=threads, first_world=first, kernel_module=module)
    kernel_of(F).play_all(F, worlds, 100, threads)
    return {name: array(F, name).copy() for name in OUTPUTS}


@pytest.mark.parametrize("distance", [None, 20, 45])
def test_compiled_and_interpreted_agree_die_for_die(bridge: LoadedD100Encounter, distance: int | None) -> None:
    encounter = dataclasses.replace(bridge, distance=distance)
    compiled = simulate(encounter, 60)
    twin = simulate(encounter, 60, module=load_twin(KERNEL_NAME))
    assert kernel().COMPILED and not load_twin(KERNEL_NAME).COMPILED
    for name in OUTPUTS:
        assert np.array_equal(compiled[name], twin[name]), name
    assert compiled["out_dice"].min() > 0


def test_threads_and_chunks_change_nothing(bridge: LoadedD100Encounter) -> None:
    whole = simulate(bridge, 400, threads=1)
    two = simulate(bridge, 400, threads=2)
    second_half = simulate(bridge, 200, first=200)
    for name in OUTPUTS:
        assert np.array_equal(whole[name], two[name]), name
        assert np.array_equal(whole[name][200:], second_half[name]), name


def test_a_world_of_the_batch_is_plays_fight(content: Content, bridge: LoadedD100Encounter) -> None:
    worlds = 8
    F = worlds_of(bridge, worlds, np.random.SeedSequence(5))
    kernel_of(F).play_all(F, worlds, 100, 1)
    sim = outcome(F)
    system = D100Play(content)
    sides = list(dict.fromkeys(s for _i, s, _c in bridge.combatants))
    moved = declared = 0
    for world in range(worlds):
        fight = system.new_fight({"encounter": bridge.setup, "seed": world})
        assert isinstance(fight, D100Fight)
        dice = KeyedDice(np.random.SeedSequence(5), 1, first=world)
        fight.apply({"type": "begin"}, dice)
        while not fight.is_over():
            event = fight.auto_event()
            moved += event["type"] == "move"
            declared += event["type"] == "reach"
            fight.apply(event, dice)
        assert [fight.value("hp", c) for c in range(len(fight.combatants))] == array(F, "out_hp")[world].tolist()
        assert fight.round == int(array(F, "out_rounds")[world])
        winner = fight.winner()
        assert int(sim.winner[world]) == (sides.index(winner) if winner else -1)
        assert [r["damage_taken"] for r in fight.summary()["combatants"]] == sim.hits_taken[world].tolist()
    assert moved > 0  # the policy closed the 20 m in play as in simulation
    assert declared > 0  # and stated the weapon about to act (5.4: javelins and throwing daggers rank as missiles)


# --- rules settled in the port -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("wear", "shield_hp", "broken"), [("break", 0, True), ("one-point", 14, False)])
def test_a_parry_beyond_the_items_hit_points(content: Content, wear: str, shield_hp: int, broken: bool) -> None:
    """5.6: a parrying item « peut se briser si ses points de vie sont dépassés »: a blow of 16 on a round shield of
    15 hit points breaks it; the setting ``one-point`` keeps the earlier reading (one hit point lost)."""
    fight = new_fight(content, [{"character": "gorm"}], [{"character": "ysolde"}],
                      settings={"parry_wear": wear})
    run(fight, {"type": "actions"})
    run(fight, {"type": "pass"})  # ysolde (DEX 15)
    record = attack_record(run(fight, {"type": "attack", "target": "ysolde"}, attack=[30], defence=[10],
                                damage=[8], damage_bonus=[6]))
    assert record["defence_item"] == "shield" and record["damage"] == 16 and record["stopped_by_item"] == 12
    assert record["item_worn"] and record["broken"] is broken
    assert fight.view()["combatants"][1]["shield_hp"] == shield_hp


def test_a_blow_within_the_shields_hit_points_only_wears_it(content: Content) -> None:
    fight = new_fight(content, [{"character": "gorm"}], [{"character": "ysolde"}])
    run(fight, {"type": "actions"})
    run(fight, {"type": "pass"})
    record = attack_record(run(fight, {"type": "attack", "target": "ysolde"}, attack=[30], defence=[10],
                                damage=[7], damage_bonus=[5]))
    assert record["item_worn"] and not record["broken"] and fight.view()["combatants"][1]["shield_hp"] == 14


def test_a_shield_bash_has_its_own_damage(content: Content) -> None:
    """5.11: a shield is described by its damage as a weapon: a bash rolls the shield's dice at its skill."""
    fight = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm"}])
    run(fight, {"type": "actions"})
    record = attack_record(run(fight, {"type": "attack", "target": "gorm", "bash": True}, attack=[30],
                                defence=[90], damage=[3], damage_bonus=[2]))
    assert record["weapon"] == "bouclier-rond" and record["damage_dice"] == "1D4"
    assert record["skill"] == 60 and record["damage"] == 5
    with pytest.raises(RulesError, match="no shield"):
        run(fight.copy(), {"type": "attack", "target": "ysolde", "bash": True})


def test_a_two_handed_weapon_leaves_no_hand_for_the_shield(content: Content) -> None:
    """5.9 (hands), 5.6 and 5.11: Brok swinging his great axe cannot parry with his buckler, nor with the battle axe
    he does not hold: he parries with the great axe; with his one-handed axe back in hand, the buckler parries."""
    fight = new_fight(content, [{"character": "brok"}], [{"character": "gorm"}])
    run(fight, {"type": "actions"})  # brok 10, gorm 9
    run(fight, {"type": "attack", "target": "gorm", "weapon": 2}, attack=[99])
    record = attack_record(run(fight, {"type": "attack", "target": "brok"}, attack=[30], defence=[90],
                                damage=[1], damage_bonus=[1]))
    assert record["defence"] == "parry" and record["defence_item"] == "weapon:2"
    run(fight, {"type": "actions"})
    run(fight, {"type": "attack", "target": "gorm", "weapon": 1}, attack=[99])
    record = attack_record(run(fight, {"type": "attack", "target": "brok"}, attack=[30], defence=[90],
                                damage=[1], damage_bonus=[1]))
    assert record["defence_item"] == "shield"


def test_movement_sets_the_ranks_in_simulation_too(content: Content, bridge: LoadedD100Encounter) -> None:
    """5.3: the policy closes 20 m on foot (a quarter of its DEX) when no weapon reaches; a missile that reaches
    shoots without moving."""
    fight = D100Play(content).new_fight({"encounter": bridge.setup, "seed": 2})
    assert isinstance(fight, D100Fight)
    fight.apply({"type": "begin"}, ScriptedDice())
    moves = []
    while fight.phase == "movement":
        event = fight.auto_event()
        if event["type"] == "move":
            moves.append((event["target"], event["metres"]))
        fight.apply(event, KeyedDice(1, 1))
    # Ysolde (a sword) closes the 20 m to the weakest brigand; the crossbows, javelins and throwing daggers reach.
    assert moves == [("ysolde", 20)]
    ysolde = fight.index("ysolde")
    assert int(kernel_of(fight.F).py_dex_rank(fight.F, 0, ysolde)) == 4  # DEX 15 quartered, rounded up
    near = simulate(dataclasses.replace(bridge, distance=None), 300)
    far = simulate(bridge, 300)
    assert far["out_rounds"].mean() > near["out_rounds"].mean()


def test_first_aid_takes_the_healers_whole_round(content: Content) -> None:
    """5.14: « il faut un round complet »: no first aid after moving; after it, no parry or dodge that round."""
    fight = new_fight(content, [{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}])
    run(fight, {"type": "gm", "op": "damage", "target": "ysolde", "value": 13})
    moved = fight.copy()
    run(moved, {"type": "move", "target": "odon", "metres": 3})
    run(moved, {"type": "actions"})
    with pytest.raises(RulesError, match="whole round"):
        run(moved, {"type": "first-aid", "target": "ysolde"})
    run(fight, {"type": "actions"})  # odon 11, gorm 9 (ysolde unconscious)
    run(fight, {"type": "first-aid", "target": "ysolde"}, first_aid=[10], first_aid_heal=[2])
    record = attack_record(run(fight, {"type": "attack", "target": "odon"}, attack=[30], damage=[1],
                                damage_bonus=[1]))
    assert record["defence"] == "none" and record["defence_roll"] == 0
    with pytest.raises(RulesError, match="first aid"):
        trial = new_fight(content, [{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}])
        run(trial, {"type": "gm", "op": "damage", "target": "ysolde", "value": 13})
        run(trial, {"type": "actions"})
        run(trial, {"type": "first-aid", "target": "ysolde"}, first_aid=[10], first_aid_heal=[2])
        run(trial, {"type": "attack", "target": "odon", "defence": "dodge"})


def test_a_melee_blow_needs_contact(content: Content) -> None:
    fight = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm"}], distance=8)
    run(fight, {"type": "actions"})
    with pytest.raises(RulesError, match="8 m away"):
        run(fight.copy(), {"type": "attack", "target": "gorm"})


# --- the worked examples, through the kernel -------------------------------------------------------------------------

def test_the_texts_worked_examples(content: Content) -> None:
    """5.12: 12 hit points in leather (2) take a blow of 6: 12 − (6 − 2) = 8. 5.13: a special success with a short
    sword: 7 (its maximum) + 3 + 1 + 2 (the 1D4 bonus) = 13."""
    fight = new_fight(content, [{"character": "jacquot", "id": "un"}], [{"character": "jacquot", "id": "deux"}])
    run(fight, {"type": "actions"})
    record = attack_record(run(fight, {"type": "attack", "target": "deux", "weapon": 2}, attack=[30],
                                defence=[90], damage=[3], damage_bonus=[2]))
    assert record["damage"] == 6 and record["body"] == 4 and record["hp"] == 8
    record = attack_record(run(fight, {"type": "attack", "target": "un", "weapon": 2}, attack=[5],
                                defence=[90], damage=[3], damage_bonus=[2], unconscious=[3]))
    assert record["result"] == "special" and record["damage"] == 13 and record["hours"] == 3


# --- input the kernel cannot hold ---------------------------------------------------------------------------------

def test_numbers_beyond_the_kernel_are_refused(content: Content, bridge: LoadedD100Encounter) -> None:
    people = [c for _i, _s, c in bridge.combatants]
    huge = [dataclasses.replace(people[0], hp=1 << 40), *people[1:]]
    with pytest.raises(InputError, match=r"hp_max = 1099511627776 is beyond"):
        build(bridge.outcomes, huge, [0] * len(huge), 1, settings=Settings())
    fight = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm"}])
    with pytest.raises(InputError, match="the metres must be from"):
        run(fight, {"type": "move", "target": "gorm", "metres": 1 << 40})
    with pytest.raises(InputError, match="the value must be a whole number"):
        run(fight, {"type": "gm", "op": "hp", "target": "gorm", "value": "beaucoup"})
    set_language("fr")
    try:
        with pytest.raises(InputError, match="le numéro de l'arme : un nombre entier est attendu"):
            run(fight, {"type": "attack", "target": "gorm", "weapon": "deux"})
    finally:
        set_language("en")


def test_the_bash_is_a_command_word() -> None:
    from estoc.systems.d100 import commands

    assert commands.to_event(commands.parse("attaquer gorm bouclier roll 20"))["bash"] is True
    assert commands.to_event(commands.parse("attack gorm bash"))["bash"] is True


def test_a_members_preferred_defence_holds_at_the_table(content: Content) -> None:
    """The encounter's ``defence:`` (the one a balance study searches) is the defence play opposes when the GM names
    none, as in simulation; a defence the GM names wins; a member without one parries first."""
    dodger = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm", "defence": "dodge"}])
    plain = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm"}])
    records = {}
    for name, fight in (("dodger", dodger), ("plain", plain)):
        run(fight, {"type": "actions"})
        assert fight.combatants[fight.current()].id == "ysolde"  # type: ignore[index]  # her DEX rank is first
        dice = ScriptedDice({"attack": [30], "defence": [95]}, fallback=SeededDice(1))
        records[name] = attack_record(fight.apply({"type": "attack", "target": "gorm"}, dice))
    assert records["dodger"]["defence"] == "dodge" and records["plain"]["defence"] == "parry"
    named = new_fight(content, [{"character": "ysolde"}], [{"character": "gorm", "defence": "dodge"}])
    run(named, {"type": "actions"})
    record = attack_record(named.apply({"type": "attack", "target": "gorm", "defence": "parry"},
                                       ScriptedDice({"attack": [30], "defence": [95]}, fallback=SeededDice(1))))
    assert record["defence"] == "parry"
