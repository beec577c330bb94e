"""The d100 kernels one by one: qualities, rounding, ranges, movement, hit points, armour penalties, absorption."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from estoc.systems.d100.rules import (
    FAILURE,
    FUMBLE,
    SPECIAL,
    SUCCESS,
    absorb,
    armour_penalty,
    divide_up,
    hit_points,
    quality,
    range_divisor,
    special_chance,
)


def test_qualities_at_the_edges() -> None:
    rolls = np.array([1, 9, 10, 47, 48, 99, 100])
    assert quality(rolls, 47).tolist() == [SPECIAL, SPECIAL, SUCCESS, SUCCESS, FAILURE, FAILURE, FUMBLE]
    assert special_chance(47) == 9 and special_chance(50) == 10 and special_chance(48) == 10
    assert quality(np.array([100]), 120).tolist() == [FUMBLE]  # 00 fumbles whatever the skill
    assert quality(np.array([100]), 120, fumble_from=101).tolist() == [SUCCESS]
    assert quality(np.array([96]), 50, fumble_from=96).tolist() == [FUMBLE]


@given(st.integers(0, 200), st.integers(1, 100))
def test_a_higher_skill_never_rolls_worse(skill: int, roll: int) -> None:
    assert quality(np.array([roll]), skill + 1)[0] <= quality(np.array([roll]), skill)[0]


def test_ranges_movement_and_hit_points() -> None:
    assert range_divisor(np.array([10, 11, 20, 21, 30, 31]), 10).tolist() == [1, 2, 2, 4, 4, 0]
    from estoc.systems.d100.worlds import kernel

    divisors = [kernel().py_move_divisor(m) for m in (0, 5, 6, 15, 16, 29, 30)]
    assert [0 if d == 0 else -(-15 // d) for d in divisors] == [15, 15, 8, 8, 4, 4, 0]
    assert hit_points(12, 12) == 12 and hit_points(13, 12) == 13  # the mean, rounded up
    assert divide_up(np.array([-3, 3, 4]), 2).tolist() == [-1, 2, 2]


def test_armour_penalties_follow_the_texts_lists() -> None:
    assert armour_penalty("esquive", -20, -10) == -20 and armour_penalty("lancer", -20, -10) == -20
    assert armour_penalty("ecoute", -20, -10) == -10 and armour_penalty("observation", -20, -10) == -10
    assert armour_penalty("premiers-soins", -20, -10) == 0


@given(st.integers(0, 40), st.integers(0, 20), st.integers(0, 12))
def test_absorption_adds_up(damage: int, item: int, armour: int) -> None:
    a = absorb(np.array([damage]), item, armour)
    assert int(a.item[0] + a.armour[0] + a.body[0]) == damage and int(a.body[0]) >= 0
    assert bool(a.worn[0]) == (item > 0 and damage > item)
