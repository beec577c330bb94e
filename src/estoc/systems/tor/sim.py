"""Simulation of the One Ring house rules: the system's side of the simulation protocol
(:class:`~estoc.engine.simulation.SimSystem`, :data:`SIM`).

:func:`play_chunk` builds the kernel's worlds for a chunk (:mod:`.worlds`) and plays them with
:func:`estoc.systems.tor.kernel.play_all`: every rule and every decision is the kernel's, the same as at the table
(world ``i`` of a run played at the table on its keyed dice is the same fight).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any

import numpy as np

from estoc.content.registry import Content
from estoc.dice import DiceSource, KeyedDice
from estoc.engine.reuse import ChunkWorlds
from estoc.engine.simulation import NumberFormat, Outcome, PlanAxis, PlanVariant, SettingSpec, SimSystem, Switch
from estoc.i18n import _, language
from estoc.systems.tor.codes import OUT_DEAD, OUT_DOWN
from estoc.systems.tor.encounter import SETUP_PATH, LoadedTorEncounter, load_tor_encounter
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.names import AIMS, CLOSE, HOPE_USES, TASK_IDS, Aim, HopeUse, Stance, task
from estoc.systems.tor.worlds import Settings, array, build, kernel, kernel_of


def settings_of(encounter: LoadedTorEncounter) -> Settings:
    return Settings(tasks=encounter.tasks, load=encounter.load, volleys=encounter.volleys, fatal=encounter.fatal,
                    complications=encounter.complications, plans=encounter.plans, hope_use=encounter.hope_use,
                    aims=encounter.aims, rear_free=encounter.rear_free, hope=encounter.hope)


def worlds_of(encounter: LoadedTorEncounter, worlds: int, seed: Any, *, first: int = 0, threads: int = 1,
              kernel_module: Any = None) -> Any:
    """The kernel's worlds for a chunk of the encounter's fights."""
    return build([(h, s) for _i, h, s in encounter.heroes], [a for _i, a in encounter.adversaries], worlds,
                 settings=settings_of(encounter), seed=seed, threads=threads, first_world=first,
                 kernel_module=kernel_module)


_CHUNKS = ChunkWorlds(("out_winner", "out_rounds", "out_over", "out_dice", "out_state", "out_dealt", "out_taken",
                       "out_wounds", "out_tried", "out_worked"))
"""This process's worlds for the chunks of a run, built once (:mod:`estoc.engine.reuse`)."""


def outcome(F: Any) -> Outcome:
    """What each world of a chunk came to, from the kernel's outputs."""
    state = array(F, "out_state")
    out = (state & OUT_DOWN) != 0
    return Outcome(winner=array(F, "out_winner").copy(), over=array(F, "out_over").astype(np.bool_),
                   rounds=array(F, "out_rounds").copy(), out=out, dead=(state & OUT_DEAD) != 0,
                   fled=np.zeros_like(out), hits_dealt=array(F, "out_dealt").copy(),
                   hits_taken=array(F, "out_taken").copy(), crits_taken=array(F, "out_wounds")[:, :, None].copy(),
                   tasks_tried=array(F, "out_tried").copy(), tasks_worked=array(F, "out_worked").copy())


def play_chunk(encounter: LoadedTorEncounter, worlds: int, seed: Any, first: int, max_rounds: int,
               threads: int = 1, kernel_module: Any = None) -> Outcome:
    """``worlds`` fights (worlds ``first``… of the run) played to their end by the kernel."""
    K = kernel_module or kernel()
    F = _CHUNKS.get((encounter, K), (worlds, threads), lambda: worlds_of(
        encounter, worlds, seed, first=first, threads=threads, kernel_module=K), K.PURPOSES, seed, first)
    kernel_of(F).play_all(F, worlds, max_rounds, threads)
    return outcome(F)


class WorldDice(DiceSource):
    """World ``w``'s keyed streams of a run, drawn one die at a time as play draws them."""

    def __init__(self, seed: Any, world: int) -> None:
        super().__init__()
        self.keyed, self.world = KeyedDice(seed, world + 1), np.array([world])

    def _draw(self, sides: int, n: int, purpose: str, worlds: Any) -> tuple[Any, list[bool]]:
        return self.keyed.draw(sides, n, purpose, self.world), [False] * n


