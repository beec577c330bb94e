"""The exact odds of one d100 exchange: every face of the attack roll, of the defence roll and of the damage dice,
weighted exactly.

The rules are the kernel's own, read from the exchange's world of two (:func:`estoc.systems.d100.exchange.prepare`):
the attacker's chance and the defence the kernel found, the quality of each face (``py_quality``), the result from
the table the kernel holds, the damage bonus's share and a blow's total (``py_bonus_share``, ``py_blow``), what the
parrying item and the armour stop (``py_absorb``), and what the hit points left mean (``py_falls``). This module
only enumerates: every probability is a fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from estoc.systems.d100 import rules
from estoc.systems.d100.exchange import DEFENCE_CODES, Exchange
from estoc.systems.d100.rules import QUALITY_NAMES, RESULT_NAMES
from estoc.systems.d100.worlds import kernel_of

FACES = range(1, 101)

Dist = dict[int, Fraction]


def _from_weights(lowest: int, weights: Any) -> Dist:
    total = sum(int(w) for w in weights)
    return {lowest + i: Fraction(int(w), total) for i, w in enumerate(weights) if int(w)}


def damage_distribution(exchange: Exchange, *, special: bool) -> Dist:
    """The blow's damage before protection: the weapon's dice and the wielder's damage bonus (their exact
    distributions, from the content), put together by the kernel's rules (the bonus's share, the weapon's maximum on
    a special success, never below 0)."""
    F, s = exchange.F, exchange.slot
    K = kernel_of(F)
    weapon = _from_weights(*exchange.attacker.weapons[s].damage.distribution())
    bonus = exchange.attacker.damage_bonus
    bonuses = _from_weights(*bonus.distribution()) if bonus.terms or bonus.constant else {0: Fraction(1)}
    out: Dist = {}
    for x, p in weapon.items():
        for b, q in bonuses.items():
            total = int(K.py_blow(F, 0, s, x, int(K.py_bonus_share(F, 0, s, b)), special))
            out[total] = out.get(total, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def quality_odds(exchange: Exchange, chance: int) -> list[Fraction]:
    """The chance of each quality (special, success, failure, fumble) of one d100 roll against ``chance``, by the
    kernel's reading of each face."""
    F = exchange.F
    K = kernel_of(F)
    counts = [0] * 4
    for face in FACES:
        counts[int(K.py_quality(F, face, chance))] += 1
    return [Fraction(c, 100) for c in counts]


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


def exchange_odds(exchange: Exchange, target_hp: int | None = None) -> D100Odds:
    """The exact odds of the attack of ``exchange``."""
    F = exchange.F
    K = kernel_of(F)
    kind, defence_chance, protection, _item = exchange.defence
    table = np.asarray(F.outcome)
    attack = quality_odds(exchange, exchange.chance)
    defended = kind != DEFENCE_CODES["none"]
    defence = quality_odds(exchange, defence_chance) if defended else []
    result = [Fraction(0)] * len(RESULT_NAMES)
    for a, pa in enumerate(attack):
        if not pa:
            continue
        if defended and a <= rules.SUCCESS:
            for d, pd in enumerate(defence):
                result[int(table[a, d])] += pa * pd
        else:
            result[int(table[a, rules.NONE])] += pa
    body: Dist = {}
    worn = Fraction(0)
    def mix(weight: Fraction, damage: Dist, parry: int, parried: bool = False) -> None:
        nonlocal worn
        armour = int(K.py_struck_armour(F, 1, parried))  # after a parry, as the setting parried_excess says
        for x, p in damage.items():
            _item_stops, _armour_stops, taken, wears = K.py_absorb(x, parry, armour)
            body[int(taken)] = body.get(int(taken), Fraction(0)) + weight * p
            if wears:
                worn += weight * p

    normal = damage_distribution(exchange, special=False)
    mix(result[rules.HIT], normal, 0)
    mix(result[rules.SPECIAL_HIT], damage_distribution(exchange, special=True), 0)
    if kind == DEFENCE_CODES["parry"]:
        mix(result[rules.STOPPED], normal, protection, True)
    else:
        body[0] = body.get(0, Fraction(0)) + result[rules.STOPPED]
    body[0] = body.get(0, Fraction(0)) + result[0]
    body = {k: p for k, p in body.items() if p}
    unconscious = dying = None
    if target_hp is not None:
        fates = {x: K.py_falls(target_hp - x) for x in body}
        unconscious = sum((p for x, p in body.items() if fates[x][0]), Fraction(0))
        dying = sum((p for x, p in body.items() if fates[x][1]), Fraction(0))
    return D100Odds(
        attack={QUALITY_NAMES[i]: p for i, p in enumerate(attack)},
        defence={QUALITY_NAMES[i]: p for i, p in enumerate(defence)},
        result={RESULT_NAMES[i]: p for i, p in enumerate(result)},
        body=dict(sorted(body.items())), worn=worn, target_hp=target_hp, unconscious=unconscious, dying=dying)
