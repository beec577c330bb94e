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
from estoc.play.harp import HarpPlay
from estoc.systems.harp import creatures as cr
from estoc.systems.harp.exchange import Combatant, one_exchange
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import HarpTables
from estoc.systems.harp.worlds import Settings, array
from harp_kernel_helpers import World, fighter


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
    dragon = creature(level=3, size="large", stats={"st": 40, "ag": 1, "co": 7, "sd": 3}, attacks=[
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


def row_with(tables: HarpTables, table: str, severity: int) -> int:
    t = tables.attack.index(table)
    return int(np.flatnonzero(tables.attack.severity[t, :, 0] == severity)[0])


def on_row(tables: HarpTables, row: int, reduction: int, extra: str | None = None,
           devastating: bool = False) -> dict[str, Any]:
    """A blade whose attack roll of 50 reads ``row`` (armour 1) on a target of that size reduction."""
    attacker = fighter(ob=row - 50, size="large", additional=extra, devastating=devastating)
    target = fighter("cible", crit_reduction=reduction, stun_immune=True)
    return one_exchange(tables, attacker, target, ScriptedDice({"attack": [50]}, fallback=SeededDice(0)))


def severity(crit: dict[str, Any] | None) -> str | None:
    return crit["severity"] if crit else None


def test_troll_slaying_sword_on_a_hill_troll(tables: HarpTables) -> None:
    """The text: a B critical on a Grande creature is rolled at A; the Tueur critical stays at B."""
    row = row_with(tables, "lames-1m", 2)
    out = on_row(tables, row, 1, "tueur")
    assert out["row"] == row
    assert severity(out["critical"]) == "A" and severity(out["additional_critical"]) == "B"
    # An A critical vanishes on a Grande creature, yet the slaying critical is rolled at A.
    out = on_row(tables, row_with(tables, "lames-1m", 1), 1, "tueur")
    assert out["critical"] is None and severity(out["additional_critical"]) == "A"
    # Any other additional critical follows the reduced severity, and vanishes with it.
    out = on_row(tables, row_with(tables, "lames-1m", 1), 1, "froid")
    assert out["critical"] is None and out["additional_critical"] is None


def test_b_critical_on_a_huge_creature_is_none(tables: HarpTables) -> None:
    out = on_row(tables, row_with(tables, "lames-1m", 2), 2)
    assert out["critical"] is None and out["total_hits"] == out["hits"] > 0
    out = on_row(tables, row_with(tables, "lames-1m", 5), 2)
    assert severity(out["critical"]) == "C"


def test_devastating_strength_doubles_table_hits_only(tables: HarpTables) -> None:
    def exchanges(devastating: bool) -> list[dict[str, Any]]:
        attacker = fighter(ob=80, table="griffes", size="large", devastating=devastating)
        return [one_exchange(tables, attacker, fighter("b"), SeededDice(k)) for k in range(100)]

    plain, doubled = exchanges(False), exchanges(True)
    assert any(p["hits"] for p in plain)
    for p, d in zip(plain, doubled, strict=True):
        assert d["hits"] == 2 * p["hits"]
        assert d["total_hits"] - d["hits"] == p["total_hits"] - p["hits"]


def test_stun_and_bleeding_immunity(tables: HarpTables) -> None:
    world = World(tables, [fighter("cible", stun_immune=True, bleed_immune=True), fighter("b")])
    world.criticals_do(stun=3, bleed=4)
    world.dice({"attack": [50], "critical": [10]})  # no resistance roll: nothing to resist
    out = world.wound(0)[-1]
    assert out["critical"] is not None and out["stun_check"] is None
    assert world.get("stun_until", 0) == 0 and world.get("bleed", 0) == 0 and world.unused() == {}


def test_beasts_do_not_parry(content: Content, tables: HarpTables) -> None:
    wolf = Combatant.from_content(content, "loup")
    orc = Combatant.from_content(content, "orque")
    assert wolf.beast and not orc.beast
    world = World(tables, [wolf, orc])
    assert not world.flags(0)["can_parry"] and world.flags(1)["can_parry"]
    # Play refuses a beast's parry and says why.
    fight = fight_of(content, tables, [{"creature": "loup"}], [{"hero": "dafur"}])
    while fight.combatants[fight.current() or 0].id != "loup":
        fight.apply({"type": "pass"}, SeededDice(1))
    with pytest.raises(RulesError, match="beast"):
        fight.apply({"type": "total-parry", "target": "dafur"}, SeededDice(1))


def fight_of(content: Content, tables: HarpTables, one: list[dict[str, Any]], other: list[dict[str, Any]],
             **settings: Any) -> HarpFight:
    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "a", "en": "a"},
             "sides": [{"id": "a", "members": one}, {"id": "b", "members": other}], **settings}
    fight = HarpPlay(content, tables).new_fight({"encounter": setup})
    fight.apply({"type": "begin"}, SeededDice(1))
    return fight


