"""What the tracker itself answers (undo, redo, the GM's marks), told the same way whatever the rule system."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from estoc.dice.sources import purpose_label
from estoc.i18n import _, ngettext, pick


def who_of(record: Mapping[str, Any]) -> str:
    """A combatant as the GM reads it in the tracker's lines: the name, then the id the commands take."""
    who = str(record.get("who") or "?")
    names = record.get("who_name")
    name = pick(names) if isinstance(names, dict) and names else ""
    return f"{name} ({who})" if name and name != who else who


def rounds(n: int) -> str:
    """A number of rounds, in words (the board abbreviates; the narration does not)."""
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def question_line(record: Mapping[str, Any], *, hint: bool = True) -> str:
    """A die awaited from a player, as the terminal asks it: who, what for, which die, and (``hint``) how to
    answer."""
    purpose = str(record.get("purpose"))
    given = int(record.get("given") or 0) if purpose in SEVERAL else 0
    asked = _("{who} — {purpose} roll (d{sides}{nth}): the face?").format(
        who=who_of(record), purpose=purpose_label(purpose), sides=record.get("sides"),
        nth=_(", die no. {n}").format(n=given + 1) if given else "")
    return f"{asked} {answer_hint()}" if hint else asked


def answer_hint() -> str:
    """How a question is answered."""
    return _("(several at once: 4 2 6; Enter: estoc rolls it; cancel: drop the command)")


SEVERAL = frozenset({"attack", "parry", "manoeuvre", "perception", "damage", "damage-bonus", "attack-success",
                     "protection-success", "task-success"})
"""The purposes whose dice come several to one roll of one combatant (an open-ended roll's rerolls, the dice of
a damage, the One Ring's success dice): the question says which of them it is."""


def mark_lines(record: Mapping[str, Any]) -> list[str]:
    """The GM's marks: set, noted, timed, cleared, ending, firing."""
    verb = record.get("verb")
    if verb == "mark":
        if record.get("rounds"):
            return [_("GM mark on {who}: {name}, {rounds} (until round {until} begins).").format(
                who=who_of(record), name=record["name"], rounds=rounds(int(record["rounds"])),
                until=record["until"])]
        return [_("GM mark on {who}: {name}, until you clear it.").format(who=who_of(record), name=record["name"])]
    if verb == "note":
        return [_("Note on {who}: {text}").format(who=who_of(record), text=record["text"])]
    if verb == "timer":
        return [_("Timer: round {round}: {text}.").format(round=record["at"], text=record["text"])]
    if verb == "timer-fires":
        return [_("⏰ Round {round}: {text}.").format(round=record["at"], text=record["text"])]
    if verb == "mark-ends":
        return [_("{who}: {name} is over (GM mark, round {round}).").format(
            who=who_of(record), name=record["name"], round=record["round"])]
    if verb == "cancelled":
        return [_("Cancelled, nothing stored: {line}").format(line=record.get("line") or "—")]
    if verb == "unused":
        faces = record.get("faces") or {}
        return [_("Not needed, dropped: {faces}.").format(faces=", ".join(
            _("{purpose} roll: {faces}").format(purpose=purpose_label(str(k)), faces=" ".join(map(str, v)))
            for k, v in faces.items()))]
    if verb == "dice":
        modes = {"ask": _("its player is asked for each of its dice"), "roll": _("estoc rolls its dice"),
                 "attack": _("its player is asked for its attack rolls only")}
        groups = {"players": _("The players' characters"), "others": _("The others"), "*": _("Everyone")}
        who = groups.get(str(record.get("who")))
        if who is not None:
            group = {"ask": _("their players are asked for each of their dice"), "roll": _("estoc rolls their dice"),
                     "attack": _("their players are asked for their attack rolls only")}
            return [_("Dice: {who}: {mode}.").format(who=who, mode=group.get(str(record.get("mode")), "?"))]
        return [_("Dice: {who}: {mode}.").format(who=who_of(record), mode=modes.get(str(record.get("mode")), "?"))]
    if verb == "clear":
        parts = [str(name) for name in record.get("names") or []]
        notes = int(record.get("notes") or 0)
        if notes:
            parts.append(ngettext("{n} note", "{n} notes", notes).format(n=notes))
        parts += [_("the timer of round {round} ({text})").format(round=t["at"], text=t["text"])
                  for t in record.get("timers") or []]
        if record.get("who"):
            return [_("Cleared on {who}: {what}.").format(who=who_of(record), what=", ".join(parts))]
        return [_("Cleared: {what}.").format(what=", ".join(parts))]
    return []


