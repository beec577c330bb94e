"""What a chunk of fights adds up to: counts and sums that merge by addition, never one value per world.

Every field is a whole number (or an array of them), so merging is exact and the order of merging cannot change a
result. A mean's interval needs only the sum and the sum of squares; a paired difference's, those of the
differences.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Self

import numpy as np

# Outcome lives with the simulation protocol, where each system builds it; it is re-exported here.
from estoc.engine.simulation import I64, B, Outcome

__all__ = ["Counts", "Outcome", "Paired"]


class _Sums:
    """Merging by adding every field."""

    def merge(self, other: Self) -> Self:
        """The sum of two tallies of the same run (disjoint worlds)."""
        values: dict[str, Any] = {f.name: getattr(self, f.name) + getattr(other, f.name)
                                  for f in fields(self)}  # type: ignore[arg-type]
        return type(self)(**values)


def _sum(values: I64 | B, axis: int = 0) -> I64:
    return np.asarray(np.asarray(values, dtype=np.int64).sum(axis=axis), dtype=np.int64)


@dataclass(frozen=True)
class Counts(_Sums):
    """One scenario's fights added up. Arrays are by side ``(S,)``, by combatant ``(C,)`` or ``(C, K)``."""

    worlds: int
    wins: I64
    draws: int
    """Fights that ended with no side standing."""
    undecided: int
    """Fights stopped by the round limit."""
    out: I64
    """Fights that left the combatant out of the fight (unconscious, dying or dead)."""
    dead: I64
    fled: I64
    crit_taken: I64
    """``(C, K)``: fights where the combatant took at least one blow of each mark (HARP: a critical of each severity
    A–E; see :attr:`~estoc.engine.simulation.SimSystem.marks`)."""
    hits_dealt: I64
    hits_dealt_sq: I64
    hits_taken: I64
    hits_taken_sq: I64
    length: I64
    """``(max_rounds + 1,)``: fights by their length in rounds."""
    tasks_tried: I64
    """``(C, T)``: combat tasks tried in all the fights (``T`` = 0 in systems without them)."""
    tasks_worked: I64

    @classmethod
    def of(cls, o: Outcome, sides: int, max_rounds: int) -> Counts:
        won = o.winner[o.winner >= 0]
        none = np.zeros((o.out.shape[1], 0), dtype=np.int64)
        return cls(worlds=int(o.winner.shape[0]), wins=np.bincount(won, minlength=sides).astype(np.int64),
                   draws=int((o.over & (o.winner < 0)).sum()), undecided=int((~o.over).sum()),
                   out=_sum(o.out), dead=_sum(o.dead), fled=_sum(o.fled), crit_taken=_sum(o.crits_taken > 0),
                   hits_dealt=_sum(o.hits_dealt), hits_dealt_sq=_sum(o.hits_dealt ** 2),
                   hits_taken=_sum(o.hits_taken), hits_taken_sq=_sum(o.hits_taken ** 2),
                   length=np.bincount(o.rounds, minlength=max_rounds + 1).astype(np.int64),
                   tasks_tried=none if o.tasks_tried is None else _sum(o.tasks_tried),
                   tasks_worked=none if o.tasks_worked is None else _sum(o.tasks_worked))


@dataclass(frozen=True)
class Paired(_Sums):
    """Sums of the world-by-world differences (a − b) of two scenarios played on the same dice, and of their
    squares: the paired interval needs nothing else. Arrays are by paired side or paired combatant."""

    worlds: int
    win: I64
    win_sq: I64
    out: I64
    out_sq: I64
    dead: I64
    dead_sq: I64
    length: int
    length_sq: int

    @classmethod
    def of(cls, a: Outcome, b: Outcome, sides: tuple[tuple[int, int], ...],
           combatants: tuple[tuple[int, int], ...]) -> Paired:
        worlds = int(a.winner.shape[0])

        def diff(x: I64 | B, y: I64 | B) -> I64:
            return np.asarray(x, dtype=np.int64) - np.asarray(y, dtype=np.int64)

        win = np.stack([diff(a.winner == i, b.winner == j) for i, j in sides], axis=1) if sides else \
            np.zeros((worlds, 0), dtype=np.int64)
        ca = [i for i, _j in combatants]
        cb = [j for _i, j in combatants]
        out, dead = diff(a.out[:, ca], b.out[:, cb]), diff(a.dead[:, ca], b.dead[:, cb])
        length = diff(a.rounds, b.rounds)
        return cls(worlds=worlds, win=_sum(win), win_sq=_sum(win ** 2), out=_sum(out), out_sq=_sum(out ** 2),
                   dead=_sum(dead), dead_sq=_sum(dead ** 2), length=int(length.sum()),
                   length_sq=int((length ** 2).sum()))
