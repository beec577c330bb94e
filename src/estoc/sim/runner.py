"""The Monte Carlo runner: many whole fights of an encounter, in chunks of worlds, on one or many processes.

``n`` fights are cut into chunks of at most ``chunk`` worlds; chunk ``i`` always plays with the ``i``-th child of
``SeedSequence(seed)``, whatever runs it, so a result depends on the seed and the chunk size only, never on the number
of workers. Each chunk plays its worlds with :class:`~estoc.systems.harp.batch.BatchFight` and hands back counts and
sums (:class:`~estoc.sim.tally.Counts`), never one value per world, so memory stays that of one chunk however many
fights are played. Chunks run in this process, in a pool of processes, or on a Dask cluster; their counts are merged
in chunk order.

Each world of a chunk rolls from its own streams (:class:`~estoc.dice.KeyedDice`, keyed by the chunk's seed): its
``k``-th attack roll, critical, initiative… is the same whatever the other worlds do. A comparison plays a second
scenario on these common random numbers: world ``w`` of chunk ``i`` gets the same dice in both, even after the two
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
from estoc.dice import KeyedDice
from estoc.errors import EstocError, InputError
from estoc.i18n import _
from estoc.play.encounter import LoadedEncounter, encounter_from_setup
from estoc.sim.tally import Counts, Outcome, Paired
from estoc.systems.d100.batch import BatchFight as D100Batch
from estoc.systems.d100.encounter import SETUP_PATH, LoadedD100Encounter, load_d100_encounter
from estoc.systems.harp.batch import UNLIMITED, BatchFight, sides_left
from estoc.systems.harp.conditions import HarpState
from estoc.systems.harp.roster import Roster
from estoc.systems.harp.tables import HarpTables
from estoc.systems.tor.encounter import SETUP_PATH as TOR_SETUP_PATH
from estoc.systems.tor.encounter import LoadedTorEncounter, load_tor_encounter
from estoc.systems.tor.round import TASK_IDS
from estoc.systems.tor.sim import play_worlds as play_tor_worlds

DEFAULT_CHUNK = 10_000
DEFAULT_MAX_ROUNDS = 100
HARP_SETTINGS = ("fight_mod", "beyond_limit", "full_sun", "beasts_flee")
D100_SETTINGS = ("fumble_from", "dodge_missiles", "helmet_points", "distance")
TOR_SETTINGS = ("tor.load", *(f"tor.tasks.{task}" for task in TASK_IDS))
"""The One Ring house rules: weariness from load, and each combat task, on or off (``--set
tor.tasks.contre-attaque=off``)."""
SETTINGS = HARP_SETTINGS + D100_SETTINGS + TOR_SETTINGS
"""The settings a run may change (``--set key=value``), each of one system."""
SYSTEM_SETTINGS = {"harp": HARP_SETTINGS, "d100": D100_SETTINGS, "tor": TOR_SETTINGS}
MARKS = {"harp": ["A", "B", "C", "D", "E"], "d100": ["special"], "tor": ["wound"]}
"""What the summary counts of the blows each combatant takes: HARP's criticals by severity, d100's special
successes."""
BEYOND_LIMIT = ("cap", "uncapped", "second-attack")
TRUE = ("true", "yes", "on", "1", "oui", "vrai")
FALSE = ("false", "no", "off", "0", "non", "faux")

Encounter = LoadedEncounter | LoadedD100Encounter | LoadedTorEncounter
"""An encounter of any system that simulates."""

Progress = Callable[[int], None]
"""Told the number of worlds of each chunk as it is done."""


# --- scenarios ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scenario:
    """An encounter as simulated: the encounter (its settings applied) and the policy's choices."""

    encounter: Encounter
    beasts_flee: bool = False

    @property
    def settings(self) -> dict[str, Any]:
        """The settings in force, by the keys of :data:`SETTINGS` of the encounter's system."""
        e = self.encounter
        if isinstance(e, LoadedTorEncounter):
            return {"tor.load": e.load, **{f"tor.tasks.{task}": on for task, on in e.tasks.items()}}
        if isinstance(e, LoadedD100Encounter):
            return {"fumble_from": e.settings.fumble_from, "dodge_missiles": e.settings.dodge_missiles,
                    "helmet_points": e.settings.helmet_points, "distance": e.distance}
        return {"fight_mod": e.modifiers.fight, "beyond_limit": e.settings.beyond_limit, "full_sun": e.full_sun,
                "beasts_flee": self.beasts_flee}

    @property
    def sides(self) -> list[str]:
        """The side ids in the order of the engine's side indices (a side's first combatant decides)."""
        return side_order(self.encounter)


