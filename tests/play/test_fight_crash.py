"""A process playing fights is killed with SIGKILL at random moments; reopened, the store holds every confirmed
event and each fight replays."""

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

from estoc.content.registry import Content
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker

from .conftest import SAMPLE

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
WRITER = Path(__file__).with_name("fight_writer.py")


def _confirmed(output: bytes) -> dict[str, int]:
    """The last confirmed seq of each fight, from the writer's complete lines."""
    last: dict[str, int] = {}
    for line in output.split(b"\n")[:-1]:
        fight, seq = line.decode().split()
        last[fight] = max(last.get(fight, 0), int(seq))
    return last


def _kill_a_writer(db: Path, seed: int, rng: random.Random, *mode: str) -> dict[str, int]:
    """Run the writer, kill it at a random moment; returns the seqs it confirmed."""
    proc = subprocess.Popen([sys.executable, str(WRITER), str(db), str(SAMPLE), str(seed), *mode],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    assert proc.stdout is not None
    output = b""
    deadline = time.monotonic() + 60
    while b"\n" not in output and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                pytest.fail(proc.stderr.read().decode() if proc.stderr else "writer died")
            output += chunk
    end = time.monotonic() + rng.uniform(0.05, 0.6)
    while time.monotonic() < end:
        ready, _, _ = select.select([proc.stdout], [], [], 0.01)
        if ready:
            output += os.read(proc.stdout.fileno(), 65536)
    proc.send_signal(signal.SIGKILL)
    rest, _err = proc.communicate(timeout=10)
    output += rest
    return _confirmed(output)


def test_killed_fights_replay(tmp_path: Path, system: HarpPlay, content: Content) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(20261130)
    for run in range(4):
        confirmed = _kill_a_writer(db, run * 100, rng)
        assert confirmed
        with EventStore(db) as store:
            for fight_id, seq in confirmed.items():
                events = store.events(fight_id)
                assert [e["seq"] for e in events][:seq] == list(range(1, seq + 1))
                Tracker(store, fight_id, system)  # replays without error


def test_a_kill_during_auto_end_stores_nothing_unseen(tmp_path: Path, system: HarpPlay) -> None:
    """``auto end all`` is one transaction: a fight killed during it holds its opening alone, or the whole fight."""
    db = tmp_path / "end.db"
    rng = random.Random(7)
    confirmed: dict[str, int] = {}
    for run in range(3):
        confirmed.update(_kill_a_writer(db, run * 100, rng, "end"))
    assert confirmed
    with EventStore(db) as store:
        for fight_id, seq in confirmed.items():
            assert len(store.events(fight_id)) >= seq
        for info in store.fights():
            events = store.events(info.id)
            tracker = Tracker(store, info.id, system)
            # (A fight killed between its creation and its opening holds no event: two commands.)
            assert [e["type"] for e in events] in ([], ["begin"], ["begin", "batch"])
            assert tracker.fight.is_over() == (len(events) == 2)
