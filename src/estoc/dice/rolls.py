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
        rerolls: one pass per extra die, ``(worlds rolled again, their faces)``: sparse, since few chains open.
    """

    first: IntArray
    total: IntArray
    rerolls: tuple[tuple[IntArray, IntArray], ...] = ()

    def chain(self, world: int) -> list[int]:
        """The faces of one world's chain."""
        faces = [int(self.first[world])]
        for idx, extra in self.rerolls:
            pos = int(np.searchsorted(idx, world))
            if pos < idx.size and int(idx[pos]) == world:
                faces.append(int(extra[pos]))
        return faces

    def spread(self, index: IntArray, size: int) -> OpenEndedRoll:
        """This roll, made in the worlds ``index`` of a batch of ``size`` worlds, laid out over all of them (0
        where nobody rolled)."""
        first = np.zeros(size, dtype=np.int64)
        total = np.zeros(size, dtype=np.int64)
        first[index] = self.first
        total[index] = self.total
        return OpenEndedRoll(first, total, tuple((index[i], faces) for i, faces in self.rerolls))

    @property
    def faces(self) -> IntArray:
        """Every face of each chain, shape ``(n, depth)``, padded with 0 past a chain's end."""
        out = np.zeros((self.first.shape[0], 1 + len(self.rerolls)), dtype=np.int64)
        out[:, 0] = self.first
        for depth, (idx, extra) in enumerate(self.rerolls, start=1):
            out[idx, depth] = extra
        return out


def dice(source: DiceSource, sides: int, n: int, purpose: str, worlds: IntArray | None = None) -> IntArray:
    """``n`` independent dice of ``sides`` faces (``worlds``: see :meth:`DiceSource.draw`)."""
    return source.draw(sides, n, purpose, worlds)


def d100(source: DiceSource, n: int, purpose: str, worlds: IntArray | None = None) -> IntArray:
    """A plain d100 (1–100), never open-ended: criticals, fumbles."""
    return source.draw(100, n, purpose, worlds)


def d10(source: DiceSource, n: int, purpose: str, worlds: IntArray | None = None) -> IntArray:
    """A d10 (1–10): initiative."""
    return source.draw(10, n, purpose, worlds)


def open_ended(source: DiceSource, n: int, purpose: str, *, open_from: int = OPEN_ENDED_FROM,
               worlds: IntArray | None = None) -> OpenEndedRoll:
    """The JSL: a d100; while the last face is ``open_from`` or more, roll again and add.

    The loop runs over the depth of the chains, never over worlds: each pass draws one die for every world whose
    chain is still open. ``worlds``: the batch's worlds that roll, one chain each (see :meth:`DiceSource.draw`).
    """
    first = source.draw(100, n, purpose, worlds)
    total = first.copy()
    rerolls: list[tuple[IntArray, IntArray]] = []
    open_idx = np.flatnonzero(first >= open_from)
    while open_idx.size:
        extra = source.draw(100, open_idx.size, purpose, None if worlds is None else worlds[open_idx])
        rerolls.append((open_idx, extra))
        total[open_idx] += extra
        open_idx = open_idx[extra >= open_from]
    return OpenEndedRoll(first=first, total=total, rerolls=tuple(rerolls))
