"""Building the HARP kernel's worlds (:class:`estoc.systems.harp.kernel.Fights`) from an encounter's combatants.

The sheets become one row per combatant (their strikes one row each), the tables the kernel reads are laid out as
flat arrays, and each world starts fresh. The kernel used is the compiled one, loaded with its staleness check;
tests pass the interpreted twin (``kernel=``) to compare the two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.engine.compiled import copy_worlds, give_dice, load_kernel
from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.harp.codes import codes, rule
from estoc.systems.harp.kernel_type import HarpKernel
from estoc.systems.harp.kernel_type import kernel_of as kernel_of  # re-exported: the callers ask their worlds
from estoc.systems.harp.sheet import Combatant
from estoc.systems.harp.tables import SIZE_INDEX, HarpTables, severity_code
from estoc.systems.harp.worth import WORTH_LEN, blow_worth, critical_costs, readings

KERNEL_NAME = "estoc.systems.harp.kernel"
NO_LIMIT = 1 << 40
"""No bound on the steps ``py_advance`` takes before it stops (play runs a turn to its end)."""
WORLD_FIELDS = ("hp", "penalty", "bleed", "stun_until", "stun_since", "shaken", "must_parry_until",
                "no_parry_until", "lost_until", "dying_round", "down", "dead", "prone", "disarmed", "steady",
                "present", "parry_vs", "parry_bonus", "dodge", "charge_db", "initiative", "acted", "started",
                "automatic", "intercepting", "disengage_foe", "disengage_hit", "shield_used", "unregen_hits",
                "cover_melee", "cover_missile", "struck_close", "venom_in", "venom_left", "next_mod", "dealt",
                "taken", "downed", "acted_rounds", "init_declared", "init_mods", "blow_positions", "blow_dir",
                "parry_foes", "venom_from", "venom_rolled")
"""The fields of a world's combatants: ``(W·C,)`` in the kernel, ``(W, C)`` through :func:`array`."""
LIST_FIELDS = ("distance", "uses", "crits_dealt", "crits_taken")
"""A list per combatant of each world: ``(W·C, K)`` in the kernel, ``(W, C, K)`` through :func:`array`."""
CURSOR_FIELDS = ("rnd", "turn", "norder", "fight_mod", "surprised", "surprise_round")
"""A world's cursor: ``(W·C,)`` in the kernel, read at the row's first entry; ``(W,)`` through :func:`array`."""
MINUS_ONE = ("parry_vs", "intercepting", "disengage_foe")


@cache
def kernel() -> HarpKernel:
    """The compiled HARP kernel (loud when missing or stale; checked once a process)."""
    return cast(HarpKernel, load_kernel(KERNEL_NAME))


@dataclass(frozen=True)
class Settings:
    """What an encounter sets for every world."""

    beyond_limit: str = "cap"
    fight_mod: int = 0
    full_sun: bool = False
    surprised_side: int = -1
    surprise_roll: bool = False
    """« Surprise »: the groups meet unexpectedly; with no side surprised above, the best perceivers roll for it."""
    beasts_flee: bool = False
    distances: tuple[tuple[int, int, int], ...] = ()
    """The GM's facts at the start: (combatant, combatant, metres between them; 0 in contact)."""
    covers: tuple[tuple[int, int, int], ...] = ()
    """(combatant, what its cover adds to its DB against melee blows, against shots)."""
    mounts: tuple[tuple[int, int], ...] = ()
    """(rider, its mount): who rides whom (bestiary, « Montures prises dans un combat »)."""


def facts(ids: Sequence[str], distances: Sequence[tuple[str, str, int]],
          covers: Mapping[str, tuple[int, int]], mounts: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The GM's facts given by combatant ids (an encounter's, a fight's) as :class:`Settings` takes them."""
    index = list(ids).index
    return {"distances": tuple((index(a), index(b), metres) for a, b, metres in distances),
            "covers": tuple((index(c), melee, missile) for c, (melee, missile) in covers.items()),
            "mounts": tuple((index(rider), index(mount)) for rider, mount in mounts)}


def _check_fits(name: str, values: Sequence[Any], combatants: Sequence[Combatant]) -> None:
    """Refuse a number the kernel's integers cannot hold, naming whose it is (``values[i]`` is
    ``combatants[i]``'s)."""
    for value, person in zip(values, combatants, strict=True):
        limit = rule("KERNEL_LIMIT")  # the kernel's integers are 32 bits, with room for the round's sums
        if not -limit < int(value) < limit:
            raise InputError(_("{who}: {what} = {value} is beyond what the rules engine can count (at most {limit} "
                               "either way)").format(who=person.id, what=name, value=value, limit=limit - 1))


def _i32(values: Any) -> NDArray[np.int32]:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int32))


