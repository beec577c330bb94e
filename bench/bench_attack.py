"""Benchmark of the HARP attack kernel: attacks per second over a batch, against a plain-Python loop of the same
rule (the baseline lives here only) and against the time to draw the dice alone (the floor).

Run: ``python bench/bench_attack.py [--worlds N]``. Figures are ratios within one run; never a timed test.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from estoc.dice import SeededDice, d100, open_ended
from estoc.systems.harp.attack import AttackInputs, resolve_attack
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables, shipped_tables


def plain_python(tables: HarpTables, n: int, seed: int) -> int:
    """The same rule, one attack at a time, with Python's own generator: the baseline."""
    rng = np.random.default_rng(seed)
    faces = iter(rng.integers(1, 101, size=4 * n).tolist())
    t = tables.attack.index("lames-1m")
    limit = int(tables.attack.limits[t, SIZE_INDEX["medium"]])
    hits_table = tables.attack.hits.tolist()
    sev_table = tables.attack.severity.tolist()
    crit_hits = tables.critical.effects.hits.tolist()
    crit = int(tables.attack.critical[t])
    total_hits = 0
    for _ in range(n):
        first = next(faces)
        roll = first
        last = first
        while last >= 96:
            last = next(faces)
            roll += last
        if first <= 3:
            continue
        result = roll + 60 - 40
        if result < 1:
            continue
        row = min(result, limit)
        hits = hits_table[t][row][4]
        severity = sev_table[t][row][4]
        if severity:
            hits += crit_hits[crit][next(faces)][severity - 1]
        total_hits += hits
    return total_hits


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--worlds", type=int, default=1_000_000)
    args = parser.parse_args()
    n = args.worlds
    tables = shipped_tables()
    t = tables.attack.index("lames-1m")
    inputs = AttackInputs.broadcast(n, ob=60, defence=40, table=t, armour_type=5, size=SIZE_INDEX["medium"],
                                    fumble=3, critical=int(tables.attack.critical[t]))

    def kernel() -> None:
        resolve_attack(SeededDice(1), tables, inputs)

    def floor() -> None:
        dice = SeededDice(1)
        open_ended(dice, n, "attack")
        d100(dice, n, "critical")

    def best(fn: object, repeat: int = 3) -> float:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fn()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        return min(times)

    k = best(kernel)
    f = best(floor)
    small = max(n // 20, 1000)
    p = best(lambda: plain_python(tables, small, 1), repeat=1) * (n / small)
    print(f"{'what':<28}{'seconds':>10}{'attacks/s':>16}")
    print(f"{'kernel (NumPy, 1 core)':<28}{k:>10.3f}{n / k:>16,.0f}")
    print(f"{'dice floor':<28}{f:>10.3f}{n / f:>16,.0f}")
    print(f"{'plain Python (extrapolated)':<28}{p:>10.3f}{n / p:>16,.0f}")
    print(f"kernel / floor: {k / f:.2f}×   plain / kernel: {p / k:.1f}×")


if __name__ == "__main__":
    main()
