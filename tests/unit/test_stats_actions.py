"""OB, DB and defence score; combat actions; missiles; initiative."""

from __future__ import annotations

import numpy as np
import pytest

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.errors import RulesError
from estoc.systems.harp import actions, initiative, missiles
from estoc.systems.harp.attack import AttackInputs
from estoc.systems.harp.stats import (
    Defence,
    DefenceScore,
    Offence,
    armour_manoeuvre_penalty,
    check_position_bonuses,
    quickness_db,
)
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables

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


def test_position_bonuses_only_one_of_a_pair(content: Content) -> None:
    bonuses = content.all("harp", "position-bonuses", harp.Modifier)
    pair = [b for b in bonuses if b.exclusive]
    key = pair[0].exclusive
    same = [b for b in pair if b.exclusive == key]
    assert len(same) >= 2
    with pytest.raises(RulesError):
        check_position_bonuses(same[:2])
    free = [b for b in bonuses if not b.exclusive]
    assert check_position_bonuses([same[0], *free]) == same[0].value + sum(b.value for b in free)


def test_dodge_negative_result_gives_plus_50() -> None:
    assert int(actions.dodge_bonus(-15)) == 50
    assert int(actions.dodge_bonus(20)) == 70
    assert int(actions.dodge_bonus(-15, instinctive=True)) == 25
    assert int(actions.dodge_bonus(10, instinctive=True)) == 35


def test_dodge_roll_reads_the_bonus_column(tables: HarpTables) -> None:
    out = actions.roll_dodge(ScriptedDice({"manoeuvre": [40]}), tables, np.array([30]), np.array([-10]))
    column = int(tables.manoeuvre.read_bonus(np.array([60]))[0])
    assert int(out.total[0]) == 60 and int(out.bonus_column[0]) == column
    assert int(out.db_bonus[0]) == 50 + max(column, 0)


def test_parry_rules() -> None:
    p = actions.declare_parry(80, 30)
    assert (p.ob_left, p.db_bonus, p.total) == (50, 30, False)
    total = actions.declare_parry(80, None)
    assert (total.ob_left, total.db_bonus, total.total) == (0, 90, True)
    stunned = actions.declare_parry(80, 20, stunned=True)
    assert stunned.total and stunned.db_bonus == 40
    with pytest.raises(RulesError):
        actions.declare_parry(80, 30, melee_weapon=False)
    with pytest.raises(RulesError):
        actions.declare_parry(80, 30, melee_attack=False)
    with pytest.raises(RulesError):
        actions.declare_parry(80, -5)


def test_total_parry_roll() -> None:
    out = actions.roll_total_parry(ScriptedDice({"parry": [2, 50, 97, 30]}), np.array([60, 60, 60]),
                                   np.array([3, 3, 3]))
    assert out.fumbled.tolist() == [True, False, False]
    assert out.db_bonus.tolist() == [0, 70, 70]
    assert out.counter.tolist() == [False, False, True]
    assert int(out.roll.total[2]) == 127


def test_charge_move_disengage() -> None:
    mods = actions.charge(10, 20)
    assert (mods.ob, mods.db, mods.first_strike_if_braced) == (20, -20, True)
    with pytest.raises(RulesError):
        actions.charge(2, 20)
    with pytest.raises(RulesError):
        actions.charge(41, 20)
    assert actions.movement(20, 20)[0] == "walk"
    pace, run = actions.movement(35, 20)
    assert pace == "run" and run.manoeuvre == -20
    with pytest.raises(RulesError):
        actions.movement(41, 20)
    assert actions.movement(10, 20, stunned=True)[0] == "walk"
    with pytest.raises(RulesError):
        actions.movement(21, 20, stunned=True)
    assert actions.move_and_attack(5, 20).ob == -20
    assert actions.move_and_attack(0, 20).ob == 0
    assert actions.disengage_parry(80, 40).db_bonus == 40
    with pytest.raises(RulesError):
        actions.disengage_parry(80, 39)
    assert actions.disengage_succeeds(0) and not actions.disengage_succeeds(3)
    assert actions.braced_first_strike(True, True) and not actions.braced_first_strike(True, False)
    assert actions.instinctive_dodge_cost(True) == 1 and actions.instinctive_dodge_cost(False) == 0


def test_range_modifiers(content: Content) -> None:
    bow = content.get("harp", "weapons", "arc-court", harp.Weapon)
    assert bow.missile is not None
    inc = bow.missile.range_increment
    beyond_pb = bow.missile.point_blank_range + 0.5
    first = missiles.range_modifier(max(2.0, min(inc, beyond_pb if beyond_pb <= inc else inc)), bow)
    pb = bow.missile.point_blank_mod if max(2.0, min(inc, beyond_pb)) <= bow.missile.point_blank_range else 0
    assert first == -10 + pb
    assert missiles.range_modifier(5 * inc, bow) == -50
    assert missiles.range_modifier(6 * inc, bow) == -70
    assert missiles.range_modifier(10 * inc, bow) == -150
    with pytest.raises(RulesError):
        missiles.range_modifier(1.5, bow)
    with pytest.raises(RulesError):
        missiles.range_modifier(10 * inc + 1, bow)


