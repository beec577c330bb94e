"""Simulation of d100 encounters (a world of the batch is play's fight: see tests/unit/test_d100_kernel.py); the
runner, workers, comparisons and the
command line work as for HARP; a HARP setting is refused."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from estoc.cli import main
from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.sim import compare, simulate, summarize
from estoc.sim.runner import load_any_encounter
from estoc.sim.summary import summarize_comparison
from estoc.systems.d100.encounter import LoadedD100Encounter

BRIDGE = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))


@pytest.fixture(scope="module")
def bridge(content: Content) -> LoadedD100Encounter:
    encounter = load_any_encounter(BRIDGE, content)
    assert isinstance(encounter, LoadedD100Encounter)
    return encounter


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