def _i64(values: Any) -> NDArray[np.int64]:
    return np.ascontiguousarray(np.asarray(values, dtype=np.int64))


MAGIC_TABLES = ("magie-",)
FIRE_CRITICALS = frozenset({"chaleur"})
"""What a regenerating creature never gets back (bestiary, « Régénération »): hits of spells (the « magie-… »
attack tables) and of fire (heat criticals)."""


def strike_numbers(tables: HarpTables, strike: Any) -> dict[str, int]:
    """The kernel's numbers of one strike: OB, table, size, fumble range, criticals."""
    table = tables.attack.index(strike.table)
    extra = strike.additional
    critical = tables.critical.index(strike.critical) if strike.critical else int(tables.attack.critical[table])
    return {"ob": strike.ob, "table": table, "size": SIZE_INDEX[strike.size], "fumble": strike.fumble,
            "critical": critical, "extra_table": tables.critical.index(extra.table) if extra else -1,
            "extra_severity": severity_code(extra.severity) if extra else 0,
            "natural": int(strike.kind != "weapon"), "single": int(strike.area == "single"),
            "braced": int(strike.braced), "missile": int(strike.missile), "hampered": int(strike.hampered),
            "venom_level": int(strike.poison["level"]) if strike.poison else 0,
            "venom_rounds": (int(strike.poison.get("rounds", 1)) if strike.poison["rr"] == "cascade" else 1)
            if strike.poison else 0,
            "venom_hits": int(strike.poison.get("hits", 0)) if strike.poison else 0,
            "venom_penalty": int(strike.poison.get("penalty", 0)) if strike.poison else 0,
            **dict(zip(("rng_inc", "rng_max", "pb_range", "pb_mod"), strike.reach or (0, 0, 0, 0), strict=True)),
            "unregen": int(strike.table.startswith(MAGIC_TABLES) or strike.critical in FIRE_CRITICALS
                           or (extra is not None and extra.table in FIRE_CRITICALS))}


_FELL: dict[str, NDArray[np.int64]] = {}


def fell_table(K: Any) -> NDArray[np.int64]:
    """``F.fell``: the kernel's ``fell_chance`` at every ``FELL_STEP`` (what ``best_parry`` reads), once per kernel
    (the compiled one and its twin)."""
    key = f"{K.__name__}:{getattr(K, '__file__', '')}"
    if key not in _FELL:
        step = rule("FELL_STEP")
        _FELL[key] = np.array([K.py_fell_chance(i * step) for i in range(rule("FELL_LEN"))], dtype=np.int64)
    return _FELL[key]


def worths(F: Any, K: Any, tables: HarpTables, combatants: Sequence[Combatant], sides: Sequence[int],
           grids: Mapping[str, NDArray[np.int32]]) -> NDArray[np.int64]:
    """``F.worth``: what each single strike of each combatant is worth against each foe, at every edge
    (:mod:`estoc.systems.harp.worth`; a row per attacker, strike and target, zeros for a companion or an area
    strike), read through ``F``'s tables and its reading beyond the limit."""
    count = len(combatants)
    width = int(F.width)
    out = np.zeros((count * width * count, WORTH_LEN), dtype=np.int64)
    costs = {}
    for target in combatants:
        key = (target.hp, target.stun_immune, target.bleed_immune)
        if key not in costs:
            costs[key] = critical_costs(tables.critical.effects.values, target.hp, stun_immune=target.stun_immune,
                                        bleed_immune=target.bleed_immune)
    for a, attacker in enumerate(combatants):
        for s in range(len(attacker.strikes)):
            if not grids["single"][a, s]:
                continue
            for t, target in enumerate(combatants):
                if sides[t] == sides[a]:
                    continue
                read = readings(F, K, tables.attack.cells, (
                    int(grids["table"][a, s]), int(grids["size"][a, s]), target.armour_type,
                    2 if attacker.devastating else 1, target.crit_reduction, int(grids["extra_table"][a, s]),
                    int(grids["extra_severity"][a, s])))
                out[(a * width + s) * count + t] = blow_worth(
                    read, costs[(target.hp, target.stun_immune, target.bleed_immune)],
                    fumble=int(grids["fumble"][a, s]), critical=int(grids["critical"][a, s]),
                    extra=int(grids["extra_table"][a, s]), hp=target.hp)
    return out


