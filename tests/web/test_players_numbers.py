"""The players' narration tells no adversary's hit points or endurance, lost or left, in any system, unless the GM
shows the numbers; a hero's stay as they are."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from tests.web.conftest import Served

from estoc.web.session import veil

HEROES = ["Brundar Rockcleaver", "Ysolde the Bold", "Eirik of Dale"]


@pytest.mark.parametrize(("line", "shown"), [
    ("    Total: 22 hits; Orc 1 at 63 of 85 HP.", "    Orc 1 is hit (wounded)."),
    ("  Orc 1 bleeds 5 HP: now at 30 of 85 HP.", "  Orc 1 bleeds: now (badly wounded)."),
    ("  Orc 1 bleeds 5 HP and loses consciousness: now at -2 of 85 HP.",
     "  Orc 1 bleeds and loses consciousness: now (down)."),
    ("Orc 1, out of the fight, bleeds 3 HP: now at -5 of 85 HP.", "Orc 1, out of the fight, bleeds: now (down)."),
    ("  Warg bleeds: 2 HP lost.", "  Warg bleeds."),
    ("  Troll regenerates: 3 HP back.", "  Troll regenerates."),
    ("  Jacquot the Sly 1 loses 6 hit points.", "  Jacquot the Sly 1 is hurt."),
    ("    Jacquot the Sly 1 is at -1 hit point: dead at the end of the round unless first aid brings them back to 1.",
     "    Jacquot the Sly 1 is dying: dead at the end of the round unless first aid brings them back to 1."),
    ("    Orc soldier 2 loses 12 endurance.", "    Orc soldier 2 loses endurance."),
    ("    Counter-attack: Orc chieftain loses 5 endurance.", "    Counter-attack: Orc chieftain loses endurance."),
])
def test_each_systems_phrases(line: str, shown: str) -> None:
    assert veil(line, HEROES, {"Orc 1": 85}) == shown


@pytest.mark.parametrize("line", [
    "    Total: 12 hits; Brundar Rockcleaver at 20 of 60 HP.",
    "  Brundar Rockcleaver bleeds 5 HP: now at 30 of 85 HP.",
    "  Ysolde the Bold loses 7 hit points, down to 6.",
    "    Ysolde the Bold is at -2 hit points: dead at the end of the round unless first aid brings them back to 1.",
    "    Eirik of Dale loses 4 endurance.",
])
def test_heroes_numbers_stay(line: str) -> None:
    assert veil(line, HEROES) == line


def test_what_gets_through_an_adversarys_armour_is_left_out() -> None:
    line = "  Of the 8: the armour absorbs 2; 6 points get through."
    assert veil(line, HEROES, foe_struck=True) == ""
    assert veil(line, HEROES, foe_struck=False) == line


SETUP = {"harp": [], "d100": ["actions"], "tor": ["close", "fight"]}
LOST = {"harp": r"Total: \d+ hits?; (?P<who>[^\n<]+?) at -?\d+ of \d+ HP",
        "d100": r"(?P<who>[^\n<>]+?) loses \d+ hit points?, down to",
        "tor": r"(?P<who>[^\n<>]+?) loses \d+ endurance"}


@pytest.mark.parametrize("system", ["harp", "d100", "tor"])
def test_players_log_of_a_whole_fight(served_factory: Callable[..., Served], system: str) -> None:
    """A fight played to the end: every adversary's loss the GM reads is veiled on the players' view, and shown
    again when the GM reveals the numbers."""
    served = served_factory(system)
    gm, players = served.tab("gm"), served.tab("players")
    for line in [*SETUP[system], "auto end"]:
        assert served.gm_post(gm, line).status_code == 200, line
    heroes = {r["id"]: r for r in served.call(lambda: served.session.tracker.fight.view())["combatants"]}
    names = [r["name"]["en"] for r in heroes.values() if r["player"]]
    told = gm.get("/gm/live").text
    foes_hit = [m.group("who").strip() for m in re.finditer(LOST[system], told)
                if not any(m.group("who").strip().endswith(name) for name in names)]
    assert foes_hit, told[-2000:]
    view = players.get("/view/live").text
    for m in re.finditer(LOST[system], view):
        assert any(m.group("who").strip().endswith(name) for name in names), m.group(0)
    if system == "d100":  # what got through an adversary's armour is left out, a hero's stays
        assert 0 < view.count("Of the ") < told.count("Of the ")
    gm.post("/gm/reveal", data={"reveal": "1"}, headers={"X-CSRF-Token": served.keys.csrf})
    shown = players.get("/view/live").text
    assert any(not any(m.group("who").strip().endswith(n) for n in names) for m in re.finditer(LOST[system], shown))
