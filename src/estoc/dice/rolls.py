"""Roll kinds, each over a batch of ``n`` worlds: plain dice, and the open-ended d100 (JSL)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from estoc.dice.sources import DiceSource, IntArray

OPEN_ENDED_FROM = 96
"""A face of 96–100 on a d100 opens the roll: roll again and add."""


@dataclass(frozen=True, slots=True)
class OpenEndedRoll:
    """An open-ended d100 over ``n`` worlds.

    Attributes:
        first: the first face of each world: fumble ranges are read on it alone.
        total: the sum of the chain.
        faces: every face of each chain, shape ``(n, depth)``, padded with 0 past a chain's end.
    """

    first: IntArray
    total: IntArray
    faces: IntArray

    def chain(self, world: int) -> list[int]:
        """The faces of one world's chain."""
        return [int(f) for f in self.faces[world] if f > 0]


def dice(source: DiceSource, sides: int, n: int, purpose: str) -> IntArray:
    """``n`` independent dice of ``sides`` faces."""
    return source.draw(sides, n, purpose)


def d100(source: DiceSource, n: int, purpose: str) -> IntArray:
    """A plain d100 (1–100), never open-ended: criticals, fumbles."""
    return source.draw(100, n, purpose)


def d10(source: DiceSource, n: int, purpose: str) -> IntArray:
    """A d10 (1–10): initiative."""
    return source.draw(10, n, purpose)


def open_ended(source: DiceSource, n: int, purpose: str, *, open_from: int = OPEN_ENDED_FROM) -> OpenEndedRoll:
    """The JSL: a d100; while the last face is ``open_from`` or more, roll again and add.

    The loop runs over the depth of the chains, never over worlds: each pass draws one die for every world whose
    chain is still open.
    """
    first = source.draw(100, n, purpose)
    total = first.copy()
    columns = [first]
    open_idx = np.flatnonzero(first >= open_from)
    while open_idx.size:
        extra = source.draw(100, open_idx.size, purpose)
        column = np.zeros(n, dtype=np.int64)
        column[open_idx] = extra
        columns.append(column)
        total[open_idx] += extra
        open_idx = open_idx[extra >= open_from]
    return OpenEndedRoll(first=first, total=total, faces=np.stack(columns, axis=1))
