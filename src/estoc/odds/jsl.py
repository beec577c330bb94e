"""The open-ended d100 (JSL) as an exact distribution, with nothing left out.

A first face of 96–100 is rolled again and added, as long as 96–100 comes up. The chain has no end, but a caller
never needs every total: past some total (its *ceiling*) the outcome it reads no longer changes (an attack's row is
capped, a resistance roll has passed its difficulty). So a chain is followed only while its running total is below
the ceiling; a chain whose total reaches it — ended or still open — is counted, whole, at the ceiling, which stands
for « the ceiling or more ». Every open face adds at least 96, so the chain is followed to at most
``⌈ceiling / 96⌉`` dice, and the weights sum to the denominator exactly.

Weights are integers over ``100 ** dice``: int64 while that fits with room to spare, Python integers (an object
array) beyond, so that every sum stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.dice.rolls import OPEN_ENDED_FROM
from estoc.errors import InputError
from estoc.i18n import _

MAX_DICE = 20
"""The most dice a chain is followed to (a ceiling of 1 920): past it the request is refused, not approximated."""
_FACES = 100
_STOPS = OPEN_ENDED_FROM - 1  # faces that end a chain: 1–95
_INT64_DENOMINATOR = 2**40
"""Above this denominator the weights are Python integers: callers multiply them by 10 000 and more, in int64."""


@dataclass(frozen=True)
class Distribution:
    """Totals (ascending) and their integer weights over ``denominator``; they sum to it exactly, less the chains
    a fumble range left out (see :func:`open_ended_distribution`).

    When ``ceiling`` is listed it stands for every total at or above it (the chains folded there).
    """

    totals: NDArray[np.int64]
    weights: NDArray[Any]
    denominator: int
    ceiling: int
    dice: int
    """The longest chain followed."""

    def probability(self, mask: NDArray[np.bool_]) -> Fraction:
        return Fraction(int(self.weights[mask].sum()), self.denominator)

    def at_least(self, value: int) -> Fraction:
        """P(total ≥ ``value``); exact for any value up to the ceiling."""
        if value > self.ceiling:
            raise ValueError("value above the ceiling")
        return self.probability(self.totals >= value)


def dice_needed(ceiling: int) -> int:
    """How many dice a chain may need before its running total reaches ``ceiling`` (at least one)."""
    return max(1, -(-ceiling // OPEN_ENDED_FROM))


def open_ended_distribution(ceiling: int, *, first_above: int = 0) -> Distribution:
    """The JSL's totals, every total of ``ceiling`` or more counted at ``ceiling``.

    ``first_above``: keep only chains whose first face is above it (the fumble range is read on the first face
    alone); the weights then sum to ``(100 - first_above) / 100`` of the denominator (nothing for 100).

    Raises:
        InputError: the ceiling needs more than :data:`MAX_DICE` dice.
    """
    if not 0 <= first_above <= _FACES:
        raise ValueError("first_above")
    ceiling = max(ceiling, 1)
    if dice_needed(ceiling) > MAX_DICE:
        raise InputError(_("exact odds follow the open-ended roll to {n} dice at most; a total of {total} needs "
                           "more").format(n=MAX_DICE, total=ceiling))
    faces = np.arange(1, _FACES + 1)
    # Per die k (from 0): the totals of the chains that end there, as (lowest total, counts); a chain of k + 1 dice
    # weighs 100 ** -(k + 1). The open chains after k + 1 dice total 96 (k + 1) to 100 (k + 1): every window is
    # narrow, and its counts stay below 5 ** k ≤ 5 ** 19, within int64.
    ended: list[tuple[int, NDArray[np.int64]]] = [(1, ((faces > first_above) & (faces < OPEN_ENDED_FROM)).astype(
        np.int64))]
    folded: list[int] = []  # per die, the chains counted at the ceiling
    low, frontier = 1, ((faces > first_above) & (faces >= OPEN_ENDED_FROM)).astype(np.int64)
    while True:
        # Open chains that reached the ceiling: whatever follows, the total is at or above it.
        cut = min(max(ceiling - low, 0), frontier.size)
        folded.append(int(frontier[cut:].sum()))
        frontier = frontier[:cut]
        if not frontier.any():
            break
        # One more face for each open chain: 1–95 ends it, 96–100 keeps it open.
        ended.append((low + 1, np.convolve(frontier, np.ones(_STOPS, np.int64))))
        low, frontier = low + OPEN_ENDED_FROM, np.convolve(frontier, np.ones(_FACES - _STOPS, np.int64))
    dice = len(ended)
    denominator = _FACES**dice
    exact = denominator <= _INT64_DENOMINATOR
    weights = np.zeros(ceiling + 1, dtype=np.int64 if exact else object)
    for k, (start, counts) in enumerate(ended):
        scale = _FACES ** (dice - 1 - k)
        inside = counts[:max(ceiling - start, 0)]  # totals below the ceiling; the rest is counted at it
        weights[start:start + inside.size] += (inside if exact else inside.astype(object)) * scale
        weights[ceiling] += (int(counts[inside.size:].sum()) + folded[k]) * scale
    totals = np.flatnonzero(weights != 0)
    return Distribution(totals.astype(np.int64), weights[totals], denominator, ceiling, dice)


def open_ended_at_least(value: int) -> Fraction:
    """P(JSL ≥ ``value``), exactly (a resistance roll against a difficulty).

    The first face either ends the roll (1–95: it reaches the value or not) or opens it (96–100: the rest of the
    roll must reach what is left); a few dozen values at most, remembered along the way.

    Raises:
        InputError: the value needs more than :data:`MAX_DICE` dice.
    """
    if dice_needed(value) > MAX_DICE:
        raise InputError(_("exact odds follow the open-ended roll to {n} dice at most; a total of {total} needs "
                           "more").format(n=MAX_DICE, total=value))
    known: dict[int, Fraction] = {}

    def reach(v: int) -> Fraction:
        if v <= 1:
            return Fraction(1)
        if v not in known:
            ends = max(0, OPEN_ENDED_FROM - v)  # faces v–95
            known[v] = (ends + sum((reach(v - f) for f in range(OPEN_ENDED_FROM, _FACES + 1)), Fraction(0))) / _FACES
        return known[v]

    return reach(value)
