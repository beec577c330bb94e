"""The tracker: commands become stored events, refused commands write nothing, undo/redo, replay, GM overrides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from estoc.errors import EstocError, InputError, RulesError, StoreError
from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker, fold_events
from estoc.systems.harp.fight import HarpFight


def new(store: EventStore, system: HarpPlay, setup: dict[str, Any]) -> Tracker:
    return Tracker.create(store, system, "test", setup)


def fight(tracker: Tracker) -> HarpFight:
    assert isinstance(tracker.fight, HarpFight)
    return tracker.fight


def test_begin_rolls_initiative_and_starts_a_turn(store: EventStore, system: HarpPlay,
                                                  sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    view = tracker.fight.view()
    assert view["round"] == 1 and view["current"] == view["order"][0]
    assert sorted(view["order"]) == sorted(r["id"] for r in view["combatants"])
    assert [e["type"] for e in store.events(tracker.fight_id)] == ["begin"]
    assert store.events(tracker.fight_id)[0]["dice"]["initiative"]


def test_typed_dice_are_used_and_stored(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    f = fight(tracker)
    actor = f.current()
    assert actor is not None
    foe = f.combatants[f.foes(actor)[0]].id
    records = tracker.command(f"attack {foe} roll 55 crit 40")
    attack = next(r for r in records if r["kind"] == "attack")
    assert attack["rolls"] == [55]
    stored = store.events(tracker.fight_id)[-1]
    assert stored["type"] == "attack" and stored["dice"]["attack"] == [55]
    # Every typed face was needed (a left-over face would have refused the command), and is kept as typed.
    assert stored["typed"] == {"attack": [55], "critical": [40]}
    assert attack["critical"] is not None and attack["critical"]["roll"] == 40


@pytest.mark.parametrize("line", ["attack nobody", "attaquer", "fly away", "hp orque-1 many", "charge orque-1 2",
                                  "condition orque-1 sleepy 2", "attack orque-1 roll 101"])
def test_refused_commands_write_nothing(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any],
                                        line: str) -> None:
    tracker = new(store, system, sample_setup)
    before = tracker.fight.view()
    count = len(store.events(tracker.fight_id))
    with pytest.raises(EstocError):
        tracker.command(line)
    assert len(store.events(tracker.fight_id)) == count
    assert tracker.fight.view() == before


def turn_of(tracker: Tracker, predicate: Any) -> int:
    """Play by the policy until the current combatant satisfies ``predicate``."""
    f = fight(tracker)
    for _ in range(200):
        current = f.current()
        if current is not None and predicate(f, current):
            return current
        tracker.auto()
        f = fight(tracker)
    raise AssertionError("no such turn")


def test_the_rules_forbid_and_say_so(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    beast = turn_of(tracker, lambda f, c: f.combatants[c].beast)
    f = fight(tracker)
    foe = f.combatants[f.foes(beast)[0]].id
    with pytest.raises(RulesError, match="beast"):
        tracker.command(f"attack {foe} parry 20")
    with pytest.raises(RulesError, match="3 m"):
        tracker.command(f"charge {foe} 2")
    # A stunned fighter cannot attack.
    tracker.command(f"condition {f.combatants[beast].id} stun 2")
    with pytest.raises(RulesError, match="stunned"):
        tracker.command(f"attack {foe}")
    set_language("fr")
    with pytest.raises(RulesError, match="étourdi"):
        tracker.command(f"attaquer {foe}")
    set_language("en")


def test_undo_redo_and_replay(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    start = tracker.fight.view()
    tracker.auto()
    after_one = tracker.fight.view()
    tracker.auto()
    assert tracker.undo()
    assert tracker.fight.view() == after_one
    assert tracker.undo()
    assert tracker.fight.view() == start
    assert not tracker.undo()  # the opening is never undone
    assert tracker.redo()
    assert tracker.fight.view() == after_one
    again = Tracker(store, tracker.fight_id, system)
    assert again.fight.view() == tracker.fight.view()
    # A new command forgets what was undone.
    tracker.auto()
    assert not tracker.redo()


def test_fold_of_events() -> None:
    events = [{"type": "begin"}, {"type": "a"}, {"type": "b"}, {"type": "undo"}, {"type": "undo"}, {"type": "undo"},
              {"type": "redo"}, {"type": "c"}, {"type": "redo"}]
    folded = fold_events(events)
    assert [e["type"] for e in folded.effective] == ["begin", "a", "c"]


def test_gm_overrides(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("hp orque-1 12")
    tracker.command("condition orque-1 bleed 3")
    tracker.command("etat orque-2 etourdi 2")
    tracker.command("mod orque-1 -15")
    tracker.command("modif-combat -10")
    tracker.command("add loup orques as loup-gris")
    tracker.command("out orque-3")
    rows = {r["id"]: r for r in tracker.fight.view()["combatants"]}
    assert rows["orque-1"]["hp"] == 12 and rows["orque-1"]["bleed"] == 3
    assert rows["orque-2"]["stunned"] == 2 and rows["orque-3"]["removed"]
    assert "loup-gris" in rows and tracker.fight.view()["fight_mod"] == -10
    replayed = Tracker(store, tracker.fight_id, system)
    assert replayed.fight.view() == tracker.fight.view()
    with pytest.raises(InputError):
        tracker.command("add loup nowhere")


def test_a_fight_plays_to_its_end_and_sums_up(store: EventStore, system: HarpPlay,
                                              sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("auto all")
    while not tracker.fight.is_over():
        tracker.auto()
    summary = tracker.fight.summary()
    assert summary["winner"] in ("compagnie", "orques")
    dealt = sum(r["hits_dealt"] for r in summary["combatants"])
    taken = sum(r["hits_taken"] for r in summary["combatants"])
    assert dealt == taken > 0
    with pytest.raises(RulesError):
        tracker.command("pass")


def test_a_corrupt_store_is_refused_and_left_intact(tmp_path: Path, system: HarpPlay,
                                                   sample_setup: dict[str, Any]) -> None:
    path = tmp_path / "broken.db"
    path.write_bytes(b"this is not a database" * 10)
    with pytest.raises(StoreError):
        EventStore(path)
    assert path.read_bytes() == b"this is not a database" * 10


def test_wait_and_interception(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    f = fight(tracker)
    first = f.current()
    assert first is not None
    later = f.order[-1]
    tracker.command(f"wait {f.combatants[later].id}")
    f = fight(tracker)
    assert f.order[-1] == first and f.order[-2] == later
    assert f.current() != first
    tracker2 = new(store, system, sample_setup)
    f = fight(tracker2)
    first = f.current()
    assert first is not None
    awaited = f.order[2]
    tracker2.command(f"intercept {f.combatants[awaited].id}")
    f = fight(tracker2)
    assert f.order.index(first) == f.order.index(awaited) - 1
    while fight(tracker2).current() != first:
        tracker2.auto()
    tracker2.command("pass")
    # It waited in vain: it has the initiative next round (automatic until that round's order is rolled).
    assert fight(tracker2).value("automatic", first) or fight(tracker2).order[0] == first
