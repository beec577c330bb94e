"""HARP at the table (issue 16): the players' initiative in one command, typed and rolled dice told apart, the
narration's hit points tracked through a command."""

from __future__ import annotations

from typing import Any

import pytest

from estoc.errors import EstocError, InputError
from estoc.i18n import set_language
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.told import Teller


def new(store: EventStore, system: HarpPlay, setup: dict[str, Any]) -> Tracker:
    return Tracker.create(store, system, "t", setup)


def fight_of(tracker: Tracker) -> HarpFight:
    assert isinstance(tracker.fight, HarpFight)
    return tracker.fight


def players_to_roll(tracker: Tracker) -> list[str]:
    fight = fight_of(tracker)
    return [fight.combatants[c].id for c in fight.players_to_roll()]


def initiative(tracker: Tracker) -> dict[str, int]:
    return {row["id"]: row["initiative"] for row in tracker.fight.view()["combatants"]}


def still_to_act(tracker: Tracker) -> list[str]:
    """The ids from the current turn on, in the round's order."""
    view = tracker.fight.view()
    order = view["order"]
    return order[order.index(view["current"]):]


def test_the_round_tells_whom_to_type_and_init_fills_them_in_order(store: EventStore, system: HarpPlay,
                                                                   sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    expected = players_to_roll(tracker)
    assert len(expected) >= 2
    fight = fight_of(tracker)
    hint = tracker.records[0]["to_roll"]
    assert [who for who, _bonus in hint] == expected
    assert [bonus for _who, bonus in hint] == [fight.initiative_bonus(fight.index(who)) for who in expected]
    set_language("en")
    lines = system.narrate(tracker.records[0], fight)
    assert "init" in lines[-1] and lines[-1].index(expected[0]) < lines[-1].index(expected[1])

    totals = [40 + k for k in range(len(expected))]
    version = tracker.version
    tracker.command("init " + " ".join(map(str, totals)))
    assert tracker.version == version + 1
    stored = tracker.events[-1]
    assert stored["values"] == [[who, total] for who, total in zip(expected, totals, strict=True)]
    told = initiative(tracker)
    assert [told[who] for who in expected] == totals
    assert players_to_roll(tracker) == []
    # those still to act are in the order of their totals now, the last player typed (the highest) first
    rest = still_to_act(tracker)
    assert [told[i] for i in rest] == sorted((told[i] for i in rest), reverse=True)
    assert rest[0] == expected[-1]
    # the stored command replays to the same fight
    again = Tracker(store, tracker.fight_id, system)
    assert again.fight.view() == tracker.fight.view()
    assert again.records == tracker.records


def test_named_and_bare_totals_mix(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    expected = players_to_roll(tracker)
    named, others = expected[-1], expected[:-1]
    tracker.command(f"init {named} 7 " + " ".join(str(30 + k) for k in range(len(others))))
    told = initiative(tracker)
    assert told[named] == 7
    assert [told[who] for who in others] == [30 + k for k in range(len(others))]


def test_one_named_total_is_the_old_override(store: EventStore, system: HarpPlay,
                                             sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    who = players_to_roll(tracker)[-1]
    tracker.command(f"init {who} 12")
    assert {k: tracker.events[-1][k] for k in ("op", "target", "value")} == {"op": "init", "target": who,
                                                                              "value": 12}
    assert initiative(tracker)[who] == 12
    assert who not in players_to_roll(tracker)


@pytest.mark.parametrize(("line", "english", "french"), [
    ("init 1", "init expects the totals of", "init attend les totaux de"),
    ("init personne 12 13", "no combatant personne", "aucun combattant personne"),
    ("init faralinde 9999", "9999", "9999"),
    ("init faralinde", "a total is needed after faralinde", "il faut un total après faralinde"),
    ("init faralinde 3 faralinde 4", "faralinde given twice", "en double : faralinde"),
])
def test_bad_initiatives_store_nothing_and_say_why(store: EventStore, system: HarpPlay,
                                                    sample_setup: dict[str, Any], line: str, english: str,
                                                    french: str) -> None:
    tracker = new(store, system, sample_setup)
    before = (tracker.version, tracker.fight.view())
    for lang, text in (("en", english), ("fr", french)):
        set_language(lang)
        try:
            with pytest.raises(EstocError) as caught:
                tracker.command(line)
        finally:
            set_language("en")
        assert text in caught.value.message
        assert (tracker.version, tracker.fight.view()) == before


def test_wrong_count_names_whom_in_order(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    expected = players_to_roll(tracker)
    set_language("en")
    with pytest.raises(InputError) as caught:
        tracker.command("init " + " ".join(["12"] * (len(expected) + 1)))
    assert ", ".join(expected) in caught.value.message
    assert f"{len(expected) + 1} totals given" in caught.value.message


def test_no_player_left_to_roll(store: EventStore, system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    tracker.command("init " + " ".join(["20"] * len(players_to_roll(tracker))))
    set_language("en")
    with pytest.raises(InputError, match="no player is left"):
        tracker.command("init 12")


def test_the_current_player_moved_later_gives_the_turn_to_the_new_first(store: EventStore, system: HarpPlay,
                                                                        sample_setup: dict[str, Any]) -> None:
    tracker = new(store, system, sample_setup)
    current = tracker.fight.view()["current"]
    rows = {row["id"]: row for row in tracker.fight.view()["combatants"]}
    assert rows[current]["player"], "the sample's first turn is a hero's"
    tracker.command(f"init {current} -50")
    view = tracker.fight.view()
    assert view["current"] != current
    assert still_to_act(tracker)[-1] == current
    records = tracker.records[-2:]
    assert records[-1]["kind"] == "turn" and records[-1]["actor"] == view["current"]


def begun_with(store: EventStore, system: HarpPlay, setup: dict[str, Any], typed: dict[str, list[int]]) -> Tracker:
    fight_id = store.create_fight("t", system.id, dict(setup))
    tracker = Tracker(store, fight_id, system)
    tracker.submit({"type": "begin", **({"typed": typed} if typed else {})})
    return tracker


def test_faces_estoc_rolled_beside_typed_ones_are_told(store: EventStore, system: HarpPlay,
                                                       sample_setup: dict[str, Any]) -> None:
    tracker = begun_with(store, system, sample_setup, {"initiative": [5, 5]})
    drawn = tracker.events[-1]["dice"]["initiative"]
    first = tracker.records[0]
    assert first["kind"] == "round"
    assert first["rolled"] == {"initiative": drawn[2:]}
    set_language("en")
    lines = system.narrate(first, tracker.fight)
    assert lines[-1] == "  Rolled by estoc (not typed): initiative " + ", ".join(map(str, drawn[2:])) + "."
    set_language("fr")
    try:
        assert system.narrate(first, tracker.fight)[-1].startswith("  Lancés par estoc (non saisis) : initiative ")
    finally:
        set_language("en")
    # told the same when the fight is read back from the store (the stored typed faces against those drawn)
    assert Tracker(store, tracker.fight_id, system).records[0]["rolled"] == first["rolled"]


def test_nothing_is_said_when_estoc_rolled_everything_or_nothing(store: EventStore, system: HarpPlay,
                                                                 sample_setup: dict[str, Any]) -> None:
    rolled_all = begun_with(store, system, sample_setup, {})
    assert all("rolled" not in record for record in rolled_all.records)
    count = len(rolled_all.events[-1]["dice"]["initiative"])
    typed_all = begun_with(store, system, sample_setup, {"initiative": [3] * count})
    assert all("rolled" not in record for record in typed_all.records)


def test_the_teller_follows_hit_points_through_every_command(store: EventStore, system: HarpPlay,
                                                             sample_setup: dict[str, Any],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """What the narration says of a combatant's hit points (after bleeding, after a blow) is the kernel's: after
    every command, the teller's count of everyone's hit points and of who is out equals the fight's."""
    tellers: list[Teller] = []
    checked: list[int] = []
    made, applied = HarpFight.teller, HarpFight.apply

    def keep(fight: HarpFight) -> Teller:
        tellers.append(made(fight))
        return tellers[-1]

    def apply(fight: HarpFight, event: Any, dice: Any) -> list[dict[str, Any]]:
        tellers.clear()
        records = applied(fight, event, dice)
        for teller in tellers:
            assert teller.hp == [fight.value("hp", c) for c in range(len(fight.combatants))]
            assert teller.out == {c.id for i, c in enumerate(fight.combatants)
                                  if fight.value("down", i) or fight.value("dead", i)}
            checked.append(1)
        return records

    monkeypatch.setattr(HarpFight, "teller", keep)
    monkeypatch.setattr(HarpFight, "apply", apply)
    tracker = new(store, system, sample_setup)
    tracker.auto_to_end()
    assert tracker.fight.is_over() and len(checked) > 30
