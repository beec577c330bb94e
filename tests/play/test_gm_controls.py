"""The GM's controls, the same words in the three systems: each override typed in French (and its English or
synonym word), a stored command that changes the fight as said, undone back to the state before it, and replayed
from the store to the very state the live fight holds. Bad input is refused in French and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.play.conftest import SAMPLE
from tests.play_helpers import tor_setup

from estoc.content.registry import Content
from estoc.errors import ContentError, EstocError
from estoc.i18n import set_language
from estoc.play.d100 import D100Play
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.systems import read_encounter
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.harp.encounter import load_encounter


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def row(tracker: Tracker, who: str) -> dict[str, Any]:
    return next(r for r in tracker.fight.view()["combatants"] if r["id"] == who)


def state(tracker: Tracker) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The fight's view and every combatant's sheet (the sheets read what the view does not: distances, gear)."""
    view = tracker.fight.view()
    return view, [tracker.sheet([r["id"]]) for r in view["combatants"]]


def checked(store: EventStore, tracker: Tracker, line: str) -> dict[str, Any]:
    """``line`` played: stored, undone to the very state before it, redone; the fight replayed from the store holds
    the state the live one does. Returns the view after the line."""
    before = state(tracker)
    version = tracker.version
    tracker.command(line)
    assert tracker.version == version + 1, line
    after = state(tracker)
    assert after != before, line
    tracker.command("annuler")
    assert state(tracker) == before, line
    tracker.command("refaire")
    assert state(tracker) == after, line
    assert state(Tracker(store, tracker.fight_id, tracker.system)) == after, line
    return after[0]


def refused(tracker: Tracker, line: str, words: str) -> None:
    """``line`` refused, its message holding ``words`` (French), nothing stored, the fight as it was."""
    before, version = tracker.fight.view(), tracker.version
    with pytest.raises(EstocError) as raised:
        tracker.command(line)
    assert words in raised.value.message, raised.value.message
    assert tracker.version == version and tracker.fight.view() == before


# --- the One Ring -------------------------------------------------------------------------------------------------

@pytest.fixture
def tor_fight(store: EventStore, content: Content) -> Tracker:
    setup = tor_setup([{"hero": "eirik-de-dale", "stance": "forward"}, {"hero": "grani-barbe-grise"}],
                      [{"adversary": "orc-soldat", "count": 2}], 3)
    return Tracker.create(store, TorPlay(content), "gm", setup)


def test_tor_endurance_damage_heal(french: None, store: EventStore, tor_fight: Tracker) -> None:
    assert checked(store, tor_fight, "pdv eirik-de-dale 10") and row(tor_fight, "eirik-de-dale")["endurance"] == 10
    checked(store, tor_fight, "degats eirik-de-dale 4")
    assert row(tor_fight, "eirik-de-dale")["endurance"] == 6
    checked(store, tor_fight, "soigner eirik-de-dale 100")  # never above the sheet's
    assert row(tor_fight, "eirik-de-dale")["endurance"] == row(tor_fight, "eirik-de-dale")["endurance_max"]
    checked(store, tor_fight, "endurance orc-soldat-1 0")  # the English word, on an adversary: it falls
    assert not row(tor_fight, "orc-soldat-1")["standing"]
    checked(store, tor_fight, "hp orc-soldat-1 5")  # a synonym
    assert row(tor_fight, "orc-soldat-1")["standing"]


