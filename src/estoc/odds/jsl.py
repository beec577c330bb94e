"""The open-ended d100 (JSL) as an exact distribution.

A first face of 96–100 is rolled again and added, as long as 96–100 comes up. The chain is followed to ``depth``
dice; what lies beyond (every one of the first ``depth`` faces 96 or more) is the *tail*, kept apart with its exact
probability, ``(5/100) ** depth``, so that every probability printed can say how much it leaves out.

Weights are integers over ``100 ** depth``: exact, and fast to combine with NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from estoc.dice.rolls import OPEN_ENDED_FROM

DEFAULT_DEPTH = 4


@dataclass(frozen=True)
class Distribution:
    """Totals and their integer weights over ``denominator``; ``tail`` is the weight of chains longer than the
    depth (left out of ``totals``)."""

    totals: NDArray[np.int64]
    weights: NDArray[np.int64]
    denominator: int
    tail: int

    def probability(self, mask: NDArray[np.bool_]) -> Fraction:
        return Fraction(int(self.weights[mask].sum()), self.denominator)

    def at_least(self, value: int) -> Fraction:
        """P(total ≥ value), the tail counted as reaching it (it is larger than any total listed)."""
        return Fraction(int(self.weights[self.totals >= value].sum()) + self.tail, self.denominator)


def open_ended_distribution(depth: int = DEFAULT_DEPTH, *, first_above: int = 0) -> Distribution:
    """The JSL's totals to ``depth`` dice. ``first_above``: keep only chains whose first face is above it (the
    fumble range is read on the first face alone)."""
    if depth < 1:
        raise ValueError("depth")
    faces = np.arange(1, 101, dtype=np.int64)
    scale = 100 ** (depth - 1)
    # Chains that stop at the first face.
    stop = faces[(faces < OPEN_ENDED_FROM) & (faces > first_above)]
    totals = [stop]
    weights = [np.full(stop.size, scale, dtype=np.int64)]
    opened = faces[(faces >= OPEN_ENDED_FROM) & (faces > first_above)]
    level_totals = opened
    for k in range(2, depth + 1):
        scale //= 100
        # Every open chain so far, followed by one more face.
        nxt = (level_totals[:, None] + faces[None, :]).ravel()
        last = np.tile(faces, level_totals.size)
        ends = last < OPEN_ENDED_FROM
        totals.append(nxt[ends])
        weights.append(np.full(int(ends.sum()), scale, dtype=np.int64))
        level_totals = nxt[~ends]
        del k
    tail = int(level_totals.size)
    all_totals = np.concatenate(totals)
    all_weights = np.concatenate(weights)
    unique, inverse = np.unique(all_totals, return_inverse=True)
    merged = np.zeros(unique.size, dtype=np.int64)
    np.add.at(merged, inverse, all_weights)
    return Distribution(unique, merged, 100 ** depth, tail)
