"""Balance studies: what a rule is worth against the best way to play without it.

Switching a rule off and replaying an encounter's plans measures those plans as much as the rule: a hero written
for Counter-attack keeps its defensive stance without it. A study searches, for each side of the comparison (the
*arms*: with the rule, without it), the best plan the encounter's side could follow, and compares the two best
plans on fresh dice.

The plans come from the system (:meth:`~estoc.engine.simulation.SimSystem.plan_space`): one axis per combatant, each
a finite list of variants (changes to the encounter's setup). This module names no system.

The search, for each arm:

- **coordinate ascent**: from the encounter's own plan, one combatant at a time, the others held at their current
  best, its variants *race*; the winner stays; the passes repeat until one changes nothing (or ``passes`` ran);
- **a race** plays every candidate on the same worlds (common random numbers: world ``i`` rolls the same keyed dice
  for every candidate), in stages of doubling size, up to ``n`` worlds a candidate. After each stage the leader (the
  best mean) is compared with each other candidate on their paired differences, world by world; a candidate whose
  empirical-Bernstein lower bound on (leader − candidate) is above zero is dropped. The bound's risk is shared
  (Bonferroni) between every pair and every stage of the race, so that the race keeps the best candidate with
  probability at least ``1 − delta`` whatever the stages saw. A race stops with one candidate, when every pair left
  is within ``epsilon`` of each other (equal enough), or at ``n`` worlds (the best mean then wins, and the report says
  the race was not settled);
- **a second start**: the other arm's best plan (each combatant's variant where this arm has it; where it has not,
  such as a plan using a task switched off, this arm's own best for that combatant) races this arm's best; when it
  wins, the ascent goes on from it;
- **confirmation**: the best plan with the rule and the best without (and the encounter's own plans, for the
  record) are played again on fresh dice (another key), ``n`` fights each, all on the same worlds: their win
  chances (Wilson intervals) and the rule's worth (the paired difference, with its normal 95 % interval) are free of
  the search's selection bias.

Coordinate ascent finds a plan no single combatant's change improves (within the races' resolution), not
necessarily the best joint plan; the report says so. Results depend on the seed alone: every world's dice are keyed
(never on the workers or chunks). Ctrl-C stops the search: what was found so far comes back, marked incomplete, with
figures from the search's dice.
"""

from __future__ import annotations

import functools
import json
import math
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.content.registry import Content, load_content
from estoc.engine.simulation import PlanAxis, apply_changes, side_order
from estoc.errors import EstocError, InputError
from estoc.i18n import _
from estoc.sim.runner import DEFAULT_CHUNK, DEFAULT_MAX_ROUNDS, Scenario, chunk_sizes, encounter_of, require_dask
from estoc.sim.summary import Z95, Interval, Share, wilson
from estoc.systems.base import find_sim_system

SEARCH, CONFIRM = 0, 1
"""The dice streams: the search's, and the confirmation's fresh ones."""


# --- what a candidate's fights add up to ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Scores:
    """What ``K`` candidates' fights came to on the same worlds: ``win`` ``(K, W)`` (the studied side won), and per
    candidate the worlds where one of the side died, and the sum of the lengths and of their squares."""

    win: NDArray[np.bool_]
    dead: NDArray[np.int64]
    rounds: NDArray[np.int64]
    rounds_sq: NDArray[np.int64]


