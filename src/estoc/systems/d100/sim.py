"""Simulation of d100 encounters: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`). :func:`play_chunk` is the kernel entry: it plays a chunk of worlds
with the compiled kernel (:func:`estoc.systems.d100.kernel.play_all`), each world in its thread's slot, every
decision the default policy's, and reads what each came to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

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
)
from estoc.i18n import _
from estoc.systems.d100.codes import codes
from estoc.systems.d100.encounter import SETUP_PATH, LoadedD100Encounter, load_d100_encounter
from estoc.systems.d100.worlds import array, build, kernel, kernel_of, kernel_settings

MARKS = ("special",)
"""What :attr:`Outcome.crits_taken` counts: special hits."""
MAX_DISTANCE = 100_000


def worlds_of(encounter: LoadedD100Encounter, worlds: int, seed: np.random.SeedSequence, *, first: int = 0,
              threads: int = 1) -> Any:
    """The kernel's worlds for a chunk of the encounter's fights (see :func:`estoc.systems.d100.worlds.build`)."""
    sides = list(dict.fromkeys(s for _i, s, _c in encounter.combatants))
    return build(encounter.outcomes, [c for _i, _s, c in encounter.combatants],
                 [sides.index(s) for _i, s, _c in encounter.combatants], worlds,
                 settings=kernel_settings(encounter.settings, encounter.distance), seed=seed, threads=threads,
                 first_world=first, defends=[encounter.defends.get(i, "best") for i, _s, _c in encounter.combatants])


_CHUNKS = ChunkWorlds(("out_winner", "out_over", "out_rounds", "out_dice", "out_hp", "out_state", "out_dealt",
                       "out_taken", "out_specials"))
"""This process's worlds for the chunks of a run, built once (:mod:`estoc.engine.reuse`)."""


def outcome(F: Any) -> Outcome:
    """What each world of a chunk came to, from the kernel's outputs: hit points of damage stand for hits, special
    hits taken for criticals."""
    state = array(F, "out_state")
    flags = codes()["outcomes"]
    out = (state & flags["down"]) != 0
    return Outcome(winner=array(F, "out_winner").copy(), over=array(F, "out_over").astype(bool),
                   rounds=array(F, "out_rounds").copy(), out=out, dead=(state & flags["dead"]) != 0,
                   fled=np.zeros_like(out), hits_dealt=array(F, "out_dealt").copy(),
                   hits_taken=array(F, "out_taken").copy(), crits_taken=array(F, "out_specials").copy()[:, :, None])


def play_chunk(encounter: LoadedD100Encounter, worlds: int, seed: np.random.SeedSequence, first: int,
               max_rounds: int, options: Mapping[str, Any] | None = None) -> Outcome:
    """``worlds`` fights (worlds ``first``… of the run) played to their end by the kernel: what each came to."""
    threads = max(1, int((options or {}).get("threads", 1)))
    F = _CHUNKS.get((encounter,), (worlds, threads), lambda: worlds_of(
        encounter, worlds, seed, first=first, threads=threads), kernel().PURPOSES, seed, first)
    kernel_of(F).play_all(F, worlds, max_rounds, threads)
    return outcome(F)


# --- the plans a combatant could follow (balance studies) -----------------------------------------------------------

SEARCHED = ("best", "dodge")
"""The defences a balance study tries for everyone: the best allowed (a parry first) and a dodge first. A parry
first is the best allowed, and no defence is never better than a dodge: they are tried only as a member's own."""


def _defence_words(defence: str) -> str:
    return {"best": _("parries where it can, else dodges"), "parry": _("parries where it can, else dodges"),
            "dodge": _("dodges where it can, else parries"), "none": _("never defends")}[defence]


def _defence_variant(side: int, member: int, defence: str) -> PlanVariant:
    # The best allowed is the default: its variant removes the member's key.
    value = None if defence == "best" else defence
    return PlanVariant(f"defence:{defence}", lambda: _defence_words(defence),
                       ((("sides", side, "members", member, "defence"), value),))


def plan_space(encounter: LoadedD100Encounter) -> tuple[PlanAxis, ...]:
    """Each member's candidate defences (5.6 « Parade », 5.7 « Esquive »: which the defender opposes to a blow, as
    the kernel's :func:`~estoc.systems.d100.kernel.preferred` honours it): :data:`SEARCHED`, and its own where that is
    neither; one axis a member of the setup (a member counted several times shares one). ``estoc balance --side``
    picks whose are searched."""
    axes = []
    combatants = iter(encounter.combatants)
    for i, side in enumerate(encounter.setup["sides"]):
        for j, member in enumerate(side["members"]):
            mine = [next(combatants) for _n in range(int(member.get("count", 1)))]
            _cid, side_id, combatant = mine[0]
            own = member.get("defence", "best")
            defences = [*SEARCHED, *(() if own in SEARCHED else (own,))]
            name = dict(combatant.name) if len(mine) == 1 else {
                lang: f"{text} … {mine[-1][2].name.get(lang, '')}" for lang, text in combatant.name.items()}
            axes.append(PlanAxis(",".join(c for c, _s, _c in mine), name, side_id,
                                 tuple(_defence_variant(i, j, d) for d in defences), defences.index(own)))
    return tuple(axes)


