"""Simulation plays the same One Ring fights as play, seed for seed: the fight play makes of an encounter (its
``seed`` included), drawing world ``w``'s keyed dice, is world ``w`` of the simulation run on that seed, down to
each combatant's endurance lost and dealt, wounds, fate and tasks (as ``tests/play/test_batch.py`` shows
for HARP).

Play's stored fights draw each command's dice from the seed and the command's number (so that a fight is
reproducible and undo/redo stay exact), not from a world's keyed stream; what makes play a world of the simulation is
the dice source: :class:`estoc.systems.tor.sim.WorldDice` is world ``w``'s keyed stream, drawn one die at a time as
play draws them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from estoc.content.loader import read_yaml
from estoc.content.registry import Content
from estoc.play.tor import TorPlay
from estoc.systems.tor import sim
from estoc.systems.tor.encounter import SETUP_PATH, load_tor_encounter
from estoc.systems.tor.fight import TorFight
from estoc.systems.tor.names import TASK_IDS
from estoc.systems.tor.worlds import array

FORD = Path(__file__).resolve().parents[2] / "src" / "estoc" / "play" / "samples" / "gue.yaml"
MAX_ROUNDS = 100
WORLDS = 4


@pytest.fixture(scope="module")
def tor(content: Content) -> TorPlay:
    return TorPlay(content)


@pytest.fixture(scope="module")
def ford() -> dict[str, Any]:
    return dict(read_yaml(FORD))


def played(tor: TorPlay, encounter: dict[str, Any], seed: int, w: int) -> TorFight:
    """Play's fight of ``encounter`` (seed ``seed``), every decision the default policy's, on world ``w``'s dice."""
    fight = tor.new_fight({"encounter": encounter, "seed": seed})
    dice = sim.WorldDice(seed, w)
    fight.apply({"type": "begin"}, dice)
    while not fight.is_over() and fight.round <= MAX_ROUNDS:
        fight.apply(fight.auto_event(), dice)
    return fight


@pytest.mark.parametrize(("seed", "w"), [(0, 0), (1, 3), (2, 1), (3, 2), (4, 0), (5, 3)])
def test_one_world_of_a_simulation_is_the_fight_of_play(tor: TorPlay, content: Content, ford: dict[str, Any],
                                                       seed: int, w: int) -> None:
    run = sim.play_chunk(load_tor_encounter(ford, SETUP_PATH, content), WORLDS, seed, 0, MAX_ROUNDS)
    fight = played(tor, ford, seed, w)
    assert fight.is_over() and bool(run.over[w])
    winner = fight.winner()
    assert int(run.winner[w]) == (-1 if winner is None else ["heroes", "adversaries"].index(winner))
    assert int(run.rounds[w]) == fight.round
    summary = fight.summary()["combatants"]
    assert run.hits_dealt[w].tolist() == [row["endurance_dealt"] for row in summary]
    assert run.hits_taken[w].tolist() == [row["endurance_taken"] for row in summary]
    assert run.crits_taken[w, :, 0].tolist() == array(fight.F, "wounds")[0].tolist()
    for c in range(len(summary)):
        assert bool(run.out[w, c]) == (not fight.standing(c)), summary[c]["id"]
    assert run.tasks_tried is not None and run.tasks_worked is not None
    assert run.tasks_tried[w].tolist() == array(fight.F, "tried")[0].tolist()
    assert run.tasks_worked[w].tolist() == array(fight.F, "worked")[0].tolist()
    assert len(TASK_IDS) == run.tasks_tried.shape[2]

