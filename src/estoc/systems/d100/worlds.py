"""Building the d100 kernel's worlds (:class:`estoc.systems.d100.kernel.Fights`) from an encounter's combatants.

The sheets become one row per combatant, one column per weapon slot (the shield's bash after the weapons); each
world starts fresh. The kernel used is the compiled one, loaded with its staleness check; tests pass the interpreted
twin (``kernel_module=``) to compare the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, Literal, cast

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.dice.expressions import DiceExpression
from estoc.engine.compiled import copy_worlds, give_dice, load_kernel
from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.d100.codes import rule
from estoc.systems.d100.kernel_type import D100Kernel
from estoc.systems.d100.kernel_type import kernel_of as kernel_of  # re-exported: the callers ask their worlds
from estoc.systems.d100.rules import Outcomes
from estoc.systems.d100.sheet import BONUS_SHARE, Combatant

KERNEL_NAME = "estoc.systems.d100.kernel"
REACH_ORDER = {"missile": 0, "long": 1, "medium": 2, "short": 3}
BASH_REACH = "short"
"""5.11 says a shield strikes as a weapon without giving its reach: estoc strikes it at short reach, as fists."""
WEAR = {"break": "WEAR_BREAK", "one-point": "WEAR_ONE_POINT"}
"""A parry's wear setting → the kernel's rule (``WEAR_*``)."""
WORLD_FIELDS = ("hp", "unconscious", "hours", "dead", "present", "up", "kneeling", "moved", "advanced", "reach_pick",
                "wielded", "busy", "group_ok", "shield_hp", "shield_points", "wound_count", "dealt", "taken", "hits",
                "specials", "specials_taken", "downed", "acted_rounds")
"""The fields of a world's combatants: ``(W·C,)`` in the kernel, ``(W, C)`` through :func:`array`."""
ORDER_FIELDS = ("order", "groups", "keys")
"""A world's order of the round: ``(W·C,)`` in the kernel, ``(W, C)`` through :func:`array`."""
SLOT_FIELDS = ("whp", "loaded", "reload_until")
WOUND_FIELDS = ("wounds", "treated")
"""A list per combatant of each world: ``(W·C, K)`` in the kernel, ``(W, C, K)`` through :func:`array`."""
CURSOR_FIELDS = ("rnd", "phase", "turn", "norder")
"""A world's cursor: ``(W·C,)`` in the kernel, read at the row's first entry; ``(W,)`` through :func:`array`."""


@cache
def kernel() -> D100Kernel:
    """The compiled d100 kernel (loud when missing or stale; checked once a process)."""
    return cast(D100Kernel, load_kernel(KERNEL_NAME))


@dataclass(frozen=True)
class Settings:
    """What an encounter sets for every world.

    Attributes:
        fumble_from: a roll this high or higher fumbles.
        dodge_missiles: arrows and thrown weapons may be dodged, at half the skill.
        helmet_points: a helmet's armour points add to the body armour's, or are left out.
        distance: metres between the sides at the start (``None``: everyone within reach).
        parry_wear: ``break`` (the text, 5.6: a parried blow beyond the item's hit points breaks it) or
            ``one-point`` (estoc's earlier reading: one hit point a blow).
        special_rounding, parried_excess, ready_weapon: as :class:`estoc.systems.d100.sheet.Settings` has them.
    """

    fumble_from: int = 100
    dodge_missiles: bool = False
    helmet_points: Literal["add", "ignore"] = "add"
    distance: int | None = None
    parry_wear: Literal["break", "one-point"] = "break"
    special_rounding: Literal["nearest", "down", "up"] = "nearest"
    parried_excess: Literal["armour", "body"] = "armour"
    ready_weapon: Literal["free", "action"] = "free"


SPECIAL_ADD = {"nearest": 2, "down": 0, "up": 4}
"""How a fifth of the chance is rounded (``special_rounding``) → what the kernel adds before dividing by 5."""


