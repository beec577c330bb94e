"""What a rule system gives the simulation runner: its settings, its encounter reader, its kernel entry over a chunk
of worlds, and what its tally counts.

The runner (:mod:`estoc.sim.runner`) and ``estoc simulate`` know no system: they find one with
:func:`estoc.systems.base.find_sim_system` by the ``system`` an encounter names and use only this protocol. A system
declares:

- its settings (:class:`SettingSpec`): the key typed after ``--set``, how its value is read and checked, a help text,
  and where it goes: into the encounter's setup (``path``), or, for a policy option that is not part of the
  encounter (HARP's ``beasts_flee``), into the options handed to :meth:`SimSystem.play_chunk`;
- :meth:`SimSystem.read_encounter`: a setup (JSON-able, as a worker receives it) back to the loaded encounter;
- :meth:`SimSystem.prepare`: what its kernel needs from the content, built once per process (HARP's compiled
  tables), and :meth:`SimSystem.play_chunk`: ``worlds`` whole fights on the keyed dice of one seed, as an
  :class:`Outcome` (one value per world, kept inside the chunk);
- what ``crits_taken`` counts (``marks``) and ``tasks_tried`` (``task_ids``), with their names for a summary, and
  its settings in words;
- :meth:`SimSystem.plan_space`: the plans each combatant could follow (:class:`PlanAxis`, each plan a
  :class:`PlanVariant`: changes to the encounter's setup), searched by ``estoc balance``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from estoc.engine.numbers import KERNEL_LIMIT, bounded
from estoc.errors import InputError
from estoc.i18n import _

if TYPE_CHECKING:
    from estoc.content.registry import Content

I64 = NDArray[np.int64]
B = NDArray[np.bool_]

TRUE = ("true", "yes", "on", "1", "oui", "vrai")
FALSE = ("false", "no", "off", "0", "non", "faux")
"""The words a switch accepts, in English and French."""


# --- what a chunk comes to ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """What each world of a chunk came to (``(W,)`` or ``(W, C)``); it stays inside the chunk."""

    winner: I64
    """The winning side's index (:func:`side_order`); ``-1``: none (no side standing, or the round limit)."""
    over: B
    """One side or none left standing (False: stopped by the round limit)."""
    rounds: I64
    out: B
    """Out of the fight at the end: unconscious, dying or dead."""
    dead: B
    fled: B
    hits_dealt: I64
    hits_taken: I64
    crits_taken: I64
    """``(W, C, K)``: the blows of each mark taken (:attr:`SimSystem.marks`): HARP's criticals by severity A–E,
    d100's special hits, the One Ring's wounds."""
    tasks_tried: I64 | None = None
    """``(W, C, T)``: combat tasks tried, by task (:attr:`SimSystem.task_ids`); ``None`` in systems without them."""
    tasks_worked: I64 | None = None
    """``(W, C, T)``: those whose roll succeeded."""


# --- the encounter as the runner sees it ----------------------------------------------------------------------------

class Named(Protocol):
    @property
    def name(self) -> Mapping[str, str]: ...


class SideLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> Mapping[str, str]: ...


class SimEncounter(Protocol):
    """A loaded encounter of any system, as the runner and a summary read it."""

    @property
    def system(self) -> str: ...

    @property
    def name(self) -> Mapping[str, str]: ...

    @property
    def setup(self) -> dict[str, Any]:
        """Enough to rebuild the encounter (:meth:`SimSystem.read_encounter`); JSON-able."""
        ...

    @property
    def sides(self) -> Sequence[SideLike]: ...

    @property
    def combatants(self) -> Sequence[tuple[str, str, Named]]:
        """``(combatant id, side id, combatant)`` in the batch's order."""
        ...


def side_order(encounter: SimEncounter) -> list[str]:
    """The side ids as the batch engines number them (``winner`` values index this list): a side's first
    combatant decides."""
    return list(dict.fromkeys(side for _id, side, _c in encounter.combatants))


# --- settings -------------------------------------------------------------------------------------------------------

class Value(Protocol):
    """How a setting's value is written and checked."""

    def parse(self, key: str, value: object) -> Any:
        """The value checked and typed (``value`` may be the text typed on the command line); InputError when it
        is not one."""
        ...

    def form(self) -> str:
        """How the value is written, for a help text (``N``, ``90–101``, ``cap|uncapped``, ``on|off``)."""
        ...