def side_order(encounter: Encounter) -> list[str]:
    """The side ids as the batch engine numbers them (``winner`` values index this list)."""
    return list(dict.fromkeys(side for _id, side, _c in encounter.combatants))


def parse_setting(text: str) -> tuple[str, Any]:
    """``key=value`` (``--set``) as a known key and its typed value."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not key.startswith("tor."):
        key = key.replace("-", "_")
    if not sep:
        raise InputError(_("a setting is written key=value, not {text!r}; keys: {known}").format(
            text=text, known=", ".join(SETTINGS)))
    return key, setting_value(key, value.strip())


def setting_value(key: str, value: object) -> Any:
    """A setting's value checked and typed (``value`` may be the text typed on the command line)."""
    if key not in SETTINGS:
        raise InputError(_("unknown setting {key!r}; known: {known}").format(key=key, known=", ".join(SETTINGS)))
    text = str(value).strip().lower()
    if key.startswith("tor.") and not isinstance(value, bool):
        if text in TRUE:
            return True
        if text in FALSE:
            return False
        raise InputError(_("{key} is on or off, not {value!r}").format(key=key, value=value))
    if key == "fight_mod":
        if isinstance(value, bool):
            raise InputError(_("{key} takes a whole number, not {value!r}").format(key=key, value=value))
        try:
            return int(value) if isinstance(value, int) else int(text)
        except ValueError:
            raise InputError(_("{key} takes a whole number, not {value!r}").format(key=key, value=value)) from None
    if key == "beyond_limit" or key == "helmet_points":
        choices = BEYOND_LIMIT if key == "beyond_limit" else ("add", "ignore")
        if text not in choices:
            raise InputError(_("{key} is one of {choices}, not {value!r}").format(
                key=key, choices=", ".join(choices), value=value))
        return text
    if key in ("fumble_from", "distance"):
        if key == "distance" and text in ("none", "aucune"):
            return None
        low, high = (90, 101) if key == "fumble_from" else (0, 100_000)
        try:
            number = int(text) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise InputError(_("{key} takes a whole number from {low} to {high}, not {value!r}").format(
                key=key, low=low, high=high, value=value))
        return number
    if isinstance(value, bool):
        return value
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise InputError(_("{key} is true or false, not {value!r}").format(key=key, value=value))


def scenario(encounter: Encounter, content: Content, settings: Mapping[str, object] | None = None, *,
             beasts_flee: bool = False) -> Scenario:
    """The encounter with ``settings`` (keys of :data:`SETTINGS` of its system) applied; unknown keys or values:
    InputError."""
    values = {key: setting_value(key, value) for key, value in (settings or {}).items()}
    own = SYSTEM_SETTINGS[encounter.system]
    foreign = [key for key in values if key not in own]
    if foreign or (beasts_flee and encounter.system != "harp"):
        raise InputError(_("{keys}: not a setting of the {system} system; its settings: {known}").format(
            keys=", ".join(foreign or ["beasts_flee"]), system=encounter.system, known=", ".join(own)))
    flee = bool(values.pop("beasts_flee", beasts_flee))
    if not values:
        return Scenario(encounter, flee)
    setup = json.loads(json.dumps(encounter.setup))  # a deep copy: the caller's setup stays as it was
    if isinstance(encounter, LoadedTorEncounter):
        tasks = setup.setdefault("settings", {}).setdefault("tasks", {})
        for key, on in values.items():
            if key == "tor.load":
                setup["settings"]["load"] = on
            else:
                tasks[key.removeprefix("tor.tasks.")] = on
        return Scenario(load_tor_encounter(setup, TOR_SETUP_PATH, content), flee)
    if isinstance(encounter, LoadedD100Encounter):
        for key in ("fumble_from", "dodge_missiles", "helmet_points"):
            if key in values:
                setup.setdefault("settings", {})[key] = values[key]
        if "distance" in values:
            setup["distance"] = values["distance"]
            if values["distance"] is None:
                del setup["distance"]
        return Scenario(load_d100_encounter(setup, SETUP_PATH, content), flee)
    if "fight_mod" in values:
        setup.setdefault("modifiers", {})["fight"] = values["fight_mod"]
    if "beyond_limit" in values:
        setup.setdefault("settings", {})["beyond_limit"] = values["beyond_limit"]
    if "full_sun" in values:
        setup["full_sun"] = values["full_sun"]
    return Scenario(encounter_from_setup(setup, content), flee)