def test_tor_wounds_dying_and_hope(french: None, store: EventStore, tor_fight: Tracker) -> None:
    checked(store, tor_fight, "blessure eirik-de-dale 1")
    hero = row(tor_fight, "eirik-de-dale")
    assert hero["wounds"] == 1 and not hero["dying"] and hero["standing"]
    checked(store, tor_fight, "blessure eirik-de-dale 2")  # a hero's second wound leaves it dying
    assert row(tor_fight, "eirik-de-dale")["dying"] and not row(tor_fight, "eirik-de-dale")["standing"]
    checked(store, tor_fight, "blessure eirik-de-dale 0")
    assert not row(tor_fight, "eirik-de-dale")["dying"] and row(tor_fight, "eirik-de-dale")["standing"]
    checked(store, tor_fight, "blessure grani-barbe-grise 1 fatale")  # the Eye on the severity's roll
    assert row(tor_fight, "grani-barbe-grise")["dying"]
    checked(store, tor_fight, "mourant grani-barbe-grise non")
    assert not row(tor_fight, "grani-barbe-grise")["dying"]
    checked(store, tor_fight, "dying grani-barbe-grise on")
    assert row(tor_fight, "grani-barbe-grise")["dying"]
    checked(store, tor_fight, "espoir eirik-de-dale 2")
    assert row(tor_fight, "eirik-de-dale")["hope"] == 2
    adversary = row(tor_fight, "orc-soldat-2")
    checked(store, tor_fight, "blessure orc-soldat-2 5")  # an adversary falls when its wounds reach its Might
    assert not row(tor_fight, "orc-soldat-2")["standing"] and adversary["standing"]


def test_tor_conditions_out_and_back(french: None, store: EventStore, tor_fight: Tracker) -> None:
    checked(store, tor_fight, "etat eirik-de-dale las 1")
    assert row(tor_fight, "eirik-de-dale")["weary"]
    checked(store, tor_fight, "etat eirik-de-dale las 0")
    assert not row(tor_fight, "eirik-de-dale")["weary"]
    checked(store, tor_fight, "retirer orc-soldat-1")
    assert not row(tor_fight, "orc-soldat-1")["standing"]
    assert row(tor_fight, "orc-soldat-1")["endurance"] == row(tor_fight, "orc-soldat-1")["endurance_max"]
    checked(store, tor_fight, "revenir orc-soldat-1")
    assert row(tor_fight, "orc-soldat-1")["standing"]
    # The fight goes on over the GM's word: the engagement and an attack.
    tor_fight.command("combattre")
    assert tor_fight.fight.view()["phase"] == "resolution"


def test_tor_bad_input_is_refused_in_french(french: None, tor_fight: Tracker) -> None:
    refused(tor_fight, "pdv personne 3", "aucun combattant personne")
    refused(tor_fight, "pdv eirik-de-dale -3", "-3")
    refused(tor_fight, "espoir orc-soldat-1 2", "adversaire")
    refused(tor_fight, "mourant eirik-de-dale peut-etre", "peut-etre")
    refused(tor_fight, "etat eirik-de-dale fatigue 1", "fatigue")
    refused(tor_fight, "blessure eirik-de-dale 1 grave", "grave")
    refused(tor_fight, "revenir eirik-de-dale", "eirik-de-dale")
    refused(tor_fight, "pdv eirik-de-dale", "pdv")


def test_tor_help_lists_the_controls(french: None, content: Content) -> None:
    words = {fr for _en, fr, _text in TorPlay(content).commands()}
    assert {"pdv", "degats", "soigner", "blessure", "mourant", "espoir", "etat", "retirer", "revenir",
            "fiche"} <= words


# --- d100 ---------------------------------------------------------------------------------------------------------

def d100_setup(count: int = 1) -> dict[str, Any]:
    return {"encounter": {"schema_version": 1, "system": "d100", "kind": "encounter",
                          "name": {"fr": "Essai", "en": "Trial"},
                          "sides": [{"id": "camp-0", "members": [{"character": "ysolde", "player": True}]},
                                    {"id": "camp-1", "members": [{"character": "jacquot", "count": count}]}]},
            "seed": 5}


@pytest.fixture
def d100_fight(store: EventStore, content: Content) -> Tracker:
    return Tracker.create(store, D100Play(content), "gm", d100_setup())


def test_d100_hit_points_words(french: None, store: EventStore, d100_fight: Tracker) -> None:
    for word, hp in (("pdv", 5), ("pv", 6), ("hp", 7)):
        checked(store, d100_fight, f"{word} ysolde {hp}")
        assert row(d100_fight, "ysolde")["hp"] == hp


