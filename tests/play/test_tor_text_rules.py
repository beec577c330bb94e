"""The One Ring's rules of issue 26, played through French session commands: a re-assigned engagement frees whom it
released, a sneak attack's bonus is for its round, a two-weapon attack strikes with the other hand, a combatant
felled in the volleys shoots no more, the ground may open the rear, ``manoeuvre`` alone lists the stance's tasks, a
favoured roll typed with one feat die asks for the other (a batch rolls it), Hope may be switched off."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from tests.play_helpers import tor_setup, typed

from estoc.content.registry import Content
from estoc.errors import DiceError, InputError, RulesError
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.worlds import array


@pytest.fixture(scope="module")
def tor(content: Content) -> TorPlay:
    return TorPlay(content)


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language(None)


def setup(heroes: list[dict[str, Any]], adversaries: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return tor_setup(heroes, adversaries, 5, **extra)


play = typed


def fight(tracker: Tracker) -> TorFight:
    assert isinstance(tracker.fight, TorFight)
    return tracker.fight


def foes_in_step(f: TorFight) -> None:
    """The kernel's count of each combatant's standing foes is exactly those engaged with it, both ways."""
    engaged = array(f.F, "engaged")[0]
    n = len(f.combatants)
    assert (engaged == engaged.T).all()
    for c in range(n):
        assert f.value("foes", c) == sum(1 for o in range(n) if engaged[c, o] and f.standing(o))
        assert f.value("links", c) == int(engaged[c].sum())


# --- 1. re-assignment -----------------------------------------------------------------------------------------------

def test_a_reassigned_hero_releases_its_foes_and_they_fight_again(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"}],
                                     [{"adversary": "orc-soldat", "count": 4}]),
                   "assigner eirik-de-dale orc-soldat-1 orc-soldat-2", "assigner eirik-de-dale orc-soldat-3")
    f = fight(tracker)
    assert [f.combatants[o].id for o in f.opponents(0)] == ["orc-soldat-3"]
    foes_in_step(f)
    tracker.command("combattre")  # the default engagement takes the released orcs again, up to 3
    assert [f.combatants[o].id for o in fight(tracker).opponents(0)] == ["orc-soldat-1", "orc-soldat-2",
                                                                        "orc-soldat-3"]
    foes_in_step(fight(tracker))
    tracker.command("attaquer orc-soldat-3 destin 1 maitrise 1 1 1 1")  # the hero attacks the one he was given
    tracker.command("auto tout")  # the orcs' turns
    attackers = {r["actor"] for r in tracker.records if r.get("kind") == "attack"}
    assert {"eirik-de-dale", "orc-soldat-1", "orc-soldat-2", "orc-soldat-3"} <= attackers
    assert not any(r.get("kind") == "pass" and r.get("actor") == "orc-soldat-1" for r in tracker.records)


def test_a_released_adversary_may_be_assigned_to_another_hero(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"},
                                      {"hero": "grani-barbe-grise", "stance": "defensive"}],
                                     [{"adversary": "orc-soldat", "count": 5}]),
                   "assigner eirik-de-dale orc-soldat-1 orc-soldat-2", "assigner eirik-de-dale orc-soldat-3",
                   "assigner grani-barbe-grise orc-soldat-1 orc-soldat-2")
    f = fight(tracker)
    assert [f.combatants[o].id for o in f.opponents(0)] == ["orc-soldat-3"]
    assert [f.combatants[o].id for o in f.opponents(1)] == ["orc-soldat-1", "orc-soldat-2"]
    foes_in_step(f)


# --- 2. the sneak attack's bonus is for its round ---------------------------------------------------------------

def sneak(store: EventStore, tor: TorPlay) -> Tracker:
    """Eirik faces the three orcs the GM gives him and waits; Hamfrey (open, left unengaged) sneaks on one (a
    success, no tengwar: +1d)."""
    return play(store, tor, setup([{"hero": "hamfrey-pied-leger", "stance": "open"},
                                   {"hero": "eirik-de-dale", "stance": "forward"}],
                                  [{"adversary": "orc-soldat", "count": 3}]),
                "assigner eirik-de-dale orc-soldat-1 orc-soldat-2 orc-soldat-3", "passer",
                "manoeuvre attaque-surprise orc-soldat-1 comp 10 compdes 5 5 5")


def test_the_sneak_attack_bonus_is_for_this_round(store: EventStore, tor: TorPlay) -> None:
    tracker = sneak(store, tor)
    f = fight(tracker)
    h = f.index("hamfrey-pied-leger")
    assert f.value("next_dice", h) == 1
    plain = f.blow(h, f.index("orc-soldat-1"), 0).dice
    tracker.command("passer")
    tracker.command("auto tout")  # Eirik and the orc; the round ends
    f = fight(tracker)
    assert f.round == 2
    assert f.value("next_dice", h) == 0 and f.value("sneak_dice", h) == 0
    assert f.blow(h, f.index("orc-soldat-1"), 0).dice == plain - 1


def test_the_sneak_attack_bonus_is_spent_by_the_next_attack(store: EventStore, tor: TorPlay) -> None:
    tracker = sneak(store, tor)
    tracker.command("attaquer orc-soldat-1 destin 1 maitrise 1 1 1")  # short sword 2 dice, open 0, sneak +1
    attack = next(r for r in reversed(tracker.records) if r.get("kind") == "attack")
    assert attack["dice"] == 3
    assert fight(tracker).value("next_dice", fight(tracker).index("hamfrey-pied-leger")) == 0


def test_a_sneak_attack_bonus_left_unused_ends_with_its_round_in_the_kernel(content: Content) -> None:
    """The kernel itself (simulation runs the same function): the bonus left at the end of a round is gone, an
    advantage's bonus taken the same round stays."""
    f = TorFight.of_encounter(tor_encounter(content))
    K, F = f.K, f.F
    K.py_new_round(F, 0)
    K.py_begin_resolution(F, 0)
    h = f.index("hamfrey-pied-leger")
    array(F, "next_dice")[0, h] = 2  # an advantage of 2d waiting for its next attack
    F.source = _Faces({"task": [10], "task-success": [5, 5, 5]})
    K.py_release(F, 0, h)
    K.py_task(F, 0, h, 5, f.index("orc-soldat-1"), -1, 0, 0, False)
    assert f.value("next_dice", h) == 3 and f.value("sneak_dice", h) == 1
    K.py_end_round(F, 0)
    assert f.value("next_dice", h) == 2 and f.value("sneak_dice", h) == 0


