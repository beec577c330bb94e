"""Simulation of the One Ring house rules: play's fight in every world, the same for 1 and 2 workers, a task switched
off compared on the same dice (the text's author's question), and bad settings refused."""

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
from estoc.systems.tor.encounter import LoadedTorEncounter

GUE = Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml")))


@pytest.fixture(scope="module")
def ford(content: Content) -> LoadedTorEncounter:
    encounter = load_any_encounter(GUE, content)
    assert isinstance(encounter, LoadedTorEncounter)
    return encounter


def test_the_same_for_one_and_two_workers(content: Content, ford: LoadedTorEncounter) -> None:
    one = summarize(simulate(ford, content, 40, seed=3, chunk=20))
    two = summarize(simulate(ford, content, 40, seed=3, chunk=20, workers=2))
    assert one == two
    assert sum(s.win.count for s in one.sides) + one.draw.count + one.undecided.count == 40
    assert list(one.combatants[0].crit_taken) == ["wound"]


def test_counter_attack_switched_off_on_the_same_dice(content: Content, ford: LoadedTorEncounter) -> None:
    same = summarize_comparison(compare(ford, ford, content, 30, seed=1, chunk=30))
    assert all(d.diff.value == 0 for d in same.win) and same.length.diff.value == 0
    run = compare(ford, ford, content, 60, seed=1, chunk=60,
                  settings_b={"tor.tasks.contre-attaque": False})
    assert run.a.settings["tor.tasks.contre-attaque"] is True and run.b.settings["tor.tasks.contre-attaque"] is False
    c = summarize_comparison(run)
    assert c.length.diff.low <= c.length.diff.value <= c.length.diff.high
    # The counter-attacker tried it in A, never in B; its other tasks are in both.
    aldric_a = next(x for x in c.a.combatants if x.id == "aldric-de-bree")
    aldric_b = next(x for x in c.b.combatants if x.id == "aldric-de-bree")
    assert aldric_a.tasks["contre-attaque"].per_fight > 0 and "contre-attaque" not in aldric_b.tasks
    assert 0 < aldric_a.tasks["contre-attaque"].worked.value < 1
    assert all(x.tasks == {} for x in c.a.combatants if x.side == "adversaries")


def test_load_switched_off(content: Content, ford: LoadedTorEncounter) -> None:
    """Weariness from load off: the heroes fight as well at the end as at the start, and they win more often."""
    run = compare(ford, ford, content, 400, seed=2, chunk=400, settings_b={"tor.load": "off"})
    assert run.a.settings["tor.load"] is True and run.b.settings["tor.load"] is False
    c = summarize_comparison(run)
    heroes = next(d for d in c.win if d.id == "heroes")
    assert heroes.diff.value > 0 and heroes.significant


def test_bad_settings(content: Content, ford: LoadedTorEncounter) -> None:
    with pytest.raises(InputError, match="fight_mod"):
        simulate(ford, content, 5, seed=1, settings={"fight_mod": 5})
    with pytest.raises(InputError, match=r"tor\.load"):
        simulate(ford, content, 5, seed=1, settings={"tor.load": "lourd"})


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", str(GUE), "-n", "20", "--seed", "4", "--set", "tor.tasks.contre-attaque=off", "--json"])
    out, _err = capsys.readouterr()
    assert code == 0 and json.loads(out)["b"]["settings"]["tor.tasks.contre-attaque"] is False
    people = {c["id"]: c for c in json.loads(out)["a"]["combatants"]}
    assert people["aldric-de-bree"]["tasks"]["contre-attaque"]["per_fight"] > 0
    code = main(["simulate", str(GUE), "-n", "20", "--seed", "4"])
    out, _err = capsys.readouterr()
    assert code == 0 and "Combat tasks" in out and "Counter-attack" in out
    code = main(["simulate", str(GUE), "-n", "20", "--set", "tor.tasks.contre-attaque=peut-etre"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "contre-attaque" in err
    code = main(["simulate", str(GUE), "-n", "20", "--set", "tor.tasks.voler=off"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "tor.tasks.voler" in err
