"""The One Ring ford sample: fights per second on 1 and 2 threads, the ratio to its dice floor, a GM action and an
undo (best of several runs; the shared 2-core machine is noisy).

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 2_000 if args.quick else 20_000
    content = load_folder(shipped_folder())
    ford = load_tor_encounter(read_yaml(FORD), SETUP_PATH, content)
    seed = np.random.SeedSequence(1)
    rates = {}
    for threads in (1, 2):
        elapsed = best_of(3, lambda t=threads: sim.play_chunk(ford, n, seed, 0, 100, threads=t))
        rates[threads] = n / elapsed
        print(f"ford, {threads} thread(s): {rates[threads]:,.0f} fights/s")
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
