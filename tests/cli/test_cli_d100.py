"""``--system d100`` on the command line: an exchange with typed dice, its exact odds, and bad input."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from tests.cli_helpers import run

BRIDGE = Path(str(resources.files("estoc.play").joinpath("samples", "pont.yaml")))


def test_a_typed_special_success_through_a_normal_parry(capsys: pytest.CaptureFixture[str]) -> None:
    """Jacquot's short sword (1D6+1, bonus 1D4) against Ysolde: 2 is special, her parry 30 is a plain success."""
    code, out, _ = run(capsys, "attack", "--system", "d100", "--attacker", "jacquot", "--defender", "ysolde",
                       "--weapon", "epee-courte", "--roll", "2", "--defence-roll", "30", "--damage-roll", "3",
                       "--bonus-roll", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["attack_quality"] == "special" and data["defence_quality"] == "success"
    assert data["result"] == "special" and data["damage"] == 13  # the text's 7 + 4 + 2
    assert data["body"] == 13 - data["stopped_by_armour"]
    assert [d["purpose"] for d in data["dice"]] == ["attack", "defence", "damage", "damage-bonus"]
    assert all(all(d["typed"]) for d in data["dice"])


def test_narrated_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--system", "d100", "--attacker", "brok", "--defender",
                       "jacquot", "--roll", "99", "--defence", "none")
    assert code == 0 and "attaque" in out.lower() and "échec" in out.lower()


def test_a_firearm_is_neither_parried_nor_dodged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "attack", "--system", "d100", "--attacker", "victor", "--defender", "brok",
                         "--defence", "parry")
    assert code == 2 and out == "" and "parried" in err
    code, out, _ = run(capsys, "attack", "--system", "d100", "--attacker", "victor", "--defender", "brok",
                       "--roll", "10", "--damage-roll", "4", "--json")
    assert code == 0 and json.loads(out)["defence"] == "none"  # no defence asked: none is left


def test_odds_json_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "attack", "--system", "d100", "--attacker", "ysolde", "--defender", "gorm",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert sum(data["attack"].values()) == pytest.approx(1)
    assert sum(data["result"].values()) == pytest.approx(1)
    assert sum(data["damage"].values()) == pytest.approx(1)
    assert data["attack"]["special"] == pytest.approx(0.14)  # a fifth of Ysolde's 70 %
    assert data["exact"]["result"]["miss"] == "3/10"  # 29 failures and one fumble in a hundred


def test_odds_chart(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "odds", "attack", "--system", "d100", "--attacker", "mathis",
                       "--defender", "bertrand", "--distance", "60", "--kneeling")
    assert code == 0 and "█" in out


@pytest.mark.parametrize(("args", "needle"), [
    (["--attacker", "ysolde"], "--defender"),
    (["--attacker", "ysolde", "--defender", "personne"], "personne"),
    (["--attacker", "ysolde", "--defender", "gorm", "--defence", "fuir"], "--defence"),
    (["--attacker", "ysolde", "--defender", "gorm", "--weapon", "arbalete-lourde"], "arbalete-lourde"),
    (["--attacker", "ysolde", "--defender", "gorm", "--weapon", "9"], "9"),
    (["--attacker", "ysolde", "--defender", "gorm", "--ob", "50"], "--ob"),
    (["--attacker", "mathis", "--defender", "gorm", "--distance", "500"], "500"),
    (["--attacker", "ysolde", "--defender", "gorm", "--fumble-from", "50"], "--fumble-from"),
    (["--attacker", "ysolde", "--defender", "gorm", "--roll", "101"], "101"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    for command in (["attack"], ["odds", "attack"]):
        if command == ["odds", "attack"] and "--roll" in args:
            continue
        code, out, err = run(capsys, *command, "--system", "d100", *args)
        assert code == 2 and out == "" and needle in err and "Traceback" not in err


def test_d100_options_are_refused_by_harp(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "attack", "--weapon", "hache", "--ob", "50", "--defence", "dodge")
    assert code == 2 and out == "" and "--system d100" in err


def test_a_d100_fight_from_a_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "combat.txt"
    script.write_text("move odon 10\nactions\nauto end all\n", encoding="utf-8")
    db = tmp_path / "fights.db"
    code, out, _ = run(capsys, "--lang", "fr", "run", str(BRIDGE), "--no-ask", "--script", str(script), "--db", str(db),
                       "--seed", "2")
    assert code == 0 and "Round 1" in out and "rang de DEX" in out and "Après" in out
    code, out, _ = run(capsys, "log", "export", "1", "--db", str(db))
    assert code == 0 and out.startswith("# ")


def test_a_bad_d100_encounter_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nsystem: d100\nkind: encounter\nname: {fr: X, en: X}\nsides:\n"
                   "  - id: a\n    members: [{character: personne}]\n  - id: b\n    members: [{character: gorm}]\n",
                   encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("auto end\n", encoding="utf-8")
    db = tmp_path / "fights.db"
    code, out, err = run(capsys, "run", str(bad), "--no-ask", "--script", str(script), "--db", str(db))
    assert code == 2 and out == "" and "bad.yaml:7" in err and "personne" in err
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    assert code == 0 and "No fight stored yet" in out


def test_estoc_attack_tells_a_breaking_parry_once_as_a_break(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26: Gorm's 8 + 2 + 6 = 16 on Jacquot's dagger (15 hit points) breaks it; the one-shot narration says so
    once, as its JSON does, where it said only « perd un point »."""
    args = ["attack", "--system", "d100", "--attacker", "gorm", "--defender", "jacquot", "--defence", "parry",
            "--roll", "30", "--defence-roll", "10", "--damage-roll", "8", "--bonus-roll", "6"]
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0 and json.loads(out)["broken"] is True
    code, out, _ = run(capsys, "--lang", "fr", *args)
    assert code == 0
    assert out.count("se brise") == 1 and "perd un point" not in out
    code, out, _ = run(capsys, *args)
    assert code == 0 and "the parrying item breaks" in out and "loses a hit point" not in out


def test_estoc_attack_parries_with_the_weapon_named(capsys: pytest.CaptureFixture[str]) -> None:
    """Out of a fight the defender holds the weapon named to parry with (--parry-weapon): Brok's great axe."""
    code, out, _ = run(capsys, "attack", "--system", "d100", "--attacker", "gorm", "--defender", "brok",
                       "--parry-weapon", "2", "--roll", "30", "--defence-roll", "90", "--damage-roll", "1",
                       "--bonus-roll", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["defence_item"] == "weapon:2" and data["defence_skill"] == 60
