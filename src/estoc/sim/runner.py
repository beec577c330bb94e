"""The Monte Carlo runner: many whole fights of an encounter, in chunks of worlds, on one or many processes.

The runner knows no rule system: it finds the encounter's own (:func:`~estoc.systems.base.find_sim_system`) and uses
only the simulation protocol (:class:`~estoc.engine.simulation.SimSystem`): the system's settings, its encounter
reader, and its kernel entry, which plays a chunk of worlds and tells what each came to.

``n`` fights are cut into chunks of at most ``chunk`` worlds; world ``i`` of the run always rolls the keyed stream
of ``(seed, i)``, whatever chunk holds it and whatever plays it, so a result depends on the seed alone, never on the
chunk size or the number of workers. Each chunk hands back counts and sums (:class:`~estoc.sim.tally.Counts`), never
one value per world, so memory stays that of one chunk however many fights are played. Chunks run in this process,
in a pool of processes, or on a Dask cluster (and a kernel may play a chunk on several threads); their counts are
merged in chunk order.

Each world rolls from its own streams (:class:`~estoc.dice.KeyedDice`, keyed by the run's seed and its index): its
``k``-th attack roll, critical, initiative… is the same whatever the other worlds do. A comparison plays a second
scenario on these common random numbers: world ``i`` gets the same dice in both, even after the two
fights have parted ways, and the chunk keeps the sums of the paired differences (:class:`~estoc.sim.tally.Paired`).
"""

from __future__ import annotations

import functools
import importlib
import json
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from estoc.content.registry import ENV_VAR, Content, load_content
from estoc.engine.simulation import Outcome, SimEncounter, SimSystem, apply_settings, side_order
from estoc.errors import EstocError, InputError
from estoc.i18n import _
from estoc.sim.tally import Counts, Paired
from estoc.systems.base import find_sim_system, sim_systems
from estoc.systems.encounters import read_encounter

DEFAULT_CHUNK = 10_000
DEFAULT_MAX_ROUNDS = 100
SYSTEM_SETTINGS: dict[str, tuple[str, ...]] = {
    system.id: tuple(spec.key for spec in system.settings) for system in sim_systems()}
"""Each system's settings, by system id (declared by the systems: :attr:`SimSystem.settings`)."""
SETTINGS = tuple(key for keys in SYSTEM_SETTINGS.values() for key in keys)
"""The settings a run may change (``--set key=value``), each of one system."""

Encounter = SimEncounter
"""An encounter of any system that simulates."""

Progress = Callable[[int], None]
"""Told the number of worlds of each chunk as it is done."""


# --- scenarios ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scenario:
    """An encounter as simulated: the encounter (its settings applied) and the policy's options (the settings of its
    system that are not part of an encounter, such as HARP's ``beasts_flee``)."""

    encounter: Encounter
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def system(self) -> SimSystem[Any, Any]:
        return find_sim_system(self.encounter.system)

    @property
    def settings(self) -> dict[str, Any]:
        """The settings in force, by the keys of :data:`SETTINGS` of the encounter's system."""
        return {spec.key: spec.current(self.encounter, self.options) for spec in self.system.settings}

    @property
    def sides(self) -> list[str]:
        """The side ids in the order of the engine's side indices (a side's first combatant decides)."""
        return side_order(self.encounter)


def parse_setting(text: str) -> tuple[str, Any]:
    """``key=value`` (``--set``) as a known key and its typed value."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if key not in SETTINGS:
        key = key.replace("-", "_")
    if not sep:
        raise InputError(_("a setting is written key=value, not {text!r}; keys: {known}").format(
            text=text, known=", ".join(SETTINGS)))
    return key, setting_value(key, value.strip())


def setting_value(key: str, value: object) -> Any:
    """A setting's value checked and typed (``value`` may be the text typed on the command line)."""
    for system in sim_systems():
        for spec in system.settings:
            if spec.key == key:
                return spec.parse(value)
    raise InputError(_("unknown setting {key!r}; known: {known}").format(key=key, known=", ".join(SETTINGS)))