# --- one chunk ----------------------------------------------------------------------------------------------------

def batch_fight(encounter: LoadedEncounter, tables: HarpTables, worlds: int, *, beasts_flee: bool = False
                ) -> BatchFight:
    """``worlds`` fresh copies of an encounter's fight, ready to :meth:`~BatchFight.play` (play's setup, as arrays)."""
    people = [combatant for _id, _side, combatant in encounter.combatants]
    sides = [side for _id, side, _c in encounter.combatants]
    roster = Roster.build(tables, list(people), sides)
    state = HarpState.new(worlds, [c.hp for c in people], [c.body_rr for c in people],
                          stun_immune=[c.stun_immune for c in people], bleed_immune=[c.bleed_immune for c in people])
    uses = np.full((worlds, len(people), roster.ob.shape[1]), UNLIMITED, dtype=np.int64)
    for i, person in enumerate(people):
        for s, strike in enumerate(person.strikes):
            if strike.uses is not None:
                uses[:, i, s] = strike.uses
        # The roster pads everyone's strikes to the most any has; a padding slot reads as an area strike to the
        # default policy, which would "breathe" with it: no uses left keeps it from ever being chosen.
        uses[:, i, len(person.strikes):] = 0
    order = side_order(encounter)
    surprised = order.index(encounter.surprise) if encounter.surprise in order else -1
    return BatchFight(tables, roster, state, settings=encounter.settings, fight_mod=encounter.modifiers.fight,
                      full_sun=encounter.full_sun, surprised_side=surprised, beasts_flee=beasts_flee, uses=uses)


def play_worlds(encounter: Encounter, tables: HarpTables, worlds: int, seed: np.random.SeedSequence, *,
                beasts_flee: bool = False, max_rounds: int = DEFAULT_MAX_ROUNDS) -> Outcome:
    """``worlds`` fights played to their end with the dice of ``seed``: what each world came to."""
    if isinstance(encounter, LoadedTorEncounter):
        return play_tor_worlds(encounter, worlds, seed, max_rounds)
    dice = KeyedDice(seed, worlds)
    if isinstance(encounter, LoadedD100Encounter):
        fight_d100 = D100Batch(encounter.outcomes, [c for _i, _s, c in encounter.combatants],
                               [s for _i, s, _c in encounter.combatants], worlds, settings=encounter.settings,
                               distance=encounter.distance)
        return Outcome.of_d100(fight_d100.play(dice, max_rounds))
    fight = batch_fight(encounter, tables, worlds, beasts_flee=beasts_flee)
    roster = fight.roster
    result = fight.play(dice, max_rounds)
    # Read from the result, not the fight: the fight may have dropped its finished worlds (compaction).
    return Outcome.of(result, sides_left(result.state, roster, result.present) <= 1)


@dataclass(frozen=True)
class Spec:
    """A scenario as a worker receives it: plain, picklable data (the encounter's setup as JSON)."""

    setup: str
    beasts_flee: bool


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


@dataclass(frozen=True)
class Chunk:
    """One chunk: its index, its number of worlds, its own stream of dice."""

    job: Job
    index: int
    worlds: int
    seed: np.random.SeedSequence


ChunkResult = tuple[Counts, Counts | None, Paired | None]