def test_melee_interference_only_bows_and_slings(content: Content) -> None:
    bow = content.get("harp", "weapons", "arc-court", harp.Weapon)
    sling = content.get("harp", "weapons", "fronde", harp.Weapon)
    crossbow = content.get("harp", "weapons", "arbalete-legere", harp.Weapon)
    assert missiles.melee_interference(bow, True) == -100
    assert missiles.melee_interference(sling, True) == -100
    assert missiles.melee_interference(crossbow, True) == 0
    assert missiles.melee_interference(bow, False) == 0


def test_shove_penalty_is_the_percentage_column(tables: HarpTables) -> None:
    totals = np.array([20, 80, 150])
    assert missiles.shove_penalty(tables, totals).tolist() == (-np.maximum(
        tables.manoeuvre.read_percent(totals), 0)).tolist()


def test_stray_shot_stops_at_the_first_creature_struck(content: Content, tables: HarpTables) -> None:
    bow = content.get("harp", "weapons", "arc-court", harp.Weapon)
    t = tables.attack.index(bow.table)
    shot = AttackInputs.broadcast(2, ob=50, defence=0, table=t, armour_type=1, size=SIZE_INDEX[bow.size],
                                  fumble=0, critical=int(tables.attack.critical[t]))
    defence = np.array([[500, 0, 0], [0, 0, 0]])
    armour = np.ones((2, 3), dtype=np.int64)
    present = np.array([[True, True, True], [False, True, True]])
    dice = ScriptedDice({"attack": [50, 50, 50]}, fallback=SeededDice(0))
    out = missiles.stray_shots(dice, tables, shot, defence, armour, present)
    # World 0: the first bystander's defence is too high, the second is struck; world 1: the second is struck.
    assert out.victim.tolist() == [1, 1]


def test_initiative_order_and_ties() -> None:
    dice = ScriptedDice({"initiative": [5, 5, 9, 1]})
    init = initiative.roll_initiative(dice, np.array([[10, 20, 0, 0]]), np.array([[0, 0, 0, 0]]),
                                      np.zeros((1, 4), dtype=np.int64))
    assert init.total.tolist() == [[15, 25, 9, 1]]
    assert init.order.tolist() == [[1, 0, 2, 3]]
    tie = initiative.initiative_order(np.array([[10, 10, 10]]), np.array([[1, 5, 1]]))
    assert tie.tolist() == [[1, 0, 2]]
    auto = initiative.roll_initiative(ScriptedDice({"initiative": [10, 1]}), np.array([[0, 0]]),
                                      np.array([[0, 0]]), np.zeros((1, 2), np.int64),
                                      automatic=np.array([[False, True]]))
    assert auto.order.tolist() == [[1, 0]]


def test_wait_and_surprise() -> None:
    assert initiative.wait_for([0, 1, 2, 3], 0, 2) == [1, 2, 0, 3]
    assert initiative.wait_for([0, 1, 2, 3], 0, 2, conflict=True) == [1, 2, 3, 0]
    with pytest.raises(RulesError):
        initiative.wait_for([0, 1, 2], 2, 0)
    s = initiative.roll_surprise(ScriptedDice({"manoeuvre": [50, 50, 50, 60, 40, 50]}), np.array([0, 0, 0]),
                                 np.array([0, 0, 0]))
    # a: 50, 50, 50 against b: 60, 40, 50
    assert s.surprised.tolist() == [1, 2, 0]
    assert s.initiative_modifier(1).tolist() == [-20, 0, 0]


def test_shields_cover_so_many_attacks_from_their_arc(content: Content) -> None:
    from estoc.systems.harp.stats import shield_covers

    pavois = content.get("harp", "shields", "pavois", harp.Shield)
    targe = content.get("harp", "shields", "targe", harp.Shield)
    rondache = content.get("harp", "shields", "rondache", harp.Shield)
    assert shield_covers(pavois, 2, "side") and not shield_covers(pavois, 3, "front")
    assert shield_covers(targe, 0, "front") and not shield_covers(targe, 1, "front")
    assert not shield_covers(rondache, 0, "side") and shield_covers(rondache, 1, "front")
    assert not shield_covers(pavois, 0, "rear")
    d = Defence(armour=ARMOUR, shield=SHIELD, shield_trained=True)
    assert d.total() - d.total(with_shield=False) == 20