def scenario(encounter: Encounter, content: Content, settings: Mapping[str, object] | None = None) -> Scenario:
    """The encounter with ``settings`` (keys of :data:`SETTINGS` of its system) applied; unknown keys or values:
    InputError."""
    values = {key: setting_value(key, value) for key, value in (settings or {}).items()}
    system = find_sim_system(encounter.system)
    own = {spec.key: spec for spec in system.settings}
    foreign = [key for key in values if key not in own]
    if foreign:
        raise InputError(_("{keys}: not a setting of the {system} system; its settings: {known}").format(
            keys=", ".join(foreign), system=encounter.system, known=", ".join(own)))
    options = {key: value for key, value in values.items() if own[key].is_option}
    changes = [(own[key], value) for key, value in values.items() if not own[key].is_option]
    if not changes:
        return Scenario(encounter, options)
    setup = json.loads(json.dumps(encounter.setup))  # a deep copy: the caller's setup stays as it was
    apply_settings(setup, changes)
    return Scenario(system.read_encounter(setup, content), options)


# --- one chunk ----------------------------------------------------------------------------------------------------

def play_worlds(encounter: Encounter, content: Content, worlds: int, seed: np.random.SeedSequence, *,
                first: int = 0, options: Mapping[str, Any] | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS
                ) -> Outcome:
    """``worlds`` fights played to their end with the dice of ``seed`` (worlds ``first`` to ``first + worlds − 1``
    of the run) by the encounter's system: what each world came to."""
    system = find_sim_system(encounter.system)
    return system.play_chunk(encounter, system.prepare(content), worlds, seed, first, max_rounds, options or {})


@dataclass(frozen=True)
class Spec:
    """A scenario as a worker receives it: plain, picklable data (the encounter's setup as JSON)."""

    setup: str
    options: dict[str, Any]


@dataclass(frozen=True)
class Job:
    """What every chunk of a run needs, picklable for another process or a Dask worker."""

    folders: tuple[str, ...]
    """The content folders laid over the shipped content, in order (``ESTOC_CONTENT``'s already included)."""
    a: Spec
    b: Spec | None
    sides: tuple[tuple[int, int], ...]
    """Sides paired in a comparison: (index in a, index in b)."""
    combatants: tuple[tuple[int, int], ...]
    max_rounds: int
    threads: int = 1
    """Threads a system's kernel plays one chunk on (the ``threads`` option of its chunk entry)."""


@dataclass(frozen=True)
class Chunk:
    """One chunk: its index, its number of worlds, the run's seed and the index of its first world in the run."""

    job: Job
    index: int
    worlds: int
    seed: np.random.SeedSequence
    first: int


ChunkResult = tuple[Counts, Counts | None, Paired | None]


