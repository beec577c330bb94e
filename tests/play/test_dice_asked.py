"""The players' dice asked when the rules need them (issue 27): who is asked, what for, the answers (a face,
several, estoc rolls, cancel), bad answers, who rolls what (the encounter's block, the ``des`` command), and the
stored fight replaying to the same state after questions were answered, undone and redone."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.play.store import EventStore
from estoc.play.systems import fight_system
from estoc.play.tracker import Tracker
from estoc.systems.encounters import read_encounter

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))


def table(content: Content, store: EventStore, name: str, seed: int = 3,
          dice: dict[str, str] | None = None) -> Tracker:
    loaded = read_encounter(SAMPLES / f"{name}.yaml", content)
    setup: dict[str, Any] = {"encounter": loaded.setup, "seed": seed}
    if dice:
        setup["dice"] = dice
    return Tracker.create(store, fight_system(loaded.system, content), loaded.name, setup, asking=True)


def answered(tracker: Tracker, records: list[dict[str, Any]],
             face: Callable[[dict[str, Any]], str] = lambda q: "") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Answer every question the command asks (``face`` gives the answer); the questions, and the records told."""
    questions = []
    while records and records[-1].get("kind") == "question":
        question = records[-1]
        questions.append(question)
        assert tracker.pending is not None and tracker.pending.number == question["number"]
        records = tracker.answer(face(question), question["number"])
    assert tracker.pending is None
    return questions, records


def players(tracker: Tracker) -> set[str]:
    return {str(r["id"]) for r in tracker.fight.view()["combatants"] if r.get("player")}


def replayed(store: EventStore, tracker: Tracker) -> dict[str, Any]:
    again = Tracker(store, tracker.fight_id, tracker.system)
    return dict(again.fight.view())


def test_harp_a_round_with_every_player_s_die_asked(content: Content, store: EventStore) -> None:
    tracker = table(content, store, "embuscade")
    assert tracker.pending is not None and tracker.version == 0  # the first round waits on the heroes' initiative
    first = tracker.pending.record()
    questions, _told = answered(tracker, [first], lambda q: "7")
    assert {q["who"] for q in questions} == players(tracker) and {q["purpose"] for q in questions} == {"initiative"}
    assert tracker.version == 1
    begin = tracker.events[0]
    assert begin["dice"]["initiative"].count(7) == len(questions)  # the players' faces, beside the creatures' rolled
    assert {a[0] for a in begin["answers"]} == players(tracker)
    # No "type init for the players" hint: their dice were given.
    assert not any(r.get("to_roll") for r in tracker.records)
    hero = tracker.fight.view()["current"]
    asked, told = answered(tracker, tracker.command("attaquer orque-1"), lambda q: {"attack": "90"}.get(
        q["purpose"], "50"))
    assert asked[0]["who"] == hero and asked[0]["purpose"] == "attack" and asked[0]["sides"] == 100
    assert all(q["who"] == hero for q in asked)  # its critical too (the attacker rolls it); the orc's RR is estoc's
    stored = tracker.events[-1]
    assert stored["dice"]["attack"][0] == 90 and told
    if any(q["purpose"] == "critical" for q in asked):
        assert stored["dice"]["critical"][0] == 50
    view = tracker.fight.view()
    assert replayed(store, tracker) == view
    assert tracker.undo() and tracker.redo() and tracker.fight.view() == view


def test_d100_the_defender_s_parry_or_dodge_is_asked_of_its_player(content: Content, store: EventStore) -> None:
    tracker = table(content, store, "pont")
    assert tracker.pending is None  # no die at the start of a d100 fight
    tracker.command("actions")
    asked: list[dict[str, Any]] = []
    for _turn in range(8):
        if tracker.fight.is_over():
            break
        view = tracker.fight.view()
        current = view.get("current")
        line = "auto" if current and current not in players(tracker) else "passer" if current else "actions"
        questions, _told = answered(tracker, tracker.command(line), lambda q: "10")
        asked += questions
    defences = [q for q in asked if q["purpose"] == "defence"]
    assert defences and all(q["who"] in players(tracker) for q in defences)
    assert all(q["who"] in players(tracker) for q in asked)  # the brigands' dice are estoc's
    assert replayed(store, tracker) == tracker.fight.view()


def test_tor_a_hero_s_attack_asks_the_feat_die_then_its_success_dice(content: Content, store: EventStore) -> None:
    tracker = table(content, store, "gue")
    first = tracker.command("auto")  # the opening volleys: the first archer hero shoots
    hero = first[-1]["who"]
    assert hero in players(tracker)
    assert first[-1]["kind"] == "question" and first[-1]["purpose"] == "attack" and first[-1]["sides"] == 12
    after = tracker.answer("10")
    assert after[-1]["purpose"] == "attack-success" and after[-1]["sides"] == 6
    told = tracker.answer("6 6 6 6 6 6 6 6")  # several at once: those the roll did not need are dropped
    if told and told[-1].get("kind") == "question":
        _more, told = answered(tracker, told)
    stored = tracker.events[-1]
    assert stored["dice"]["attack"][0] == 10 and set(stored["dice"]["attack-success"]) == {6}
    assert any(r.get("verb") == "unused" for r in told)
    assert stored["answers"][0] == [hero, "attack", 10]
    assert replayed(store, tracker) == tracker.fight.view()


