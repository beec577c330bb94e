"""The d100 kernel's rules one by one, through its entries: qualities, Difficult and range, movement, what a blow
leaves, hit points, armour penalties, absorption."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoc.content.registry import Content
from estoc.systems.d100.exchange import Combatant, Exchange, Settings, prepare, shipped_outcomes
from estoc.systems.d100.rules import FAILURE, FUMBLE, SPECIAL, SUCCESS, armour_penalty, hit_points
from estoc.systems.d100.worlds import kernel

K: Any = None


def exchange(content: Content, attacker: str = "ysolde", defender: str = "gorm", **settings: Any) -> Exchange:
    return prepare(shipped_outcomes(content), Combatant.from_content(content, attacker), 1,
                   Combatant.from_content(content, defender), settings=Settings(**settings))


@pytest.fixture(scope="module")
def world(content: Content) -> Any:
    return exchange(content).F


def quality(F: Any, roll: int, chance: int) -> int:
    return int(kernel().py_quality(F, roll, chance))


def test_qualities_at_the_edges(content: Content, world: Any) -> None:
    rolls = [1, 9, 10, 47, 48, 99, 100]
    assert [quality(world, r, 47) for r in rolls] == [SPECIAL, SPECIAL, SUCCESS, SUCCESS, FAILURE, FAILURE, FUMBLE]
    # special at a fifth rounded to the nearest: 47 -> 9, 48 -> 10, 50 -> 10
    assert [max(r for r in range(1, 101) if quality(world, r, c) == SPECIAL) for c in (47, 48, 50)] == [9, 10, 10]
    assert quality(world, 100, 120) == FUMBLE  # 00 fumbles whatever the skill
    assert quality(exchange(content, fumble_from=101).F, 100, 120) == SUCCESS
    assert quality(exchange(content, fumble_from=96).F, 96, 50) == FUMBLE


@settings(deadline=None)  # the first example loads the shipped content: slow on a shared machine
@given(st.integers(0, 200), st.integers(1, 100))
def test_a_higher_skill_never_rolls_worse(skill: int, roll: int) -> None:
    from estoc.content.registry import load_folder, shipped_folder

    global K
    if K is None:
        K = exchange(load_folder(shipped_folder())).F
    assert quality(K, roll, skill + 1) <= quality(K, roll, skill)


def test_difficult_range_movement_and_hit_points(content: Content) -> None:
    crossbow = exchange(content, "mathis", "gorm")  # a heavy crossbow
    skill, r = crossbow.chance, crossbow.attacker.weapons[0].record.range or 0
    F, s = crossbow.F, crossbow.slot
    chances = [int(kernel().py_chance(F, 0, 0, s, 1, d, False, 0)) for d in (r, r + 1, 2 * r, 2 * r + 1, 3 * r,
                                                                            3 * r + 1)]
    assert chances == [skill, -(-skill // 2), -(-skill // 2), -(-skill // 4), -(-skill // 4), -1]
    assert int(kernel().py_chance(F, 0, 0, s, 1, 0, True, 0)) == -(-skill // 2)  # Difficult halves, rounded up
    divisors = [kernel().py_move_divisor(m) for m in (0, 5, 6, 15, 16, 29, 30)]
    assert [0 if d == 0 else -(-15 // d) for d in divisors] == [15, 15, 8, 8, 4, 4, 0]
    assert hit_points(12, 12) == 12 and hit_points(13, 12) == 13  # the mean, rounded up
    assert [kernel().py_falls(hp) for hp in (3, 2, 1, 0, -1)] == [(False, False), (True, False), (True, False),
                                                                  (True, True), (True, True)]


def test_armour_penalties_follow_the_texts_lists() -> None:
    assert armour_penalty("esquive", -20, -10) == -20 and armour_penalty("lancer", -20, -10) == -20
    assert armour_penalty("ecoute", -20, -10) == -10 and armour_penalty("observation", -20, -10) == -10
    assert armour_penalty("premiers-soins", -20, -10) == 0


@given(st.integers(0, 40), st.integers(0, 20), st.integers(0, 12))
def test_absorption_adds_up(damage: int, item: int, armour: int) -> None:
    stopped, armoured, body, worn = kernel().py_absorb(damage, item, armour)
    assert stopped + armoured + body == damage and body >= 0
    assert worn == (item > 0 and damage > item)