def play_chunk(chunk: Chunk, content: Content, a: Encounter, b: Encounter | None) -> ChunkResult:
    """Play one chunk of a run (and of the compared scenario, on the same dice): its counts."""
    job = chunk.job
    first = play_worlds(a, content, chunk.worlds, chunk.seed, first=chunk.first,
                        options={**job.a.options, "threads": job.threads}, max_rounds=job.max_rounds)
    counts = Counts.of(first, len(side_order(a)), job.max_rounds)
    if b is None or job.b is None:
        return counts, None, None
    second = play_worlds(b, content, chunk.worlds, chunk.seed, first=chunk.first,
                         options={**job.b.options, "threads": job.threads}, max_rounds=job.max_rounds)
    return (counts, Counts.of(second, len(side_order(b)), job.max_rounds),
            Paired.of(first, second, job.sides, job.combatants))


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk away from the caller (a pool's process, a Dask worker): the content is rebuilt from its
    folders, once a process (and what each system prepares from it, by the system, once a process)."""
    job = chunk.job
    b = _encounter(job.folders, job.b.setup) if job.b is not None else None
    return play_chunk(chunk, _content(job.folders), _encounter(job.folders, job.a.setup), b)


@functools.cache
def _content(folders: tuple[str, ...]) -> Content:
    return load_content(folders, use_env=False)


@functools.cache
def _encounter(folders: tuple[str, ...], setup: str) -> Encounter:
    return encounter_of(json.loads(setup), _content(folders))


def encounter_of(setup: dict[str, Any], content: Content) -> Encounter:
    """The encounter of any system a setup describes (read by the system it names)."""
    system = setup.get("system")
    encounter: Encounter = find_sim_system(system if isinstance(system, str) else "").read_encounter(setup, content)
    return encounter


def load_any_encounter(path: Path, content: Content) -> Encounter:
    """An encounter file of any system that simulates."""
    return encounter_of(read_encounter(path, content).setup, content)


# --- runs ---------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CombatantInfo:
    """A combatant as a summary names it."""

    id: str
    name: dict[str, str]
    side: str


@dataclass(frozen=True)
class SimRun:
    """A finished run: what was played and the counts it added up to (see :func:`estoc.sim.summary.summarize`)."""

    system: str
    """The rule system's id (:func:`~estoc.systems.base.find_sim_system`)."""
    name: dict[str, str]
    sides: list[str]
    """Side ids, in the order of ``counts.wins``."""
    side_names: dict[str, dict[str, str]]
    combatants: list[CombatantInfo]
    settings: dict[str, Any]
    n: int
    seed: int
    chunk: int
    max_rounds: int
    counts: Counts
    marks: list[str]
    """What ``counts.crit_taken`` counts, column by column (the system's :attr:`SimSystem.marks`)."""
    task_ids: list[str] = field(default_factory=list)
    """What ``counts.tasks_tried`` counts, column by column (the One Ring's combat tasks; none elsewhere)."""


@dataclass(frozen=True)
class ComparisonRun:
    """Two scenarios played on common random numbers, and the sums of their paired differences (a − b)."""

    a: SimRun
    b: SimRun
    sides: list[str]
    """The side ids both have, in the order of ``paired.win``."""
    combatants: list[str]
    """The combatant ids both have, in the order of ``paired.downed``."""
    paired: Paired


def content_folders(user_folders: Iterable[Path | str] = ()) -> tuple[str, ...]:
    """The folders :func:`~estoc.content.registry.load_content` lays over the shipped content, as absolute paths,
    so that a worker with another environment (a Dask worker) loads the same content."""
    folders = [p for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    folders.extend(str(p) for p in user_folders)
    return tuple(str(Path(p).resolve()) for p in folders)


def check_run(n: int, *, chunk: int = DEFAULT_CHUNK, workers: int = 1, max_rounds: int = DEFAULT_MAX_ROUNDS,
              threads: int = 1) -> None:
    """InputError for a number of fights, chunk size, number of workers or threads or round limit below 1."""
    for value, message in ((n, _("the number of fights must be at least 1, not {value}")),
                           (chunk, _("the chunk size must be at least 1, not {value}")),
                           (workers, _("the number of workers must be at least 1, not {value}")),
                           (threads, _("the number of threads must be at least 1, not {value}")),
                           (max_rounds, _("the round limit must be at least 1, not {value}"))):
        if value < 1:
            raise InputError(message.format(value=value))


def simulate(encounter: Encounter | Scenario, content: Content, n: int, *, seed: int,
             folders: Sequence[Path | str] = (), settings: Mapping[str, object] | None = None,
             chunk: int = DEFAULT_CHUNK, workers: int = 1, scheduler: str | None = None,
             max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None, threads: int = 1) -> SimRun:
    """Play ``n`` fights of an encounter with the default policy.

    Args:
        encounter: the encounter (or a scenario already built).
        content: the content the encounter was loaded with (its system prepares what its kernel needs from it).
        n: the number of fights.
        seed: the run's seed: the same seed gives the same result with any chunk size, on any number of workers.
        folders: the user content folders ``content`` was loaded from (workers rebuild it from them).
        settings: settings changed for this run (keys of :data:`SETTINGS` of the encounter's system, its policy
            options included: HARP's ``beasts_flee``, badly hurt beasts flee).
        chunk: the most worlds one chunk plays at once (memory follows it).
        workers: processes to play chunks on (1: this process).
        threads: threads each chunk is played on (by a system whose kernel plays worlds in parallel threads).
        scheduler: the address of a Dask scheduler to play chunks on instead (needs ``estoc[cluster]``).
        max_rounds: a fight still going after this many rounds is counted undecided.
        progress: told the worlds of each chunk done.
    """
    check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds, threads=threads)
    if scheduler is not None:
        require_dask()
    first = _scenario(encounter, content, settings)
    job = Job(content_folders(folders), _spec(first), None, (), (), max_rounds, threads)
    counts: Counts | None = None
    for a, _b, _p in _run(job, n, seed, chunk, workers, scheduler, progress, content, first.encounter, None):
        counts = a if counts is None else counts.merge(a)
    assert counts is not None
    return _sim_run(first, counts, n, seed, chunk, max_rounds)


def compare(a: Encounter | Scenario, b: Encounter | Scenario, content: Content, n: int, *, seed: int,
            folders: Sequence[Path | str] = (), settings_a: Mapping[str, object] | None = None,
            settings_b: Mapping[str, object] | None = None, chunk: int = DEFAULT_CHUNK, workers: int = 1,
            scheduler: str | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None,
            threads: int = 1) -> ComparisonRun:
    """Play ``n`` fights of two scenarios on common random numbers (same seed, same chunks); the arguments are
    :func:`simulate`'s, with settings for each side of the comparison."""
    check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds, threads=threads)
    if scheduler is not None:
        require_dask()
    first = _scenario(a, content, settings_a)
    second = _scenario(b, content, settings_b)
    sides_a, sides_b = first.sides, second.sides
    common_sides = [s for s in sides_a if s in sides_b]
    ids_a = [cid for cid, _s, _c in first.encounter.combatants]
    ids_b = [cid for cid, _s, _c in second.encounter.combatants]
    common = [cid for cid in ids_a if cid in ids_b]
    job = Job(content_folders(folders), _spec(first), _spec(second),
              tuple((sides_a.index(s), sides_b.index(s)) for s in common_sides),
              tuple((ids_a.index(c), ids_b.index(c)) for c in common), max_rounds, threads)
    total: ChunkResult | None = None
    for part in _run(job, n, seed, chunk, workers, scheduler, progress, content, first.encounter,
                     second.encounter):
        total = part if total is None else _merge(total, part)
    assert total is not None and total[1] is not None and total[2] is not None
    return ComparisonRun(_sim_run(first, total[0], n, seed, chunk, max_rounds),
                         _sim_run(second, total[1], n, seed, chunk, max_rounds), common_sides, common, total[2])