def tracker_lines(record: Mapping[str, Any]) -> list[str]:
    """Lines for a ``{"kind": "tracker", …}`` record: what an undo took back or a redo brought back, and where the
    fight now stands; the GM's marks."""
    verb = record.get("verb")
    if verb == "stop":
        return stop_lines(record)
    if verb not in ("undo", "redo"):
        return mark_lines(record)
    if not record.get("done"):
        return [_("Nothing to undo.") if verb == "undo" else _("Nothing to redo.")]
    what = str(record.get("line") or record.get("type") or "?")
    steps = record.get("steps")
    if verb == "undo":
        line = (ngettext("Undone: {what} ({n} turn).", "Undone: {what} ({n} turns).", int(steps)) if steps
                else _("Undone: {what}.")).format(what=what, n=steps)
    else:
        line = (ngettext("Redone: {what} ({n} turn).", "Redone: {what} ({n} turns).", int(steps)) if steps
                else _("Redone: {what}.")).format(what=what, n=steps)
    lines = [line]
    if record.get("round") is not None:
        lines.append(_now(record))
    return lines


def stop_lines(record: Mapping[str, Any]) -> list[str]:
    """Where ``auto all`` or ``auto end`` stopped and why (:mod:`estoc.engine.stops`); when it played nothing, how
    to play through."""
    reason, phase = record.get("reason"), str(record.get("phase") or "")
    words = record.get("then")
    then = pick(words) if isinstance(words, dict) and words else ""
    if reason == "yield":
        line = _("Stopped: {who} may yield ground; its player decides ({then}).").format(who=who_of(record),
                                                                                          then=then)
    elif reason == "player" and phase == "volleys":
        line = _("Stopped before the shot of {who} in the opening volleys: its player decides ({then}).").format(
            who=who_of(record), then=then)
    elif reason == "player":
        line = _("Stopped before the turn of {who}: its player decides.").format(who=who_of(record))
    elif phase == "movement":
        line = _("Stopped at the movement phase: the moves and statements of intent are the GM's to declare, "
                 "then {then}.").format(then=then)
    elif phase == "stances":
        line = _("Stopped at the stances: the heroes' stances are the GM's to declare, then {then}.").format(
            then=then)
    elif phase == "engagement":
        line = _("Stopped at the engagement: who faces whom is the GM's to declare, then {then}.").format(
            then=then)
    else:
        line = _("Stopped: this phase is the GM's to declare.")
    if not record.get("idle"):
        return [line]
    return [line, _("Nothing played (auto end all: everyone to the end, the players' turns and the phases "
                    "included).")]


def _now(record: Mapping[str, Any]) -> str:
    """Where the fight stands after an undo or a redo. A fight back before its first round (the One Ring's opening
    volleys, round 0 in its state) is said to be there: no rule book has a round 0."""
    if int(record["round"]) < 1:
        if record.get("phase") == "volleys":
            return _("Now the opening volleys, before round 1.")
        return _("Now before round 1.")
    current = record.get("current")
    name = record.get("current_name")
    if current and name:
        current = pick(name) if isinstance(name, dict) else str(name)
    return (_("Now round {round}, {current}'s turn.").format(round=record["round"], current=current)
            if current else _("Now round {round}.").format(round=record["round"]))
