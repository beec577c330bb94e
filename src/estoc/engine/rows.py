"""Reductions along the combatant axis of ``(W, C)`` arrays, written for the shape fights have: many worlds, few
combatants.

NumPy reduces a short last axis slowly (``a.any(axis=1)`` on ``(10⁵, 2)`` costs about 20 ns an element, against
about 1 ns for an elementwise operation), so these helpers loop over the C columns instead, each step a fast
elementwise operation over every world. They give exactly what the NumPy reductions give, first index on ties
included (a property test checks it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

B = NDArray[np.bool_]
I64 = NDArray[np.int64]

RANK_BY_COMPARISON = 8
"""Up to this many combatants, :func:`row_order` ranks by pairwise comparison (C² elementwise steps); beyond it a
sort is cheaper."""


def row_any(mask: B) -> B:
    """``mask.any(axis=1)``."""
    out = np.zeros(mask.shape[0], dtype=np.bool_)
    for c in range(mask.shape[1]):
        out |= mask[:, c]
    return out


def row_count(mask: B) -> I64:
    """``mask.sum(axis=1)``."""
    out = np.zeros(mask.shape[0], dtype=np.int64)
    for c in range(mask.shape[1]):
        out += mask[:, c]
    return out


def row_argmin(values: NDArray[Any]) -> I64:
    """``np.argmin(values, axis=1)``: the first column holding each row's least value."""
    best = values[:, 0].copy()
    index = np.zeros(values.shape[0], dtype=np.int64)
    for c in range(1, values.shape[1]):
        better = values[:, c] < best
        best = np.where(better, values[:, c], best)
        index[better] = c
    return index


def row_argmax(values: NDArray[Any]) -> I64:
    """``np.argmax(values, axis=1)``: the first column holding each row's greatest value."""
    best = values[:, 0].copy()
    index = np.zeros(values.shape[0], dtype=np.int64)
    for c in range(1, values.shape[1]):
        better = values[:, c] > best
        best = np.where(better, values[:, c], best)
        index[better] = c
    return index


def row_order(key: NDArray[Any]) -> I64:
    """The columns of each row from the least key to the greatest, ties kept in column order
    (``np.argsort(key, axis=1, kind="stable")``)."""
    worlds, count = key.shape
    if count > RANK_BY_COMPARISON:
        return np.argsort(key, axis=1, kind="stable").astype(np.int64)
    # The rank of column i: the columns with a smaller key, and the earlier columns with an equal one.
    order = np.empty((worlds, count), dtype=np.int64)
    rows = np.arange(worlds)
    for i in range(count):
        rank = np.zeros(worlds, dtype=np.int64)
        for j in range(count):
            if j < i:
                rank += key[:, j] <= key[:, i]
            elif j > i:
                rank += key[:, j] < key[:, i]
        order[rows, rank] = i
    return order


def flat(array: NDArray[Any]) -> NDArray[Any]:
    """A one-dimensional view of a ``(W, C)`` state array, to read and write cells by :func:`cells` index: a gather
    by one flat index costs about a fifth of a gather by ``(world, combatant)`` pairs."""
    if not array.flags.c_contiguous:  # a copy would silently drop the writes
        raise ValueError("state arrays must be C-contiguous")
    return array.reshape(-1)


def cells(worlds: I64, combatants: I64, count: int) -> I64:
    """Flat indices of the cells ``(worlds[i], combatants[i])`` of ``(W, count)`` arrays (see :func:`flat`)."""
    return np.asarray(worlds * count + combatants, dtype=np.int64)
