"""Simulation of d100 encounters: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`); :func:`play_chunk` plays a chunk of worlds with the batch
(:class:`~estoc.systems.d100.batch.BatchFight`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from estoc.content.registry import Content
from estoc.dice import KeyedDice
from estoc.engine.simulation import NumberFormat, OneOf, Outcome, SettingSpec, SimSystem, Switch, Whole
from estoc.i18n import _
from estoc.systems.d100.batch import BatchFight, BatchResult
from estoc.systems.d100.encounter import SETUP_PATH, LoadedD100Encounter, load_d100_encounter

MARKS = ("special",)
"""What :attr:`Outcome.crits_taken` counts: special hits."""
MAX_DISTANCE = 100_000


def outcome(result: BatchResult) -> Outcome:
    """A batch's worlds: the hit points of damage stand for hits, special hits taken for criticals."""
    state = result.state
    out = np.asarray(state.unconscious | state.dead | (state.hp <= 0), dtype=np.bool_)
    return Outcome(winner=result.winner, over=np.asarray(result.over, dtype=np.bool_), rounds=result.rounds,
                   out=out, dead=np.asarray(state.dead, dtype=np.bool_), fled=np.zeros_like(out),
                   hits_dealt=result.tally.damage_dealt, hits_taken=result.tally.damage_taken,
                   crits_taken=result.tally.specials_taken[:, :, None])


def play_chunk(encounter: LoadedD100Encounter, worlds: int, seed: np.random.SeedSequence, first: int,
               max_rounds: int) -> Outcome:
    """``worlds`` fights played to their end with the keyed dice of ``seed``."""
    dice = KeyedDice(seed, worlds, first=first)
    fight = BatchFight(encounter.outcomes, [c for _i, _s, c in encounter.combatants],
                       [s for _i, s, _c in encounter.combatants], worlds, settings=encounter.settings,
                       distance=encounter.distance)
    return outcome(fight.play(dice, max_rounds))


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
        return play_chunk(encounter, worlds, seed, first, max_rounds)

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


SIM: SimSystem[LoadedD100Encounter, None] = D100Sim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