class _Faces:
    """Faces by purpose for a kernel's world (a minimal dice source)."""

    def __init__(self, faces: dict[str, list[int]]) -> None:
        from estoc.dice import ScriptedDice
        self.inner = ScriptedDice(faces)

    def draw(self, sides: int, n: int, purpose: str, worlds: Any = None, who: int = -1) -> Any:
        return self.inner.draw(sides, n, purpose, worlds, who)


def tor_encounter(content: Content) -> Any:
    from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
    return load_tor_encounter(setup([{"hero": "hamfrey-pied-leger", "stance": "open"},
                                     {"hero": "eirik-de-dale", "stance": "forward"}],
                                    [{"adversary": "orc-soldat", "count": 3}])["encounter"], SETUP_PATH, content)


# --- 3. the two-weapon attack strikes with the other hand -------------------------------------------------------

def aldric(store: EventStore, tor: TorPlay) -> Tracker:
    """Aldric: the long sword, the same long sword in both hands, a cudgel."""
    return play(store, tor, setup([{"hero": "aldric-de-bree", "stance": "forward"}], [{"adversary": "orc-soldat"}]),
                "combattre")


def test_the_second_blow_is_struck_with_another_weapon_in_the_other_hand(store: EventStore, tor: TorPlay) -> None:
    tracker = aldric(store, tor)
    f = fight(tracker)
    assert int(f.K.py_off_hand(f.F, 0, 0)) == 2  # the cudgel, not the long sword's two-handed grip
    tracker.command("manoeuvre deux-armes orc-soldat destin 1 maitrise 1")
    attack = next(r for r in reversed(tracker.records) if r.get("kind") == "task")["attack"]
    assert attack["weapon"] == "gourdin" and attack["dice"] == 2  # the cudgel's 1 die, forward +1


def test_the_same_weapon_in_both_hands_is_no_second_weapon(store: EventStore, tor: TorPlay) -> None:
    tracker = aldric(store, tor)
    with pytest.raises(RulesError, match="une autre prise"):
        tracker.command("manoeuvre deux-armes orc-soldat arme 2")
    with pytest.raises(RulesError, match="une autre prise"):
        tracker.command("manoeuvre deux-armes orc-soldat arme 1")


def test_a_hero_without_a_second_weapon_is_refused(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "faelwen-de-lindon", "stance": "forward"}],
                                     [{"adversary": "orc-soldat"}]), "combattre")
    with pytest.raises(RulesError, match="une seconde arme à une main ou un bouclier"):
        tracker.command("manoeuvre deux-armes orc-soldat")


