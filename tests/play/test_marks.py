"""The GM's own marks (issue 16): conditions with a duration in rounds, notes, timers; tracker events that no rule
system sees, stored, undone and redone one by one, replayed after a resume, announced when they end or fire."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.play.marks import MARK_TYPES, Marks, fold_marks
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker, fold_events, shown_name, stored_name
from estoc.render.tracker import tracker_lines

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


def new(store: EventStore, system: HarpPlay, setup: dict[str, Any]) -> Tracker:
    return Tracker.create(store, system, "t", setup)


def told(records: list[dict[str, Any]]) -> list[str]:
    return [line for record in records if record.get("kind") == "tracker" for line in tracker_lines(record)]


def to_round(tracker: Tracker, wanted: int) -> list[dict[str, Any]]:
    """Let the policy play until round ``wanted`` begins; the records told on the way."""
    records: list[dict[str, Any]] = []
    while tracker.fight.view()["round"] < wanted and not tracker.fight.is_over():
        records += tracker.command("auto")
    assert tracker.fight.view()["round"] == wanted
    return records


def test_marks_are_stored_shown_and_leave_the_fight_alone(store: EventStore, system: HarpPlay,
                                                         sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    before = tracker.fight.view()
    records = tracker.command("mark orque-1 silence 3")
    records += tracker.command('note orque-1 "lost its shield in the river"')
    records += tracker.command("timer 4 reinforcements")
    records += tracker.command("marquer warg enragé")
    assert tracker.fight.view() == before  # no rule system saw them
    stored = [e for e in store.events(tracker.fight_id) if e["type"] in MARK_TYPES]
    assert [e["type"] for e in stored] == ["tracker-mark", "tracker-note", "tracker-timer", "tracker-mark"]
    assert stored[0]["until"] == 4 and stored[0]["line"] == "mark orque-1 silence 3"
    assert told(records) == [
        "GM mark on Orc 1 (orque-1): silence, 3 rounds (until round 4 begins).",
        "Note on Orc 1 (orque-1): lost its shield in the river",
        "Timer: round 4: reinforcements.",
        "GM mark on Warg (warg): enragé, until you clear it."]
    shown = tracker.marks.board(1)
    assert shown == {"conditions": {"orque-1": [("silence", 3)], "warg": [("enragé", None)]},
                     "notes": {"orque-1": ["lost its shield in the river"]}, "timers": [(4, "reinforcements")]}


def test_a_mark_is_no_turn_the_dice_stay_the_same(tmp_path: Path, system: HarpPlay,
                                                  sample_setup: dict[str, Any]) -> None:
    plain = new(EventStore(tmp_path / "a.db"), system, sample_setup)
    marked = new(EventStore(tmp_path / "b.db"), system, sample_setup)
    for step in range(6):
        if step == 2:
            marked.command("note warg hungry")
            marked.command("mark orque-2 blessed 2")
        plain.command("auto")
        marked.command("auto")
    assert plain.fight.view() == marked.fight.view()


def test_timers_fire_and_marks_end_as_the_rounds_go(store: EventStore, system: HarpPlay,
                                                    sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("mark orque-1 silence 1")
    tracker.command("timer +2 the reinforcements arrive")
    tracker.command("mark warg fury 2 rounds")
    round_two = told(to_round(tracker, 2))
    assert round_two == ["Orc 1 (orque-1): silence is over (GM mark, round 2)."]
    assert tracker.marks.board(2)["conditions"] == {"warg": [("fury", 1)]}
    round_three = told(to_round(tracker, 3))
    assert round_three == ["⏰ Round 3: the reinforcements arrive.", "Warg (warg): fury is over (GM mark, round 3)."]
    assert tracker.marks.board(3) == {"conditions": {}, "notes": {}, "timers": []}
    # A resumed fight tells the same (the log replays the announcements where they happened).
    again = Tracker(store, tracker.fight_id, system)
    assert again.records == tracker.records
    assert told(again.records)[-3:] == round_two + round_three


def test_undo_and_redo_take_marks_one_by_one_and_a_resume_keeps_them(store: EventStore, system: HarpPlay,
                                                                     sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("mark orque-1 silence 3")
    tracker.command("note orque-1 wary")
    undone = told(tracker.command("undo"))
    assert undone[0] == "Undone: note orque-1 wary."
    assert tracker.marks.board(1)["notes"] == {}
    assert tracker.marks.board(1)["conditions"] == {"orque-1": [("silence", 3)]}
    tracker.command("undo")
    assert tracker.marks.board(1)["conditions"] == {}
    redone = told(tracker.command("redo"))
    assert redone[0] == "Redone: mark orque-1 silence 3."
    assert told(tracker.records)[-1] == "GM mark on Orc 1 (orque-1): silence, 3 rounds (until round 4 begins)."
    assert tracker.marks.board(1)["conditions"] == {"orque-1": [("silence", 3)]}
    tracker.command("clear orque-1 silence")
    assert tracker.marks.board(1)["conditions"] == {}
    tracker.command("undo")
    resumed = Tracker(store, tracker.fight_id, system)
    assert resumed.marks == tracker.marks
    assert resumed.marks.board(1)["conditions"] == {"orque-1": [("silence", 3)]}
    assert resumed.records == tracker.records
    # Undo of a fight command after marks steps back over that command only.
    view = resumed.fight.view()
    resumed.command("auto")
    resumed.command("undo")
    assert resumed.fight.view() == view and resumed.marks.board(1)["conditions"] == {"orque-1": [("silence", 3)]}


def test_clear_removes_what_it_names(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("mark orque-1 silence 3")
    tracker.command("mark orque-1 blessed")
    tracker.command("note orque-1 wary")
    tracker.command("note orque-1 limps")
    tracker.command("timer 3 fog")
    tracker.command("minuteur 5 dawn")
    assert told(tracker.command("clear orque-1 notes")) == ["Cleared on Orc 1 (orque-1): 2 notes."]
    assert told(tracker.command("effacer minuteur 3")) == ["Cleared: the timer of round 3 (fog)."]
    assert told(tracker.command("clear orque-1 BLESSED")) == ["Cleared on Orc 1 (orque-1): blessed."]
    tracker.command("note orque-1 limps")
    assert told(tracker.command("clear orque-1")) == ["Cleared on Orc 1 (orque-1): silence, 1 note."]
    assert tracker.marks.board(1) == {"conditions": {}, "notes": {}, "timers": [(5, "dawn")]}
    assert told(tracker.command("clear timer")) == ["Cleared: the timer of round 5 (dawn)."]


def test_a_note_is_free_text_whatever_the_systems_keywords(store: EventStore, system: HarpPlay,
                                                           sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    # "roll", "with" and "all" are HARP's dice keyword and flags: in a note they are words.
    tracker.command("note warg will roll with all its might")
    assert tracker.marks.board(1)["notes"] == {"warg": ["will roll with all its might"]}


@pytest.mark.parametrize(("line", "english", "french"), [
    ("mark nobody silence 2", "no combatant 'nobody' here", "pas de combattant 'nobody' ici"),
    ("mark orque-1", "missing arguments: mark WHO NAME [ROUNDS]", "arguments manquants : marquer QUI NOM"),
    ("mark orque-1 silence 0", "the mark's rounds must be from 1 to 1000", "les rounds de la marque"),
    ("mark orque-1 silence 5000", "must be from 1 to 1000, not 5000", "de 1 à 1000"),
    ("mark orque-1 " + "x" * 41 + " 2", "too long: 40 characters at most", "trop long, 40 caractères"),
    ("note orque-1", "missing arguments: note WHO TEXT", "arguments manquants : noter QUI TEXTE"),
    ("timer 1 too late", "the timer's round must be from 2 to 1001, not 1", "le round du minuteur"),
    ("timer +0 never", "the rounds from now must be from 1 to 1000", "les rounds d'ici là"),
    ("timer soon reinforcements", "the timer's round must be a whole number", "le round du minuteur"),
    ("clear orque-2", "orque-2 has no mark and no note of yours", "orque-2 ne porte ni marque ni note"),
    ("clear orque-1 rage", "orque-1 has no mark 'rage'; marks: silence", "orque-1 ne porte pas la marque 'rage'"),
    ("clear timer 9", "no timer pending for round 9", "aucun minuteur en attente pour le round 9"),
    ("clear warg notes", "warg has no note", "warg n'a pas de note"),
])
def test_bad_marks_say_why_and_store_nothing(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any],
                                            line: str, english: str, french: str) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("mark orque-1 silence 2")
    count = len(store.events(tracker.fight_id))
    for lang, said in (("en", english), ("fr", french)):
        set_language(lang)
        with pytest.raises(InputError) as caught:
            tracker.command(line)
        assert said in caught.value.message
    set_language("en")
    assert len(store.events(tracker.fight_id)) == count
    assert tracker.marks.board(1)["conditions"] == {"orque-1": [("silence", 2)]}


@pytest.mark.parametrize(("sample", "setup_lines", "round_lines"), [
    ("pont.yaml", [], ["actions", "end-round"]),
    ("gue.yaml", [], ["close"]),
])
def test_marks_in_every_system(tmp_path: Path, content: Content, sample: str, setup_lines: list[str],
                               round_lines: list[str]) -> None:
    loaded = read_encounter(SAMPLES / sample, content)
    system = fight_system(loaded.system, content)
    tracker = Tracker.create(EventStore(tmp_path / "f.db"), system, loaded.name,
                             {"encounter": loaded.setup, "seed": 3})
    view = tracker.fight.view()
    now = view["round"]
    first = view["combatants"][0]["id"]
    tracker.command(f"mark {first} inspired 1")
    tracker.command(f"timer {now + 1} the bridge creaks")
    assert tracker.fight.view() == view
    records: list[dict[str, Any]] = []
    for line in round_lines:
        records += tracker.command(line)
    assert tracker.fight.view()["round"] == now + 1
    lines = told(records)
    assert f"⏰ Round {now + 1}: the bridge creaks." in lines
    assert any(line.endswith(f"inspired is over (GM mark, round {now + 1}).") for line in lines)
    tracker.command("undo")
    again = Tracker(tracker.store, tracker.fight_id, system)
    assert again.fight.view() == tracker.fight.view() and again.records == tracker.records
    assert again.marks.board(now)["timers"] == [(now + 1, "the bridge creaks")]


def test_the_fold_of_marks_ignores_other_events() -> None:
    events = [{"type": "begin"}, {"type": "tracker-mark", "who": "a", "name": "x", "rounds": 2, "until": 3},
              {"type": "attack", "target": "a"}, {"type": "tracker-timer", "at": 5, "text": "t"},
              {"type": "tracker-timer", "at": 2, "text": "u"}]
    marks = fold_marks(fold_events(events).effective)
    assert marks == Marks({"a": {"x": 3}}, {}, [(2, "u"), (5, "t")])
    assert marks.pending(2) and not marks.pending(5)
    assert [r["verb"] for r in marks.due(1, 3)] == ["timer-fires", "mark-ends"]
    assert marks.due(3, 3) == []


def test_fight_names_in_both_languages() -> None:
    stored = stored_name({"fr": "Embuscade au gué", "en": "Ambush at the ford"})
    set_language("fr")
    assert shown_name(stored) == "Embuscade au gué"
    set_language("en")
    assert shown_name(stored) == "Ambush at the ford"
    # One language is enough; a plain name (an older store, a name given by hand) reads as it is.
    assert shown_name(stored_name({"fr": "Au pont"})) == "Au pont"
    assert shown_name("Old fight") == "Old fight"
    assert shown_name("{not json") == "{not json"
