"""A fight of the One Ring house rules through the tracker: volleys, stances and the rear, the engagement order,
the resolution order, yielding ground, a counter-attack answering a miss, tasks switched off, refused commands."""

from __future__ import annotations

from typing import Any

import pytest
from tests.play_helpers import tor_setup, typed

from estoc.content.registry import Content
from estoc.errors import EstocError, RulesError
from estoc.play.store import EventStore
from estoc.play.tor import TorPlay
from estoc.play.tracker import Tracker
from estoc.systems.tor.fight import TorFight


@pytest.fixture(scope="module")
def tor(content: Content) -> TorPlay:
    return TorPlay(content)


def setup(heroes: list[dict[str, Any]], adversaries: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return tor_setup(heroes, adversaries, 3, **extra)


play = typed


def fight(tracker: Tracker) -> TorFight:
    assert isinstance(tracker.fight, TorFight)
    return tracker.fight


def test_the_rear_is_refused_when_the_text_forbids_it(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "rearward"},
                                      {"hero": "grani-barbe-grise"}], [{"adversary": "orc-soldat"}]))
    with pytest.raises(RulesError, match="rear"):
        tracker.command("fight")  # one hero in close combat for one at the rear
    tracker.command("stance eirik-de-dale forward")
    tracker.command("fight")
    assert fight(tracker).phase == "resolution"


def test_heroes_choose_in_stance_order(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "grani-barbe-grise", "stance": "open"},
                                      {"hero": "eirik-de-dale", "stance": "forward"}],
                                     [{"adversary": "orc-soldat", "count": 2}]))
    with pytest.raises(RulesError, match="eirik-de-dale chooses before"):
        tracker.command("engage grani-barbe-grise orc-soldat-1")
    tracker.command("engage eirik-de-dale orc-soldat-1")
    with pytest.raises(RulesError, match="free adversary"):
        tracker.command("engage grani-barbe-grise orc-soldat-1")
    tracker.command("engage grani-barbe-grise orc-soldat-2")
    tracker.command("fight")
    assert tracker.fight.view()["order"] == ["eirik-de-dale", "grani-barbe-grise", "orc-soldat-1", "orc-soldat-2"]


def test_outnumbered_heroes_are_assigned_by_the_gm(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale"}], [{"adversary": "orc-soldat", "count": 4}]))
    with pytest.raises(RulesError, match="GM assigns"):
        tracker.command("engage eirik-de-dale orc-soldat-1")
    with pytest.raises(RulesError, match="1 to 3"):
        tracker.command("assign eirik-de-dale orc-soldat-1 orc-soldat-2 orc-soldat-3 orc-soldat-4")
    tracker.command("assign eirik-de-dale orc-soldat-1 orc-soldat-2")
    tracker.command("fight")
    row = tracker.fight.view()["combatants"][0]
    assert row["opponents"][:2] == ["orc-soldat-1", "orc-soldat-2"]


def test_yield_ground_halves_rounding_up_then_regain(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale"}], [{"adversary": "chef-orque"}]),
                   "fight", "pass")  # Eirik waits; the chieftain hits him
    tracker.command("attack eirik-de-dale feat 10 dice 6 6 6 prot 12")
    hit = next(r for r in reversed(tracker.records) if r.get("kind") == "attack")
    lost = hit["endurance"]
    before = tracker.fight.view()["combatants"][0]["endurance"]
    tracker.command("yield eirik-de-dale")
    after = tracker.fight.view()["combatants"][0]["endurance"]
    assert after - before == lost - (lost + 1) // 2  # the loss halved, rounded up
    with pytest.raises(RulesError, match="already yielded"):
        tracker.command("yield eirik-de-dale")
    tracker.command("fight")
    with pytest.raises(RulesError, match="regain"):
        tracker.command("attack chef-orque")
    assert tracker.fight.auto_event() == {"type": "regain"}
    tracker.command("regain")


def test_a_counter_attack_answers_a_miss(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "grani-barbe-grise", "stance": "defensive"}],
                                     [{"adversary": "orc-soldat"}]), "fight")
    tracker.command("task contre-attaque skill 12 skilldice 5")  # the rune: a success without tengwar, one answer
    orc = tracker.fight.view()["combatants"][1]["endurance"]
    tracker.command("attack grani-barbe-grise feat 1 dice 1")  # the orc misses
    answered = next(r for r in reversed(tracker.records) if r.get("kind") == "attack")
    damage = fight(tracker).combatants[0].weapons[0].damage
    assert answered["counter"] == {"endurance": damage}
    assert tracker.fight.view()["combatants"][1]["endurance"] == orc - damage


