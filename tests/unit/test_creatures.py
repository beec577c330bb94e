"""The bestiary's rules: derived numbers, scaling, size and criticals, beasts, knock-down, breaths, venoms."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from estoc.content.models.harp import AdditionalCritical
from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import Content
from estoc.dice import ScriptedDice, SeededDice
from estoc.errors import RulesError
from estoc.systems.harp import creatures as cr
from estoc.systems.harp.actions import declare_parry
from estoc.systems.harp.attack import AttackInputs, resolve_attack
from estoc.systems.harp.conditions import HarpState, apply_effects
from estoc.systems.harp.exchange import Combatant, area_attack, attack
from estoc.systems.harp.tables import SIZE_INDEX, EffectArrays, HarpTables


def creature(**fields: Any) -> Creature:
    base: dict[str, Any] = {
        "id": "test", "name": {"fr": "Essai", "en": "Test"}, "level": 1, "size": "medium", "base_movement": 20,
        "natural_armour": "peau-mince", "attitude": "hostile",
        "attacks": [{"name": {"fr": "Griffes", "en": "Claws"}, "table": "griffes", "size": "medium"}],
    }
    base.update(fields)
    return Creature.model_validate(base)


def claws(n: int) -> list[dict[str, Any]]:
    return [{"name": {"fr": f"A{i}", "en": f"A{i}"}, "table": "griffes", "size": "medium"} for i in range(n)]


def test_rank_progression() -> None:
    assert cr.max_ranks(5) == 18 and cr.max_ranks(4) == 15
    assert cr.rank_bonus(18) == 66 and cr.rank_bonus(15) == 60
    assert cr.rank_bonus(10) == 50 and cr.rank_bonus(25) == 75 and cr.rank_bonus(0) == 0
    assert [cr.survival_instinct(n) for n in (1, 10, 12, 20, 23)] == [5, 50, 54, 70, 73]


def test_black_bear_ob_111(content: Content) -> None:
    """The text: a level-5 black bear, Strength +15, Agility +10: 18 ranks (+66), OB +111."""
    bear = creature(level=5, size="large", stats={"st": 15, "ag": 10}, attacks=claws(2))
    block = cr.stat_block(content, bear)
    claws_ob = block.attacks[0].ob_breakdown
    assert claws_ob is not None
    assert claws_ob.as_dict() == {"total": 111, "parts": {"ranks": 66, "strength": 15, "agility": 10, "warrior": 20}}
    assert block.attacks[1].ob == 91
    shipped = cr.stat_block(content, content.get("harp", "creatures", "ours-noir", Creature))
    assert shipped.attacks[0].ob == 111


def test_warrior_bonuses_go_to_the_first_attack_first() -> None:
    assert cr.warrior_bonuses(15, 2) == [30, 10]
    assert cr.warrior_bonuses(5, 2) == [20, 0]
    assert cr.warrior_bonuses(25, 3) == [30, 30, 0]
    assert cr.warrior_bonuses(30, 3) == [30, 30, 10]
    assert cr.warrior_bonuses(0, 1) == [0]


def test_level_15_creature(content: Content) -> None:
    block = cr.stat_block(content, creature(level=15, attacks=claws(2)))
    assert [a.ob_breakdown.as_dict()["parts"].get("warrior", 0) for a in block.attacks] == [30, 10]


def test_light_horse_132_hit_points(content: Content) -> None:
    """The text: a light horse (level 4, Grande, Co +7, SD +5): 60 + 7 + 5 + 60 = 132."""
    horse = creature(level=4, size="large", stats={"co": 7, "sd": 5})
    assert cr.stat_block(content, horse).hit_points.total == 132
    shipped = content.get("harp", "creatures", "cheval-leger", Creature)
    assert cr.stat_block(content, shipped).hit_points.total == 132


def test_breath_uses_constitution_and_self_discipline(content: Content) -> None:
    dragon = creature(level=3, stats={"st": 40, "ag": 1, "co": 7, "sd": 3}, attacks=[
        {"name": {"fr": "Souffle", "en": "Breath"}, "kind": "breath", "table": "magie-chaleur", "size": "large",
         "area": "cone", "uses": 3}])
    ob = cr.stat_block(content, dragon).attacks[0].ob_breakdown.as_dict()["parts"]
    assert ob["constitution"] == 7 and ob["self_discipline"] == 3 and "strength" not in ob


def test_orc_in_chain_mail_and_stone_troll(content: Content) -> None:
    from estoc.content.models.harp import Armour

    mail = content.get("harp", "armours", "cotte-de-mailles", Armour)
    orc = cr.stat_block(content, creature(natural_armour="peau-mince", armour="cotte-de-mailles"))
    assert orc.armour_type == mail.type == 8
    assert orc.db.as_dict()["parts"]["armour"] == mail.db == 25
    troll = cr.stat_block(content, creature(natural_armour="peau-de-pierre", armour="cotte-de-mailles"))
    assert troll.armour_type == 10 and troll.db.as_dict()["parts"]["armour"] == 35
    assert troll.manoeuvre_penalty == mail.manoeuvre_penalty_max < 0
    # The DB is no manoeuvre: Quickness × 2 is not lowered by the worn armour's penalty.
    quick = cr.stat_block(content, creature(armour="cotte-de-mailles", stats={"qu": 10}))
    assert quick.db.as_dict()["parts"]["quickness"] == 20


def test_db_parts(content: Content) -> None:
    cat = creature(level=12, stats={"qu": 10}, innate_dodge="major", abilities=["instinct-de-survie"],
                   talents_db=5, armour_bonus=5)
    parts = cr.stat_block(content, cat).db.as_dict()["parts"]
    assert parts == {"armour_bonus": 5, "quickness": 20, "survival_instinct": 54, "innate_dodge": 20, "talents": 5}


def test_scaling_recomputes_everything(content: Content) -> None:
    bear = content.get("harp", "creatures", "ours-noir", Creature)
    at5, at10 = cr.stat_block(content, bear), cr.stat_block(content, bear, level=10)
    assert at10.level == 10
    assert at10.hit_points.total - at5.hit_points.total == cr.rank_bonus(33) - cr.rank_bonus(18)
    assert at10.attacks[0].ob - at5.attacks[0].ob == (cr.rank_bonus(33) - cr.rank_bonus(18)) + 10
    assert at10.db.total - at5.db.total == cr.survival_instinct(10) - cr.survival_instinct(5)
    for kind in ("body", "mind", "magic"):
        assert at10.resistances[kind].total - at5.resistances[kind].total == cr.rank_bonus(10) - cr.rank_bonus(5)
    stronger = cr.stat_block(content, bear.model_copy(update={"warrior_levels": 3}))
    assert stronger.level == 8 and stronger.hit_points.total == cr.stat_block(content, bear, 8).hit_points.total


def test_innate_powers_ranks(content: Content) -> None:
    drake = creature(level=9, stats={"sd": 10, "in": 5}, innate_powers=[
        {"name": {"fr": "A", "en": "A"}, "signature": True}, {"name": {"fr": "B", "en": "B"}}])
    powers = cr.stat_block(content, drake).powers
    assert [p["ranks"] for p in powers] == [30, 15]
    assert powers[0]["casting_bonus"] == cr.rank_bonus(30) + 15


def test_movement_abilities(content: Content) -> None:
    bird = cr.stat_block(content, creature(level=2, base_movement=10, abilities=["vol", "aquatique"]))
    assert bird.movement == {"walk": 10, "flight": 20, "swim": 10 + 2 * (9 // 5)}


def inputs(tables: HarpTables, table: str, reduction: int, extra: str | None = None, worlds: int = 1,
           ob: int = 0, result: int | None = None) -> AttackInputs:
    """Inputs whose attack roll of 50 gives ``result`` (when given)."""
    if result is not None:
        ob = result - 50
    t = tables.attack.index(table)
    return AttackInputs.broadcast(worlds, ob=ob, defence=0, table=t, armour_type=1, size=SIZE_INDEX["large"],
                                  fumble=0, critical=int(tables.attack.critical[t]), crit_reduction=reduction,
                                  extra_table=tables.critical.index(extra) if extra else -1)


def row_with(tables: HarpTables, table: str, severity: int) -> int:
    t = tables.attack.index(table)
    return int(np.flatnonzero(tables.attack.severity[t, :, 0] == severity)[0])


def test_troll_slaying_sword_on_a_hill_troll(tables: HarpTables) -> None:
    """The text: a B critical on a Grande creature is rolled at A; the Tueur critical stays at B."""
    row = row_with(tables, "lames-1m", 2)
    out = resolve_attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(0)), tables,
                         inputs(tables, "lames-1m", 1, "tueur", result=row))
    assert int(out.table_severity[0]) == 2
    assert int(out.severity[0]) == 1 and int(out.critical.severity[0]) == 1
    assert int(out.extra.severity[0]) == 2
    # An A critical vanishes on a Grande creature, yet the slaying critical is rolled at A.
    row_a = row_with(tables, "lames-1m", 1)
    out = resolve_attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(0)), tables,
                         inputs(tables, "lames-1m", 1, "tueur", result=row_a))
    assert int(out.severity[0]) == 0 and int(out.extra.severity[0]) == 1
    # Any other additional critical follows the reduced severity, and vanishes with it.
    out = resolve_attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(0)), tables,
                         inputs(tables, "lames-1m", 1, "froid", result=row_a))
    assert int(out.severity[0]) == 0 and int(out.extra.severity[0]) == 0


def test_b_critical_on_a_huge_creature_is_none(tables: HarpTables) -> None:
    row = row_with(tables, "lames-1m", 2)
    out = resolve_attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(0)), tables,
                         inputs(tables, "lames-1m", 2, result=row))
    assert int(out.table_severity[0]) == 2 and int(out.severity[0]) == 0 and int(out.total_hits()[0]) == int(
        out.hits[0])
    e_row = row_with(tables, "lames-1m", 5)
    out = resolve_attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(0)), tables,
                         inputs(tables, "lames-1m", 2, result=e_row))
    assert int(out.severity[0]) == 3


def test_devastating_strength_doubles_table_hits_only(tables: HarpTables) -> None:
    base = inputs(tables, "griffes", 0, worlds=200, ob=80)
    plain = resolve_attack(SeededDice(9), tables, base)
    doubled = resolve_attack(SeededDice(9), tables, AttackInputs(**{**base.__dict__,
                                                                     "hits_factor": base.hits_factor * 2}))
    assert np.array_equal(doubled.hits, plain.hits * 2)
    assert np.array_equal(doubled.total_hits() - doubled.hits, plain.total_hits() - plain.hits)


def test_stun_immunity(tables: HarpTables) -> None:
    state = HarpState.new(1, [100], stun_immune=[True], bleed_immune=[True])
    apply_effects(state, np.array([0]), np.array([0]), EffectArrays.of(1, stun=3, bleed=4), now=1,
                  dice=ScriptedDice([]))
    assert not bool(state.stunned()[0, 0]) and int(state.bleed[0, 0]) == 0


def test_beasts_do_not_parry(content: Content) -> None:
    wolf = Combatant.from_content(content, "loup")
    orc = Combatant.from_content(content, "orque")
    assert wolf.beast and not orc.beast
    with pytest.raises(RulesError):
        declare_parry(60, 20, beast=True)


def test_ram_knocks_down_unless_larger_or_steady(content: Content, tables: HarpTables) -> None:
    horse = Combatant.from_content(content, "cheval-de-guerre")
    man = Combatant.from_content(content, "dafur")
    giant = Combatant.from_content(content, "geant-des-collines")
    ram = next(i for i, s in enumerate(horse.strikes) if s.table == "belier-et-poussee")
    assert bool(tables.attack.knocks_down[tables.attack.index("belier-et-poussee")])
    t = tables.attack.index("belier-et-poussee")
    for target, steady, expected in ((man, False, True), (man, True, False), (giant, False, False)):
        row = int(np.flatnonzero(tables.attack.severity[t, :, target.armour_type - 1] >= 3)[0])
        state = HarpState.new(1, [horse.hp, target.hp])
        state.steady[0, 1] = steady
        attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(1)), tables, state, [horse, target], 0, 1, 1,
               strike=ram, ob_modifier=row - 50 - horse.strikes[ram].ob + target.db)
        assert bool(state.prone[0, 1]) == expected


def test_breath_one_roll_against_each_target(content: Content, tables: HarpTables) -> None:
    dragon = Combatant.from_content(content, "jeune-dragon")
    breath = next(i for i, s in enumerate(dragon.strikes) if s.kind == "breath")
    foes = [Combatant.from_content(content, f) for f in ("dafur", "orque-soudard", "archere-sylvaine")]
    state = HarpState.new(1, [dragon.hp] + [f.hp for f in foes])
    dice = ScriptedDice({"attack": [60]}, fallback=SeededDice(2), record=True)
    exchanges = area_attack(dice, tables, state, [dragon, *foes], 0, [1, 2, 3], 1, strike=breath)
    assert len(exchanges) == 3
    assert [d.purpose for d in dice.records or []].count("attack") == 1
    totals = {e.event["attack_total"] for e in exchanges}
    assert len(totals) == 1
    fumbled = area_attack(ScriptedDice({"attack": [1], "fumble": [30]}, fallback=SeededDice(2)), tables,
                          HarpState.new(1, [dragon.hp] + [f.hp for f in foes]), [dragon, *foes], 0, [1, 2, 3], 1,
                          strike=breath)
    assert [e.event["fumble"] for e in fumbled] == [True, False, False]
    assert not any(e.event["hit"] for e in fumbled)


def test_poison_resistance_rolls() -> None:
    simple = cr.resist_poison(ScriptedDice({"resistance": [40, 20]}), np.array([30, 30]), 5, "simple")
    assert cr.poison_difficulty(5) == 75
    # 40 + 30 and 20 + 30 are both below 75.
    assert simple.resisted.tolist() == [False, False]
    assert simple.failures.tolist() == [1, 1]
    ok = cr.resist_poison(ScriptedDice({"resistance": [50]}), np.array([30]), 5, "simple")
    assert ok.resisted.tolist() == [True]
    cascade = cr.resist_poison(ScriptedDice({"resistance": [10, 20, 60]}), np.array([30]), 5, "cascade", 5)
    assert cascade.failures.tolist() == [2] and cascade.resisted.tolist() == [True]


def test_venom_is_an_additional_poison_critical(content: Content) -> None:
    spider = content.get("harp", "creatures", "araignee-geante", Creature)
    bite = cr.stat_block(content, spider).attacks[0]
    assert bite.additional == AdditionalCritical(table="poison")


def test_regeneration_and_sunlight() -> None:
    assert cr.regeneration(3, lost=20, unregenerable=0) == 6
    assert cr.regeneration(30, lost=20, unregenerable=8) == 12
    assert cr.sunlight_penalty(True, True) == -20 and cr.sunlight_penalty(True, False) == 0


def test_natural_weapon_fumbles_on_01_02(content: Content) -> None:
    wolf = Combatant.from_content(content, "loup")
    assert all(s.fumble == 2 for s in wolf.strikes)


def test_breath_uses_run_out(content: Content, tables: HarpTables) -> None:
    dragon = Combatant.from_content(content, "jeune-dragon")
    breath = next(i for i, s in enumerate(dragon.strikes) if s.kind == "breath")
    hero = Combatant.from_content(content, "dafur")
    state = HarpState.new(2, [dragon.hp, hero.hp])
    uses = np.array([1, 0])
    out = area_attack(SeededDice(3), tables, state, [dragon, hero], 0, [1], 1, strike=breath, uses_left=uses)
    assert uses.tolist() == [0, 0] and not bool(out[0].outcome.hit[1])
    with pytest.raises(RulesError):
        area_attack(SeededDice(3), tables, state, [dragon, hero], 0, [1], 1, strike=breath, uses_left=uses)


def test_sun_hampers_a_stone_troll(content: Content, tables: HarpTables) -> None:
    troll = Combatant.from_content(content, "troll-de-pierre")
    hero = Combatant.from_content(content, "dafur")
    assert troll.sunlight_sensitive
    night = attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(1)), tables,
                   HarpState.new(1, [troll.hp, hero.hp]), [troll, hero], 0, 1, 1)
    day = attack(ScriptedDice({"attack": [50]}, fallback=SeededDice(1)), tables,
                 HarpState.new(1, [troll.hp, hero.hp]), [troll, hero], 0, 1, 1, full_sun=True)
    assert int(day.ob[0]) == int(night.ob[0]) - 20
