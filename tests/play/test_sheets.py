"""A sheet for every combatant (``fiche ID``): the numbers as the rules use them now, in each system, in French
and in English: what the GM changed, what a blow broke, what was put on the ground."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.play.conftest import SAMPLE
from tests.play_helpers import tor_setup

from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.i18n import set_language
from estoc.play.d100 import D100Play
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.telling import sheet
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.d100.worlds import array as d100_array
from estoc.systems.harp.encounter import load_encounter


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def text(tracker: Tracker, who: str) -> str:
    return "\n".join(sheet(tracker, [who]))


def test_harp_sheet_shows_the_ob_as_it_stands(store: EventStore, system: HarpPlay, content: Content) -> None:
    tracker = Tracker.create(store, system, "s", {"encounter": load_encounter(SAMPLE, content).setup, "seed": 11})
    found = tracker.sheet(["faralinde"])
    sword = found["strikes"][0]
    assert found["hp"] == found["hp_max"] and sword["parts"] and sword["fumble"] >= 1
    base = sword["ob_now"]
    tracker.command("etat faralinde penalite 15")
    tracker.command("etat faralinde etourdi 2")
    tracker.command("modif faralinde 5")
    found = tracker.sheet(["faralinde"])
    assert found["strikes"][0]["ob_now"] == base - 15 + 5
    assert found["conditions"]["stunned"] == 2
    lines = text(tracker, "faralinde")
    assert "Sheet: Faralinde" in lines and "stunned: 2 rounds left" in lines and "penalty −15" in lines
    assert "fumble 01–" in lines and "DB +" in lines and "of which the shield" in lines
    table = next(line for line in lines.splitlines() if "fumble 01–" in line)
    assert "table lames-" not in table and "table arcs" not in table  # the tables by name, not by content id


def test_harp_sheet_in_french(french: None, store: EventStore, system: HarpPlay, content: Content) -> None:
    tracker = Tracker.create(store, system, "s", {"encounter": load_encounter(SAMPLE, content).setup, "seed": 11})
    lines = text(tracker, "warg")
    assert "Fiche : Warg (warg)" in lines and "BO de la fiche : rangs +" in lines and "maladresse 01–" in lines
    assert "taille grande" in lines
    for english in ("Sheet", "Attacks", "fumble", "strength", "large"):
        assert english not in lines


def test_d100_sheet_shows_what_is_broken(store: EventStore, content: Content) -> None:
    setup = {"encounter": {"schema_version": 1, "system": "d100", "kind": "encounter",
                           "name": {"fr": "Essai", "en": "Trial"},
                           "sides": [{"id": "a", "members": [{"character": "gaspard"}]},
                                     {"id": "b", "members": [{"character": "gorm"}]}]}, "seed": 5}
    tracker = Tracker.create(store, D100Play(content), "s", setup)
    found = tracker.sheet(["gaspard"])
    assert found["shield"] is not None and not found["shield"]["broken"]
    mace = found["weapons"][1]
    assert mace["hp"] == mace["hp_max"] and not mace["broken"]
    fight = tracker.fight
    trial = fight.copy()  # what a parry beyond the mace's points does: the sheet reads the world as it stands
    d100_array(trial.F, "whp")[0, 0, 1] = 0
    d100_array(trial.F, "shield_hp")[0, 0] = 0
    broken = trial.sheet(0)
    assert broken["weapons"][1]["broken"] and broken["shield"]["broken"]
    tracker.command("degats gaspard 4")
    found = tracker.sheet(["gaspard"])
    assert found["hp"] == found["hp_max"] - 4 and found["wounds"] == [[4, False]]
    lines = text(tracker, "gaspard")
    assert "wound 1: 4 points, no first aid yet" in lines and "shot loaded" in lines
    tracker.command("ajouter jacquot b")
    thrown = text(tracker, "jacquot")  # a throwing dagger is never reloaded: no count of shots (once « -1 »)
    assert "Throwing dagger" in thrown or "Dague de lancer" in thrown
    assert not any("-1 shot" in line or "-1 tir" in line for line in thrown.splitlines())


def test_tor_sheet_shows_the_gear_on_the_ground(french: None, store: EventStore, content: Content) -> None:
    setup = tor_setup([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}], 3)
    tracker = Tracker.create(store, TorPlay(content), "s", setup)
    found = tracker.sheet(["eirik-de-dale"])
    helm = next(g for g in found["gear"] if g["item"] == "helm")
    protection, load = found["protection"], found["load"]
    tracker.command("combattre")
    tracker.command("lacher casque")
    found = tracker.sheet(["eirik-de-dale"])
    assert found["protection"] == protection - helm["protection"] and found["load"] == load - helm["load"]
    assert next(g for g in found["gear"] if g["item"] == "helm")["dropped"]
    tracker.command("espoir eirik-de-dale 4")
    lines = text(tracker, "eirik-de-dale")
    assert "Fiche : Eirik de Dale" in lines and "Espoir 4/" in lines and "au sol" in lines
    assert "position avancée" in lines
    # the skills and the foe faced by name, never by id (« athletisme 1 », « engagé avec orc-soldat » were told)
    assert "Art de la guerre 1, Athlétisme 1" in lines and "athletisme" not in lines
    assert "engagement avec Orque soldat" in lines and "avec orc-soldat" not in lines
    adversary = text(tracker, "orc-soldat")
    assert "blessures 0 sur" in adversary and "Espoir" not in adversary


def test_a_sheet_names_one_combatant(french: None, store: EventStore, content: Content) -> None:
    tracker = Tracker.create(store, TorPlay(content), "s", tor_setup([{"hero": "eirik-de-dale"}],
                                                                      [{"adversary": "orc-soldat"}], 3))
    for line, words in (("fiche", "nommez un combattant"), ("fiche a b", "mot en trop : b"),
                        ("fiche personne", "aucun combattant personne")):
        with pytest.raises(InputError, match=words):
            tracker.command(line)
    assert tracker.version == 0 or tracker.records  # nothing stored by a sheet
    version = tracker.version
    tracker.command("sheet eirik-de-dale")
    assert tracker.version == version
