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
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.play import HarpPlay

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


def test_killed_fights_replay(tmp_path: Path, system: HarpPlay, content: Content) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(20261130)
    for run in range(4):
        proc = subprocess.Popen([sys.executable, str(WRITER), str(db), str(SAMPLE), str(run * 100)],
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
        confirmed = _confirmed(output)
        assert confirmed
        with EventStore(db) as store:
            for fight_id, seq in confirmed.items():
                events = store.events(fight_id)
                assert [e["seq"] for e in events][:seq] == list(range(1, seq + 1))
                Tracker(store, fight_id, system)  # replays without error
