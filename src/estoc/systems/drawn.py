"""The faces a roll of play drew, for its narration: each die, what it was for, typed by the GM or rolled by estoc.

A kernel draws its dice in play one face at a time from a dice source and writes rows of numbers to its log (the
d100 and One Ring kernels log totals, not every die). Play hands the kernel a :class:`Tap` around the event's
source (the d100 and One Ring fights' ``apply``): it passes every draw on unchanged and notes it with the log row
it came before; a system's teller (``told.py``) then takes the faces drawn before each row it tells
(:meth:`Tap.before`). Simulation never taps (it tells nothing).

Which faces the GM typed: a recording source (the tracker trying a command) says so face by face; replaying a
stored event, the typed faces of a purpose are the first ones it drew (typed faces are served first), as many as the
event's ``typed`` holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from estoc.dice import DiceSource, ScriptedDice
from estoc.dice.sources import IntArray


@dataclass(frozen=True, slots=True)
class Drawn:
    """One face: for ``purpose``, a die of ``sides`` faces, drawn before row ``row`` of the log ``log``."""

    log: object
    row: int
    purpose: str
    sides: int
    face: int
    typed: bool


class Tap(DiceSource):
    """A dice source that passes every draw to ``inner`` and notes its faces (see the module).

    Args:
        inner: the event's dice source.
        log: the kernel's log as it is now (a list of rows; the kernel appends to it, play replaces it once told).
        typed: the stored event's typed faces by purpose (``None``: the tracker trying a command, whose recording
            source says which faces were typed).
    """

    def __init__(self, inner: DiceSource, log: Callable[[], Sequence[Any]],
                 typed: Mapping[str, Sequence[int]] | None = None) -> None:
        super().__init__()
        self.inner = inner
        self.log = log
        self.typed_left = {str(k): len(v) for k, v in (typed or {}).items()}
        given = isinstance(inner, ScriptedDice) and inner.records is not None and typed is None
        self.mixed = any(self.typed_left.values()) or (
            given and isinstance(inner, ScriptedDice) and any(inner.queues.values()))
        """Whether the GM typed any face for this event: the faces estoc rolled are then named in the narration."""
        self.draws: list[Drawn] = []

    def draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None = None, who: int = -1) -> IntArray:
        records = self.inner.records
        before = len(records) if records is not None else 0
        faces = self.inner.draw(sides, n, purpose, worlds, who)
        if records is not None and len(records) > before:
            typed = list(records[-1].typed)
        else:
            typed = []
            for _face in faces:
                left = self.typed_left.get(purpose, 0)
                typed.append(left > 0)
                self.typed_left[purpose] = max(0, left - 1)
        log = self.log()
        for face, was_typed in zip(faces, typed, strict=True):
            self.draws.append(Drawn(log, len(log), purpose, sides, int(face), bool(was_typed)))
        return faces

    def before(self, log: object) -> dict[int, list[Drawn]]:
        """The faces drawn while ``log`` was the kernel's log, by the row they came before; they are taken (a
        teller tells each row once)."""
        out: dict[int, list[Drawn]] = {}
        kept: list[Drawn] = []
        for d in self.draws:
            if d.log is log:
                out.setdefault(d.row, []).append(d)
            else:
                kept.append(d)
        self.draws = kept
        return out


TAP: ContextVar[Tap | None] = ContextVar("estoc_tap", default=None)
"""The tap of the event being applied, where play tapped its dice."""


@contextmanager
def tapped(dice: DiceSource, log: Callable[[], Sequence[Any]], event: Mapping[str, Any]) -> Iterator[Tap]:
    """``dice`` tapped for the time of one event (its ``typed`` faces when it is a stored one)."""
    typed = event.get("typed")
    tap = Tap(dice, log, typed if isinstance(typed, Mapping) else None)
    token = TAP.set(tap)
    try:
        yield tap
    finally:
        TAP.reset(token)


def apply_on_kernel(F: Any, event: Mapping[str, Any], dice: DiceSource,
                    body: Callable[[list[dict[str, Any]]], None]) -> list[dict[str, Any]]:
    """One event on a fight's kernel world ``F`` (its ``source``, ``error`` and ``log``): ``dice`` tapped and lent to
    the kernel for the time of ``body``, which applies the event and adds its records; the records."""
    with tapped(dice, lambda: F.log, event) as tap:
        F.source, F.error, F.log = tap, None, []
        records: list[dict[str, Any]] = []
        try:
            body(records)
            return records
        finally:
            F.source = None


def drawn_before(log: object) -> dict[int, list[Drawn]]:
    """The faces of the tapped event drawn before each row of ``log`` (nothing where play did not tap)."""
    tap = TAP.get()
    return tap.before(log) if tap is not None else {}


def mixed() -> bool:
    """Whether the event being told mixes typed faces and faces estoc rolled (the GM typed some)."""
    tap = TAP.get()
    return bool(tap is not None and tap.mixed)


def faces(draws: Sequence[Drawn], *purposes: str) -> list[int]:
    return [d.face for d in draws if d.purpose in purposes]


def rolled_by_purpose(tap: Tap) -> dict[str, list[int]]:
    """The faces estoc rolled in the tapped event, by purpose, where the GM typed some (else ``{}``: every face is
    estoc's, or every one the GM's); the faces still held by the tap (those no teller took)."""
    if not tap.mixed:
        return {}
    out: dict[str, list[int]] = {}
    for d in tap.draws:
        if not d.typed:
            out.setdefault(d.purpose, []).append(d.face)
    return out


def rolled(draws: Sequence[Drawn]) -> list[dict[str, Any]]:
    """The faces estoc rolled among ``draws``, by purpose in order of drawing, where the GM typed some faces of the
    event (else nothing: every face is estoc's, or every one the GM's)."""
    if not mixed():
        return []
    out: list[dict[str, Any]] = []
    for d in draws:
        if d.typed:
            continue
        if out and out[-1]["purpose"] == d.purpose:
            out[-1]["faces"].append(d.face)
        else:
            out.append({"purpose": d.purpose, "faces": [d.face]})
    return out
