"""The numbers of HARP's conditions that the exact odds read (« Dommages subis sur un Critique »).

Conditions themselves (durations pinned to the round clock, bleeding, stun and its resistance rolls, death in N
rounds…) are the kernel's (:mod:`estoc.systems.harp.kernel`), the one that play and simulation run.
"""

from __future__ import annotations

import numpy as np

from estoc.systems.harp.tables import I64
from estoc.systems.harp.worlds import kernel


def stun_difficulty(rounds: I64 | int) -> I64:
    """The Body resistance roll's difficulty against a stun of ``rounds`` rounds: the kernel's rule
    (:func:`estoc.systems.harp.kernel.stun_difficulty`), read for each value."""
    K = kernel()
    values = np.asarray(rounds, dtype=np.int64)
    return np.asarray([K.py_stun_difficulty(int(r)) for r in values.ravel()], dtype=np.int64).reshape(values.shape)
