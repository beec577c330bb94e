"""Benchmark of simulation: fights per second and memory of ``estoc.sim.simulate``, against the design's targets.

(a) the reference fights: the sample fighter Dafur against an orc (the duel), and four heroes against six orcs. For
each: fights per second on one process and on ``--workers``; the ratio to a plain-Python loop of the same rules
(``plain_fight.py``, the baseline, lives in ``bench/`` only; its win rate and fight length are printed beside the
engine's, to show it plays the same rules); the ratio to the floor, the time needed only to draw the dice the fights
use (counted while the engine plays, then drawn in one call of NumPy's generator);
(b) scaling with the number of fights (10³…10⁶; 10⁷ on the workers with ``--big``) and with the number of
combatants (2…32);
(c) memory: the peak of Python and NumPy allocations of one run (tracemalloc), which chunking keeps flat whatever the
number of fights, and the peak resident size of this process and of the worker processes.

Not a test. Run: ``python bench/bench_sim.py`` (``--quick`` for a short run, ``--big`` to add 10⁷ fights).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.engine.simulation import SimEncounter as Encounter
from estoc.sim import simulate
from estoc.systems.harp.encounter import LoadedEncounter, encounter_from_setup
from estoc.systems.harp.sim import outcome, worlds_of
from estoc.systems.harp.tables import HarpTables, compile_tables
from estoc.systems.harp.worlds import array, kernel_of

sys.path.insert(0, str(Path(__file__).parent))
from plain_fight import PlainFight  # the baseline sits beside this file

TARGET_RATE = 1_000_000
TARGET_FOUR_SIX = 200_000
TARGET_PLAIN = 30
TARGET_FLOOR = 3


def encounter(content: Content, name: str, heroes: list[dict[str, Any]], foes: list[dict[str, Any]]
              ) -> LoadedEncounter:
    return encounter_from_setup({
        "schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": name, "en": name},
        "sides": [{"id": "heros", "members": heroes}, {"id": "orques", "members": foes}]}, content)


def timed(enc: Encounter, content: Content, tables: HarpTables, n: int, *, workers: int = 1,
          chunk: int = 10_000, memory: bool = False) -> tuple[float, float]:
    """Fights per second of one run, and (with ``memory``) the peak of its allocations in MiB."""
    if memory:
        tracemalloc.start()
    start = time.perf_counter()
    simulate(enc, content, n, seed=1, workers=workers, chunk=chunk)
    elapsed = time.perf_counter() - start
    peak = 0.0
    if memory:
        peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
    return n / elapsed, peak


def row(what: str, n: int, rate: float, extra: str = "") -> None:
    print(f"{what:<44}{n:>12,}{rate:>14,.0f}  {extra}", flush=True)


def best_of(fn: Any, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def kernel_rate(enc: LoadedEncounter, tables: HarpTables, n: int, threads: int) -> tuple[float, float, Any]:
    """Fights per second of wall time and per CPU-second of the kernel alone on ``threads`` threads, and its
    worlds (for their outputs)."""
    best = (0.0, 0.0)
    F = None
    for _ in range(3):
        F = worlds_of(enc, tables, n, np.random.SeedSequence(1), threads=threads)
        start, cpu = time.perf_counter(), time.process_time()
        kernel_of(F).play_all(F, n, 100, threads)
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        best = max(best, (n / wall, n / used))
    return best[0], best[1], F


def reference(name: str, enc: LoadedEncounter, content: Content, tables: HarpTables, n: int, plain_n: int,
              threads: int, target: int) -> None:
    """The figures of one reference fight, against the targets."""
    one, one_cpu, F = kernel_rate(enc, tables, n, 1)
    many, many_cpu, _F = kernel_rate(enc, tables, 2 * n, threads)
    runner = 2 * n / best_of(lambda: simulate(enc, content, 2 * n, seed=1, chunk=n), repeat=2)
    # The dice the kernel drew for these fights (it counts them), and the time to draw as many at once: the floor.
    out = outcome(F)
    faces = int(array(F, "out_dice").sum())
    per_fight = faces / n
    generator = np.random.default_rng(1)
    floor = best_of(lambda: generator.integers(1, 101, size=faces)) / n
    # The plain-Python loop of the same rules.
    people = [c for _id, _side, c in enc.combatants]
    order = list(dict.fromkeys(side for _id, side, _c in enc.combatants))
    plain = PlainFight(tables, people, [order.index(side) for _id, side, _c in enc.combatants])
    outcomes: list[tuple[int, int]] = []
    plain_rate = plain_n / best_of(lambda: outcomes.extend(plain.play() for _ in range(plain_n)), repeat=1)
    wins = sum(1 for w, _r in outcomes if w == 0) / len(outcomes)
    length = sum(r for _w, r in outcomes) / len(outcomes)

    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    print(f"\n{name}")
    print(f"  kernel, 1 thread             {one:>12,.0f} fights/s   ({1e6 / one:.2f} µs a fight; "
          f"{one_cpu:,.0f} per CPU-second)")
    print(f"  kernel, {threads} threads            {many:>12,.0f} fights/s   target ≥ {target:,}: "
          f"{verdict(many >= target)} ({many / target:.2f} of it; {many_cpu:,.0f} per CPU-second)")
    print(f"  estoc simulate, 1 process    {runner:>12,.0f} fights/s   (chunks of {n:,}, tallies included)")
    print(f"  plain-Python loop, 1 process {plain_rate:>12,.0f} fights/s   kernel ÷ loop = {one / plain_rate:.1f}×, "
          f"target ≥ {TARGET_PLAIN}×: {verdict(one / plain_rate >= TARGET_PLAIN)}")
    print(f"  dice drawn                   {per_fight:>12.1f} a fight    floor {floor * 1e9:,.0f} ns a fight; "
          f"kernel ÷ floor = {1 / one / floor:.1f}×, goal ≤ {TARGET_FLOOR}×: "
          f"{verdict(1 / one / floor <= TARGET_FLOOR)}")
    print(f"  same rules: side 1 wins {np.mean(out.winner == 0):.1%} in the kernel, {wins:.1%} in the loop; "
          f"{np.mean(out.rounds):.2f} and {length:.2f} rounds on average")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (a smoke test of the benchmark)")
    parser.add_argument("--big", action="store_true", help="add a run of 10⁷ fights (on --workers)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the parallel runs (default 2)")
    parser.add_argument("--threads", type=int, default=2, help="the kernel's threads (default 2)")
    args = parser.parse_args()
    scale = 10 if args.quick else 1

    content = load_folder(shipped_folder())
    tables = compile_tables(content)
    duel = encounter(content, "duel", [{"hero": "dafur"}], [{"creature": "orque"}])
    four_six = encounter(content, "4 v 6", [{"hero": h} for h in ("brundar", "halvard", "faralinde", "tamlin")],
                         [{"creature": "orque", "count": 6}])
    simulate(duel, content, 100, seed=0)  # warm-up: first calls pay imports and caches

    reference("(a) reference duel: Dafur against an orc", duel, content, tables, 400_000 // scale, 5_000 // scale,
              args.threads, TARGET_RATE)
    reference("(a) four heroes against six orcs", four_six, content, tables, 100_000 // scale, 1_000 // scale,
              args.threads, TARGET_FOUR_SIX)

    print(f"\n{'run':<44}{'fights':>12}{'fights/s':>14}  notes")
    sizes = [10 ** k for k in range(3, 6 if args.quick else 7)]
    for n in sizes:
        rate, peak = timed(duel, content, tables, n, memory=n <= 100_000)
        row("(b) duel, 1 process", n, rate, f"peak allocations {peak:.1f} MiB" if peak else "")
    if args.big:
        n = 10 ** 7
        row(f"(b) duel, {args.workers} processes", n, timed(duel, content, tables, n, workers=args.workers)[0],
            "see (c) for the workers' memory")
    for count in (2, 4, 8, 16, 32):
        half = count // 2
        enc = encounter(content, f"{half} v {half}", [{"hero": "dafur", "id": f"dafur-{i}"} for i in range(half)],
                        [{"creature": "orque", "count": half} if half > 1 else {"creature": "orque"}])
        n = 4_000 // scale  # the same worlds for every size: the cost per world is what grows
        rate, peak = timed(enc, content, tables, n, memory=True)
        row(f"(b) {half} Dafur v {half} orcs ({count} combatants)", n, rate,
            f"{rate * count:,.0f} combatant-fights/s, peak allocations {peak:.1f} MiB")

    from importlib import resources

    from estoc.sim.runner import load_any_encounter

    bridge = load_any_encounter(Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml"))), content)
    n = 10_000 // scale
    rate, peak = timed(bridge, content, tables, n, memory=True)
    row("(b) d100: the bridge, 3 v 4", n, rate, f"peak allocations {peak:.1f} MiB")

    from estoc.systems.tor.encounter import LoadedTorEncounter
    from estoc.systems.tor.sim import play_worlds_in_play

    ford = load_any_encounter(Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml"))), content)
    assert isinstance(ford, LoadedTorEncounter)
    n = 10_000 // scale
    rate, peak = timed(ford, content, tables, n, memory=True)
    row("(b) tor: the ford, 5 heroes v 8 orcs, every task of their plans", n, rate, f"peak allocations {peak:.1f} MiB")
    one_by_one = 100 // scale
    start = time.perf_counter()
    play_worlds_in_play(ford, one_by_one, np.random.SeedSequence(1), 100)
    slow = one_by_one / (time.perf_counter() - start)
    row("    the same fights one by one with play's fight (the reference)", one_by_one, slow,
        f"the batch: {rate / slow:,.0f}× faster")

    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"(c) peak resident size: this process {me:,.0f} MiB, largest worker {workers:,.0f} MiB "
          f"(chunks of 10,000 worlds)")


if __name__ == "__main__":
    main()