def kernel_settings(settings: Any, distance: int | None) -> Settings:
    """The kernel's settings from an encounter's (:class:`estoc.systems.d100.exchange.Settings`) and its distance."""
    return Settings(fumble_from=settings.fumble_from, dodge_missiles=settings.dodge_missiles,
                    helmet_points=settings.helmet_points, distance=distance, parry_wear=settings.parry_wear,
                    special_rounding=settings.special_rounding, parried_excess=settings.parried_excess,
                    ready_weapon=settings.ready_weapon)


def _check_fits(what: str, value: int, person: Combatant) -> None:
    limit = rule("KERNEL_LIMIT")  # the kernel's sheet integers are 32 bits, with room for sums
    if not -limit < int(value) < limit:
        raise InputError(_("{who}: {what} = {value} is beyond what the rules engine can count (at most {limit} "
                           "either way)").format(who=person.id, what=what, value=value, limit=limit - 1))


def _terms(expression: DiceExpression, person: Combatant, what: str) -> list[tuple[int, int]]:
    if len(expression.terms) > rule("MAX_TERMS"):
        raise InputError(_("{who}: {what} {dice} has more than {n} kinds of dice").format(
            who=person.id, what=what, dice=str(expression), n=rule("MAX_TERMS")))
    for count, sides in expression.terms:
        _check_fits(what, count * sides, person)
    return list(expression.terms)


def _i32(values: Any) -> NDArray[np.int32]:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int32))


def loaded_at_start(record: Any) -> int:
    """Shots ready when the fight begins: a full magazine, one bolt in a crossbow, −1 for weapons never reloaded."""
    if record.magazine is not None:
        return int(record.magazine)
    return 1 if record.reload_rounds else -1