def test_ram_knocks_down_unless_larger_or_steady(content: Content, tables: HarpTables) -> None:
    horse = Combatant.from_content(content, "cheval-de-guerre")
    man = Combatant.from_content(content, "dafur")
    giant = Combatant.from_content(content, "geant-des-collines")
    ram = next(i for i, s in enumerate(horse.strikes) if s.table == "belier-et-poussee")
    t = tables.attack.index("belier-et-poussee")
    assert bool(tables.attack.knocks_down[t])
    for target, steady, expected in ((man, False, True), (man, True, False), (giant, False, False)):
        row = int(np.flatnonzero(tables.attack.severity[t, :, target.armour_type - 1] >= 3)[0])
        world = World(tables, [horse, target])
        array(world.F, "steady")[0, 1] = int(steady)
        world.dice({"attack": [50]}, fallback=SeededDice(1))
        out = world.strike(0, 1, ram, ob_mod=row - 50 - horse.strikes[ram].ob + target.db)
        assert out["row"] == row and out["critical"] is not None
        assert out["knocked_down"] == expected
        if expected:
            assert world.get("prone", 1)


def test_breath_one_roll_against_each_target(content: Content, tables: HarpTables) -> None:
    dragon = Combatant.from_content(content, "jeune-dragon")
    breath = next(i for i, s in enumerate(dragon.strikes) if s.kind == "breath")
    foes = [Combatant.from_content(content, f) for f in ("dafur", "orque-soudard", "archere-sylvaine")]
    world = World(tables, [dragon, *foes], sides=[0, 1, 1, 1])
    dice = world.dice({"attack": [60]}, fallback=SeededDice(2))
    world.K.py_breathe(world.F, 0, 0, breath, [1, 2, 3])
    exchanges = [r for r in world.told() if r["kind"] == "attack"]
    assert [e["target"] for e in exchanges] == ["dafur", "orque-soudard", "archere-sylvaine"]
    assert [d.purpose for d in dice.records or []].count("attack") == 1
    assert len({e["attack_total"] for e in exchanges}) == 1 and {e["rolls"][0] for e in exchanges} == {60}
    # A fumbled breath stops before it reaches anyone: the fumble is told once, on the first creature.
    world = World(tables, [dragon, *foes], sides=[0, 1, 1, 1])
    world.dice({"attack": [1], "fumble": [30]}, fallback=SeededDice(2))
    world.K.py_breathe(world.F, 0, 0, breath, [1, 2, 3])
    fumbled = [r for r in world.told() if r["kind"] == "attack"]
    assert [(e["target"], e["fumble"], e["hit"]) for e in fumbled] == [("dafur", True, False)]
    assert all(world.get("hp", c) == foes[c - 1].hp for c in (1, 2, 3))


