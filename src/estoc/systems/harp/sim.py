"""Simulation of HARP · TdM encounters: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`).

:func:`play_chunk` is the kernel entry: it plays a chunk of worlds with the compiled kernel
(:func:`estoc.systems.harp.kernel.play_all`), each world in its thread's slot, and reads what each came to. The
compiled tables are built once per process for the same content (:meth:`HarpSim.prepare`).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

import numpy as np

from estoc.content.models.common import BONUS_MAX
from estoc.content.registry import Content
from estoc.engine.reuse import ChunkWorlds
from estoc.engine.simulation import (
    NumberFormat,
    OneOf,
    Outcome,
    PlanAxis,
    PlanVariant,
    SettingSpec,
    SimSystem,
    Switch,
    Whole,
    habit_setup,
    members_without,
    side_order,
)
from estoc.i18n import _
from estoc.systems.harp.codes import codes
from estoc.systems.harp.encounter import AUTO, LoadedEncounter, encounter_from_setup
from estoc.systems.harp.sheet import PARRY_AUTO, Combatant
from estoc.systems.harp.tables import HarpTables, compile_tables
from estoc.systems.harp.worlds import Settings, array, build, facts, kernel, kernel_of

MARKS = ("A", "B", "C", "D", "E")
"""The criticals' severities, as :attr:`Outcome.crits_taken` counts them."""
BEYOND_LIMIT = ("cap", "uncapped", "second-attack")


def worlds_of(encounter: LoadedEncounter, tables: HarpTables, worlds: int, seed: np.random.SeedSequence, *,
              first: int = 0, beasts_flee: bool = False, threads: int = 1) -> Any:
    """The kernel's worlds for a chunk of the encounter's fights (see :func:`estoc.systems.harp.worlds.build`)."""
    people = [combatant for _id, _side, combatant in encounter.combatants]
    order = side_order(encounter)
    sides = [order.index(side) for _id, side, _c in encounter.combatants]
    surprised = order.index(encounter.surprise) if encounter.surprise in order else -1
    settings = Settings(beyond_limit=encounter.settings.beyond_limit, fight_mod=encounter.modifiers.fight,
                        full_sun=encounter.full_sun, surprised_side=surprised, beasts_flee=beasts_flee,
                        surprise_roll=encounter.unexpected,
                        **facts([cid for cid, _side, _c in encounter.combatants], encounter.distances,
                                encounter.cover, encounter.mounts))
    return build(tables, people, sides, worlds, settings=settings, seed=seed, threads=threads, first_world=first)


_CHUNKS = ChunkWorlds(("out_winner", "out_rounds", "out_dice", "out_hp", "out_state", "out_dealt", "out_taken",
                       "out_crits"))
"""This process's worlds for the chunks of a run, built once (:mod:`estoc.engine.reuse`)."""


def outcome(F: Any) -> Outcome:
    """What each world of a chunk came to, from the kernel's outputs."""
    state = array(F, "out_state")
    flags = codes()["outcomes"]  # the kernel's bits of ``out_state``
    out = (state & (flags["down"] | flags["dead"])) != 0
    return Outcome(winner=array(F, "out_winner").copy(), over=(state[:, 0] & flags["over"]) != 0,
                   rounds=array(F, "out_rounds").copy(), out=out, dead=(state & flags["dead"]) != 0,
                   fled=((state & flags["fled"]) != 0) & ~out, hits_dealt=array(F, "out_dealt").copy(),
                   hits_taken=array(F, "out_taken").copy(), crits_taken=array(F, "out_crits").copy())