def play_worlds_in_play(encounter: LoadedTorEncounter, worlds: int, seed: Any, max_rounds: int,
                        first: int = 0) -> Outcome:
    """``worlds`` fights of the encounter, each played at the table (the kernel on one world, driven event by
    event with its default policy) on world ``first + i``'s keyed dice: the same fights as :func:`play_chunk`."""
    count = len(encounter.heroes) + len(encounter.adversaries)
    winner = np.full(worlds, -1, dtype=np.int64)
    over = np.zeros(worlds, dtype=np.bool_)
    rounds = np.zeros(worlds, dtype=np.int64)
    state = np.zeros((worlds, count), dtype=np.int64)
    dealt = np.zeros((worlds, count), dtype=np.int64)
    taken = np.zeros((worlds, count), dtype=np.int64)
    wounds = np.zeros((worlds, count, 1), dtype=np.int64)
    tried = np.zeros((worlds, count, len(TASK_IDS)), dtype=np.int64)
    worked = np.zeros((worlds, count, len(TASK_IDS)), dtype=np.int64)
    # lazy: play's One Ring fight loads only when a chunk is played through it, not with every simulation.
    from estoc.systems.tor.fight import TorFight

    for i in range(worlds):
        fight = TorFight.of_encounter(encounter)
        fight.F.logging = 0
        dice = WorldDice(seed, first + i)
        fight.apply({"type": "begin"}, dice)
        while not fight.is_over() and fight.round <= max_rounds:
            fight.apply(fight.auto_event(), dice)
        F = fight.F
        over[i] = fight.is_over()
        winner[i] = int(fight.K.py_winner(F, 0))
        rounds[i] = min(fight.round, max_rounds)
        for c in range(count):
            state[i, c] = (0 if fight.standing(c) else OUT_DOWN) | (
                OUT_DEAD if fight.value("dying", c) or (not fight.hero(c) and fight.value("wounds", c)
                                                       >= fight.combatants[c].might) else 0)
        dealt[i], taken[i] = array(F, "dealt")[0], array(F, "taken")[0]
        wounds[i, :, 0] = array(F, "wounds")[0]
        tried[i], worked[i] = array(F, "tried")[0], array(F, "worked")[0]
    return Outcome(winner=winner, over=over, rounds=rounds, out=(state & OUT_DOWN) != 0, dead=(state & OUT_DEAD) != 0,
                   fled=np.zeros((worlds, count), dtype=np.bool_), hits_dealt=dealt, hits_taken=taken,
                   crits_taken=wounds, tasks_tried=tried, tasks_worked=worked)


# --- the plans a hero could follow (balance studies) ----------------------------------------------------------------

YIELD = "ceder-terrain"
MAX_ORDERED = 3
"""Tasks of one action (main or secondary) tried in every order up to this many; more, in the repertoire's order."""


def _orders(tasks: Sequence[str]) -> list[tuple[str, ...]]:
    """Every subset of ``tasks`` in every order (the policy takes the first whose moment has come), the empty one
    first; beyond :data:`MAX_ORDERED` tasks, the subsets in the given order only."""
    if len(tasks) > MAX_ORDERED:
        return [tuple(t for i, t in enumerate(tasks) if mask >> i & 1) for mask in range(1 << len(tasks))]
    return [order for size in range(len(tasks) + 1) for order in permutations(tasks, size)]


def _stance_words(stance: str) -> str:
    return {"forward": _("forward"), "open": _("open"), "defensive": _("defensive"), "rearward": _("rearward")}[stance]


def _variant(index: int, stance: Stance, tasks: tuple[str, ...]) -> PlanVariant:
    def label() -> str:
        named = [getattr(task(t), "name_fr" if language() == "fr" else "name_en") for t in tasks]
        return _("{stance}: {tasks}").format(stance=_stance_words(stance),
                                             tasks=", ".join(named) if named else _("attacks only"))

    return PlanVariant(f"{stance}:{','.join(tasks) or '-'}", label,
                       ((("heroes", index, "stance"), stance), (("heroes", index, "tasks"), list(tasks))))


def hero_plans(index: int, person: Combatant, stance: Stance, repertoire: Sequence[str],
               enabled: Mapping[str, bool]) -> tuple[tuple[PlanVariant, ...], int]:
    """A hero's candidate plans, and which is the encounter's own: each stance it may take (the rear only with a
    ranged weapon) × the tasks of its repertoire that stance (or any) allows and the fight has on: every subset,
    main tasks and secondary ones each in every order, yield ground in or out. The policy's own rules (a task's
    moment, a bonus waiting for the next attack) stay the kernel's; when it spends Hope and whom it aims at are
    :func:`hero_moments`'."""
    stances: list[Stance] = [*CLOSE, *(("rearward",) if any(w.record.ranged for w in person.weapons) else ())]
    if stance not in stances:
        stances.append(stance)
    variants: list[PlanVariant] = []
    own = tuple(repertoire)
    current = -1
    for s in stances:
        usable = [t for t in dict.fromkeys(repertoire) if task(t).stance in (s, "other") and enabled.get(t, True)]
        mains = [t for t in usable if task(t).action == "main" and t != YIELD]
        seconds = [t for t in usable if task(t).action == "secondary"]
        yields: list[tuple[str, ...]] = [(), (YIELD,)] if YIELD in usable else [()]
        for main in _orders(mains):
            for second in _orders(seconds):
                for y in yields:
                    variants.append(_variant(index, s, (*main, *second, *y)))
        if s == stance:
            # The encounter's own plan: its stance and its tasks as listed (those of other stances are never taken).
            kept = (*(t for t in own if t in mains), *(t for t in own if t in seconds),
                    *((YIELD,) if YIELD in usable and YIELD in own else ()))
            mine = [v for v in variants if v.id == f"{s}:{','.join(kept) or '-'}"]
            if mine:
                current = variants.index(mine[0])
            else:
                variants.append(_variant(index, s, kept))
                current = len(variants) - 1
    return tuple(variants), current


