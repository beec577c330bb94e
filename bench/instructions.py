"""Fights for an instruction count: plays ``-n`` simulated fights of one encounter on one thread, for valgrind's
callgrind to count the kernel's instructions (a count that the machine's load does not change, unlike a rate).

Usage (the kernel's instructions only, collected inside its parallel loop)::

    OMP_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect='*_omp_fn*' --callgrind-out-file=/tmp/cg.out \\
        python bench/instructions.py duel -n 20000

``duel`` is the reference duel (the sample fighter Dafur against an orc); a path plays that encounter file, a name
of ``tests/encounters.py`` that audit encounter. It prints the first side's win rate and the mean rounds, so that two
counts are read per round as well as per fight.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from estoc.content.registry import load_content
from estoc.sim.balance import dice_key
from estoc.sim.runner import encounter_of, load_any_encounter
from estoc.systems.base import find_sim_system

ROOT = Path(__file__).resolve().parents[1]
DUEL = {"schema_version": 1, "system": "harp", "kind": "encounter", "name": "duel",
        "sides": [{"id": "a", "members": [{"hero": "dafur"}]}, {"id": "b", "members": [{"creature": "orque"}]}]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("encounter")
    parser.add_argument("-n", type=int, default=20_000)
    args = parser.parse_args()
    content = load_content((), use_env=False)
    if args.encounter == "duel":
        encounter = encounter_of(DUEL, content)
    elif Path(args.encounter).exists():
        encounter = load_any_encounter(Path(args.encounter), content)
    else:
        sys.path.insert(0, str(ROOT / "tests"))
        from encounters import AUDIT

        encounter = encounter_of(AUDIT[args.encounter], content)
    system = find_sim_system(encounter.system)
    out = system.play_chunk(encounter, system.prepare(content), args.n, dice_key(1, 0), 0, 200, {})
    print(f"{args.encounter}: {args.n:,} fights, first side wins {float((np.asarray(out.winner) == 0).mean()):.1%}, "
          f"{float(np.asarray(out.rounds).mean()):.2f} rounds a fight")


if __name__ == "__main__":
    main()