def build(tables: HarpTables, combatants: Sequence[Combatant], sides: Sequence[int], worlds: int, *,
          settings: Settings = Settings(), dice: DiceSource | None = None, seed: Any = None, threads: int = 1,
          first_world: int = 0, kernel_module: ModuleType | None = None) -> Any:
    """The worlds of a fight between ``combatants`` (``sides[i]``: the side index of each).

    Play (``dice``: a Python source drawn one die at a time): ``worlds`` fresh worlds, each in its own row.
    Simulation (``seed``: an int or a ``SeedSequence``, the run's key): ``worlds`` output rows, and one slot of
    state per thread (:func:`estoc.systems.harp.kernel.play_all` plays each world in its thread's slot); world ``i``
    rolls the keyed stream of world ``first_world + i`` of the run, whatever the chunk it is played in.
    """
    K = kernel_module or kernel()
    F = K.Fights()
    count = len(combatants)
    width = max((len(c.strikes) for c in combatants), default=1)
    at = tables.attack
    F.cells = _i32(at.cells)
    F.table_rows = at.hits.shape[1] - 1
    F.rows_dim = at.hits.shape[1]
    F.limits = _i32(at.limits)
    F.knocks = _i32(at.knocks_down)
    F.crit_fx = _i32(tables.critical.effects.values)
    F.slaying = _i32(tables.critical.slaying)
    F.fumble_fx = _i32(tables.fumble.effects.values)
    F.fumble_lost = _i32(tables.fumble.lost_rounds)
    F.man_lows = _i64(tables.manoeuvre.lows)
    F.man_bonus = _i32(tables.manoeuvre.bonus)
    F.man_percent = _i32(tables.manoeuvre.percent)
    positions = tables.positions
    if len(positions.ids) > rule("MAX_POSITIONS"):
        raise InputError(_("at most {n} position bonuses in the content, not {count}").format(
            n=rule("MAX_POSITIONS"), count=len(positions.ids)))
    F.pos_value = _i32(list(positions.values))
    F.pos_group = _i32(list(positions.groups))
    situations = codes()["situations"]
    F.pos_when = _i32([situations[when] if when else 0 for when in positions.whens] or [0] * len(positions.ids))
    initiative = tables.initiative
    if len(initiative.ids) > rule("MAX_POSITIONS"):
        raise InputError(_("at most {n} initiative modifiers in the content, not {count}").format(
            n=rule("MAX_POSITIONS"), count=len(initiative.ids)))
    F.init_value = _i32(list(initiative.values))
    F.init_when = _i32([situations[when] if when else 0 for when in initiative.whens])
    # what the kernel reads on every blow and every roll: which situations the bonuses name, the sums by situation
    F.pos_situations = sum({1 << situations[when] for when in positions.whens if when})
    by_situation = np.zeros(max(situations.values()) + 1, dtype=np.int64)
    for value, when in zip(initiative.values, initiative.whens, strict=True):
        if when:
            by_situation[situations[when]] += value
    F.init_by_situation = by_situation
    F.count, F.width = count, width
    per: dict[str, list[Any]] = {
        "side": list(sides), "hp_max": [c.hp for c in combatants], "body_rr": [c.body_rr for c in combatants],
        "db": [c.db for c in combatants], "armour_type": [c.armour_type for c in combatants],
        "crit_reduction": [c.crit_reduction for c in combatants],
        "hits_factor": [2 if c.devastating else 1 for c in combatants],
        "size_rank": [c.size_rank for c in combatants], "quickness": [c.quickness for c in combatants],
        "intuition": [c.intuition for c in combatants], "agility": [c.agility for c in combatants],
        "usual_parry": [c.parry for c in combatants], "guard": [c.guard for c in combatants],
        "guard_dodge": [int(c.guard_dodge) for c in combatants],
        "guard_company": [int(c.guard_company) for c in combatants],
        "beast": [c.beast for c in combatants],
        "sunlight": [c.sunlight_sensitive for c in combatants], "stun_immune": [c.stun_immune for c in combatants],
        "bleed_immune": [c.bleed_immune for c in combatants], "strikes": [len(c.strikes) for c in combatants],
        "shield_db": [c.shield_db for c in combatants], "shield_covers": [c.shield_covers for c in combatants],
        "armour_penalty": [c.armour_penalty for c in combatants],
        "regenerates": [c.regenerates for c in combatants],
        "base_movement": [c.base_movement for c in combatants],
        "shield_arc": [codes()["arcs"][c.shield_arc] for c in combatants],
        "offhand_db": [c.offhand_db for c in combatants], "perception": [c.perception for c in combatants],
    }
    for name, values in per.items():
        _check_fits(name, values, combatants)
        setattr(F, name, _i32(values))
    grids = {name: np.zeros((count, width), dtype=np.int32) for name in (
        "ob", "table", "size", "fumble", "critical", "extra_table", "extra_severity", "natural", "single", "braced",
        "missile", "unregen", "hampered", "rng_inc", "rng_max", "pb_range", "pb_mod", "venom_level",
        "venom_rounds", "venom_hits", "venom_penalty")}
    grids["extra_table"][:] = -1
    uses0 = np.zeros((count, width), dtype=np.int64)
    for c, person in enumerate(combatants):
        for s, strike in enumerate(person.strikes):
            for name, value in strike_numbers(tables, strike).items():
                _check_fits(name, [value], [person])
                grids[name][c, s] = value
            uses0[c, s] = rule("UNLIMITED") if strike.uses is None else strike.uses
    for name, grid in grids.items():
        setattr(F, name, np.ascontiguousarray(grid))
    F.beyond = codes()["beyond"][settings.beyond_limit]
    F.main_strike = _i32([next((s for s, strike in enumerate(c.strikes) if strike.area == "single"), 0)
                          for c in combatants])
    F.worth = worths(F, K, tables, combatants, sides, grids)
    F.fell = fell_table(K)
    outputs = worlds if seed is not None else 1
    rows = threads * rule("SLOT_STRIDE") if seed is not None else worlds
    F.uses0 = uses0
    distance0 = np.full((count, count), -1, dtype=np.int64)
    for i, j, metres in settings.distances:
        _check_fits("distance", [metres], [combatants[i]])
        distance0[i, j] = distance0[j, i] = metres
    cover_melee0 = np.zeros(count, dtype=np.int64)
    cover_missile0 = np.zeros(count, dtype=np.int64)
    for i, melee, missile in settings.covers:
        cover_melee0[i], cover_missile0[i] = melee, missile
    F.distance0, F.cover_melee0, F.cover_missile0 = distance0, cover_melee0, cover_missile0
    mount, rider = np.full(count, -1, dtype=np.int32), np.full(count, -1, dtype=np.int32)
    for i, j in settings.mounts:
        mount[i], rider[j] = j, i
    F.mount, F.rider = mount, rider
    # A world's state is a row of ``count`` entries in flat arrays (see the kernel's ``Fights``).
    F.distance = np.ascontiguousarray(np.tile(distance0, (rows, 1)))
    F.uses = np.ascontiguousarray(np.tile(uses0, (rows, 1)))
    F.fight_mod0 = settings.fight_mod
    F.first_world = first_world
    # Written now, not left to the kernel's first touch: a page fault taken by two threads at once waits on the
    # other, and the outputs are most of what a chunk writes.
    F.out_winner = np.full(outputs, -1, dtype=np.int64)
    F.out_rounds = np.full(outputs, 0, dtype=np.int64)
    F.out_dice = np.full(outputs, 0, dtype=np.int64)
    for name in ("out_hp", "out_state", "out_dealt", "out_taken"):
        setattr(F, name, np.full((outputs, count), 0, dtype=np.int64))
    F.out_crits = np.full((outputs, count, 5), 0, dtype=np.int64)
    entries = rows * count
    F.beyond = codes()["beyond"][settings.beyond_limit]
    F.full_sun = int(settings.full_sun)
    F.surprised_side = settings.surprised_side
    F.surprise_roll = int(settings.surprise_roll)
    F.beasts_flee = int(settings.beasts_flee)
    F.rnd = np.zeros(entries, dtype=np.int64)
    F.turn = np.full(entries, -1, dtype=np.int64)
    F.norder = np.zeros(entries, dtype=np.int64)
    F.fight_mod = np.full(entries, settings.fight_mod, dtype=np.int64)
    F.surprised = np.full(entries, settings.surprised_side, dtype=np.int64)
    F.surprise_round = np.ones(entries, dtype=np.int64)
    F.order = np.zeros(entries, dtype=np.int64)
    for name in WORLD_FIELDS:
        setattr(F, name, np.full(entries, -1 if name in MINUS_ONE else 0, dtype=np.int64))
    F.hp = np.tile(np.asarray(per["hp_max"], dtype=np.int64), rows)
    F.present = np.ones(entries, dtype=np.int64)
    F.cover_melee = np.tile(cover_melee0, rows)
    F.cover_missile = np.tile(cover_missile0, rows)
    F.crits_dealt = np.zeros((entries, 5), dtype=np.int64)
    F.crits_taken = np.zeros((entries, 5), dtype=np.int64)
    purposes = K.PURPOSES
    give_dice(F, purposes, entries, seed, dice)
    return F


