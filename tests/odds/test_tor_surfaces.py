"""Every One Ring exchange surface is the kernel's, on a grid of cases: the exact odds equal the kernel's own attack
struck on every face combination (:mod:`tests.tor_oracle`); ``estoc attack --system tor`` tells the blow play strikes
on the same dice; the GM's odds panel equals the kernel's strikes on the fight's own world, stances, tasks and Hope
included."""

from __future__ import annotations

import json
import time

import pytest
from tests.cli_helpers import run
from tests.tor_oracle import Struck, brute

from estoc.content.registry import Content
from estoc.dice import ScriptedDice
from estoc.odds.tor import TorAttackOdds, blow_odds, numbers_odds
from estoc.systems.tor.blow import pair, special_code
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import Special, Stance
from estoc.web.odds_systems import tor_odds


def agree(odds: TorAttackOdds, struck: Struck) -> None:
    assert odds.success == struck.success
    assert {k: p for k, p in odds.by_tengwar.items() if p} == struck.by_tengwar
    assert odds.endurance == struck.endurance
    assert odds.specials == struck.specials
    assert odds.piercing == struck.piercing


# (attacker, weapon, defender, special, favoured, ill, extra dice, parry bonus, stance)
GRID: list[tuple[str, int, str, Special, bool, bool, int, int, Stance]] = [
    ("maelor-le-rodeur", 1, "orc-soldat", "auto", False, False, 0, 0, "open"),
    ("maelor-le-rodeur", 1, "orc-soldat", "pierce", True, False, -1, 0, "open"),
    ("maelor-le-rodeur", 1, "orc-soldat", "fend", False, True, -1, 2, "defensive"),
    ("maelor-le-rodeur", 1, "orc-soldat", "heavy", False, False, -2, 0, "forward"),
    ("grani-barbe-grise", 1, "troll-des-cavernes", "auto", False, False, -1, 0, "forward"),
    ("grani-barbe-grise", 1, "orc-soldat", "none", True, True, -1, 3, "open"),
    ("eirik-de-dale", 1, "gobelin", "shield", False, False, -1, 0, "open"),
    ("orc-soldat", 1, "eirik-de-dale", "auto", False, False, 0, 0, "forward"),
    ("orc-archer", 1, "faelwen-de-lindon", "auto", True, False, 0, 0, "defensive"),
    ("troll-des-cavernes", 1, "grani-barbe-grise", "heavy", False, False, -1, 0, "open"),
]


@pytest.mark.parametrize(("attacker", "weapon", "defender", "special", "favoured", "ill", "extra", "bonus",
                          "stance"), GRID)
def test_the_odds_are_the_kernels_strikes(content: Content, attacker: str, weapon: int, defender: str,
                                          special: Special, favoured: bool, ill: bool, extra: int, bonus: int,
                                          stance: Stance) -> None:
    a, d = Combatant.from_content(content, attacker), Combatant.from_content(content, defender)
    blow = pair(a, d, weapon, stance=stance, extra_dice=extra, favoured=favoured, ill=ill, parry_bonus=bonus,
                special=special)
    numbers = blow.numbers()
    assert numbers.dice <= 3, "keep the brute force small"
    odds = numbers_odds(blow.F, blow.attacker, blow.target, blow.weapon, blow.special, numbers)
    agree(odds, brute(blow.F, blow.attacker, blow.target, blow.weapon, blow.special))
    assert sum(odds.endurance.values()) == 1 and odds.wound == odds.piercing * odds.protection_fails


