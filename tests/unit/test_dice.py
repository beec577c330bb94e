"""Dice sources and the open-ended roll."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from estoc.dice import ScriptedDice, SeededDice, d100, open_ended
from estoc.errors import DiceError


def test_open_ended_chain_adds_while_96_or_more() -> None:
    roll = open_ended(ScriptedDice([97, 99, 40]), 1, "attack")
    assert roll.chain(0) == [97, 99, 40]
    assert int(roll.total[0]) == 236
    assert int(roll.first[0]) == 97


def test_open_ended_stops_below_96() -> None:
    roll = open_ended(ScriptedDice([95]), 1, "attack")
    assert int(roll.total[0]) == 95 and roll.chain(0) == [95]


def test_open_ended_batch_only_rerolls_open_worlds() -> None:
    dice = ScriptedDice([10, 96, 100, 50, 3, 7], record=True)
    roll = open_ended(dice, 3, "attack")
    # first pass: 10, 96, 100; second: worlds 1 and 2 get 50 and 3; nothing opens again; 7 stays unused
    assert roll.total.tolist() == [10, 146, 103]
    assert dice.unused() == {"*": [7]}
    assert [r.faces for r in dice.records or []] == [(10, 96, 100), (50, 3)]


def test_plain_d100_never_opens() -> None:
    dice = ScriptedDice({"critical": [99]})
    assert d100(dice, 1, "critical").tolist() == [99]
    assert dice.unused() == {}


def test_scripted_face_out_of_range_is_a_dice_error() -> None:
    with pytest.raises(DiceError):
        d100(ScriptedDice([101]), 1, "attack")
    with pytest.raises(DiceError):
        d100(ScriptedDice([0]), 1, "attack")


def test_running_out_without_fallback_is_a_dice_error() -> None:
    with pytest.raises(DiceError):
        open_ended(ScriptedDice([97]), 1, "attack")


def test_fallback_serves_missing_faces_but_not_strict_purposes() -> None:
    dice = ScriptedDice({"attack": [50]}, fallback=SeededDice(1), record=True)
    assert int(d100(dice, 1, "attack")[0]) == 50
    crit = d100(dice, 1, "critical")
    assert 1 <= int(crit[0]) <= 100
    assert dice.records is not None and dice.records[-1].typed == (False,)
    strict = ScriptedDice({"attack": [97]}, fallback=SeededDice(1), strict=["attack"])
    with pytest.raises(DiceError):
        open_ended(strict, 1, "attack")


def test_unused_faces_are_reported() -> None:
    dice = ScriptedDice({"attack": [55, 40]})
    open_ended(dice, 1, "attack")
    with pytest.raises(DiceError):
        dice.check_all_used()


def test_seeded_dice_are_reproducible() -> None:
    a = open_ended(SeededDice(42), 1000, "attack").total
    b = open_ended(SeededDice(42), 1000, "attack").total
    assert np.array_equal(a, b)


@given(st.lists(st.integers(1, 100), min_size=1, max_size=30))
def test_open_ended_total_is_sum_of_chain(faces: list[int]) -> None:
    # Append a closing face so that every chain ends.
    dice = ScriptedDice([*faces, 1])
    roll = open_ended(dice, 1, "attack")
    chain = roll.chain(0)
    assert sum(chain) == int(roll.total[0])
    assert all(f >= 96 for f in chain[:-1]) and chain[-1] < 96
    assert chain == [*faces, 1][: len(chain)]


def test_open_ended_distribution_matches_exact_odds() -> None:
    n = 200_000
    roll = open_ended(SeededDice(3), n, "attack")
    # P(first >= 96) = 5 %; P(total >= 192) = P(96..100 then 96..100) = 0.25 %
    share = float((roll.first >= 96).mean())
    sigma = (0.05 * 0.95 / n) ** 0.5
    assert abs(share - 0.05) < 4 * sigma
    assert int(roll.total.min()) >= 1
    assert bool((roll.total[roll.first < 96] == roll.first[roll.first < 96]).all())
