"""Exact odds of a d100 exchange: equal to a brute-force count and to icepool, and the simulator agrees within 4σ."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import icepool
import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.dice import SeededDice
from estoc.dice.expressions import DiceExpression
from estoc.odds.d100 import damage_distribution, exchange_odds
from estoc.systems.d100.exchange import (
    Combatant,
    DefenceOption,
    ExchangeSpec,
    exchange_spec,
    resolve_exchange,
    shipped_outcomes,
)
from estoc.systems.d100.rules import RESULT_NAMES, Outcomes, absorb, quality


@pytest.fixture(scope="module")
def outcomes(content: Content) -> Outcomes:
    return shipped_outcomes(content)


def brute_force(spec: ExchangeSpec, outcomes: Outcomes) -> dict[int, Fraction]:
    """Every face of both rolls and every face of each damage die, counted one by one."""
    damage, bonus = spec.damage, spec.damage_bonus
    dice_faces = [range(1, sides + 1) for count, sides in damage.terms for _ in range(abs(count))]
    bonus_faces = [range(1, sides + 1) for count, sides in bonus.terms for _ in range(abs(count))]
    signs = [int(np.sign(count)) for count, _ in damage.terms for _ in range(abs(count))]
    bonus_signs = [int(np.sign(count)) for count, _ in bonus.terms for _ in range(abs(count))]
    weapon_totals = [sum(s * f for s, f in zip(signs, faces, strict=True)) + damage.constant
                     for faces in itertools.product(*dice_faces)]
    bonus_totals = [sum(s * f for s, f in zip(bonus_signs, faces, strict=True)) + bonus.constant
                    for faces in itertools.product(*bonus_faces)] if spec.bonus_share else [0]
    if spec.bonus_share == 1:
        bonus_totals = [-(-b // 2) for b in bonus_totals]
    body: dict[int, Fraction] = {}
    unit = Fraction(1, 100 * 100 * len(weapon_totals) * len(bonus_totals))
    for a in range(1, 101):
        qa = int(quality(np.array([a]), spec.skill, spec.fumble_from)[0])
        for d in range(1, 101):
            qd = int(quality(np.array([d]), spec.defence.skill, spec.fumble_from)[0]) \
                if spec.defence.kind != "none" and qa <= 1 else 4
            result = RESULT_NAMES[int(outcomes.result[qa, qd])]
            for w in weapon_totals:
                for b in bonus_totals:
                    if result in ("hit", "special") or (result == "stopped" and spec.defence.kind == "parry"):
                        total = max(w + b + (damage.maximum if result == "special" else 0), 0)
                        protection = spec.defence.protection if result == "stopped" else 0
                        taken = int(absorb(np.array([total]), protection, spec.armour).body[0])
                    else:
                        taken = 0
                    body[taken] = body.get(taken, Fraction(0)) + unit
    return body


CASES = [
    ExchangeSpec(DiceExpression.parse("1D6+1"), DiceExpression.parse("1D4"), 2, 45,
                 DefenceOption("parry", 40, 8, "shield"), 2),
    ExchangeSpec(DiceExpression.parse("1D8"), DiceExpression.parse("-1D4"), 1, 70, DefenceOption("dodge", 33), 0),
    ExchangeSpec(DiceExpression.parse("2D6"), DiceExpression.parse("0"), 0, 98, DefenceOption("none", 0), 5,
                 fumble_from=96),
]


@pytest.mark.parametrize("spec", CASES)
def test_equal_to_brute_force(spec: ExchangeSpec, outcomes: Outcomes) -> None:
    assert exchange_odds(spec, outcomes).body == {k: p for k, p in sorted(brute_force(spec, outcomes).items()) if p}


@pytest.mark.parametrize(("damage", "bonus", "share"), [("1D6+1", "1D4", 2), ("2D6", "1D6", 1), ("1D8+1D4", "-1D4", 2),
                                                        ("1D10", "1D4", 0)])
def test_damage_equal_to_icepool(damage: str, bonus: str, share: int) -> None:
    d, b = DiceExpression.parse(damage), DiceExpression.parse(bonus)

    def pool(e: DiceExpression) -> icepool.Die:
        total = icepool.Die([e.constant])
        for count, sides in e.terms:
            die = abs(count) @ icepool.d(sides)
            total = total + die if count > 0 else total - die
        return total

    expected = pool(d)
    if share:
        extra = pool(b)
        expected = expected + (extra.map(lambda x: -(-x // 2)) if share == 1 else extra)
    expected = expected.map(lambda x: max(x, 0))
    ours = damage_distribution(d, b, share, special=False)
    assert ours == {int(k): Fraction(int(w), int(expected.denominator())) for k, w in expected.items() if w}


@pytest.mark.parametrize(("attacker", "defender", "defence"),
                         [("ysolde", "gorm", "parry"), ("jacquot", "brok", "dodge"), ("mathis", "bertrand", "parry")])
def test_simulator_within_four_sigma(content: Content, outcomes: Outcomes, attacker: str, defender: str,
                                     defence: str) -> None:
    a, d = Combatant.from_content(content, attacker), Combatant.from_content(content, defender)
    spec = exchange_spec(a, 1, d, defence)  # type: ignore[arg-type]
    exact = exchange_odds(spec, outcomes, d.hp)
    n = 1_000_000
    sim = resolve_exchange(SeededDice(11), outcomes, spec, n)
    for i, name in enumerate(RESULT_NAMES):
        p = float(exact.result[name])
        seen = float(np.mean(sim.result == i))
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12, name
    mean = float(exact.mean_damage())
    var = float(sum((x - exact.mean_damage()) ** 2 * p for x, p in exact.body.items()))
    assert abs(float(np.mean(sim.body)) - mean) <= 4 * math.sqrt(var / n)
    dying = float(exact.dying or 0)
    assert abs(float(np.mean(d.hp - sim.body <= 0)) - dying) <= 4 * math.sqrt(dying * (1 - dying) / n) + 1e-12
