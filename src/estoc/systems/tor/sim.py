"""Simulation of the One Ring house rules: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`, :data:`SIM`).

:func:`play_worlds` plays a chunk of worlds at once with the batch (:class:`~estoc.systems.tor.batch.BatchFight`);
:func:`play_worlds_in_play` plays them one by one with play's own fight (:class:`~estoc.systems.tor.fight.TorFight`)
and its default policy, the reference the batch is tested against (the two agree in distribution, not die for die:
they draw their dice in different orders).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from estoc.content.registry import Content
from estoc.dice import KeyedDice
from estoc.engine.simulation import NumberFormat, Outcome, SettingSpec, SimSystem, Switch
from estoc.i18n import _
from estoc.systems.tor.batch import BatchFight
from estoc.systems.tor.encounter import SETUP_PATH, LoadedTorEncounter, load_tor_encounter
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.round import TASK_IDS, task

EVENTS_PER_ROUND = 200
"""A safety bound on the policy's events in one round (a fight that loops is a bug, not a long fight)."""


def batch_of(encounter: LoadedTorEncounter, worlds: int) -> BatchFight:
    """``worlds`` fresh copies of the encounter's fight."""
    return BatchFight([(h, s) for _i, h, s in encounter.heroes], [a for _i, a in encounter.adversaries], worlds,
                      tasks=encounter.tasks, volleys=encounter.volleys,
                      plans=[encounter.plans.get(i, ()) for i, _h, _s in encounter.heroes], load=encounter.load,
                      complications=[encounter.complications.get(i, 0) for i, _h, _s in encounter.heroes])


def play_worlds(encounter: LoadedTorEncounter, worlds: int, seed: np.random.SeedSequence,
                max_rounds: int, first: int = 0) -> Outcome:
    """``worlds`` fights of the encounter, played together on keyed dice (worlds ``first``… of the run)."""
    fight = batch_of(encounter, worlds)
    result = fight.play(KeyedDice(seed, worlds, first=first), max_rounds)
    state, tally = result.state, result.tally
    out = ~fight.up()
    return Outcome(winner=result.winner, over=result.over, rounds=result.rounds, out=out,
                   dead=np.asarray(state.wounds >= result.limit, dtype=np.bool_), fled=np.zeros_like(out),
                   hits_dealt=tally.dealt, hits_taken=tally.taken, crits_taken=state.wounds[:, :, None].copy(),
                   tasks_tried=tally.tasks, tasks_worked=tally.worked)


def play_worlds_in_play(encounter: LoadedTorEncounter, worlds: int, seed: np.random.SeedSequence,
                        max_rounds: int) -> Outcome:
    """``worlds`` fights of the encounter, each one play's fight on its own keyed dice (slow: a reference)."""
    heroes = [(h, s, True) for _i, h, s in encounter.heroes]
    foes = [a for _i, a in encounter.adversaries]
    count = len(heroes) + len(foes)
    winner = np.full(worlds, -1, dtype=np.int64)
    over = np.zeros(worlds, dtype=np.bool_)
    rounds = np.zeros(worlds, dtype=np.int64)
    out = np.zeros((worlds, count), dtype=np.bool_)
    dead = np.zeros((worlds, count), dtype=np.bool_)
    dealt = np.zeros((worlds, count), dtype=np.int64)
    taken = np.zeros((worlds, count), dtype=np.int64)
    wounds = np.zeros((worlds, count, 1), dtype=np.int64)
    tried = np.zeros((worlds, count, len(TASK_IDS)), dtype=np.int64)
    worked = np.zeros((worlds, count, len(TASK_IDS)), dtype=np.int64)
    # The children spawn() would give, built without spawning: spawning mutates ``seed``.
    keys = [np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, w), pool_size=seed.pool_size)
            for w in range(worlds)]
    for w in range(worlds):
        fight = TorFight.start(heroes, foes, tasks=encounter.tasks, volleys=encounter.volleys, load=encounter.load,
                               complications=encounter.complications, plans=encounter.plans)
        dice = KeyedDice(keys[w], 1)
        fight.apply({"type": "begin"}, dice)
        steps = 0
        while not fight.is_over() and fight.round <= max_rounds and steps < EVENTS_PER_ROUND * (max_rounds + 1):
            for record in fight.apply(fight.auto_event(), dice):
                if record["kind"] in ("task", "yield"):
                    k = TASK_IDS.index(record.get("task", "ceder-terrain"))
                    tried[w, fight.index(record["actor"]), k] += 1
                    worked[w, fight.index(record["actor"]), k] += record.get("success", True)
            steps += 1
        over[w] = fight.is_over()
        side = fight.winner() if fight.is_over() else None
        winner[w] = -1 if side is None else (0 if side == "heroes" else 1)
        rounds[w] = min(fight.round, max_rounds)
        for c in range(count):
            out[w, c] = not fight.standing(c)
            dead[w, c] = fight.dying(c) or (not fight.hero(c) and fight.wounds[c] >= fight.combatants[c].might)
            dealt[w, c] = fight.tally[c].endurance_dealt
            taken[w, c] = fight.tally[c].endurance_taken
            wounds[w, c, 0] = fight.wounds[c]
    return Outcome(winner=winner, over=over, rounds=rounds, out=out, dead=dead, fled=np.zeros_like(out),
                   hits_dealt=dealt, hits_taken=taken, crits_taken=wounds, tasks_tried=tried, tasks_worked=worked)


def _task_setting(task_id: str) -> SettingSpec:
    return SettingSpec(f"tor.tasks.{task_id}", Switch("on-off"), lambda: _(
        "A combat task switched on or off; TASK is one of {tasks}.").format(tasks=", ".join(TASK_IDS)),
        path=("settings", "tasks", task_id), read=lambda e: e.tasks[task_id], family="tor.tasks.TASK")


class TorSim:
    """The One Ring house rules in the simulation protocol."""

    id = "tor"
    marks = ("wound",)
    task_ids = TASK_IDS
    settings = (
        SettingSpec("tor.load", Switch("on-off"), lambda: _("A hero whose endurance falls to its load is weary."),
                    path=("settings", "load"), read=lambda e: e.load),
        *(_task_setting(task_id) for task_id in TASK_IDS),
    )

    def read_encounter(self, setup: dict[str, Any], content: Content) -> LoadedTorEncounter:
        return load_tor_encounter(setup, SETUP_PATH, content)

    def prepare(self, content: Content) -> None:
        return None  # the encounter carries its combatants' numbers

    def play_chunk(self, encounter: LoadedTorEncounter, prepared: None, worlds: int, seed: np.random.SeedSequence,
                   first: int, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        return play_worlds(encounter, worlds, seed, max_rounds, first)

    def describe(self, settings: Mapping[str, Any], number: NumberFormat) -> str:
        off = [key.removeprefix("tor.tasks.") for key, on in settings.items() if key.startswith("tor.tasks.")
               and not on]
        return _("combat tasks switched off: {tasks}").format(tasks=", ".join(off) or _("none"))

    def marks_title(self) -> str:
        return _("Wounds taken: chance of at least one")

    def mark_name(self, mark: str) -> str:
        return _("wound")

    def task_name(self, task_id: str) -> dict[str, str]:
        found = task(task_id)
        return {"fr": found.name_fr, "en": found.name_en}


SIM: SimSystem[LoadedTorEncounter, None] = TorSim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
