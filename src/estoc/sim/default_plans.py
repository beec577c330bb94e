"""Whether the default policy plays as a sensible player would: the default (with the encounter's plans removed)
against the encounter's own plans and against each plan that gives every member of a side one fixed habit, on
common dice.

Every simulation and every balance study's "sample's plans" stands on the default policy, so a bad habit there (a
task taken whatever it brings, a parry against a foe that strikes someone else) becomes part of every figure. This
module measures it; the system says what its plans and habits are (:meth:`SimSystem.habits
<estoc.engine.simulation.SimSystem.habits>`):

- **the default**: the encounter with its plans removed (the One Ring: each hero free to take any combat task, the
  policy weighing each by its expected gain; HARP: no parry share or guard written; d100: no defence preference);
- **the contenders**: the encounter as written (its sample plans), and one *fixed-habit* plan per habit a side's
  members can be given: in the One Ring, every hero with attacks only, or with one combat task only; in HARP, every
  member keeping none, a quarter or a half of its OB to parry, each with every guard; in d100, every member
  preferring to dodge;
- **the race**: every candidate plays the same ``n`` worlds (world ``i`` rolls the same keyed dice for each: common
  random numbers); each contender's win rate and its difference from the default's, world by world, with a 95 %
  normal interval on the paired differences.

``bench/bench_policy.py`` runs this for the sample encounters and the tests' audit encounters.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from estoc.content.registry import Content
from estoc.engine.simulation import side_order
from estoc.sim.balance import Scores, Tally, dice_key
from estoc.sim.runner import DEFAULT_MAX_ROUNDS, Encounter, encounter_of
from estoc.sim.summary import Interval, Share
from estoc.systems.base import find_sim_system

DEFAULT = "default"
SAMPLE = "sample"


@dataclass(frozen=True)
class Plan:
    """A candidate: an id (``default``, ``sample``, or the habit's), and its encounter setup."""

    id: str
    setup: dict[str, Any]


@dataclass(frozen=True)
class Standing:
    """One candidate's result on the race's worlds: its win rate, and its difference from the default's."""

    id: str
    win: Share
    versus_default: Interval
    """This candidate's win rate less the default's, world by world (negative: the default does better)."""


@dataclass(frozen=True)
class Race:
    encounter: str
    side: str
    n: int
    standings: tuple[Standing, ...]

    @property
    def default(self) -> Standing:
        return self.standings[0]

    def beaten_by(self) -> list[Standing]:
        """The contenders that beat the default beyond their 95 % interval (none: the default holds)."""
        return [s for s in self.standings[1:] if s.versus_default.low > 0]


def candidates(encounter: Encounter, content: Content, side: str | None = None) -> tuple[str, list[Plan]]:
    """The studied side (the first, unless named) and the candidates: the default first, then the encounter's own
    plans, then the fixed habits of its system."""
    side = side or side_order(encounter)[0]
    setup: dict[str, Any] = json.loads(json.dumps(encounter.setup))
    default, habits = find_sim_system(encounter.system).habits(setup, content, side)
    return side, [Plan(DEFAULT, default), Plan(SAMPLE, setup), *(Plan(i, s) for i, s in habits)]


def race(encounter: Encounter, content: Content, n: int, *, seed: int = 0, side: str | None = None,
         max_rounds: int = DEFAULT_MAX_ROUNDS, name: str = "") -> Race:
    """Every candidate (:func:`candidates`) on the same ``n`` worlds of ``seed``'s dice."""
    side, plans = candidates(encounter, content, side)
    system = find_sim_system(encounter.system)
    prepared = system.prepare(content)
    wins = np.zeros((len(plans), n), dtype=np.bool_)
    for k, plan in enumerate(plans):
        played = encounter_of(plan.setup, content)
        outcome = system.play_chunk(played, prepared, n, dice_key(seed, 0), 0, max_rounds, {})
        wins[k] = np.asarray(outcome.winner) == side_order(played).index(side)
    zero = np.zeros(len(plans), dtype=np.int64)
    tally = Tally.of(Scores(wins, zero, zero, zero))
    standings = tuple(Standing(plan.id, tally.win(k), tally.paired(k, 0)) for k, plan in enumerate(plans))
    return Race(name or str(encounter.setup.get("name", "")), side, n, standings)
