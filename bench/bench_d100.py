"""Benchmark of the d100 kernel: the bridge sample (``play/samples/pont.yaml``, 3 v 4 at 20 m) simulated on 1 and 2
threads (target: ≥ 100,000 fights/s on 2 cores), its ratio to the dice floor (the time to draw the same number of
keyed dice with :class:`estoc.dice.KeyedDice`; target ≤ 20×), and play: one GM action resolved (the policy's event
tried on a copy of the fight) and an undo, median times (as ``bench_play.py`` for HARP).

The machine is shared and noisy: each figure is the best of several runs, and the runs on 1 and 2 threads alternate
so that both meet the same load. Beside the wall-clock rate, each run reads every thread's own CPU time (Linux's
``/proc/self/task``): fights per CPU-second of a thread, and the rate the run would reach with each thread on a core
of its own (the fights over the busiest thread's CPU time). When other work holds the cores, the wall-clock rate on 2
threads falls to that of 1 while these stay put: the load average is printed for that reason.

Run: ``OMP_WAIT_POLICY=passive python bench/bench_d100.py``.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from estoc.content.registry import load_folder, shipped_folder
from estoc.dice import KeyedDice, SeededDice
from estoc.play.d100 import D100Play
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.sim.runner import load_any_encounter
from estoc.systems.d100.sim import worlds_of
from estoc.systems.d100.worlds import array, kernel_of

RUNS = 5
FIGHTS = 200_000


def thread_times() -> dict[str, float]:
    """CPU seconds (user and system) of each thread of this process, by thread id (empty where /proc is missing)."""
    tick = os.sysconf("SC_CLK_TCK")
    times: dict[str, float] = {}
    for stat in Path("/proc/self/task").glob("*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        times[stat.parent.name] = (int(fields[11]) + int(fields[12])) / tick
    return times


@dataclass
class Rates:
    """The best of several runs on one number of threads."""

    wall: float = 0.0
    """Fights per second of wall-clock time."""
    cpu: float = 0.0
    """Fights per CPU-second of one thread."""
    own_cores: float = 0.0
    """Fights per second with each thread on a core of its own: the fights over the busiest thread's CPU time."""
    dice: float = 0.0


def run_once(encounter: object, threads: int, seed: int, rates: Rates) -> None:
    F = worlds_of(encounter, FIGHTS, np.random.SeedSequence(seed), threads=threads)  # type: ignore[arg-type]
    before = thread_times()
    start = time.perf_counter()
    kernel_of(F).play_all(F, FIGHTS, 100, threads)
    wall = time.perf_counter() - start
    after = thread_times()
    used = sorted((after[t] - before.get(t, 0.0) for t in after), reverse=True)[:threads]
    rates.wall = max(rates.wall, FIGHTS / wall)
    if used and used[0] > 0:
        rates.cpu = max(rates.cpu, FIGHTS / sum(used))
        rates.own_cores = max(rates.own_cores, FIGHTS / used[0])
    rates.dice = float(array(F, "out_dice").mean())


def best_rates(encounter: object, thread_counts: tuple[int, ...]) -> dict[int, Rates]:
    """The best of :data:`RUNS` runs on each number of threads, the runs alternating between them."""
    rates = {threads: Rates() for threads in thread_counts}
    for run in range(RUNS):
        for threads in thread_counts:
            run_once(encounter, threads, run, rates[threads])
    return rates


def floor_rate(dice_per_fight: float) -> tuple[float, float]:
    """Fights per second, of wall-clock time and of CPU time, if a fight only drew its dice (keyed, vectorised: the
    floor)."""
    n = 20_000
    total = int(dice_per_fight * n)
    best = best_cpu = 0.0
    for run in range(RUNS):
        source = KeyedDice(run, total)
        start, cpu = time.perf_counter(), time.thread_time()
        source.draw(100, total, "attack")
        best = max(best, n / (time.perf_counter() - start))
        best_cpu = max(best_cpu, n / max(time.thread_time() - cpu, 1e-9))
    return best, best_cpu


def play_times(content: object, setup: dict[str, object]) -> tuple[float, float]:
    system = D100Play(content)  # type: ignore[arg-type]
    resolved: list[float] = []
    undos: list[float] = []
    with tempfile.TemporaryDirectory() as folder, EventStore(Path(folder) / "bench.db") as store:
        for seed in range(5):
            tracker = Tracker.create(store, system, "bench", {"encounter": setup, "seed": seed})
            while not tracker.fight.is_over():
                start = time.perf_counter()
                trial = tracker.fight.copy()
                trial.apply(trial.auto_event(), SeededDice(seed))
                resolved.append(time.perf_counter() - start)
                tracker.command("auto")
            start = time.perf_counter()
            tracker.command("undo")
            undos.append(time.perf_counter() - start)
    return 1000 * statistics.median(resolved), 1000 * statistics.median(undos)


def main() -> None:
    content = load_folder(shipped_folder())
    path = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))
    bridge = load_any_encounter(path, content)
    rates = best_rates(bridge, (1, 2))
    one = rates[1]
    floor, floor_cpu = floor_rate(one.dice)
    action, undo = play_times(content, bridge.setup)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"d100 bridge (3 v 4 at 20 m), {FIGHTS} fights, best of {RUNS}; load average {load} on {os.cpu_count()} "
          f"cores")
    for threads, r in rates.items():
        print(f"  {threads} thread{'s' if threads > 1 else ' '}: {r.wall:>10,.0f} fights/s   {r.cpu:>10,.0f} per "
              f"CPU-second of a thread   {r.own_cores:>10,.0f} with a core per thread")
    print("  target on 2 cores: >= 100,000 fights/s")
    print(f"  dice per fight: {one.dice:.1f}; floor (keyed dice only, 1 thread): {floor:,.0f} fights/s, "
          f"{floor_cpu:,.0f} per CPU-second; ratio 1 thread: {floor / one.wall:.1f}x wall, "
          f"{floor_cpu / one.cpu:.1f}x CPU (target <= 20x)")
    print(f"  play: GM action resolved (no store), median {action:.2f} ms; undo median {undo:.2f} ms")


if __name__ == "__main__":
    main()
