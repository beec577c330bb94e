"""The GM's tracker: commands become events, stored before the state changes; the state is the fold of the events.

A command is tried on a copy of the fight with a recording dice source (the faces the GM typed, estoc's dice for
the rest); only once the event, with every face it used, is committed to the store does the copy become the fight.
A command the rules refuse writes nothing. Undo and redo are events too: the fight is then the fold of the
commands still in effect, replayed from their stored faces, so it is exactly the state the store holds, after an
undo, a redo or a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from estoc.dice import ScriptedDice, SeededDice
from estoc.engine.protocol import Fight, FightSystem, events_dice, recorded_dice
from estoc.errors import DiceError, EstocError, InputError, StoreError
from estoc.i18n import _
from estoc.play.store import EventStore

AUTO_LIMIT = 500


@dataclass
class Fold:
    """The commands in effect after undos and redos, and the records they told."""

    effective: list[dict[str, Any]] = field(default_factory=list)
    undone: list[dict[str, Any]] = field(default_factory=list)


def fold_events(events: list[dict[str, Any]]) -> Fold:
    """Which stored events are in effect: an undo takes back the last command in effect, a redo brings back the last
    undone one, a new command forgets what was undone."""
    result = Fold()
    for event in events:
        kind = event.get("type")
        if kind == "undo":
            if len(result.effective) > 1:  # the opening event ("begin") is never undone
                result.undone.append(result.effective.pop())
        elif kind == "redo":
            if result.undone:
                result.effective.append(result.undone.pop())
        else:
            result.effective.append(event)
            result.undone.clear()
    return result


def replay(system: FightSystem, setup: Mapping[str, Any], events: list[dict[str, Any]],
           history: list[tuple[Fight, int]] | None = None) -> tuple[Fight, list[dict[str, Any]]]:
    """The fight and its narration records, from its setup and its stored events; ``history`` (when given) gets the
    state after each command in effect, with the number of records told so far (what undo goes back to)."""
    fight = system.new_fight(setup)
    records: list[dict[str, Any]] = []
    for event in fold_events(events).effective:
        dice = ScriptedDice(events_dice(event))
        try:
            records.extend(fight.apply(event, dice))
        except EstocError as exc:
            raise StoreError(_("the stored fight does not replay (event {seq}): {error}").format(
                seq=event.get("seq", "?"), error=exc.message)) from exc
        if dice.unused():
            raise StoreError(_("the stored fight does not replay (event {seq}): faces left over").format(
                seq=event.get("seq", "?")))
        if history is not None:
            history.append((fight, len(records)))
            fight = fight.copy()
    return fight, records


class Tracker:
    """One fight being played: its store, its system, its live state."""

    def __init__(self, store: EventStore, fight_id: str, system: FightSystem) -> None:
        self.store = store
        self.fight_id = fight_id
        self.system = system
        self.setup = store.setup(fight_id)
        self.events = store.events(fight_id)
        self.history: list[tuple[Fight, int]] = []
        """The state after each command in effect and the records told by then: undo steps back without a replay
        (a state is never changed once kept: a command is tried on a copy)."""
        self.fight, self.records = replay(system, self.setup, self.events, self.history)

    @classmethod
    def create(cls, store: EventStore, system: FightSystem, name: str, setup: Mapping[str, Any]) -> Tracker:
        """A new fight in the store, begun (the first round's initiative rolled)."""
        system.new_fight(setup)  # refuse a broken setup before anything is written
        fight_id = store.create_fight(name, system.id, dict(setup))
        tracker = cls(store, fight_id, system)
        tracker.submit({"type": "begin"})
        return tracker

    def _dice_seed(self) -> np.random.SeedSequence:
        return np.random.SeedSequence([int(self.setup.get("seed", 0)) & 0xFFFFFFFF, len(self.events)])

    def submit(self, event: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Try an event on a copy; store it with its faces; keep the copy. Returns what happened."""
        typed = {str(k): list(v) for k, v in (event.get("typed") or {}).items()}
        body = {k: v for k, v in event.items() if k != "typed"}
        dice = ScriptedDice(typed, fallback=SeededDice(self._dice_seed()), strict=["attack"] if "attack" in typed
                            else [], record=True)
        trial = self.fight.copy()
        records = trial.apply(body, dice)
        left = dice.unused()
        if left:
            raise DiceError(_("these faces were given but not needed: {faces}").format(
                faces=", ".join(f"{k}: {' '.join(map(str, v))}" for k, v in left.items())))
        stored = {**body, "dice": recorded_dice(dice)}
        if typed:
            stored["typed"] = typed
        seq = self.store.append(self.fight_id, stored)
        self.events.append({**stored, "seq": seq})
        self.fight = trial
        self.records.extend(records)
        self.history.append((trial, len(self.records)))
        return records

    def undo(self) -> bool:
        return self._rewind("undo")

    def redo(self) -> bool:
        return self._rewind("redo")

    def _rewind(self, kind: str) -> bool:
        folded = fold_events(self.events)
        possible = len(folded.effective) > 1 if kind == "undo" else bool(folded.undone)
        if not possible:
            return False
        seq = self.store.append(self.fight_id, {"type": kind})
        self.events.append({"type": kind, "seq": seq})
        if kind == "undo":
            self.history.pop()
            self.fight, told = self.history[-1]
            self.records = self.records[:told]
        else:
            # The command undone last, applied again with its stored faces: the state a replay would reach.
            event = folded.undone[-1]
            trial = self.fight.copy()
            self.records.extend(trial.apply(event, ScriptedDice(events_dice(event))))
            self.fight = trial
            self.history.append((trial, len(self.records)))
        return True

    def auto(self, until_player: bool = False) -> list[dict[str, Any]]:
        """Let the default policy play the current combatant (or every creature until a player's turn)."""
        records: list[dict[str, Any]] = []
        for _step in range(AUTO_LIMIT):
            if self.fight.is_over():
                break
            records.extend(self.submit(self.fight.auto_event()))
            if not until_player or self.fight.is_over() or self.player_turn():
                break
        return records

    def auto_to_end(self) -> list[dict[str, Any]]:
        """Let the default policy play everyone until the fight ends."""
        records: list[dict[str, Any]] = []
        for _step in range(AUTO_LIMIT):
            if self.fight.is_over():
                break
            records.extend(self.submit(self.fight.auto_event()))
        return records

    def player_turn(self) -> bool:
        current = self.fight.view().get("current")
        rows = {row["id"]: row for row in self.fight.view()["combatants"]}
        return bool(current and rows.get(current, {}).get("player"))

    def command(self, line: str) -> list[dict[str, Any]]:
        """Run one command line (French or English words); returns narration records (tracker verbs: a record
        ``{"kind": "tracker", …}``)."""
        request = self.system.parse(line, self.fight)
        verb = request.get("command")
        if verb == "undo":
            return [{"kind": "tracker", "verb": "undo", "done": self.undo()}]
        if verb == "redo":
            return [{"kind": "tracker", "verb": "redo", "done": self.redo()}]
        if verb == "auto":
            if request.get("end"):
                return self.auto_to_end()
            return self.auto(until_player=bool(request.get("all")))
        if verb in ("status", "log", "summary", "help", "quit"):
            return [{"kind": "tracker", "verb": verb}]
        event = request.get("event")
        if not isinstance(event, dict):
            raise InputError(_("{command} is no fight action").format(command=verb))
        return self.submit(event)
