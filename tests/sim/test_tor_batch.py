"""The batch of the One Ring house rules against play: the same fights in distribution (win rate, length, endurance
lost, wounds, with every task of the heroes' plans in use), each world independent of the others (keyed dice,
compaction), and the rules that a batch applies world by world."""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.dice import KeyedDice, ScriptedDice
from estoc.sim.runner import encounter_of, load_any_encounter
from estoc.sim.tally import Outcome
from estoc.systems.tor.batch import BatchFight
from estoc.systems.tor.batch_tasks import try_task
from estoc.systems.tor.encounter import LoadedTorEncounter
from estoc.systems.tor.exchange import Combatant
from estoc.systems.tor.round import TASK_IDS, task
from estoc.systems.tor.sim import batch_of, play_worlds, play_worlds_in_play

GUE = Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml")))

SKIRMISH = {
    "schema_version": 1, "system": "tor", "kind": "encounter", "name": {"fr": "Escarmouche", "en": "Skirmish"},
    "heroes": [
        {"hero": "eirik-de-dale", "stance": "forward", "tasks": ["deux-armes", "ceder-terrain"]},
        {"hero": "hamfrey-pied-leger", "stance": "open", "tasks": ["attaque-surprise", "rallier"]},
        {"hero": "grani-barbe-grise", "stance": "defensive", "tasks": ["proteger"]},
        {"hero": "maelor-le-rodeur", "stance": "rearward", "tasks": ["escarmouche"]},
    ],
    "adversaries": [{"adversary": "orc-soldat", "count": 3}, {"adversary": "orc-archer", "count": 2}],
}


@pytest.fixture(scope="module")
def ford(content: Content) -> LoadedTorEncounter:
    encounter = load_any_encounter(GUE, content)
    assert isinstance(encounter, LoadedTorEncounter)
    return encounter


@pytest.fixture(scope="module")
def skirmish(content: Content) -> LoadedTorEncounter:
    encounter = encounter_of(SKIRMISH, content)
    assert isinstance(encounter, LoadedTorEncounter)
    return encounter


def agree(batch: Outcome, play: Outcome) -> None:
    """The batch's means within four standard errors of play's, for what a simulation reports, and for how often
    each hero tries each task and succeeds."""
    assert batch.tasks_tried is not None and play.tasks_tried is not None
    assert batch.tasks_worked is not None and play.tasks_worked is not None
    checks = [("win", batch.winner == 0, play.winner == 0), ("rounds", batch.rounds, play.rounds),
              ("endurance lost by the heroes", batch.hits_taken[:, :4].sum(1), play.hits_taken[:, :4].sum(1)),
              ("wounds", batch.crits_taken.sum((1, 2)), play.crits_taken.sum((1, 2)))]
    for h, k in zip(*np.nonzero(batch.tasks_tried.sum(0) + play.tasks_tried.sum(0)), strict=True):
        checks.append((f"tries of {TASK_IDS[k]} by {h}", batch.tasks_tried[:, h, k], play.tasks_tried[:, h, k]))
        checks.append((f"successes of {TASK_IDS[k]} by {h}", batch.tasks_worked[:, h, k],
                       play.tasks_worked[:, h, k]))
    assert len(checks) > 10
    for name, a, b in checks:
        x, y = np.asarray(a, float), np.asarray(b, float)
        error = np.sqrt(x.var() / x.size + y.var() / y.size)
        assert abs(x.mean() - y.mean()) <= 4 * error + 1e-9, (name, x.mean(), y.mean(), error)


@pytest.mark.parametrize("which", ["ford", "skirmish"])
def test_the_batch_plays_plays_rules(which: str, request: pytest.FixtureRequest) -> None:
    encounter: LoadedTorEncounter = request.getfixturevalue(which)
    batch = play_worlds(encounter, 4000, np.random.SeedSequence(11), 100)
    play = play_worlds_in_play(encounter, 160, np.random.SeedSequence(12), 100)
    agree(batch, play)


@pytest.mark.parametrize("which", ["ford", "skirmish"])
def test_every_planned_task_is_used(which: str, request: pytest.FixtureRequest) -> None:
    encounter: LoadedTorEncounter = request.getfixturevalue(which)
    fight = batch_of(encounter, 500)
    result = fight.play(KeyedDice(np.random.SeedSequence(5), 500), 100)
    for h, plan in enumerate(fight.plans):
        stance = encounter.heroes[h][2]
        for t in plan:
            if task(t).stance not in ("other", stance):  # a task of another stance waits for it
                assert result.tally.tasks[:, h, TASK_IDS.index(t)].sum() == 0
                continue
            k = TASK_IDS.index(t)
            assert result.tally.tasks[:, h, k].sum() > 0, (fight.people[h].id, t)
            if t not in ("deux-armes", "escarmouche", "ceder-terrain"):  # rolls that can fail
                assert 0 < result.tally.worked[:, h, k].sum() < result.tally.tasks[:, h, k].sum()


def test_a_world_does_not_depend_on_the_others(ford: LoadedTorEncounter) -> None:
    """Keyed dice and compaction: world w plays the same fight in a batch of 40 as in a batch of 400."""
    small = play_worlds(ford, 40, np.random.SeedSequence(3), 100)
    large = play_worlds(ford, 400, np.random.SeedSequence(3), 100)
    for field in ("winner", "rounds", "hits_taken", "crits_taken"):
        assert np.array_equal(getattr(small, field), getattr(large, field)[:40]), field


