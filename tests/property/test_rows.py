"""The column-wise reductions of :mod:`estoc.engine.rows` give exactly NumPy's reductions along the last axis."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from estoc.engine.rows import RANK_BY_COMPARISON, row_any, row_argmax, row_argmin, row_count, row_order

shapes = st.tuples(st.integers(1, 40), st.integers(1, 2 * RANK_BY_COMPARISON))
small = st.integers(-3, 3)  # few distinct values: ties are common, and ties are where orders differ


@given(arrays(np.bool_, shapes))
def test_any_and_count(mask: np.ndarray) -> None:
    assert np.array_equal(row_any(mask), mask.any(axis=1))
    assert np.array_equal(row_count(mask), mask.sum(axis=1))


@given(arrays(np.int64, shapes, elements=small))
def test_argmin_argmax_first_on_ties(values: np.ndarray) -> None:
    assert np.array_equal(row_argmin(values), np.argmin(values, axis=1))
    assert np.array_equal(row_argmax(values), np.argmax(values, axis=1))


@given(arrays(np.int64, shapes, elements=small))
def test_order_is_a_stable_argsort(values: np.ndarray) -> None:
    assert np.array_equal(row_order(values), np.argsort(values, axis=1, kind="stable"))