@dataclass(frozen=True)
class Tally:
    """``K`` candidates on the same ``n`` worlds: wins, the matrix of wins shared by two candidates (what a paired
    difference's variance needs), deaths and lengths. Whole numbers: merging is exact."""

    n: int
    wins: NDArray[np.int64]
    both: NDArray[np.int64]
    dead: NDArray[np.int64]
    rounds: NDArray[np.int64]
    rounds_sq: NDArray[np.int64]

    @classmethod
    def empty(cls, k: int) -> Tally:
        zero = np.zeros(k, dtype=np.int64)
        return cls(0, zero, np.zeros((k, k), dtype=np.int64), zero, zero, zero)

    @classmethod
    def of(cls, s: Scores) -> Tally:
        x = np.asarray(s.win, dtype=np.int64)
        return cls(int(x.shape[1]), x.sum(axis=1), x @ x.T, np.asarray(s.dead, dtype=np.int64),
                   np.asarray(s.rounds, dtype=np.int64), np.asarray(s.rounds_sq, dtype=np.int64))

    def add(self, other: Tally, where: Sequence[int]) -> Tally:
        """This tally with ``other`` (the candidates at ``where``, on the next worlds) added in."""
        idx = np.asarray(where, dtype=np.intp)
        wins, both = self.wins.copy(), self.both.copy()
        dead, rounds, rounds_sq = self.dead.copy(), self.rounds.copy(), self.rounds_sq.copy()
        wins[idx] += other.wins
        both[np.ix_(idx, idx)] += other.both
        dead[idx] += other.dead
        rounds[idx] += other.rounds
        rounds_sq[idx] += other.rounds_sq
        return Tally(self.n + other.n, wins, both, dead, rounds, rounds_sq)

    def win(self, k: int) -> Share:
        return wilson(int(self.wins[k]), self.n)

    def diff(self, j: int, k: int) -> tuple[float, float]:
        """The mean and the (unbiased) variance of the world-by-world difference ``win_j − win_k``."""
        n = self.n
        total = int(self.wins[j] - self.wins[k])
        squares = int(self.both[j, j] + self.both[k, k] - 2 * self.both[j, k])
        if n < 2:
            return (total / n if n else 0.0), math.inf
        return total / n, max(0.0, (squares - total * total / n) / (n - 1))

    def paired(self, j: int, k: int, z: float = Z95) -> Interval:
        """``win_j − win_k`` with its normal interval from the paired differences."""
        mean, var = self.diff(j, k)
        half = z * math.sqrt(var / self.n) if self.n else math.inf
        return Interval(mean, mean - half, mean + half)

    def bernstein(self, j: int, k: int, delta: float) -> tuple[float, float]:
        """Lower and upper bounds on the expected ``win_j − win_k`` holding each with probability ≥ 1 − delta
        (Maurer and Pontil's empirical Bernstein bound, the differences lying in [−1, 1])."""
        mean, var = self.diff(j, k)
        if self.n < 2:
            return -1.0, 1.0
        log = math.log(2 / delta)
        half = math.sqrt(2 * var * log / self.n) + 7 * 2 * log / (3 * (self.n - 1))
        return mean - half, mean + half


# --- what is searched -----------------------------------------------------------------------------------------------

Plan = tuple[int, ...]
"""One variant index per axis."""


@dataclass(frozen=True)
class Candidate:
    """An arm (0: with the rule, 1: without) and a plan of that arm's space."""

    arm: int
    plan: Plan


Evaluator = Callable[[Sequence[Candidate], int, int, int], Scores]
"""Plays candidates on the worlds ``first`` … ``first + count − 1`` of a dice stream (:data:`SEARCH` or
:data:`CONFIRM`), every candidate on the same worlds."""


@dataclass(frozen=True)
class Arm:
    """One side of the comparison: a name, its plan space, and the settings in force (for the report)."""

    label: str
    axes: tuple[PlanAxis, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)

    @property
    def own(self) -> Plan:
        """The encounter's own plan."""
        return tuple(axis.current for axis in self.axes)

    def plan_ids(self, plan: Plan) -> dict[str, str]:
        return {axis.id: axis.variants[v].id for axis, v in zip(self.axes, plan, strict=True)}

    def plan_words(self, plan: Plan) -> dict[str, str]:
        return {axis.id: axis.variants[v].label() for axis, v in zip(self.axes, plan, strict=True)}