def test_venom_resistance_rolls_at_the_table(content: Content, tables: HarpTables) -> None:
    """« Venins et poisons »: a sting that gets through (a critical) is resisted by a Body roll against 50 + 5 × the
    venom's level; the scorpion's cascade rolls again at the start of the victim's turns while it fails, for its
    three rounds, and tells the venom's text."""
    from estoc.dice import ScriptedDice as Dice
    from estoc.play.harp import HarpPlay

    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "dard", "en": "sting"},
             "sides": [{"id": "a", "members": [{"hero": "dafur"}]},
                       {"id": "b", "members": [{"creature": "scorpion-geant"}]}]}
    fight = HarpPlay(content, tables).new_fight({"encounter": setup, "seed": 1})
    fight.apply({"type": "begin"}, Dice({"initiative": [1, 10]}, fallback=SeededDice(1)))
    dafur = fight.combatants[0]
    sting = fight.apply({"type": "attack", "target": "dafur", "strike": 2},
                        Dice({"attack": [90], "critical": [50], "extra-critical": [50], "resistance": [5, 5]},
                             fallback=SeededDice(1)))
    check = next(r for r in sting if r["kind"] == "attack")["venom_check"]
    assert check["difficulty"] == 50 + 5 * 5 and check["total"] == 5 + dafur.body_rr
    assert not check["resisted"] and check["left"] == 2 and check["text"]["en"]
    later = fight.apply({"type": "pass"}, Dice({"resistance": [90, 90]}, fallback=SeededDice(1)))
    assert [r for r in later if r["kind"] == "venom" and r["resisted"]]


def test_venom_is_an_additional_poison_critical(content: Content) -> None:
    spider = content.get("harp", "creatures", "araignee-geante", Creature)
    bite = cr.stat_block(content, spider).attacks[0]
    assert bite.additional == AdditionalCritical(table="poison")


def test_natural_weapon_fumbles_on_01_02(content: Content) -> None:
    wolf = Combatant.from_content(content, "loup")
    assert all(s.fumble == 2 for s in wolf.strikes)


def test_breath_uses_run_out(content: Content, tables: HarpTables) -> None:
    dragon = Combatant.from_content(content, "jeune-dragon")
    breath = next(i for i, s in enumerate(dragon.strikes) if s.kind == "breath")
    uses = dragon.strikes[breath].uses
    assert uses is not None and uses >= 1
    heroes = [Combatant.from_content(content, h) for h in ("dafur", "archere-sylvaine")]
    world = World(tables, [dragon, *heroes], sides=[0, 1, 1])
    world.dice(SeededDice(3))
    # The policy breathes on two foes while a use is left, and each breath spends one.
    for left in range(uses, 0, -1):
        assert array(world.F, "uses")[0, 0, breath] == left
        decision = world.K.py_decide(world.F, 0, 0)
        assert decision[0] == 6 and decision[2] == breath  # breathe
        for c in (1, 2):
            array(world.F, "hp")[0, c] = heroes[c - 1].hp  # (the heroes stay up: the test is the uses)
            array(world.F, "down")[0, c] = 0
        world.K.py_act(world.F, 0, 0, decision)
        world.told()
    assert array(world.F, "uses")[0, 0, breath] == 0
    decision = world.K.py_decide(world.F, 0, 0)
    assert decision[0] == 1 and decision[2] != breath  # spent: it attacks
    # Play refuses a breath with no use left.
    fight = fight_of(content, tables, [{"creature": "jeune-dragon"}], [{"hero": "dafur"}])
    array(fight.F, "uses")[0, fight.index("jeune-dragon"), breath] = 0
    while fight.combatants[fight.current() or 0].id != "jeune-dragon":
        fight.apply({"type": "pass"}, SeededDice(1))
    with pytest.raises(RulesError):
        fight.apply({"type": "breathe", "targets": ["dafur"]}, SeededDice(3))


def test_sun_hampers_a_stone_troll(content: Content, tables: HarpTables) -> None:
    troll = Combatant.from_content(content, "troll-de-pierre")
    hero = Combatant.from_content(content, "dafur")
    assert troll.sunlight_sensitive

    def strike(full_sun: bool) -> dict[str, Any]:
        world = World(tables, [troll, hero], settings=Settings(full_sun=full_sun))
        world.dice({"attack": [50]}, fallback=SeededDice(1))
        return world.strike(0, 1)

    night, day = strike(False), strike(True)
    assert night["ob"] == troll.strikes[0].ob and day["ob"] == night["ob"] - 20