def test_the_odds_take_under_ten_milliseconds(content: Content) -> None:
    a, d = Combatant.from_content(content, "grani-barbe-grise"), Combatant.from_content(content, "orc-soldat")
    blow = pair(a, d, 1, favoured=True, extra_dice=3)
    numbers = blow.numbers()
    assert numbers.dice >= 6
    times = []
    for _ in range(20):
        start = time.perf_counter()
        numbers_odds(blow.F, blow.attacker, blow.target, blow.weapon, blow.special, numbers)
        times.append(time.perf_counter() - start)
    assert sorted(times)[len(times) // 2] < 0.010


def hero_acts(content: Content, hero: str, stance: Stance, foe: str) -> TorFight:
    """A fight of one hero and one adversary, engaged, at the hero's turn of round 1."""
    fight = TorFight.start([(Combatant.from_content(content, hero), stance, True)],
                           [Combatant.from_content(content, foe)], tasks={}, volleys=False)
    fight.apply({"type": "begin"}, ScriptedDice({}))
    fight.apply({"type": "fight"}, ScriptedDice({}))
    assert fight.current() == 0
    return fight


@pytest.mark.parametrize(("special", "faces"), [
    ("auto", {"attack": [8], "attack-success": [6, 4, 2], "protection": [3], "protection-success": [1, 2]}),
    ("heavy", {"attack": [11], "attack-success": [6, 6, 6]}),
    ("fend", {"attack": [5], "attack-success": [6, 6, 1]}),
    ("none", {"attack": [12], "attack-success": [1, 1, 1], "protection": [12], "protection-success": [1, 1]}),
    ("auto", {"attack": [2], "attack-success": [1, 2, 3]}),
])
def test_the_attack_command_tells_the_blow_play_strikes(content: Content, capsys: pytest.CaptureFixture[str],
                                                        special: str, faces: dict[str, list[int]]) -> None:
    typed = [*(a for f in faces.get("attack", []) for a in ("--roll", str(f))),
             *(a for f in faces.get("attack-success", []) for a in ("--success-roll", str(f))),
             *(a for f in faces.get("protection", []) + faces.get("protection-success", [])
               for a in ("--protection-roll", str(f)))]
    code, out, err = run(capsys, "attack", "--system", "tor", "--attacker", "maelor-le-rodeur", "--defender",
                         "orc-soldat", "--special", special, *typed, "--json")
    assert code == 0, err
    told = json.loads(out)
    fight = hero_acts(content, "maelor-le-rodeur", "open", "orc-soldat")
    records = fight.apply({"type": "attack", "target": "orc-soldat", "weapon": 1, "special": special},
                          ScriptedDice(faces))
    played = next(r for r in records if r.get("kind") == "attack")
    for key in ("feat", "total", "success", "tengwar", "special", "endurance", "piercing", "wounded"):
        assert told[key] == played[key], key
    assert told["tn"] == played["tn"] and told["dice"] == played["dice"]


@pytest.mark.parametrize(("stance", "hope", "task"), [
    ("forward", False, None), ("open", True, None), ("defensive", False, None), ("open", False, "advantage"),
    ("forward", True, "challenge"),
])
def test_the_gms_panel_is_the_kernels_strikes_on_the_fight(content: Content, stance: Stance, hope: bool,
                                                           task: str | None) -> None:
    fight = hero_acts(content, "grani-barbe-grise", stance, "orc-soldat")
    if task == "advantage":  # the advantage gained beforehand: +1d to the next attack
        fight.F.next_dice[0] = 1
    if task == "challenge":  # a challenge between the two: favoured
        fight.F.challenge[0], fight.F.challenge[1] = 1, 0
    shown = tor_odds(fight, "grani-barbe-grise", "orc-soldat", "1", "auto", "-1", "1", None, hope=hope)
    assert shown is not None
    numbers = fight.blow(0, 1, 0, hope=hope)
    odds = blow_odds(fight.F, 0, 1, 0, special_code("auto"), dice=max(numbers.dice - 1, 0), tn=numbers.tn + 1,
                     mode=numbers.mode, weary=numbers.weary, protection=numbers.protection,
                     protection_weary=numbers.protection_weary)
    struck = brute(fight.F, 0, 1, 0, special_code("auto"), hope=hope, extra=-1, bonus=1)
    agree(odds, struck)
    hit = next(row for _label, rows in shown.groups for row in rows if row[0].startswith("Hit"))
    assert hit[1] == f"{100 * float(struck.success):.1f} %"
    assert f"{numbers.dice - 1}d against TN {numbers.tn + 1}" in shown.head


def test_a_refused_blow_says_why(content: Content, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "attack", "--system", "tor", "--attacker", "aldric-de-bree", "--defender",
                          "orc-soldat", "--special", "shield")
    assert code == 2 and "a shield thrust needs a shield" in err and "Traceback" not in err
    code, _out, err = run(capsys, "odds", "attack", "--system", "tor", "--attacker", "faelwen-de-lindon",
                          "--defender", "orc-soldat", "--special", "fend")
    assert code == 2 and "only a close-combat weapon fends off" in err
    code, _out, err = run(capsys, "--lang", "fr", "odds", "attack", "--system", "tor", "--attacker",
                          "grani-barbe-grise", "--defender", "orc-soldat", "--special", "pierce")
    assert code == 2 and "Traceback" not in err and "cannot pierce" not in err and "Hache" in err


def test_hope_and_stances_reach_the_attack_numbers(content: Content) -> None:
    a, d = Combatant.from_content(content, "eirik-de-dale"), Combatant.from_content(content, "orc-soldat")
    base = pair(a, d, 1).numbers()
    forward = pair(a, d, 1, stance="forward").numbers()
    hoping = pair(a, d, 1, hope=True).numbers()
    assert forward.dice == base.dice + 1 and forward.change == 1
    assert hoping.dice == base.dice + 1 and hoping.hope
    back = pair(d, a, 1, stance="defensive").numbers()
    assert back.dice == pair(d, a, 1).numbers().dice - 1


@pytest.mark.parametrize(("stance", "hope"), [("forward", True), ("defensive", False), ("arriere", False)])
def test_the_commands_take_a_stance_and_hope(capsys: pytest.CaptureFixture[str], content: Content, stance: str,
                                             hope: bool) -> None:
    """``--stance`` (English or French words) and ``--hope`` reach the kernel's world of two: the odds command's
    exact chance is the kernel's strikes on every face of that world, and its dice are the stance's and Hope's."""
    a, d = Combatant.from_content(content, "maelor-le-rodeur"), Combatant.from_content(content, "orc-soldat")
    kernel_stance: Stance = "rearward" if stance == "arriere" else stance  # type: ignore[assignment]
    weapon = 2 if kernel_stance == "rearward" else 1  # (from the rear, a bow)
    blow = pair(a, d, weapon, stance=kernel_stance, extra_dice=-2, hope=hope)
    plain = pair(a, d, weapon, extra_dice=-2)
    args = ["odds", "attack", "--system", "tor", "--attacker", "maelor-le-rodeur", "--defender", "orc-soldat",
            "--weapon", str(weapon), "--extra-dice", "-2", "--stance", stance, "--json", *(["--hope"] if hope else [])]
    code, out, err = run(capsys, *args)
    assert code == 0, err
    told = json.loads(out)
    assert told["attack"]["dice"] == blow.numbers().dice and told["attack"]["hope"] == hope
    struck = brute(blow.F, blow.attacker, blow.target, blow.weapon, blow.special, hope)
    assert told["exact"]["success"] == str(struck.success)
    if hope:
        assert blow.numbers().dice > plain.numbers().dice  # Hope's die (and the stance's) counted
    code, _, err = run(capsys, "--lang", "fr", *args[:-1], "--stance", "volant")
    assert code == 2 and "--stance" in err and "volant" in err
