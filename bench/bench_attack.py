"""Benchmark of the HARP attack: the kernel's strike (:func:`estoc.systems.harp.kernel.py_strike`, keyed dice drawn
inside the kernel) and play's single exchange (:func:`estoc.systems.harp.exchange.one_exchange`: a world built,
Python dice, the narration record), against a plain-Python loop of the same rule (the baseline lives here only) and
against the time to draw the dice alone (the floor).

Run: ``python bench/bench_attack.py [--attacks N]``. Figures are ratios within one run; never a timed test. The
strike is called from Python once per attack, so its figure includes that call (about a microsecond).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from estoc.content.models.harp import Weapon
from estoc.content.registry import load_folder, shipped_folder
from estoc.dice import SeededDice, d100, open_ended
from estoc.systems.harp.exchange import Combatant, one_exchange
from estoc.systems.harp.strike import Strike
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables, compile_tables
from estoc.systems.harp.worlds import build, kernel_of


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


def combatants(content_weapon: Weapon) -> tuple[Combatant, Combatant]:
    """The baseline's exchange: a long sword at OB 60 against DB 40 in armour type 5."""
    strike = Strike(name={"fr": "Épée", "en": "Sword"}, kind="weapon", table=content_weapon.table, size="medium",
                    fumble=3, ob=60)
    name = {"fr": "x", "en": "x"}
    attacker = Combatant(id="a", name=name, hp=10**9, db=0, armour_type=1, body_rr=0, strikes=(strike,))
    target = Combatant(id="b", name=name, hp=10**9, db=40, armour_type=5, body_rr=0, strikes=(strike,),
                       stun_immune=True)
    return attacker, target


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--attacks", type=int, default=1_000_000)
    args = parser.parse_args()
    n = args.attacks
    content = load_folder(shipped_folder())
    tables = compile_tables(content)
    sword = content.get("harp", "weapons", "epee", Weapon)
    assert sword.table == "lames-1m"
    attacker, target = combatants(sword)
    F = build(tables, [attacker, target], [0, 1], 1, seed=1)
    F.rnd[0] = 1
    strike = kernel_of(F).py_strike

    def kernel() -> None:
        for _ in range(n):
            strike(F, 0, 0, 1, 0, 0)

    few = max(n // 200, 100)

    def exchange() -> None:
        dice = SeededDice(1)
        for _ in range(few):
            one_exchange(tables, attacker, target, dice)

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
    e = best(exchange, repeat=1) * (n / few)
    f = best(floor)
    small = max(n // 20, 1000)
    p = best(lambda: plain_python(tables, small, 1), repeat=1) * (n / small)
    print(f"{'what':<34}{'seconds':>10}{'attacks/s':>16}")
    print(f"{'kernel strike (compiled, 1 core)':<34}{k:>10.3f}{n / k:>16,.0f}")
    print(f"{'one_exchange (extrapolated)':<34}{e:>10.3f}{n / e:>16,.0f}")
    print(f"{'dice floor (NumPy, in bulk)':<34}{f:>10.3f}{n / f:>16,.0f}")
    print(f"{'plain Python (extrapolated)':<34}{p:>10.3f}{n / p:>16,.0f}")
    print(f"kernel / floor: {k / f:.2f}×   plain / kernel: {p / k:.1f}×   one_exchange / kernel: {e / k:.0f}×")


if __name__ == "__main__":
    main()
