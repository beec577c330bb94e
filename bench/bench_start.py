"""Benchmark of start-up: how long the GM waits for ``estoc`` commands (targets: under 2 s on a fresh install,
under 1 s later).

"Cold" runs with an empty bytecode cache (``PYTHONPYCACHEPREFIX`` pointing at a new folder: every module compiled
again, as after an install); "warm" is the best of three runs once the cache is filled. The compiled kernel is built
at install, never here: a command that had to compile it would fail loudly instead (see ``engine/compiled.py``).

Not a test. Run: ``python bench/bench_start.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = {
    "estoc attack": ["attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "9", "--roll", "55",
                     "--crit-roll", "62"],
    "estoc odds attack": ["odds", "attack", "--attacker", "dafur", "--defender", "orque", "--json"],
    "estoc demo": ["demo", "--seed", "3"],
    "estoc fight list": ["fight", "list"],
}


def run(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "estoc", *args], env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    print(f"{'command':<22}{'cold s':>9}{'warm s':>9}")
    with tempfile.TemporaryDirectory() as home:
        for name, args in COMMANDS.items():
            with tempfile.TemporaryDirectory() as cache:
                # As on a GM's machine: bytecode written (a sandbox may forbid it with PYTHONDONTWRITEBYTECODE).
                env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
                env.update({"PYTHONPYCACHEPREFIX": cache, "HOME": home, "ESTOC_LANG": "en"})
                cold = run(args, env)
                warm = min(run(args, env) for _ in range(3))
            print(f"{name:<22}{cold:>9.2f}{warm:>9.2f}", flush=True)
    print(f"(targets: cold < 2 s, warm < 1 s; {Path(sys.executable).parent.parent.name} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
