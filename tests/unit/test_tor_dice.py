"""The One Ring's dice: scripted rolls, exact odds against icepool and enumeration, properties, sampling."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estoc.dice import (
    KeyedDice,
    ScriptedDice,
    SeededDice,
    tor,  # the module, so that pytest does not collect ``test_odds`` as a test
)
from estoc.dice.tor import (
    EYE,
    RUNE,
    Mode,
    TorRoll,
    combine_modes,
    dice_count,
    feat_distribution,
    roll_tor,
    success_distribution,
)

MODES: tuple[Mode, ...] = ("normal", "favoured", "ill")


def _roll(feat: list[int], success: list[int], *, mode: Mode = "normal", weary: bool = False,
          dice: int | None = None) -> TorRoll:
    """One world rolled on scripted faces; every face given must be used."""
    source = ScriptedDice({"feat": feat, "feat-success": success})
    roll = roll_tor(source, 1, len(success) if dice is None else dice, favoured=mode == "favoured",
                    ill=mode == "ill", weary=weary)
    source.check_all_used()
    return roll


# --- scripted rolls ----------------------------------------------------------------------------------------------

def test_the_rune_always_succeeds() -> None:
    roll = _roll([RUNE], [1, 1])
    assert roll.rune[0] and not roll.eye[0]
    assert roll.feat_value[0] == 0 and roll.total[0] == 2
    assert roll.succeeds(40)[0]


def test_the_eye_counts_zero() -> None:
    roll = _roll([EYE], [4, 5])
    assert roll.eye[0] and not roll.rune[0]
    assert roll.total[0] == 9
    assert roll.succeeds(9)[0] and not roll.succeeds(10)[0]


def test_a_plain_roll_adds_the_feat_number() -> None:
    roll = _roll([7], [3, 6, 2])
    assert roll.total[0] == 18 and roll.tengwar[0] == 1
    assert roll.succeeds(18)[0] and not roll.succeeds(19)[0]
    assert roll.feat_faces.shape == (1, 1)


@pytest.mark.parametrize(("mode", "faces", "kept"), [
    ("favoured", [EYE, 3], 3),
    ("favoured", [3, EYE], 3),
    ("favoured", [5, RUNE], RUNE),
    ("favoured", [RUNE, 10], RUNE),
    ("favoured", [10, 9], 10),
    ("ill", [5, RUNE], 5),
    ("ill", [RUNE, 5], 5),
    ("ill", [EYE, 7], EYE),
    ("ill", [1, EYE], EYE),
    ("ill", [2, 1], 1),
])
def test_two_feat_dice_keep_the_best_or_the_worst(mode: Mode, faces: list[int], kept: int) -> None:
    roll = _roll(faces, [], mode=mode)
    assert roll.feat[0] == kept
    assert roll.feat_faces.tolist() == [faces]


def test_favoured_and_ill_favoured_cancel() -> None:
    source = ScriptedDice({"feat": [4], "feat-success": [2]})
    roll = roll_tor(source, 1, 1, favoured=True, ill=True)
    assert roll.feat.tolist() == [4] and roll.feat_faces.shape == (1, 1)
    assert not roll.favoured[0] and not roll.ill[0]
    assert [combine_modes(f, i) for f, i in itertools.product((False, True), repeat=2)] == \
        ["normal", "ill", "favoured", "normal"]


def test_weary_blanks_low_success_dice_but_not_the_tengwar() -> None:
    fresh = _roll([5], [1, 2, 3, 4, 6])
    weary = _roll([5], [1, 2, 3, 4, 6], weary=True)
    assert fresh.total[0] == 21
    assert weary.total[0] == 15  # 5 + 4 + 6
    assert weary.tengwar[0] == fresh.tengwar[0] == 1
    assert weary.success_values.tolist() == [[0, 0, 0, 4, 6]]


def test_removed_dice_never_go_below_zero() -> None:
    assert dice_count(2, -1) == 1
    assert dice_count(1, -3) == 0
    assert dice_count(0, 2) == 2
    roll = _roll([8], [], dice=-2)  # no success face is drawn
    assert roll.dice.tolist() == [0] and roll.success.shape == (1, 0)
    assert roll.total[0] == 8 and roll.tengwar[0] == 0
    assert success_distribution(-1) == {(0, 0): Fraction(1)}


def test_worlds_with_different_dice_draw_by_group() -> None:
    # Worlds rolling the same count draw together, fewest dice first: world 1 (1 die), then worlds 0 and 2 (2 each).
    source = ScriptedDice({"feat": [1, 2, 3], "feat-success": [6, 1, 2, 3, 4]})
    roll = roll_tor(source, 3, np.array([2, 1, 2]), weary=np.array([False, False, True]))
    source.check_all_used()
    assert roll.success.tolist() == [[1, 2], [6, 0], [3, 4]]
    assert roll.total.tolist() == [1 + 3, 2 + 6, 3 + 4]
    assert roll.tengwar.tolist() == [0, 1, 0]


def test_worlds_with_different_modes() -> None:
    # One die for the plain world 1, then two each for world 0 (favoured) and world 2 (ill-favoured).
    source = ScriptedDice({"feat": [9, EYE, 4, EYE, 4], "feat-success": []})
    roll = roll_tor(source, 3, 0, favoured=np.array([True, False, False]), ill=np.array([False, False, True]))
    source.check_all_used()
    assert roll.feat_faces.tolist() == [[EYE, 4], [9, 0], [EYE, 4]]
    assert roll.feat.tolist() == [4, 9, EYE]


def test_keyed_dice_give_a_world_the_same_faces_whatever_the_others_roll() -> None:
    few = roll_tor(KeyedDice(11, 4), 4, np.array([1, 3, 0, 2]), favoured=np.array([False, True, False, False]))
    many = roll_tor(KeyedDice(11, 4), 4, np.array([5, 3, 4, 4]), favoured=np.array([True, True, False, True]))
    assert few.feat[1] == many.feat[1] and few.feat[2] == many.feat[2]
    assert few.success[1].tolist() == many.success[1, :3].tolist()


def test_no_world_rolls_nothing() -> None:
    roll = roll_tor(ScriptedDice(), 0, 3, favoured=True)
    assert roll.feat.shape == roll.total.shape == roll.succeeds(10).shape == (0,)


def test_a_bad_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="one value per world"):
        roll_tor(SeededDice(1), 3, np.array([1, 2]))


# --- exact odds against icepool ----------------------------------------------------------------------------------

def _icepool_feat(mode: Mode) -> icepool.Die:
    """The kept feat die, each face mapped to its rank: the Eye 0, 1–10 themselves, the rune 100 (beats any TN)."""
    die = icepool.d12.map(lambda f: 0 if f == EYE else 100 if f == RUNE else f)
    if mode == "favoured":
        return icepool.highest(die, die)
    if mode == "ill":
        return icepool.lowest(die, die)
    return die


def _icepool_success(weary: bool, pair: bool = False) -> icepool.Die:
    """One success die: its value, or ``(value, is a tengwar)`` as a vector."""
    def value(face: int) -> int:
        return 0 if weary and face <= 3 else face
    if pair:
        return icepool.d6.map(lambda f: icepool.Vector((value(f), int(f == 6))))
    return icepool.d6.map(value)


def test_feat_distribution_matches_icepool() -> None:
    back = {0: EYE, 100: RUNE}
    for mode in MODES:
        die = _icepool_feat(mode)
        expected = {back.get(rank, rank): Fraction(q, die.denominator()) for rank, q in die.items()}
        assert feat_distribution(mode) == expected
        assert sum(feat_distribution(mode).values()) == 1


@pytest.mark.parametrize("weary", [False, True])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4, 5, 6])
def test_success_odds_equal_icepool(dice: int, mode: Mode, weary: bool) -> None:
    total = _icepool_feat(mode) + dice @ _icepool_success(weary)
    for tn in (10, 14, 18, 22):
        odds = tor.test_odds(dice, tn, mode, weary)
        assert odds.success == total.probability(">=", tn)
        assert odds.success == sum(odds.success_with_feat.values())
        assert odds.success == sum(odds.by_tengwar.values())
    odds = tor.test_odds(dice, 14, mode, weary)
    assert odds.rune == _icepool_feat(mode).probability("==", 100)
    assert odds.eye == _icepool_feat(mode).probability("==", 0)


@pytest.mark.parametrize(("dice", "mode", "weary"), [
    (3, "normal", False), (3, "favoured", True), (4, "ill", False), (4, "normal", True), (5, "favoured", False),
])
def test_tengwar_odds_equal_icepool(dice: int, mode: Mode, weary: bool) -> None:
    feat = _icepool_feat(mode).map(lambda rank: icepool.Vector((rank, 0)))
    total = feat + dice @ _icepool_success(weary, pair=True)
    for tn in (14, 18, 20):
        by_tengwar = total.map(lambda v, tn=tn: v[1] if v[0] >= tn else -1)
        odds = tor.test_odds(dice, tn, mode, weary)
        assert set(odds.by_tengwar) == set(range(dice + 1))
        for k, p in odds.by_tengwar.items():
            assert p == by_tengwar.probability("==", k)


def test_success_distribution_sums_to_one() -> None:
    for dice, weary in itertools.product(range(7), (False, True)):
        distribution = success_distribution(dice, weary)
        assert sum(distribution.values()) == 1
        assert max(total for total, _ in distribution) == 6 * dice
        assert max(tengwar for _, tengwar in distribution) == dice


# --- the roller over every combination of faces: the slow twin of the exact odds ---------------------------------

@pytest.mark.parametrize("weary", [False, True])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dice", [0, 1, 3])
def test_rolling_every_face_gives_the_exact_odds(dice: int, mode: Mode, weary: bool) -> None:
    feats = 1 if mode == "normal" else 2
    grid = np.array(list(itertools.product(*[range(1, 13)] * feats, *[range(1, 7)] * dice)), dtype=np.int64)
    n = grid.shape[0]
    source = ScriptedDice({"feat": grid[:, :feats].ravel().tolist(), "feat-success": grid[:, feats:].ravel().tolist()})
    roll = roll_tor(source, n, dice, favoured=mode == "favoured", ill=mode == "ill", weary=weary)
    source.check_all_used()
    for tn in (8, 15, 20):
        odds = tor.test_odds(dice, tn, mode, weary)
        won = roll.succeeds(tn)
        assert Fraction(int(won.sum()), n) == odds.success
        for k, p in odds.by_tengwar.items():
            assert Fraction(int((won & (roll.tengwar == k)).sum()), n) == p
        for face, p in odds.success_with_feat.items():
            assert Fraction(int((won & (roll.feat == face)).sum()), n) == p
        assert Fraction(int(roll.rune.sum()), n) == odds.rune
        assert Fraction(int(roll.eye.sum()), n) == odds.eye


# --- properties and sampling -------------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.data(), st.integers(0, 8), st.sampled_from(MODES))
def test_totals_are_bounded_and_weariness_never_adds(data: st.DataObject, dice: int, mode: Mode) -> None:
    feat = data.draw(st.lists(st.integers(1, 12), min_size=2, max_size=2))
    success = data.draw(st.lists(st.integers(1, 6), min_size=dice, max_size=dice))
    rolls: dict[bool, TorRoll] = {}
    for weary in (False, True):
        rolls[weary] = roll_tor(ScriptedDice({"feat": feat, "feat-success": success}), 1, dice,
                                favoured=mode == "favoured", ill=mode == "ill", weary=weary)
    fresh, weary_roll = rolls[False], rolls[True]
    assert 0 <= weary_roll.total[0] <= fresh.total[0] <= 10 + 6 * dice
    assert fresh.feat[0] == weary_roll.feat[0] and fresh.tengwar[0] == weary_roll.tengwar[0] == success.count(6)
    assert fresh.total[0] == fresh.feat_value[0] + sum(success)


@pytest.mark.parametrize("make", [lambda: SeededDice(2024), lambda: KeyedDice(2024, 200_000)],
                         ids=["seeded", "keyed"])
def test_sampling_agrees_with_the_exact_odds(make: Callable[[], SeededDice | KeyedDice]) -> None:
    n, dice, tn = 200_000, 3, 16
    odds = tor.test_odds(dice, tn, "favoured", weary=True)
    roll = roll_tor(make(), n, dice, favoured=True, weary=True)
    p = float(odds.success)
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(float(roll.succeeds(tn).mean()) - p) < 5 * sigma
    p_rune = float(odds.rune)
    assert abs(float(roll.rune.mean()) - p_rune) < 5 * (p_rune * (1 - p_rune) / n) ** 0.5
