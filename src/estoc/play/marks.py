"""The GM's own marks, whatever the rule system: conditions of the GM's making with a duration in rounds (« silence,
3 rounds »), notes on a combatant, timers that fire when a round begins (« the reinforcements arrive in round 4 »).

They are tracker events (types in :data:`MARK_TYPES`), stored, undone and redone like any command, and never handed
to a rule system's ``apply``: the fight's state is the same with or without them, and so are its dice (a mark is no
turn). Durations are pinned to the round clock (a mark set in round 2 for 3 rounds holds until round 5 begins),
never counted down, so that undo and replay need no inverse. What they hold is the fold of the mark events in
effect (:meth:`Marks.apply`, one event at a time).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from estoc.engine.asking import DICE_TYPE, dice_event
from estoc.engine.numbers import bounded
from estoc.engine.words import fold, refuse_unused
from estoc.errors import InputError
from estoc.i18n import _

MARK, NOTE, TIMER, CLEAR = "tracker-mark", "tracker-note", "tracker-timer", "tracker-clear"
MARK_TYPES = frozenset({MARK, NOTE, TIMER, CLEAR, DICE_TYPE})
"""The stored events of the GM's marks: the tracker's own, no rule system sees them (who rolls what,
:mod:`estoc.engine.asking`, is one of them: it changes who is asked, never the fight)."""
MARK_VERBS = ("mark", "note", "timer", "clear", "dice")
"""The commands that make them (their words are in :func:`estoc.engine.words.tracker_commands`)."""

ROUNDS_MAX = 1_000
"""The longest mark, and the furthest timer from now, in rounds."""
NAME_MAX = 40
TEXT_MAX = 200
UNIT_WORDS = frozenset({"round", "rounds", "rd", "rds", "tour", "tours", "tr", "trs"})
"""A word that may follow a mark's duration (``mark orque-1 silence 3 rounds``), folded."""
TIMER_WORDS = frozenset({"timer", "timers", "minuteur", "minuteurs"})
NOTE_WORDS = frozenset({"note", "notes"})


def is_mark(event: Mapping[str, Any]) -> bool:
    """Whether a stored event is one of the GM's marks (a tracker event, no rule system's)."""
    return event.get("type") in MARK_TYPES


