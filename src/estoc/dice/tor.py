"""The dice of The One Ring (2nd edition): a feat die and success dice, over a batch of worlds, with exact odds.

A roll is one Feat die (a d12) and a number of Success dice (d6). The feat die shows 1–10 for its number, the Eye of
Sauron (face :data:`EYE`, worth 0) or the Gandalf rune (face :data:`RUNE`: the roll succeeds whatever the total). A
success die showing 6 bears a tengwar rune. The roll succeeds when the rune shows or when the feat value plus the
success dice reaches the target number (TN).

Favoured: two feat dice, keep the best; ill-favoured: keep the worst (the rune is best, then 10 down to 1, the Eye is
worst). Weary: success dice showing 1–3 count 0. :func:`roll_tor` rolls over ``n`` worlds from a
:class:`~estoc.dice.sources.DiceSource`; :func:`feat_distribution`, :func:`success_distribution` and
:func:`test_odds` give the exact odds as fractions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from estoc.dice.sources import DiceSource, IntArray

BoolArray = NDArray[np.bool_]

Mode = Literal["normal", "favoured", "ill"]
"""How the feat die is rolled: one die, or two keeping the best (favoured) or the worst (ill-favoured)."""
MODES: tuple[Mode, ...] = ("normal", "favoured", "ill")
"""The modes in the kernel's order (0 normal, 1 favoured, 2 ill-favoured)."""

FEAT_SIDES = 12
SUCCESS_SIDES = 6

EYE = 11
"""The feat face of the Eye of Sauron: worth 0, the worst face."""

RUNE = 12
"""The feat face of the Gandalf rune: the roll succeeds; worth 0 in the total, the best face."""

TENGWAR = 6
"""The success face that bears a tengwar rune (it still counts 6)."""

WEARY_BLANK = 3
"""A weary hero's success dice showing this face or lower count 0."""


def combine_modes(favoured: bool, ill: bool) -> Mode:
    """The feat mode of a roll that is ``favoured`` and/or ``ill``-favoured: both together cancel to a plain roll."""
    if favoured == ill:
        return "normal"
    return "favoured" if favoured else "ill"


def dice_count(base: int, change: int = 0) -> int:
    """The number of success dice of a roll: ``base`` dice plus ``change`` (+1d, −1d…), never below 0."""
    return max(base + change, 0)


def feat_rank(faces: IntArray) -> IntArray:
    """The order of feat faces from worst to best: the Eye 0, faces 1–10 their number, the rune 12."""
    return np.where(faces == EYE, 0, faces)


def feat_value(faces: IntArray) -> IntArray:
    """What feat faces add to the total: their number for 1–10, 0 for the Eye and the rune."""
    return np.where(faces >= EYE, 0, faces)


def success_value(faces: IntArray, weary: bool | BoolArray = False) -> IntArray:
    """What success faces add to the total: their number, or 0 for 1–3 when weary (``weary`` broadcasts against
    ``faces``: one flag per row of an ``(n, k)`` array is ``weary[:, None]``). A padding face 0 is worth 0."""
    return np.where(np.asarray(weary) & (faces <= WEARY_BLANK), 0, faces)


