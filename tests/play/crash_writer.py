"""Crash-test helper: appends events to a store until it is killed, printing each seq once ``append`` has returned.

Usage: ``python crash_writer.py DB [FIGHT_ID [PAUSE_S]]``. Without a fight id (or with ``-``) it reuses the fight named
``crash``, or creates it. ``PAUSE_S`` waits between appends: SQLite's busy handler is not fair, so two writers that
never pause can starve one another.
A printed seq is a promise the test checks after ``SIGKILL``: that event was committed and must survive.
"""

from __future__ import annotations

import os
import sys
import time

from estoc.play.store import EventStore

LIFETIME_S = 60.0  # never outlive a test that failed to kill us


def main(argv: list[str]) -> int:
    """Append ``{"n", "pid", "payload", "dice"}`` events in a loop; print each seq and flush."""
    with EventStore(argv[1]) as store:
        pause = float(argv[3]) if len(argv) > 3 else 0.0
        if len(argv) > 2 and argv[2] != "-":
            fight = argv[2]
        else:
            existing = [info for info in store.fights() if info.name == "crash"]
            fight = existing[0].id if existing else store.create_fight("crash", "harp", {"writer": "crash"})
        pid = os.getpid()
        deadline = time.monotonic() + LIFETIME_S
        n = 0
        while time.monotonic() < deadline:
            n += 1
            seq = store.append(fight, {"n": n, "pid": pid, "payload": "é" * (n % 50), "dice": [n % 100 + 1, 7]})
            # One write() per line, flushed: the test reads exactly the seqs whose append has returned.
            sys.stdout.write(f"{seq}\n")
            sys.stdout.flush()
            if pause:
                time.sleep(pause)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