@dataclass
class Marks:
    """The GM's marks in effect: ``conditions[who][name]`` is the round the mark ends at (``None``: until cleared),
    ``notes[who]`` the notes in the order written, ``timers`` the ``(round, text)`` pairs in the order of their
    rounds. Expired marks and fired timers stay (the board shows only what holds at the round it is given), so the
    fold needs no clock."""

    conditions: dict[str, dict[str, int | None]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    timers: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Marks:
        return Marks({who: dict(marks) for who, marks in self.conditions.items()},
                     {who: list(texts) for who, texts in self.notes.items()}, list(self.timers))

    def apply(self, event: Mapping[str, Any], names: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Fold one mark event in; returns its narration records (``{"kind": "tracker", "verb": …}``); ``names``:
        each combatant's name by id (a ``{fr, en}`` record), for the narration."""
        kind = event.get("type")
        who = str(event.get("who", ""))
        named = {"who": who, "who_name": dict((names or {}).get(who) or {})}
        if kind == MARK:
            until = event.get("until")
            self.conditions.setdefault(who, {})[str(event["name"])] = None if until is None else int(until)
            return [{"kind": "tracker", "verb": "mark", **named, "name": str(event["name"]),
                     "rounds": event.get("rounds"), "until": until}]
        if kind == NOTE:
            self.notes.setdefault(who, []).append(str(event["text"]))
            return [{"kind": "tracker", "verb": "note", **named, "text": str(event["text"])}]
        if kind == TIMER:
            at = int(event["at"])
            self.timers.append((at, str(event["text"])))
            self.timers.sort(key=lambda timer: timer[0])  # (stable: timers of one round keep their order)
            return [{"kind": "tracker", "verb": "timer", "at": at, "text": str(event["text"])}]
        if kind == DICE_TYPE:
            return [{"kind": "tracker", "verb": "dice", **named, "mode": str(event.get("mode"))}]
        if kind == CLEAR:
            removed = [str(name) for name in event.get("names") or []]
            for name in removed:
                self.conditions.get(who, {}).pop(name, None)
            notes = len(self.notes.pop(who, [])) if event.get("notes") else 0
            rounds = {int(r) for r in event.get("timers") or []}
            timers = [t for t in self.timers if t[0] in rounds]
            self.timers = [t for t in self.timers if t[0] not in rounds]
            return [{"kind": "tracker", "verb": "clear", **(named if who else {}), "names": removed, "notes": notes,
                     "timers": [{"at": at, "text": text} for at, text in timers]}]
        return []

    def pending(self, now: int) -> bool:
        """Whether anything is still to end or fire after round ``now`` (else no round change needs watching)."""
        return any(until is not None and until > now for marks in self.conditions.values()
                   for until in marks.values()) or any(at > now for at, _text in self.timers)

    def due(self, before: int, after: int, names: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """What the clock going from round ``before`` to ``after`` brings: timers firing, marks ending (records)."""
        if after <= before:
            return []
        records: list[dict[str, Any]] = [{"kind": "tracker", "verb": "timer-fires", "at": at, "text": text}
                                         for at, text in self.timers if before < at <= after]
        for who, marks in self.conditions.items():
            for name, until in marks.items():
                if until is not None and before < until <= after:
                    records.append({"kind": "tracker", "verb": "mark-ends", "who": who,
                                    "who_name": dict((names or {}).get(who) or {}), "name": name, "round": until})
        return records

    def board(self, now: int) -> dict[str, Any]:
        """What holds at round ``now``, for the board: ``conditions[who]`` as ``(name, rounds left or None)``,
        ``notes[who]``, the pending ``timers`` as ``(round, text)``."""
        conditions = {who: [(name, None if until is None else until - now) for name, until in marks.items()
                            if until is None or until > now]
                      for who, marks in self.conditions.items()}
        return {"conditions": {who: rows for who, rows in conditions.items() if rows},
                "notes": {who: list(texts) for who, texts in self.notes.items() if texts},
                "timers": [(at, text) for at, text in self.timers if at > now]}


def fold_marks(events: Sequence[Mapping[str, Any]]) -> Marks:
    """The marks the events in effect leave (other events are passed over)."""
    marks = Marks()
    for event in events:
        if is_mark(event):
            marks.apply(event)
    return marks


def _text(words: Sequence[str], what: str, limit: int) -> str:
    text = " ".join(word.strip() for word in words).strip()
    if not text:
        raise InputError(_("{what} is missing").format(what=what))
    if len(text) > limit:
        raise InputError(_("{what} is too long: {limit} characters at most").format(what=what, limit=limit))
    if not text.isprintable():
        raise InputError(_("{what} holds control characters").format(what=what))
    return text


def _combatant(word: str, ids: Sequence[str]) -> str:
    for cid in ids:
        if fold(word) == fold(cid):
            return cid
    raise InputError(_("no combatant {who!r} here; the ids are: {ids}").format(who=word[:40], ids=", ".join(ids)))


def mark_event(verb: str, args: Sequence[str], view: Mapping[str, Any], marks: Marks) -> dict[str, Any]:
    """The event a mark command makes, checked against the fight (``view``) and the marks in effect.

    Raises:
        InputError: a combatant not in the fight, a missing or overlong text, a duration or round out of range,
            nothing to clear.
    """
    ids = [str(row["id"]) for row in view["combatants"]]
    now = int(view.get("round") or 0)
    if verb == "mark":
        if len(args) < 2:
            raise InputError(_("missing arguments: {usage}").format(usage=_("mark WHO NAME [ROUNDS]")))
        who = _combatant(args[0], ids)
        rest = list(args[1:])
        if len(rest) > 2 and fold(rest[-1]) in UNIT_WORDS:
            rest.pop()
        rounds: int | None = None
        if len(rest) > 1 and rest[-1].lstrip("+-").isdigit():
            rounds = bounded(rest.pop(), _("the mark's rounds"), 1, ROUNDS_MAX)
        name = _text(rest, _("the mark's name"), NAME_MAX)
        return {"type": MARK, "who": who, "name": name, "rounds": rounds, "round": now,
                "until": None if rounds is None else now + rounds}
    if verb == "note":
        if len(args) < 2:
            raise InputError(_("missing arguments: {usage}").format(usage=_("note WHO TEXT")))
        return {"type": NOTE, "who": _combatant(args[0], ids), "text": _text(args[1:], _("the note"), TEXT_MAX)}
    if verb == "timer":
        if len(args) < 2:
            raise InputError(_("missing arguments: {usage}").format(usage=_("timer ROUND TEXT")))
        word = args[0]
        if word.startswith("+"):
            at = now + bounded(word[1:], _("the rounds from now"), 1, ROUNDS_MAX)
        else:
            at = bounded(word, _("the timer's round"), now + 1, now + ROUNDS_MAX)
        return {"type": TIMER, "at": at, "round": now, "text": _text(args[1:], _("the timer's text"), TEXT_MAX)}
    if verb == "clear":
        return _clear(args, ids, now, marks)
    if verb == "dice":
        return dice_event(list(args), ids)
    raise InputError(_("{command} is no mark command").format(command=verb))


def _clear(args: Sequence[str], ids: Sequence[str], now: int, marks: Marks) -> dict[str, Any]:
    shown = marks.board(now)
    if not args:
        raise InputError(_("missing arguments: {usage}").format(usage=_("clear WHO [NAME | notes] or clear timer "
                                                                        "[ROUND]")))
    if fold(args[0]) in TIMER_WORDS and fold(args[0]) not in map(fold, ids):
        pending = [at for at, _text in shown["timers"]]
        if len(args) > 2:
            refuse_unused(args[2:])
        if len(args) > 1:
            at = bounded(args[1], _("the timer's round"), 0, now + ROUNDS_MAX)
            if at not in pending:
                raise InputError(_("no timer pending for round {round}").format(round=at))
            return {"type": CLEAR, "timers": [at]}
        if not pending:
            raise InputError(_("no timer pending"))
        return {"type": CLEAR, "timers": sorted(set(pending))}
    who = _combatant(args[0], ids)
    held = [name for name, _left in shown["conditions"].get(who, [])]
    has_notes = bool(shown["notes"].get(who))
    if len(args) == 1:
        if not held and not has_notes:
            raise InputError(_("{who} has no mark and no note of yours").format(who=who))
        return {"type": CLEAR, "who": who, "names": held, "notes": has_notes}
    wanted = " ".join(args[1:]).strip()
    if fold(wanted) in NOTE_WORDS and not any(fold(name) == fold(wanted) for name in held):
        if not has_notes:
            raise InputError(_("{who} has no note").format(who=who))
        return {"type": CLEAR, "who": who, "names": [], "notes": True}
    found = [name for name in held if fold(name) == fold(wanted)]
    if not found:
        raise InputError(_("{who} has no mark {name!r}; marks: {marks}").format(
            who=who, name=wanted[:NAME_MAX], marks=", ".join(held) or "—"))
    return {"type": CLEAR, "who": who, "names": found, "notes": False}
