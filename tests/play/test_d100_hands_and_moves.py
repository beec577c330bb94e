"""Issue 26, the d100 text at the table and in simulation: a parry is made with what the defender holds (5.6), at
most 30 m of movement a round (5.3), the weapon about to act orders a tie of DEX ranks (5.4), a breaking parry told
once, first aid refused on the dead (5.14), an unconscious foe and a dying one alike (5.7, 5.12), and the GM's
words for all of it in French (the session's commands) and English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from tests.play_helpers import d100_encounter as encounter
from tests.play_helpers import played

from estoc.content.registry import Content
from estoc.errors import RulesError
from estoc.i18n import set_language
from estoc.play.d100 import D100Play
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.d100.encounter import SETUP_PATH, LoadedD100Encounter, load_d100_encounter
from estoc.systems.d100.fight import D100Fight
from estoc.systems.d100.sheet import DEFENCE_CODES
from estoc.systems.d100.sim import worlds_of
from estoc.systems.d100.worlds import array, kernel_of


@pytest.fixture(scope="module")
def d100(content: Content) -> D100Play:
    return D100Play(content)


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def setup(*sides: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"encounter": encounter(*sides, **extra), "seed": 5}


def session(store: EventStore, d100: D100Play, data: dict[str, Any], *lines: str) -> Tracker:
    tracker, _out = played(store, d100, data, *lines)
    return tracker


def refused(tracker: Tracker, line: str) -> str:
    """The words of a refused command, after checking that it wrote nothing."""
    before = (len(tracker.events), tracker.fight.view())
    with pytest.raises(RulesError) as error:
        tracker.command(line)
    assert (len(tracker.events), tracker.fight.view()) == before
    return str(error.value)


def last_attack(tracker: Tracker) -> dict[str, Any]:
    return next(r for r in reversed(tracker.records) if r["kind"] == "attack")


def told(tracker: Tracker, record: dict[str, Any]) -> list[str]:
    return tracker.system.narrate(record, tracker.fight)


# --- 1. a parry is made with what the defender holds (5.6, 5.9 « mains », 5.11) -----------------------------------

def test_brok_swinging_his_great_axe_parries_with_it_not_with_the_battle_axe(store: EventStore,
                                                                              d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "brok"}], [{"character": "gorm"}]),
                      "actions", "attaquer gorm arme 2 jet 99")  # Brok takes his great axe in hand
    words = refused(tracker, "attaquer brok jet 30 def 90 dmg 1 bonus 1 avec 1")
    assert words == ("Hache de bataille n'est pas en main (brok tient : Hache à deux mains) : on ne pare qu'avec "
                     "ce que l'on tient")
    tracker.command("attaquer brok jet 30 def 90 dmg 1 bonus 1")
    record = last_attack(tracker)
    assert record["defence"] == "parry" and record["defence_item"] == "weapon:2"
    assert record["defence_skill"] == 60  # the great axe's skill, not the battle axe's 75
    set_language("en")
    tracker.command("actions")
    tracker.command("attack gorm weapon 1 roll 99")  # the battle axe back in hand: the buckler has a hand again
    with pytest.raises(RulesError, match=r"^Great axe is not in hand \(brok holds Battle axe\)"):
        tracker.command("attack brok roll 30 def 90 with 2")
    tracker.command("attack brok roll 30 def 90 dmg 1 bonus 1")
    assert last_attack(tracker)["defence_item"] == "shield"


def test_gaspard_with_his_crossbow_in_both_hands_cannot_parry_with_his_mace(store: EventStore,
                                                                             d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "gaspard"}], [{"character": "ysolde"}]), "actions")
    assert refused(tracker, "attaquer gaspard jet 30 def 90 avec 2") == (
        "Masse légère n'est pas en main (gaspard tient : Arbalète légère) : on ne pare qu'avec ce que l'on tient")
    assert refused(tracker, "attaquer gaspard parer jet 30 def 90") == (
        "gaspard a les deux mains prises (Arbalète légère) : aucune main n'est libre pour le bouclier")
    tracker.command("attaquer gaspard jet 30 def 90 dmg 1 bonus 1")  # the best he has: a dodge
    assert last_attack(tracker)["defence"] == "dodge"
    tracker.command("attaquer ysolde arme 2 jet 99")  # the mace in hand, the pavise on the other arm
    tracker.command("attaquer gaspard jet 30 def 90 dmg 1 bonus 1")
    assert last_attack(tracker)["defence_item"] == "shield"
    tracker.command("attaquer ysolde jet 99")
    tracker.command("attaquer gaspard jet 30 def 90 dmg 1 bonus 1 avec 2")
    assert last_attack(tracker)["defence_item"] == "weapon:2"


def test_the_simulations_defence_is_the_weapon_in_hand(content: Content) -> None:
    """The policy's defence (``preferred``, then ``defence``) is the kernel's: Gaspard holding his crossbow dodges,
    holding his mace he parries with the pavise, and never with a weapon he does not hold."""
    loaded = load_any_encounter_data(content, encounter([{"character": "gaspard"}], [{"character": "ysolde"}]))
    F = worlds_of(loaded, 1, np.random.SeedSequence(3))
    K = kernel_of(F)
    K.py_fresh(F, 0)
    F.rnd[0] = 1
    assert K.py_defence(F, 0, 1, 0, 0, -1, -1)[0] == DEFENCE_CODES["dodge"]
    assert K.py_defence(F, 0, 1, 0, 0, DEFENCE_CODES["parry"], 1) is None
    array(F, "wielded")[0, 0] = 1
    kind, _chance, _protection, item = K.py_defence(F, 0, 1, 0, 0, -1, -1)
    assert (kind, item) == (DEFENCE_CODES["parry"], -1)


def load_any_encounter_data(content: Content, data: dict[str, Any]) -> LoadedD100Encounter:
    return load_d100_encounter(data, SETUP_PATH, content)


# --- 2. at most 30 m a round (5.3) ---------------------------------------------------------------------------------

def test_45_metres_are_refused_and_a_foe_40_m_away_is_not_struck_in_melee(store: EventStore,
                                                                           d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "brok"}], [{"character": "gorm"}], distance=40))
    assert refused(tracker, "deplacer brok 45") == "au plus 30 m de déplacement par round, pas 45 m"
    set_language("en")
    assert refused(tracker, "move brok 31") == "at most 30 m of movement a round, not 31 m"
    set_language("fr")
    tracker.command("deplacer brok 30")
    tracker.command("deplacer gorm 5")
    tracker.command("actions")  # Brok ran 30 m: he only defends; Gorm, 5 m away, cannot reach him
    assert refused(tracker, "attaquer brok jet 20") == (
        "brok est à 5 m : un coup de mêlée demande le contact (déplacez-vous d'abord)")
    assert refused(tracker, "attaquer brok jet 20 distance 0") == (  # the fight knows the distance
        "brok est à 5 m : un coup de mêlée demande le contact (déplacez-vous d'abord)")


def test_no_melee_blow_in_the_first_round_at_40_m_in_simulation(content: Content) -> None:
    """Mathis's heavy crossbow reaches 40 m: he stands and shoots; Ysolde closes 30 m at most and strikes nobody."""
    loaded = load_any_encounter_data(content, encounter([{"character": "ysolde"}], [{"character": "mathis"}],
                                                        distance=40))
    F = worlds_of(loaded, 200, np.random.SeedSequence(8))
    kernel_of(F).play_all(F, 200, 1, 1)
    assert (array(F, "out_rounds") == 1).all()
    assert (array(F, "out_dealt")[:, 0] == 0).all() and array(F, "out_dealt")[:, 1].any()


