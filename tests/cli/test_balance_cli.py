"""``estoc balance``: the JSON's shape, the text in both languages, bad input as one line (exit 2), Ctrl-C."""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import resources
from pathlib import Path

import pytest
from tests.cli_helpers import run
from tests.encounters import DUO

from estoc.content.registry import Content

DUEL = """\
schema_version: 1
system: harp
kind: encounter
name: {fr: Duel au gué, en: Duel at the ford}
sides:
  - id: nain
    members: [{hero: dafur}]
  - id: orques
    members: [{creature: orque}]
  - id: loups
    members: [{creature: warg}]
"""


@pytest.fixture(autouse=True)
def shipped_content(monkeypatch: pytest.MonkeyPatch, content: Content) -> None:
    monkeypatch.setattr("estoc.cli.balance.load_content", lambda folders: content)


@pytest.fixture
def duo(tmp_path: Path) -> Path:
    path = tmp_path / "duo.yaml"
    path.write_text(DUO, encoding="utf-8")
    return path


def test_json(capsys: pytest.CaptureFixture[str], duo: Path) -> None:
    code, out, err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "-n", "300", "--seed", "3",
                         "--passes", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["complete"] is True and data["interrupted"] is False and data["seed"] == 3
    assert data["rule"] == {"task": "contre-attaque", "with": {"tor.tasks.contre-attaque": True},
                            "without": {"tor.tasks.contre-attaque": False}}
    value = data["value"]
    assert value["low"] <= value["estimate"] <= value["high"] and value["paired"] and value["fresh_dice"]
    alternative = data["best_alternative"]
    heroes = {"aldric-de-bree", "grani-barbe-grise"}
    assert set(alternative["plan"]) == heroes | {f"{h}/moments" for h in heroes}
    assert all(set(p) == {"id", "label"} for p in alternative["plan"].values())
    assert "contre-attaque" not in alternative["plan"]["aldric-de-bree"]["id"]
    assert alternative["win"]["low"] <= alternative["win"]["estimate"] <= alternative["win"]["high"]
    assert alternative["fights"] == 300 and alternative["fresh_dice"]
    assert data["with_rule"]["win"]["estimate"] - alternative["win"]["estimate"] == pytest.approx(value["estimate"])
    assert data["as_written"]["value"] is not None
    assert {r["combatant"] for r in data["races"]} - {None} == set(alternative["plan"])
    assert alternative["plan"]["aldric-de-bree/moments"]["id"].startswith("hope=")
    assert all(0 <= r["confidence"] <= 1 for r in data["races"])
    # The same seed, the same study.
    code, again, _err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "-n", "300", "--seed", "3",
                            "--passes", "1", "--json")
    assert {k: v for k, v in json.loads(again).items() if k != "seconds"} == {
        k: v for k, v in data.items() if k != "seconds"}


def test_text_in_french(capsys: pytest.CaptureFixture[str], duo: Path) -> None:
    code, out, err = run(capsys, "--lang", "fr", "balance", str(duo), "--task", "contre-attaque", "-n", "200",
                         "--seed", "1", "--passes", "1")
    assert code == 0, err
    assert "Valeur de la règle" in out and "Meilleurs plans" in out and "défensive" in out