@dataclass(frozen=True)
class Options:
    """The search's sizes and risks."""

    n: int = 20_000
    """The most worlds a candidate plays in one race, and the confirmation's fights a plan."""
    first: int = 0
    """A race's first stage (0: ``n`` / 16, at least 200 worlds)."""
    delta: float = 0.05
    """A race's risk of dropping its best candidate."""
    epsilon: float = 0.005
    """Candidates within this of each other (win chance) are equal enough: the race stops."""
    passes: int = 2
    """Passes of the coordinate ascent, at most."""

    def stages(self) -> list[int]:
        """Worlds a candidate has played after each stage of a race: ``n``, halved down to the first stage."""
        first = self.first or max(200, self.n // 16)
        ends = [self.n]
        while ends[0] // 2 >= first:
            ends.insert(0, ends[0] // 2)
        return ends


@dataclass
class Race:
    """One combatant's race in one arm: its candidates, the worlds played, who is left, who won, and how sure."""

    arm: int
    axis: int
    """The combatant whose variants race (−1: the arm's best plan against the other arm's best)."""
    candidates: list[Plan]
    tally: Tally
    alive: list[int]
    incumbent: int = 0
    """The plan the ascent held before the race (it wins ties)."""
    chosen: int = -1
    settled: str = "running"
    """``single`` (every rival dropped), ``equal`` (those left within epsilon), ``budget`` (n worlds played),
    ``interrupted``."""
    dropped: dict[int, float] = field(default_factory=dict)
    """Candidate → the lower bound on (leader − it) when it was dropped."""
    twins: dict[int, int] = field(default_factory=dict)
    """Candidate → the one it tied with on every world so far (the same outcome for the side: one is kept)."""

    def best_of(self, among: Sequence[int]) -> int:
        return max(among, key=lambda c: (int(self.tally.wins[c]), c == self.incumbent, -c))

    outcomes: list[NDArray[np.bool_]] = field(default_factory=list)
    """Each candidate's score on each world it played, in order (a dropped one stops where it was dropped)."""

    def share(self, k: int) -> Share:
        """Candidate ``k``'s score on the worlds it played."""
        return wilson(int(self.outcomes[k].sum()), len(self.outcomes[k]))

    def gap(self, j: int, k: int, z: float = Z95) -> Interval:
        """``j − k`` on the worlds both played, with its paired normal interval."""
        m = min(len(self.outcomes[j]), len(self.outcomes[k]))
        d = self.outcomes[j][:m].astype(np.int64) - self.outcomes[k][:m].astype(np.int64)
        if m < 2:
            return Interval(float(d.mean()) if m else 0.0, -1.0, 1.0)
        mean, half = float(d.mean()), z * float(d.std(ddof=1)) / math.sqrt(m)
        return Interval(mean, mean - half, mean + half)

    def same(self, j: int, k: int) -> bool:
        """The same outcome on every world both played: the same plan for the side."""
        m = min(len(self.outcomes[j]), len(self.outcomes[k]))
        return bool((self.outcomes[j][:m] == self.outcomes[k][:m]).all())

    def closest(self) -> int | None:
        """The chosen plan's closest rival: the best of those left, else the last dropped (plans with the same
        outcome on every world left out)."""
        others = [k for k in range(len(self.candidates)) if k != self.chosen and not self.same(self.chosen, k)]
        if not others:
            return None
        return max(others, key=lambda k: (k in self.alive, len(self.outcomes[k]), self.share(k).value))

    def confidence(self, draws: int = 4_000) -> float:
        """The chance that the chosen plan is the best of those left (the means' joint normal law on the race's
        worlds, drawn ``draws`` times from a fixed seed); those dropped were dropped at the race's risk. 1 when it
        is the only one left."""
        alive = [k for k in self.alive if k != self.chosen and not self.same(self.chosen, k)]
        if not alive:
            return 1.0
        idx = [self.chosen, *alive]
        t, n = self.tally, self.tally.n
        wins = t.wins[idx].astype(np.float64)
        both = t.both[np.ix_(idx, idx)].astype(np.float64)
        cov = (both - np.outer(wins, wins) / n) / (n - 1) / n
        sample = np.random.default_rng(0).multivariate_normal(wins / n, cov, size=draws, method="eigh")
        return float((sample[:, 0] >= sample[:, 1:].max(axis=1)).mean())


@dataclass(frozen=True)
class Figures:
    """One plan's confirmation (or, when interrupted, search) figures."""

    win: Share
    dead: Share
    rounds: float
    n: int
    fresh: bool
    """On the confirmation's fresh dice (False: the search's, biased upward by the choice)."""


@dataclass
class Study:
    """What a study found: each arm's best plan and figures, the rule's worth, the races, and whether it ran to its
    end."""

    arms: tuple[Arm, Arm]
    options: Options
    best: list[Plan]
    races: list[Race] = field(default_factory=list)
    figures: list[Figures | None] = field(default_factory=lambda: [None, None])
    own_figures: list[Figures | None] = field(default_factory=lambda: [None, None])
    value: Interval | None = None
    """Win chance with the rule's best plan − without the rule's best plan (paired, fresh dice)."""
    own_value: Interval | None = None
    """The same for the encounter's own plans (what switching the rule alone measures)."""
    paired: bool = True
    complete: bool = False
    interrupted: bool = False
    fights: int = 0


Progress = Callable[[str, int], None]
"""Told what the search is doing, and the fights just played."""


# --- the search -----------------------------------------------------------------------------------------------------

def search(arms: tuple[Arm, Arm], evaluate: Evaluator, options: Options = Options(),
           progress: Progress | None = None) -> Study:
    """Search each arm's best plan, then confirm both on fresh dice (see the module's text). Ctrl-C returns the study
    as it stands, ``interrupted`` and not ``complete``."""
    study = Study(arms, options, [arm.own for arm in arms])
    try:
        for a, arm in enumerate(arms):
            _ascend(study, a, arm, evaluate, progress)
        for a, arm in enumerate(arms):
            if _cross(study, a, evaluate, progress):
                _ascend(study, a, arm, evaluate, progress)
        _confirm(study, evaluate, progress)
        study.complete = True
    except KeyboardInterrupt:
        study.interrupted = True
        study.races = [race for race in study.races if race.tally.n > 0]  # a race stopped before its first stage
        for race in study.races:
            if race.settled == "running":
                race.settled = "interrupted"
        _from_search(study)
    return study


def _ascend(study: Study, a: int, arm: Arm, evaluate: Evaluator, progress: Progress | None) -> None:
    plan = list(study.best[a])
    for pass_ in range(study.options.passes):
        changed = False
        for i, axis in enumerate(arm.axes):
            if len(axis.variants) < 2:
                continue
            candidates = [(*plan[:i], v, *plan[i + 1:]) for v in range(len(axis.variants))]
            race = Race(a, i, candidates, Tally.empty(len(candidates)), list(range(len(candidates))), plan[i],
                        outcomes=[np.zeros(0, dtype=np.bool_) for _c in candidates])
            study.races.append(race)
            what = _("{arm}, pass {n}: {who}, {k} plans").format(arm=arm.label, n=pass_ + 1, who=axis.id,
                                                                 k=len(candidates))
            _race(study, race, evaluate, what, progress)
            if race.chosen != plan[i]:
                plan[i] = race.chosen
                study.best[a] = tuple(plan)
                changed = True
        if not changed:
            break


def _cross(study: Study, a: int, evaluate: Evaluator, progress: Progress | None) -> bool:
    """The other arm's best plan (each combatant's variant where this arm has it, this arm's best elsewhere) raced
    against this arm's: a second start for an ascent that may have stopped on a lesser plan. True when it won (and
    became this arm's best)."""
    arm, ids = study.arms[a], study.arms[1 - a].plan_ids(study.best[1 - a])
    plan = []
    for i, axis in enumerate(arm.axes):
        found = [v for v, variant in enumerate(axis.variants) if variant.id == ids.get(axis.id)]
        plan.append(found[0] if found else study.best[a][i])
    if tuple(plan) == study.best[a]:
        return False
    candidates = [study.best[a], tuple(plan)]
    race = Race(a, -1, candidates, Tally.empty(2), [0, 1], 0, outcomes=[np.zeros(0, dtype=np.bool_)] * 2)
    study.races.append(race)
    _race(study, race, evaluate, _("{arm}: the other side's best plan").format(arm=arm.label), progress)
    if race.chosen == 1:
        study.best[a] = tuple(plan)
        return True
    return False


def _race(study: Study, race: Race, evaluate: Evaluator, what: str, progress: Progress | None) -> None:
    options = study.options
    k = len(race.candidates)
    stages = options.stages()
    # Every pair, every look: the race's risk shared between them.
    delta = options.delta / max(1, k * (k - 1) // 2 * len(stages))
    done = 0
    for end in stages:
        alive = list(race.alive)
        scores = evaluate([Candidate(race.arm, race.candidates[c]) for c in alive], SEARCH, done, end - done)
        race.tally = race.tally.add(Tally.of(scores), alive)
        for row, c in enumerate(alive):
            race.outcomes[c] = np.concatenate([race.outcomes[c], np.asarray(scores.win[row], dtype=np.bool_)])
        study.fights += (end - done) * len(alive)
        if progress is not None:
            progress(what, (end - done) * len(alive))
        done = end
        if race.tally.n * options.epsilon >= math.log(1 / delta):
            _twins(race)
        leader = race.best_of(race.alive)
        for c in list(race.alive):
            if c == leader:
                continue
            low, _high = race.tally.bernstein(leader, c, delta)
            if low > 0:
                race.alive.remove(c)
                race.dropped[c] = low
        race.chosen = race.best_of(race.alive)
        if len(race.alive) == 1:
            race.settled = "single"
            return
        if all(max(-race.tally.bernstein(x, y, delta)[0], race.tally.bernstein(x, y, delta)[1]) < options.epsilon
               for x in race.alive for y in race.alive if x < y):
            race.settled = "equal"
            return
    race.settled = "budget"


def _twins(race: Race) -> None:
    """Candidates with the same outcome on every world so far play the same fights for the side (a task whose moment
    never comes, yield ground never used): one is kept, the incumbent if it is one of them. Called once the worlds
    played are enough (``n ε ≥ ln(1/δ)``): two plans whose outcomes differ on a share ε of the worlds agree on all
    ``n`` with a chance below ``(1 − ε)^n ≤ δ``, so that only plans within ε of each other (equal enough) are merged,
    at the race's risk."""
    t = race.tally
    for c in sorted(race.alive, key=lambda c: (c != race.incumbent, c)):
        if c not in race.alive:
            continue
        for d in list(race.alive):
            if d != c and t.both[c, c] == t.both[d, d] == t.both[c, d] and d != race.incumbent:
                race.alive.remove(d)
                race.twins[d] = c


def _confirm(study: Study, evaluate: Evaluator, progress: Progress | None) -> None:
    """The best plans, and the encounter's own, on fresh dice: all on the same worlds."""
    arms = study.arms
    plans = [Candidate(0, study.best[0]), Candidate(1, study.best[1]), Candidate(0, arms[0].own),
             Candidate(1, arms[1].own)]
    tally = Tally.empty(len(plans))
    for first, size in _spans(study.options.n):
        tally = tally.add(Tally.of(evaluate(plans, CONFIRM, first, size)), range(len(plans)))
        study.fights += size * len(plans)
        if progress is not None:
            progress(_("confirmation on fresh dice"), size * len(plans))
    study.figures = [_figures(tally, 0, True), _figures(tally, 1, True)]
    study.own_figures = [_figures(tally, 2, True), _figures(tally, 3, True)]
    study.value = tally.paired(0, 1)
    study.own_value = tally.paired(2, 3)
    study.paired = True


def _spans(n: int, size: int = DEFAULT_CHUNK) -> Iterator[tuple[int, int]]:
    first = 0
    for count in chunk_sizes(n, size):
        yield first, count
        first += count


def _figures(tally: Tally, k: int, fresh: bool) -> Figures:
    n = tally.n
    return Figures(tally.win(k), wilson(int(tally.dead[k]), n), float(tally.rounds[k]) / n if n else math.nan, n,
                   fresh)


def _from_search(study: Study) -> None:
    """After an interrupt: each arm's best plan's figures from its latest race (search dice, biased upward by the
    choice); the worth unpaired (the two arms' races are on the same worlds, but not necessarily as many)."""
    for a in (0, 1):
        if study.figures[a] is not None:
            continue
        races = [r for r in study.races if r.arm == a and r.tally.n > 0]
        for race in reversed(races):
            if study.best[a] in race.candidates:
                k = race.candidates.index(study.best[a])
                if race.tally.n and k in race.alive:
                    study.figures[a] = _figures(race.tally, k, False)
                    break
    first, second = study.figures
    if study.value is None and first is not None and second is not None:
        p, q = first.win, second.win
        half = Z95 * math.sqrt(p.value * (1 - p.value) / first.n + q.value * (1 - q.value) / second.n)
        study.value = Interval(p.value - q.value, p.value - q.value - half, p.value - q.value + half)
        study.paired = False


# --- the evaluator of a real encounter ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayJob:
    """One candidate's fights on a span of worlds, as a worker receives it (plain, picklable data)."""

    folders: tuple[str, ...]
    setup: str
    options: dict[str, Any]
    side: str
    seed: int
    stream: int
    first: int
    count: int
    max_rounds: int
    threads: int = 1
    objective: str = "win"
    """What a fight scores: ``win`` (the side won) or ``unscathed`` (it won and none of it died)."""


OBJECTIVES = ("win", "unscathed")


def dice_key(seed: int, stream: int) -> np.random.SeedSequence:
    """The search's dice are ``estoc simulate --seed``'s; the confirmation's, another key from the same seed."""
    return np.random.SeedSequence(seed) if stream == SEARCH else np.random.SeedSequence(seed, spawn_key=(stream,))


def play_job(job: PlayJob, content: Content | None = None, encounter: Any = None
             ) -> tuple[NDArray[np.bool_], int, int, int]:
    """A candidate's fights: whether the side won each, the fights where one of it died, lengths and squares."""
    content = content if content is not None else _content(job.folders)
    encounter = encounter if encounter is not None else _encounter(job.folders, job.setup)
    system = find_sim_system(encounter.system)
    outcome = system.play_chunk(encounter, system.prepare(content), job.count, dice_key(job.seed, job.stream),
                                job.first, job.max_rounds, {**job.options, "threads": job.threads})
    sides = side_order(encounter)
    members = [i for i, (_cid, side, _c) in enumerate(encounter.combatants) if side == job.side]
    rounds = np.asarray(outcome.rounds, dtype=np.int64)
    died = np.asarray(outcome.dead[:, members].any(axis=1))
    won = np.asarray(outcome.winner == sides.index(job.side))
    if job.objective == "unscathed":
        won = won & ~died
    return won, int(died.sum()), int(rounds.sum()), int((rounds * rounds).sum())


@functools.cache
def _content(folders: tuple[str, ...]) -> Content:
    return load_content(folders, use_env=False)


@functools.cache
def _encounter(folders: tuple[str, ...], setup: str) -> Any:
    return encounter_of(json.loads(setup), _content(folders))


class EncounterEvaluator:
    """Plays candidates of two scenarios (with the rule, without) here, in a pool of processes, or on Dask; a
    candidate's encounter is the arm's with each axis's variant written into its setup."""

    def __init__(self, scenarios: tuple[Scenario, Scenario], arms: tuple[Arm, Arm], content: Content,
                 folders: tuple[str, ...], side: str, seed: int, *, workers: int = 1, scheduler: str | None = None,
                 chunk: int = DEFAULT_CHUNK, max_rounds: int = DEFAULT_MAX_ROUNDS, threads: int = 1,
                 objective: str = "win") -> None:
        self.scenarios, self.arms, self.content, self.folders = scenarios, arms, content, folders
        self.objective = objective
        self.side, self.seed, self.workers, self.scheduler = side, seed, workers, scheduler
        self.chunk, self.max_rounds, self.threads = chunk, max_rounds, threads
        self._setups: dict[Candidate, str] = {}
        self._local: dict[str, Any] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._client: Any = None

    def setup(self, candidate: Candidate) -> str:
        """The candidate's encounter setup, as JSON."""
        if candidate not in self._setups:
            setup = json.loads(json.dumps(self.scenarios[candidate.arm].encounter.setup))
            for axis, v in zip(self.arms[candidate.arm].axes, candidate.plan, strict=True):
                apply_changes(setup, axis.variants[v].changes)
            self._setups[candidate] = json.dumps(setup, sort_keys=True)
        return self._setups[candidate]

    def encounter(self, candidate: Candidate) -> Any:
        """The candidate's encounter, read by its system (checked like a file)."""
        text = self.setup(candidate)
        if text not in self._local:
            self._local[text] = encounter_of(json.loads(text), self.content)
        return self._local[text]

    @contextmanager
    def running(self) -> Iterator[EncounterEvaluator]:
        """The pool (or the Dask client) held for the whole study, and let go at its end (or on an interrupt)."""
        try:
            if self.scheduler is not None:
                distributed = require_dask()
                try:
                    self._client = distributed.Client(self.scheduler, timeout="10s")
                except (OSError, TimeoutError, ValueError) as exc:
                    raise InputError(_("cannot reach the Dask scheduler at {address}: {error}").format(
                        address=self.scheduler, error=exc)) from exc
            elif self.workers > 1:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            yield self
        finally:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
            if self._client is not None:
                self._client.close()
                self._client = None

    def __call__(self, candidates: Sequence[Candidate], stream: int, first: int, count: int) -> Scores:
        jobs: list[tuple[int, PlayJob]] = []
        for k, candidate in enumerate(candidates):
            start = first
            for size in chunk_sizes(count, self.chunk):
                jobs.append((k, PlayJob(self.folders, self.setup(candidate),
                                        dict(self.scenarios[candidate.arm].options), self.side, self.seed, stream,
                                        start, size, self.max_rounds, self.threads, self.objective)))
                start += size
        results = self._play([job for _k, job in jobs], [self.encounter(candidates[k]) for k, _j in jobs])
        win = np.zeros((len(candidates), count), dtype=np.bool_)
        dead = np.zeros(len(candidates), dtype=np.int64)
        rounds = np.zeros(len(candidates), dtype=np.int64)
        rounds_sq = np.zeros(len(candidates), dtype=np.int64)
        for (k, job), (won, died, total, squares) in zip(jobs, results, strict=True):
            win[k, job.first - first:job.first - first + job.count] = won
            dead[k] += died
            rounds[k] += total
            rounds_sq[k] += squares
        return Scores(win, dead, rounds, rounds_sq)

    def _play(self, jobs: list[PlayJob], encounters: list[Any]) -> list[tuple[NDArray[np.bool_], int, int, int]]:
        if self._client is not None:
            return list(self._client.gather(self._client.map(play_job, jobs, pure=False)))
        if self._pool is not None and len(jobs) > 1:
            futures: list[Future[tuple[NDArray[np.bool_], int, int, int]]] = [
                self._pool.submit(play_job, job) for job in jobs]
            try:
                return [f.result() for f in futures]
            except BaseException as exc:
                for f in futures:
                    f.cancel()
                if isinstance(exc, KeyboardInterrupt | EstocError):
                    raise
                if type(exc).__name__ == "BrokenProcessPool":
                    raise EstocError(_("a worker process stopped before its chunk was played: {error}").format(
                        error=exc)) from exc
                raise
        return [play_job(job, self.content, encounter) for job, encounter in zip(jobs, encounters, strict=True)]