def chunk_sizes(n: int, chunk: int) -> list[int]:
    """The worlds of each chunk: ``chunk`` each, the rest in the last one."""
    full, rest = divmod(n, chunk)
    return [chunk] * full + ([rest] if rest else [])


def _scenario(encounter: Encounter | Scenario, content: Content, settings: Mapping[str, object] | None
              ) -> Scenario:
    if isinstance(encounter, Scenario):
        # A scenario keeps its policy options; the settings given here come on top.
        return scenario(encounter.encounter, content, {**encounter.options, **(settings or {})})
    return scenario(encounter, content, settings)


def _spec(s: Scenario) -> Spec:
    return Spec(json.dumps(s.encounter.setup, sort_keys=True), dict(s.options))


def _sim_run(s: Scenario, counts: Counts, n: int, seed: int, chunk: int, max_rounds: int) -> SimRun:
    e, system = s.encounter, s.system
    return SimRun(system=system.id, name=dict(e.name), sides=s.sides,
                  side_names={side.id: dict(side.name) for side in e.sides},
                  combatants=[CombatantInfo(cid, dict(c.name), side) for cid, side, c in e.combatants],
                  settings=s.settings, n=n, seed=seed, chunk=chunk, max_rounds=max_rounds, counts=counts,
                  marks=list(system.marks), task_ids=list(system.task_ids))


