"""The load test of the server (``bench/bench_web_load.py``) runs, small, to its end: loopback only, bounded, the child
server stopped after it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[2] / "bench" / "bench_web_load.py"


def test_the_load_test_runs_and_reports() -> None:
    done = subprocess.run([sys.executable, str(BENCH), "--quick"], capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert re.search(r"20 half-open connections held: 20 GM actions, median [\d.]+ ms", out), out
    assert re.search(r"under a 400-descriptor limit: 600 half-open connections held: 20 GM actions", out), out
    assert "no traceback, no EMFILE" in out
    assert re.search(r"5 viewers reading: GM action -> every viewer's stream median [\d.]+ ms", out), out
    assert re.search(r"with 5 viewers that never read median [\d.]+ ms", out), out
    assert "Traceback" not in done.stderr
