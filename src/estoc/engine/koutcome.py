# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Who has won, read from each combatant's ``standing``: a shared include of the kernels, as :mod:`estoc.engine.kcore`.

A kernel takes it with ``from estoc.engine.koutcome import (...)`` after it takes the core, and defines the two
names it reads: ``Fights`` (its worlds, a :class:`estoc.engine.kcore.Core`) and ``standing(F, w, c)`` (whether
combatant ``c`` of the world at ``w`` is still in the fight). The HARP and d100 kernels take it; the One Ring's
keeps a count of each side's standing combatants as they fall and reads its outcome from it.
"""

import cython


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def sides_standing(F: Core, w: cython.Py_ssize_t) -> cython.int:  # noqa: F821 (the core's)
    """How many sides still have someone standing (2: two or more): the fight is over at one or none."""
    first: cython.int = -1
    c: cython.Py_ssize_t
    for c in range(F.count):
        if standing(cython.cast(Fights, F), w, c):  # noqa: F821 (the kernel's)
            if first < 0:
                first = F.side[c]
            elif F.side[c] != first:
                return 2
    return 0 if first < 0 else 1


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
def winner(F: Core, w: cython.Py_ssize_t) -> cython.int:  # noqa: F821 (the core's)
    """The side still standing when it is the only one; −1 otherwise."""
    c: cython.Py_ssize_t
    if sides_standing(F, w) != 1:
        return -1
    for c in range(F.count):
        if standing(cython.cast(Fights, F), w, c):  # noqa: F821 (the kernel's)
            return F.side[c]
    return -1
