"""A toy kernel in Cython's pure-Python mode, for the tests of estoc.engine.compiled only.

It has what a rule system's kernel has, in miniature: a ``cclass`` record, a ``nogil`` C function, a direct entry for
one world and a ``prange`` entry over many, on typed memoryviews. test_compiled.py copies it into a temporary package
as ``kernel.py`` and builds it with setup.py's own build command.
"""

import cython
from cython.parallel import prange

COMPILED: bool = cython.compiled


@cython.cclass
class Tally:
    """A record with C fields: the sum and count of the scores seen."""

    total = cython.declare(cython.long, visibility="readonly")
    count = cython.declare(cython.int, visibility="readonly")

    def __init__(self) -> None:
        self.total = 0
        self.count = 0

    def add(self, score: cython.int) -> None:
        self.total += score
        self.count += 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def _score(a: cython.int, b: cython.int) -> cython.int:
    return (a * 31 + b * 17) % 101


def score(a: cython.int, b: cython.int) -> cython.int:
    """One world's score."""
    return _score(a, b)


def scores(a: cython.int[:], b: cython.int[:], out: cython.int[:]) -> None:
    """Every world's score, in parallel."""
    i: cython.Py_ssize_t
    n: cython.Py_ssize_t = a.shape[0]
    for i in prange(n, nogil=True):
        out[i] = _score(a[i], b[i])
