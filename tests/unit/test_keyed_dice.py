"""Keyed dice: each world its own stream per purpose, independent of the other worlds and of compaction."""

from __future__ import annotations

import numpy as np
import pytest

from estoc.dice import KeyedDice, SeededDice, d10, open_ended


def test_faces_are_in_range_and_even() -> None:
    dice = KeyedDice(7, 1000)
    faces = np.concatenate([dice.draw(100, 1000, "attack") for _ in range(100)])  # 10⁵ faces
    assert faces.min() == 1 and faces.max() == 100
    counts = np.bincount(faces, minlength=101)[1:]
    chi2 = float(((counts - 1000) ** 2 / 1000).sum())
    assert chi2 < 180  # 99 degrees of freedom: above 180 has a probability under 10⁻⁶


def test_a_world_does_not_depend_on_the_others() -> None:
    alone, crowd = KeyedDice(3, 10), KeyedDice(3, 10)
    everyone = np.arange(10)
    first = crowd.draw(100, 10, "attack", everyone)
    assert alone.draw(100, 1, "attack", np.array([4]))[0] == first[4]
    crowd.draw(100, 5, "critical", np.arange(5))  # other purposes and other worlds roll in between
    second = crowd.draw(100, 2, "attack", np.array([4, 9]))
    assert alone.draw(100, 1, "attack", np.array([4]))[0] == second[0]


def test_purposes_and_worlds_and_keys_differ() -> None:
    a = KeyedDice(1, 2000).draw(100, 2000, "attack")
    assert not np.array_equal(a, KeyedDice(1, 2000).draw(100, 2000, "critical"))
    assert not np.array_equal(a, KeyedDice(2, 2000).draw(100, 2000, "attack"))
    assert abs(float(np.corrcoef(a[:-1], a[1:])[0, 1])) < 0.1  # neighbouring worlds look independent


def test_compaction_keeps_each_world_its_stream() -> None:
    whole, kept = KeyedDice(5, 8), KeyedDice(5, 8)
    whole.draw(10, 8, "initiative")
    kept.draw(10, 8, "initiative")
    kept.keep_worlds(np.array([2, 6]))
    assert kept.draw(10, 2, "initiative").tolist() == whole.draw(10, 8, "initiative")[[2, 6]].tolist()


def test_several_dice_a_world_are_laid_out_world_by_world() -> None:
    together, apart = KeyedDice(9, 4), KeyedDice(9, 4)
    faces = d10(together, 12, "initiative", np.arange(4)).reshape(4, 3)
    for k in range(3):
        assert d10(apart, 4, "initiative", np.arange(4)).tolist() == faces[:, k].tolist()


def test_open_ended_rerolls_follow_their_world() -> None:
    dice = KeyedDice(11, 5000)
    roll = open_ended(dice, 5000, "attack", worlds=np.arange(5000))
    opened = np.flatnonzero(roll.first >= 96)
    assert opened.size and (roll.total[opened] > roll.first[opened]).all()
    world = int(opened[0])
    again = KeyedDice(11, 5000)
    assert open_ended(again, 1, "attack", worlds=np.array([world])).chain(0) == roll.chain(world)


def test_the_worlds_must_be_named() -> None:
    dice = KeyedDice(1, 10)
    with pytest.raises(ValueError, match="worlds"):
        dice.draw(100, 3, "attack")
    with pytest.raises(ValueError, match="shared"):
        dice.draw(100, 7, "attack", np.arange(2))


def test_other_sources_ignore_the_worlds() -> None:
    assert SeededDice(4).draw(100, 3, "attack", np.array([0, 5, 9])).tolist() == SeededDice(4).draw(
        100, 3, "attack").tolist()
