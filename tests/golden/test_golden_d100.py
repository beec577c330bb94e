"""The d100 text's worked examples, and the cases the issue names, played through the kernels with typed dice."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.dice.expressions import DiceExpression
from estoc.errors import RulesError
from estoc.systems.d100.exchange import (
    Combatant,
    DefenceOption,
    ExchangeSpec,
    ShieldUse,
    WeaponUse,
    exchange_spec,
    resolve_exchange,
)
from estoc.systems.d100.rules import HIT, SPECIAL, SPECIAL_HIT, SUCCESS, Outcomes, absorb, roll_damage

ONE = np.array([0])
TABLE = Outcomes.from_rows({
    "special": {"special": "stopped", "success": "special", "failure": "special", "fumble": "special",
                "none": "special"},
    "success": {"special": "stopped", "success": "stopped", "failure": "hit", "fumble": "hit", "none": "hit"},
    "failure": dict.fromkeys(("special", "success", "failure", "fumble", "none"), "miss"),
    "fumble": dict.fromkeys(("special", "success", "failure", "fumble", "none"), "miss"),
})


def weapon(**data: Any) -> WeaponUse:
    fields = {"id": "arme", "name": {"fr": "Arme", "en": "Weapon"}, "skill": "melee", "base": 25,
              "damage": "1D6+1", "reach": "medium", "hp": 10, **data}
    record = d100.Weapon.model_validate(fields)
    return WeaponUse(record, record.base, DiceExpression.parse(record.damage))


def fighter(weapons: tuple[WeaponUse, ...], *, shield: ShieldUse | None = None, armour: int = 0,
            bonus: str = "0", hp: int = 12) -> Combatant:
    return Combatant(id="x", name={"fr": "X", "en": "X"}, dex=12, hp=hp, damage_bonus=DiceExpression.parse(bonus),
                     weapons=weapons, shield=shield, armour_points=armour, helmet_points=0, physical_penalty=0,
                     perception_penalty=0, dodge_skill=30, first_aid=50)


def test_twelve_hit_points_leather_and_a_six_point_blow() -> None:
    """12 hit points, leather of 2 points, a blow of 6: 4 get through, 8 hit points are left."""
    blow = absorb(np.array([6]), 0, 2)
    assert int(blow.armour[0]) == 2 and int(blow.body[0]) == 4 and 12 - int(blow.body[0]) == 8
    # The same through a whole exchange: a hit (roll 20 under 25 %), no defence, 6 on 1D6 against leather.
    spec = ExchangeSpec(damage=DiceExpression.parse("1D6"), damage_bonus=DiceExpression.parse("0"), bonus_share=2,
                        skill=25, defence=DefenceOption("none", 0), armour=2)
    out = resolve_exchange(ScriptedDice({"attack": [20], "damage": [6]}), TABLE, spec, 1)
    assert int(out.result[0]) == HIT and int(out.body[0]) == 4


def test_a_short_sword_special_success() -> None:
    """1D6+1 at its maximum, 7, plus 3 + 1 on the die, plus 2 on the 1D4 bonus: 13."""
    dice = ScriptedDice({"damage": [3], "damage-bonus": [2]})
    roll, bonus, total = roll_damage(dice, DiceExpression.parse("1D6+1"), DiceExpression.parse("1D4"), 2,
                                     np.array([True]))
    assert (int(roll[0]), int(bonus[0]), int(total[0])) == (4, 2, 13)


def test_first_aid_restores_no_more_than_the_wound(content: Content) -> None:
    from estoc.systems.d100.play import D100Play

    setup = {"schema_version": 1, "system": "d100", "kind": "encounter", "name": {"fr": "S", "en": "S"},
             "sides": [{"id": "a", "members": [{"character": "ysolde"}, {"character": "odon"}]},
                       {"id": "b", "members": [{"character": "gorm"}]}]}
    fight = D100Play(content).new_fight({"encounter": setup, "seed": 1})
    for event, faces in (({"type": "begin"}, {}), ({"type": "gm", "op": "damage", "target": "ysolde", "value": 2}, {}),
                         ({"type": "actions"}, {}), ({"type": "pass"}, {}),
                         ({"type": "first-aid", "target": "ysolde"}, {"first-aid": [10], "first-aid-heal": [3]})):
        records = fight.apply(event, ScriptedDice(faces))
    aid = next(r for r in records if r["kind"] == "first-aid")
    assert aid["success"] and aid["healed"] == 2 and aid["hp"] == 13


def test_a_special_attack_beats_a_normal_parry() -> None:
    sword = weapon()
    spec = exchange_spec(fighter((sword,)), 1, fighter((weapon(),), armour=1), "parry")
    assert spec.defence.kind == "parry" and spec.defence.protection == 10
    # 3 is a special success at 25 % (5 or less); the parry's 12 is a plain success at 25 %.
    out = resolve_exchange(ScriptedDice({"attack": [3], "defence": [12], "damage": [3]}), TABLE, spec, 1)
    assert int(out.attack_quality[0]) == SPECIAL and int(out.defence_quality[0]) == SUCCESS
    assert int(out.result[0]) == SPECIAL_HIT and int(out.damage[0]) == 7 + 4 and int(out.body[0]) == 10


def test_a_parried_blow_wears_the_weapon_past_its_protection() -> None:
    spec = exchange_spec(fighter((weapon(damage="2D6"),)), 1, fighter((weapon(hp=5),), armour=1), "parry")
    out = resolve_exchange(ScriptedDice({"attack": [20], "defence": [15], "damage": [6, 2]}), TABLE, spec, 1)
    assert int(out.damage[0]) == 8 and int(out.absorbed.item[0]) == 5 and int(out.absorbed.armour[0]) == 1
    assert int(out.body[0]) == 2 and bool(out.absorbed.worn[0])


def test_a_firearm_cannot_be_parried_nor_dodged() -> None:
    pistol = weapon(skill="firearm", reach="missile", range=10, hp=None, damage="1D8", high_velocity=True,
                    magazine=6, damage_bonus="none")
    with pytest.raises(RulesError, match="neither parried nor dodged"):
        exchange_spec(fighter((pistol,)), 1, fighter((weapon(),)), "parry")
    with pytest.raises(RulesError):
        exchange_spec(fighter((pistol,)), 1, fighter((weapon(),)), "dodge")
    assert exchange_spec(fighter((pistol,)), 1, fighter((weapon(),)), "none").defence.kind == "none"


def test_armour_hampers_dodging_and_throwing_not_shooting() -> None:
    """Dodge and Throw are physical skills: the armour's penalty lowers them; a bow's skill is not one."""
    from dataclasses import replace

    from estoc.systems.d100.exchange import attack_skill

    javelin = weapon(skill="missile", reach="missile", range=20, hp=None, thrown=True, dodgeable_missile=True)
    bow = weapon(skill="missile", reach="missile", range=90, hp=None, dodgeable_missile=True)
    assert attack_skill(javelin, physical_penalty=-15) == 25 - 15
    assert attack_skill(bow, physical_penalty=-15) == 25
    assert attack_skill(javelin, physical_penalty=-15, distance=30) == 5  # half of 10 beyond the range
    armoured = replace(fighter((weapon(),)), physical_penalty=-20)
    assert armoured.dodge() == 10
