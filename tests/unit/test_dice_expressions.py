"""Dice expressions: the grammar, the bounds, rolling, and the exact distribution against icepool and enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoc.dice import DiceExpression, ScriptedDice, SeededDice
from estoc.dice.expressions import MAX_DICE, MAX_SIDES
from estoc.errors import DiceError
from estoc.i18n import set_language


def _probabilities(lowest: int, weights: Any) -> dict[int, Fraction]:
    total = sum(int(w) for w in weights)
    return {lowest + i: Fraction(int(w), total) for i, w in enumerate(weights) if w}


def _brute_force(expression: DiceExpression) -> dict[int, Fraction]:
    """Every combination of faces, one by one: the slow, obvious twin of ``distribution``."""
    dice = [(1 if count > 0 else -1, sides) for count, sides in expression.terms for _ in range(abs(count))]
    counts: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, sides + 1) for _, sides in dice)):
        counts[expression.constant + sum(sign * face for (sign, _), face in zip(dice, faces, strict=True))] += 1
    total = sum(counts.values())
    return {value: Fraction(count, total) for value, count in counts.items()}


# --- parsing ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "terms", "constant", "canonical"), [
    ("1D6+1", ((1, 6),), 1, "1D6+1"),
    ("2D6+1D4", ((2, 6), (1, 4)), 0, "2D6+1D4"),
    ("1D8+1D6-1", ((1, 8), (1, 6)), -1, "1D8+1D6-1"),
    ("1D3", ((1, 3),), 0, "1D3"),
    ("-1D4", ((-1, 4),), 0, "-1D4"),
    ("+1D4", ((1, 4),), 0, "1D4"),
    ("0", (), 0, "0"),
    ("4", (), 4, "4"),
    ("-2", (), -2, "-2"),
    ("1d10+2", ((1, 10),), 2, "1D10+2"),
    ("1D6 + 1", ((1, 6),), 1, "1D6+1"),
    ("  2d6 - 1d4 ", ((2, 6), (-1, 4)), 0, "2D6-1D4"),
    ("1D6 − 1", ((1, 6),), -1, "1D6-1"),
    ("D6", ((1, 6),), 0, "1D6"),
    ("1+1D6+2", ((1, 6),), 3, "1D6+3"),
    ("1D6+1-1", ((1, 6),), 0, "1D6"),
    ("1D6+1D6", ((1, 6), (1, 6)), 0, "1D6+1D6"),
    ("0D6+1", ((0, 6),), 1, "0D6+1"),
    ("100D1000", ((100, 1000),), 0, "100D1000"),
])
def test_parse_and_canonical_form(text: str, terms: tuple[tuple[int, int], ...], constant: int,
                                  canonical: str) -> None:
    expression = DiceExpression.parse(text)
    assert expression.terms == terms
    assert expression.constant == constant
    assert str(expression) == canonical
    assert DiceExpression.parse(canonical) == expression


@pytest.mark.parametrize("text", [
    "", "   ", "D", "1D", "1D6+", "+", "-", "++1", "1D6--1", "1D6 2", "1 0D6", "1 D6", "1x6", "1D6*2", "2(1D6)",
    "1D6+1.5", "1D0", "101D6", "-101D6", "1D1001", "9" * 40, "1D" + "9" * 5000, "1D6+1000001", "١D6",
])
def test_bad_text_is_a_dice_error(text: str) -> None:
    with pytest.raises(DiceError):
        DiceExpression.parse(text)


def test_limits_are_inclusive() -> None:
    assert DiceExpression.parse(f"{MAX_DICE}D{MAX_SIDES}").maximum == MAX_DICE * MAX_SIDES
    assert DiceExpression.parse(f"-{MAX_DICE}D1").minimum == -MAX_DICE
    with pytest.raises(DiceError):
        DiceExpression(((1, 0),), 0)


def test_errors_are_translated() -> None:
    try:
        set_language("fr")
        with pytest.raises(DiceError, match="expression de dés : '1D' "):
            DiceExpression.parse("1D")
        with pytest.raises(DiceError, match="au plus 100 dés, pas 101"):
            DiceExpression.parse("101D6")
    finally:
        set_language("en")


@given(st.text(alphabet="0123456789dD+-− x.", max_size=20))
def test_any_text_parses_or_raises_a_dice_error(text: str) -> None:
    try:
        expression = DiceExpression.parse(text)
    except DiceError:
        return
    assert DiceExpression.parse(str(expression)) == expression


_SIDES = st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 20, 100])
_EXPRESSIONS = st.builds(
    DiceExpression,
    st.lists(st.tuples(st.integers(-3, 3), _SIDES), max_size=3).map(tuple),
    st.integers(-5, 5),
)


@given(_EXPRESSIONS)
def test_canonical_form_round_trips(expression: DiceExpression) -> None:
    assert DiceExpression.parse(str(expression)) == expression


# --- bounds and rolls -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "lowest", "highest"), [
    ("1D6+1", 2, 7), ("2D6+1D4", 3, 16), ("1D8+1D6-1", 1, 13), ("-1D4", -4, -1), ("0", 0, 0), ("4", 4, 4),
    ("1D10-2D4+3", -4, 11),
])
def test_minimum_and_maximum(text: str, lowest: int, highest: int) -> None:
    expression = DiceExpression.parse(text)
    assert (expression.minimum, expression.maximum) == (lowest, highest)


@pytest.mark.parametrize(("text", "faces", "total"), [
    ("1D6+1", [3], 4),
    ("2D6+1D4", [2, 5, 3], 10),
    ("-1D4", [3], -3),
    ("1D8+1D6-1", [8, 6], 13),
    ("4", [], 4),
    ("0D6+1D4", [2], 2),
])
def test_roll_with_scripted_faces(text: str, faces: list[int], total: int) -> None:
    dice = ScriptedDice(faces)
    assert DiceExpression.parse(text).roll(dice, 1, "damage").tolist() == [total]
    assert dice.unused() == {}


def test_roll_draws_terms_in_order_world_after_world() -> None:
    dice = ScriptedDice([1, 2, 3, 4, 2, 3], record=True)
    totals = DiceExpression.parse("2D6-1D4+1").roll(dice, 2, "damage")
    # one draw per term: the 2D6 gives 1, 2 to world 0 and 3, 4 to world 1; the d4 then gives 2 and 3
    assert [(r.sides, r.faces) for r in dice.records or []] == [(6, (1, 2, 3, 4)), (4, (2, 3))]
    assert totals.tolist() == [1 + 2 - 2 + 1, 3 + 4 - 3 + 1]


def test_roll_layout_and_worlds_are_passed_through() -> None:
    seen: list[tuple[int, int, str, list[int] | None]] = []

    class Spy(ScriptedDice):
        def draw(self, sides: int, n: int, purpose: str, worlds: Any = None, who: int = -1) -> Any:
            seen.append((sides, n, purpose, None if worlds is None else worlds.tolist()))
            return super().draw(sides, n, purpose, worlds)

    dice = Spy([1, 2, 3, 4, 2, 3])
    worlds = np.array([5, 7])
    totals = DiceExpression.parse("2D6+0D8-1D4+1").roll(dice, 2, "damage", worlds)
    assert seen == [(6, 4, "damage", [5, 7]), (4, 2, "damage", [5, 7])]
    # world 5 rolled 1+2 and a d4 of 2; world 7 rolled 3+4 and a d4 of 3
    assert totals.tolist() == [1 + 2 - 2 + 1, 3 + 4 - 3 + 1]


@pytest.mark.parametrize("text", ["1D6+1", "2D6+1D4", "1D8+1D6-1", "-1D4", "3D6-2D10+4", "0"])
def test_seeded_rolls_stay_within_bounds(text: str) -> None:
    expression = DiceExpression.parse(text)
    totals = expression.roll(SeededDice(7), 5000, "damage")
    assert totals.dtype == np.int64 and totals.shape == (5000,)
    assert expression.minimum <= totals.min() and totals.max() <= expression.maximum
    if sum(int(w) for w in expression.distribution()[1]) <= 100:
        # each extreme has a chance of 1 in 100 or better: 5000 rolls all miss it with odds below e^-50
        assert totals.min() == expression.minimum and totals.max() == expression.maximum


# --- exact distribution -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "die"), [
    ("1D6+1", icepool.d(6) + 1),
    ("2D6+1D4", 2 @ icepool.d(6) + icepool.d(4)),
    ("1D8+1D6-1", icepool.d(8) + icepool.d(6) - 1),
    ("-1D4", -icepool.d(4)),
    ("1D3", icepool.d(3)),
    ("1D10-2D4+3", icepool.d(10) - 2 @ icepool.d(4) + 3),
    ("3D6+1D1", 3 @ icepool.d(6) + 1),
    ("30D6-1D100", 30 @ icepool.d(6) - icepool.d(100)),
])
def test_distribution_matches_icepool(text: str, die: icepool.Die) -> None:
    lowest, weights = DiceExpression.parse(text).distribution()
    expected = {int(k): Fraction(q, die.denominator()) for k, q in zip(die.outcomes(), die.quantities(), strict=True)}
    assert _probabilities(lowest, weights) == expected


@pytest.mark.parametrize("text", ["1D6+1", "2D6+1D4", "-2D3+1D4-1", "0", "1D1-1D1", "0D6+2"])
def test_distribution_matches_brute_force(text: str) -> None:
    expression = DiceExpression.parse(text)
    lowest, weights = expression.distribution()
    outcomes = 1
    for count, sides in expression.terms:
        outcomes *= sides ** abs(count)
    assert sum(int(w) for w in weights) == outcomes
    assert lowest == expression.minimum and lowest + len(weights) - 1 == expression.maximum
    assert _probabilities(lowest, weights) == _brute_force(expression)


def test_distribution_weights_stay_exact_beyond_int64() -> None:
    lowest, weights = DiceExpression.parse("30D6").distribution()
    assert lowest == 30
    assert sum(int(w) for w in weights) == 6**30
    assert int(weights[0]) == 1 and int(weights[75]) == max(int(w) for w in weights)


@settings(max_examples=40, deadline=None)
@given(_EXPRESSIONS, st.integers(0, 2**32))
def test_sample_mean_agrees_with_the_distribution(expression: DiceExpression, seed: int) -> None:
    lowest, weights = expression.distribution()
    probabilities = _probabilities(lowest, weights)
    mean = sum(p * v for v, p in probabilities.items())
    variance = sum(p * (v - mean) ** 2 for v, p in probabilities.items())
    n = 20_000
    totals = expression.roll(SeededDice(seed), n, "damage")
    sample_mean = Fraction(int(totals.sum()), n)
    if variance == 0:
        assert sample_mean == mean
    else:
        assert (sample_mean - mean) ** 2 <= 25 * variance / n
