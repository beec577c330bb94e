"""The batch engine plays the same fights as play: one world of it, with the same dice, is the fight that play
would have told; many worlds at once keep the rules' invariants."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from estoc.dice import SeededDice
from estoc.systems.harp.batch import BatchFight
from estoc.systems.harp.conditions import HarpState
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.play import HarpPlay
from estoc.systems.harp.roster import Roster


def batch_for(fight: HarpFight, worlds: int) -> BatchFight:
    roster = Roster.build(fight.tables, list(fight.combatants), fight.sides)
    c = fight.combatants
    state = HarpState.new(worlds, [x.hp for x in c], [x.body_rr for x in c],
                          stun_immune=[x.stun_immune for x in c], bleed_immune=[x.bleed_immune for x in c])
    sides = list(dict.fromkeys(fight.sides))
    uses = np.full((worlds, len(c), roster.ob.shape[1]), 1_000_000, dtype=np.int64)
    for (i, s), left in fight.uses.items():
        uses[:, i, s] = left
    return BatchFight(fight.tables, roster, state, settings=fight.settings, fight_mod=fight.fight_mod,
                      full_sun=fight.full_sun, surprised_side=sides.index(fight.surprised) if fight.surprised else -1,
                      uses=uses)


@pytest.mark.parametrize("seed", range(6))
def test_one_world_of_the_batch_is_the_fight_of_play(system: HarpPlay, sample_setup: dict[str, Any],
                                                     seed: int) -> None:
    fight = system.new_fight({**sample_setup, "seed": seed})
    batch = batch_for(fight, 1)
    dice = SeededDice(seed)
    fight.apply({"type": "begin"}, dice)
    for _ in range(1000):
        if fight.is_over():
            break
        fight.apply(fight.auto_event(), dice)
    result = batch.play(SeededDice(seed))
    assert result.state.hp[0].tolist() == fight.state.hp[0].tolist()
    assert result.state.dead[0].tolist() == fight.state.dead[0].tolist()
    assert int(result.rounds[0]) == fight.round
    summary = fight.summary()["combatants"]
    assert result.tally.hits_dealt[0].tolist() == [row["hits_dealt"] for row in summary]
    assert result.tally.downed[0].tolist() == [row["downed"] for row in summary]
    sides = list(dict.fromkeys(fight.sides))
    winner = fight.winner()
    assert int(result.winner[0]) == (sides.index(winner) if winner else -1)


def test_many_worlds(system: HarpPlay, sample_setup: dict[str, Any]) -> None:
    fight = system.new_fight(sample_setup)
    result = batch_for(fight, 2000).play(SeededDice(1))
    assert bool((result.winner >= 0).all())
    assert result.tally.hits_dealt.sum() == result.tally.hits_taken.sum()
    assert bool((result.state.hp <= result.state.hp_max).all())
    share = float((result.winner == 0).mean())
    assert 0.05 < share < 0.95
    again = batch_for(fight, 2000).play(SeededDice(1))
    assert np.array_equal(again.winner, result.winner) and np.array_equal(again.state.hp, result.state.hp)


def test_padding_strikes_are_never_a_breath(system: HarpPlay, content: Any, tables: Any) -> None:
    """A one-weapon fighter beside a two-attack creature: its empty second slot is no breath."""
    from estoc.play.encounter import encounter_from_setup

    setup = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "a", "en": "a"},
             "sides": [{"id": "a", "members": [{"hero": "dafur"}]},
                       {"id": "b", "members": [{"creature": "warg"}, {"creature": "loup"}]}]}
    encounter_from_setup(setup, content)
    fight = system.new_fight({"encounter": setup})
    fight.apply({"type": "begin"}, SeededDice(1))
    while fight.combatants[fight.current() or 0].id != "dafur":
        fight.apply(fight.auto_event(), SeededDice(2))
    assert fight.auto_event()["type"] in ("attack", "total-parry", "pass", "stand", "take-weapon")
    roster = Roster.build(fight.tables, list(fight.combatants), fight.sides)
    assert roster.ob.shape[1] > roster.strikes[0] == 1  # Dafur's second slot is padding
