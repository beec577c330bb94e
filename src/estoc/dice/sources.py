"""Dice sources: where the faces come from.

Rules code never creates randomness: it asks a :class:`DiceSource` for faces, naming the purpose of the roll
(``"attack"``, ``"critical"``…). A :class:`SeededDice` draws them from a NumPy generator (play and simulation); a
:class:`ScriptedDice` hands out faces typed by the GM (a player's physical dice) or written in a test, and may fall
back to another source when its faces run out. Every source can keep a log of what it handed out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from estoc.errors import DiceError
from estoc.i18n import _

IntArray = NDArray[np.int64]

ANY = "*"
"""The purpose key of a scripted queue that serves any roll."""
ROLL = 0
"""A face given as 0: « estoc rolls this one » (an answer to a question left to estoc; no die shows 0)."""
NOBODY = -1
"""The roller of a die that is nobody's (the GM's, or simulation's)."""


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
        self.roller = NOBODY
        """Whose die is being drawn (a combatant's index in the fight; :data:`NOBODY`): set by :meth:`draw`."""

    def draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None = None, who: int = NOBODY) -> IntArray:
        """Return ``n`` faces of a die with ``sides`` faces (1..sides), for the roll named ``purpose``.

        ``worlds`` names the batch's worlds that roll (distinct indices), ``n // len(worlds)`` dice each, laid out
        world after world. Sources that give each world its own stream (:class:`KeyedDice`) need it; the others
        ignore it. ``who``: the combatant the rules have roll it (a kernel says so in play), for a source that asks
        a player for the face (:class:`ScriptedDice` with ``ask``).
        """
        self.roller = who
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        faces, typed = self._draw(sides, n, purpose, worlds)
        if self.records is not None:
            self.records.append(DieRecord(purpose, sides, tuple(int(f) for f in faces), tuple(typed)))
        return faces

    def _draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None) -> tuple[IntArray, list[bool]]:
        raise NotImplementedError

    def keep_worlds(self, rows: IntArray) -> None:
        """The batch kept only the worlds ``rows`` (compaction): world ``i`` is now the former ``rows[i]``. Only a
        source that follows worlds (:class:`KeyedDice`) cares."""


class SeededDice(DiceSource):
    """Faces from a NumPy ``Generator``, seeded for reproducible play and simulation."""

    def __init__(self, seed: int | np.random.SeedSequence | np.random.Generator | None = None,
                 *, record: bool = False) -> None:
        super().__init__(record=record)
        self.generator = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)

    def _draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None) -> tuple[IntArray, list[bool]]:
        faces = self.generator.integers(1, sides + 1, size=n, dtype=np.int64)
        return faces, [False] * n


class MissingFace(DiceError):
    """A die a roll needs, of a purpose whose faces must all be typed (``strict``), with none left to give: the
    purpose, the die's sides and how many faces of that purpose were given before it (a play system may word what
    to type)."""

    def __init__(self, message: str, purpose: str, sides: int, given: int) -> None:
        super().__init__(message)
        self.purpose, self.sides, self.given = purpose, sides, given


class AskFace(DiceError):
    """A die that belongs to a player, whose face nobody gave: the play stops, asks for it, and applies the command
    again with the face added (a command is deterministic given its faces). ``who``: the roller's index in the
    fight; ``given``: how many faces of that purpose were drawn before it."""

    def __init__(self, purpose: str, sides: int, who: int, given: int) -> None:
        super().__init__(_("a d{sides} is awaited for the {purpose} roll").format(
            sides=sides, purpose=purpose_label(purpose)))
        self.purpose, self.sides, self.who, self.given = purpose, sides, who, given