def build(outcomes: Outcomes, combatants: Sequence[Combatant], sides: Sequence[int], worlds: int, *,
          settings: Settings = Settings(), dice: DiceSource | None = None, seed: Any = None, threads: int = 1,
          first_world: int = 0, kernel_module: ModuleType | None = None,
          defends: Sequence[str] | None = None) -> Any:
    """The worlds of a fight between ``combatants`` (``sides[i]``: the side index of each); ``defends[i]``: the
    defence the policy has each oppose to a blow (:data:`DEFENCES`; ``best`` for all when not given).

    Play (``dice``: a Python source drawn one die at a time): ``worlds`` fresh worlds, each in its own row.
    Simulation (``seed``: the run's key): ``worlds`` output rows and one slot of state per thread; world ``i`` rolls
    the keyed stream of world ``first_world + i`` of the run, whatever the chunk it is played in.
    """
    K = kernel_module or kernel()
    F = K.Fights()
    count = len(combatants)
    width = max(len(c.weapons) + (c.shield is not None) for c in combatants)
    F.outcome = _i32(outcomes.result)
    F.count, F.width = count, width
    per: dict[str, list[int]] = {name: [] for name in (
        "side", "dex", "hp_max", "aid_skill", "armour", "dodge", "physical", "nweap", "has_shield", "shield_skill",
        "shield_points0", "shield_hp0", "shield_missile", "shield_kneeling", "bonus_terms", "bonus_const")}
    grids = {name: np.zeros((count, width), dtype=np.int32) for name in (
        "skill", "reach", "reaches", "parries", "whp0", "missile", "high_velocity", "dodgeable", "thrown", "rng",
        "reload_rounds", "magazine", "hands", "share", "loaded0", "dmg_terms", "dmg_const", "dmg_max")}
    grids["loaded0"][:] = -1
    max_terms = rule("MAX_TERMS")
    dmg_count = np.zeros((count, width, max_terms), dtype=np.int32)
    dmg_sides = np.ones((count, width, max_terms), dtype=np.int32)
    bonus_count = np.zeros((count, max_terms), dtype=np.int32)
    bonus_sides = np.ones((count, max_terms), dtype=np.int32)
    for c, person in enumerate(combatants):
        shield = person.shield
        helmet = person.helmet_points if settings.helmet_points == "add" else 0
        values = {"side": sides[c], "dex": person.dex, "hp_max": person.hp, "aid_skill": person.first_aid,
                  "armour": person.armour_points + helmet, "dodge": person.dodge(),
                  "physical": person.physical_penalty, "nweap": len(person.weapons),
                  "has_shield": int(shield is not None), "shield_skill": shield.skill if shield else 0,
                  "shield_points0": shield.record.points if shield else 0,
                  "shield_hp0": shield.record.hp if shield else 0,
                  "shield_missile": shield.record.missile_parry if shield else 0,
                  "shield_kneeling": (shield.record.missile_parry_kneeling
                                      if shield and shield.record.missile_parry_kneeling is not None else -1),
                  "bonus_terms": len(person.damage_bonus.terms), "bonus_const": person.damage_bonus.constant}
        for name, value in values.items():
            _check_fits(name, value, person)
            per[name].append(value)
        for k, (n, s) in enumerate(_terms(person.damage_bonus, person, "damage_bonus")):
            bonus_count[c, k], bonus_sides[c, k] = n, s
        slots: list[dict[str, Any]] = []
        for use in person.weapons:
            r = use.record
            slots.append({"skill": use.skill, "reach": REACH_ORDER[r.reach],
                          "reaches": sum(1 << REACH_ORDER[x] for x in (r.reach, *r.other_reaches)),
                          "parries": int(r.hp is not None and not use.missile), "whp0": r.hp or 0,
                          "missile": int(use.missile), "high_velocity": int(r.high_velocity),
                          "dodgeable": int(r.dodgeable_missile), "thrown": int(r.thrown), "rng": r.range or 0,
                          "reload_rounds": r.reload_rounds, "magazine": r.magazine or 0, "hands": r.hands,
                          "share": BONUS_SHARE[r.damage_bonus], "loaded0": loaded_at_start(r), "damage": use.damage})
        if shield is not None:
            slots.append({"skill": shield.skill, "reach": REACH_ORDER[BASH_REACH],
                          "reaches": 1 << REACH_ORDER[BASH_REACH], "hands": 1, "share": BONUS_SHARE["full"],
                          "damage": DiceExpression.parse(shield.record.damage)})
        for s, slot in enumerate(slots):
            damage = slot.pop("damage")
            for name, value in slot.items():
                _check_fits(name, value, person)
                grids[name][c, s] = value
            terms = _terms(damage, person, "damage")
            grids["dmg_terms"][c, s], grids["dmg_const"][c, s] = len(terms), damage.constant
            grids["dmg_max"][c, s] = damage.maximum
            for k, (n, sd) in enumerate(terms):
                dmg_count[c, s, k], dmg_sides[c, s, k] = n, sd
    for name, column in per.items():
        setattr(F, name, _i32(column))
    for name, grid in grids.items():
        setattr(F, name, np.ascontiguousarray(grid))
    F.dmg_count, F.dmg_sides = dmg_count, dmg_sides
    F.bonus_count, F.bonus_sides = bonus_count, bonus_sides
    if settings.distance is not None:
        _check_fits("distance", settings.distance, combatants[0])
    F.defends = _i32([DEFENCES[d] for d in (defends or ["best"] * count)])
    F.fumble_from = settings.fumble_from
    F.dodge_missiles = int(settings.dodge_missiles)
    F.wear = rule(WEAR[settings.parry_wear])
    F.special_add = SPECIAL_ADD[settings.special_rounding]
    F.excess_armour = int(settings.parried_excess == "armour")
    F.ready_action = int(settings.ready_weapon == "action")
    F.distance0 = -1 if settings.distance is None else settings.distance
    outputs = worlds if seed is not None else 1
    rows = threads * rule("SLOT_STRIDE") if seed is not None else worlds
    F.first_world = first_world
    # Written now (np.full), not left to the kernel's first touch (np.zeros maps pages only when first written): a
    # page fault taken by two threads at once waits on the other, and the outputs are most of what a chunk writes.
    for name in ("out_winner", "out_over", "out_rounds", "out_dice"):
        setattr(F, name, np.full(outputs, 0, dtype=np.int64))
    for name in ("out_hp", "out_state", "out_dealt", "out_taken", "out_specials"):
        setattr(F, name, np.full((outputs, count), 0, dtype=np.int64))
    # A world's state is a row of ``count`` entries in flat arrays (see the kernel's ``Fights``).
    entries = rows * count
    for name in (*CURSOR_FIELDS, *ORDER_FIELDS, *WORLD_FIELDS):
        setattr(F, name, np.zeros(entries, dtype=np.int64))
    for name in WOUND_FIELDS:
        setattr(F, name, np.zeros((entries, rule("MAX_WOUNDS")), dtype=np.int64))
    for name in SLOT_FIELDS:
        setattr(F, name, np.zeros((entries, width), dtype=np.int64))
    purposes = K.PURPOSES
    give_dice(F, purposes, entries, seed, dice)
    if seed is None:
        for w in range(rows):
            K.py_fresh(F, w)
    return F


