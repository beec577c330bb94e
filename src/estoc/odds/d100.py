"""The exact odds of one d100 exchange: every face of the attack roll, of the defence roll and of the damage dice,
weighted exactly.

The rules are the kernels' own: the quality of each face comes from :func:`estoc.systems.d100.rules.quality`, the
result from the attacks and defences table (:class:`~estoc.systems.d100.rules.Outcomes`), the damage from the
dice expressions' exact distributions, and what the parrying item and the armour stop from
:func:`~estoc.systems.d100.rules.absorb`. Nothing is left out: every probability is a fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from estoc.dice.expressions import DiceExpression, half_up_distribution
from estoc.systems.d100.exchange import ExchangeSpec
from estoc.systems.d100.rules import (
    HIT,
    NONE,
    QUALITY_NAMES,
    RESULT_NAMES,
    SPECIAL_HIT,
    STOPPED,
    SUCCESS,
    UNCONSCIOUS_AT,
    Outcomes,
    absorb,
    quality,
)

FACES = np.arange(1, 101, dtype=np.int64)

Dist = dict[int, Fraction]


def _from_weights(lowest: int, weights: Any) -> Dist:
    total = sum(int(w) for w in weights)
    return {lowest + i: Fraction(int(w), total) for i, w in enumerate(weights) if int(w)}


def _add(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def damage_distribution(damage: DiceExpression, bonus: DiceExpression, share: int, *, special: bool) -> Dist:
    """The blow's damage before protection, floored at 0: the weapon's dice (plus their maximum for a special
    success) and the damage bonus (``share``: 2 whole, 1 half rounded up, 0 none)."""
    total = _from_weights(*damage.distribution())
    if special:
        total = {x + damage.maximum: p for x, p in total.items()}
    if share and (bonus.terms or bonus.constant):
        low, weights = bonus.distribution()
        if share == 1:
            low, weights = half_up_distribution(low, weights)
        total = _add(total, _from_weights(low, weights))
    out: Dist = {}
    for x, p in total.items():
        out[max(x, 0)] = out.get(max(x, 0), Fraction(0)) + p
    return out


def quality_odds(skill: int, fumble_from: int) -> list[Fraction]:
    """The chance of each quality (special, success, failure, fumble) of one d100 roll against ``skill``."""
    counts = np.bincount(quality(FACES, skill, fumble_from), minlength=4)
    return [Fraction(int(c), 100) for c in counts[:4]]


@dataclass(frozen=True)
class D100Odds:
    """Exact probabilities of one d100 exchange."""

    attack: dict[str, Fraction]
    """The attack roll's quality."""
    defence: dict[str, Fraction]
    """The defence roll's quality, given that it is rolled (after a successful attack); empty without a defence."""
    result: dict[str, Fraction]
    body: Dist
    """The hit points the defender loses (0 included)."""
    worn: Fraction
    """The parrying item loses a hit point (the blow beat its protection)."""
    target_hp: int | None
    unconscious: Fraction | None
    """Down to 2 hit points or fewer from ``target_hp``."""
    dying: Fraction | None
    """Down to 0 or fewer: dead at the end of the round unless first aid brings it back to 1."""

    def mean_damage(self) -> Fraction:
        return sum((Fraction(x) * p for x, p in self.body.items()), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        def num(p: Fraction | None) -> float | None:
            return None if p is None else float(p)

        return {
            "attack": {k: num(p) for k, p in self.attack.items()},
            "defence": {k: num(p) for k, p in self.defence.items()},
            "result": {k: num(p) for k, p in self.result.items()},
            "damage": {str(k): num(p) for k, p in sorted(self.body.items())},
            "mean_damage": float(self.mean_damage()),
            "item_worn": num(self.worn),
            "target_hp": self.target_hp,
            "unconscious": num(self.unconscious),
            "dying": num(self.dying),
            "exact": {"result": {k: str(p) for k, p in self.result.items()}},
        }


def exchange_odds(spec: ExchangeSpec, outcomes: Outcomes, target_hp: int | None = None) -> D100Odds:
    """The exact odds of the attack of ``spec``."""
    attack = quality_odds(spec.skill, spec.fumble_from)
    defended = spec.defence.kind != "none"
    defence = quality_odds(spec.defence.skill, spec.fumble_from) if defended else []
    result = [Fraction(0)] * len(RESULT_NAMES)
    for a, pa in enumerate(attack):
        if not pa:
            continue
        if defended and a <= SUCCESS:
            for d, pd in enumerate(defence):
                result[int(outcomes.result[a, d])] += pa * pd
        else:
            result[int(outcomes.result[a, NONE])] += pa
    body: Dist = {}
    worn = Fraction(0)

    def mix(weight: Fraction, damage: Dist, protection: int) -> None:
        nonlocal worn
        for x, p in damage.items():
            taken = absorb(np.array([x]), protection, spec.armour)
            y = int(taken.body[0])
            body[y] = body.get(y, Fraction(0)) + weight * p
            if bool(taken.worn[0]):
                worn += weight * p

    normal = damage_distribution(spec.damage, spec.damage_bonus, spec.bonus_share, special=False)
    mix(result[HIT], normal, 0)
    mix(result[SPECIAL_HIT], damage_distribution(spec.damage, spec.damage_bonus, spec.bonus_share, special=True), 0)
    if spec.defence.kind == "parry":
        mix(result[STOPPED], normal, spec.defence.protection)
    else:
        body[0] = body.get(0, Fraction(0)) + result[STOPPED]
    body[0] = body.get(0, Fraction(0)) + result[0]
    body = {k: p for k, p in body.items() if p}
    unconscious = dying = None
    if target_hp is not None:
        unconscious = sum((p for x, p in body.items() if target_hp - x <= UNCONSCIOUS_AT), Fraction(0))
        dying = sum((p for x, p in body.items() if target_hp - x <= 0), Fraction(0))
    return D100Odds(
        attack={QUALITY_NAMES[i]: p for i, p in enumerate(attack)},
        defence={QUALITY_NAMES[i]: p for i, p in enumerate(defence)},
        result={RESULT_NAMES[i]: p for i, p in enumerate(result)},
        body=dict(sorted(body.items())), worn=worn, target_hp=target_hp, unconscious=unconscious, dying=dying)
