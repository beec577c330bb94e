"""Simulation of d100 encounters: one world of the batch is play's fight; the runner, workers, comparisons and the
command line work as for HARP; a HARP setting is refused."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from estoc.cli import main
from estoc.content.registry import Content
from estoc.dice import SeededDice
from estoc.errors import InputError
from estoc.sim import compare, simulate, summarize
from estoc.sim.runner import load_any_encounter
from estoc.sim.summary import summarize_comparison
from estoc.systems.d100.batch import BatchFight
from estoc.systems.d100.encounter import LoadedD100Encounter
from estoc.systems.d100.play import D100Play

BRIDGE = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))


@pytest.fixture(scope="module")
def bridge(content: Content) -> LoadedD100Encounter:
    encounter = load_any_encounter(BRIDGE, content)
    assert isinstance(encounter, LoadedD100Encounter)
    return encounter


def test_one_world_is_the_fight_of_play(content: Content, bridge: LoadedD100Encounter) -> None:
    system = D100Play(content)
    for seed in range(6):
        fight = system.new_fight({"encounter": bridge.setup, "seed": seed})
        dice = SeededDice(seed)
        fight.apply({"type": "begin"}, dice)
        while not fight.is_over():
            fight.apply(fight.auto_event(), dice)
        batch = BatchFight(bridge.outcomes, [c for _i, _s, c in bridge.combatants],
                           [s for _i, s, _c in bridge.combatants], 1, settings=bridge.settings,
                           distance=bridge.distance)
        result = batch.play(SeededDice(seed))
        assert result.state.hp[0].tolist() == fight.state.hp[0].tolist()
        assert int(result.rounds[0]) == fight.round
        winner = fight.winner()
        sides = list(dict.fromkeys(s for _i, s, _c in bridge.combatants))
        assert int(result.winner[0]) == (sides.index(winner) if winner else -1)


def test_the_same_for_one_and_two_workers(content: Content, bridge: LoadedD100Encounter) -> None:
    one = summarize(simulate(bridge, content, 600, seed=3, chunk=200))
    two = summarize(simulate(bridge, content, 600, seed=3, chunk=200, workers=2))
    assert one == two
    assert sum(s.win.count for s in one.sides) + one.draw.count + one.undecided.count == 600
    assert list(one.combatants[0].crit_taken) == ["special"]


def test_a_setting_compared_on_the_same_dice(content: Content, bridge: LoadedD100Encounter) -> None:
    same = summarize_comparison(compare(bridge, bridge, content, 400, seed=2, chunk=200))
    assert all(d.diff.value == 0 for d in same.win)
    far = compare(bridge, bridge, content, 800, seed=2, chunk=400, settings_b={"distance": 55})
    assert far.b.settings["distance"] == 55 and far.a.settings["distance"] == 20
    c = summarize_comparison(far)
    assert c.length.diff.low <= c.length.diff.value <= c.length.diff.high


def test_settings_of_another_system_are_refused(content: Content, bridge: LoadedD100Encounter) -> None:
    with pytest.raises(InputError, match="fight_mod"):
        simulate(bridge, content, 10, seed=1, settings={"fight_mod": 5})
    with pytest.raises(InputError, match="fumble_from"):
        simulate(bridge, content, 10, seed=1, settings={"fumble_from": 80})


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(BRIDGE), "-n", "300", "--seed", "4", "--json"])
    out, _err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["n"] == 300 and data["settings"]["distance"] == 20
    code = main(["--lang", "fr", "simulate", str(BRIDGE), "-n", "200", "--seed", "4", "--set", "helmet_points=ignore"])
    out, _err = capsys.readouterr()
    assert code == 0 and "casques" in out.lower()
    code = main(["simulate", str(BRIDGE), "-n", "100", "--set", "beyond_limit=cap"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "beyond_limit" in err
