"""The players' narration tells no adversary's hit points or endurance, lost or left, in any system, unless the GM
shows the numbers; a hero's stay as they are. Each phrase is worded for the players by the narration itself, given
the veiled combatants' ids (``veiled=``), in English and in French."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.web.conftest import Served

from estoc.i18n import set_language
from estoc.render import d100_fight, harp_fight, tor_fight
from estoc.render.harp import narrate_attack

FOES = frozenset({"orc", "warg", "troll", "jacquot"})
NAMES = {"orc": "Orc 1", "warg": "Warg", "troll": "Troll", "jacquot": "Jacquot the Sly 1", "brundar": "Brundar",
         "ysolde": "Ysolde the Bold", "eirik": "Eirik of Dale"}
HP_MAX = {"orc": 85, "warg": 40, "troll": 120, "brundar": 60, "jacquot": 11, "ysolde": 13}


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def harp(record: dict[str, Any], veiled: frozenset[str] = FOES) -> list[str]:
    return harp_fight.narrate_record(record, NAMES, {}, HP_MAX, veiled)


def turn(actor: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "turn", "actor": actor, **fields}


def harp_blow(target: str, hp: int) -> dict[str, Any]:
    """A HARP blow of 22 hits, no critical, on ``target``, leaving it at ``hp``."""
    return {"rolls": [60], "open_ended": False, "fumble": False, "roll_total": 60, "ob": 50, "attack_total": 110,
            "defence": 20, "result": 90, "hit": True, "row": 90, "size": "medium", "hits": 22, "critical": None,
            "additional_critical": None, "armour_type": 1, "table": "t", "total_hits": 22, "target": target,
            "target_hp": hp}


HARP = {  # a record, what the GM reads, what the players read: English, French
    "blow": (harp_blow("orc", 63), None,
             ("Total: 22 hits; Orc 1 at 63 of 85 HP.", "Orc 1 is hit (wounded)."),
             ("Total : 22 points de dégâts ; Orc 1 à 63 PdV sur 85.", "Coup au but sur Orc 1 (blessé).")),
    "blow-hard": (harp_blow("orc", 5), None,
                  ("Total: 22 hits; Orc 1 at 5 of 85 HP.", "Orc 1 is hit (badly wounded)."),
                  ("Total : 22 points de dégâts ; Orc 1 à 5 PdV sur 85.", "Coup au but sur Orc 1 (gravement blessé).")),
    "bleeds": (turn("orc", bled=5, hp_after=30), 1,
               ("  Orc 1 bleeds 5 HP: now at 30 of 85 HP.", "  Orc 1 bleeds: now (badly wounded)."),
               ("  Orc 1 perd 5 PdV en saignant : désormais à 30 PdV sur 85.",
                "  Orc 1 saigne : désormais (gravement blessé).")),
    "bleeds-and-falls": (turn("orc", bled=5, hp_after=-2, skipped="down"), 1,
                         ("  Orc 1 bleeds 5 HP and loses consciousness: now at -2 of 85 HP.",
                          "  Orc 1 bleeds and loses consciousness: now (down)."),
                         ("  Orc 1 perd 5 PdV en saignant et perd connaissance : désormais à -2 PdV sur 85.",
                          "  Orc 1 saigne et perd connaissance : désormais (hors de combat).")),
    "bleeds-out-of-the-fight": (turn("orc", bled=3, hp_after=-5, skipped="down"), 0,
                                ("Orc 1, out of the fight, bleeds 3 HP: now at -5 of 85 HP.",
                                 "Orc 1, out of the fight, bleeds: now (down)."),
                                ("Orc 1, hors combat, perd 3 PdV en saignant : désormais à -5 PdV sur 85.",
                                 "Orc 1, hors de combat, saigne : désormais (hors de combat).")),
    "bleeds-unknown": (turn("warg", bled=2), 1, ("  Warg bleeds: 2 HP lost.", "  Warg bleeds."),
                       ("  Warg saigne et perd 2 PdV.", "  Warg saigne.")),
    "regenerates": (turn("troll", regenerated=3), 1, ("  Troll regenerates: 3 HP back.", "  Troll regenerates."),
                    ("  Troll se régénère : 3 PdV récupérés.", "  Troll se régénère.")),
    "regenerates-down": (turn("troll", regenerated=3, hp_after=-10, skipped="down"), 0,
                         ("Troll regenerates 3 HP.", "Troll regenerates."),
                         ("Troll régénère 3 PdV.", "Troll se régénère.")),
    "falls": ({"kind": "attack", "attacker": "brundar", "target": "orc", "downed_now": True, "target_hp": -3,
               **{k: v for k, v in harp_blow("orc", -3).items() if k != "target"}}, -1,
              ("    Orc 1 loses consciousness: now at -3 of 85 HP.", "    Orc 1 loses consciousness: now (down)."),
              ("    Orc 1 perd connaissance : désormais à -3 PdV sur 85.",
               "    Orc 1 perd connaissance : désormais (hors de combat).")),
}


@pytest.mark.parametrize("phrase", list(HARP))
def test_harp_phrases(lang: str, phrase: str) -> None:
    record, at, en, fr = HARP[phrase]
    gm_line, players_line = en if lang == "en" else fr
    if at is None:  # the blow's last line, as narrate_attack tells it
        gm = narrate_attack(record, {}, HP_MAX, NAMES)[-1]
        players = narrate_attack(record, {}, HP_MAX, NAMES, FOES)[-1]
        gm_twice = narrate_attack(record, {}, HP_MAX, NAMES, frozenset({"brundar"}))[-1]
    else:
        gm, players, gm_twice = harp(record, frozenset())[at], harp(record)[at], harp(record, frozenset({"x"}))[at]
    assert (gm, players) == (gm_line, players_line)
    assert gm_twice == gm  # only the combatants veiled are worded


def test_harp_a_heros_numbers_stay(lang: str) -> None:
    everyone = FOES | {"brundar"}
    hero = frozenset(FOES)
    assert narrate_attack(harp_blow("brundar", 20), {}, HP_MAX, NAMES, hero)[-1] == (
        narrate_attack(harp_blow("brundar", 20), {}, HP_MAX, NAMES)[-1])
    assert "20" in narrate_attack(harp_blow("brundar", 20), {}, HP_MAX, NAMES, hero)[-1]
    assert "20" not in narrate_attack(harp_blow("brundar", 20), {}, HP_MAX, NAMES, everyone)[-1]
    bleeding = turn("brundar", bled=5, hp_after=30)
    assert harp(bleeding) == harp(bleeding, frozenset())


def d100_blow(**fields: Any) -> dict[str, Any]:
    """A d100 blow of 8 points on Jacquot the Sly 1 or Ysolde the Bold: 2 absorbed by the armour, 6 through."""
    return {"kind": "attack", "actor": "ysolde", "target": "jacquot", "weapon": "Broadsword", "attack_roll": 20,
            "skill": 70, "attack_quality": "success", "defence_roll": 0, "result": "hit", "weapon_roll": 6,
            "bonus": 2, "damage": 8, "damage_dice": "1D8", "damage_parts": [6], "stopped_by_item": 0,
            "stopped_by_armour": 2, "body": 6, "item_worn": False, **fields}


def d100(record: dict[str, Any], veiled: frozenset[str] = FOES) -> list[str]:
    return d100_fight.narrate_record(record, NAMES, veiled, HP_MAX)


D100 = {  # a record, what the GM reads, what the players read: English, French
    "down-to": (d100_blow(hp=5), ("  Jacquot the Sly 1 loses 6 hit points, down to 5.",
                                  "  Jacquot the Sly 1 is hurt (badly wounded)."),
                ("  Jacquot the Sly 1 perd 6 points de vie et tombe à 5.",
                 "  Coup au but sur Jacquot the Sly 1 (gravement blessé).")),
    "down-to-little": (d100_blow(hp=10, body=1, stopped_by_armour=7),
                       ("  Jacquot the Sly 1 loses 1 hit point, down to 10.", "  Jacquot the Sly 1 is hurt (wounded)."),
                       ("  Jacquot the Sly 1 perd 1 point de vie et tombe à 10.",
                        "  Coup au but sur Jacquot the Sly 1 (blessé).")),
    "down-below": (d100_blow(hp=-1, body=6), ("  Jacquot the Sly 1 loses 6 hit points, down to -1.",
                                              "  Jacquot the Sly 1 is hurt (down)."),
                   ("  Jacquot the Sly 1 perd 6 points de vie et tombe à -1.",
                    "  Coup au but sur Jacquot the Sly 1 (hors de combat).")),
    "loses": (d100_blow(), ("  Jacquot the Sly 1 loses 6 hit points.", "  Jacquot the Sly 1 is hurt."),
              ("  Jacquot the Sly 1 perd 6 points de vie.", "  Coup au but sur Jacquot the Sly 1.")),
    "first-aid": ({"kind": "first-aid", "actor": "ysolde", "target": "jacquot", "success": True, "roll": 12,
                   "skill": 45, "healed": 3, "hp": 4},
                  ("  Ysolde the Bold gives first aid to Jacquot the Sly 1 (roll 12 against 45 %): 3 hit points back, "
                   "now 4.",
                   "  Ysolde the Bold gives first aid to Jacquot the Sly 1 (roll 12 against 45 %): it works, Jacquot "
                   "the Sly 1 is badly wounded."),
                  (None, "  Ysolde the Bold donne les premiers soins à Jacquot the Sly 1 (jet de 12 contre 45 %) : ils "
                         "agissent ; état de Jacquot the Sly 1 : gravement blessé.")),
    "dying": (d100_blow(hp=-1, dying=True),
              ("    Jacquot the Sly 1 is at -1 hit point: dead at the end of the round unless first aid brings them "
               "back to 1.",
               "    Jacquot the Sly 1 is dying: dead at the end of the round unless first aid brings them back to 1."),
              ("    Jacquot the Sly 1 est à -1 point de vie : la mort viendra à la fin du round, sauf si les premiers "
               "soins lui rendent au moins 1.",
               "    Jacquot the Sly 1 agonise : la mort viendra à la fin du round, sauf si les premiers soins lui "
               "rendent au moins 1.")),
}


@pytest.mark.parametrize("phrase", list(D100))
def test_d100_phrases(lang: str, phrase: str) -> None:
    record, en, fr = D100[phrase]
    gm_line, players_line = en if lang == "en" else fr
    gm, players = d100(record, frozenset()), d100(record)
    assert (gm_line is None or gm_line in gm) and players_line in players, (gm, players)
    assert gm_line not in players and players_line not in gm
    assert d100(record, frozenset({"ysolde"})) == gm  # only the combatants veiled are worded


def test_d100_what_gets_through_an_adversarys_armour_is_left_out(lang: str) -> None:
    through = {"en": "  Of the 8: the armour absorbs 2; 6 points get through.",
               "fr": "  Sur ces 8 : l'armure absorbe 2 ; 6 points passent."}[lang]
    assert through in d100(d100_blow(hp=5), frozenset())
    assert not any(line.strip().startswith(through.split(":")[0].strip()) for line in d100(d100_blow(hp=5)))
    hero_hit = d100_blow(hp=7, actor="jacquot", target="ysolde")
    assert d100(hero_hit) == d100(hero_hit, frozenset())  # a hero's stays, and the hit points it has left
    assert any(line.endswith(("down to 7.", "tombe à 7.")) for line in d100(hero_hit))


def tor_blow(**fields: Any) -> dict[str, Any]:
    """A One Ring blow of the orc (an adversary) on Eirik of Dale (a hero), or back."""
    return {"kind": "attack", "actor": "orc", "target": "eirik", "weapon": "Spear", "feat": 7, "feat_faces": [7],
            "success_faces": [3, 5], "total": 15, "tn": 14, "success": True, "tengwar": 0, "endurance": 6,
            "piercing": False, "wounded": False, **fields}


TOR = {  # a record, what the GM reads, what the players read: English, French
    "loses": (tor_blow(actor="eirik", target="orc"), ("    Orc 1 loses 6 endurance.", "    Orc 1 loses endurance."),
              ("    Orc 1 perd 6 points d'endurance.", "    Orc 1 perd de l'endurance.")),
    "counter-attack": (tor_blow(counter={"endurance": 4}),
                       ("    Counter-attack: Orc 1 loses 4 endurance.", "    Counter-attack: Orc 1 loses endurance."),
                       ("    Contre-attaque : Orc 1 perd 4 points d'endurance.",
                        "    Contre-attaque : Orc 1 perd de l'endurance.")),
    "in-a-task": ({"kind": "task", "actor": "eirik", "task": "x", "core": True, "success": True,
                   "attack": tor_blow(actor="eirik", target="orc")},
                  ("    Orc 1 loses 6 endurance.", "    Orc 1 loses endurance."),
                  ("    Orc 1 perd 6 points d'endurance.", "    Orc 1 perd de l'endurance.")),
}


@pytest.mark.parametrize("phrase", list(TOR))
def test_tor_phrases(lang: str, phrase: str) -> None:
    record, en, fr = TOR[phrase]
    gm_line, players_line = en if lang == "en" else fr
    gm, players = tor_fight.narrate_record(record, NAMES), tor_fight.narrate_record(record, NAMES, FOES)
    assert gm_line in gm and players_line in players
    assert gm_line not in players and players_line not in gm


def test_tor_a_heros_endurance_stays(lang: str) -> None:
    lines = tor_fight.narrate_record(tor_blow(), NAMES, FOES)
    assert lines == tor_fight.narrate_record(tor_blow(), NAMES)
    assert any(" 6 " in line and "Eirik" in line for line in lines)


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
    for line in [*SETUP[system], "auto end all"]:
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
    gm.post("/gm/reveal", data={"reveal": "1"}, headers={"X-CSRF-Token": gm.csrf})
    shown = players.get("/view/live").text
    assert any(not any(m.group("who").strip().endswith(n) for n in names) for m in re.finditer(LOST[system], shown))