def _merge(x: ChunkResult, y: ChunkResult) -> ChunkResult:
    b = x[1].merge(y[1]) if x[1] is not None and y[1] is not None else None
    paired = x[2].merge(y[2]) if x[2] is not None and y[2] is not None else None
    return x[0].merge(y[0]), b, paired


def _run(job: Job, n: int, seed: int, chunk: int, workers: int, scheduler: str | None, progress: Progress | None,
         content: Content, a: Encounter, b: Encounter | None) -> Iterator[ChunkResult]:
    """Every chunk's result, in chunk order, wherever they are played."""
    sizes = chunk_sizes(n, chunk)
    run_seed = np.random.SeedSequence(seed)
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    chunks = [Chunk(job, i, size, run_seed, starts[i]) for i, size in enumerate(sizes)]
    if scheduler is not None:
        yield from _on_dask(scheduler, chunks, progress)
    elif workers == 1 or len(chunks) == 1:
        for c in chunks:
            # In this process, the caller's content and encounters serve as they are: nothing is rebuilt.
            result = play_chunk(c, content, a, b)
            if progress is not None:
                progress(c.worlds)
            yield result
    else:
        yield from _on_processes(min(workers, len(chunks)), chunks, progress)


def _in_order(done: Iterable[tuple[int, ChunkResult]], chunks: list[Chunk], progress: Progress | None
              ) -> Iterator[ChunkResult]:
    """Results as they come, handed on in chunk order (those ahead of their turn wait, a few at most)."""
    waiting: dict[int, ChunkResult] = {}
    following = 0
    for index, result in done:
        if progress is not None:
            progress(chunks[index].worlds)
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _on_processes(workers: int, chunks: list[Chunk], progress: Progress | None) -> Iterator[ChunkResult]:
    # spawn, not fork: the same on every platform, and no copy of the caller's threads or locks.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        try:
            yield from _in_order(_bounded(pool, chunks, 4 * workers), chunks, progress)
        except BrokenProcessPool as exc:
            raise EstocError(_("a worker process stopped before its chunk was played: {error}").format(
                error=exc)) from exc
        except BaseException:
            # An interrupt: the chunks not started yet are dropped rather than played for nothing.
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _bounded(pool: ProcessPoolExecutor, chunks: list[Chunk], ahead: int) -> Iterator[tuple[int, ChunkResult]]:
    """Chunks submitted a few at a time, so that results waiting for their turn stay few."""
    pending: dict[Future[ChunkResult], int] = {}
    todo = iter(chunks)
    for c in todo:
        pending[pool.submit(run_chunk, c)] = c.index
        if len(pending) >= ahead:
            break
    while pending:
        done, _rest = wait(pending, return_when=FIRST_COMPLETED)
        for future in sorted(done, key=lambda f: pending[f]):
            index = pending.pop(future)
            yield index, future.result()
        for c in todo:
            pending[pool.submit(run_chunk, c)] = c.index
            if len(pending) >= ahead:
                break


def require_dask() -> Any:
    """The ``dask.distributed`` module; InputError saying what to install when it is missing."""
    try:
        # Imported by name: Dask is an optional extra, and the type checker need not know it.
        return importlib.import_module("dask.distributed")
    except ImportError:
        raise InputError(_("playing on a Dask cluster needs Dask: install estoc[cluster]")) from None


def _on_dask(address: str, chunks: list[Chunk], progress: Progress | None) -> Iterator[ChunkResult]:
    distributed = require_dask()
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(_("cannot reach the Dask scheduler at {address}: {error}").format(
            address=address, error=exc)) from exc
    with client:
        futures = client.map(run_chunk, chunks, pure=False)
        index = {future.key: i for i, future in enumerate(futures)}

        def done() -> Iterator[tuple[int, ChunkResult]]:
            for future in distributed.as_completed(futures):
                yield index[future.key], future.result()

        yield from _in_order(done(), chunks, progress)