class ScriptedDice(DiceSource):
    """Faces given in advance: one queue per purpose, plus the queue ``"*"`` that serves any purpose.

    Args:
        faces: a list of faces (served to any purpose, in order) or a mapping ``purpose → faces``.
        fallback: where faces come from once a queue is empty; without one, running out is a :class:`DiceError`.
        strict: purposes the fallback never serves (a chain of faces the GM is typing must be typed whole).
        record: keep a log of every draw.
        ask: whether the die of a roller (a combatant's index) for a purpose must be asked of a person when no face
            is left for it: then :class:`AskFace` is raised instead of rolling (and instead of :class:`MissingFace`
            for a strict purpose). ``answers``: the faces the players
            gave, by (roller, purpose); :data:`ROLL` (0) there is « estoc rolls it ».
    """

    def __init__(self, faces: Iterable[int] | Mapping[str, Iterable[int]] = (),
                 fallback: DiceSource | None = None, *, strict: Iterable[str] = (), record: bool = False,
                 ask: Callable[[int, str], bool] | None = None,
                 answers: Mapping[tuple[int, str], Iterable[int]] | None = None) -> None:
        super().__init__(record=record)
        self.ask = ask
        self.answers: dict[tuple[int, str], deque[int]] = {
            key: deque(int(f) for f in value) for key, value in (answers or {}).items()}
        """The faces the players gave when asked, by (roller, purpose), in order (:data:`ROLL`: estoc rolls it)."""
        queues = faces if isinstance(faces, Mapping) else {ANY: faces}
        self.queues: dict[str, deque[int]] = {key: deque(int(f) for f in value) for key, value in queues.items()}
        self.fallback = fallback
        self.strict = frozenset(strict)
        """Purposes whose faces must all be given: the fallback never serves them."""
        self.served: dict[str, int] = {}
        """How many given faces each purpose has drawn."""

    def _draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None) -> tuple[IntArray, list[bool]]:
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
                self.served[purpose] = self.served.get(purpose, 0) + 1
            elif self.ask is not None and (purpose in self.strict or self.ask(self.roller, purpose)):
                answered = self.answers.get((self.roller, purpose))
                if not answered:
                    raise AskFace(purpose, sides, self.roller, self.served.get(purpose, 0))
                face = answered.popleft()
                if face == ROLL and self.fallback is not None:
                    out[i] = self.fallback.draw(sides, 1, purpose)[0]
                    typed.append(False)
                elif 1 <= face <= sides:
                    out[i] = face
                    typed.append(True)
                else:
                    raise DiceError(_("a d{sides} shows 1 to {sides}, not {face} ({purpose} roll)").format(
                        sides=sides, face=face, purpose=purpose_label(purpose)))
                self.served[purpose] = self.served.get(purpose, 0) + 1
            elif self.fallback is not None and purpose not in self.strict:
                out[i] = self.fallback.draw(sides, 1, purpose)[0]
                typed.append(False)
            else:
                raise MissingFace(_("a d{sides} is needed for the {purpose} roll, but no face was given").format(
                    sides=sides, purpose=purpose_label(purpose)), purpose, sides, self.served.get(purpose, 0))
        return out, typed

    def check_faces(self, sides: int) -> None:
        """Raise :class:`DiceError` at once for a given face that no die of ``sides`` faces shows."""
        for purpose, queue in self.queues.items():
            for face in queue:
                if not 1 <= face <= sides:
                    raise DiceError(_("a d{sides} shows 1 to {sides}, not {face} ({purpose} roll)").format(
                        sides=sides, face=face, purpose=purpose_label(purpose)))

    def unused(self) -> dict[str, list[int]]:
        """The faces given but never used, by purpose (an answer « estoc rolls » left over is no face)."""
        left = {key: list(queue) for key, queue in self.queues.items()}
        for (_who, purpose), answered in self.answers.items():
            left.setdefault(purpose, []).extend(face for face in answered if face != ROLL)
        return {key: faces for key, faces in left.items() if faces}

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


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)