DEFENCES = {"best": -1, "none": 0, "parry": 1, "dodge": 2}
"""A preferred defence (an encounter member's ``defence``) as the kernel's number (``D_BEST``, ``D_NONE``…): the
best allowed (a parry, else a dodge), or a parry, a dodge where the rules allow it (else the best), or none."""


SCALARS = ("count", "width", "fumble_from", "dodge_missiles", "wear", "special_add", "excess_armour", "ready_action",
           "distance0", "key", "first_world", "keyed",
           "logging")
SHARED = ("outcome", "side", "dex", "hp_max", "aid_skill", "armour", "dodge", "defends", "physical", "nweap",
          "has_shield", "shield_skill", "shield_points0", "shield_hp0", "shield_missile", "shield_kneeling",
          "bonus_terms", "bonus_count", "bonus_sides", "bonus_const", "skill", "reach", "reaches", "parries", "whp0",
          "missile", "high_velocity", "dodgeable", "thrown", "rng", "reload_rounds", "magazine", "hands", "share",
          "loaded0", "dmg_terms", "dmg_const", "dmg_max", "dmg_count", "dmg_sides", "salts", "out_winner", "out_over",
          "out_rounds", "out_dice", "out_hp", "out_state", "out_dealt", "out_taken", "out_specials")
"""Arrays that never change during a fight: a copy shares them."""
OWN = (*WORLD_FIELDS, *SLOT_FIELDS, *WOUND_FIELDS, *CURSOR_FIELDS, *ORDER_FIELDS, "base", "counters")
"""Arrays each world changes: a copy has its own."""


def copy_fights(F: Any) -> Any:
    """An independent copy of ``F`` (play tries a command on a copy): the changing arrays copied, the sheets and
    tables shared."""
    return copy_worlds(F, SCALARS, SHARED, OWN)


def array(F: Any, name: str) -> NDArray[Any]:
    """A field of ``F`` as a NumPy view (writes go to the kernel's memory), a world's state shown per world:
    ``(W, C)`` for its combatants and its order, ``(W, C, K)`` for their lists, ``(W,)`` for its cursor."""
    values = np.asarray(getattr(F, name))
    count = max(int(F.count), 1)
    if name in WORLD_FIELDS or name in ORDER_FIELDS:
        return values.reshape(-1, count)
    if name in WOUND_FIELDS or name in SLOT_FIELDS:
        return values.reshape(-1, count, values.shape[1])
    if name in CURSOR_FIELDS or name in ("base", "counters"):
        return values[::count]
    return values