def play_chunk(encounter: LoadedEncounter, tables: HarpTables, worlds: int, seed: np.random.SeedSequence,
               first: int, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
    """``worlds`` fights (worlds ``first``… of the run) played to their end by the kernel: what each came to."""
    threads = max(1, int(options.get("threads", 1)))
    beasts_flee = bool(options.get("beasts_flee", False))
    F = _CHUNKS.get((encounter, tables), (worlds, threads, beasts_flee), lambda: worlds_of(
        encounter, tables, worlds, seed, first=first, beasts_flee=beasts_flee, threads=threads),
        kernel().PURPOSES, seed, first)
    kernel_of(F).play_all(F, worlds, max_rounds, threads)
    return outcome(F)


# --- the plans a combatant could follow (balance studies) -----------------------------------------------------------

PARRY_SHARES = (0, 1, 2)
"""The parry shares tried, in quarters of the OB of a combatant's first melee strike: none, a quarter, a half."""
GUARDS = ((0, False), (50, False), (50, True))
"""The guards tried (the hit points, in percent, at or under which the policy stops attacking, and whether it then
dodges rather than makes a total parry): never; at half its hit points, a total parry; at half, a dodge."""


DEFAULT = -1
"""A guard of :data:`GUARDS`' kind that is estoc's default one (the encounter writes none): a total parry at half its
hit points while a companion still fights (:data:`estoc.systems.harp.encounter.DEFAULT_GUARD`)."""


def _parry_variant(side: int, member: int, parry: int, ob: int, guard: int, dodge: bool) -> PlanVariant:
    def label() -> str:
        share = (_("weighs at each blow how much of its OB {ob} to keep to parry").format(ob=ob)
                 if parry == PARRY_AUTO else _("attacks with its whole OB") if parry == 0
                 else _("keeps {parry} of its OB {ob} to parry").format(parry=parry, ob=ob))
        if guard == 0:
            return _("{plan}; never a total parry").format(plan=share)
        if guard == DEFAULT:
            return _("{plan}; a total parry at half its hit points while a companion fights").format(plan=share)
        if dodge:
            return _("{plan}; a dodge at {guard} % of its hit points or fewer").format(plan=share, guard=guard)
        return _("{plan}; a total parry at {guard} % of its hit points or fewer").format(plan=share, guard=guard)

    where = ("sides", side, "members", member)
    dodges = bool(guard > 0 and dodge)
    named = "" if guard == 0 else (",guard:auto" if guard == DEFAULT else f",guard:{guard}")
    written: int | str = AUTO if parry == PARRY_AUTO else parry
    return PlanVariant(f"parry:{written}" + named + (",dodge" if dodges else ""), label,
                       (((*where, "parry"), written), ((*where, "guard"), None if guard == DEFAULT else guard),
                        ((*where, "guard_with"), "dodge" if dodges else None)))


def parry_plans(combatant: Combatant, side: int, member: int) -> tuple[tuple[PlanVariant, ...], int] | None:
    """A combatant's candidate parry shares (« Parade »: the OB it keeps to parry each blow, which the default
    policy's ``decide`` moves to its DB) — none, a quarter and a half of its first melee strike's OB, and its own
    share (the encounter's) where that is none of them — times its guards (a « Parade Totale » or an « Esquive »
    instead of an attack when hurt: :data:`GUARDS`, estoc's default one, and its own); the own one's index. ``None``
    for a beast (it never parries) or a combatant with no melee strike."""
    melee = [s.ob for s in combatant.strikes if not s.missile]
    if combatant.beast or not melee or melee[0] < 2:
        return None
    ob = melee[0]
    own = min(combatant.parry, ob - 1)  # PARRY_AUTO (the share weighed) stays itself
    shares = sorted({min(ob * q // 4, ob - 1) for q in PARRY_SHARES} | {own})
    own_guard = (DEFAULT, False) if combatant.guard_company else (
        combatant.guard, bool(combatant.guard and combatant.guard_dodge))
    guards = sorted({*GUARDS, (DEFAULT, False), own_guard})
    variants = tuple(_parry_variant(side, member, p, ob, g, d) for g, d in guards for p in shares)
    return variants, guards.index(own_guard) * len(shares) + shares.index(own)


def plan_space(encounter: LoadedEncounter) -> tuple[PlanAxis, ...]:
    """Each member's candidate parry shares and guards (:func:`parry_plans`), heroes and creatures alike
    (``estoc balance --side`` picks whose are searched), one axis a member of the setup (a member counted several
    times shares one). The own plan writes the share and guard the combatant already has: the encounter's fights,
    unchanged."""
    axes = []
    combatants = iter(encounter.combatants)
    for i, side in enumerate(encounter.setup["sides"]):
        for j, member in enumerate(side["members"]):
            mine = [next(combatants) for _n in range(int(member.get("count", 1)))]
            _cid, side_id, combatant = mine[0]
            plans = parry_plans(combatant, i, j)
            if plans is None:
                continue
            name = dict(combatant.name) if len(mine) == 1 else {
                lang: f"{text} … {mine[-1][2].name.get(lang, '')}" for lang, text in combatant.name.items()}
            axes.append(PlanAxis(",".join(c for c, _s, _c in mine), name, side_id, *plans))
    return tuple(axes)


def habits(setup: dict[str, Any], content: Content, side: str
           ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """The default policy's rivals (:mod:`estoc.sim.default_plans`): the setup with no member's ``parry``,
    ``guard`` or ``guard_with`` (each fighter's sheet parry and estoc's default guard), against every member of
    ``side`` keeping none, a quarter or a half of its OB to parry (:data:`PARRY_SHARES`), each with every guard
    (estoc's default one and :data:`GUARDS`)."""
    default = members_without(setup, ("parry", "guard", "guard_with"))
    bare = encounter_from_setup(default, content)
    axes = plan_space(bare)
    obs = {cid: next((s.ob for s in c.strikes if not s.missile), 0) for cid, _s, c in bare.combatants}
    rivals = []
    for quarter in PARRY_SHARES:
        for guard, dodge in ((DEFAULT, False), *GUARDS):
            if quarter == 0 and guard == DEFAULT:
                continue  # the default's own guard, with no parry: close to the default itself, kept out
            named = "" if guard == 0 else (",guard:auto" if guard == DEFAULT else f",guard:{guard}")
            named += ",dodge" if guard > 0 and dodge else ""

            def pick(axis: PlanAxis, q: int = quarter, suffix: str = named) -> str:
                ob = obs[axis.id.split(",")[0]]
                return f"parry:{min(ob * q // 4, ob - 1)}" + suffix

            plan = habit_setup(default, axes, side, pick)
            if plan is not None:
                rivals.append((f"parry:{quarter}/4" + named, plan))
    return default, rivals


_TABLES: dict[int, tuple[weakref.ref[Content], HarpTables]] = {}
"""Tables compiled in this process, by the content they were compiled from (while it lives)."""


def tables_for(content: Content) -> HarpTables:
    """The content's compiled tables, compiled once per process for the same content object (content is not
    changed once loaded; a worker loads its own once per process, from its folders)."""
    held = _TABLES.get(id(content))
    if held is not None and held[0]() is content:
        return held[1]
    for key in [k for k, (ref, _t) in _TABLES.items() if ref() is None]:
        del _TABLES[key]  # content gone: its id may be reused
    tables = compile_tables(content)
    _TABLES[id(content)] = (weakref.ref(content), tables)
    return tables


class HarpSim:
    """HARP · TdM in the simulation protocol."""

    id = "harp"
    marks = MARKS
    task_ids: tuple[str, ...] = ()
    settings = (
        SettingSpec("fight_mod", Whole(-BONUS_MAX, BONUS_MAX),
                    lambda: _("Added to every attack (fog, bad footing, poor light…)."),
                    path=("modifiers", "fight"), read=lambda e: e.modifiers.fight),
        SettingSpec("beyond_limit", OneOf(BEYOND_LIMIT), lambda: _(
            "An open-ended roll past the attack size's limit: capped, uncapped, or a second attack."),
            path=("settings", "beyond_limit"), read=lambda e: e.settings.beyond_limit),
        SettingSpec("full_sun", Switch(), lambda: _("The fight is in full sunlight (creatures that fear it are "
                                                    "hampered)."),
                    path=("full_sun",), read=lambda e: e.full_sun),
        SettingSpec("unexpected", Switch(), lambda: _("The sides meet unexpectedly: with no side surprised, the best "
                                                      "perceivers roll for it (« Surprise »)."),
                    path=("unexpected",), read=lambda e: e.unexpected),
        SettingSpec("beasts_flee", Switch(), lambda: _("Badly hurt beasts flee (the GM's choice)."), default=False),
    )

    def read_encounter(self, setup: dict[str, Any], content: Content) -> LoadedEncounter:
        return encounter_from_setup(setup, content)

    def prepare(self, content: Content) -> HarpTables:
        return tables_for(content)

    def play_chunk(self, encounter: LoadedEncounter, prepared: HarpTables, worlds: int,
                   seed: np.random.SeedSequence, first: int, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        return play_chunk(encounter, prepared, worlds, seed, first, max_rounds, options)

    def describe(self, settings: Mapping[str, Any], number: NumberFormat) -> str:
        beyond = {"cap": _("capped"), "uncapped": _("uncapped"), "second-attack": _("second attack")}
        return _("fight modifier {mod}, beyond the size limit: {beyond}, full sun: {sun}, beasts flee: "
                 "{flee}").format(
            mod=number(int(settings["fight_mod"]), 0, signed=True),
            beyond=beyond.get(settings["beyond_limit"], settings["beyond_limit"]),
            sun=_("yes") if settings["full_sun"] else _("no"), flee=_("yes") if settings["beasts_flee"] else _("no"))

    def marks_title(self) -> str:
        return _("Criticals taken: chance of at least one of each severity")

    def mark_name(self, mark: str) -> str:
        return mark

    def task_name(self, task_id: str) -> dict[str, str]:
        return {"fr": task_id, "en": task_id}

    def habits(self, setup: dict[str, Any], content: Content, side: str
               ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
        return habits(setup, content, side)

    def plan_space(self, encounter: LoadedEncounter) -> tuple[PlanAxis, ...]:
        return plan_space(encounter)


SIM: SimSystem[LoadedEncounter, HarpTables] = HarpSim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