def test_bad_answers_leave_the_question_open_and_nothing_stored(content: Content, store: EventStore) -> None:
    tracker = table(content, store, "embuscade")
    question = tracker.pending
    assert question is not None
    for bad in ("0", "11", "sept", "5 99", "-3"):
        with pytest.raises(InputError):
            tracker.answer(bad)
        assert tracker.pending == question and tracker.version == 0
    with pytest.raises(InputError, match="already given"):
        tracker.answer("5", question.number + 1)
    with pytest.raises(InputError):  # the fight's first die cannot be dropped: it begins with it
        tracker.answer("annuler")
    _asked, _told = answered(tracker, [question.record()])
    version = tracker.version
    asked = tracker.command("attaquer orque-1")
    assert asked[-1]["kind"] == "question"
    told = tracker.command("annuler")  # while a die is awaited, a line is its answer: cancel drops the command
    assert told == [{"kind": "tracker", "verb": "cancelled", "line": "attaquer orque-1"}]
    assert tracker.pending is None and tracker.version == version
    with pytest.raises(InputError, match="no die"):
        tracker.answer("5")


def test_who_rolls_what_is_the_gm_s_choice(content: Content, store: EventStore) -> None:
    # The encounter's block: estoc rolls the players' dice too.
    tracker = table(content, store, "embuscade", dice={"players": "roll"})
    assert tracker.pending is None and tracker.version == 1
    # The command: one hero's attack rolls only; then the whole table asked again.
    hero = tracker.fight.view()["current"]
    tracker.command(f"des {hero} attaque")
    asked, _told = answered(tracker, tracker.command("attaquer orque-1"), lambda q: "90")
    assert [q["purpose"] for q in asked] == ["attack"]
    assert tracker.undo()  # the attack
    tracker.command("des tous estoc")
    assert tracker.command("attaquer orque-1")[-1].get("kind") != "question"
    assert tracker.undo() and tracker.undo()  # the attack, then « des tous estoc »: the hero's choice again
    assert tracker.command("attaquer orque-1")[-1].get("kind") == "question"
    tracker.drop_question()
    with pytest.raises(InputError):
        tracker.command("des personne demander")
    with pytest.raises(InputError):
        tracker.command(f"des {hero} parfois")


def test_a_face_typed_ahead_is_used_first_and_then_the_next_die_asked(content: Content, store: EventStore) -> None:
    tracker = table(content, store, "embuscade", dice={"players": "roll"})
    hero = tracker.fight.view()["current"]
    tracker.command(f"des {hero} demander")
    asked = tracker.command("attaquer orque-1 jet 97")  # an open-ended 97: its reroll is asked, not rolled
    assert asked[-1]["kind"] == "question" and asked[-1]["purpose"] == "attack" and asked[-1]["given"] == 1
    tracker.drop_question()


def test_an_encounter_s_dice_block_is_checked(content: Content, tmp_path: Path) -> None:
    from estoc.errors import ContentError

    text = (SAMPLES / "pont.yaml").read_text(encoding="utf-8")
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(text + "dice: {joueurs: attaque, gorm: demander}\n", encoding="utf-8")
    bad.write_text(text + "dice: {players: sometimes}\n", encoding="utf-8")
    assert read_encounter(good, content).dice == {"players": "attack", "gorm": "ask"}
    with pytest.raises(ContentError, match="sometimes"):
        read_encounter(bad, content)


def test_one_player_field_in_every_system(content: Content, store: EventStore, tmp_path: Path) -> None:
    """HARP and the One Ring take ``player`` as d100 does: a hero the GM lets estoc play is asked nothing, a creature
    played at the table is asked its dice."""
    harp = (SAMPLES / "embuscade.yaml").read_text(encoding="utf-8")
    harp = harp.replace("- hero: brundar", "- hero: brundar\n        player: false", 1)
    harp = harp.replace("- creature: warg", "- creature: warg\n        player: true", 1)
    assert "player: false" in harp and "player: true" in harp
    path = tmp_path / "embuscade.yaml"
    path.write_text(harp, encoding="utf-8")
    for extra in ("heroes-extra.yaml",):
        (tmp_path / extra).write_text((SAMPLES / extra).read_text(encoding="utf-8"), encoding="utf-8")
    loaded = read_encounter(path, content)
    tracker = Tracker.create(store, fight_system("harp", content), loaded.name,
                             {"encounter": loaded.setup, "seed": 3}, asking=True)
    questions, _told = answered(tracker, [tracker.pending.record()] if tracker.pending else [])
    asked = {q["who"] for q in questions}
    assert "warg" in asked and "brundar" not in asked and "halvard" in asked
    tor = (SAMPLES / "gue.yaml").read_text(encoding="utf-8").replace(
        "{hero: faelwen-de-lindon, stance: rearward}", "{hero: faelwen-de-lindon, stance: rearward, player: false}")
    path = tmp_path / "gue.yaml"
    path.write_text(tor, encoding="utf-8")
    loaded = read_encounter(path, content)
    rows = {r["id"]: r for r in fight_system("tor", content).new_fight({"encounter": loaded.setup})
            .view()["combatants"]}
    assert not rows["faelwen-de-lindon"]["player"] and rows["eirik-de-dale"]["player"]
