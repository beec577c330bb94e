"""The numbers of HARP's conditions that the exact odds read (« Dommages subis sur un Critique »).

Conditions themselves (durations pinned to the round clock, bleeding, stun and its resistance rolls, death in N
rounds…) are the kernel's (:mod:`estoc.systems.harp.kernel`), the one that play and simulation run.
"""

from __future__ import annotations

import numpy as np

from estoc.systems.harp.tables import I64

STUN_BASE_DIFFICULTY = 150
STUN_DIFFICULTY_PER_ROUND = 5
STUNNED_MANOEUVRE_PENALTY = -50
SHAKEN_MANOEUVRE_PENALTY = -25


def stun_difficulty(rounds: I64 | int) -> I64:
    """The Body resistance roll's difficulty against a stun of ``rounds`` rounds (150 for one, +5 a round more)."""
    return np.asarray(STUN_BASE_DIFFICULTY + STUN_DIFFICULTY_PER_ROUND * (np.asarray(rounds) - 1), dtype=np.int64)