def play_chunk(chunk: Chunk, tables: HarpTables, a: Encounter, b: Encounter | None) -> ChunkResult:
    """Play one chunk of a run (and of the compared scenario, on the same dice): its counts."""
    job = chunk.job
    first = play_worlds(a, tables, chunk.worlds, chunk.seed, beasts_flee=job.a.beasts_flee,
                        max_rounds=job.max_rounds)
    counts = Counts.of(first, len(side_order(a)), job.max_rounds)
    if b is None or job.b is None:
        return counts, None, None
    second = play_worlds(b, tables, chunk.worlds, chunk.seed, beasts_flee=job.b.beasts_flee,
                         max_rounds=job.max_rounds)
    return (counts, Counts.of(second, len(side_order(b)), job.max_rounds),
            Paired.of(first, second, job.sides, job.combatants))


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk away from the caller (a pool's process, a Dask worker): the content is rebuilt from its
    folders, once a process."""
    job = chunk.job
    tables = _content(job.folders)[1]
    b = _encounter(job.folders, job.b.setup) if job.b is not None else None
    return play_chunk(chunk, tables, _encounter(job.folders, job.a.setup), b)


@functools.cache
def _content(folders: tuple[str, ...]) -> tuple[Content, HarpTables]:
    from estoc.systems.harp.tables import compile_tables

    content = load_content(folders, use_env=False)
    return content, compile_tables(content)


@functools.cache
def _encounter(folders: tuple[str, ...], setup: str) -> Encounter:
    return encounter_of(json.loads(setup), _content(folders)[0])


def encounter_of(setup: dict[str, Any], content: Content) -> Encounter:
    """The encounter of any system a setup describes."""
    if setup.get("system") == "d100":
        return load_d100_encounter(setup, SETUP_PATH, content)
    if setup.get("system") == "tor":
        return load_tor_encounter(setup, TOR_SETUP_PATH, content)
    return encounter_from_setup(setup, content)


def load_any_encounter(path: Path, content: Content) -> Encounter:
    """An encounter file of any system that simulates."""
    from estoc.play.systems import read_encounter

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
    """What ``counts.crit_taken`` counts, column by column (:data:`MARKS`)."""
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


def check_run(n: int, *, chunk: int = DEFAULT_CHUNK, workers: int = 1, max_rounds: int = DEFAULT_MAX_ROUNDS) -> None:
    """InputError for a number of fights, chunk size, number of workers or round limit below 1."""
    for value, message in ((n, _("the number of fights must be at least 1, not {value}")),
                           (chunk, _("the chunk size must be at least 1, not {value}")),
                           (workers, _("the number of workers must be at least 1, not {value}")),
                           (max_rounds, _("the round limit must be at least 1, not {value}"))):
        if value < 1:
            raise InputError(message.format(value=value))


def simulate(encounter: Encounter | Scenario, content: Content, tables: HarpTables, n: int, *, seed: int,
             folders: Sequence[Path | str] = (), settings: Mapping[str, object] | None = None,
             beasts_flee: bool = False, chunk: int = DEFAULT_CHUNK, workers: int = 1, scheduler: str | None = None,
             max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None) -> SimRun:
    """Play ``n`` fights of an encounter with the default policy.

    Args:
        encounter: the encounter (or a scenario already built).
        content: the content the encounter was loaded with; ``tables`` compiled from it.
        n: the number of fights.
        seed: the run's seed: the same seed and chunk size give the same result on any number of workers.
        folders: the user content folders ``content`` was loaded from (workers rebuild it from them).
        settings: settings changed for this run (keys of :data:`SETTINGS`).
        beasts_flee: badly hurt beasts flee.
        chunk: the most worlds one chunk plays at once (memory follows it).
        workers: processes to play chunks on (1: this process).
        scheduler: the address of a Dask scheduler to play chunks on instead (needs ``estoc[cluster]``).
        max_rounds: a fight still going after this many rounds is counted undecided.
        progress: told the worlds of each chunk done.
    """
    check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds)
    if scheduler is not None:
        require_dask()
    first = _scenario(encounter, content, settings, beasts_flee)
    job = Job(content_folders(folders), _spec(first), None, (), (), max_rounds)
    counts: Counts | None = None
    for a, _b, _p in _run(job, n, seed, chunk, workers, scheduler, progress, tables, first.encounter, None):
        counts = a if counts is None else counts.merge(a)
    assert counts is not None
    return _sim_run(first, counts, n, seed, chunk, max_rounds)


def compare(a: Encounter | Scenario, b: Encounter | Scenario, content: Content, tables: HarpTables,
            n: int, *, seed: int, folders: Sequence[Path | str] = (), settings_a: Mapping[str, object] | None = None,
            settings_b: Mapping[str, object] | None = None, beasts_flee: bool = False, chunk: int = DEFAULT_CHUNK,
            workers: int = 1, scheduler: str | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS,
            progress: Progress | None = None) -> ComparisonRun:
    """Play ``n`` fights of two scenarios on common random numbers (same seed, same chunks); the arguments are
    :func:`simulate`'s, with settings for each side of the comparison."""
    check_run(n, chunk=chunk, workers=workers, max_rounds=max_rounds)
    if scheduler is not None:
        require_dask()
    first = _scenario(a, content, settings_a, beasts_flee)
    second = _scenario(b, content, settings_b, beasts_flee)
    sides_a, sides_b = first.sides, second.sides
    common_sides = [s for s in sides_a if s in sides_b]
    ids_a = [cid for cid, _s, _c in first.encounter.combatants]
    ids_b = [cid for cid, _s, _c in second.encounter.combatants]
    common = [cid for cid in ids_a if cid in ids_b]
    job = Job(content_folders(folders), _spec(first), _spec(second),
              tuple((sides_a.index(s), sides_b.index(s)) for s in common_sides),
              tuple((ids_a.index(c), ids_b.index(c)) for c in common), max_rounds)
    total: ChunkResult | None = None
    for part in _run(job, n, seed, chunk, workers, scheduler, progress, tables, first.encounter, second.encounter):
        total = part if total is None else _merge(total, part)
    assert total is not None and total[1] is not None and total[2] is not None
    return ComparisonRun(_sim_run(first, total[0], n, seed, chunk, max_rounds),
                         _sim_run(second, total[1], n, seed, chunk, max_rounds), common_sides, common, total[2])


def chunk_sizes(n: int, chunk: int) -> list[int]:
    """The worlds of each chunk: ``chunk`` each, the rest in the last one."""
    full, rest = divmod(n, chunk)
    return [chunk] * full + ([rest] if rest else [])


def _scenario(encounter: Encounter | Scenario, content: Content, settings: Mapping[str, object] | None,
              beasts_flee: bool) -> Scenario:
    if isinstance(encounter, Scenario):
        return scenario(encounter.encounter, content, settings, beasts_flee=encounter.beasts_flee)
    return scenario(encounter, content, settings, beasts_flee=beasts_flee)


def _spec(s: Scenario) -> Spec:
    return Spec(json.dumps(s.encounter.setup, sort_keys=True), s.beasts_flee)


def _sim_run(s: Scenario, counts: Counts, n: int, seed: int, chunk: int, max_rounds: int) -> SimRun:
    e = s.encounter
    return SimRun(name=dict(e.name), sides=s.sides, side_names={side.id: dict(side.name) for side in e.sides},
                  combatants=[CombatantInfo(cid, dict(c.name), side) for cid, side, c in e.combatants],
                  settings=s.settings, n=n, seed=seed, chunk=chunk, max_rounds=max_rounds, counts=counts,
                  marks=MARKS[e.system], task_ids=list(TASK_IDS) if e.system == "tor" else [])


def _merge(x: ChunkResult, y: ChunkResult) -> ChunkResult:
    b = x[1].merge(y[1]) if x[1] is not None and y[1] is not None else None
    paired = x[2].merge(y[2]) if x[2] is not None and y[2] is not None else None
    return x[0].merge(y[0]), b, paired


def _run(job: Job, n: int, seed: int, chunk: int, workers: int, scheduler: str | None, progress: Progress | None,
         tables: HarpTables, a: Encounter, b: Encounter | None) -> Iterator[ChunkResult]:
    """Every chunk's result, in chunk order, wherever they are played."""
    sizes = chunk_sizes(n, chunk)
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    chunks = [Chunk(job, i, size, seeds[i]) for i, size in enumerate(sizes)]
    if scheduler is not None:
        yield from _on_dask(scheduler, chunks, progress)
    elif workers == 1 or len(chunks) == 1:
        for c in chunks:
            # In this process, the caller's content and encounters serve as they are: nothing is rebuilt.
            result = play_chunk(c, tables, a, b)
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

