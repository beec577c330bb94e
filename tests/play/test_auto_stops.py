"""``auto all`` and ``auto end`` never take a player's decision or a phase the GM declares: they stop before it, also
when the command starts there (nothing played, nothing stored), and a record says where and why; ``auto end all``
plays through to the end. In the three systems, on the shipped samples (their heroes are the players')."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.play_helpers import tor_setup

from estoc.content.registry import Content
from estoc.i18n import set_language
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.telling import record_lines
from estoc.play.tracker import Tracker

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


def begun(store: EventStore, content: Content, name: str, seed: int = 9) -> Tracker:
    loaded = read_encounter(SAMPLES / f"{name}.yaml", content)
    return Tracker.create(store, fight_system(loaded.system, content), name, {"encounter": loaded.setup, "seed": seed})


def stop_of(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The stop record a run ends with (there is exactly one, last)."""
    stops = [r for r in records if r.get("kind") == "tracker" and r.get("verb") == "stop"]
    assert len(stops) == 1 and records[-1] is stops[0], records
    return stops[0]


def players(tracker: Tracker) -> set[str]:
    return {str(r["id"]) for r in tracker.fight.view()["combatants"] if r.get("player")}


def nothing_played(tracker: Tracker, line: str) -> dict[str, Any]:
    """``line`` run where the fight stands at a stop: it stores nothing, changes nothing, says why."""
    before, count = tracker.fight.view(), len(tracker.store.events(tracker.fight_id))
    records = tracker.command(line)
    assert tracker.fight.view() == before and len(tracker.store.events(tracker.fight_id)) == count
    stop = stop_of(records)
    assert len(records) == 1 and stop["idle"]
    return stop


def played_to(tracker: Tracker, line: str) -> dict[str, Any]:
    """``line`` run where the policy may play: one stored command, then a stop (the fight not over)."""
    count = len(tracker.store.events(tracker.fight_id))
    stop = stop_of(tracker.command(line))
    assert len(tracker.store.events(tracker.fight_id)) == count + 1 and not stop.get("idle")
    assert not tracker.fight.is_over()
    return stop


def through(tracker: Tracker) -> None:
    """``auto end all`` plays everyone to the end, one command; undone whole, replayed the same."""
    before = tracker.fight.view()
    records = tracker.command("auto end all")
    assert tracker.fight.is_over() and not any(r.get("verb") == "stop" for r in records)
    over = tracker.fight.view()
    again = Tracker(tracker.store, tracker.fight_id, tracker.system)
    assert again.fight.view() == over and again.records == tracker.records  # (a stop is told, never stored)
    tracker.command("undo")
    assert tracker.fight.view() == before


def round_played(tracker: Tracker) -> dict[str, Any]:
    """The rest of the round as a GM would: ``auto`` on a player's turn, ``auto all`` for the creatures; the stop
    the last command reached."""
    start = int(tracker.fight.view()["round"])
    for _step in range(200):
        stop = tracker.fight.stop_reason()
        records = tracker.command("auto" if stop is not None and stop.code == "player" else "auto all")
        if int(tracker.fight.view()["round"]) > start:
            return stop_of(records)
    raise AssertionError("the round never ended")


def test_harp_auto_all_stops_at_every_heros_turn(store: EventStore, content: Content) -> None:
    tracker = begun(store, content, "embuscade")
    heroes = players(tracker)
    first = tracker.fight.view()["current"]
    assert first in heroes  # the ambush begins on a hero's turn: auto all plays nothing
    for line in ("auto all", "auto tout", "auto end", "auto fin"):
        stop = nothing_played(tracker, line)
        assert stop["reason"] == "player" and stop["who"] == first
    tracker.command("auto")  # a plain auto plays the hero: the GM asked for that one turn
    assert tracker.events[-1]["type"] != "batch"
    for _round in range(3):
        if tracker.fight.stop_reason() is None:
            stop = played_to(tracker, "auto all")
            assert stop["who"] == tracker.fight.view()["current"] and stop["who"] in heroes
            assert all(step.get("type") != "batch" for step in tracker.events[-1].get("events", []))
        tracker.command("auto")
    through(tracker)


