"""``estoc simulate``: tables or JSON, comparisons, a plot; bad input is one line, exit 2, nothing written."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tests.cli_helpers import run

from estoc.content.registry import Content

DUEL = """\
schema_version: 1
system: harp
kind: encounter
name: {fr: Duel au gué, en: Duel at the ford}
sides:
  - id: nain
    name: {fr: Le nain, en: The dwarf}
    members: [{hero: dafur}]
  - id: orques
    members: [{creature: orque}]
"""


@pytest.fixture(autouse=True)
def shipped_content(monkeypatch: pytest.MonkeyPatch, content: Content) -> None:
    """The session's content: loading it again for every command would only slow the tests."""
    monkeypatch.setattr("estoc.cli.simulate.load_content", lambda folders: content)


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def test_json(capsys: pytest.CaptureFixture[str], duel: Path) -> None:
    code, out, err = run(capsys, "simulate", str(duel), "-n", "1000", "--seed", "4", "--chunk", "400", "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert {"name", "n", "seed", "chunk", "max_rounds", "settings", "sides", "draw", "undecided", "combatants",
            "length"} <= set(data)
    assert data["n"] == 1000 and data["seed"] == 4 and [s["id"] for s in data["sides"]] == ["nain", "orques"]
    assert {"count", "value", "low", "high"} == set(data["sides"][0]["win"])
    person = data["combatants"][0]
    assert person["id"] == "dafur" and set(person["crit_taken"]) == set("ABCDE")
    assert {"out", "dead", "fled", "hits_dealt", "hits_taken"} <= set(person)
    assert len(data["length"]["histogram"]) == 100 and sum(data["length"]["histogram"]) == 1000
    code, again, _ = run(capsys, "simulate", str(duel), "-n", "1000", "--seed", "4", "--chunk", "400", "--json")
    assert again == out


def test_tables(capsys: pytest.CaptureFixture[str], duel: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(duel), "-n", "500", "--seed", "1")
    assert code == 0 and "Duel at the ford: 500 fights, seed 1" in out and "Victory: The dwarf" in out
    assert "Criticals taken" in out and "Length:" in out
    code, out, _ = run(capsys, "--lang", "fr", "simulate", str(duel), "-n", "500", "--seed", "1")
    assert code == 0 and "Duel au gué" in out and "Le nain" in out and "," in out.split("Le nain")[1].split("\n")[0]


def test_against_itself(capsys: pytest.CaptureFixture[str], duel: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(duel), "-n", "600", "--seed", "2", "--vs", str(duel), "--json")
    data = json.loads(out)
    assert code == 0 and {"a", "b", "win", "out", "dead", "length"} == set(data)
    for d in [*data["win"], *data["out"], data["length"]]:
        assert d["diff"] == {"value": 0.0, "low": 0.0, "high": 0.0} and d["significant"] is False


def test_a_setting_changed(capsys: pytest.CaptureFixture[str], duel: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(duel), "-n", "1000", "--seed", "2", "--set", "fight_mod=-30",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["a"]["settings"]["fight_mod"] == 0 and data["b"]["settings"]["fight_mod"] == -30
    assert data["length"]["significant"] and data["length"]["diff"]["value"] > 0
    code, out, _ = run(capsys, "simulate", str(duel), "-n", "300", "--seed", "2", "--set", "full_sun=yes")
    assert code == 0 and "Differences" in out and "full_sun=yes" in out and "Significant" in out


@pytest.mark.parametrize(("args", "says"), [
    (["-n", "0"], "-n must be from 1 to"),
    (["-n", "10", "--workers", "0"], "workers"),
    (["-n", "10", "--chunk", "0"], "chunk"),
    (["-n", "10", "--max-rounds", "0"], "--max-rounds must be from 1 to"),
    (["-n", "10", "--set", "speed=3"], "unknown setting 'speed'; known: fight_mod, beyond_limit, full_sun"),
    (["-n", "10", "--set", "fight_mod"], "key=value"),
    (["-n", "10", "--set", "beyond_limit=far"], "cap, uncapped, second-attack"),
    (["-n", "10", "--plot", "nowhere/p.png"], "no folder"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], duel: Path, tmp_path: Path, args: list[str],
                   says: str) -> None:
    if "--plot" in args:
        pytest.importorskip("matplotlib")
    code, out, err = run(capsys, "simulate", str(duel), *[a.replace("nowhere", str(tmp_path / "nowhere"))
                                                          for a in args])
    assert code == 2 and out == "" and err.startswith("estoc: ") and says in err and err.count("\n") == 1


def test_a_bad_encounter(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(DUEL.replace("creature: orque", "creature: licorne"), encoding="utf-8")
    code, out, err = run(capsys, "simulate", str(bad), "-n", "10")
    assert code == 2 and out == "" and f"{bad}:" in err and "licorne" in err
    code, out, err = run(capsys, "simulate", str(tmp_path / "missing.yaml"), "-n", "10")
    assert code == 2 and out == "" and "missing.yaml" in err


def test_missing_extras(capsys: pytest.CaptureFixture[str], duel: Path, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    # A module set to None in sys.modules cannot be imported: as if the extra were not installed.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    plot = tmp_path / "p.png"
    code, out, err = run(capsys, "simulate", str(duel), "-n", "10", "--plot", str(plot))
    assert code == 2 and out == "" and "install estoc[plots]" in err and not plot.exists()
    code, out, err = run(capsys, "simulate", str(duel), "-n", "10", "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and out == "" and "install estoc[cluster]" in err


def test_plot(capsys: pytest.CaptureFixture[str], duel: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "fights.png"
    code, out, _ = run(capsys, "simulate", str(duel), "-n", "300", "--seed", "1", "--plot", str(plot), "--json")
    assert code == 0 and json.loads(out)["n"] == 300
    assert plot.read_bytes().startswith(b"\x89PNG")
    both = tmp_path / "both.png"
    code, _, _ = run(capsys, "simulate", str(duel), "-n", "300", "--seed", "1", "--set", "fight_mod=-20",
                     "--plot", str(both))
    assert code == 0 and both.read_bytes().startswith(b"\x89PNG")
    code, out, err = run(capsys, "simulate", str(duel), "-n", "10", "--plot", str(tmp_path / "fights.txt"))
    assert code == 2 and ".png" in err