# --- 3. the weapon about to act orders a tie of ranks (5.4) ---------------------------------------------------------

def test_a_declared_throw_ranks_as_a_missile(store: EventStore, d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "odon", "id": "un"}], [{"character": "odon", "id": "deux"}]),
                      "allonge deux missile")  # refused before issue 26: the short spear has no missile reach
    record = tracker.records[-1]
    assert (record["kind"], record["reach"], record["weapon"]) == ("reach", "missile", "javelot")
    assert told(tracker, record) == ["  Odon le Fidèle agira en tir : Javelot."]
    tracker.command("actions")
    fight = tracker.fight
    assert isinstance(fight, D100Fight)
    assert [fight.combatants[c].id for c in fight.order] == ["deux", "un"]  # same DEX 11: missile before long
    assert fight.groups == [0, 1]
    tracker.command("attaquer un jet 99")  # the javelin, the weapon in hand, by default
    assert last_attack(tracker)["weapon"] == "javelot"


def test_a_declared_reach_takes_its_weapon_and_a_missing_one_is_refused(store: EventStore,
                                                                         d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "odon", "id": "un"}], [{"character": "rodrigue"}]))
    assert refused(tracker, "allonge rodrigue longue") == (
        "rodrigue n'a aucune arme intacte pour agir à cette allonge (longue)")
    assert refused(tracker, "allonge un longue arme 3") == (
        "un n'a aucune arme intacte pour agir à cette allonge (longue)")
    tracker.command("allonge un courte")  # the shield's bash is his short weapon
    assert tracker.records[-1]["weapon"] == "bouclier-rond"
    tracker.command("allonge un moyenne")  # back to the short spear, at its medium reach
    assert tracker.records[-1]["weapon"] == "lance-courte"
    tracker.command("actions")
    assert tracker.fight.value("reach_pick", 0) == 2  # type: ignore[attr-defined]


