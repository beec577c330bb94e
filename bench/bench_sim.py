"""Benchmark of simulation: fights per second and memory of ``estoc.sim.simulate``.

(a) the reference duel, the sample fighter Dafur against an orc, on one process and on ``--workers``;
(b) four heroes against six orcs;
(c) scaling with the number of fights (10³…10⁶; 10⁷ with ``--big``) and with the number of combatants (2…32);
(d) memory: the peak of Python and NumPy allocations of one run (tracemalloc), which chunking keeps flat whatever
the number of fights, and the peak resident size of this process and of the worker processes.

Not a test. Run: ``python bench/bench_sim.py`` (``--quick`` for a short run, ``--big`` to add 10⁷ fights).
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from typing import Any

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.play.encounter import LoadedEncounter, encounter_from_setup
from estoc.sim import simulate
from estoc.systems.harp.tables import HarpTables, compile_tables


def encounter(content: Content, name: str, heroes: list[dict[str, Any]], foes: list[dict[str, Any]]
              ) -> LoadedEncounter:
    return encounter_from_setup({
        "schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": name, "en": name},
        "sides": [{"id": "heros", "members": heroes}, {"id": "orques", "members": foes}]}, content)


def timed(enc: LoadedEncounter, content: Content, tables: HarpTables, n: int, *, workers: int = 1,
          chunk: int = 10_000, memory: bool = False) -> tuple[float, float]:
    """Fights per second of one run, and (with ``memory``) the peak of its allocations in MiB."""
    if memory:
        tracemalloc.start()
    start = time.perf_counter()
    simulate(enc, content, tables, n, seed=1, workers=workers, chunk=chunk)
    elapsed = time.perf_counter() - start
    peak = 0.0
    if memory:
        peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
        tracemalloc.stop()
    return n / elapsed, peak


def row(what: str, n: int, rate: float, extra: str = "") -> None:
    print(f"{what:<40}{n:>12,}{rate:>14,.0f}  {extra}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (a smoke test of the benchmark)")
    parser.add_argument("--big", action="store_true", help="add a run of 10⁷ fights (on --workers)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the parallel runs (default 2)")
    args = parser.parse_args()
    scale = 10 if args.quick else 1

    content = load_folder(shipped_folder())
    tables = compile_tables(content)
    duel = encounter(content, "duel", [{"hero": "dafur"}], [{"creature": "orque"}])
    four_six = encounter(content, "4 v 6", [{"hero": h} for h in ("brundar", "halvard", "faralinde", "tamlin")],
                         [{"creature": "orque", "count": 6}])

    print(f"{'run':<40}{'fights':>12}{'fights/s':>14}  notes")
    simulate(duel, content, tables, 100, seed=0)  # warm-up: first calls pay imports and caches
    n = 100_000 // scale
    row("(a) duel Dafur v orc, 1 process", n, timed(duel, content, tables, n)[0])
    rate = timed(duel, content, tables, 2 * n, workers=args.workers)[0]
    row(f"(a) duel Dafur v orc, {args.workers} processes", 2 * n, rate, "(start-up of the workers included)")
    n = 10_000 // scale
    row("(b) 4 heroes v 6 orcs, 1 process", n, timed(four_six, content, tables, n)[0])
    rate = timed(four_six, content, tables, 2 * n, workers=args.workers)[0]
    row(f"(b) 4 heroes v 6 orcs, {args.workers} processes", 2 * n, rate)

    sizes = [10 ** k for k in range(3, 6 if args.quick else 7)]
    for n in sizes:
        rate, peak = timed(duel, content, tables, n, memory=n <= 100_000)
        row("(c) duel, 1 process", n, rate, f"peak allocations {peak:.1f} MiB" if peak else "")
    if args.big:
        n = 10 ** 7
        row(f"(c) duel, {args.workers} processes", n, timed(duel, content, tables, n, workers=args.workers)[0])
    for count in (2, 4, 8, 16, 32):
        half = count // 2
        enc = encounter(content, f"{half} v {half}", [{"hero": "dafur", "id": f"dafur-{i}"} for i in range(half)],
                        [{"creature": "orque", "count": half} if half > 1 else {"creature": "orque"}])
        n = 4_000 // scale  # the same worlds for every size: the cost per world is what grows
        rate, peak = timed(enc, content, tables, n, memory=True)
        row(f"(c) {half} Dafur v {half} orcs ({count} combatants)", n, rate,
            f"{rate * count:,.0f} combatant-fights/s, peak allocations {peak:.1f} MiB")

    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"(d) peak resident size: this process {me:,.0f} MiB, largest worker {workers:,.0f} MiB "
          f"(chunks of 10,000 worlds)")


if __name__ == "__main__":
    main()