def test_d100_add_from_content(french: None, store: EventStore, d100_fight: Tracker) -> None:
    after = checked(store, d100_fight, "ajouter gorm camp-1")
    assert [r["id"] for r in after["combatants"]] == ["ysolde", "jacquot", "gorm"]
    checked(store, d100_fight, "add jacquot camp-1 as jacquot-2")
    assert row(d100_fight, "jacquot-2")["side"] == "camp-1"
    # A second of the same content is told apart by its name too, numbered after the first.
    assert row(d100_fight, "jacquot")["name"]["fr"] + " 2" == row(d100_fight, "jacquot-2")["name"]["fr"]
    # The newcomers act from the round after: the round's DEX ranks hold them.
    d100_fight.command("fin-round")
    d100_fight.command("actions")
    assert {"gorm", "jacquot-2"} <= set(d100_fight.fight.view()["order"])
    refused(d100_fight, "ajouter gorm camp-1", "déjà un combattant gorm")
    refused(d100_fight, "ajouter personne camp-1", "personne")
    refused(d100_fight, "ajouter gorm nulle-part", "nulle-part")


def test_d100_first_aid_on_the_dead_is_refused(french: None, store: EventStore, content: Content) -> None:
    tracker = Tracker.create(store, D100Play(content), "gm", d100_setup(2))
    tracker.command("pdv jacquot-1 -3")
    tracker.command("fin-round")  # at 0 or below when the round ends: dead
    assert row(tracker, "jacquot-1")["state"] == "dead"
    tracker.command("actions")
    assert tracker.fight.view()["current"] == "ysolde"
    refused(tracker, "premiers-soins jacquot-1", "trop tard")


# --- HARP (the model: its words stay) -----------------------------------------------------------------------------

def test_harp_controls_are_undone_and_replayed(french: None, store: EventStore, system: HarpPlay,
                                               content: Content) -> None:
    tracker = Tracker.create(store, system, "gm", {"encounter": load_encounter(SAMPLE, content).setup, "seed": 11})
    checked(store, tracker, "pdv orque-1 12")
    checked(store, tracker, "etat orque-1 etourdi 2")
    checked(store, tracker, "ajouter orque compagnie comme orque-4")
    assert row(tracker, "orque-4")["side"] == "compagnie"
    names = [r["name"]["fr"] for r in tracker.fight.view()["combatants"]]
    assert len(set(names)) == len(names), names  # « Orque 4 », not a second « Orque »
    checked(store, tracker, "soleil oui")
    checked(store, tracker, "modif-combat 5")


# --- newcomers: from the content and from a reinforcements' file ---------------------------------------------------

def test_tor_add_a_hero_and_an_adversary(french: None, store: EventStore, tor_fight: Tracker) -> None:
    checked(store, tor_fight, "ajouter aldric-de-bree defensive")
    after = checked(store, tor_fight, "ajouter orc-archer comme archer-2")
    ids = [r["id"] for r in after["combatants"]]
    assert ids == ["eirik-de-dale", "grani-barbe-grise", "aldric-de-bree", "orc-soldat-1", "orc-soldat-2",
                   "archer-2"]  # heroes first: the new hero after the last one
    assert row(tor_fight, "aldric-de-bree")["stance"] == "defensive"
    refused(tor_fight, "ajouter orc-archer comme archer-2", "déjà un combattant archer-2")
    checked(store, tor_fight, "ajouter orc-archer comme archer-3")
    names = [r["name"]["fr"] for r in tor_fight.fight.view()["combatants"]]
    assert len(set(names)) == len(names), names
    refused(tor_fight, "ajouter personne", "personne")
    refused(tor_fight, "ajouter orc-archer avancee", "adversaire")
    # The newcomers fight: engaged, in the order, struck and striking, as the kernel plays them.
    tor_fight.command("auto fin tout")
    view = tor_fight.fight.view()
    assert view["over"] and any(r["id"] == "aldric-de-bree" for r in view["combatants"])
    again = Tracker(store, tor_fight.fight_id, tor_fight.system)
    assert again.fight.view() == view


