"""The exact odds of one attack of the One Ring house rules: every kept feat face and every sum of the success dice
with its tengwar, weighted exactly, each read by the kernel.

The blow's numbers (dice, TN, favoured or ill-favoured, weariness, the target's protection) are the kernel's
(:func:`estoc.systems.tor.blow.numbers`, its ``py_exchange``), on the fight's own world or on a world of two
(:mod:`estoc.systems.tor.blow`); the faces are enumerated here and each is read through the kernel's scalar
functions: the feat die kept of two (``py_kept_feat``), what a success die adds (``py_success_value``), whether the
roll succeeds and what its tengwar buy (``py_blow``: special damage, endurance, piercing blow), whether the
protection roll holds (``py_reaches``). This module only counts: integer weights, made fractions at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from estoc.systems.tor.codes import EYE, RUNE
from estoc.systems.tor.worlds import kernel_of

FEAT_FACES = range(1, 13)
SUCCESS_FACES = range(1, 7)
TENGWAR_FACE = 6


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
    specials: dict[int, Fraction]
    """The special damage the tengwar went to (the kernel's ``S_*`` code; ``S_NONE`` without tengwar)."""
    dying_given_wound: Fraction | None = None
    """A hero as target: the chance that the wound leaves it dying (its first: the severity's feat die shows the
    Eye, with the fatal-wounds setting; its second: always); ``None`` for an adversary."""

    @property
    def dying(self) -> Fraction | None:
        """A hero as target: the chance that this blow wounds it and the wound leaves it dying."""
        return None if self.dying_given_wound is None else self.wound * self.dying_given_wound

    def mean_endurance(self) -> Fraction:
        return sum((Fraction(x) * p for x, p in self.endurance.items()), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        return {"success": float(self.success), "by_tengwar": {str(k): float(p) for k, p in self.by_tengwar.items()},
                "rune": float(self.rune), "eye": float(self.eye), "piercing": float(self.piercing),
                "protection_fails": float(self.protection_fails), "wound": float(self.wound),
                "endurance": {str(k): float(p) for k, p in sorted(self.endurance.items())},
                "mean_endurance": float(self.mean_endurance()),
                "dying": None if self.dying is None else float(self.dying),
                "dying_given_wound": None if self.dying_given_wound is None else float(self.dying_given_wound),
                "exact": {"success": str(self.success), "piercing": str(self.piercing), "wound": str(self.wound),
                          **({} if self.dying is None else {"dying": str(self.dying)})}}


@cache
def feat_weights(K: Any, mode: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """((kept face, its count), …) and the count of all throws: one feat die, or two and the kernel's choice of
    the better (favoured) or the worse (ill-favoured)."""
    counts: dict[int, int] = {}
    if mode == "normal":
        for face in FEAT_FACES:
            counts[face] = counts.get(face, 0) + 1
        return tuple(sorted(counts.items())), len(FEAT_FACES)
    for first in FEAT_FACES:
        for second in FEAT_FACES:
            kept = int(K.py_kept_feat(first, second, mode == "favoured"))
            counts[kept] = counts.get(kept, 0) + 1
    return tuple(sorted(counts.items())), len(FEAT_FACES) ** 2


@cache
def success_weights(K: Any, dice: int, weary: bool) -> tuple[tuple[tuple[int, int], int], ...]:
    """(((total, tengwar), count), …) of ``dice`` success dice, each face worth what the kernel counts (weariness
    included); the counts add up to 6 ** dice."""
    value = {face: int(K.py_success_value(face, weary)) for face in SUCCESS_FACES}
    cells: dict[tuple[int, int], int] = {(0, 0): 1}
    for _die in range(max(dice, 0)):
        nxt: dict[tuple[int, int], int] = {}
        for (total, sixes), n in cells.items():
            for face in SUCCESS_FACES:
                key = (total + value[face], sixes + (face == TENGWAR_FACE))
                nxt[key] = nxt.get(key, 0) + n
        cells = nxt
    return tuple(sorted(cells.items()))


def holds(K: Any, dice: int, injury: int, weary: bool) -> Fraction:
    """The chance that a protection roll (a feat die and ``dice`` success dice) reaches ``injury``."""
    feats, feat_total = feat_weights(K, "normal")
    rolls = success_weights(K, dice, weary)
    good = sum(pf * ps for face, pf in feats for (total, _s), ps in rolls
               if K.py_reaches(face, int(K.py_feat_value(face)) + total, injury))
    return Fraction(good, feat_total * 6 ** max(dice, 0))


def dying_odds(F: Any, t: int) -> Fraction | None:
    """The chance that a wound to ``t`` now leaves it dying, every face of the severity's feat die read by the kernel
    (``py_severity_rolled``, ``py_wound_dying``); ``None`` when ``t`` is an adversary (wounds fell it by its
    Might)."""
    K: Any = kernel_of(F)
    if int(F.side[t]) != 0:
        return None
    if not K.py_severity_rolled(F, 0, t):
        return Fraction(int(bool(K.py_wound_dying(F, 0, t, 0))))
    return Fraction(sum(1 for face in FEAT_FACES if K.py_wound_dying(F, 0, t, face)), len(FEAT_FACES))


def blow_odds(F: Any, c: int, t: int, s: int, special: int, *, dice: int, tn: int, mode: str, weary: bool,
              protection: int, protection_weary: bool) -> TorAttackOdds:
    """The exact odds of ``c``'s blow with its weapon ``s`` (from 0) on ``t`` in the worlds ``F``, rolling ``dice``
    success dice against ``tn`` (``mode``: normal, favoured or ill), spending its tengwar on ``special`` (a kernel
    code), against ``protection`` dice; every face read by the kernel."""
    K: Any = kernel_of(F)  # (a module: hashable, the caches' key)
    feats, feat_total = feat_weights(K, mode)
    rolls = success_weights(K, dice, weary)
    whole = feat_total * 6 ** max(dice, 0)
    success = rune = eye = pierce = 0
    by_tengwar: dict[int, int] = {}
    endurance: dict[int, int] = {}
    specials: dict[int, int] = {}
    for face, pf in feats:
        value = int(K.py_feat_value(face))
        if face == RUNE:
            rune += pf * (whole // feat_total)
        elif face == EYE:
            eye += pf * (whole // feat_total)
        for (total, sixes), ps in rolls:
            n = pf * ps
            ok, tengwar, kind, lost, piercing = K.py_blow(F, c, s, special, face, value + total, sixes, tn)
            endurance[int(lost)] = endurance.get(int(lost), 0) + n
            specials[int(kind)] = specials.get(int(kind), 0) + n
            if ok:
                success += n
                by_tengwar[int(tengwar)] = by_tengwar.get(int(tengwar), 0) + n
            if piercing:
                pierce += n
    fails = 1 - holds(K, protection, int(F.injury[c, s]), protection_weary)
    piercing_p = Fraction(pierce, whole)

    def dist(counts: dict[int, int]) -> dict[int, Fraction]:
        return {k: Fraction(n, whole) for k, n in sorted(counts.items())}

    return TorAttackOdds(success=Fraction(success, whole), by_tengwar=dist(by_tengwar), rune=Fraction(rune, whole),
                         eye=Fraction(eye, whole), piercing=piercing_p, protection_fails=fails,
                         wound=piercing_p * fails, endurance=dist(endurance), specials=dist(specials),
                         dying_given_wound=dying_odds(F, t))


def numbers_odds(F: Any, c: int, t: int, s: int, special: int, numbers: Any) -> TorAttackOdds:
    """:func:`blow_odds` of the kernel's :class:`~estoc.systems.tor.blow.Numbers` of the blow."""
    return blow_odds(F, c, t, s, special, dice=numbers.dice, tn=numbers.tn, mode=numbers.mode, weary=numbers.weary,
                     protection=numbers.protection, protection_weary=numbers.protection_weary)
