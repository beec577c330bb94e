"""The One Ring house rules' attack, played with typed dice: the cases the issue names at the attack's level."""

from __future__ import annotations

import numpy as np

from estoc.dice import ScriptedDice
from estoc.systems.tor.exchange import fend_off
from estoc.systems.tor.rules import AttackSpec, half_up, pierced_feat, resolve_attack

SPEAR = {"pierce": 3, "fend_off": 3}
SWORD = {"pierce": 1, "fend_off": 2}


def attack(faces: dict[str, list[int]], **spec: object) -> object:
    base: dict[str, object] = {"dice": 2, "tn": 14, "damage": 5, "injury": 16, "corps": 4}
    return resolve_attack(ScriptedDice(faces), AttackSpec(**{**base, **spec}), 1)  # type: ignore[arg-type]


def test_heavy_blow_with_a_two_handed_weapon() -> None:
    """Corps 4, two tengwar, a two-handed weapon: 5 + 2 × (4 + 1) = 15 endurance."""
    out = attack({"attack": [3], "attack-success": [6, 6]}, special="heavy", two_handed=True)
    assert bool(out.success[0]) and int(out.tengwar[0]) == 2 and int(out.endurance[0]) == 15  # type: ignore[attr-defined]
    one_hand = attack({"attack": [3], "attack-success": [6, 6]}, special="heavy")
    assert int(one_hand.endurance[0]) == 13  # type: ignore[attr-defined]


def test_fend_off_is_capped_at_ten() -> None:
    out = attack({"attack": [5], "attack-success": [6, 6]}, special="fend", **SPEAR)
    assert int(out.parry_gain[0]) == 6  # type: ignore[attr-defined]
    assert fend_off(0, 6) == 6 and fend_off(6, 6) == 10 and fend_off(10, 3) == 10


def test_pierce_turns_an_eight_into_a_ten_with_a_spear() -> None:
    assert int(pierced_feat(np.array([8]), np.array([1]), 3)[0]) == 10  # never past 10
    out = attack({"attack": [8], "attack-success": [6, 1], "protection": [2], "protection-success": [1, 1]},
                 special="pierce", protection=2, **SPEAR)
    assert bool(out.piercing[0]) and bool(out.wounded[0])  # type: ignore[attr-defined]
    # A sword gains 1 a tengwar: one tengwar makes a 9, no piercing blow.
    sword = attack({"attack": [8], "attack-success": [6, 1]}, special="pierce", **SWORD)
    assert not bool(sword.piercing[0])  # type: ignore[attr-defined]


def test_the_rune_always_hits_and_pierces() -> None:
    out = attack({"attack": [12], "attack-success": [1, 1], "protection": [9], "protection-success": [6, 6]},
                 tn=40, protection=2)
    assert bool(out.success[0]) and bool(out.piercing[0])  # type: ignore[attr-defined]
    assert not bool(out.wounded[0])  # 9 + 12 = 21 ≥ 16: the armour holds  # type: ignore[attr-defined]


def test_yield_ground_halves_rounding_up() -> None:
    assert half_up(np.array([7, 8, 1, 0])).tolist() == [4, 4, 1, 0]


def test_auto_special_pierces_only_when_it_pierces() -> None:
    near = attack({"attack": [9], "attack-success": [6, 2], "protection": [1], "protection-success": [1]},
                  protection=1, **SWORD)
    assert near.special == ["pierce"] and bool(near.piercing[0])  # type: ignore[attr-defined]
    far = attack({"attack": [4], "attack-success": [6, 6]}, **SWORD)
    assert far.special == ["heavy"] and int(far.endurance[0]) == 5 + 2 * 4  # type: ignore[attr-defined]