@dataclass(frozen=True, slots=True)
class TorRoll:
    """A One Ring roll over ``n`` worlds.

    Attributes:
        feat: the kept feat face of each world, 1–12.
        feat_faces: the feat faces rolled, shape ``(n, 1 or 2)``; 0 pads the second column where a world rolled one.
        success: the success faces, shape ``(n, k)`` with ``k`` the most dice a world rolled; 0 pads the rest.
        dice: the number of success dice of each world.
        weary: whether each world rolled weary.
        favoured: whether each world kept the best of two feat dice (after cancelling with ill-favoured).
        ill: whether each world kept the worst of two feat dice (after cancelling with favoured).
    """

    feat: IntArray
    feat_faces: IntArray
    success: IntArray
    dice: IntArray
    weary: BoolArray
    favoured: BoolArray
    ill: BoolArray

    @property
    def feat_value(self) -> IntArray:
        """What the kept feat die adds to the total."""
        return feat_value(self.feat)

    @property
    def rune(self) -> BoolArray:
        """The Gandalf rune kept: the roll succeeds."""
        return np.asarray(self.feat == RUNE, dtype=np.bool_)

    @property
    def eye(self) -> BoolArray:
        """The Eye of Sauron kept."""
        return np.asarray(self.feat == EYE, dtype=np.bool_)

    @property
    def success_values(self) -> IntArray:
        """What each success die adds, shape ``(n, k)`` (weary dice showing 1–3 add 0)."""
        return success_value(self.success, self.weary[:, None])

    @property
    def total(self) -> IntArray:
        """The feat value plus the success dice."""
        return np.asarray(self.feat_value + self.success_values.sum(axis=1), dtype=np.int64)

    @property
    def tengwar(self) -> IntArray:
        """The number of success dice showing a tengwar (6)."""
        return np.asarray(np.count_nonzero(self.success == TENGWAR, axis=1), dtype=np.int64)

    def succeeds(self, tn: int | IntArray) -> BoolArray:
        """Whether each world succeeds against the target number ``tn`` (one, or one per world)."""
        return np.asarray(self.rune | (self.total >= tn), dtype=np.bool_)


def roll_tor(source: DiceSource, n: int, dice: int | IntArray, *, favoured: bool | BoolArray = False,
             ill: bool | BoolArray = False, weary: bool | BoolArray = False, purpose: str = "feat",
             worlds: IntArray | None = None) -> TorRoll:
    """Roll a feat die and ``dice`` success dice in ``n`` worlds.

    ``dice``, ``favoured``, ``ill`` and ``weary`` are one value for all worlds or one per world; a count below 0
    rolls no success dice, and favoured and ill-favoured together cancel (:func:`combine_modes`).

    Draw order: the feat dice first (purpose ``purpose``), then the success dice (``purpose + "-success"``). Each is
    drawn in groups of worlds that roll the same number of dice, fewest dice first; a group draws its dice world
    after world, naming its worlds (see :meth:`DiceSource.draw`). When every world rolls alike, as in play (one
    world), this is one draw world after world. Grouping keeps :class:`~estoc.dice.sources.KeyedDice` exact: each
    world draws its own dice only, so its stream does not depend on what the others roll. The worlds are always
    named (``0..n-1`` when ``worlds`` is ``None``), since keyed dice need them for more than one die a world.

    Args:
        source: where the faces come from.
        n: the number of worlds.
        dice: the number of success dice.
        favoured: roll two feat dice and keep the best.
        ill: roll two feat dice and keep the worst.
        weary: success dice showing 1–3 count 0.
        purpose: the name of the feat roll.
        worlds: the batch's worlds that roll (see :meth:`DiceSource.draw`); ``None``: the ``n`` worlds of the batch.
    """
    counts = np.maximum(_per_world(dice, n).astype(np.int64), 0)
    wants_best = _per_world(favoured, n).astype(np.bool_)
    wants_worst = _per_world(ill, n).astype(np.bool_)
    best = wants_best & ~wants_worst
    worst = wants_worst & ~wants_best
    feat_faces = _draw_grouped(source, FEAT_SIDES, np.where(best | worst, 2, 1), purpose, worlds, 1)
    first = feat_faces[:, 0]
    feat = first
    if feat_faces.shape[1] == 2:
        second = feat_faces[:, 1]
        first_rank, second_rank = feat_rank(first), feat_rank(second)
        keep_second = (best & (second_rank > first_rank)) | (worst & (second_rank < first_rank))
        feat = np.where(keep_second, second, first)
    success = _draw_grouped(source, SUCCESS_SIDES, counts, f"{purpose}-success", worlds)
    return TorRoll(feat, feat_faces, success, counts, _per_world(weary, n).astype(np.bool_), best, worst)


def _per_world(value: object, n: int) -> NDArray[Any]:
    """``value`` as an array of one entry per world (a scalar is repeated)."""
    array = np.asarray(value)
    if array.ndim == 0:
        return np.full(n, array)
    if array.shape != (n,):
        raise ValueError(f"expected one value per world ({n}), got shape {array.shape}")
    return array


