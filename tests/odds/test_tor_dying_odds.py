"""The One Ring odds of a wound leaving a hero dying (issue 26), against an independent computation: the piercing
blow struck by the kernel's own attack on every face (:mod:`tests.tor_oracle`), the protection roll counted by
icepool, and the house text's « 1 chance sur 12 d'y rester » for a first wound (the Eye of the severity roll); a
second wound always leaves the hero dying; without the fatal-wounds setting a first wound never does."""

from __future__ import annotations

import json
from fractions import Fraction

import icepool
import pytest
from tests.cli_helpers import run
from tests.tor_oracle import brute

from estoc.content.registry import Content
from estoc.odds.tor import blow_odds
from estoc.systems.tor.blow import numbers, special_code
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.worlds import Settings, array, build, kernel_of


def protection_holds(dice: int, injury: int) -> Fraction:
    """icepool: a feat die (1–10 their value, the Eye 0, the rune always) and ``dice`` d6 reach ``injury``."""
    feat = icepool.d(12).map(lambda f: 1000 if f == 12 else 0 if f == 11 else f)
    total = feat + (dice @ icepool.d(6) if dice else icepool.Die([0]))
    return Fraction(int(total.quantity(">=", injury)), int(total.denominator()))


def world(content: Content, hero: str, foe: str, *, fatal: bool = True, wounds: int = 0) -> object:
    F = build([(Combatant.from_content(content, hero), "open")], [Combatant.from_content(content, foe)], 1,
              settings=Settings(load=False, volleys=False, fatal=fatal))
    array(F, "wounds")[0, 0] = wounds
    kernel_of(F).py_engage(F, 0, 0, 1)
    return F


def odds_of(F: object) -> object:
    n = numbers(F, 0, 1, 0, 0)
    return blow_odds(F, 1, 0, 0, special_code("auto"), dice=n.dice, tn=n.tn, mode=n.mode, weary=n.weary,
                     protection=n.protection, protection_weary=n.protection_weary)


@pytest.mark.parametrize(("hero", "foe"), [("maelor-le-rodeur", "orc-soldat"), ("faelwen-de-lindon", "chef-orque"),
                                           ("eirik-de-dale", "troll-des-cavernes")])
def test_a_first_wound_leaves_a_hero_dying_one_time_in_twelve(content: Content, hero: str, foe: str) -> None:
    F = world(content, hero, foe)
    odds = odds_of(F)
    struck = brute(F, 1, 0, 0, special_code("auto"))
    n = numbers(F, 0, 1, 0, 0)
    wound = struck.piercing * (1 - protection_holds(n.protection, int(F.injury[1, 0])))  # type: ignore[attr-defined]
    assert odds.wound == wound  # type: ignore[attr-defined]
    assert odds.dying_given_wound == Fraction(1, 12)  # type: ignore[attr-defined]
    assert odds.dying == wound / 12  # type: ignore[attr-defined]


def test_a_second_wound_always_and_no_fatal_setting_never(content: Content) -> None:
    second = odds_of(world(content, "maelor-le-rodeur", "orc-soldat", wounds=1))
    assert second.dying_given_wound == 1 and second.dying == second.wound  # type: ignore[attr-defined]
    off = odds_of(world(content, "maelor-le-rodeur", "orc-soldat", fatal=False))
    assert off.dying_given_wound == 0 and off.dying == 0  # type: ignore[attr-defined]


def test_an_adversary_struck_has_no_dying_odds(content: Content) -> None:
    F = world(content, "maelor-le-rodeur", "orc-soldat")
    n = numbers(F, 0, 0, 1, 0)
    odds = blow_odds(F, 0, 1, 0, special_code("auto"), dice=n.dice, tn=n.tn, mode=n.mode, weary=n.weary,
                     protection=n.protection, protection_weary=n.protection_weary)
    assert odds.dying is None and odds.as_dict()["dying"] is None


def test_the_command_line_tells_the_dying_odds(capsys: pytest.CaptureFixture[str], content: Content) -> None:
    code, out, _ = run(capsys, "odds", "attack", "--system", "tor", "--attacker", "orc-soldat", "--defender",
                       "maelor-le-rodeur", "--json")
    data = json.loads(out)
    assert code == 0
    assert Fraction(data["exact"]["dying"]) == Fraction(data["exact"]["wound"]) / 12
    code, out, _ = run(capsys, "odds", "attack", "--system", "tor", "--attacker", "orc-soldat", "--defender",
                       "maelor-le-rodeur")
    assert code == 0 and ("Wound leaving the hero dying" in out or "agonie" in out)
