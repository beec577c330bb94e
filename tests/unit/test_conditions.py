"""Effects of criticals and their course over the round clock."""

from __future__ import annotations

import numpy as np

from estoc.dice import ScriptedDice
from estoc.systems.harp.conditions import HarpState, apply_effects, start_of_turn, stun_difficulty, take_hits
from estoc.systems.harp.tables import EffectArrays

W0 = np.array([0])
C0 = np.array([0])


def effects(**values: int | bool) -> EffectArrays:
    return EffectArrays.of(1, **values)


def test_stun_difficulty() -> None:
    assert stun_difficulty(1).item() == 150
    assert stun_difficulty(2).item() == 155
    assert stun_difficulty(3).item() == 160


def test_stun_three_rounds_resisted_at_160_then_155_at_next_action() -> None:
    state = HarpState.new(1, [50], body_rr=[20])
    # Immediate roll: 40 + 20 = 60 < 160, still stunned.
    check = apply_effects(state, W0, C0, effects(stun=3), now=1, dice=ScriptedDice({"resistance": [40]}))
    assert int(check.difficulty[0]) == 160 and not bool(check.resisted[0])
    assert bool(state.stunned()[0, 0])
    # Start of its next action (round 2): two rounds left, 155.
    turn = start_of_turn(state, 0, 2, ScriptedDice({"resistance": [30]}))
    assert int(turn.stun.difficulty[0]) == 155
    assert bool(state.stunned()[0, 0])
    # Round 3: one round left, 150; an open-ended 97+40 = 137 + 20 = 157 resists.
    turn = start_of_turn(state, 0, 3, ScriptedDice({"resistance": [97, 40]}))
    assert int(turn.stun.difficulty[0]) == 150 and bool(turn.stun.resisted[0])
    assert not bool(state.stunned()[0, 0])


def test_stun_ends_by_itself_at_its_pinned_round() -> None:
    state = HarpState.new(1, [50])
    apply_effects(state, W0, C0, effects(stun=2), now=4, dice=ScriptedDice({"resistance": [1]}))
    start_of_turn(state, 0, 5, ScriptedDice({"resistance": [1]}))
    assert bool(state.stunned()[0, 0])
    turn = start_of_turn(state, 0, 6, ScriptedDice([]))
    assert not bool(turn.stun.tried[0])
    assert not bool(state.stunned()[0, 0])


def test_no_retry_in_the_round_the_stun_was_suffered() -> None:
    state = HarpState.new(1, [50])
    apply_effects(state, W0, C0, effects(stun=2), now=1, dice=ScriptedDice({"resistance": [5]}))
    turn = start_of_turn(state, 0, 1, ScriptedDice([]))  # its turn comes later in the same round
    assert not bool(turn.stun.tried[0]) and bool(state.stunned()[0, 0])


def test_bleeding_is_cumulative_and_lost_at_each_later_turn() -> None:
    state = HarpState.new(1, [40])
    apply_effects(state, W0, C0, effects(bleed=3), now=1, dice=ScriptedDice([]))
    apply_effects(state, W0, C0, effects(bleed=5), now=1, dice=ScriptedDice([]))
    turn = start_of_turn(state, 0, 2, ScriptedDice([]))
    assert int(turn.bled[0]) == 8 and int(state.hp[0, 0]) == 32
    start_of_turn(state, 0, 3, ScriptedDice([]))
    assert int(state.hp[0, 0]) == 24


def test_zero_hit_points_is_unconscious() -> None:
    state = HarpState.new(1, [10])
    take_hits(state, W0, C0, np.array([10]))
    assert bool(state.down[0, 0]) and not bool(state.dead[0, 0])
    assert not bool(state.can_act()[0, 0])


def test_death_at_once_and_in_n_rounds() -> None:
    state = HarpState.new(1, [60, 60])
    apply_effects(state, np.array([0]), np.array([0]), effects(death=0), now=1, dice=ScriptedDice([]))
    assert bool(state.dead[0, 0])
    apply_effects(state, np.array([0]), np.array([1]), effects(death=3), now=1, dice=ScriptedDice([]))
    assert bool(state.down[0, 1]) and not bool(state.dead[0, 1])
    start_of_turn(state, 1, 3, ScriptedDice([]))
    assert not bool(state.dead[0, 1])
    turn = start_of_turn(state, 1, 4, ScriptedDice([]))
    assert bool(turn.died[0]) and bool(state.dead[0, 1])


def test_shaken_lasts_until_the_start_of_its_next_turn() -> None:
    state = HarpState.new(1, [30])
    apply_effects(state, W0, C0, effects(shaken=True), now=2, dice=ScriptedDice([]))
    assert int(state.manoeuvre_penalty()[0, 0]) == -25
    start_of_turn(state, 0, 3, ScriptedDice([]))
    assert int(state.manoeuvre_penalty()[0, 0]) == 0


def test_must_parry_and_no_parry_durations() -> None:
    state = HarpState.new(1, [30])
    apply_effects(state, W0, C0, effects(must_parry=2, no_parry=1), now=1, dice=ScriptedDice([]))
    assert not bool(state.can_attack()[0, 0]) and not bool(state.can_parry()[0, 0])
    start_of_turn(state, 0, 2, ScriptedDice([]))
    assert not bool(state.can_attack()[0, 0]) and bool(state.can_parry()[0, 0])
    start_of_turn(state, 0, 3, ScriptedDice([]))
    assert bool(state.can_attack()[0, 0])


def test_stunned_cannot_attack_but_can_parry_and_suffers_minus_50() -> None:
    state = HarpState.new(1, [30], body_rr=[0])
    apply_effects(state, W0, C0, effects(stun=2, penalty=-10), now=1, dice=ScriptedDice({"resistance": [5]}))
    assert not bool(state.can_attack()[0, 0]) and bool(state.can_parry()[0, 0])
    assert int(state.manoeuvre_penalty()[0, 0]) == -60


def test_effects_accumulate_across_worlds_and_repeats() -> None:
    state = HarpState.new(3, [30])
    w = np.array([0, 0, 2])
    c = np.array([0, 0, 0])
    e = EffectArrays.of(3, penalty=[-10, -5, -20])
    apply_effects(state, w, c, e, now=1, dice=ScriptedDice([]))
    assert state.penalty[:, 0].tolist() == [-15, 0, -20]


def test_relieving_penalties_ends_must_parry_and_no_parry() -> None:
    from estoc.systems.harp.conditions import relieve_penalties

    state = HarpState.new(1, [30])
    apply_effects(state, W0, C0, effects(must_parry=3, no_parry=2, penalty=-30), now=1, dice=ScriptedDice([]))
    relieve_penalties(state, W0, C0, 10)
    assert int(state.penalty[0, 0]) == -20
    assert bool(state.can_attack()[0, 0]) and bool(state.can_parry()[0, 0])
    relieve_penalties(state, W0, C0, 50)
    assert int(state.penalty[0, 0]) == 0
