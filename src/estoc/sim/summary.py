"""A run's counts as a GM reads them: chances with 95 % intervals, means with theirs, and, for a comparison, each
difference with its paired interval and whether it is significant.

Proportions use Wilson's interval (good near 0 and 1, where the normal one fails); means and differences use the
normal interval from the exact (integer) sum of squares. Differences are ``b − a``: what the change does.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from estoc.sim.runner import ComparisonRun, SimRun

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95 % interval."""

    value: float
    low: float
    high: float

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class Share:
    """A proportion of the fights: how many, the share, and its 95 % (Wilson) interval."""

    count: int
    value: float
    low: float
    high: float


def wilson(count: int, n: int, z: float = Z95) -> Share:
    """The share ``count / n`` with Wilson's score interval."""
    if n <= 0:
        return Share(count, math.nan, math.nan, math.nan)
    p = count / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At 0 or n the bound is exactly 0 or 1; rounding would leave a speck.
    low = 0.0 if count <= 0 else max(0.0, centre - half)
    high = 1.0 if count >= n else min(1.0, centre + half)
    return Share(int(count), p, low, high)


def mean_interval(total: int, squares: int, n: int, z: float = Z95) -> Interval:
    """The mean of ``n`` values from their sum and sum of squares, with its normal 95 % interval."""
    total, squares = int(total), int(squares)
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = total / n
    if n == 1:
        return Interval(mean, mean, mean)
    # n·Σx² − (Σx)² in whole numbers: exact, never negative, however large the sums.
    variance = (n * squares - total * total) / (n * (n - 1))
    half = z * math.sqrt(max(variance, 0.0) / n)
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class SideSummary:
    id: str
    name: dict[str, str]
    win: Share


@dataclass(frozen=True)
class CombatantSummary:
    id: str
    name: dict[str, str]
    side: str
    out: Share
    """Out of the fight at its end: unconscious, dying or dead (the dead included)."""
    dead: Share
    fled: Share
    crit_taken: dict[str, Share]
    """At least one blow of this mark taken, by mark (the system's: a critical of each severity A–E in HARP, a
    special hit in the d100 system, a wound in the One Ring's)."""
    hits_dealt: Interval
    hits_taken: Interval
    tasks: dict[str, TaskUse] = dataclasses.field(default_factory=dict)
    """The combat tasks it tried (the One Ring house rules), by task id; none tried, none listed."""


@dataclass(frozen=True)
class TaskUse:
    """A combat task in a run: how often a fight sees it tried, and the share of tries whose roll succeeded."""

    per_fight: float
    worked: Share


@dataclass(frozen=True)
class LengthSummary:
    """The fights' length in rounds (fights stopped by the round limit count at the limit)."""

    mean: Interval
    median: int
    p90: int
    """Nine fights in ten are over by this round."""
    longest: int
    histogram: list[int]
    """``histogram[r - 1]``: fights that lasted ``r`` rounds, for r from 1 to the round limit."""


@dataclass(frozen=True)
class SimSummary:
    """Everything a run measured."""

    name: dict[str, str]
    n: int
    seed: int
    chunk: int
    max_rounds: int
    settings: dict[str, Any]
    sides: list[SideSummary]
    draw: Share
    """No side left standing."""
    undecided: Share
    """Stopped by the round limit."""
    combatants: list[CombatantSummary]
    length: LengthSummary
    system: str = ""
    """The rule system's id: what its settings, marks and tasks mean
    (:func:`~estoc.systems.base.find_sim_system`)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return dataclasses.asdict(self)


def summarize(run: SimRun) -> SimSummary:
    """A run's counts as chances and means with their intervals."""
    c, n = run.counts, run.counts.worlds
    sides = [SideSummary(side, run.side_names.get(side, {"en": side}), wilson(int(c.wins[i]), n))
             for i, side in enumerate(run.sides)]
    people = [CombatantSummary(
        id=info.id, name=info.name, side=info.side, out=wilson(int(c.out[i]), n), dead=wilson(int(c.dead[i]), n),
        fled=wilson(int(c.fled[i]), n),
        crit_taken={mark: wilson(int(c.crit_taken[i, k]), n) for k, mark in enumerate(run.marks)},
        hits_dealt=mean_interval(int(c.hits_dealt[i]), int(c.hits_dealt_sq[i]), n),
        hits_taken=mean_interval(int(c.hits_taken[i]), int(c.hits_taken_sq[i]), n),
        tasks={t: TaskUse(int(c.tasks_tried[i, k]) / n, wilson(int(c.tasks_worked[i, k]), int(c.tasks_tried[i, k])))
               for k, t in enumerate(run.task_ids) if c.tasks_tried[i, k]})
        for i, info in enumerate(run.combatants)]
    return SimSummary(name=run.name, n=n, seed=run.seed, chunk=run.chunk, max_rounds=run.max_rounds,
                      settings=dict(run.settings), sides=sides, draw=wilson(c.draws, n),
                      undecided=wilson(c.undecided, n), combatants=people, length=length_summary(c.length),
                      system=run.system)


