"""The exact odds of one attack of the One Ring house rules: every kept feat face and every sum of the success dice
with its tengwar, weighted exactly.

The rules are the kernels' own: the special damage each roll takes comes from
:func:`estoc.systems.tor.rules.choose_special`, the pierce from :func:`~estoc.systems.tor.rules.pierced_feat`, and
the distributions of the dice from :mod:`estoc.dice.tor` (checked against icepool).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from estoc.dice import tor as tor_dice
from estoc.systems.tor.rules import PIERCING_FEAT, TWO_HANDED_HEAVY, AttackSpec, choose_special, pierced_feat


@dataclass(frozen=True)
class TorAttackOdds:
    """Exact probabilities of one attack."""

    success: Fraction
    by_tengwar: dict[int, Fraction]
    """A success with exactly k tengwar (k ≥ 0)."""
    rune: Fraction
    eye: Fraction
    piercing: Fraction
    protection_fails: Fraction
    """Given a piercing blow, the target's protection roll fails."""
    wound: Fraction
    endurance: dict[int, Fraction]
    """Endurance the target loses (0 included), before yielding ground."""

    def mean_endurance(self) -> Fraction:
        return sum((Fraction(x) * p for x, p in self.endurance.items()), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        return {"success": float(self.success), "by_tengwar": {str(k): float(p) for k, p in self.by_tengwar.items()},
                "rune": float(self.rune), "eye": float(self.eye), "piercing": float(self.piercing),
                "protection_fails": float(self.protection_fails), "wound": float(self.wound),
                "endurance": {str(k): float(p) for k, p in sorted(self.endurance.items())},
                "mean_endurance": float(self.mean_endurance()),
                "exact": {"success": str(self.success), "piercing": str(self.piercing), "wound": str(self.wound)}}


def attack_odds(spec: AttackSpec) -> TorAttackOdds:
    """The exact odds of the attack of ``spec``: every (kept feat face, success sum, tengwar) at once, through the
    kernels' own choice of special damage and pierce."""
    feat = tor_dice.feat_distribution(spec.mode)
    dice = tor_dice.success_distribution(max(spec.dice, 0), spec.weary)
    cells = [(face, total, sixes, pf * ps) for face, pf in feat.items() for (total, sixes), ps in dice.items()]
    face = np.array([c[0] for c in cells], dtype=np.int64)
    total = np.array([c[1] for c in cells], dtype=np.int64)
    sixes = np.array([c[2] for c in cells], dtype=np.int64)
    value = tor_dice.feat_value(face)
    ok = (face == tor_dice.RUNE) | (value + total >= spec.tn)
    tengwar = np.where(ok, sixes, 0)
    special = np.array(choose_special(spec, face, tengwar))
    after = np.where(special == "pierce", pierced_feat(face, tengwar, spec.pierce), value)
    heavy = np.where(special == "heavy", tengwar * (spec.corps + (TWO_HANDED_HEAVY if spec.two_handed else 0)), 0)
    lost = np.where(ok, spec.damage + heavy, 0)
    piercing = ok & ((face == tor_dice.RUNE) | (after >= PIERCING_FEAT))
    success = rune = eye = pierce = Fraction(0)
    by_tengwar: dict[int, Fraction] = {}
    endurance: dict[int, Fraction] = {}
    for i, (f, _total, _sixes, p) in enumerate(cells):
        endurance[int(lost[i])] = endurance.get(int(lost[i]), Fraction(0)) + p
        rune += p if f == tor_dice.RUNE else 0
        eye += p if f == tor_dice.EYE else 0
        if ok[i]:
            success += p
            by_tengwar[int(tengwar[i])] = by_tengwar.get(int(tengwar[i]), Fraction(0)) + p
            pierce += p if piercing[i] else 0
    protection = tor_dice.test_odds(max(spec.protection, 0), spec.injury, spec.protection_mode,
                                    spec.protection_weary)
    fails = 1 - protection.success
    return TorAttackOdds(success=success, by_tengwar=dict(sorted(by_tengwar.items())), rune=rune, eye=eye,
                         piercing=pierce, protection_fails=fails, wound=pierce * fails,
                         endurance=dict(sorted(endurance.items())))