def test_a_task_switched_off_is_never_used(ford: LoadedTorEncounter) -> None:
    off = dataclasses.replace(ford, tasks={**ford.tasks, "intimider": False, "contre-attaque": False})
    fight = batch_of(off, 300)
    result = fight.play(KeyedDice(np.random.SeedSequence(2), 300), 100)
    for t in ("intimider", "contre-attaque"):
        assert result.tally.tasks[:, :, TASK_IDS.index(t)].sum() == 0
    assert result.tally.tasks.sum() > 0


def test_no_plan_no_task_and_a_plain_duel(content: Content) -> None:
    duel = encounter_of({**SKIRMISH, "heroes": [{"hero": "eirik-de-dale", "stance": "open", "tasks": []}],
                         "adversaries": [{"adversary": "orc-soldat"}]}, content)
    assert isinstance(duel, LoadedTorEncounter)
    fight = batch_of(duel, 1000)
    result = fight.play(KeyedDice(np.random.SeedSequence(9), 1000), 100)
    assert result.tally.tasks.sum() == 0
    assert result.over.all() and set(np.unique(result.winner)) <= {0, 1}
    # Only the one who fell lost: the winner stands in every world, the loser in none.
    up = fight.up()
    assert np.array_equal(up[:, 0], result.winner == 0) and np.array_equal(up[:, 1], result.winner == 1)
    # What one dealt, the other took.
    assert np.array_equal(result.tally.dealt[:, 0], result.tally.taken[:, 1])
    assert np.array_equal(result.tally.dealt[:, 1], result.tally.taken[:, 0])


def test_the_rear_closes_when_the_heroes_are_too_few(content: Content) -> None:
    """Two heroes, one at the rear: the rear needs two in close combat for it, so the archer goes open at once."""
    few = encounter_of({**SKIRMISH, "heroes": [{"hero": "eirik-de-dale", "stance": "forward"},
                                               {"hero": "faelwen-de-lindon", "stance": "rearward"}],
                        "adversaries": [{"adversary": "orc-soldat"}], "volleys": False}, content)
    assert isinstance(few, LoadedTorEncounter)
    fight = batch_of(few, 50)
    fight.start_round()
    fight.stances()
    assert (fight.state.stance[:, 1] == 1).all()  # open
    fight.engage()
    assert fight.state.engaged[:, :, 0].all()  # both heroes on the one orc


# --- the batch's rules, on typed dice -----------------------------------------------------------------------------

def duel(content: Content, plan: tuple[str, ...] = (), stance: str = "open", endurance: int | None = None,
         load: bool = False, hero: str = "eirik-de-dale") -> BatchFight:
    """A hero (Eirik) and an orc soldier engaged, one world, the round begun (nothing rolled yet)."""
    eirik = Combatant.from_content(content, hero)
    if endurance is not None:
        eirik = dataclasses.replace(eirik, endurance=endurance)
    fight = BatchFight([(eirik, stance)], [Combatant.from_content(content, "orc-soldat")], 1, tasks={},
                       volleys=False, plans=[plan], load=load)
    fight.start_round()
    fight.stances()
    fight.engage()
    assert fight.state.engaged[0, 0, 0]
    return fight


ONE = np.ones(1, np.bool_)


def test_the_batch_yields_ground_when_a_blow_would_fell_the_hero(content: Content) -> None:
    damage = Combatant.from_content(content, "orc-soldat").weapons[0].damage
    for plan, left in (((), 0), (("ceder-terrain",), damage - (damage + 1) // 2)):
        fight = duel(content, plan, endurance=damage)
        fight.adversary_turn(ScriptedDice({"attack": [9], "attack-success": [5, 5]}), 1, ONE)
        assert fight.state.endurance[0, 0] == left
        assert fight.state.regain[0, 0] == bool(plan) and fight.state.yielded[0, 0] == bool(plan)


@pytest.mark.parametrize(("tengwar", "wounds", "endurance_lost"), [(0, 0, True), (2, 1, False)])
def test_the_batch_counter_attacks_a_miss(content: Content, tengwar: int, wounds: int, endurance_lost: bool) -> None:
    """Counter-attack with no tengwar: the hero's damage; with two, a wound when the protection roll fails."""
    fight = duel(content, ("contre-attaque",), stance="defensive", hero="aldric-de-bree")
    intuition = fight.people[0].skills.get("intuition", 0)
    faces = ([6] * tengwar + [5] * intuition)[:intuition]
    try_task(fight, ScriptedDice({"task": [10], "task-success": faces}), 0, "contre-attaque", ONE)
    assert fight.state.counter_left[0, 0] == 1 and fight.state.counter_wound[0, 0] == (tengwar >= 2)
    orc = fight.people[1]
    fight.adversary_turn(ScriptedDice({"attack": [1], "attack-success": [1], "protection": [1],
                                       "protection-success": [1, 1]}), 1, ONE)  # a miss, then a failed protection
    lost = orc.endurance - int(fight.state.endurance[0, 1])
    assert lost == (fight.people[0].weapons[0].damage if endurance_lost else 0)
    assert int(fight.state.wounds[0, 1]) == wounds and fight.state.counter_left[0, 0] == 0


def test_the_batch_tires_a_hero_at_its_load(content: Content) -> None:
    """At its load the hero rolls weary: its 3s count for nothing (and not above its load)."""
    load = Combatant.from_content(content, "eirik-de-dale").load
    for endurance, weary in ((load, True), (load + 1, False)):
        fight = duel(content, endurance=endurance, load=True)
        assert bool(fight.loaded(np.arange(1), 0)[0]) == weary
        before = int(fight.state.endurance[0, 1])
        fight.hero_attack(ScriptedDice({"attack": [9], "attack-success": [3, 3, 3]}), 0, ONE)
        hit = before != int(fight.state.endurance[0, 1])
        assert hit != weary  # 9 + 9 hits the orc (TN 16), 9 + 0 does not
