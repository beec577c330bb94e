"""Exact odds of a d100 exchange: equal to a brute-force count and to icepool, and the kernel's exchange played many
times agrees within 4σ."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import icepool
import numpy as np
import pytest

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice import SeededDice
from estoc.dice.expressions import DiceExpression
from estoc.odds.d100 import damage_distribution, exchange_odds
from estoc.systems.d100.exchange import (
    Combatant,
    Defence,
    Exchange,
    Settings,
    WeaponUse,
    prepare,
    shipped_outcomes,
)
from estoc.systems.d100.rules import RESULT_NAMES, Outcomes
from estoc.systems.d100.told import LOGS
from estoc.systems.d100.worlds import array, kernel_of

SHARES = {2: "full", 1: "half", 0: "none"}


@pytest.fixture(scope="module")
def outcomes(content: Content) -> Outcomes:
    return shipped_outcomes(content)


def weapon(damage: str, skill: int, share: int = 2, hp: int | None = 10) -> WeaponUse:
    record = d100.Weapon.model_validate({"id": "arme", "name": {"fr": "Arme", "en": "Weapon"}, "skill": "melee",
                                         "base": skill, "damage": damage, "reach": "medium", "hp": hp,
                                         "damage_bonus": SHARES[share]})
    return WeaponUse(record, record.base, DiceExpression.parse(record.damage))


def fighter(use: WeaponUse, *, bonus: str = "0", armour: int = 0, dodge: int = 30) -> Combatant:
    return Combatant(id="x", name={"fr": "X", "en": "X"}, dex=12, hp=12, damage_bonus=DiceExpression.parse(bonus),
                     weapons=(use,), shield=None, armour_points=armour, helmet_points=0, physical_penalty=0,
                     perception_penalty=0, dodge_skill=dodge, first_aid=0)


def brute_force(x: Exchange) -> dict[int, Fraction]:
    """Every face of both rolls and every face of each damage die, counted one by one, by the text's rules written
    plainly here (the slow, obvious twin of the kernel's)."""
    use = x.attacker.weapons[x.slot]
    damage, bonus = use.damage, x.attacker.damage_bonus
    share = {"full": 2, "half": 1, "none": 0}[use.record.damage_bonus]
    kind, defence_skill, protection, _item = x.defence
    fumble_from = int(x.F.fumble_from)

    def quality(roll: int, skill: int) -> int:
        return 3 if roll >= fumble_from else 0 if roll <= (skill + 2) // 5 else 1 if roll <= skill else 2

    dice_faces = [range(1, sides + 1) for count, sides in damage.terms for _ in range(abs(count))]
    bonus_faces = [range(1, sides + 1) for count, sides in bonus.terms for _ in range(abs(count))]
    signs = [int(np.sign(count)) for count, _ in damage.terms for _ in range(abs(count))]
    bonus_signs = [int(np.sign(count)) for count, _ in bonus.terms for _ in range(abs(count))]
    weapon_totals = [sum(s * f for s, f in zip(signs, faces, strict=True)) + damage.constant
                     for faces in itertools.product(*dice_faces)]
    bonus_totals = [sum(s * f for s, f in zip(bonus_signs, faces, strict=True)) + bonus.constant
                    for faces in itertools.product(*bonus_faces)] if share else [0]
    if share == 1:
        bonus_totals = [-(-b // 2) for b in bonus_totals]
    table = np.asarray(x.F.outcome)
    body: dict[int, Fraction] = {}
    unit = Fraction(1, 100 * 100 * len(weapon_totals) * len(bonus_totals))
    for a in range(1, 101):
        qa = quality(a, x.chance)
        for d in range(1, 101):
            qd = quality(d, defence_skill) if kind != 0 and qa <= 1 else 4
            result = RESULT_NAMES[int(table[qa, qd])]
            for w in weapon_totals:
                for b in bonus_totals:
                    if result in ("hit", "special") or (result == "stopped" and kind == 1):
                        total = max(w + b + (damage.maximum if result == "special" else 0), 0)
                        parry = protection if result == "stopped" else 0
                        past = total - min(total, parry)
                        taken = past - min(past, x.armour)
                    else:
                        taken = 0
                    body[taken] = body.get(taken, Fraction(0)) + unit
    return body


CASES: list[tuple[WeaponUse, str, Combatant, Defence, int]] = [
    (weapon("1D6+1", 45), "1D4", fighter(weapon("1D6", 40, hp=8), armour=2), "parry", 100),
    (weapon("1D8", 70, share=1), "-1D4", fighter(weapon("1D6", 30), dodge=33), "dodge", 100),
    (weapon("2D6", 98, share=0), "0", fighter(weapon("1D6", 30), armour=5), "none", 96),
]


def case(outcomes: Outcomes, use: WeaponUse, bonus: str, defender: Combatant, defence: Defence,
         fumble_from: int) -> Exchange:
    return prepare(outcomes, fighter(use, bonus=bonus), 1, defender, defence, Settings(fumble_from=fumble_from))


@pytest.mark.parametrize("described", CASES)
def test_equal_to_brute_force(described: tuple[WeaponUse, str, Combatant, Defence, int], outcomes: Outcomes) -> None:
    x = case(outcomes, *described)
    assert exchange_odds(x).body == {k: p for k, p in sorted(brute_force(x).items()) if p}


@pytest.mark.parametrize(("damage", "bonus", "share"), [("1D6+1", "1D4", 2), ("2D6", "1D6", 1), ("1D8+1D4", "-1D4", 2),
                                                        ("1D10", "1D4", 0)])
def test_damage_equal_to_icepool(damage: str, bonus: str, share: int, outcomes: Outcomes) -> None:
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
    x = prepare(outcomes, fighter(weapon(damage, 50, share), bonus=bonus), 1, fighter(weapon("1D6", 30)), "none")
    ours = damage_distribution(x, special=False)
    assert ours == {int(k): Fraction(int(w), int(expected.denominator())) for k, w in expected.items() if w}


@pytest.mark.parametrize(("attacker", "defender", "defence"),
                         [("ysolde", "gorm", "parry"), ("jacquot", "brok", "dodge"), ("mathis", "bertrand", "parry")])
def test_simulator_within_four_sigma(content: Content, outcomes: Outcomes, attacker: str, defender: str,
                                     defence: str) -> None:
    a, d = Combatant.from_content(content, attacker), Combatant.from_content(content, defender)
    x = prepare(outcomes, a, 1, d, defence, dice=SeededDice(11))  # type: ignore[arg-type]
    exact = exchange_odds(x, d.hp)
    n = 40_000
    F, K = x.F, kernel_of(x.F)
    results, body = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    for i in range(n):  # the kernel's exchange, played n times from a fresh world
        K.py_fresh(F, 0)
        F.log = []
        K.py_exchange(F, 0, 0, 1, x.slot, x.chance, x.wanted, x.parry_slot)
        results[i] = next(row[5] for row in F.log if row[0] == LOGS["rolls"])  # the log's rolls row: its result
        body[i] = int(array(F, "taken")[0, 1])
    for i, name in enumerate(RESULT_NAMES):
        p = float(exact.result[name])
        seen = float(np.mean(results == i))
        assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-12, name
    mean = float(exact.mean_damage())
    var = float(sum((x - exact.mean_damage()) ** 2 * p for x, p in exact.body.items()))
    assert abs(float(np.mean(body)) - mean) <= 4 * math.sqrt(var / n)
    dying = float(exact.dying or 0)
    assert abs(float(np.mean(d.hp - body <= 0)) - dying) <= 4 * math.sqrt(dying * (1 - dying) / n) + 1e-12