def test_tor_add_during_the_resolution_keeps_the_engagements(french: None, store: EventStore,
                                                             tor_fight: Tracker) -> None:
    tor_fight.command("combattre")
    before = {r["id"]: r["opponents"] for r in tor_fight.fight.view()["combatants"]}
    checked(store, tor_fight, "ajouter aldric-de-bree")
    after = {r["id"]: r["opponents"] for r in tor_fight.fight.view()["combatants"]}
    assert after.pop("aldric-de-bree") == [] and after == before
    assert "aldric-de-bree" not in tor_fight.fight.view()["order"]  # it acts from the next round


REINFORCEMENTS = {
    "d100": "schema_version: 1\nsystem: d100\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
            "sides:\n  - id: camp-1\n    members:\n      - {character: gorm, id: gorm-2}\n",
    "harp": "schema_version: 1\nsystem: harp\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
            "sides:\n  - id: orques\n    members:\n      - {creature: orque, count: 2, id: renfort}\n",
    "tor": "schema_version: 1\nsystem: tor\nkind: reinforcements\nname: {fr: Renforts, en: Help}\n"
           "heroes:\n  - {hero: maelor-le-rodeur, stance: open}\n"
           "adversaries:\n  - {adversary: orc-soldat, id: renfort}\n",
}


@pytest.mark.parametrize(("which", "new"), [("d100", ["gorm-2"]), ("harp", ["renfort-1", "renfort-2"]),
                                            ("tor", ["maelor-le-rodeur", "renfort"])])
def test_reinforcements_from_a_file(french: None, store: EventStore, content: Content, system: HarpPlay,
                                    tmp_path: Any, which: str, new: list[str]) -> None:
    made = {"d100": lambda: Tracker.create(store, D100Play(content), "gm", d100_setup()),
            "tor": lambda: Tracker.create(store, TorPlay(content), "gm", tor_setup(
                [{"hero": "eirik-de-dale"}], [{"adversary": "orc-soldat", "count": 2}], 3)),
            "harp": lambda: Tracker.create(store, system, "gm", {
                "encounter": load_encounter(SAMPLE, content).setup, "seed": 11})}
    tracker = made[which]()
    path = tmp_path / "renforts.yaml"
    path.write_text(REINFORCEMENTS[which], encoding="utf-8")
    after = checked(store, tracker, f"ajouter {path}")
    assert set(new) <= {r["id"] for r in after["combatants"]}
    path.write_text("ceci n'est pas une rencontre", encoding="utf-8")
    again = Tracker(store, tracker.fight_id, tracker.system)  # the file is never read again
    assert again.fight.view() == after
    refused(tracker, f"ajouter {tmp_path / 'absent.yaml'}", "absent.yaml")
    refused(tracker, f"ajouter {path} encore", "un seul fichier")
    other = tmp_path / "autre.yaml"
    other.write_text(REINFORCEMENTS["d100" if which != "d100" else "tor"], encoding="utf-8")
    refused(tracker, f"ajouter {other}", "autre système")


def test_reinforcements_are_no_fight(content: Content, tmp_path: Any) -> None:
    path = tmp_path / "renforts.yaml"
    path.write_text(REINFORCEMENTS["d100"], encoding="utf-8")
    with pytest.raises(ContentError, match="reinforcements"):
        read_encounter(path, content)


def test_d100_distance(french: None, store: EventStore, content: Content) -> None:
    setup = d100_setup(2)
    setup["encounter"]["distance"] = 20
    tracker = Tracker.create(store, D100Play(content), "gm", setup)
    checked(store, tracker, "distance ysolde jacquot-1 5")
    distances = tracker.sheet(["ysolde"])["distance"]
    assert distances == {"jacquot-1": 5, "jacquot-2": 5}  # one line between the sides: the others follow
    assert tracker.sheet(["jacquot-1"])["distance"] == {"ysolde": 5}
    refused(tracker, "distance ysolde jacquot-1 -2", "-2")
    refused(tracker, "distance jacquot-1 jacquot-2 3", "même camp")
    refused(tracker, "distance ysolde personne 3", "personne")
    near = Tracker.create(store, D100Play(content), "gm", d100_setup(2))  # no distance: everyone within reach
    refused(near, "distance ysolde jacquot-1 5", "aucune distance")