# --- 4. a breaking parry is told once, as a break -------------------------------------------------------------------

def test_a_breaking_parry_is_told_once_as_a_break(store: EventStore, d100: D100Play) -> None:
    # Gorm's heavy mace (1D8+2, bonus 1D6) on Jacquot's dagger (hit points 15): 8 + 2 + 6 = 16 breaks it
    tracker = session(store, d100, setup([{"character": "jacquot"}], [{"character": "gorm"}]), "actions", "passer")
    tracker.command("attaquer jacquot jet 30 def 10 dmg 8 bonus 6")
    record = last_attack(tracker)
    assert record["broken"] and record["item_worn"]
    lines = told(tracker, record)
    assert sum("se brise" in line for line in lines) == 1
    assert not any("perd un point" in line for line in lines)


# --- 5. first aid on a dead character (5.14) ------------------------------------------------------------------------

def test_first_aid_on_the_dead_is_refused(store: EventStore, d100: D100Play) -> None:
    tracker = session(store, d100, setup([{"character": "ysolde"}, {"character": "odon"}],
                                         [{"character": "gorm"}, {"character": "jacquot"}]),
                      "degats ysolde 14", "actions", "fin-round", "actions")
    assert tracker.fight.view()["combatants"][0]["state"] == "dead"
    while tracker.fight.current() != 1:  # type: ignore[attr-defined]
        tracker.command("passer")
    assert refused(tracker, "premiers-soins ysolde") == "ysolde a succombé : les premiers soins arrivent trop tard"


# --- 6. an unconscious foe and a dying one, alike (5.7, 5.12) -------------------------------------------------------

@pytest.mark.parametrize("hp", [2, 0])
def test_a_foe_unconscious_or_dying_is_struck_without_defence(store: EventStore, d100: D100Play, hp: int) -> None:
    tracker = session(store, d100, setup([{"character": "ysolde"}], [{"character": "gorm"}, {"character": "jacquot"}]),
                      f"degats jacquot {12 - hp}", "actions")
    assert tracker.fight.view()["combatants"][2]["state"] == ("unconscious" if hp == 2 else "dying")
    assert refused(tracker, "attaquer jacquot parer jet 30") == "jacquot ne peut pas se défendre"
    tracker.command("attaquer jacquot jet 30 dmg 1 bonus 1")
    record = last_attack(tracker)
    assert record["defence"] == "none" and record["defence_roll"] == 0 and record["result"] == "hit"


ARCHER = {"sheet": {"id": "frondeur", "name": {"fr": "Le frondeur", "en": "The slinger"},
                    "characteristics": {"str": 10, "con": 10, "siz": 10, "int": 10, "pow": 10, "dex": 11, "app": 10},
                    "damage_bonus": "0", "weapons": [{"weapon": "fronde", "points": 0}], "dodge": 10,
                    "first_aid": 10}}


def test_the_policy_states_the_weapon_about_to_act(store: EventStore, d100: D100Play) -> None:
    """5.4 in the default policy (play's ``auto`` and a simulated world alike): Odon holds his short spear, but at
    15 m only his javelin reaches: he states it once the moves are made, and so ranks as a missile at DEX 11, before
    the slinger's poorer skill (without it, the spear's long reach would put him after every missile)."""
    tracker = session(store, d100, setup([{"character": "odon"}], [ARCHER], distance=15))
    while tracker.fight.phase == "movement":  # type: ignore[attr-defined]
        tracker.command("auto")
    assert [{k: e.get(k) for k in ("type", "target", "reach", "weapon")} for e in tracker.events
            if e["type"] == "reach"] == [{"type": "reach", "target": "odon", "reach": "missile", "weapon": 3}]
    fight = tracker.fight
    assert isinstance(fight, D100Fight)
    assert [fight.combatants[c].id for c in fight.order] == ["odon", "frondeur"]