def habits(setup: dict[str, Any], content: Content, side: str
           ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """The default policy's rivals (:mod:`estoc.sim.default_plans`): the setup with no member's ``defence`` (the
    best the rules allow), against every member of ``side`` preferring to dodge."""
    default = members_without(setup, ("defence",))
    axes = plan_space(load_d100_encounter(default, SETUP_PATH, content))
    plan = habit_setup(default, axes, side, lambda _axis: "defence:dodge")
    return default, [("defence:dodge", plan)] if plan is not None else []


class D100Sim:
    """The d100 system in the simulation protocol."""

    id = "d100"
    marks = MARKS
    task_ids: tuple[str, ...] = ()
    settings = (
        SettingSpec("fumble_from", Whole(90, 101), lambda: _(
            "A roll this high or higher fumbles (100: only 00; 101: never)."),
                    path=("settings", "fumble_from"), read=lambda e: e.settings.fumble_from),
        SettingSpec("dodge_missiles", Switch(), lambda: _(
            "Arrows and thrown weapons may be dodged, at half the skill."),
                    path=("settings", "dodge_missiles"), read=lambda e: e.settings.dodge_missiles),
        SettingSpec("helmet_points", OneOf(("add", "ignore")), lambda: _(
            "A helmet's armour points: added to the armour, or left out."),
            path=("settings", "helmet_points"), read=lambda e: e.settings.helmet_points),
        SettingSpec("parry_wear", OneOf(("break", "one-point")), lambda: _(
            "A parried blow beyond the parrying item's hit points: breaks it, or costs it one hit point."),
            path=("settings", "parry_wear"), read=lambda e: e.settings.parry_wear),
        SettingSpec("special_rounding", OneOf(("nearest", "down", "up")), lambda: _(
            "A special success: a roll at or under a fifth of the chance, rounded to the nearest, down or up."),
            path=("settings", "special_rounding"), read=lambda e: e.settings.special_rounding),
        SettingSpec("parried_excess", OneOf(("armour", "body")), lambda: _(
            "What gets past a parry: the armour stops its points as well, or the body takes it whole."),
            path=("settings", "parried_excess"), read=lambda e: e.settings.parried_excess),
        SettingSpec("hp_rounding", OneOf(("up", "down")), lambda: _(
            "Hit points: the mean of CON and SIZ rounded up, or down."),
            path=("settings", "hp_rounding"), read=lambda e: e.settings.hp_rounding),
        SettingSpec("ready_weapon", OneOf(("free", "action")), lambda: _(
            "Taking another weapon in hand: free, with the blow, or the combatant's action for the round."),
            path=("settings", "ready_weapon"), read=lambda e: e.settings.ready_weapon),
        SettingSpec("distance", Whole(0, MAX_DISTANCE, none=("none", "aucune")), lambda: _(
            "Metres between the sides (none: within range)."),
            path=("distance",), read=lambda e: e.distance),
    )

    def read_encounter(self, setup: dict[str, Any], content: Content) -> LoadedD100Encounter:
        return load_d100_encounter(setup, SETUP_PATH, content)

    def prepare(self, content: Content) -> None:
        return None  # the encounter carries its outcomes table

    def play_chunk(self, encounter: LoadedD100Encounter, prepared: None, worlds: int, seed: np.random.SeedSequence,
                   first: int, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        return play_chunk(encounter, worlds, seed, first, max_rounds, options)

    def describe(self, settings: Mapping[str, Any], number: NumberFormat) -> str:
        distance = settings.get("distance")
        return _("fumbles from {fumble}, arrows and thrown weapons dodged: {dodge}, helmets: {helmet}, distance: "
                 "{distance}").format(
            fumble=settings["fumble_from"], dodge=_("yes") if settings["dodge_missiles"] else _("no"),
            helmet=_("added to the armour") if settings["helmet_points"] == "add" else _("left out"),
            distance=_("{n} m").format(n=distance) if distance is not None else _("within range"))

    def marks_title(self) -> str:
        return _("Special hits taken: chance of at least one")

    def mark_name(self, mark: str) -> str:
        return _("special hit")

    def task_name(self, task_id: str) -> dict[str, str]:
        return {"fr": task_id, "en": task_id}

    def habits(self, setup: dict[str, Any], content: Content, side: str
               ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
        return habits(setup, content, side)

    def plan_space(self, encounter: LoadedD100Encounter) -> tuple[PlanAxis, ...]:
        return plan_space(encounter)


SIM: SimSystem[LoadedD100Encounter, None] = D100Sim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
