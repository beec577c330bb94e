"""Building the One Ring kernel's worlds (:class:`estoc.systems.tor.kernel.Fights`) from an encounter's combatants.

The sheets become one row per combatant (their weapons one column each); each world starts fresh. Play builds one
world on a Python dice source; simulation one slot per thread on keyed dice. The kernel used is the compiled one,
loaded with its staleness check; tests pass the interpreted twin (``kernel_module=``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.engine.compiled import copy_worlds, give_dice, load_kernel
from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.tor.chances import kernel_table
from estoc.systems.tor.codes import CODES
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.kernel_type import TorKernel
from estoc.systems.tor.kernel_type import kernel_of as kernel_of  # re-exported: the callers ask their worlds
from estoc.systems.tor.names import AIMS, HOPE_USES, STANCES, TASK_IDS, TASKS, Aim, HopeUse, Stance

KERNEL_NAME = "estoc.systems.tor.kernel"
SLOT_STRIDE = CODES["SLOT_STRIDE"]
KERNEL_LIMIT = 1 << 30
"""The largest number a sheet may hold for the kernel (its sheets are 32-bit integers)."""
WORLD_FIELDS = ("endurance", "wounds", "dying", "hope", "stance", "songs", "dropped", "complication", "regain",
                "challenge", "next_dice", "sneak_dice", "lasting_dice", "shot", "back", "protector", "protected_dice",
                "protected_left", "yielded", "parry", "dice", "weary", "held", "holding", "counter_left",
                "counter_wound", "counter_ill", "skirmish", "two_weapons", "secondary", "dealt", "taken",
                "wounds_dealt", "downed", "tasks_done", "hope_spent", "up", "foes", "links", "load")
"""The fields of a world's combatants: ``(W·C,)`` in the kernel, ``(W, C)`` through :func:`array` (``up``,
``foes``, ``links`` and ``load`` the kernel keeps in step with the others)."""
ORDER_FIELDS = ("order",)
"""A world's order of resolution: ``(W·C,)`` in the kernel, ``(W, C)`` through :func:`array`."""
CURSOR_FIELDS = ("rnd", "phase", "turn", "norder", "waiting", "last_target", "last_lost", "last_round", "base")
"""A world's cursor (and its dice's base): ``(W·C,)`` in the kernel, read at the row's first entry; ``(W,)`` through
:func:`array`."""
ROW_FIELDS = ("rally", "rally_next", "alive", "counters")
"""A world's short lists: ``(W·C, K)`` in the kernel, read at the row's first entry; ``(W, K)`` through
:func:`array`."""
PAIR_FIELDS = ("engaged", "tried", "worked")
"""A list per combatant of each world: ``(W·C, K)`` in the kernel, ``(W, C, K)`` through :func:`array`."""
OWN = (*WORLD_FIELDS, *ORDER_FIELDS, *CURSOR_FIELDS, *ROW_FIELDS, *PAIR_FIELDS)
"""Arrays each world changes (a copy has its own)."""
SHEETS = ("side", "corps", "corps_tn", "parry0", "protection0", "endurance_max", "might", "valour", "songs0",
          "hope_max", "load0", "helm_prot", "helm_load", "has_helm", "shield_parry", "shield_load", "has_shield",
          "stance0", "complication0", "weapons", "nplan", "hope_use", "aim")
GRIDS = ("rating", "damage", "injury", "ranged", "two_handed", "pierce", "fend", "bash", "wload", "kin")
SHARED = (*SHEETS, *GRIDS, "skill", "task_tn", "plan", "tasks_on", "chance", "salts", "out_winner", "out_rounds",
          "out_over", "out_state", "out_dealt", "out_taken", "out_wounds", "out_tried", "out_worked", "out_dice")
SCALARS = ("count", "heroes", "width", "load_on", "volleys", "fatal", "rear_free", "hope_on", "keyed", "logging",
           "key", "first_world")


@cache
def kernel() -> TorKernel:
    """The compiled One Ring kernel (loud when missing or stale)."""
    return cast(TorKernel, load_kernel(KERNEL_NAME))


