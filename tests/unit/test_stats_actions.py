"""OB, DB and defence score; combat actions; missiles; initiative."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import SeededDice
from estoc.errors import RulesError
from estoc.play.harp import HarpPlay
from estoc.systems.harp import initiative
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.stats import (
    Defence,
    DefenceScore,
    Offence,
    armour_manoeuvre_penalty,
    quickness_db,
)
from estoc.systems.harp.tables import HarpTables
from estoc.systems.harp.worlds import Settings, array
from harp_kernel_helpers import World, chain_for, fighter

ARMOUR = harp.Armour(id="test", name=harp.Text(fr="t", en="t"), type=7, db=20, manoeuvre_penalty_min=-10,
                     manoeuvre_penalty_max=-40, casting_penalty=-30)
SHIELD = harp.Shield(id="s", name=harp.Text(fr="s", en="s"), db_untrained=10, db_trained=20, attacks_covered=2,
                     arc="front-side", hand="empty")


def test_offence_sums_every_part() -> None:
    ob = Offence(skill=60, talents=10, weapon_mod=5, weapon_bonus=10, position=15, special=5, critical_penalty=-20,
                 posture=-30, fight=-10)
    assert ob.total() == 45


def test_armour_penalty_lessened_by_skill_down_to_minimum() -> None:
    assert armour_manoeuvre_penalty(ARMOUR) == -40
    assert armour_manoeuvre_penalty(ARMOUR, 15) == -25
    assert armour_manoeuvre_penalty(ARMOUR, 100) == -10
    assert armour_manoeuvre_penalty(ARMOUR, 15, fitted=False) == -50


def test_quickness_db_reduced_never_below_zero() -> None:
    assert quickness_db(15, -10) == 20
    assert quickness_db(15, -40) == 0
    assert quickness_db(-5, -40) == -10


def test_db_parts_and_unfitted_armour() -> None:
    d = Defence(armour=ARMOUR, quickness_bonus=15, armour_skill=30, armour_bonus=5, shield=SHIELD,
                shield_trained=True, shield_bonus=5, talents=5)
    # armour 20 + 5, quickness 30 - 10 = 20, shield 20 + 5, talent 5
    assert d.total() == 75
    unfitted = Defence(armour=ARMOUR, quickness_bonus=15, armour_skill=30, fitted=False)
    # half DB 10; penalty -10 doubled = -20 → quickness 30 - 20 = 10
    assert unfitted.total() == 20
    assert Defence(armour=ARMOUR, shield=SHIELD).shield_db() == 10


def test_defence_score_and_one_cover_at_a_time(content: Content) -> None:
    covers = content.all("harp", "cover", harp.Cover)
    half = next(c for c in covers if c.extent == "half")
    assert DefenceScore(db=30, posture=20, covers=[half], special=-5).total() == 45 + half.melee
    assert DefenceScore(db=30, covers=[half], missile=True).total() == 30 + half.missile
    with pytest.raises(RulesError):
        DefenceScore(db=30, covers=covers[:2]).total()


def band_totals(tables: HarpTables) -> list[int]:
    """A manoeuvre total in each band of the manoeuvre table an open-ended roll can reach."""
    return [int(low) for low in tables.manoeuvre.lows[1:] if low > 0 and int(low) % 96]


def test_a_dodge_gives_50_or_25_plus_the_bonus_column_never_less(tables: HarpTables) -> None:
    columns = set()
    for total in band_totals(tables):
        column = int(tables.manoeuvre.read_bonus(np.array([total]))[0])
        columns.add(column > 0)
        for instinctive, base in ((False, 50), (True, 25)):
            world = World(tables, [fighter("a"), fighter("b")])
            world.dice({"manoeuvre": chain_for(total)})
            if instinctive:
                world.K.py_instinctive_dodge(world.F, 0, 0)
            else:
                world.K.py_dodge(world.F, 0, 0)
            (record,) = world.told()
            assert record["kind"] == "dodge" and record["total"] == total
            assert record["bonus"] == world.get("dodge", 0) == base + max(column, 0), (total, instinctive)
    assert columns == {False, True}  # negative and positive columns both read


def test_dodge_roll_reads_the_bonus_column(tables: HarpTables) -> None:
    # A roll of 40, Agility 10 (× 3), a worn armour's −10: a total of 60.
    world = World(tables, [fighter("a", agility=10, armour_penalty=-10), fighter("b")])
    world.dice({"manoeuvre": [40]})
    world.K.py_dodge(world.F, 0, 0)
    (record,) = world.told()
    column = int(tables.manoeuvre.read_bonus(np.array([60]))[0])
    assert record["total"] == 60 and world.get("dodge", 0) == 50 + max(column, 0)
    # Instinctive: Agility × 4.
    world.dice({"manoeuvre": [40]})
    world.K.py_instinctive_dodge(world.F, 0, 0)
    assert world.told()[0]["total"] == 70


def test_parry_rules(tables: HarpTables) -> None:
    world = World(tables, [fighter("a", ob=80), fighter("b")])
    world.dice(SeededDice(0))
    world.K.py_attack(world.F, 0, 0, 1, 0, 30, 1, 0)
    assert world.told()[0]["ob"] == 50
    assert (world.get("parry_vs", 0), world.get("parry_bonus", 0)) == (1, 30)
    # The kernel never moves the whole OB in a parry with an attack: that is a total parry (estoc's reading).
    world = World(tables, [fighter("a", ob=80), fighter("b")])
    world.dice(SeededDice(0))
    world.K.py_attack(world.F, 0, 0, 1, 0, 200, 1, 0)
    assert world.told()[0]["ob"] == 1 and world.get("parry_bonus", 0) == 79
    # A total parry: all the OB + 10.
    world.dice({"parry": [50]})
    world.K.py_total_parry(world.F, 0, 0, 1)
    assert world.told()[0]["bonus"] == world.get("parry_bonus", 0) == 90
    # Stunned: from an OB lowered by 50.
    array(world.F, "stun_until")[0, 0] = 3
    world.dice({"parry": [50]})
    world.K.py_total_parry(world.F, 0, 0, 1)
    assert world.get("parry_bonus", 0) == 40


def test_play_refuses_the_parries_the_rules_forbid(content: Content, tables: HarpTables) -> None:
    fight = fight_of(content, tables, [{"hero": "archere-sylvaine"}, {"hero": "faralinde"}],
                     [{"creature": "orque"}])
    while fight.current() is not None and fight.combatants[fight.current() or 0].id != "archere-sylvaine":
        fight.apply({"type": "pass"}, SeededDice(1))
    with pytest.raises(RulesError, match="melee weapon"):
        fight.apply({"type": "total-parry", "target": "orque"}, SeededDice(1))
    while fight.combatants[fight.current() or 0].id != "faralinde":
        fight.apply({"type": "pass"}, SeededDice(1))
    with pytest.raises(RulesError, match="melee attack"):
        fight.apply({"type": "attack", "target": "orque", "strike": 2, "parry": 10}, SeededDice(1))
    with pytest.raises(RulesError, match="0 or more"):
        fight.apply({"type": "attack", "target": "orque", "parry": -5}, SeededDice(1))


def fight_of(content: Content, tables: HarpTables, one: list[dict[str, Any]], other: list[dict[str, Any]]
             ) -> HarpFight:
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "a", "en": "a"},
             "sides": [{"id": "a", "members": one}, {"id": "b", "members": other}]}
    fight = HarpPlay(content, tables).new_fight({"encounter": setup})
    fight.apply({"type": "begin"}, SeededDice(1))
    return fight


def test_total_parry_roll(tables: HarpTables) -> None:
    world = World(tables, [fighter("a", ob=60, fumble=3), fighter("b")], worlds=3)
    world.dice({"parry": [2, 50, 97, 30], "fumble": [50]}, fallback=SeededDice(0))
    records = []
    for w in range(3):
        world.K.py_total_parry(world.F, w, 0, 1)
        records.append(world.told())
    parries = [r[0] for r in records]
    assert [p["fumbled"] for p in parries] == [True, False, False]
    assert [p["bonus"] for p in parries] == [0, 70, 70] == [world.get("parry_bonus", 0, w) for w in range(3)]
    assert [p["counter"] for p in parries] == [False, False, True]
    # A fumble is rolled and suffered; a roll of 96+ turns into an attack with its total alone.
    assert parries[0]["fumble_result"]["roll"] == 50
    counter = records[2][1]
    assert counter["kind"] == "attack" and counter["counter"] and counter["attack_total"] == 127
    assert counter["rolls"] == [97, 30] and counter["target"] == "b"


def test_a_charge_and_the_braced_weapon(tables: HarpTables) -> None:
    for seen in (True, False):
        # (the spear misses: the charger's OB stays its own)
        world = World(tables, [fighter("a", ob=50), fighter("lance", ob=-200, braced=True)])
        world.dice(SeededDice(4))
        world.K.py_charge(world.F, 0, 0, 1, 0, seen, 0)
        records = world.told()
        kinds = [(r["kind"], r.get("attacker")) for r in records]
        if seen:
            # The spear that sees it coming strikes first, for free.
            assert kinds[:2] == [("braced", None), ("attack", "lance")]
        else:
            assert ("braced", None) not in kinds
        charge = records[-1]
        assert charge["attacker"] == "a" and charge["ob"] == 70 and world.get("charge_db", 0) == -20


def test_a_clean_disengagement_has_the_initiative_next_round(tables: HarpTables) -> None:
    for struck in (False, True):
        world = World(tables, [fighter("a", ob=60), fighter("b")])
        world.dice({"initiative": [10, 1]})
        assert world.begin() == 0
        world.K.py_disengage(world.F, 0, 0, 1, 30)
        assert world.get("parry_bonus", 0) == 30
        world.dice({"attack": [5] if not struck else [90]}, fallback=SeededDice(1))
        assert world.done(0) == 1
        assert world.strike(1, 0)["hit"] == struck
        world.dice({"initiative": [1, 10]}, fallback=SeededDice(1))
        first = world.done(1)
        records = world.told()
        if struck:
            assert first == 1 and not any(r["kind"] == "disengaged" for r in records)
        else:
            assert first == 0 and {"kind": "disengaged", "actor": "a", "target": "b"} in records


def test_an_instinctive_dodge_costs_this_action_or_the_next_rounds(tables: HarpTables) -> None:
    world = World(tables, [fighter("a"), fighter("b")])
    world.dice({"manoeuvre": [50, 50]})
    assert world.K.py_instinctive_dodge(world.F, 0, 0) == 0 and world.get("acted", 0)
    assert world.get("lost_until", 0) == 0
    assert world.K.py_instinctive_dodge(world.F, 0, 0) == 1
    assert world.get("lost_until", 0) == 3  # no action until its turn two rounds on


def test_initiative_order_and_ties(tables: HarpTables) -> None:
    world = World(tables, [fighter(str(i), quickness=q) for i, q in enumerate([10, 20, 0, 0])], sides=[0, 1, 0, 1])
    world.dice({"initiative": [5, 5, 9, 1]})
    assert world.begin() == 1
    assert [world.get("initiative", c) for c in range(4)] == [15, 25, 9, 1]
    assert world.order() == [1, 0, 2, 3]
    # Ties: the higher Quickness first, then the earlier in the list.
    tie = World(tables, [fighter(str(i), quickness=q) for i, q in enumerate([1, 5, 1])], sides=[0, 1, 0])
    tie.dice({"initiative": [9, 5, 9]})
    tie.begin()
    assert tie.order() == [1, 0, 2]
    # Automatic initiative (a clean disengagement, a vain wait) comes before any roll.
    auto = World(tables, [fighter("a"), fighter("b")])
    array(auto.F, "automatic")[0, 1] = 1
    auto.dice({"initiative": [10, 1]})
    assert auto.begin() == 1 and auto.order() == [1, 0]


def test_wait_and_surprise(tables: HarpTables) -> None:
    assert initiative.wait_for([0, 1, 2, 3], 0, 2) == [1, 2, 0, 3]
    assert initiative.wait_for([0, 1, 2, 3], 0, 2, conflict=True) == [1, 2, 3, 0]
    with pytest.raises(RulesError):
        initiative.wait_for([0, 1, 2], 2, 0)
    # The surprised side: −20 to its initiative in the first round only.
    world = World(tables, [fighter("a"), fighter("b")], settings=Settings(surprised_side=1))
    world.dice({"initiative": [5, 5, 5, 5]})
    world.begin()
    assert [world.get("initiative", c) for c in (0, 1)] == [5, -15]
    world.turn_of(0)
    assert world.F.rnd[0] == 2 and [world.get("initiative", c) for c in (0, 1)] == [5, 5]


def test_a_shield_covers_its_first_attacks_each_round(tables: HarpTables) -> None:
    """« Les boucliers »: a shield covers so many attacks a round (estoc places no one: all from the front), the
    kernel's ``shield_counts``; a new round covers again."""
    world = World(tables, [fighter("a", ob=0), fighter("b", db=30, shield_db=20, shield_covers=2)])
    defences = []
    for _blow in range(3):
        world.dice({"attack": [10]})
        defences.append(world.strike(0, 1)["defence"])
    assert defences == [30, 30, 10]
    world.dice({"initiative": [5, 5]})
    world.K.py_begin(world.F, 0)
    world.told()
    world.dice({"attack": [10]})
    assert world.strike(0, 1)["defence"] == 30
    d = Defence(armour=ARMOUR, shield=SHIELD, shield_trained=True)
    assert d.total() - d.total(with_shield=False) == 20
