"""Exact odds of a One Ring attack: equal to icepool for 0 to 6 success dice, favoured, ill-favoured and weary, and
for the number of tengwar; the compiled kernel and its interpreted twin give the same odds. (That the odds are the
kernel's own attack, face by face, is :mod:`tests.odds.test_tor_surfaces`.)"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from estoc.content.registry import Content
from estoc.dice.tor import Mode
from estoc.engine.compiled import load_twin
from estoc.odds.tor import TorAttackOdds, blow_odds, holds
from estoc.systems.tor.blow import special_code
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.worlds import KERNEL_NAME, Settings, build, kernel_of

RUNE_VALUE = 1000  # the rune: a value no TN reaches, so that it always succeeds


def feat(mode: Mode) -> icepool.Die:
    # Faces 1–10 are worth themselves, the Eye (11) 0 and the rune (12) always succeeds; rank by that value.
    one = icepool.d(12).map(lambda f: RUNE_VALUE if f == 12 else 0 if f == 11 else f)
    if mode == "favoured":
        return icepool.highest(one, one)
    if mode == "ill":
        return icepool.lowest(one, one)
    return one


def success_chance(dice: int, tn: int, mode: Mode, weary: bool) -> Fraction:
    d6 = icepool.d(6).map(lambda f: 0 if weary and f <= 3 else f)
    total = feat(mode) + (dice @ d6 if dice else icepool.Die([0]))
    return Fraction(int(total.quantity(">=", tn)), int(total.denominator()))


@pytest.fixture(scope="module")
def world(content: Content) -> object:
    """Maelor (a spear) and an orc in a world of two."""
    hero, orc = Combatant.from_content(content, "maelor-le-rodeur"), Combatant.from_content(content, "orc-soldat")
    return build([(hero, "open")], [orc], 1, settings=Settings(load=False, volleys=False, fatal=False))


def odds(F: object, dice: int, tn: int, mode: Mode = "normal", weary: bool = False, protection: int = 2,
         special: str = "auto") -> TorAttackOdds:
    return blow_odds(F, 0, 1, 0, special_code(special), dice=dice, tn=tn, mode=mode, weary=weary,  # type: ignore[arg-type]
                     protection=protection, protection_weary=False)


@pytest.mark.parametrize("dice", range(7))
@pytest.mark.parametrize(("mode", "weary"), [("normal", False), ("favoured", False), ("ill", False),
                                             ("normal", True), ("favoured", True)])
def test_success_equals_icepool(world: object, dice: int, mode: Mode, weary: bool) -> None:
    for tn in (12, 16, 20):
        assert odds(world, dice, tn, mode, weary).success == success_chance(dice, tn, mode, weary)


def test_tengwar_count_equals_icepool(world: object) -> None:
    d6 = icepool.d(6)
    pool = feat("normal") + 3 @ d6
    assert odds(world, 3, 15).success == Fraction(int(pool.quantity(">=", 15)), int(pool.denominator()))
    sixes = 3 @ d6.map(lambda f: 1 if f == 6 else 0)
    # With a TN no roll can miss, the tengwar follow the sixes alone.
    sure = odds(world, 3, 0)
    for k in range(4):
        assert sure.by_tengwar[k] == Fraction(int(sixes.quantity("==", k)), int(sixes.denominator()))


def test_the_protection_roll_equals_icepool(world: object) -> None:
    K = kernel_of(world)
    for dice, injury in ((0, 8), (2, 16), (3, 14)):
        assert holds(K, dice, injury, False) == success_chance(dice, injury, "normal", False)
        assert holds(K, dice, injury, True) == success_chance(dice, injury, "normal", True)
    spear, injury = odds(world, 3, 16, protection=2), int(world.injury[0, 0])  # type: ignore[attr-defined]
    assert spear.wound == spear.piercing * (1 - success_chance(2, injury, "normal", False))


def test_the_twin_gives_the_same_odds(content: Content, world: object) -> None:
    hero, orc = Combatant.from_content(content, "maelor-le-rodeur"), Combatant.from_content(content, "orc-soldat")
    twin = build([(hero, "open")], [orc], 1, settings=Settings(load=False, volleys=False, fatal=False),
                 kernel_module=load_twin(KERNEL_NAME))
    for special in ("auto", "heavy", "pierce"):
        for mode in ("normal", "favoured", "ill"):
            assert odds(world, 3, 16, mode, special=special) == odds(twin, 3, 16, mode, special=special)  # type: ignore[arg-type]