@dataclass(frozen=True)
class Settings:
    """What an encounter sets for every world."""

    tasks: Mapping[str, bool] = field(default_factory=dict)
    load: bool = True
    volleys: bool = True
    fatal: bool = True
    """A hero's first wound rolls the feat die for its severity, the Eye leaving it dying (the house text's « 1
    chance sur 12 d'y rester »)."""
    rear_free: bool = False
    """The ground lets heroes stay at the rear whatever the numbers (the house text's cliff): off, the text's
    condition (at most twice as many enemies as heroes, two heroes in close combat for each at the rear)."""
    hope: bool = True
    """Heroes may spend Hope, 1 point for +1 success die on an attack or a task roll (the 2nd edition's rule; the
    house text is silent): off, no Hope is spent in the fight."""
    complications: Mapping[str, int] = field(default_factory=dict)
    plans: Mapping[str, Sequence[str]] = field(default_factory=dict)
    hope_use: Mapping[str, HopeUse] = field(default_factory=dict)
    """Combatant id → when the policy spends its Hope (default ``turning``)."""
    aims: Mapping[str, Aim] = field(default_factory=dict)
    """Combatant id → the foe the policy aims at (default ``weakest``)."""


def _check_fits(name: str, value: Any, person: Combatant) -> None:
    if not -KERNEL_LIMIT < int(value) < KERNEL_LIMIT:
        raise InputError(_("{who}: {what} = {value} is beyond what the rules engine can count (at most {limit} "
                           "either way)").format(who=person.id, what=name, value=value, limit=KERNEL_LIMIT - 1))


def _i32(values: Any) -> NDArray[np.int32]:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int32))


TWO_HANDS = "-a-deux-mains"
"""How the content names a weapon's two-handed grip: ``epee-longue-a-deux-mains`` is the long sword of
``epee-longue`` held in both hands (one weapon, two columns of a sheet)."""


def kin_of(person: Combatant, s: int) -> int:
    """The column of the first grip of ``person``'s weapon ``s`` (the kernel's ``kin``): the same weapon in one hand
    or two (``X``, ``X-a-deux-mains``) is one kin."""
    def base(use: Any) -> str:
        return str(use.record.id).removesuffix(TWO_HANDS)

    mine = base(person.weapons[s])
    return next(i for i, use in enumerate(person.weapons) if base(use) == mine)


def sheet_numbers(person: Combatant, stance: Stance | None, complication: int, hope: bool = True) -> dict[str, int]:
    """The kernel's numbers of one combatant (``hope``: Hope is spent in this fight)."""
    hero = person.hero
    return {
        "side": 0 if hero else 1, "corps": person.corps, "corps_tn": person.corps_tn, "parry0": person.parry,
        "protection0": person.protection, "endurance_max": person.endurance, "might": person.might,
        "valour": person.valour, "songs0": person.war_songs, "hope_max": person.hope if hero and hope else 0,
        "load0": (person.armour_load + person.helm_load + person.shield_load
                  + sum(use.record.load for use in person.weapons)) if hero else 0,
        "helm_prot": person.helm_protection, "helm_load": person.helm_load, "has_helm": int(person.helm is not None),
        "shield_parry": person.shield_parry, "shield_load": person.shield_load,
        "has_shield": int(person.shield_id is not None),
        "stance0": STANCES.index(stance) if stance else -1, "complication0": complication,
        "weapons": len(person.weapons)}