def test_a_shield_strikes_the_second_blow(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}]),
                   "combattre", "manoeuvre deux-armes orc-soldat destin 1 maitrise 1 1")
    attack = next(r for r in reversed(tracker.records) if r.get("kind") == "task")["attack"]
    assert attack["weapon"] == "bouclier-coup"


# --- 4. felled in the volleys -----------------------------------------------------------------------------------

def test_a_combatant_felled_in_the_volleys_shoots_no_more(store: EventStore, tor: TorPlay) -> None:
    data = setup([{"hero": "faelwen-de-lindon", "stance": "rearward"}, {"hero": "eirik-de-dale"},
                  {"hero": "grani-barbe-grise"}], [{"adversary": "gobelin"}, {"adversary": "orc-soldat"}])
    data["encounter"]["volleys"] = True
    tracker = play(store, tor, data, "tirer faelwen-de-lindon gobelin destin 12 maitrise 1 1 1 prot 1 protdice 1")
    assert not fight(tracker).standing(fight(tracker).index("gobelin"))
    with pytest.raises(RulesError, match="à terre depuis les volées"):
        tracker.command("tirer gobelin faelwen-de-lindon")
    tracker.command("melee")
    assert not any(r.get("kind") == "attack" and r.get("actor") == "gobelin" for r in tracker.records)


# --- 5. the ground may open the rear ----------------------------------------------------------------------------

REAR = ([{"hero": "faelwen-de-lindon", "stance": "rearward"}, {"hero": "eirik-de-dale", "stance": "forward"}],
        [{"adversary": "orc-soldat", "count": 2}])


def test_the_gm_lets_the_ground_open_the_rear(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup(*REAR))
    with pytest.raises(RulesError, match="arrière"):
        tracker.command("combattre")
    tracker.command("terrain libre")
    assert any(r.get("kind") == "ground" and r["free"] for r in tracker.records)
    with pytest.raises(RulesError, match="déjà"):
        tracker.command("terrain libre")
    tracker.command("combattre")
    f = fight(tracker)
    assert f.phase == "resolution" and f.stance(0) == "rearward"
    tracker.command("terrain normal")
    assert not f.F.rear_free or not fight(tracker).F.rear_free


def test_the_ground_word_is_checked(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup(*REAR))
    with pytest.raises(InputError, match="libre"):
        tracker.command("terrain falaise")


def test_the_encounter_setting_opens_the_rear_in_play_and_simulation(store: EventStore, tor: TorPlay,
                                                                       content: Content) -> None:
    data = setup(*REAR, settings={"rear_free": True})
    tracker = play(store, tor, data, "combattre")
    assert fight(tracker).stance(0) == "rearward"
    from estoc.systems.tor import sim
    from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
    encounter = load_tor_encounter(data["encounter"], SETUP_PATH, content)
    run = sim.play_chunk(encounter, 64, 7, 0, 50)
    faelwen = run.tried if hasattr(run, "tried") else None  # (the outcome's shape is the runner's)
    closed = load_tor_encounter(setup(*REAR)["encounter"], SETUP_PATH, content)
    F_open, F_closed = sim.worlds_of(encounter, 1, None), sim.worlds_of(closed, 1, None)
    assert F_open.rear_free == 1 and F_closed.rear_free == 0
    del faelwen


# --- 6. manoeuvre alone -----------------------------------------------------------------------------------------

def test_manoeuvre_alone_lists_the_tasks_of_the_heros_stance(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}]),
                   "combattre")
    events = len(tracker.events)
    with pytest.raises(InputError) as told:
        tracker.command("manoeuvre")
    text = told.value.message
    assert "eirik-de-dale (position avancée)" in text
    for task_id in ("intimider", "defier", "deux-armes", "prendre-avantage", "ceder-terrain"):
        assert task_id in text
    assert "rallier" not in text and "proteger" not in text
    assert len(tracker.events) == events
    set_language("en")
    with pytest.raises(InputError, match="forward stance"):
        tracker.command("task")


def test_manoeuvre_alone_before_the_resolution_lists_each_hero(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"},
                                      {"hero": "grani-barbe-grise", "stance": "defensive"}],
                                     [{"adversary": "orc-soldat"}]))
    with pytest.raises(InputError) as told:
        tracker.command("manoeuvre")
    assert "grani-barbe-grise (défensive)" in told.value.message and "proteger" in told.value.message


# --- 7. a favoured roll typed with one feat die -----------------------------------------------------------------

