"""The GM's tracker: commands become events, stored before the state changes; the state is the fold of the events.

A command is tried on a copy of the fight with a recording dice source (the faces the GM typed, estoc's dice for
the rest); only once the event, with every face it used, is committed to the store does the copy become the fight.
A command the rules refuse writes nothing. Undo and redo are events too: the fight is then the fold of the
commands still in effect, replayed from their stored faces, so it is exactly the state the store holds, after an
undo, a redo or a crash.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from estoc.dice import ScriptedDice, SeededDice
from estoc.dice.sources import AskFace, MissingFace
from estoc.engine.asking import Modes, Question, fold_modes, read_answer
from estoc.engine.protocol import Fight, FightSystem, events_dice, recorded_dice
from estoc.engine.stops import Stop
from estoc.engine.words import LINE_BREAKS, mark_words
from estoc.errors import DiceError, EstocError, InputError, StoreError
from estoc.i18n import _, pick
from estoc.play.marks import MARK_VERBS, Marks, fold_marks, is_mark, mark_event
from estoc.play.stamp import RULES_KEY, STATE_KEY, RulesCheck, rules_stamp, state_digest
from estoc.play.store import EventStore, StaleError

AUTO_LIMIT = 500
LINE_LIMIT = 500
"""The longest command line read (in characters): a command is a few words; a note, a sentence."""
BATCH = "batch"
"""The type of a stored event that holds the several turns one command played (``events``, each with its faces)."""


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


def checked_line(line: str) -> str:
    """A command line as typed, refused with a clear message when too long, not text, holding a line break inside
    (a line is one command: ``auto⏎undo`` is refused whole) or control characters (a tab counts as a space)."""
    if len(line) > LINE_LIMIT:
        raise InputError(_("a command line holds {n} characters at most").format(n=LINE_LIMIT))
    if any("\udc80" <= char <= "\udcff" for char in line):
        # (what Python makes of bytes that are not UTF-8 on a terminal or in a file read with surrogateescape)
        raise InputError(_("this line holds bytes that are not UTF-8 text: type it again"))
    if any(char in LINE_BREAKS for char in line):
        raise InputError(_("one command per line: this text holds a line break"))
    line = line.replace("\t", " ")
    if not line.isprintable():
        raise InputError(_("this line holds control characters: type it again"))
    return line


def names_of(fight: Fight) -> dict[str, Any]:
    """Each combatant's name (a ``{fr, en}`` record) by id, for the narration of the GM's marks."""
    return {str(row["id"]): row.get("name") for row in fight.view()["combatants"]}


def apply_stored(fight: Fight, event: Mapping[str, Any], seq: object = None,
                 marks: Marks | None = None) -> list[dict[str, Any]]:
    """Apply a stored event with its stored faces (a batch: each of its events with its own); returns the records.

    ``marks``: the GM's marks in effect; a mark event is folded into them (the fight never sees it), and after each
    turn that moves the round on, the timers that fire and the marks that end are told.

    Raises:
        StoreError: the event does not replay (a rule refused it, or faces were left over).
    """
    seq = event.get("seq", "?") if seq is None else seq
    if is_mark(event):
        if marks is None:
            return []
        try:
            return marks.apply(event, names_of(fight))
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(_("the stored fight does not replay (event {seq}): {error}").format(
                seq=seq, error=_("a mark without its fields"))) from exc
    if event.get("type") == BATCH:
        records: list[dict[str, Any]] = []
        steps = event.get("events")
        if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
            raise StoreError(_("the stored fight does not replay (event {seq}): {error}").format(
                seq=seq, error=_("its turns are not a list of events")))
        for step in steps:
            records.extend(apply_stored(fight, step, seq, marks))
        return records
    dice = ScriptedDice(events_dice(event))
    before = _watch(fight, marks)
    try:
        records = fight.apply(event, dice)
    except EstocError as exc:
        raise StoreError(_("the stored fight does not replay (event {seq}): {error}").format(
            seq=seq, error=exc.message)) from exc
    if dice.unused():
        raise StoreError(_("the stored fight does not replay (event {seq}): faces left over").format(seq=seq))
    return records + _due(fight, marks, before)


def _watch(fight: Fight, marks: Marks | None) -> int | None:
    """The round before a turn, when some mark may end or some timer fire after it (else ``None``: a fight without
    pending marks costs no view)."""
    if marks is None:
        return None
    now = int(fight.view().get("round") or 0)
    return now if marks.pending(now) else None


def _due(fight: Fight, marks: Marks | None, before: int | None) -> list[dict[str, Any]]:
    """The GM's timers and marks the turn just played brought due (records)."""
    if marks is None or before is None:
        return []
    return marks.due(before, int(fight.view().get("round") or 0), names_of(fight))


