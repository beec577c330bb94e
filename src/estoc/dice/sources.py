"""Dice sources: where the faces come from.

Rules code never creates randomness: it asks a :class:`DiceSource` for faces, naming the purpose of the roll
(``"attack"``, ``"critical"``…). A :class:`SeededDice` draws them from a NumPy generator (play and simulation); a
:class:`ScriptedDice` hands out faces typed by the GM (a player's physical dice) or written in a test, and may fall
back to another source when its faces run out. Every source can keep a log of what it handed out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from estoc.errors import DiceError
from estoc.i18n import _

IntArray = NDArray[np.int64]

ANY = "*"
"""The purpose key of a scripted queue that serves any roll."""


@dataclass(frozen=True, slots=True)
class DieRecord:
    """One draw: ``len(faces)`` dice of ``sides`` faces, for ``purpose``; ``typed`` says which faces a person gave."""

    purpose: str
    sides: int
    faces: tuple[int, ...]
    typed: tuple[bool, ...]


class DiceSource:
    """Base of every dice source. Subclasses implement :meth:`_draw`."""

    def __init__(self, *, record: bool = False) -> None:
        self.records: list[DieRecord] | None = [] if record else None

    def draw(self, sides: int, n: int, purpose: str) -> IntArray:
        """Return ``n`` faces of a die with ``sides`` faces (1..sides), for the roll named ``purpose``."""
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        faces, typed = self._draw(sides, n, purpose)
        if self.records is not None:
            self.records.append(DieRecord(purpose, sides, tuple(int(f) for f in faces), tuple(typed)))
        return faces

    def _draw(self, sides: int, n: int, purpose: str) -> tuple[IntArray, list[bool]]:
        raise NotImplementedError


class SeededDice(DiceSource):
    """Faces from a NumPy ``Generator``, seeded for reproducible play and simulation."""

    def __init__(self, seed: int | np.random.SeedSequence | np.random.Generator | None = None,
                 *, record: bool = False) -> None:
        super().__init__(record=record)
        self.generator = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def _draw(self, sides: int, n: int, purpose: str) -> tuple[IntArray, list[bool]]:
        faces = self.generator.integers(1, sides + 1, size=n, dtype=np.int64)
        return faces, [False] * n


class ScriptedDice(DiceSource):
    """Faces given in advance: one queue per purpose, plus the queue ``"*"`` that serves any purpose.

    Args:
        faces: a list of faces (served to any purpose, in order) or a mapping ``purpose → faces``.
        fallback: where faces come from once a queue is empty; without one, running out is a :class:`DiceError`.
        strict: purposes the fallback never serves (a chain of faces the GM is typing must be typed whole).
        record: keep a log of every draw.
    """

    def __init__(self, faces: Iterable[int] | Mapping[str, Iterable[int]] = (),
                 fallback: DiceSource | None = None, *, strict: Iterable[str] = (), record: bool = False) -> None:
        super().__init__(record=record)
        queues = faces if isinstance(faces, Mapping) else {ANY: faces}
        self.queues: dict[str, deque[int]] = {key: deque(int(f) for f in value) for key, value in queues.items()}
        self.fallback = fallback
        self.strict = frozenset(strict)
        """Purposes whose faces must all be given: the fallback never serves them."""

    def _draw(self, sides: int, n: int, purpose: str) -> tuple[IntArray, list[bool]]:
        out = np.empty(n, dtype=np.int64)
        typed: list[bool] = []
        for i in range(n):
            queue = self.queues.get(purpose) or self.queues.get(ANY)
            if queue:
                face = queue.popleft()
                if not 1 <= face <= sides:
                    raise DiceError(_("a d{sides} shows 1 to {sides}, not {face} ({purpose} roll)").format(
                        sides=sides, face=face, purpose=purpose_label(purpose)))
                out[i] = face
                typed.append(True)
            elif self.fallback is not None and purpose not in self.strict:
                out[i] = self.fallback.draw(sides, 1, purpose)[0]
                typed.append(False)
            else:
                raise DiceError(_("a d{sides} is needed for the {purpose} roll, but no face was given").format(
                    sides=sides, purpose=purpose_label(purpose)))
        return out, typed

    def check_faces(self, sides: int) -> None:
        """Raise :class:`DiceError` at once for a given face that no die of ``sides`` faces shows."""
        for purpose, queue in self.queues.items():
            for face in queue:
                if not 1 <= face <= sides:
                    raise DiceError(_("a d{sides} shows 1 to {sides}, not {face} ({purpose} roll)").format(
                        sides=sides, face=face, purpose=purpose_label(purpose)))

    def unused(self) -> dict[str, list[int]]:
        """The faces given but never used, by purpose."""
        return {key: list(queue) for key, queue in self.queues.items() if queue}

    def check_all_used(self, purposes: Iterable[str] | None = None) -> None:
        """Raise :class:`DiceError` when some typed faces (of ``purposes``, default all) were not needed: a likely
        typing mistake."""
        wanted = None if purposes is None else set(purposes)
        left = {k: v for k, v in self.unused().items() if wanted is None or k in wanted}
        if left:
            parts = ", ".join(_("{purpose} roll: {faces}").format(purpose=purpose_label(key),
                                                                   faces=" ".join(map(str, faces)))
                              for key, faces in left.items())
            raise DiceError(_("these faces were given but not needed: {faces}").format(faces=parts))


def purpose_label(purpose: str) -> str:
    """The user-facing name of a roll's purpose."""
    labels = {
        ANY: _("any"),
        "attack": _("attack"),
        "critical": _("critical"),
        "extra-critical": _("additional critical"),
        "fumble": _("fumble"),
        "resistance": _("resistance"),
        "initiative": _("initiative"),
        "manoeuvre": _("manoeuvre"),
        "parry": _("total parry"),
        "stray": _("stray shot"),
    }
    return labels.get(purpose, purpose)
