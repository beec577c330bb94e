"""One command, one stored event, one undo: ``auto end all`` / ``auto all`` as one batch, undone whole and told; and
one authority per fight: two trackers on one store never diverge silently (the stale one is refused and reloaded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.engine.protocol import FightSystem
from estoc.errors import StoreError
from estoc.i18n import set_language
from estoc.play.store import EventStore, StaleError
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import BATCH, Tracker
from estoc.render.tracker import tracker_lines

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


def sample(content: Content, name: str) -> tuple[FightSystem, dict[str, Any]]:
    loaded = read_encounter(SAMPLES / f"{name}.yaml", content)
    return fight_system(loaded.system, content), {"encounter": loaded.setup, "seed": 9}


@pytest.mark.parametrize("name", ["embuscade", "gue", "pont"])
def test_auto_end_is_one_event_and_one_undo(store: EventStore, content: Content, name: str) -> None:
    system, setup = sample(content, name)
    tracker = Tracker.create(store, system, name, setup)
    before = tracker.fight.view()
    count = len(store.events(tracker.fight_id))
    tracker.command("auto end all")
    after = tracker.fight.view()
    assert tracker.fight.is_over()
    stored = store.events(tracker.fight_id)
    assert len(stored) == count + 1
    assert stored[-1]["type"] == BATCH and len(stored[-1]["events"]) > 1 and stored[-1]["line"] == "auto end all"
    [record] = tracker.command("undo")
    assert tracker.fight.view() == before  # the whole of auto end all taken back, not its last turn
    assert record["done"] and record["line"] == "auto end all" and record["steps"] == len(stored[-1]["events"])
    lines = tracker_lines(record)
    assert lines[0] == f"Undone: auto end all ({record['steps']} turns)."
    # the One Ring's fight is back at its opening volleys, before round 1 (round 0 in its state)
    back = "Now the opening volleys, before round 1." if name == "gue" else "Now round 1"
    assert lines[1].startswith(back)
    assert Tracker(store, tracker.fight_id, system).fight.view() == before
    tracker.command("redo")
    assert tracker.fight.view() == after
    assert Tracker(store, tracker.fight_id, system).fight.view() == after


def test_auto_end_plays_the_fight_its_turns_one_by_one_would(tmp_path: Path, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    with EventStore(tmp_path / "a.db") as one, EventStore(tmp_path / "b.db") as each:
        whole = Tracker.create(one, system, "whole", setup)
        whole.auto_to_end()
        single = Tracker.create(each, system, "single", setup)
        while not single.fight.is_over():
            single.auto()
        assert whole.fight.summary() == single.fight.summary()
        assert len(whole.events) == 2 and len(single.events) > 10


def test_auto_all_is_one_event(store: EventStore, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    tracker = Tracker.create(store, system, "all", setup)
    before = tracker.fight.view()
    tracker.command("auto all")
    steps = tracker.events[-1].get("events", [tracker.events[-1]])
    assert tracker.player_turn() or tracker.fight.is_over()
    tracker.command("annuler")
    assert tracker.fight.view() == before and len(steps) >= 1


def test_the_demo_plays_a_hero_and_the_creatures_after_as_one_command(store: EventStore, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    tracker = Tracker.create(store, system, "demo", setup)
    tracker.auto(until_stop=True)
    assert tracker.player_turn()
    before = tracker.fight.view()
    tracker.command("pass", creatures_auto=True)
    assert tracker.player_turn() or tracker.fight.is_over()
    tracker.command("undo")
    assert tracker.fight.view() == before


def test_undo_says_what_it_undid_in_french(store: EventStore, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    tracker = Tracker.create(store, system, "fr", setup)
    tracker.command("hp orque-1 3")
    set_language("fr")
    [record] = tracker.command("annuler")
    assert tracker_lines(record)[0] == "Annulé : hp orque-1 3."
    assert tracker_lines(tracker.command("annuler")[0]) == ["Rien à annuler."]


def test_two_writers_never_diverge(tmp_path: Path, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    path = tmp_path / "shared.db"
    with EventStore(path) as first_store, EventStore(path) as second_store:
        first = Tracker.create(first_store, system, "shared", setup)
        second = Tracker(second_store, first.fight_id, system)
        first.auto()
        stored = len(first_store.events(first.fight_id))
        with pytest.raises(StaleError, match="changed elsewhere"):
            second.auto()
        # Refused: nothing stored; its view is now the stored fight.
        assert len(first_store.events(first.fight_id)) == stored
        assert second.fight.view() == first.fight.view() and second.version == first.version
        second.command("hp orque-1 5")  # fresh again, it may play; now the first one is stale
        with pytest.raises(StaleError):
            first.undo()  # its undo would have taken back the other's command
        assert first.fight.view() == second.fight.view()
        assert Tracker(first_store, first.fight_id, system).fight.view() == second.fight.view()
        set_language("fr")
        second.fight_id = first.fight_id
        first.command("hp orque-1 6")
        with pytest.raises(StoreError, match="modifié ailleurs"):
            second.command("hp orque-1 7")


def test_an_append_on_another_version_is_refused(store: EventStore) -> None:
    fight = store.create_fight("v", "harp", {})
    assert store.append(fight, {"type": "a"}, version=0) == 1
    with pytest.raises(StaleError):
        store.append(fight, {"type": "b"}, version=0)
    assert store.append_many(fight, [{"type": "b"}, {"type": "c"}], version=1) == [2, 3]
    assert [e["type"] for e in store.events(fight)] == ["a", "b", "c"]


def test_a_broken_batch_does_not_replay(store: EventStore, content: Content) -> None:
    system, setup = sample(content, "embuscade")
    tracker = Tracker.create(store, system, "broken", setup)
    store.append(tracker.fight_id, {"type": BATCH, "events": "nonsense"})
    with pytest.raises(StoreError, match="does not replay"):
        Tracker(store, tracker.fight_id, system)