def test_a_task_switched_off(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "grani-barbe-grise", "stance": "defensive"}],
                                     [{"adversary": "orc-soldat"}], settings={"tasks": {"contre-attaque": False}}),
                   "fight")
    with pytest.raises(RulesError, match="switched off"):
        tracker.command("task contre-attaque")
    assert tracker.fight.auto_event().get("task") != "contre-attaque"  # the policy no longer counter-attacks


def test_the_policy_plays_to_the_end_and_undo_replays(store: EventStore, tor: TorPlay) -> None:
    data = setup([{"hero": "eirik-de-dale", "stance": "forward"}, {"hero": "faelwen-de-lindon"}],
                 [{"adversary": "orc-soldat", "count": 2}])
    data["encounter"]["volleys"] = True
    tracker = play(store, tor, data)
    tracker.auto_to_end()
    assert fight(tracker).is_over()
    again = Tracker(store, tracker.fight_id, tor)
    assert again.fight.view() == tracker.fight.view()


@pytest.mark.parametrize(("line", "error"), [
    ("attack eirik-de-dale", "no standing foe"),
    ("task voler", "unknown combat task"),
    ("task intimider", "forward"),
    ("stance eirik-de-dale devant", "stance"),
    ("shoot faelwen-de-lindon orc-soldat", "opening volleys"),
])
def test_refused_commands_write_nothing(store: EventStore, tor: TorPlay, line: str, error: str) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "open"}, {"hero": "faelwen-de-lindon"}],
                                     [{"adversary": "orc-soldat"}]), "fight")
    before = (len(store.events(tracker.fight_id)), tracker.fight.view())
    with pytest.raises(EstocError, match=error):
        tracker.command(line)
    assert (len(store.events(tracker.fight_id)), tracker.fight.view()) == before


def test_the_gm_keeps_a_free_adversary_at_the_rear(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale", "stance": "forward"},
                                      {"hero": "grani-barbe-grise", "stance": "forward"},
                                      {"hero": "faelwen-de-lindon", "stance": "rearward"}],
                                     [{"adversary": "orc-soldat", "count": 2}, {"adversary": "orc-archer"}]),
                   "engage eirik-de-dale orc-soldat-1", "engage grani-barbe-grise orc-soldat-2")
    tracker.command("rear orc-archer")
    tracker.command("fight")
    view = tracker.fight.view()
    archer = next(r for r in view["combatants"] if r["id"] == "orc-archer")
    assert archer["opponents"] == [] and view["order"][-1] == "orc-archer"  # at the rear, it acts last
    with pytest.raises(RulesError):
        tracker.command("rear orc-soldat-1")


def test_a_knocked_down_hero_may_yield_before_the_fight_ends(content: Content) -> None:
    """The last hero standing is knocked down: the fight waits for its answer. Yielding keeps it up (the loss halved,
    rounded up) and the fight goes on; continuing without ends it."""
    from dataclasses import replace

    from estoc.dice import ScriptedDice
    from estoc.systems.tor.exchange import Combatant

    orc = Combatant.from_content(content, "orc-soldat")
    damage = orc.weapons[0].damage
    for answer, over in (("yield", False), ("continue", True)):
        eirik = replace(Combatant.from_content(content, "eirik-de-dale"), endurance=damage)
        f = TorFight.start([(eirik, "open", True)], [orc], tasks={}, volleys=False,
                           plans={"eirik-de-dale": ("ceder-terrain",)})
        f.apply({"type": "begin"}, ScriptedDice([]))
        f.apply({"type": "fight"}, ScriptedDice([]))
        f.apply({"type": "pass"}, ScriptedDice([]))  # Eirik waits; the orc's sword hits him
        records = f.apply({"type": "attack", "target": "eirik-de-dale", "weapon": 1},
                          ScriptedDice({"attack": [9], "attack-success": [5, 5]}))
        assert f.endurance[0] == 0 and records[-1] == {"kind": "may-yield", "actor": "eirik-de-dale"}
        assert not f.is_over() and f.current() is None
        assert f.auto_event() == {"type": "yield", "target": "eirik-de-dale"}
        records = f.apply({"type": answer, **({"target": "eirik-de-dale"} if answer == "yield" else {})},
                          ScriptedDice([]))
        assert f.is_over() == over
        if answer == "yield":
            assert f.endurance[0] == damage - (damage + 1) // 2 and f.standing(0) and f.round == 2 and 0 in f.regain
        else:
            assert records[0] == {"kind": "no-yield"} and f.winner() == "adversaries"


def test_continue_needs_a_knocked_down_hero(store: EventStore, tor: TorPlay) -> None:
    tracker = play(store, tor, setup([{"hero": "eirik-de-dale"}], [{"adversary": "orc-soldat"}]), "fight")
    with pytest.raises(RulesError, match="nothing to go on from"):
        tracker.command("continue")