@dataclass(frozen=True)
class Whole:
    """A whole number, within ``low``–``high`` when they are given; ``none``: the words that mean no value."""

    low: int | None = None
    high: int | None = None
    none: tuple[str, ...] = ()

    def parse(self, key: str, value: object) -> int | None:
        text = str(value).strip().lower()
        if text in self.none:
            return None
        if self.low is None or self.high is None:
            message = _("{key} takes a whole number, not {value!r}").format(key=key, value=value)
            if isinstance(value, bool):
                raise InputError(message)
            try:
                typed = int(value) if isinstance(value, int) else int(text)
            except ValueError:
                raise InputError(message) from None
            return bounded(typed, key, -KERNEL_LIMIT if self.low is None else self.low,
                           KERNEL_LIMIT if self.high is None else self.high)
        try:
            number = int(text) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number is None or not self.low <= number <= self.high:
            raise InputError(_("{key} takes a whole number from {low} to {high}, not {value!r}").format(
                key=key, low=self.low, high=self.high, value=value if len(str(value)) <= 20 else str(value)[:20] + "…"))
        return number

    def form(self) -> str:
        shown = "N" if self.low is None or self.high is None else f"{self.low}–{self.high}"
        return "|".join((shown, *self.none[:1]))


@dataclass(frozen=True)
class OneOf:
    """One of a few words."""

    choices: tuple[str, ...]

    def parse(self, key: str, value: object) -> str:
        text = str(value).strip().lower()
        if text not in self.choices:
            raise InputError(_("{key} is one of {choices}, not {value!r}").format(
                key=key, choices=", ".join(self.choices), value=value))
        return text

    def form(self) -> str:
        return "|".join(self.choices)


@dataclass(frozen=True)
class Switch:
    """On or off: a bool, or one of :data:`TRUE` and :data:`FALSE`; ``wording`` is how its help and errors say
    it."""

    wording: Literal["true-false", "on-off"] = "true-false"

    def parse(self, key: str, value: object) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in TRUE:
            return True
        if text in FALSE:
            return False
        if self.wording == "on-off":
            raise InputError(_("{key} is on or off, not {value!r}").format(key=key, value=value))
        raise InputError(_("{key} is true or false, not {value!r}").format(key=key, value=value))

    def form(self) -> str:
        return "on|off" if self.wording == "on-off" else "true|false"


@dataclass(frozen=True)
class SettingSpec:
    """One setting a run may change (``--set key=value``)."""

    key: str
    value: Value
    help: Callable[[], str]
    """Its help text, translated when called (the language is chosen after the systems are imported)."""
    path: tuple[str, ...] = ()
    """Where the value goes in an encounter's setup (``("modifiers", "fight")``; ``None`` removes the key, leaving
    the encounter's default). Empty: a policy option, not part of the encounter, handed to
    :meth:`SimSystem.play_chunk` in its ``options``."""
    read: Callable[[Any], Any] | None = None
    """The value in force in a loaded encounter (settings with a ``path``)."""
    default: Any = None
    """A policy option's value when it is not set."""
    family: str = ""
    """For one of many keys of the same kind (each combat task), how a help text lists them all at once
    (``tor.tasks.TASK``); empty: listed by its own key."""

    @property
    def is_option(self) -> bool:
        """A policy option (not part of the encounter)."""
        return not self.path

    def parse(self, value: object) -> Any:
        return self.value.parse(self.key, value)

    def current(self, encounter: Any, options: Mapping[str, Any]) -> Any:
        """Its value in force for an encounter played with ``options``."""
        if self.is_option or self.read is None:
            return options.get(self.key, self.default)
        return self.read(encounter)


def apply_settings(setup: dict[str, Any], changes: Sequence[tuple[SettingSpec, Any]]) -> None:
    """Write each setting at its place in ``setup`` (a copy the caller owns); policy options are left out."""
    for spec, value in changes:
        if spec.is_option:
            continue
        *parents, last = spec.path
        node = setup
        for part in parents:
            node = node.setdefault(part, {})
        if value is None:
            node.pop(last, None)
        else:
            node[last] = value


# --- plans: the choices a side's policy could make (for balance studies) -----------------------------------------

SetupPath = tuple[str | int, ...]
"""A place in an encounter's setup: keys of mappings and indices of lists (``("heroes", 2, "stance")``)."""


@dataclass(frozen=True)
class PlanVariant:
    """One way a combatant could play: what it changes in the encounter's setup (``None`` removes the key)."""

    id: str
    """Short and stable, for JSON and the search's bookkeeping (``defensive:contre-attaque``)."""
    label: Callable[[], str]
    """The plan in words, translated when called."""
    changes: tuple[tuple[SetupPath, Any], ...] = ()


