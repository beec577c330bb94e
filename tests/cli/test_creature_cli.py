"""``estoc creature`` and ``estoc attack --attacker/--defender``."""

from __future__ import annotations

import json

import pytest
from tests.cli_helpers import run


def test_creature_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "creature", "list", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) >= 25
    assert {"ours-noir", "cheval-leger", "troll-de-pierre", "jeune-dragon"} <= {r["id"] for r in rows}
    code, out, _ = run(capsys, "--lang", "fr", "creature", "list")
    assert code == 0 and "Ours noir" in out and "niveau 5" in out


def test_creature_show_json_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "creature", "show", "ours-noir", "--json")
    block = json.loads(out)
    assert code == 0
    for key in ("level", "size", "hit_points", "db", "attacks"):
        assert key in block
    assert block["level"] == 5 and block["attacks"][0]["ob"] == 111
    assert set(block["attacks"][0]) >= {"ob", "table", "size"}
    code, out, _ = run(capsys, "creature", "show", "ours-noir", "--level", "10", "--json")
    scaled = json.loads(out)
    assert scaled["level"] == 10 and scaled["hit_points"] > block["hit_points"]
    assert scaled["attacks"][0]["ob"] > block["attacks"][0]["ob"]


def test_creature_show_text_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "creature", "show", "cheval-leger")
    assert code == 0 and "Hit points: 132" in out and "Endurance ranks +60" in out
    code, out, _ = run(capsys, "--lang", "fr", "creature", "show", "cheval-leger")
    assert code == 0 and "132" in out and "Points de vie" in out


@pytest.mark.parametrize("args", [["creature", "show", "licorne"], ["creature", "show", "ours-noir", "--level", "-1"],
                                  ["attack", "--attacker", "licorne", "--db", "10"],
                                  ["attack", "--attacker", "ours-noir", "--strike", "9"],
                                  ["attack", "--attacker", "dafur", "--attacker-level", "3"]])
def test_creature_bad_input(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_attack_between_creatures_applies_size(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--attacker", "dafur", "--defender", "troll-des-collines", "--roll", "96",
                       "--roll", "90", "--json")
    data = json.loads(out)
    assert code == 0 and data["critical_reduction"] == 1
    assert data["ob"] == 75 and data["armour_type"] >= 1
    code, out, _ = run(capsys, "attack", "--attacker", "ours-noir", "--defender", "dafur", "--roll", "50",
                       "--json")
    data = json.loads(out)
    assert data["ob"] == 111 and data["attack_total"] == 161 and data["fumble_range"] == 2
    code, out, _ = run(capsys, "attack", "--attacker", "ours-noir", "--defender", "dafur", "--roll", "2",
                       "--json")
    assert json.loads(out)["fumble"]
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--attacker", "ours-noir", "--defender", "dafur",
                       "--roll", "50")
    assert code == 0 and "Ours noir attaque" in out
