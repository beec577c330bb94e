"""The One Ring ford sample (five heroes against eight orcs, opening volleys): fights per second on 1 and 2 threads
(target: ≥ 30,000 on 2 cores), the ratio to its dice floor (target ≤ 20×), a GM action and an undo.

The machine is shared and noisy: each figure is the best of several runs, and the runs on 1 and 2 threads alternate
so that both meet the same load. Beside the wall-clock rate, each run reads every thread's own CPU time (Linux's
``/proc/self/task``): the rate the run would reach with each thread on a core of its own (the fights over the
busiest thread's CPU time). When other work holds the cores, the wall-clock rate on 2 threads falls to that of 1
while this one stays put: the load average is printed for that reason. For a figure that does not depend on the
load, count instructions: ``valgrind --tool=callgrind --toggle-collect='*_omp_fn*'`` over a run of ``play_all``
(docs/tor.md gives the figures).

Usage: ``python bench/bench_tor.py [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("OMP_WAIT_POLICY", "passive")

from estoc.content.loader import read_yaml
from estoc.content.registry import load_folder, shipped_folder
from estoc.dice import KeyedDice
from estoc.systems.tor import sim
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter

FORD = Path(__file__).resolve().parents[1] / "src" / "estoc" / "play" / "samples" / "gue.yaml"


def best_of(runs: int, work: object) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 2_000 if args.quick else 20_000
    content = load_folder(shipped_folder())
    ford = load_tor_encounter(read_yaml(FORD), SETUP_PATH, content)
    seed = np.random.SeedSequence(1)
    rates = {1: 0.0, 2: 0.0}
    own = {1: 0.0, 2: 0.0}
    for _run in range(2 if args.quick else 5):
        for threads in (1, 2):
            F = sim.worlds_of(ford, n, seed, threads=threads)
            before, start = thread_times(), time.perf_counter()
            sim.kernel_of(F).play_all(F, n, 100, threads)
            wall = time.perf_counter() - start
            after = thread_times()
            used = sorted((after[t] - before.get(t, 0.0) for t in after), reverse=True)[:threads]
            rates[threads] = max(rates[threads], n / wall)
            if used and used[0] > 0:
                own[threads] = max(own[threads], n / used[0])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    for threads in (1, 2):
        print(f"ford, {threads} thread(s): {rates[threads]:,.0f} fights/s (with a core a thread: "
              f"{own[threads]:,.0f}); load average {load:.1f} on {os.cpu_count()} cores")
    F = sim.worlds_of(ford, n, seed)
    sim.kernel_of(F).play_all(F, n, 100, 1)
    dice = int(np.asarray(F.out_dice).sum())
    keyed = KeyedDice(seed, 1)
    draws = 100_000
    floor = best_of(3, lambda: keyed.draw(6, draws, "attack-success", np.zeros(draws, dtype=np.int64))) / draws
    per_fight = dice / n * floor
    print(f"dice a fight: {dice / n:,.0f}; the dice floor: {1 / per_fight:,.0f} fights/s; "
          f"ratio to the floor (1 thread): {1 / per_fight / rates[1]:.1f}×")
    from estoc.play.store import EventStore
    from estoc.play.systems import fight_system
    from estoc.play.tracker import Tracker

    system = fight_system("tor", content)
    with tempfile.TemporaryDirectory() as folder, EventStore(Path(folder) / "f.db") as store:
        tracker = Tracker.create(store, system, "bench", {"encounter": ford.setup, "seed": 1})
        actions, undos = [], []
        for _ in range(60 if not args.quick else 20):
            if tracker.fight.is_over():
                break
            start = time.perf_counter()
            tracker.submit(tracker.fight.auto_event())
            actions.append(time.perf_counter() - start)
        for _ in range(10):
            start = time.perf_counter()
            tracker.undo()
            undos.append(time.perf_counter() - start)
        print(f"a GM action (with the store's fsync): median {statistics.median(actions) * 1000:.2f} ms; "
              f"an undo: median {statistics.median(undos) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
