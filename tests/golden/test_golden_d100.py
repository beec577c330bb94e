"""The d100 text's worked examples, and the cases the issue names, played through the kernels with typed dice."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.dice.expressions import DiceExpression
from estoc.errors import RulesError
from estoc.systems.d100.exchange import Combatant, ShieldUse, WeaponUse, prepare, strike
from estoc.systems.d100.rules import Outcomes
from estoc.systems.d100.worlds import kernel

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
            bonus: str = "0", hp: int = 12, physical: int = 0) -> Combatant:
    return Combatant(id="x", name={"fr": "X", "en": "X"}, dex=12, hp=hp, damage_bonus=DiceExpression.parse(bonus),
                     weapons=weapons, shield=shield, armour_points=armour, helmet_points=0,
                     physical_penalty=physical, perception_penalty=0, dodge_skill=30, first_aid=50)


def test_twelve_hit_points_leather_and_a_six_point_blow() -> None:
    """12 hit points, leather of 2 points, a blow of 6: 4 get through, 8 hit points are left."""
    _item, armour, body, _worn = kernel().py_absorb(6, 0, 2)
    assert armour == 2 and body == 4 and 12 - body == 8
    # The same through a whole exchange: a hit (roll 20 under 25 %), no defence, 6 on 1D6 against leather.
    exchange = prepare(TABLE, fighter((weapon(damage="1D6"),)), 1, fighter((weapon(),), armour=2, hp=12), "none",
                       dice=ScriptedDice({"attack": [20], "damage": [6]}))
    out = strike(exchange)
    assert out["result"] == "hit" and out["body"] == 4 and out["hp"] == 8


def test_a_short_sword_special_success() -> None:
    """1D6+1 at its maximum, 7, plus 3 + 1 on the die, plus 2 on the 1D4 bonus: 13."""
    dice = ScriptedDice({"attack": [1], "damage": [3], "damage-bonus": [2]})
    out = strike(prepare(TABLE, fighter((weapon(),), bonus="1D4"), 1, fighter((weapon(),), hp=30), "none",
                         dice=dice))
    assert out["result"] == "special" and (out["weapon_roll"], out["bonus"], out["damage"]) == (4, 2, 13)


def test_first_aid_restores_no_more_than_the_wound(content: Content) -> None:
    from estoc.play.d100 import D100Play

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
    dice = ScriptedDice({"attack": [3], "defence": [12], "damage": [3]})
    exchange = prepare(TABLE, fighter((sword,)), 1, fighter((weapon(),), armour=1, hp=30), "parry", dice=dice)
    assert exchange.defence_kind == "parry" and exchange.defence[2] == 10
    # 3 is a special success at 25 % (5 or less); the parry's 12 is a plain success at 25 %.
    out = strike(exchange)
    assert out["attack_quality"] == "special" and out["defence_quality"] == "success"
    assert out["result"] == "special" and out["damage"] == 7 + 4 and out["body"] == 10


def test_a_parried_blow_wears_the_weapon_past_its_protection() -> None:
    dice = ScriptedDice({"attack": [20], "defence": [15], "damage": [6, 2]})
    out = strike(prepare(TABLE, fighter((weapon(damage="2D6"),)), 1, fighter((weapon(hp=5),), armour=1), "parry",
                         dice=dice))
    assert out["damage"] == 8 and out["stopped_by_item"] == 5 and out["stopped_by_armour"] == 1
    assert out["body"] == 2 and out["item_worn"]


def test_a_firearm_cannot_be_parried_nor_dodged() -> None:
    pistol = weapon(skill="firearm", reach="missile", range=10, hp=None, damage="1D8", high_velocity=True,
                    magazine=6, damage_bonus="none")
    with pytest.raises(RulesError, match="neither parried nor dodged"):
        prepare(TABLE, fighter((pistol,)), 1, fighter((weapon(),)), "parry")
    with pytest.raises(RulesError):
        prepare(TABLE, fighter((pistol,)), 1, fighter((weapon(),)), "dodge")
    assert prepare(TABLE, fighter((pistol,)), 1, fighter((weapon(),)), "none").defence_kind == "none"
    assert prepare(TABLE, fighter((pistol,)), 1, fighter((weapon(),))).defence_kind == "none"  # the best left


def test_armour_hampers_dodging_and_throwing_not_shooting() -> None:
    """Dodge and Throw are physical skills: the armour's penalty lowers them; a bow's skill is not one."""
    from dataclasses import replace

    javelin = weapon(skill="missile", reach="missile", range=20, hp=None, thrown=True, dodgeable_missile=True)
    bow = weapon(skill="missile", reach="missile", range=90, hp=None, dodgeable_missile=True)
    target = fighter((weapon(),))
    assert prepare(TABLE, fighter((javelin,), physical=-15), 1, target).chance == 25 - 15
    assert prepare(TABLE, fighter((bow,), physical=-15), 1, target).chance == 25
    assert prepare(TABLE, fighter((javelin,), physical=-15), 1, target, distance=30).chance == 5  # half of 10
    armoured = replace(fighter((weapon(),)), physical_penalty=-20)
    assert armoured.dodge() == 10


@pytest.mark.parametrize(("blow", "defender", "wanted", "reason", "said"), [
    ("bow", "sword", "parry", "missile-parry", "only be parried with a shield"),
    ("bow", "sword", "dodge", "no-dodge", "cannot be dodged unless"),
    ("sword", "bare", "parry", "held-no-parry", "does not parry, and no shield is in hand"),
    ("pistol", "sword", "dodge", "unstoppable", "neither parried nor dodged"),
])
def test_a_refused_defence_is_the_kernels_reason(blow: str, defender: str, wanted: str, reason: str,
                                                  said: str) -> None:
    """The GM reads the reason the kernel's ``defence`` gives, the one the blow itself is played on."""
    from estoc.systems.d100.exchange import DEFENCE_CODES
    from estoc.systems.d100.refusals import REASONS
    from estoc.systems.d100.worlds import build, kernel_of

    weapons = {
        "bow": weapon(skill="missile", reach="missile", range=60, hp=None, damage="1D8", damage_bonus="none"),
        "pistol": weapon(skill="firearm", reach="missile", range=10, hp=None, damage="1D8", high_velocity=True,
                         magazine=6, damage_bonus="none"),
        "sword": weapon(),
        "bare": weapon(hp=None),  # (no hit points: it cannot parry)
    }
    a, d = fighter((weapons[blow],)), fighter((weapons[defender],))
    F = build(TABLE, [a, d], [0, 1], 1)
    code = int(kernel_of(F).py_defence_refused(F, 0, 0, 0, 1, DEFENCE_CODES[wanted], -1))
    assert code == REASONS[reason]
    with pytest.raises(RulesError, match=said):
        prepare(TABLE, a, 1, d, wanted)  # type: ignore[arg-type]
