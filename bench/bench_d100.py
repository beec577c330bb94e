"""Benchmark of the d100 kernel: the bridge sample (``play/samples/pont.yaml``, 3 v 4 at 20 m) simulated on 1 and 2
threads (target: ≥ 100,000 fights/s on 2 cores), its ratio to the dice floor (the time to draw the same number of
keyed dice with :class:`estoc.dice.KeyedDice`; target ≤ 20×), and play: one GM action resolved (the policy's event
tried on a copy of the fight) and an undo, median times (as ``bench_play.py`` for HARP).

The machine is shared and noisy: each figure is the best of several runs. Run: ``OMP_WAIT_POLICY=passive python
bench/bench_d100.py``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from importlib import resources
from pathlib import Path

import numpy as np

from estoc.content.registry import load_folder, shipped_folder
from estoc.dice import KeyedDice, SeededDice
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.sim.runner import load_any_encounter
from estoc.systems.d100.play import D100Play
from estoc.systems.d100.sim import worlds_of
from estoc.systems.d100.worlds import array, kernel_of

RUNS = 5
FIGHTS = 200_000


def best_rate(encounter: object, threads: int) -> tuple[float, float]:
    """Fights per second (best of :data:`RUNS`), and the mean dice drawn per fight."""
    best, dice = 0.0, 0.0
    for run in range(RUNS):
        F = worlds_of(encounter, FIGHTS, np.random.SeedSequence(run), threads=threads)  # type: ignore[arg-type]
        start = time.perf_counter()
        kernel_of(F).play_all(F, FIGHTS, 100, threads)
        rate = FIGHTS / (time.perf_counter() - start)
        best, dice = max(best, rate), float(array(F, "out_dice").mean())
    return best, dice


def floor_rate(dice_per_fight: float) -> float:
    """Fights per second if a fight only drew its dice (keyed, vectorised: the floor)."""
    n = 20_000
    total = int(dice_per_fight * n)
    best = 0.0
    for run in range(RUNS):
        source = KeyedDice(run, total)
        start = time.perf_counter()
        source.draw(100, total, "attack")
        best = max(best, n / (time.perf_counter() - start))
    return best


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
    one, dice = best_rate(bridge, 1)
    two, _dice = best_rate(bridge, 2)
    floor = floor_rate(dice)
    action, undo = play_times(content, bridge.setup)
    print(f"d100 bridge (3 v 4 at 20 m), {FIGHTS} fights, best of {RUNS}")
    print(f"  1 thread : {one:>12,.0f} fights/s")
    print(f"  2 threads: {two:>12,.0f} fights/s   (target >= 100,000)")
    print(f"  dice per fight: {dice:.1f}; floor (keyed dice only, 1 thread): {floor:,.0f} fights/s; "
          f"ratio 1 thread: {floor / one:.1f}x (target <= 20x)")
    print(f"  play: GM action resolved (no store), median {action:.2f} ms; undo median {undo:.2f} ms")


if __name__ == "__main__":
    main()
