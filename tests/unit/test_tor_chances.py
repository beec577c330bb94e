"""The default policy's table of chances (:mod:`estoc.systems.tor.chances`) against every face of small rolls,
counted one by one."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from estoc.systems.tor.chances import DICE, SCALE, TNS, chance_table, kernel_table

EYE, RUNE = 11, 12


def rank(face: int) -> int:
    return 0 if face == EYE else face


def counted(mode: int, weary: bool, n: int, tn: int) -> tuple[Fraction, Fraction]:
    """The chance to reach ``tn`` and the chance of a piercing blow (the rune, or a success on a 10), every face
    of the feat die (two when favoured or ill-favoured) and of ``n`` success dice counted."""
    feats = [(a,) for a in range(1, 13)] if mode == 0 else list(product(range(1, 13), repeat=2))
    reach = pierce = Fraction(0)
    cases = len(feats) * 6 ** n
    for feat in feats:
        face = feat[0] if mode == 0 else (max if mode == 1 else min)(feat, key=rank)
        for dice in product(range(1, 7), repeat=n):
            total = (0 if face >= EYE else face) + sum(0 if weary and s <= 3 else s for s in dice)
            ok = face == RUNE or total >= tn
            reach += ok
            pierce += face == RUNE or (ok and face == 10)
    return reach / cases, pierce / cases


@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("weary", [False, True])
@pytest.mark.parametrize("n", [0, 1, 3])
def test_the_table_is_every_face_counted(mode: int, weary: bool, n: int) -> None:
    table = chance_table()
    for tn in (0, 1, 5, 10, 12, 14, 16, 18, 22, 30):
        reach, pierce = counted(mode, weary, n, tn)
        assert table[0, mode, int(weary), n, tn] == pytest.approx(float(reach), abs=1e-12), tn
        assert table[1, mode, int(weary), n, tn] == pytest.approx(float(pierce), abs=1e-12), tn


def test_the_kernel_reads_it_in_whole_numbers() -> None:
    ints = kernel_table()
    assert ints.shape == (2, 3, 2, DICE, TNS) and ints.dtype.kind == "i"
    assert ints[0, 0, 0, 0, 0] == SCALE  # no TN: always
    assert ints[0, 0, 0, DICE - 1, TNS - 1] == SCALE // 12  # past any total: the rune alone
    # favoured helps, ill-favoured hurts, weary hurts, a die more helps
    assert ints[0, 1, 0, 2, 14] > ints[0, 0, 0, 2, 14] > ints[0, 2, 0, 2, 14]
    assert ints[0, 0, 0, 2, 14] > ints[0, 0, 1, 2, 14]
    assert ints[0, 0, 0, 3, 14] > ints[0, 0, 0, 2, 14]