def build(heroes: Sequence[tuple[Combatant, Stance]], adversaries: Sequence[Combatant], worlds: int, *,
          settings: Settings = Settings(), dice: DiceSource | None = None, seed: Any = None, threads: int = 1,
          first_world: int = 0, kernel_module: ModuleType | None = None) -> Any:
    """The worlds of a fight: heroes first, then adversaries.

    Play (``dice``): ``worlds`` fresh worlds drawing from the source one die at a time. Simulation (``seed``: the
    run's key): one slot of state per thread and ``worlds`` output rows; world ``i`` rolls the keyed stream of world
    ``first_world + i`` of the run.
    """
    K = kernel_module or kernel()
    F = K.Fights()
    people = [h for h, _s in heroes] + list(adversaries)
    count = len(people)
    width = max((len(p.weapons) for p in people), default=1) or 1
    if width > 60:
        raise InputError(_("{who}: at most 60 weapons").format(who=max(people, key=lambda p: len(p.weapons)).id))
    stances: list[Stance | None] = [s for _h, s in heroes] + [None] * len(adversaries)
    F.count, F.heroes, F.width = count, len(heroes), width
    per: dict[str, list[int]] = {name: [] for name in SHEETS if name != "nplan"}
    for person, stance in zip(people, stances, strict=True):
        for name, value in sheet_numbers(person, stance, int(settings.complications.get(person.id, 0)),
                                         settings.hope).items():
            _check_fits(name, value, person)
            per[name].append(int(value))
        per["hope_use"].append(HOPE_USES.index(settings.hope_use.get(person.id, "turning")))
        per["aim"].append(AIMS.index(settings.aims.get(person.id, "weakest")))
    for name, values in per.items():
        setattr(F, name, _i32(values))
    grids = {name: np.zeros((count, width), dtype=np.int32) for name in GRIDS}
    for c, person in enumerate(people):
        for s, use in enumerate(person.weapons):
            numbers = {"rating": use.rating, "damage": use.damage, "injury": use.injury,
                       "ranged": int(use.record.ranged), "two_handed": int(use.record.two_handed),
                       "pierce": use.record.pierce, "fend": use.record.fend_off,
                       "bash": int(use.record.kind == "shield"), "wload": use.record.load}
            for name, value in numbers.items():
                _check_fits(name, value, person)
                grids[name][c, s] = value
            grids["kin"][c, s] = kin_of(person, s)
    for name, grid in grids.items():
        setattr(F, name, np.ascontiguousarray(grid))
    skill = np.zeros((count, len(TASKS)), dtype=np.int32)
    task_tn = np.zeros((count, len(TASKS)), dtype=np.int32)
    plan = np.zeros((count, len(TASKS)), dtype=np.int32)
    nplan = np.zeros(count, dtype=np.int32)
    for c, person in enumerate(people):
        for k, t in enumerate(TASKS):
            if t.skill and t.skill != "weapon":
                skill[c, k] = person.skills.get(t.skill, 0)
                _check_fits(t.skill, skill[c, k], person)
            if person.tns is not None:
                task_tn[c, k] = int(getattr(person.tns, t.attribute or "corps"))
        ids = [TASK_IDS.index(t) for t in settings.plans.get(person.id, ())]
        plan[c, :len(ids)] = ids
        nplan[c] = len(ids)
    F.skill, F.task_tn, F.plan, F.nplan = skill, task_tn, plan, nplan
    F.tasks_on = _i32([int(settings.tasks.get(t, True)) for t in TASK_IDS])
    F.chance = kernel_table()
    F.load_on, F.volleys, F.fatal = int(settings.load), int(settings.volleys), int(settings.fatal)
    F.rear_free, F.hope_on = int(settings.rear_free), int(settings.hope)
    outputs = worlds if seed is not None else 1
    rows = threads * SLOT_STRIDE if seed is not None else worlds
    F.first_world = first_world
    # Written now (np.full), not left to the kernel's first touch (np.zeros maps pages only when first written): a
    # page fault taken by two threads at once waits on the other, and the outputs are most of what a chunk writes.
    F.out_winner = np.full(outputs, -1, dtype=np.int64)
    for name in ("out_rounds", "out_over", "out_dice"):
        setattr(F, name, np.full(outputs, 0, dtype=np.int64))
    for name in ("out_state", "out_dealt", "out_taken", "out_wounds"):
        setattr(F, name, np.full((outputs, count), 0, dtype=np.int64))
    F.out_tried = np.full((outputs, count, len(TASKS)), 0, dtype=np.int64)
    F.out_worked = np.full((outputs, count, len(TASKS)), 0, dtype=np.int64)
    # A world's state is a row of ``count`` entries in flat arrays (see the kernel's ``Fights``).
    entries = rows * count
    for name in (*WORLD_FIELDS, *ORDER_FIELDS, *CURSOR_FIELDS):
        setattr(F, name, np.zeros(entries, dtype=np.uint64 if name == "base" else np.int64))
    purposes = K.PURPOSES
    for name, width in (("rally", 3), ("rally_next", 3), ("alive", 2), ("engaged", count), ("tried", len(TASKS)),
                        ("worked", len(TASKS))):
        setattr(F, name, np.zeros((entries, width), dtype=np.int64))
    give_dice(F, purposes, entries, seed, dice)
    if seed is None:
        for w in range(rows):
            K.py_fresh(F, w)
    return F


def copy_fights(F: Any) -> Any:
    """An independent copy of ``F`` (play tries a command on a copy): the changing arrays copied, the sheets and
    tables shared."""
    return copy_worlds(F, SCALARS, SHARED, OWN)


def array(F: Any, name: str) -> NDArray[Any]:
    """A field of ``F`` as a NumPy view (writes go to the kernel's memory), a world's state shown per world:
    ``(W, C)`` for its combatants and its order, ``(W, C, K)`` for their lists, ``(W,)`` for its cursor, ``(W, K)``
    for its short lists."""
    values = np.asarray(getattr(F, name))
    count = int(F.count)
    if name in WORLD_FIELDS or name in ORDER_FIELDS:
        return values.reshape(-1, count)
    if name in PAIR_FIELDS:
        return values.reshape(-1, count, values.shape[1])
    if name in CURSOR_FIELDS or name in ROW_FIELDS:
        return values[::count]
    return values
