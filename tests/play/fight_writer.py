"""Run as a script by ``test_fight_crash.py``: plays fights by the default policy, forever, printing
``FIGHT SEQ`` after each event the store confirmed. With a fourth argument ``end``, each fight after its opening is
one command, ``auto end all`` (one stored event, or none if killed before its commit)."""

from __future__ import annotations

import sys
from pathlib import Path

from estoc.content.registry import load_folder, shipped_folder
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.encounter import load_encounter
from estoc.systems.harp.tables import compile_tables


def main() -> None:
    db, sample, seed = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    to_end = sys.argv[4:] == ["end"]
    content = load_folder(shipped_folder())
    system = HarpPlay(content, compile_tables(content))
    setup = load_encounter(sample, content).setup
    store = EventStore(db)
    while True:
        tracker = Tracker.create(store, system, "crash", {"encounter": setup, "seed": seed})
        seed += 1
        print(tracker.fight_id, len(tracker.events), flush=True)
        while not tracker.fight.is_over():
            if to_end:
                tracker.command("auto end all")
            else:
                tracker.auto()
            print(tracker.fight_id, tracker.events[-1]["seq"], flush=True)


if __name__ == "__main__":
    main()
