"""The chance that a One Ring roll reaches its TN, or makes a piercing blow, for every case the default policy
weighs: the kernel's ``chance`` table (``(2, 3, 2, DICE, TNS)``: reaching, piercing × normal, favoured,
ill-favoured × not weary, weary × success dice × TN).

The default policy (:func:`estoc.systems.tor.kernel.decide`) reads a blow's or a task's worth from it: the same
numbers the kernel's rolls follow (the feat die's Eye counting 0 and its rune reaching any TN, success dice of 1–3
counting 0 when weary), computed exactly once by convolution, not guessed and not sampled.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.typing import NDArray

DICE = 16
"""Success dice the table covers (0 … 15); more are read as 15."""
TNS = 12 + 6 * (DICE - 1) + 2
"""TNs the table covers (0 … ``TNS`` − 1): past the largest total any roll can make, only the rune reaches it."""
EYE, RUNE = 11, 12


def _rank(face: int) -> int:
    return 0 if face == EYE else face


def feat_faces(mode: int) -> NDArray[np.float64]:
    """The kept feat face's chances (index 1 … 12): ``mode`` 0 one die, 1 favoured (the better of two by rank: the
    Eye worst, the rune best), 2 ill-favoured (the worse)."""
    p = np.zeros(13)
    for a in range(1, 13):
        if mode == 0:
            p[a] += 1 / 12
            continue
        for b in range(1, 13):
            better = b if _rank(b) > _rank(a) else a
            worse = b if _rank(b) < _rank(a) else a
            p[better if mode == 1 else worse] += 1 / 144
    return p


def success_sums(n: int, weary: bool) -> NDArray[np.float64]:
    """The total of ``n`` success dice (faces of 1–3 counting 0 when weary), as chances by total."""
    one = np.zeros(7)
    for s in range(1, 7):
        one[0 if weary and s <= 3 else s] += 1 / 6
    total = np.ones(1)
    for _n in range(n):
        total = np.convolve(total, one)
    return total


@cache
def chance_table() -> NDArray[np.float64]:
    """``table[what, mode, weary, n, tn]``: ``what`` 0 the chance that the roll reaches ``tn`` (the rune always
    does), 1 the chance that it makes a piercing blow without special damage (the rune, or a success whose feat die
    reads 10)."""
    table = np.zeros((2, 3, 2, DICE, TNS))
    for mode in range(3):
        faces = feat_faces(mode)
        for weary in (0, 1):
            for n in range(DICE):
                sums = success_sums(n, bool(weary))
                # at least tn: the tail of the success dice's total from tn − the feat value on
                tail = np.concatenate([np.cumsum(sums[::-1])[::-1], np.zeros(TNS)])
                reach = np.zeros(TNS)
                for face in range(1, 12):  # the rune apart: it reaches any TN
                    value = 0 if face == EYE else face
                    need = np.maximum(np.arange(TNS) - value, 0)
                    reach += faces[face] * tail[need]
                table[0, mode, weary, n] = np.minimum(1.0, reach + faces[RUNE])
                ten = faces[10] * tail[np.maximum(np.arange(TNS) - 10, 0)]
                table[1, mode, weary, n] = np.minimum(1.0, ten + faces[RUNE])
    table.setflags(write=False)
    return table


SCALE = 65536
"""The kernel's unit of chance: a chance of 1 is 65536 (whole numbers: both kernels agree to the last bit)."""


@cache
def _kernel_table() -> NDArray[np.int64]:
    return np.ascontiguousarray(np.rint(chance_table() * SCALE).astype(np.int64))


def kernel_table() -> NDArray[np.int64]:
    """The table as the kernel takes it, in 1/65536 (contiguous; one array shared by every encounter's worlds,
    which only read it)."""
    return _kernel_table()
