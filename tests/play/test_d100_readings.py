"""The d100 readings the text leaves open, each an encounter setting with the text's default (issue 26): a special
success at a fifth rounded to the nearest, helmet points, what gets past a parry meeting the armour, hit points as
the mean of CON and SIZ rounded up, readying a weapon free. Each is played at the table (French commands) and, where
the policy meets it, in simulation."""

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
from estoc.odds.d100 import exchange_odds
from estoc.play.d100 import D100Play
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.d100.encounter import SETUP_PATH, LoadedD100Encounter, load_d100_encounter
from estoc.systems.d100.exchange import Combatant, Settings, prepare, shipped_outcomes
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


def session(store: EventStore, d100: D100Play, settings: dict[str, Any], sides: tuple[list[dict[str, Any]], ...],
            *lines: str, **extra: Any) -> Tracker:
    tracker, _out = played(store, d100, {"encounter": encounter(*sides, settings=settings, **extra), "seed": 5},
                           *lines)
    return tracker


def loaded(content: Content, settings: dict[str, Any], *sides: list[dict[str, Any]], **extra: Any
           ) -> LoadedD100Encounter:
    return load_d100_encounter(encounter(*sides, settings=settings, **extra), SETUP_PATH, content)


def last_attack(tracker: Tracker) -> dict[str, Any]:
    return next(r for r in reversed(tracker.records) if r["kind"] == "attack")


DUEL = ([{"character": "ysolde"}], [{"character": "gorm"}])


@pytest.mark.parametrize(("rounding", "quality"), [("nearest", "special"), ("down", "success"), ("up", "special")])
def test_a_special_success_at_a_fifth_rounded_as_set(store: EventStore, d100: D100Play, rounding: str,
                                                     quality: str) -> None:
    # Ysolde's broadsword at 70 − 17 = 53 %: a fifth is 10.6, rounded to 11 (nearest, up) or 10 (down)
    tracker = session(store, d100, {"special_rounding": rounding}, DUEL, "actions",
                      "attaquer gorm modif -17 jet 11 def 99 dmg 1 bonus 1")
    record = last_attack(tracker)
    assert (record["skill"], record["attack_quality"]) == (53, quality)


def test_the_special_rounding_reaches_the_simulation_and_the_odds(content: Content) -> None:
    for rounding, fifth in (("nearest", 11), ("down", 10), ("up", 11)):
        F = worlds_of(loaded(content, {"special_rounding": rounding}, *DUEL), 1, np.random.SeedSequence(1))
        K = kernel_of(F)
        assert [int(K.py_quality(F, roll, 53)) for roll in (fifth, fifth + 1)] == [0, 1], rounding
    ysolde, gorm = Combatant.from_content(content, "ysolde"), Combatant.from_content(content, "gorm")
    odds = {r: exchange_odds(prepare(shipped_outcomes(content), ysolde, 1, gorm, "none",
                                     Settings(special_rounding=r), chance=53)) for r in ("nearest", "down")}  # type: ignore[arg-type]
    assert odds["nearest"].attack["special"] - odds["down"].attack["special"] == pytest.approx(0.01)


@pytest.mark.parametrize("helmet", ["add", "ignore"])
def test_helmet_points_added_or_left_out(store: EventStore, d100: D100Play, helmet: str) -> None:
    tracker = session(store, d100, {"helmet_points": helmet}, DUEL, "actions", "passer",
                      "attaquer ysolde aucune jet 30 dmg 8 bonus 6")
    record = last_attack(tracker)  # chain mail 6, an open helmet 3
    assert record["stopped_by_armour"] == (9 if helmet == "add" else 6)


