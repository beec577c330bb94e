"""Benchmark of start-up: how long the GM waits for ``estoc`` commands (targets: under 2 s on a fresh install,
under 1 s later).

"Fresh install" runs as the first command after ``pip install -e .``: pip compiled the dependencies to bytecode and
estoc's build compiled estoc's own modules (setup.py), but the user's cache holds no content yet (a new ``HOME``,
so every shipped content file is read once). "No bytecode" also compiles every module, dependencies included
(``PYTHONPYCACHEPREFIX`` pointing at a new folder), which no install leaves: the worst case, for reference. "Warm"
is the best of three later runs. The compiled kernel is built at install, never here: a command that had to compile
it would fail loudly instead (see ``engine/compiled.py``).

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
    print(f"{'command':<22}{'fresh install s':>17}{'no bytecode s':>15}{'warm s':>9}")
    # As on a GM's machine: bytecode written (a sandbox may forbid it with PYTHONDONTWRITEBYTECODE).
    base = {key: value for key, value in os.environ.items()
            if key not in ("PYTHONDONTWRITEBYTECODE", "XDG_CACHE_HOME", "PYTHONPYCACHEPREFIX")}
    for name, args in COMMANDS.items():
        with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cache:
            fresh = run(args, {**base, "HOME": home, "ESTOC_LANG": "en"})
            warm = min(run(args, {**base, "HOME": home, "ESTOC_LANG": "en"}) for _ in range(3))
        with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cache:
            bare = run(args, {**base, "HOME": home, "ESTOC_LANG": "en", "PYTHONPYCACHEPREFIX": cache})
        print(f"{name:<22}{fresh:>17.2f}{bare:>15.2f}{warm:>9.2f}", flush=True)
    print(f"(targets: fresh install < 2 s, warm < 1 s; {Path(sys.executable).parent.parent.name} on "
          f"{os.cpu_count()} cores)")

if __name__ == "__main__":
    main()