def test_d100_auto_all_stops_at_the_movement_phase_and_the_players_turns(store: EventStore, content: Content) -> None:
    tracker = begun(store, content, "pont")
    assert tracker.fight.view()["phase"] == "movement"
    for line in ("auto all", "auto end"):
        stop = nothing_played(tracker, line)
        assert stop["reason"] == "phase" and stop["phase"] == "movement" and stop["then"]["en"] == "actions"
    tracker.command("actions")
    view = tracker.fight.view()
    if view["current"] in players(tracker):
        stop = nothing_played(tracker, "auto end")
        assert stop["reason"] == "player" and stop["who"] == view["current"]
    stop = round_played(tracker)
    # the next round's movement: nobody moved, no statement made by estoc; the GM declares them
    view = tracker.fight.view()
    assert stop["reason"] == "phase" and view["phase"] == "movement" and view["round"] == 2
    fight: Any = tracker.fight
    assert all(fight.value("moved", c) == 0 for c in range(len(fight.combatants)))
    last = tracker.events[-1].get("events", [tracker.events[-1]])[-1]
    assert last["type"] not in ("move", "reach", "intent", "actions")
    nothing_played(tracker, "auto fin")
    through(tracker)


def test_tor_auto_all_stops_at_the_volleys_stances_engagement_and_turns(store: EventStore, content: Content) -> None:
    tracker = begun(store, content, "gue")
    heroes = players(tracker)
    stop = nothing_played(tracker, "auto all")  # a hero's bow opens the volleys
    assert stop["reason"] == "player" and stop["phase"] == "volleys" and stop["who"] in heroes
    tracker.command("close")
    for line in ("auto all", "auto end"):
        stop = nothing_played(tracker, line)
        assert stop["reason"] == "phase" and stop["phase"] == "stances" and stop["then"]["fr"] == "combattre"
    tracker.command("assign eirik-de-dale orc-soldat-1")
    stop = nothing_played(tracker, "auto tout")
    assert stop["reason"] == "phase" and stop["phase"] == "engagement"
    tracker.command("fight")
    if tracker.fight.view()["current"] in heroes:
        assert nothing_played(tracker, "auto all")["reason"] == "player"
    stop = round_played(tracker)
    view = tracker.fight.view()
    assert stop["reason"] == "phase" and view["phase"] == "stances" and view["round"] == 2
    through(tracker)


@pytest.mark.parametrize(("name", "line", "needle"), [
    ("embuscade", "auto tout", "Arrêt avant le tour de Faralinde"),
    ("pont", "auto fin", "Arrêt à la phase de mouvement : les déplacements et les déclarations d'intention sont à "
                         "annoncer par le MJ, puis actions."),
    ("gue", "auto tout", "dans les volées d'ouverture : c'est à son joueur de décider (tirer / melee)."),
])
def test_the_stop_is_told_in_french(store: EventStore, content: Content, name: str, line: str, needle: str) -> None:
    tracker = begun(store, content, name)
    set_language("fr")
    try:
        lines = [text for record in tracker.command(line) for text in record_lines(tracker, record)]
    finally:
        set_language("en")
    assert any(needle in text for text in lines), lines
    assert lines[-1] == ("Rien n'a été joué (auto fin tout : tout le monde jusqu'à la fin, tours des joueurs et "
                         "phases compris).")


def test_a_gm_action_that_reaches_a_stop_at_once_tells_none(store: EventStore, content: Content) -> None:
    """The creatures' play after a GM's action (the interactive demo's) tells a stop only where estoc played."""
    tracker = begun(store, content, "pont")
    records = tracker.command("actions", creatures_auto=True)
    if tracker.fight.view()["current"] in players(tracker) and len(tracker.events[-1].get("events", [1])) == 1:
        assert not any(r.get("verb") == "stop" for r in records)
    else:
        assert stop_of(records)["reason"] == "player"


def test_tor_auto_all_waits_on_a_knocked_down_heros_yield(store: EventStore, content: Content) -> None:
    """A blow knocks a player's hero down that yielding ground would undo: the choice is its player's."""
    tracker = Tracker.create(store, fight_system("tor", content), "yield", tor_setup(
        [{"hero": "eirik-de-dale", "stance": "forward"}], [{"adversary": "orc-soldat"}], 3))
    for line in ("combattre", "endurance eirik-de-dale 4", "passer", "attaquer eirik-de-dale destin 10 maitrise 5 5 5"):
        tracker.command(line)
    stop = nothing_played(tracker, "auto tout")
    assert stop["reason"] == "yield" and stop["who"] == "eirik-de-dale" and stop["then"]["fr"] == "ceder / suite"
    set_language("fr")
    try:
        assert record_lines(tracker, stop)[0] == ("Arrêt : Eirik de Dale (eirik-de-dale) peut céder du terrain ; "
                                                  "c'est à son joueur de décider (ceder / suite).")
    finally:
        set_language("en")
    tracker.command("ceder eirik-de-dale")  # its player yields: still up, the next round's stances are the GM's
    assert nothing_played(tracker, "auto fin")["phase"] == "stances"
    through(tracker)
