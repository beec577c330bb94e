"""Does the default policy play as well as the plans it replaces? For the three samples and the tests' audit
encounters: the default (the encounter's plans removed), the encounter's own plans, and every fixed-habit plan of
its system (:mod:`estoc.sim.default_plans`), each on the same worlds (common random numbers), with its win rate and
its difference from the default's (a 95 % interval on the paired differences).

The default holds when no contender beats it beyond its interval; the last line says which encounters it holds on.
With ``--other-side``, the race is run for each encounter's second side as well (the creatures' own default
against their fixed habits: HARP's and d100's; the One Ring's adversaries take no tasks).
Usage: ``python bench/bench_policy.py [--quick] [-n N] [--seed S] [--other-side]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "passive")

from estoc.content.registry import load_content
from estoc.engine.simulation import side_order
from estoc.sim.default_plans import race
from estoc.sim.runner import encounter_of, load_any_encounter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from encounters import AUDIT  # noqa: E402 (the tests' encounters, beside the samples)

SAMPLES = ROOT / "src" / "estoc" / "play" / "samples"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("-n", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--other-side", action="store_true", help="race each encounter's second side too")
    args = parser.parse_args()
    n = args.n or (1_000 if args.quick else 10_000)
    content = load_content((), use_env=False)
    encounters = [(name, load_any_encounter(SAMPLES / name, content))
                  for name in ("embuscade.yaml", "pont.yaml", "gue.yaml")]
    encounters += [(name, encounter_of(setup, content)) for name, setup in AUDIT.items()]
    held = []
    runs = [(name, encounter, None) for name, encounter in encounters]
    if args.other_side:
        # (the One Ring's adversaries take no combat tasks: its habits are the heroes' alone)
        runs += [(f"{name} [{side_order(encounter)[1]}]", encounter, side_order(encounter)[1])
                 for name, encounter in encounters if encounter.system != "tor"]
    for name, encounter, side in runs:
        start = time.perf_counter()
        result = race(encounter, content, n, seed=args.seed, name=name, side=side)
        print(f"\n{name} ({encounter.system}, side {result.side}, {n:,} fights a plan, "
              f"{time.perf_counter() - start:.0f} s)")
        for s in result.standings:
            d = s.versus_default
            print(f"  {s.id:28} {s.win.value:6.1%}  {d.value:+6.1%} ({d.low:+.1%} … {d.high:+.1%})")
        beaten = result.beaten_by()
        print("  the default holds" if not beaten else "  beaten by: " + ", ".join(s.id for s in beaten))
        if not beaten:
            held.append(name)
    print(f"\nthe default holds on {len(held)} of {len(runs)}: {', '.join(held)}")


if __name__ == "__main__":
    main()