def test_a_side_without_plans_plays_the_encounter_as_it_stands(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    """The warg is a beast: it never parries, and HARP has no other plan for it."""
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    code, out, err = run(capsys, "balance", str(path), "--set", "fight_mod=10", "--side", "loups", "-n", "300",
                         "--seed", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["side"] == "loups" and data["races"] == [] and data["best_alternative"]["plan"] == {}
    assert data["value"]["low"] <= data["value"]["estimate"] <= data["value"]["high"]


def test_harp_parry_shares_are_searched(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    code, out, err = run(capsys, "balance", str(path), "--set", "fight_mod=10", "-n", "200", "--seed", "1",
                         "--passes", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["side"] == "nain" and data["races"]
    assert data["best_alternative"]["plan"]["dafur"]["id"].startswith("parry:")
    assert data["with_rule"]["plan"]["dafur"]["id"].startswith("parry:")
    assert data["value"]["low"] <= data["value"]["estimate"] <= data["value"]["high"]


@pytest.mark.parametrize(("args", "message"), [
    ((), "say which rule to weigh"),
    (("--task", "voler"), "voler: no combat task of the tor system"),
    (("--task", "contre-attaque", "--objective", "glory"), "the objective is one of win, unscathed"),
    (("--task", "contre-attaque", "--side", "elves"), "no side 'elves' in this encounter"),
    (("--task", "contre-attaque", "-n", "0"), "-n must be from 1"),
    (("--set", "tor.load=maybe"), "tor.load is on or off"),
    (("--set", "fight_mod=5"), "not a setting of the tor system"),
    (("--task", "contre-attaque", "--passes", "0"), "the number of passes is from 1 to 10"),
    (("--set", "nothing=1"), "unknown setting 'nothing'"),
])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], duo: Path, args: tuple[str, ...],
                               message: str) -> None:
    code, out, err = run(capsys, "balance", str(duo), *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_bad_input_in_french(capsys: pytest.CaptureFixture[str], duo: Path) -> None:
    code, _out, err = run(capsys, "--lang", "fr", "balance", str(duo))
    assert code == 2 and "dites quelle règle peser" in err


def test_plot_without_matplotlib(capsys: pytest.CaptureFixture[str], duo: Path, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)  # as if the extra were not installed: importing it fails
    code, _out, err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "--plot", str(tmp_path / "p.png"))
    assert code == 2 and "install estoc[plots]" in err and not (tmp_path / "p.png").exists()


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_plot(capsys: pytest.CaptureFixture[str], duo: Path, tmp_path: Path) -> None:
    code, _out, err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "-n", "200", "--seed", "1",
                          "--passes", "1", "--plot", str(tmp_path / "p.png"))
    assert code == 0, err
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_ctrl_c_prints_what_was_found(capsys: pytest.CaptureFixture[str], duo: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from estoc.sim.balance import EncounterEvaluator

    calls = []
    play = EncounterEvaluator.__call__

    def interrupted(self, candidates, stream, first, count):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) > 2:
            raise KeyboardInterrupt
        return play(self, candidates, stream, first, count)

    monkeypatch.setattr(EncounterEvaluator, "__call__", interrupted)
    code, out, _err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "-n", "200", "--seed", "1",
                          "--json")
    assert code == 130
    data = json.loads(out)
    assert data["interrupted"] is True and data["complete"] is False
    assert data["with_rule"]["fresh_dice"] is False
    code, out, _err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "-n", "200", "--seed", "1")
    assert code == 130 and out.startswith("Interrupted")


def test_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "balance", "--help")
    assert code == 0 and "--task" in out and "--objective" in out


def test_plot_draws_every_race(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The plot's own logic, on a stand-in for matplotlib (an optional extra): one panel a hero and arm."""
    from unittest import mock

    import numpy as np

    from estoc.cli.balance import plot_study
    from estoc.engine.simulation import PlanAxis, PlanVariant
    from estoc.sim.balance import Arm, Options, Scores, search

    axis = PlanAxis("h", {"en": "H"}, "heroes", tuple(PlanVariant(f"v{i}", lambda: "") for i in range(3)))
    arms = (Arm("with", (axis, axis)), Arm("without", (axis, axis)))

    def evaluate(candidates, stream, first, count):  # type: ignore[no-untyped-def]
        u = np.random.default_rng([stream, first]).random(count)
        zero = np.zeros(len(candidates), dtype=np.int64)
        return Scores(np.array([u < 0.3 + 0.1 * sum(c.plan) for c in candidates]), zero, zero, zero)

    study = search(arms, evaluate, Options(n=500))
    plt = mock.MagicMock()
    figure, grid = mock.MagicMock(), [[mock.MagicMock(), mock.MagicMock()] for _ in range(2)]
    plt.subplots.return_value = (figure, grid)
    monkeypatch.setattr("estoc.sim.plots.require_matplotlib", lambda: plt)
    plot_study(study, tmp_path / "p.png")
    figure.savefig.assert_called_once()
    assert all(panel.errorbar.called for row in grid for panel in row)


def test_scheduler_without_dask(capsys: pytest.CaptureFixture[str], duo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("dask", "dask.distributed", "distributed"):
        monkeypatch.setitem(sys.modules, name, None)  # as if the extra were not installed: importing it fails
    code, out, err = run(capsys, "balance", str(duo), "--task", "contre-attaque", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and out == "" and "install estoc[cluster]" in err


def test_d100_defences_are_searched(capsys: pytest.CaptureFixture[str]) -> None:
    pont = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))
    code, out, err = run(capsys, "balance", str(pont), "--set", "parry_wear=one-point", "-n", "200", "--seed", "1",
                         "--passes", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["side"] == "voyageurs" and data["races"]
    assert set(data["best_alternative"]["plan"]) == {"ysolde", "odon", "gaspard"}
    assert all(p["id"] in ("defence:best", "defence:dodge") for p in data["with_rule"]["plan"].values())
    assert data["value"]["low"] <= data["value"]["estimate"] <= data["value"]["high"]
