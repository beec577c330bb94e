"""Benchmark of play: the time for one GM action resolved (target: under 5 ms median before the store's fsync) and
stored (under 20 ms), and for an undo (under 20 ms).

Each action is what happens at the table: a command parsed, tried on a copy of the fight with the dice it needs,
written to the SQLite store (WAL, synchronous=FULL, one transaction), and kept. Run: ``python bench/bench_play.py``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from importlib import resources
from pathlib import Path

from estoc.content.registry import load_folder, shipped_folder
from estoc.dice import SeededDice
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.encounter import load_encounter
from estoc.systems.harp.tables import compile_tables


def main() -> None:
    content = load_folder(shipped_folder())
    system = HarpPlay(content, compile_tables(content))
    sample = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))
    setup = load_encounter(sample, content).setup
    actions: list[float] = []
    resolved: list[float] = []
    undos: list[float] = []
    with tempfile.TemporaryDirectory() as folder, EventStore(Path(folder) / "bench.db") as store:
        for seed in range(10):
            tracker = Tracker.create(store, system, "bench", {"encounter": setup, "seed": seed})
            while not tracker.fight.is_over():
                # The action alone: the policy's event tried on a copy of the fight, with estoc's dice.
                start = time.perf_counter()
                trial = tracker.fight.copy()
                trial.apply(trial.auto_event(), SeededDice(seed))
                resolved.append(time.perf_counter() - start)
                start = time.perf_counter()
                tracker.command("auto")
                actions.append(time.perf_counter() - start)
            start = time.perf_counter()
            tracker.command("undo")
            undos.append(time.perf_counter() - start)

    def ms(values: list[float], q: float) -> float:
        return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if q < 100 else 1000 * max(values)

    print(f"{'what':<34}{'count':>7}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}")
    print(f"{'GM action, resolved (no store)':<34}{len(resolved):>7}{1000 * statistics.median(resolved):>11.2f}"
          f"{ms(resolved, 90):>9.2f}{ms(resolved, 100):>9.2f}")
    print(f"{'GM action, resolved and stored':<34}{len(actions):>7}{1000 * statistics.median(actions):>11.2f}"
          f"{ms(actions, 90):>9.2f}{ms(actions, 100):>9.2f}")
    print(f"{'undo (the state kept before)':<34}{len(undos):>7}{1000 * statistics.median(undos):>11.2f}"
          f"{ms(undos, 90):>9.2f}{ms(undos, 100):>9.2f}")


if __name__ == "__main__":
    main()
