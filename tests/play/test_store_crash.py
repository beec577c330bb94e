"""Crash test: a writer process killed with SIGKILL at a random moment loses no event it confirmed.

``crash_writer.py`` prints each seq after ``append`` returned. After the kill the store must hold every printed seq,
contiguous from 1, each event whole, and at most one event more than printed (committed, killed before printing).
SIGKILL spares the OS page cache, so this tests SQLite's transactions and our use of them, not the fsync of a power cut.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from estoc.play.store import EventStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL and select on pipes")

WRITER = Path(__file__).with_name("crash_writer.py")
START_TIMEOUT_S = 30.0


def _start(db: Path, *args: str) -> subprocess.Popen[bytes]:
    # bufsize=0: reads go straight to the pipe, so nothing sits in a Python buffer between select and read.
    return subprocess.Popen(
        [sys.executable, str(WRITER), str(db), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
    )


def _wait_first_line(proc: subprocess.Popen[bytes]) -> bytes:
    """What the writer printed up to its first confirmed seq (fails with its stderr if it dies first)."""
    assert proc.stdout is not None
    got = b""
    deadline = time.monotonic() + START_TIMEOUT_S
    while b"\n" not in got:
        left = deadline - time.monotonic()
        assert left > 0, "the writer printed nothing in time"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                _, err = proc.communicate(timeout=10)
                pytest.fail(f"the writer ended before its first event:\n{err.decode(errors='replace')}")
            got += chunk
    return got


def _kill(proc: subprocess.Popen[bytes], before: bytes = b"") -> list[int]:
    """SIGKILL the writer and return every seq it confirmed (whole lines only)."""
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    lines = (before + out).split(b"\n")
    return [int(line) for line in lines[:-1]]  # the last piece is "" (or a line cut short, never confirmed)


def _check_store(db: Path, fight: str, confirmed: list[int], before: int) -> int:
    """The store after a kill keeps its promises; returns how many events it now holds."""
    with EventStore(db) as store:
        events = store.events(fight)
        seqs = [e["seq"] for e in events]
        assert seqs == list(range(1, len(seqs) + 1))
        assert set(confirmed) <= set(seqs)
        if confirmed:
            # Nothing lost, and nothing invented: at most the one event committed but not yet printed.
            assert len(seqs) - confirmed[-1] in (0, 1)
        for event in events[before:]:
            assert set(event) == {"n", "pid", "payload", "dice", "seq"}
            assert event["payload"] == "é" * (event["n"] % 50)
            assert event["dice"] == [event["n"] % 100 + 1, 7]
        store.check()
        assert store.fight(fight).events == len(seqs)
        return len(seqs)


def test_sigkill_loses_no_confirmed_event(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(20240611)
    held = 0
    started = time.monotonic()
    for _ in range(5):
        proc = _start(db)
        try:
            head = _wait_first_line(proc)
            time.sleep(rng.uniform(0.05, 0.5))
            confirmed = _kill(proc, head)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert confirmed == list(range(held + 1, confirmed[-1] + 1))  # each run continues the same fight
        held = _check_store(db, "1", confirmed, held)
    with EventStore(db) as store:
        assert [f.name for f in store.fights()] == ["crash"]
    assert time.monotonic() - started < 30


def test_two_writers_killed_together(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    with EventStore(db) as store:
        fight = store.create_fight("shared", "harp", {})
    rng = random.Random(7)
    procs = [_start(db, fight, "0.005") for _ in range(2)]  # a pause per append: see crash_writer.py
    try:
        heads = [_wait_first_line(proc) for proc in procs]
        time.sleep(rng.uniform(0.1, 0.4))
        confirmed = [_kill(proc, head) for proc, head in zip(procs, heads, strict=True)]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert not set(confirmed[0]) & set(confirmed[1])  # BEGIN IMMEDIATE: no seq handed out twice
    with EventStore(db) as store:
        events = store.events(fight)
    seqs = [e["seq"] for e in events]
    assert seqs == list(range(1, len(seqs) + 1))
    assert set(confirmed[0]) | set(confirmed[1]) <= set(seqs)
    assert len(seqs) - len(confirmed[0]) - len(confirmed[1]) in (0, 1, 2)
    for proc in procs:
        mine = [e["n"] for e in events if e["pid"] == proc.pid]
        assert mine == list(range(1, len(mine) + 1))  # each writer's events in its own order, none missing


@pytest.mark.parametrize("seed", range(4))
def test_kill_while_opening_leaves_a_usable_store(tmp_path: Path, seed: int) -> None:
    """Killed at any point from start-up (import, creation, migration, first appends), the store still opens."""
    db = tmp_path / "fresh.db"
    rng = random.Random(seed)
    proc = _start(db)
    try:
        time.sleep(rng.uniform(0.0, 0.8))
        confirmed = _kill(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    with EventStore(db) as store:
        fights = store.fights()
        if confirmed:
            assert [f.id for f in fights] == ["1"]
        if fights:
            _check_store(db, "1", confirmed, 0)