def _hope_words(use: HopeUse) -> str:
    return {"never": _("never spends Hope"), "finishing": _("Hope on a felling blow while half is kept"),
            "turning": _("Hope when the die likely turns a miss into a hit, while half is kept"),
            "attacks": _("Hope on every attack while half is kept"),
            "all": _("Hope on every attack and task roll")}[use]


def _aim_words(aim: Aim) -> str:
    return {"weakest": _("aims at the weakest foe"), "dangerous": _("aims at the most dangerous foe")}[aim]


def _moments_variant(index: int, use: HopeUse, aim: Aim) -> PlanVariant:
    def label() -> str:
        return _("{hope}; {aim}").format(hope=_hope_words(use), aim=_aim_words(aim))

    return PlanVariant(f"hope={use},aim={aim}", label,
                       ((("heroes", index, "spend_hope"), use), (("heroes", index, "aim"), aim)))


def hero_moments(index: int, person: Combatant, use: HopeUse, aim: Aim) -> tuple[tuple[PlanVariant, ...], int]:
    """A hero's candidate moments of the policy: when it spends Hope (:data:`HOPE_USES`; only its own when it has
    none) × whom it attacks and aims its tasks at (:data:`AIMS`); the encounter's own one's index."""
    uses = HOPE_USES if person.hope > 0 else (use,)
    variants = [(u, a) for u in uses for a in AIMS]
    return tuple(_moments_variant(index, u, a) for u, a in variants), variants.index((use, aim))


def plan_space(encounter: LoadedTorEncounter) -> tuple[PlanAxis, ...]:
    """Each hero's candidate plans (:func:`hero_plans`) and, as a second axis (``HERO/moments``), the moments its
    policy uses (:func:`hero_moments`); the adversaries use no tasks and have none."""
    axes = []
    for index, (hid, person, stance) in enumerate(encounter.heroes):
        variants, current = hero_plans(index, person, stance, encounter.plans.get(hid, ()), encounter.tasks)
        axes.append(PlanAxis(hid, dict(person.name), "heroes", variants, current))
        moments, mine = hero_moments(index, person, encounter.hope_use.get(hid, "turning"),
                                     encounter.aims.get(hid, "weakest"))
        name = {"fr": f"{person.name.get('fr', hid)} (Espoir, cible)",
                "en": f"{person.name.get('en', hid)} (Hope, aim)"}
        axes.append(PlanAxis(f"{hid}/moments", name, "heroes", moments, mine))
    return tuple(axes)


def _with_tasks(setup: dict[str, Any], tasks: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(setup))
    for hero in out.get("heroes", []):
        hero["tasks"] = list(tasks)
    return out


def habits(setup: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """The default policy's rivals (:mod:`estoc.sim.default_plans`): the setup with every hero free to take any
    combat task (the policy weighing each, :func:`estoc.systems.tor.kernel.task_gain`), against every hero with
    attacks only and every hero with one task only. Each keeps its ``spend_hope`` and ``aim`` (Hope is a campaign's
    resource, not a habit to measure here)."""
    rivals = [("attacks-only", _with_tasks(setup, ()))]
    rivals += [(f"only:{t}", _with_tasks(setup, (t,))) for t in TASK_IDS]
    return _with_tasks(setup, TASK_IDS), rivals


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
        SettingSpec("tor.fatal_wounds", Switch("on-off"), lambda: _(
            "A hero's first wound rolls the feat die for its severity; the Eye leaves it dying."),
            path=("settings", "fatal_wounds"), read=lambda e: e.fatal),
        SettingSpec("tor.rear_free", Switch("on-off"), lambda: _(
            "The ground lets heroes stay at the rear whatever the numbers (a cliff, the GM's word)."),
            path=("settings", "rear_free"), read=lambda e: e.rear_free),
        SettingSpec("tor.hope", Switch("on-off"), lambda: _(
            "Heroes may spend 1 Hope for one more success die on an attack or a task roll."),
            path=("settings", "hope"), read=lambda e: e.hope),
        *(_task_setting(task_id) for task_id in TASK_IDS),
    )

    def read_encounter(self, setup: dict[str, Any], content: Content) -> LoadedTorEncounter:
        return load_tor_encounter(setup, SETUP_PATH, content)

    def prepare(self, content: Content) -> None:
        return None  # the encounter carries its combatants' numbers

    def play_chunk(self, encounter: LoadedTorEncounter, prepared: None, worlds: int, seed: np.random.SeedSequence,
                   first: int, max_rounds: int, options: Mapping[str, Any]) -> Outcome:
        return play_chunk(encounter, worlds, seed, first, max_rounds, max(1, int(options.get("threads", 1))))

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

    def habits(self, setup: dict[str, Any], content: Content, side: str
               ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
        return habits(setup)

    def plan_space(self, encounter: LoadedTorEncounter) -> tuple[PlanAxis, ...]:
        return plan_space(encounter)


SIM: SimSystem[LoadedTorEncounter, None] = TorSim()
"""This system in the simulation protocol (found by :func:`~estoc.systems.base.find_sim_system`)."""
