"""A d100 fight at the table through the tracker: the round's phases, crossbows, first aid before the round ends,
simultaneous ranks, movement, undo, the default policy to the end, and refused commands that write nothing."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.errors import EstocError, RulesError
from estoc.play.d100 import D100Play
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.d100.fight import D100Fight


@pytest.fixture(scope="module")
def d100(content: Content) -> D100Play:
    return D100Play(content)


def setup(*sides: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"encounter": {"schema_version": 1, "system": "d100", "kind": "encounter",
                          "name": {"fr": "Essai", "en": "Trial"},
                          "sides": [{"id": f"camp-{i}", "members": members} for i, members in enumerate(sides)],
                          **extra}, "seed": 5}


def play(store: EventStore, system: D100Play, data: dict[str, Any], *lines: str) -> Tracker:
    tracker = Tracker.create(store, system, "essai", data)
    for line in lines:
        tracker.command(line)
    return tracker


def fight(tracker: Tracker) -> D100Fight:
    assert isinstance(tracker.fight, D100Fight)
    return tracker.fight


def test_a_crossbow_shoots_every_other_round(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "mathis"}], [{"character": "bertrand"}]),
                   "actions", "attack bertrand roll 99", "pass")
    assert fight(tracker).round == 2 and fight(tracker).phase == "movement"
    tracker.command("actions")
    assert tracker.fight.view()["current"] == "mathis"
    assert tracker.fight.auto_event() == {"type": "reload", "weapon": 1}
    with pytest.raises(RulesError, match="not loaded"):
        tracker.command("attack bertrand roll 99")
    tracker.command("reload")
    tracker.command("pass")
    tracker.command("actions")
    tracker.command("attack bertrand roll 99")
    assert [e["type"] for e in tracker.events if e["type"] in ("attack", "reload")] == ["attack", "reload", "attack"]


def test_first_aid_before_the_round_ends_saves_a_life(store: EventStore, d100: D100Play) -> None:
    sides = ([{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}])
    saved = play(store, d100, setup(*sides), "damage ysolde 13", "actions", "first-aid ysolde aid 10 heal 2",
                 "pass")
    view = {row["id"]: row for row in saved.fight.view()["combatants"]}
    assert view["ysolde"]["hp"] == 2 and view["ysolde"]["state"] == "unconscious"
    lost = play(store, d100, setup(*sides), "damage ysolde 13", "actions", "first-aid ysolde aid 90", "pass")
    view = {row["id"]: row for row in lost.fight.view()["combatants"]}
    assert view["ysolde"]["hp"] == 0 and view["ysolde"]["state"] == "dead"
    assert any("dies" in line or "meurt" in line for line in lost.system.narrate(lost.records[-2], lost.fight))


def test_first_aid_is_once_per_wound(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}]),
                   "damage ysolde 2", "actions", "pass", "first-aid ysolde aid 10 heal 3")
    assert {row["id"]: row for row in tracker.fight.view()["combatants"]}["ysolde"]["hp"] == 13
    tracker.command("pass")  # gorm
    tracker.command("actions")
    before = len(store.events(tracker.fight_id))
    with pytest.raises(RulesError, match="once"):
        tracker.command("first-aid ysolde wound 1")
    assert len(store.events(tracker.fight_id)) == before  # the refused command wrote nothing


def test_a_combatant_felled_in_its_own_rank_still_acts(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "jacquot", "id": "un"}], [{"character": "jacquot",
                                                                               "id": "deux"}]),
                   "hp deux 1", "actions")
    assert fight(tracker).groups == [0, 0]  # same DEX, same weapon, same skill: simultaneous
    tracker.command("attack deux roll 1 def 99 dmg 4 bonus 4")
    view = tracker.fight.view()
    assert view["combatants"][1]["state"] == "dying" and view["current"] == "deux"  # still acts, in its group
    tracker.command("attack un roll 99")
    assert fight(tracker).phase == "over"  # the round ended: Deux died at its end
    assert tracker.fight.view()["combatants"][1]["state"] == "dead"


def test_movement_sets_the_ranks(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}]),
                   "move ysolde 10", "move odon 30", "actions")
    f = fight(tracker)
    # Ysolde's 15 halves to 8 (rounded up), behind Gorm's 9; Odon moved 30 m: he only defends.
    assert [f.combatants[c].id for c in f.order] == ["gorm", "ysolde"]
    assert tracker.records[-1]["kind"] == "order" and tracker.records[-1]["defending_only"] == ["odon"]


def test_undo_replays_to_the_same_state(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}], [{"character": "gorm"}]), "actions",
                   "attack gorm roll 20 def 99 dmg 5 bonus 3")
    hp = tracker.fight.view()["combatants"][1]["hp"]
    assert hp < 19
    tracker.command("undo")
    assert tracker.fight.view()["combatants"][1]["hp"] == 19
    tracker.command("redo")
    assert tracker.fight.view()["combatants"][1]["hp"] == hp
    again = Tracker(store, tracker.fight_id, d100)
    assert again.fight.view() == tracker.fight.view()


def test_the_policy_plays_to_the_end(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}, {"character": "maelle"}],
                                      [{"character": "jacquot", "count": 2}, {"character": "gorm"}], distance=15))
    tracker.auto_to_end()
    f = fight(tracker)
    assert f.is_over() and f.phase == "over"
    assert sum(row["damage_taken"] for row in f.summary()["combatants"]) > 0


@pytest.mark.parametrize(("line", "error"), [
    ("attack ysolde", "same side"),
    ("move odon 5", "movement"),
    ("voler gorm", "unknown command"),
    ("attack gorm weapon 7", "weapon"),
    ("attack gorm dodge parry", "one defence"),
    ("reload", "needs no reloading"),
])
def test_refused_commands_write_nothing(store: EventStore, d100: D100Play, line: str, error: str) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}, {"character": "odon"}], [{"character": "gorm"}]),
                   "actions")
    before = (len(store.events(tracker.fight_id)), tracker.fight.view())
    with pytest.raises(EstocError, match=error):
        tracker.command(line)
    assert (len(store.events(tracker.fight_id)), tracker.fight.view()) == before


def test_statements_of_intent_and_a_picked_reach(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "odon"}], [{"character": "rodrigue"}]))
    assert tracker.records[0]["intent_order"] == ["rodrigue", "odon"]  # DEX 13 before 11
    tracker.command("intent odon tenir le pont avec sa lance")
    assert tracker.records[-1] == {"kind": "intent", "actor": "odon", "text": "tenir le pont avec sa lance"}
    with pytest.raises(RulesError, match=r"rodrigue has no whole weapon to act at that reach \(short\)"):
        tracker.command("reach rodrigue short")  # a bastard sword and a flail: medium weapons only
    tracker.command("reach odon medium")
    tracker.command("actions")
    assert fight(tracker).value("reach_pick", 0) == 2  # medium
    with pytest.raises(RulesError, match="before the actions"):
        tracker.command("intent rodrigue fuir")


def test_an_unseen_attack_gets_no_defence(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}], [{"character": "gorm"}]), "actions")
    tracker.command("attack gorm unseen roll 20 dmg 3 bonus 2")
    record = tracker.records[-1] if tracker.records[-1]["kind"] == "attack" else tracker.records[-2]
    assert record["defence"] == "none" and record["defence_roll"] == 0 and record["result"] == "hit"
    with pytest.raises(RulesError, match="unseen"):
        tracker.command("attack ysolde unseen parry")


def test_rest_heals_a_week_at_a_time(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}], [{"character": "gorm"}]), "damage ysolde 8")
    tracker.command("rest ysolde weeks 2 week 2 3")  # 1D3 a week: 2, then 3
    row = tracker.fight.view()["combatants"][0]
    assert row["hp"] == 13 - 8 + 5
    tracker.command("rest ysolde weeks 3 ideal")  # 3 a week in ideal care, never above the maximum
    assert tracker.fight.view()["combatants"][0]["hp"] == 13


def test_the_gm_ends_a_round_early(store: EventStore, d100: D100Play) -> None:
    tracker = play(store, d100, setup([{"character": "ysolde"}], [{"character": "gorm"}]), "damage gorm 19")
    assert tracker.fight.view()["combatants"][1]["state"] == "dying"
    tracker.command("end-round")  # nobody acts: the round's end comes, and the dying die
    view = tracker.fight.view()
    assert view["combatants"][1]["state"] == "dead" and view["over"] and view["winner"] == "camp-0"
    with pytest.raises(RulesError, match="over"):
        tracker.command("end-round")