def table_reader(tables: HarpTables, beyond_limit: str = "cap", kernel_module: ModuleType | None = None) -> Any:
    """A :class:`~estoc.systems.harp.kernel.Fights` holding only the attack tables and the reading of results beyond
    the limit: what ``py_read_result`` reads (the exact odds read every result of an exchange through it)."""
    K = kernel_module or kernel()
    F = K.Fights()
    at = tables.attack
    F.cells = _i32(at.cells)
    F.table_rows = at.hits.shape[1] - 1
    F.rows_dim = at.hits.shape[1]
    F.limits = _i32(at.limits)
    F.slaying = _i32(tables.critical.slaying)
    F.beyond = codes()["beyond"][beyond_limit]
    return F


SCALARS = ("table_rows", "rows_dim", "count", "width", "beyond", "full_sun", "surprised_side", "surprise_roll",
           "beasts_flee", "pos_situations",
           "keyed", "logging", "fight_mod0", "key", "first_world")
SHARED = ("cells", "limits", "knocks", "crit_fx", "slaying", "fumble_fx", "fumble_lost", "man_lows", "man_bonus",
          "man_percent", "pos_value", "pos_group", "pos_when", "init_value", "init_when", "shield_arc", "offhand_db",
          "init_by_situation",
          "perception", "mount", "rider",
          "side", "hp_max", "body_rr", "db", "armour_type", "crit_reduction", "hits_factor", "size_rank", "quickness",
          "intuition", "agility", "usual_parry", "main_strike", "worth", "fell", "guard", "guard_dodge",
          "guard_company", "beast", "sunlight",
          "stun_immune", "bleed_immune", "strikes", "ob", "table", "size", "fumble", "critical", "extra_table",
          "extra_severity", "natural", "single", "braced", "missile", "unregen", "regenerates", "shield_db",
          "shield_covers", "armour_penalty", "base_movement", "salts", "uses0", "out_winner", "out_rounds", "out_hp",
          "out_state", "out_dealt", "out_taken", "out_crits", "out_dice", "hampered", "rng_inc", "rng_max", "pb_range",
          "pb_mod", "distance0", "cover_melee0", "cover_missile0", "venom_level", "venom_rounds", "venom_hits",
          "venom_penalty")
"""Arrays that never change during a fight: a copy shares them."""
OWN = (*WORLD_FIELDS, *CURSOR_FIELDS, "order", "uses", "crits_dealt", "crits_taken", "base", "counters", "distance")
"""Arrays each world changes: a copy has its own."""


def copy_fights(F: Any) -> Any:
    """An independent copy of ``F`` (play tries a command on a copy): the changing arrays copied, the sheets and
    tables shared."""
    return copy_worlds(F, SCALARS, SHARED, OWN)


def array(F: Any, name: str) -> NDArray[Any]:
    """A field of ``F`` as a NumPy view (writes go to the kernel's memory), a world's state shown per world:
    ``(W, C)`` for its combatants (and its order), ``(W, C, K)`` for their lists, ``(W,)`` for its cursor."""
    values = np.asarray(getattr(F, name))
    count = max(int(F.count), 1)
    if name in WORLD_FIELDS or name == "order":
        return values.reshape(-1, count)
    if name in LIST_FIELDS:
        return values.reshape(-1, count, values.shape[1])
    if name in CURSOR_FIELDS or name in ("base", "counters"):
        return values[::count]
    return values