def replay(system: FightSystem, setup: Mapping[str, Any], events: list[dict[str, Any]],
           history: list[tuple[Fight, int]] | None = None,
           check: RulesCheck | None = None) -> tuple[Fight, list[dict[str, Any]]]:
    """The fight and its narration records, from its setup and its stored events; ``history`` (when given) gets the
    state after each command in effect, with the number of records told so far (what undo goes back to); ``check``
    (when given) sees each command in effect with the state it reached (the rules it was stored under)."""
    fight = _stored_fight(system, setup)
    records: list[dict[str, Any]] = []
    marks = Marks()
    for event in fold_events(events).effective:
        try:
            records.extend(apply_stored(fight, event, marks=marks))
        except StoreError as exc:
            refused = check.refused(event, exc) if check is not None else exc
            if refused is exc:
                raise
            raise refused from exc
        if check is not None and not is_mark(event):
            check.see(event, fight)
        if history is not None:
            history.append((fight, len(records)))
            fight = fight.copy()
    return fight, records


def _stored_fight(system: FightSystem, setup: Mapping[str, Any]) -> Fight:
    """The fight a stored setup begins, or a :class:`StoreError` saying the setup is damaged (a store written by
    hand or by another program: never a ``KeyError`` at the GM)."""
    encounter = setup.get("encounter") if isinstance(setup, Mapping) else None
    if not isinstance(encounter, Mapping):
        raise StoreError(_("the store is damaged: a fight's setup holds no encounter"))
    try:
        return system.new_fight(setup)
    except EstocError as exc:
        raise StoreError(_("the store is damaged: a fight's setup does not read ({error})").format(
            error="; ".join(exc.message.splitlines()))) from exc


def stored_name(name: str | Mapping[str, str]) -> str:
    """A fight's name as the store keeps it: a plain string, or a ``{fr, en}`` record (one language or both) as its
    JSON text, so that it is shown in the language of whoever reads it (:func:`shown_name`)."""
    if isinstance(name, str):
        return name
    texts = {str(k): str(v) for k, v in name.items() if v}
    return json.dumps(texts, ensure_ascii=False, sort_keys=True) if len(texts) > 1 else next(iter(texts.values()), "")


def shown_name(stored: str) -> str:
    """A stored fight's name in the user's language (the other one when it has only that); a plain string (a name
    given by hand, or a store written before names had two languages) as it is."""
    if stored.startswith("{"):
        try:
            texts = json.loads(stored)
        except ValueError:
            return stored
        if isinstance(texts, dict) and texts and all(isinstance(v, str) for v in texts.values()):
            return pick(texts)
    return stored


def is_player_turn(fight: Fight) -> bool:
    """Whether the combatant whose turn it is belongs to a player (the policy plays the others)."""
    view = fight.view()
    current = view.get("current")
    rows = {row["id"]: row for row in view["combatants"]}
    return bool(current and rows.get(current, {}).get("player"))


