"""Every benchmark of ``bench/``, one after the other in one run, written down with the machine's state.

The README's performance table quotes this run only: each figure there can be found again in the file this writes,
and reproduced by running the same command. Run: ``python bench/run_all.py`` (``--quick`` for a smoke run: smaller
runs, not for quoting). It writes ``bench/results/YYYY-MM-DD.md`` (``--out`` to choose) and prints the same text.

The machine is shared: the load average before and after each benchmark is written beside it, so that a figure taken
on a loaded machine reads as such.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHES = [
    ("bench_sim.py", ["--workers", "2", "--threads", "2"], ["--quick"]),
    ("bench_d100.py", [], []),
    ("bench_tor.py", [], ["--quick"]),
    ("bench_attack.py", [], ["--attacks", "100000"]),
    ("bench_odds.py", [], []),
    ("bench_play.py", [], []),
    ("bench_start.py", [], []),
    ("bench_web.py", [], []),
    ("bench_web_load.py", [], ["--quick"]),
]
"""Each benchmark with its arguments for the quoted run and for ``--quick``."""


def _load() -> str:
    try:
        one, five, _fifteen = os.getloadavg()
    except OSError:
        return "?"
    return f"{one:.2f} (5 min: {five:.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (a smoke test, not for quoting)")
    parser.add_argument("--out", type=Path, help="the file to write (default: bench/results/DATE.md)")
    parser.add_argument("--only", nargs="*", help="only these benchmarks (file names)")
    args = parser.parse_args()
    today = dt.datetime.now(dt.UTC)
    out = args.out or HERE / "results" / (today.strftime("%Y-%m-%d") + ("-quick" if args.quick else "") + ".md")
    command = " ".join(["python", "bench/run_all.py", *(["--quick"] if args.quick else [])])
    parts = [f"# Benchmarks, {today.strftime('%Y-%m-%d %H:%M')} UTC", "",
             f"Command: `{command}` (from the project's folder, after `pip install -e '.[test]'`).", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
             f"{platform.system()} {platform.release()}.", ""]
    env = {**os.environ, "OMP_WAIT_POLICY": "passive"}  # (OpenMP threads spinning after a region skew CPU time)
    failed = 0
    for name, full, quick in BENCHES:
        if args.only and name not in args.only:
            continue
        argv = [sys.executable, str(HERE / name), *(quick if args.quick else full)]
        before, start = _load(), time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=HERE.parent, check=False)
        seconds = time.perf_counter() - start
        failed += done.returncode != 0
        parts += [f"## `{name}` {' '.join(quick if args.quick else full)}".rstrip(), "",
                  f"Load average before: {before}; after: {_load()}; {seconds:.0f} s; exit code {done.returncode}.",
                  "", "```", done.stdout.rstrip(), *(["", done.stderr.rstrip()] if done.returncode else []), "```", ""]
        print(f"{name}: {seconds:.0f} s, exit {done.returncode}", file=sys.stderr)
    text = "\n".join(parts)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
