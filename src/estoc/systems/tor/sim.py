"""Simulation of the One Ring house rules, for now world by world: each world is play's own fight
(:class:`~estoc.systems.tor.fight.TorFight`) played to its end by the default policy, on its own keyed dice.

This keeps one implementation of every rule (play's) and gives common random numbers world by world (world ``w`` of a
chunk rolls the same streams in two compared scenarios), but it runs a Python loop over the worlds, a few hundred
fights a second: the vectorised batch of the other systems is still to be written for this one (see the project's
notes).
"""

from __future__ import annotations

import numpy as np

from estoc.dice import KeyedDice
from estoc.sim.tally import Outcome
from estoc.systems.tor.encounter import LoadedTorEncounter
from estoc.systems.tor.fight import TorFight

EVENTS_PER_ROUND = 200
"""A safety bound on the policy's events in one round (a fight that loops is a bug, not a long fight)."""


def play_worlds(encounter: LoadedTorEncounter, worlds: int, seed: np.random.SeedSequence,
                max_rounds: int) -> Outcome:
    """``worlds`` fights of the encounter, each world on its own keyed dice."""
    heroes = [(h, s, True) for _i, h, s in encounter.heroes]
    foes = [a for _i, a in encounter.adversaries]
    count = len(heroes) + len(foes)
    winner = np.full(worlds, -1, dtype=np.int64)
    over = np.zeros(worlds, dtype=np.bool_)
    rounds = np.zeros(worlds, dtype=np.int64)
    out = np.zeros((worlds, count), dtype=np.bool_)
    dead = np.zeros((worlds, count), dtype=np.bool_)
    dealt = np.zeros((worlds, count), dtype=np.int64)
    taken = np.zeros((worlds, count), dtype=np.int64)
    wounds = np.zeros((worlds, count, 1), dtype=np.int64)
    # The children spawn() would give, built without spawning: spawning mutates ``seed``, and a comparison plays its
    # second scenario on the same one.
    keys = [np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, w), pool_size=seed.pool_size)
            for w in range(worlds)]
    for w in range(worlds):
        fight = TorFight.start(heroes, foes, tasks=encounter.tasks, volleys=encounter.volleys)
        dice = KeyedDice(keys[w], 1)
        fight.apply({"type": "begin"}, dice)
        steps = 0
        while not fight.is_over() and fight.round <= max_rounds and steps < EVENTS_PER_ROUND * (max_rounds + 1):
            fight.apply(fight.auto_event(), dice)
            steps += 1
        over[w] = fight.is_over()
        side = fight.winner() if fight.is_over() else None
        winner[w] = -1 if side is None else (0 if side == "heroes" else 1)
        rounds[w] = min(fight.round, max_rounds)
        for c in range(count):
            out[w, c] = not fight.standing(c)
            dead[w, c] = fight.dying(c) or (not fight.hero(c) and fight.wounds[c] >= fight.combatants[c].might)
            dealt[w, c] = fight.tally[c].endurance_dealt
            taken[w, c] = fight.tally[c].endurance_taken
            wounds[w, c, 0] = fight.wounds[c]
    return Outcome(winner=winner, over=over, rounds=rounds, out=out, dead=dead, fled=np.zeros_like(out),
                   hits_dealt=dealt, hits_taken=taken, crits_taken=wounds)
