"""Exact odds of a One Ring attack: equal to icepool for 1 to 6 success dice, favoured, ill-favoured and weary;
each number of tengwar, piercing blows and wounds after protection agree with the simulator within 4σ."""

from __future__ import annotations

import math
from fractions import Fraction

import icepool
import numpy as np
import pytest

from estoc.dice import SeededDice
from estoc.dice.tor import Mode
from estoc.odds.tor import attack_odds
from estoc.systems.tor.rules import AttackSpec, resolve_attack

RUNE_VALUE = 1000  # the rune: a value no TN reaches, so that it always succeeds


def feat(mode: Mode) -> icepool.Die:
    # Faces 1–10 are worth themselves, the Eye (11) 0 and the rune (12) always succeeds; rank by that value.
    one = icepool.d(12).map(lambda f: RUNE_VALUE if f == 12 else 0 if f == 11 else f)
    if mode == "favoured":
        return icepool.highest(one, one)
    if mode == "ill":
        return icepool.lowest(one, one)
    return one


def success_chance(dice: int, tn: int, mode: Mode, weary: bool) -> Fraction:
    d6 = icepool.d(6).map(lambda f: 0 if weary and f <= 3 else f)
    total = feat(mode) + (dice @ d6 if dice else icepool.Die([0]))
    return Fraction(int(total.quantity(">=", tn)), int(total.denominator()))


@pytest.mark.parametrize("dice", range(1, 7))
@pytest.mark.parametrize(("mode", "weary"), [("normal", False), ("favoured", False), ("ill", False),
                                             ("normal", True), ("favoured", True)])
def test_success_equals_icepool(dice: int, mode: Mode, weary: bool) -> None:
    for tn in (12, 16, 20):
        spec = AttackSpec(dice=dice, tn=tn, damage=4, injury=16, mode=mode, weary=weary)
        assert attack_odds(spec).success == success_chance(dice, tn, mode, weary)


def test_tengwar_count_equals_icepool() -> None:
    # (value, is a six) pairs, summed: the count of sixes among three dice on a success.
    spec = AttackSpec(dice=3, tn=15, damage=4, injury=16)
    odds = attack_odds(spec)
    d6 = icepool.d(6)
    pool = feat("normal") + 3 @ d6
    assert odds.success == Fraction(int(pool.quantity(">=", 15)), int(pool.denominator()))
    sixes = 3 @ d6.map(lambda f: 1 if f == 6 else 0)
    # With a TN no roll can miss, the tengwar follow the sixes alone.
    sure = attack_odds(AttackSpec(dice=3, tn=0, damage=4, injury=16))
    for k in range(4):
        assert sure.by_tengwar[k] == Fraction(int(sixes.quantity("==", k)), int(sixes.denominator()))


@pytest.mark.parametrize("spec", [
    AttackSpec(dice=3, tn=16, damage=5, injury=16, corps=5, pierce=3, protection=3),
    AttackSpec(dice=2, tn=14, damage=4, injury=14, corps=3, pierce=1, protection=2, mode="favoured",
               special="heavy", two_handed=True),
    AttackSpec(dice=4, tn=18, damage=6, injury=18, corps=6, pierce=2, protection=1, mode="ill", weary=True,
               protection_mode="ill"),
])
def test_simulator_within_four_sigma(spec: AttackSpec) -> None:
    exact = attack_odds(spec)
    n = 400_000
    sim = resolve_attack(SeededDice(5), spec, n)
    for name, seen, p in (("success", sim.success, exact.success), ("piercing", sim.piercing, exact.piercing),
                          ("wound", sim.wounded, exact.wound)):
        q = float(p)
        assert abs(float(np.mean(seen)) - q) <= 4 * math.sqrt(q * (1 - q) / n) + 1e-12, name
    for k, p in exact.by_tengwar.items():
        q = float(p)
        seen = float(np.mean(sim.success & (sim.tengwar == k)))
        assert abs(seen - q) <= 4 * math.sqrt(q * (1 - q) / n) + 1e-12, k
    mean = float(exact.mean_endurance())
    var = float(sum((x - exact.mean_endurance()) ** 2 * p for x, p in exact.endurance.items()))
    assert abs(float(np.mean(sim.endurance)) - mean) <= 4 * math.sqrt(var / n)