@dataclass(frozen=True)
class PlanAxis:
    """One combatant's candidate plans (a finite list, the encounter's own among them, at ``current``)."""

    id: str
    """The combatant's id."""
    name: Mapping[str, str]
    side: str
    variants: tuple[PlanVariant, ...]
    current: int = 0


def apply_changes(setup: dict[str, Any], changes: Sequence[tuple[SetupPath, Any]]) -> None:
    """Write each change at its place in ``setup`` (a copy the caller owns): mappings are made on the way, list
    entries must exist."""
    for path, value in changes:
        *parents, last = path
        node: Any = setup
        for part in parents:
            node = node[part] if isinstance(part, int) else node.setdefault(part, {})
        if value is None:
            if isinstance(last, int):
                raise ValueError(f"cannot remove list entry {last} of {path}")
            node.pop(last, None)
        else:
            node[last] = value


# --- the protocol ---------------------------------------------------------------------------------------------------

class NumberFormat(Protocol):
    """A number in the user's language (the caller's: ``estoc simulate`` lends its own)."""

    def __call__(self, x: float, digits: int = 2, *, signed: bool = False) -> str: ...


E = TypeVar("E", bound=SimEncounter)
P = TypeVar("P")


class SimSystem(Protocol[E, P]):
    """A rule system as the simulation runner uses it (``E``: its loaded encounter, ``P``: what its kernel needs
    from the content)."""

    @property
    def id(self) -> str:
        """The system's id, as encounter files name it."""
        ...

    @property
    def settings(self) -> tuple[SettingSpec, ...]: ...

    @property
    def marks(self) -> tuple[str, ...]:
        """What :attr:`Outcome.crits_taken` counts, column by column."""
        ...

    @property
    def task_ids(self) -> tuple[str, ...]:
        """What :attr:`Outcome.tasks_tried` counts, column by column (empty: no tasks)."""
        ...

    def read_encounter(self, setup: dict[str, Any], content: Content) -> E:
        """The encounter a setup describes, checked like a file (ContentError listing its problems)."""
        ...

    def prepare(self, content: Content) -> P:
        """What :meth:`play_chunk` needs from the content, built at most once per process for the same content."""
        ...

    def play_chunk(self, encounter: E, prepared: P, worlds: int, seed: np.random.SeedSequence, first: int,
                   max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        """``worlds`` fights played to their end (or ``max_rounds``) on the keyed dice of the run's ``seed``, world
        ``i`` rolling the stream of world ``first + i`` of the run (so that chunks change nothing), with the policy
        ``options`` (settings without a path)."""
        ...

    def describe(self, settings: Mapping[str, Any], number: NumberFormat) -> str:
        """The settings in force (by key), in words."""
        ...

    def marks_title(self) -> str:
        """The title of a summary's table of marks taken."""
        ...

    def mark_name(self, mark: str) -> str:
        """A mark's column header."""
        ...

    def task_name(self, task_id: str) -> dict[str, str]:
        """A combat task's name, by language."""
        ...

    def plan_space(self, encounter: E) -> tuple[PlanAxis, ...]:
        """The plans each combatant of the encounter could follow, as changes to its setup, for a balance study
        (:mod:`estoc.sim.balance`): one axis a combatant whose play the encounter can change; empty when the
        system's policy has no choice an encounter can name."""
        ...

    def habits(self, setup: dict[str, Any], content: Content, side: str
               ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
        """The encounter ``setup`` with its plans removed (what the default policy decides alone), and the
        fixed-habit plans of ``side`` to measure it against (an id and a setup each): :mod:`estoc.sim.default_plans`.
        The setups are new; ``setup`` stays as it was."""
        ...


# --- the default policy's rivals (estoc.sim.default_plans) -----------------------------------------------------------

def members_without(setup: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """A copy of a setup of sides and members with ``keys`` taken off every member (its plans removed)."""
    out: dict[str, Any] = json.loads(json.dumps(setup))
    for side in out.get("sides", []):
        for member in side.get("members", []):
            for key in keys:
                member.pop(key, None)
    return out


def habit_setup(setup: dict[str, Any], axes: Sequence[PlanAxis], side: str,
                pick: Callable[[PlanAxis], str]) -> dict[str, Any] | None:
    """A copy of ``setup`` with, for every axis of ``side``, the variant whose id ``pick`` names written in; None
    when no axis has one."""
    out: dict[str, Any] = json.loads(json.dumps(setup))
    used = False
    for axis in axes:
        if axis.side != side:
            continue
        wanted = pick(axis)
        for variant in axis.variants:
            if variant.id == wanted:
                apply_changes(out, variant.changes)
                used = True
                break
    return out if used else None