def challenged(store: EventStore, tor: TorPlay) -> Tracker:
    """Eirik challenges the orc (the rune: a success): their attacks on each other are favoured."""
    return play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}]),
                "combattre", "manoeuvre defier orc-soldat comp 12 compdes 1 1")


def test_a_favoured_roll_with_one_feat_die_asks_for_the_other(store: EventStore, tor: TorPlay) -> None:
    tracker = challenged(store, tor)
    events = len(tracker.events)
    with pytest.raises(DiceError, match="deux dés du destin"):
        tracker.command("attaquer orc-soldat destin 8 maitrise 1 1 1 1")
    assert len(tracker.events) == events
    tracker.command("attaquer orc-soldat destin 8 3 maitrise 1 1 1 1")
    attack = next(r for r in reversed(tracker.records) if r.get("kind") == "attack")
    assert attack["mode"] == "favoured" and attack["feat"] == 8


def test_an_ill_favoured_roll_with_one_feat_die_asks_for_the_other(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "grani-barbe-grise", "stance": "defensive"}],
                                     [{"adversary": "orc-soldat"}]),
                   "combattre", "manoeuvre tenir-position comp 1 compdes 1 1 1")
    with pytest.raises(DiceError, match="deux dés du destin"):
        tracker.command("attaquer orc-soldat destin 8 maitrise 1 1 1")


def test_in_a_batch_the_other_feat_die_is_rolled_and_told(store: EventStore, tor: TorPlay) -> None:
    tracker = challenged(store, tor)
    tracker.batch = True
    records = tracker.command("attaquer orc-soldat destin 8 maitrise 1 1 1 1")
    attack = next(r for r in records if r.get("kind") == "attack")
    assert attack["mode"] == "favoured"
    lines = [line for r in records for line in tracker.system.narrate(r, tracker.fight)]
    rolled = [line for line in lines if "estoc" in line]
    assert rolled and "destin" in " ".join(rolled)


# --- 9. Hope as a setting ---------------------------------------------------------------------------------------

def test_hope_may_be_switched_off(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}],
                                     settings={"hope": False}), "combattre")
    with pytest.raises(RulesError, match="aucun Espoir"):
        tracker.command("attaquer orc-soldat espoir")
    tracker.command("auto fin")
    assert all(c.get("hope_spent", 0) == 0 for c in fight(tracker).summary()["combatants"])
    assert np.all(array(fight(tracker).F, "hope")[0] == 0)


# --- 10. the twin: these rules play the same compiled and interpreted --------------------------------------------

def test_the_rules_of_issue_26_play_the_same_in_the_twin(content: Content) -> None:
    """Simulated fights where a sneak attack, a two-weapon attack (Aldric's cudgel), the rear opened by the ground and
    the opening volleys happen, compiled and interpreted: the same outcomes die for die."""
    from estoc.engine.compiled import load_twin
    from estoc.systems.tor import sim
    from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
    from estoc.systems.tor.worlds import KERNEL_NAME
    data = setup([{"hero": "eirik-de-dale", "stance": "forward", "tasks": []},
                  {"hero": "aldric-de-bree", "stance": "forward", "tasks": ["deux-armes"]},
                  {"hero": "hamfrey-pied-leger", "stance": "open", "tasks": ["attaque-surprise"]},
                  {"hero": "faelwen-de-lindon", "stance": "rearward"},
                  {"hero": "maelor-le-rodeur", "stance": "rearward"}],
                 [{"adversary": "gobelin", "count": 3}, {"adversary": "orc-soldat", "count": 2}],
                 settings={"rear_free": True})["encounter"]
    data["volleys"] = True
    encounter = load_tor_encounter(data, SETUP_PATH, content)
    seed = np.random.SeedSequence(26)
    compiled = sim.play_chunk(encounter, 64, seed, 0, 60)
    twin = sim.play_chunk(encounter, 64, seed, 0, 60, kernel_module=load_twin(KERNEL_NAME))
    for name in ("winner", "over", "rounds", "out", "dead", "hits_dealt", "hits_taken", "crits_taken", "tasks_tried",
                 "tasks_worked"):
        assert np.array_equal(getattr(compiled, name), getattr(twin, name)), name
    tried = compiled.tasks_tried
    assert tried is not None
    assert tried[:, 2, 5].sum() > 0 and tried[:, 1, 2].sum() > 0  # sneak attacks and two-weapon attacks happened
    assert tried[:, 3, 10].sum() + tried[:, 3, 9].sum() > 0  # Faelwen stayed at the rear (her rearward tasks)