def _draw_grouped(source: DiceSource, sides: int, counts: IntArray, purpose: str, worlds: IntArray | None,
                  width: int = 0) -> IntArray:
    """``counts[i]`` dice for world ``i``, shape ``(n, max count or width)`` padded with 0: one draw per distinct
    count."""
    n = counts.shape[0]
    faces = np.zeros((n, int(counts.max(initial=width))), dtype=np.int64)
    ids = np.arange(n, dtype=np.int64) if worlds is None else worlds
    for k in np.unique(counts):
        if k == 0:
            continue
        rows = np.flatnonzero(counts == k)
        faces[rows, :k] = source.draw(sides, rows.size * int(k), purpose, ids[rows]).reshape(rows.size, int(k))
    return faces


# --- exact odds --------------------------------------------------------------------------------------------------

def feat_distribution(mode: Mode = "normal") -> dict[int, Fraction]:
    """The kept feat face (1–12) and its probability."""
    out: dict[int, Fraction] = {}
    # The best of two is the face ranked ``i`` from the worst when both dice rank at most ``i`` but not both below
    # it: (i + 1)² − i² = 2i + 1 of the 144 pairs. The worst of two mirrors it.
    for i, face in enumerate(sorted(range(1, FEAT_SIDES + 1), key=_rank)):
        if mode == "normal":
            out[face] = Fraction(1, FEAT_SIDES)
        elif mode == "favoured":
            out[face] = Fraction(2 * i + 1, FEAT_SIDES ** 2)
        else:
            out[face] = Fraction(2 * (FEAT_SIDES - 1 - i) + 1, FEAT_SIDES ** 2)
    return dict(sorted(out.items()))


def success_distribution(dice: int, weary: bool = False) -> dict[tuple[int, int], Fraction]:
    """The success dice's ``(sum of values, tengwar count)`` and its probability (fewer than 0 dice roll none)."""
    one = Counter((_success_value(face, weary), int(face == TENGWAR)) for face in range(1, SUCCESS_SIDES + 1))
    counts: Counter[tuple[int, int]] = Counter({(0, 0): 1})
    for _die in range(max(dice, 0)):
        step: Counter[tuple[int, int]] = Counter()
        for (total, tengwar), count in counts.items():
            for (value, six), ways in one.items():
                step[total + value, tengwar + six] += count * ways
        counts = step
    outcomes = SUCCESS_SIDES ** max(dice, 0)
    return {key: Fraction(count, outcomes) for key, count in sorted(counts.items())}


@dataclass(frozen=True, slots=True)
class TestOdds:
    """The exact odds of a One Ring roll against a target number.

    Attributes:
        success: the chance to succeed.
        by_tengwar: the chance to succeed with exactly ``k`` tengwar, for ``k`` from 0 to the number of dice.
        rune: the chance to keep the Gandalf rune.
        eye: the chance to keep the Eye of Sauron.
        success_with_feat: the chance to succeed with the kept feat face ``f``, for ``f`` from 1 to 12.
    """

    success: Fraction
    by_tengwar: dict[int, Fraction]
    rune: Fraction
    eye: Fraction
    success_with_feat: dict[int, Fraction]

    __test__ = False  # not a pytest test class, despite its name


def test_odds(dice: int, tn: int, mode: Mode = "normal", weary: bool = False) -> TestOdds:
    """The exact odds of a roll of ``dice`` success dice against the target number ``tn``."""
    feats = feat_distribution(mode)
    successes = success_distribution(dice, weary)
    by_tengwar = dict.fromkeys(range(max(dice, 0) + 1), Fraction(0))
    with_feat: dict[int, Fraction] = {}
    for face, p_face in feats.items():
        value = 0 if face >= EYE else face
        won = Fraction(0)
        for (total, tengwar), p_dice in successes.items():
            if face == RUNE or value + total >= tn:
                won += p_dice
                by_tengwar[tengwar] += p_face * p_dice
        with_feat[face] = p_face * won
    return TestOdds(sum(with_feat.values(), Fraction(0)), by_tengwar, feats[RUNE], feats[EYE], with_feat)


def _rank(face: int) -> int:
    return 0 if face == EYE else face


def _success_value(face: int, weary: bool) -> int:
    return 0 if weary and face <= WEARY_BLANK else face