def described(event: Mapping[str, Any]) -> dict[str, Any]:
    """What a stored command was, for the GM: the line typed (when kept), its type, how many turns it played."""
    what: dict[str, Any] = {"type": str(event.get("type", "?"))}
    if event.get("line"):
        what["line"] = str(event["line"])
    if event.get("type") == BATCH:
        what["steps"] = len(event.get("events") or [])
    return what


class _Awaited(Exception):
    """A command stopped on a die a player is to give (:class:`~estoc.dice.sources.AskFace`), at turn ``step`` of the
    command, the fight's combatants being ``ids`` (internal to the tracker: it becomes :attr:`Tracker.pending`)."""

    def __init__(self, asked: AskFace, step: int, ids: list[str]) -> None:
        super().__init__(asked.message)
        self.asked, self.step, self.ids = asked, step, ids


class Tracker:
    """One fight being played: its store, its system, its live state.

    Each command is one stored event decided on the version of the fight this tracker holds (its number of stored
    events): a second writer on the same fight (another terminal) makes this tracker stale; its next append is
    refused (:class:`~estoc.play.store.StaleError`) and it reloads the fight as stored.
    """

    def __init__(self, store: EventStore, fight_id: str, system: FightSystem) -> None:
        self.store = store
        self.fight_id = fight_id
        self.system = system
        self.batch = False
        """Commands come from a file (``estoc run``): a die the GM left out may be rolled where the system says so
        (else it is asked for: the command is refused, naming it)."""
        self.setup = store.setup(fight_id)
        self.rules = rules_stamp(system.id, system.content)
        """The stamp of the rules this tracker plays under (:mod:`estoc.play.stamp`), stored with each command."""
        self.rules_check = RulesCheck(self.rules, [])
        """What the last load found about the rules the stored commands were played under."""
        self.events: list[dict[str, Any]] = []
        self.history: list[tuple[Fight, int]] = []
        """The state after each command in effect and the records told by then: undo steps back without a replay
        (a state is never changed once kept: a command is tried on a copy)."""
        self.asking = False
        """Whether the players are asked for their dice (:mod:`estoc.engine.asking`): the table's faces turn it on
        (the terminal, the browser, ``estoc run`` without ``--no-ask``); off, estoc rolls every die nobody typed, as
        a program using the library expects."""
        self.pending: Question | None = None
        """The die a command waits for (:mod:`estoc.engine.asking`); the command is stored once it is answered."""
        self._resume: Callable[[], list[dict[str, Any]]] | None = None
        """What the answer to :attr:`pending` goes on with: the command waiting, applied again."""
        self._answers: dict[int, dict[tuple[int, str], list[int]]] = {}
        """The faces given to the questions of the command waiting, by turn of the command, then by (roller,
        purpose)."""
        self._asked = 0
        self._where: tuple[int, int] = (0, -1)
        """The turn of the command and the roller of the die awaited."""
        self.reload()

    def reload(self) -> None:
        """Read the fight again from the store (after another writer appended to it)."""
        self.events = self.store.events(self.fight_id)
        self.history = []
        self.rules_check = RulesCheck(self.rules, [])
        self.fight, self.records = replay(self.system, self.setup, self.events, self.history, self.rules_check)
        self.marks = fold_marks(fold_events(self.events).effective)
        """The GM's marks in effect (:mod:`estoc.play.marks`)."""
        self._refold_modes()
        self.drop_question()

    def _refold_modes(self) -> None:
        view = self.fight.view()
        rows = view["combatants"]
        self.players = {str(r["id"]): bool(r.get("player")) for r in rows}
        self.modes: Modes = fold_modes(self.setup, fold_events(self.events).effective, [str(r["id"]) for r in rows],
                                       self.players)
        """Who rolls what (:mod:`estoc.engine.asking`): the encounter's ``dice`` block, then the GM's ``dice``."""

    @property
    def version(self) -> int:
        """The number of stored events this tracker's state is the fold of (the store numbers them 1, 2, 3…)."""
        return int(self.events[-1]["seq"]) if self.events else 0

    @classmethod
    def create(cls, store: EventStore, system: FightSystem, name: str | Mapping[str, str],
               setup: Mapping[str, Any], *, asking: bool = False) -> Tracker:
        """A new fight in the store, begun (the first round's initiative rolled); ``name``: a string, or an
        encounter's ``{fr, en}`` name, kept in both languages. ``asking``: the players are asked for their dice
        (:attr:`asking`); the first round's may then be awaited (:attr:`pending`: the fight begins once they are
        given)."""
        system.new_fight(setup)  # refuse a broken setup before anything is written
        fight_id = store.create_fight(stored_name(name), system.id, dict(setup))
        tracker = cls(store, fight_id, system)
        tracker.asking = asking
        tracker.begin()
        return tracker

    def begin(self) -> list[dict[str, Any]]:
        """Begin the fight if it has not begun (the first round's initiative rolled): its records, or the question
        of the first die awaited (:attr:`pending`); nothing when it has begun."""
        if self.begun or self.pending is not None:
            return []
        return self.awaiting("", lambda: self.submit({"type": "begin"}))

    @property
    def begun(self) -> bool:
        """Whether the fight has begun (its opening event stored: it may wait on the players' first dice)."""
        return bool(self.events)

    def _dice_seed(self, step: int = 0) -> np.random.SeedSequence:
        # The k-th turn of a batch draws as the k-th of as many single commands would, and a batch counts as its
        # turns for the commands after it: `auto end` plays the same fight whether its turns are stored one by one
        # or as one command, and so does everything after it.
        # A GM's mark is no turn: a fight draws the same dice with or without marks and notes.
        turns = sum(len(event["events"]) if event.get("type") == BATCH else 0 if is_mark(event) else 1
                    for event in self.events)
        return np.random.SeedSequence([int(self.setup.get("seed", 0)) & 0xFFFFFFFF, turns + step])

    def _try(self, trial: Fight, event: Mapping[str, Any], step: int = 0) -> tuple[dict[str, Any],
                                                                                   list[dict[str, Any]]]:
        """Apply an event to ``trial`` with a recording dice source; returns the event to store and the records."""
        typed = {str(k): list(v) for k, v in (event.get("typed") or {}).items()}
        body = {k: v for k, v in event.items() if k != "typed"}
        # The GM's attack faces are typed whole, except in a batch where the system rolls a die left out (the One
        # Ring's second feat die of a favoured roll: the narration names the faces estoc rolled).
        whole = "attack" in typed and not (self.batch and getattr(self.system, "batch_rolls_missing", False))
        ids = [str(c.id) for c in getattr(trial, "combatants", [])]
        players = {cid: self.players.get(cid, False) for cid in ids}
        ask = self.modes.asker(ids, players) if self.asking else None
        answers = self._answers.get(step, {})
        dice = ScriptedDice(typed, fallback=SeededDice(self._dice_seed(step)), strict=["attack"] if whole else [],
                            record=True, ask=ask, answers=answers)
        before = _watch(trial, self.marks)
        try:
            records = trial.apply(body, dice)
        except AskFace as asked:
            raise _Awaited(asked, step, ids) from asked
        except MissingFace as missing:
            ask = getattr(self.system, "ask_missing", None)
            words = ask(missing.purpose, missing.sides, missing.given) if ask is not None else None
            if words is None:
                raise
            raise DiceError(words) from missing
        records += _due(trial, self.marks, before)
        left = dice.unused()
        if left:
            # A face typed ahead "just in case" that the blow did not need: said, and dropped (nothing refused).
            records.append({"kind": "tracker", "verb": "unused", "faces": left})
            kept = {k: list(q) for k, q in dice.queues.items()}
            typed = {k: v[:len(v) - len(kept.get(k, []))] for k, v in typed.items()}
            typed = {k: v for k, v in typed.items() if v}
        stored = {**body, "dice": recorded_dice(dice)}
        if typed:
            stored["typed"] = typed
        given = [[ids[who] if 0 <= who < len(ids) else None, purpose, face]
                 for (who, purpose), faces in answers.items() for face in faces]
        if given:
            stored["answers"] = given  # (what the players answered, 0: left to estoc; the faces are in "dice")
        return stored, records

    def _append(self, event: dict[str, Any]) -> int:
        """Store one event decided on this tracker's version; a stale tracker reloads and passes the refusal on."""
        try:
            return self.store.append(self.fight_id, event, version=self.version)
        except StaleError:
            self.reload()
            raise

    def _keep(self, stored: dict[str, Any], trial: Fight, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not is_mark(stored):
            stored[RULES_KEY] = self.rules
            stored[STATE_KEY] = state_digest(trial)
        seq = self._append(stored)
        self.events.append({**stored, "seq": seq})
        self.fight = trial
        self.records.extend(records)
        self.history.append((trial, len(self.records)))
        if stored.get("type") == "gm":  # (a newcomer: whose player it is)
            self._refold_modes()
        return records

    def submit(self, event: Mapping[str, Any], line: str | None = None) -> list[dict[str, Any]]:
        """Try an event on a copy; store it with its faces; keep the copy. Returns what happened."""
        trial = self.fight.copy()
        stored, records = self._try(trial, event)
        if line:
            stored["line"] = line
        return self._keep(stored, trial, records)

    def play(self, first: Mapping[str, Any] | None = None, *, until_stop: bool = False, through: bool = False,
             line: str | None = None) -> list[dict[str, Any]]:
        """One command that may play several turns, stored as one event (a batch when more than one) and undone as
        one: ``first`` (a GM's action; without it, the policy's for what comes now, a player's turn or a phase
        included: the GM asked for that one), then, with ``until_stop``, the policy's until the fight ends or stops
        before a decision that is a player's or a phase's the GM declares (the fight's ``stop_reason``); with
        ``through`` too, past every such stop to the end.

        Where estoc's own play stopped (or could not start), a last record says where and why (``{"kind":
        "tracker", "verb": "stop", …}``: told, never stored, as an undo's record). Nothing is stored until every
        turn is played on a copy; an interrupt or an error before stores nothing.
        """
        trial = self.fight.copy()
        steps: list[dict[str, Any]] = []
        records: list[dict[str, Any]] = []
        if first is not None:
            stored, told = self._try(trial, first)
            steps.append(stored)
            records.extend(told)
        stop: Stop | None = None
        for _step in range(AUTO_LIMIT):
            if trial.is_over() or (steps and not until_stop):
                break
            if until_stop and not through:
                stop = trial.stop_reason()
                if stop is not None:
                    break
            stored, told = self._try(trial, trial.auto_event(), len(steps))
            steps.append(stored)
            records.extend(told)
        # (a GM's action that reached a stop at once is no stop of estoc's: the GM is deciding there already)
        estoc_played = len(steps) > int(first is not None)
        said = [stop.record(names_of(trial))] if stop is not None and (estoc_played or not steps) else []
        if not steps:
            return [{**record, "idle": True} for record in said]
        one = steps[0] if len(steps) == 1 else {"type": BATCH, "events": steps}
        if line:
            one["line"] = line
        return self._keep(one, trial, records) + said

    def undo(self) -> bool:
        return self._rewind("undo") is not None

    def redo(self) -> bool:
        return self._rewind("redo") is not None

    def _rewind(self, kind: str) -> dict[str, Any] | None:
        """Store an undo or a redo; returns the command it took back or brought back (``None``: nothing to do)."""
        folded = fold_events(self.events)
        possible = len(folded.effective) > 1 if kind == "undo" else bool(folded.undone)
        if not possible:
            return None
        target = folded.effective[-1] if kind == "undo" else folded.undone[-1]
        seq = self._append({"type": kind})
        self.events.append({"type": kind, "seq": seq})
        if kind == "undo":
            self.history.pop()
            self.fight, told = self.history[-1]
            self.records = self.records[:told]
        else:
            # The command undone last, applied again with its stored faces: the state a replay would reach.
            trial = self.fight.copy()
            self.records.extend(apply_stored(trial, target, marks=self.marks.copy()))
            self.fight = trial
            self.history.append((trial, len(self.records)))
        self.marks = fold_marks(fold_events(self.events).effective)
        self._refold_modes()
        return target

    def mark(self, verb: str, args: list[str], line: str | None = None) -> list[dict[str, Any]]:
        """A GM's mark, note, timer or clearing (:mod:`estoc.play.marks`): checked, stored, folded into the marks;
        the fight itself is untouched. Returns what to tell."""
        event = mark_event(verb, args, self.fight.view(), self.marks)
        stored = {**event, "line": line} if line else dict(event)
        seq = self._append(stored)
        self.events.append({**stored, "seq": seq})
        records = self.marks.apply(event, names_of(self.fight))
        self.records.extend(records)
        self.history.append((self.fight, len(self.records)))
        self._refold_modes()
        return records

    def request(self, line: str) -> dict[str, Any]:
        """A command line as the tracker reads it: a mark command by its own words (free text: no system's
        keywords read in a note), anything else by the rule system's parser.

        Raises:
            InputError: a line longer than :data:`LINE_LIMIT`, or holding bytes that are not UTF-8 text or control
                characters (every face, terminal, script or screen, reads its lines here).
        """
        line = checked_line(line)
        found = mark_words(line)
        if found is not None:
            return {"command": found[0], "args": found[1]}
        return self.system.parse(line, self.fight)

    def sheet(self, args: list[str]) -> dict[str, Any]:
        """The sheet of the one combatant ``args`` names (``fiche ID``), as the rules use it now.

        Raises:
            InputError: no id, more than one, or one the fight has not.
        """
        if len(args) != 1:
            raise InputError(_("name one combatant: sheet ID"))
        sheet, index = getattr(self.fight, "sheet", None), getattr(self.fight, "index", None)
        if sheet is None or index is None:
            raise InputError(_("this fight has no sheets"))
        result: dict[str, Any] = sheet(index(str(args[0])))
        return result

    def auto(self, until_stop: bool = False) -> list[dict[str, Any]]:
        """Let the default policy play what comes now (``auto``), or, with ``until_stop``, on until the fight ends
        or a player's decision or a phase the GM declares comes (``auto all``, ``auto end``)."""
        return self.play(until_stop=until_stop)

    def auto_to_end(self) -> list[dict[str, Any]]:
        """Let the default policy play everyone, players and phases included, until the fight ends (``auto end
        all``: one command; what simulation-like callers, the demo and the recorders, mean)."""
        return self.play(until_stop=True, through=True)

    def player_turn(self) -> bool:
        return is_player_turn(self.fight)

    def command(self, line: str, *, creatures_auto: bool = False) -> list[dict[str, Any]]:
        """Run one command line (French or English words); returns narration records (tracker verbs: a record
        ``{"kind": "tracker", …}``). With ``creatures_auto``, the creatures' turns that follow a fight action are
        played by the policy within the same command (one event, one undo).

        When the command needs a die a player is to give, nothing is stored yet: the one record returned is the
        question (``{"kind": "question", …}``, :meth:`Question.record`) and :attr:`pending` holds it; the next line
        is its answer (:meth:`answer`), whoever sends it (the terminal, a script, the browser)."""
        if self.pending is not None:
            return self.answer(line)
        return self.awaiting(line, lambda: self._command(line, creatures_auto=creatures_auto))

    def awaiting(self, line: str, step: Callable[[], list[dict[str, Any]]]) -> list[dict[str, Any]]:
        """``step`` (a command, ``line`` as typed), or the question it stops on (then :attr:`pending`)."""
        try:
            return step()
        except _Awaited as waited:
            return [self._ask(waited, line, step)]

    def answer(self, text: str, number: int | None = None) -> list[dict[str, Any]]:
        """The answer to the die awaited: a face, « estoc rolls » (Enter, ``estoc``), or cancel (``annuler``:
        the command waiting is dropped, nothing stored). The command is then applied again from the start with
        the face added: it is stored, or stops on the next die it needs (another question). ``number``: the
        question answered (a screen's answer names it: one already answered is refused).

        Raises:
            InputError: no die awaited, an answer to another question, a face not on the die (the question
                stays open).
        """
        question = self.pending
        if question is None:
            raise InputError(_("no die is awaited now"))
        if number is not None and number != question.number:
            raise InputError(_("that die was already given: the fight has moved on"))
        face = read_answer(text, question)
        resume = self._resume
        if face is None or resume is None:
            if not self.begun:
                raise InputError(_("the fight begins with this die: give it, or press Enter for estoc to roll it"))
            self.drop_question()
            return [{"kind": "tracker", "verb": "cancelled", "line": question.line}]
        step, who = self._where
        self._answers.setdefault(step, {}).setdefault((who, question.purpose), []).extend(face)
        try:
            records = resume()
        except _Awaited as waited:
            return [self._ask(waited, question.line, resume)]
        except BaseException:
            self.drop_question()
            raise
        self.drop_question()
        return records

    def drop_question(self) -> None:
        """No die awaited any more (the command waiting on it is forgotten, nothing of it stored)."""
        self.pending = None
        self._resume = None
        self._answers = {}
        self._where = (0, -1)

    def _ask(self, waited: _Awaited, line: str, resume: Callable[[], list[dict[str, Any]]]) -> dict[str, Any]:
        asked, ids = waited.asked, waited.ids
        who = ids[asked.who] if 0 <= asked.who < len(ids) else "?"
        person = next((c for c in getattr(self.fight, "combatants", []) if str(c.id) == who), None)
        name = dict(person.name) if person is not None else {"fr": who, "en": who}
        self._asked += 1
        self.pending = Question(self._asked, who, name, self.players.get(who, False), asked.purpose, asked.sides,
                                asked.given, line)
        self._resume = resume
        self._where = (waited.step, asked.who)
        return self.pending.record()

    def _command(self, line: str, *, creatures_auto: bool = False) -> list[dict[str, Any]]:
        request = self.request(line)
        verb = request.get("command")
        if verb in MARK_VERBS:
            return self.mark(str(verb), list(request.get("args") or []), line)
        if verb in ("undo", "redo"):
            target = self._rewind(str(verb))
            record: dict[str, Any] = {"kind": "tracker", "verb": verb, "done": target is not None}
            if target is not None:
                record.update(described(target))
                view = self.fight.view()
                record["round"] = view.get("round")
                record["current"] = view.get("current")
                record["current_name"] = next((row.get("name") for row in view.get("combatants", [])
                                               if row.get("id") == view.get("current")), None)
                if view.get("phase"):
                    record["phase"] = view["phase"]
            return [record]
        if verb == "auto":
            # auto all and auto end stop where a player or the GM decides; auto end all plays through to the end
            run, end = bool(request.get("all")), bool(request.get("end"))
            return self.play(until_stop=run or end or creatures_auto, through=run and end, line=line)
        if verb == "sheet":
            return [{"kind": "tracker", "verb": verb, "sheet": self.sheet(request.get("args") or [])}]
        if verb in ("status", "log", "summary", "help", "quit"):
            return [{"kind": "tracker", "verb": verb}]
        event = request.get("event")
        if not isinstance(event, dict):
            raise InputError(_("{command} is no fight action").format(command=verb))
        if creatures_auto:
            return self.play(event, until_stop=True, line=line)
        return self.submit(event, line=line)
