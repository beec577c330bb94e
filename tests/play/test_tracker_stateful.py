"""Any sequence of commands, undos and redos keeps the tracker's invariants (hypothesis state machine)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from estoc.content.registry import load_folder, shipped_folder
from estoc.errors import EstocError
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.play.tracker import Tracker
from estoc.systems.harp.encounter import load_encounter
from estoc.systems.harp.fight import HarpFight
from estoc.systems.harp.tables import compile_tables
from estoc.systems.harp.worlds import array

from .conftest import SAMPLE

CONTENT = load_folder(shipped_folder())
SYSTEM = HarpPlay(CONTENT, compile_tables(CONTENT))
SETUP = load_encounter(SAMPLE, CONTENT).setup
GM_LINES = st.sampled_from([
    "hp {id} 7", "damage {id} 5", "heal {id} 4", "condition {id} stun 2", "condition {id} bleed 2",
    "condition {id} must-parry 1", "condition {id} stun 0", "mod {id} -10", "relieve {id} 10", "out {id}",
    "back {id}", "init {id} 40", "condition {id} prone 1",
])
ACTIONS = st.sampled_from(["attack {foe}", "attack {foe} parry 10", "total-parry {foe}", "dodge", "pass",
                           "charge {foe} 10", "move 5", "stand", "wait {foe}", "instinctive-dodge"])


class TrackerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.store = EventStore(Path(self.folder.name) / "f.db")
        self.tracker = Tracker.create(self.store, SYSTEM, "machine", {"encounter": SETUP, "seed": 5})
        self.views: list[dict[str, Any]] = []

    def teardown(self) -> None:
        self.store.close()
        self.folder.cleanup()

    def fight(self) -> HarpFight:
        assert isinstance(self.tracker.fight, HarpFight)
        return self.tracker.fight

    def _try(self, line: str) -> None:
        before = self.tracker.fight.view()
        count = len(self.store.events(self.tracker.fight_id))
        try:
            self.tracker.command(line)
        except EstocError:
            # Refused: nothing written, nothing changed.
            assert len(self.store.events(self.tracker.fight_id)) == count
            assert self.tracker.fight.view() == before

    @rule()
    def auto(self) -> None:
        if not self.tracker.fight.is_over():
            self.tracker.auto()

    @rule(action=ACTIONS, pick=st.integers(0, 20))
    def act(self, action: str, pick: int) -> None:
        f = self.fight()
        current = f.current()
        foes = f.foes(current) if current is not None else []
        foe = f.combatants[foes[pick % len(foes)]].id if foes else "nobody"
        self._try(action.format(foe=foe))

    @rule(line=GM_LINES, pick=st.integers(0, 20))
    def gm(self, line: str, pick: int) -> None:
        ids = self.fight().ids()
        self._try(line.format(id=ids[pick % len(ids)]))

    @rule()
    def undo_then_redo(self) -> None:
        before = self.tracker.fight.view()
        if self.tracker.undo():
            assert self.tracker.redo()
            assert self.tracker.fight.view() == before

    @rule()
    def undo(self) -> None:
        self.tracker.undo()

    @precondition(lambda self: len(self.tracker.events) % 3 == 0)
    @rule()
    def reopen(self) -> None:
        again = Tracker(self.store, self.tracker.fight_id, SYSTEM)
        assert again.fight.view() == self.tracker.fight.view()

    @invariant()
    def store_replays_to_live_state(self) -> None:
        if len(self.tracker.events) % 4 == 1:
            again = Tracker(self.store, self.tracker.fight_id, SYSTEM)
            assert again.fight.view() == self.tracker.fight.view()

    @invariant()
    def numbers_stay_sane(self) -> None:
        f = self.fight()

        def field(name: str) -> np.typing.NDArray[np.int64]:
            return array(f.F, name)[0]

        hp, hp_max = field("hp"), np.array([c.hp for c in f.combatants])
        assert bool((hp <= hp_max).all())
        for name in ("stun_until", "must_parry_until", "no_parry_until", "lost_until"):
            until = field(name)
            assert bool((until >= 0).all())
            # A duration never points back before the round: expired ones are cleared at the start of a turn.
            assert bool(((until == 0) | (until >= f.round - 1)).all())
        assert bool((field("bleed") >= 0).all()) and bool((field("penalty") <= 0).all())
        dead, down = field("dead").astype(bool), field("down").astype(bool)
        assert bool((dead <= (down | dead)).all())
        assert np.all(hp[dead] <= hp_max[dead])

    @invariant()
    def order_is_total(self) -> None:
        f = self.fight()
        assert len(set(f.order)) == len(f.order) <= len(f.combatants)
        assert all(0 <= i < len(f.combatants) for i in f.order)
        # The turn points into this round's order (or before its start).
        assert -1 <= int(f.F.turn[0]) <= len(f.order)


TrackerMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=25, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])
TestTracker = TrackerMachine.TestCase