def length_summary(histogram: np.ndarray[Any, np.dtype[np.int64]]) -> LengthSummary:
    """Mean (with its interval), median, 9th decile and longest of the fights' lengths."""
    counts = [int(x) for x in histogram]
    n = sum(counts)
    total = sum(r * k for r, k in enumerate(counts))
    squares = sum(r * r * k for r, k in enumerate(counts))

    def quantile(q: float) -> int:
        seen = 0
        for r, k in enumerate(counts):
            seen += k
            if seen >= q * n and seen > 0:
                return r
        return 0

    longest = max((r for r, k in enumerate(counts) if k), default=0)
    return LengthSummary(mean=mean_interval(total, squares, n), median=quantile(0.5), p90=quantile(0.9),
                         longest=longest, histogram=counts[1:])


@dataclass(frozen=True)
class Difference:
    """One quantity in both scenarios and its paired difference ``b − a``."""

    id: str
    name: dict[str, str]
    a: float
    b: float
    diff: Interval
    significant: bool
    """The 95 % interval of the difference leaves out zero."""


@dataclass(frozen=True)
class ComparisonSummary:
    """Two scenarios on common random numbers and their differences (``b − a``)."""

    a: SimSummary
    b: SimSummary
    win: list[Difference]
    """P(win) of each side both have."""
    out: list[Difference]
    """P(out of the fight) of each combatant both have."""
    dead: list[Difference]
    length: Difference
    """The mean length in rounds."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return dataclasses.asdict(self)


def _difference(key: str, name: dict[str, str], a: float, b: float, total: int, squares: int, n: int
                ) -> Difference:
    # The sums are of a − b: the difference shown is b − a, the same interval mirrored.
    d = mean_interval(total, squares, n)
    diff = Interval(-d.value, -d.high, -d.low)
    return Difference(key, name, a, b, diff, diff.excludes_zero())


def summarize_comparison(run: ComparisonRun) -> ComparisonSummary:
    """Both scenarios summed up, and the paired differences of P(win), P(out), P(dead) and the mean length."""
    a, b, p, n = summarize(run.a), summarize(run.b), run.paired, run.paired.worlds
    sides_a, sides_b = {s.id: s for s in a.sides}, {s.id: s for s in b.sides}
    people_a, people_b = {c.id: c for c in a.combatants}, {c.id: c for c in b.combatants}
    win = [_difference(s, sides_a[s].name, sides_a[s].win.value, sides_b[s].win.value, int(p.win[i]),
                       int(p.win_sq[i]), n) for i, s in enumerate(run.sides)]
    out = [_difference(c, people_a[c].name, people_a[c].out.value, people_b[c].out.value, int(p.out[i]),
                       int(p.out_sq[i]), n) for i, c in enumerate(run.combatants)]
    dead = [_difference(c, people_a[c].name, people_a[c].dead.value, people_b[c].dead.value, int(p.dead[i]),
                        int(p.dead_sq[i]), n) for i, c in enumerate(run.combatants)]
    length = _difference("length", {}, a.length.mean.value, b.length.mean.value,
                         p.length, p.length_sq, n)
    return ComparisonSummary(a=a, b=b, win=win, out=out, dead=dead, length=length)