@pytest.mark.parametrize("excess", ["armour", "body"])
def test_what_gets_past_a_parry_meets_the_armour_or_not(store: EventStore, d100: D100Play, content: Content,
                                                         excess: str) -> None:
    # Gorm's 8 + 2 + 6 = 16 on Ysolde's round shield: its 12 armour points stop their share, the rest goes on
    tracker = session(store, d100, {"parried_excess": excess}, DUEL, "actions", "passer",
                      "attaquer ysolde parer jet 30 def 20 dmg 8 bonus 6")
    record = last_attack(tracker)
    assert record["result"] == "stopped" and record["stopped_by_item"] > 0
    past = 16 - record["stopped_by_item"]
    if excess == "armour":
        assert record["stopped_by_armour"] == min(past, 9) and record["body"] == past - min(past, 9)
    else:
        assert record["stopped_by_armour"] == 0 and record["body"] == past
    gorm, ysolde = Combatant.from_content(content, "gorm"), Combatant.from_content(content, "ysolde")
    odds = {e: exchange_odds(prepare(shipped_outcomes(content), gorm, 1, ysolde, "parry",
                                     Settings(parried_excess=e))).mean_damage()  # type: ignore[arg-type]
            for e in ("armour", "body")}
    assert odds["body"] > odds["armour"]


def test_hit_points_the_mean_of_con_and_siz_rounded_up_or_down(store: EventStore, d100: D100Play,
                                                               content: Content) -> None:
    # Victor: CON 12, SIZ 13, a mean of 12.5
    sides = ([{"character": "victor"}], [{"character": "gorm"}])
    for rounding, hp in (("up", 13), ("down", 12)):
        tracker = session(store, d100, {"hp_rounding": rounding}, sides)
        assert tracker.fight.view()["combatants"][0]["hp_max"] == hp
        encounter_ = loaded(content, {"hp_rounding": rounding}, *sides)
        F = worlds_of(encounter_, 4, np.random.SeedSequence(2))
        assert int(F.hp_max[0]) == hp  # the simulation's worlds start there


def test_readying_a_weapon_free_or_the_rounds_action(store: EventStore, d100: D100Play) -> None:
    sides = ([{"character": "brok"}], [{"character": "gorm"}])
    free = session(store, d100, {}, sides, "actions", "attaquer gorm arme 2 jet 99")
    assert last_attack(free)["weapon"] == "hache-a-deux-mains"
    tracker = session(store, d100, {"ready_weapon": "action"}, sides, "actions")
    before = len(tracker.events)
    with pytest.raises(RulesError) as refused:
        tracker.command("attaquer gorm arme 2 jet 99")
    assert str(refused.value) == ("Hache à deux mains n'est pas en main : il faut d'abord dégainer (commande "
                                  "degainer ; le réglage ready_weapon en fait l'action du round)")
    assert len(tracker.events) == before
    tracker.command("degainer arme 2")
    ready = tracker.records[-1] if tracker.records[-1]["kind"] == "ready" else tracker.records[-2]
    assert ready == {"kind": "ready", "actor": "brok", "weapon": "hache-a-deux-mains",
                     "weapon_name": {"fr": "Hache à deux mains", "en": "Great axe"}}
    assert "Brok le Trapu prend en main : Hache à deux mains." in tracker.system.narrate(ready, tracker.fight)[0]
    tracker.command("passer")  # gorm
    tracker.command("attaquer gorm jet 99")  # round 2: the great axe, in hand, by default
    assert last_attack(tracker)["weapon"] == "hache-a-deux-mains"


def test_readying_in_simulation_and_in_plays_policy(content: Content, store: EventStore, d100: D100Play) -> None:
    """Odon holds his short spear; at 15 m only his javelin reaches: where readying takes the action, his first
    round goes to it (the policy's « ready », in play's auto as in a simulated world), and he throws the next."""
    sides = ([{"character": "odon"}], [{"character": "lisette"}])
    for ready, first_round in (("free", True), ("action", False)):
        encounter_ = loaded(content, {"ready_weapon": ready}, *sides, distance=15)
        F = worlds_of(encounter_, 300, np.random.SeedSequence(4))
        kernel_of(F).play_all(F, 300, 1, 1)
        assert bool(array(F, "out_dealt")[:, 0].any()) == first_round, ready
    tracker = session(store, d100, {"ready_weapon": "action"}, sides, "actions", distance=15)
    while tracker.fight.current() != 0:  # type: ignore[attr-defined]
        tracker.command("passer")
    assert tracker.fight.auto_event() == {"type": "ready", "weapon": 3}