def _mix(x: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """SplitMix64's finaliser: a bijection of 64-bit words whose outputs for nearby inputs look independent."""
    x = (x ^ (x >> np.uint64(30))) * _MIX_1
    x = (x ^ (x >> np.uint64(27))) * _MIX_2
    return x ^ (x >> np.uint64(31))


class KeyedDice(DiceSource):
    """Every world of a batch with its own stream for each purpose: common random numbers for comparisons.

    The ``k``-th die a world rolls for a purpose is a hash of (key, world, purpose, k): it does not depend on what
    the other worlds roll, nor on how many of them are still playing. Two scenarios played on the same key thus give
    world ``w`` the same attack rolls, the same criticals, the same initiative… as long as it rolls them, even after
    the fights have parted ways (a sequential stream would shift every later face at the first difference). This is
    what makes the paired differences of a comparison tight.

    Args:
        seed: where the key comes from (a ``SeedSequence``, or an int).
        worlds: the number of worlds of the batch.
        first: the index of the batch's first world in the whole run: a run cut into chunks gives world ``i`` the
            same stream whatever chunk it is played in.
    """

    def __init__(self, seed: int | np.random.SeedSequence, worlds: int, *, first: int = 0,
                 record: bool = False) -> None:
        super().__init__(record=record)
        sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        key = sequence.generate_state(1, np.uint64)[0]
        self.key = np.uint64(key)
        """The run's key (a kernel computes the same worlds' streams from it)."""
        with np.errstate(over="ignore"):
            self.base = _mix(np.uint64(key) ^ ((np.arange(worlds, dtype=np.uint64) + np.uint64(first)) * _GOLDEN))
        self.origin = np.arange(worlds, dtype=np.int64)
        """Each current world's index among the batch's first worlds (compaction drops some)."""
        self.counters: dict[str, NDArray[np.uint64]] = {}
        self.salts: dict[str, np.uint64] = {}

    def keep_worlds(self, rows: IntArray) -> None:
        self.origin = self.origin[rows]

    def _salt(self, purpose: str) -> np.uint64:
        if purpose not in self.salts:
            digest = np.frombuffer(purpose.encode().ljust(8, b"\0")[:8], dtype=np.uint64)[0]
            self.salts[purpose] = _mix(np.array([digest ^ np.uint64(len(purpose))], dtype=np.uint64))[0]
        return self.salts[purpose]

    def _draw(self, sides: int, n: int, purpose: str, worlds: IntArray | None) -> tuple[IntArray, list[bool]]:
        if worlds is None:
            if n != self.origin.size:
                raise ValueError(f"keyed dice need the worlds that roll ({purpose}: {n} dice)")
            worlds = np.arange(n)
        each = n // max(worlds.size, 1)
        if each * worlds.size != n:
            raise ValueError(f"{n} dice cannot be shared among {worlds.size} worlds ({purpose})")
        first = self.origin[worlds]
        counter = self.counters.setdefault(purpose, np.zeros(self.base.size, dtype=np.uint64))
        start = counter[first]
        counter[first] = start + np.uint64(each)
        steps = (start[:, None] + np.arange(each, dtype=np.uint64)[None, :]).reshape(-1)
        with np.errstate(over="ignore"):
            x = _mix((np.repeat(self.base[first], each) ^ self._salt(purpose)) + steps * _GOLDEN)
        faces = ((x >> np.uint64(32)) * np.uint64(sides)) >> np.uint64(32)
        return faces.astype(np.int64) + 1, [False] * n


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
        "defence": _("defence"),
        "damage": _("damage"),
        "damage-bonus": _("damage bonus"),
        "first-aid": _("first aid"),
        "first-aid-heal": _("first aid's hit points"),
        "unconscious": _("hours unconscious"),
        "healing": _("healing"),
        "attack-success": _("attack's success dice"),
        "protection": _("protection"),
        "protection-success": _("protection's success dice"),
        "task": _("task"),
        "task-success": _("task's success dice"),
        "wound": _("wound"),
        "perception": _("perception"),
    }
    return labels.get(purpose, purpose)
