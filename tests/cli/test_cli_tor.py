"""``--system tor`` on the command line: an attack with typed dice, its exact odds, bad input."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from estoc.cli import main

GUE = Path(str(resources.files("estoc.play").joinpath("samples", "gue.yaml")))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_typed_piercing_blow_with_a_spear(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--system", "tor", "--attacker", "maelor-le-rodeur", "--defender",
                       "orc-soldat", "--roll", "8", "--success-roll", "6", "--success-roll", "4",
                       "--success-roll", "2", "--special", "pierce", "--protection-roll", "3",
                       "--protection-roll", "1", "--protection-roll", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["success"] and data["tengwar"] == 1 and data["special"] == "pierce"
    assert data["piercing"] and data["wounded"]  # 3 + 1 + 2 = 6 never reaches the spear's injury
    assert [r["purpose"] for r in data["rolls"]] == ["attack", "attack-success", "protection",
                                                      "protection-success"]


def test_narrated_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--system", "tor", "--attacker", "orc-soldat",
                       "--defender", "eirik-de-dale", "--roll", "12", "--success-roll", "1", "--success-roll", "1",
                       "--protection-roll", "11", "--protection-roll", "1", "--protection-roll", "1",
                       "--protection-roll", "1", "--protection-roll", "1")
    assert code == 0 and "rune de Gandalf" in out and "endurance" in out


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "attack", "--system", "tor", "--attacker", "grani-barbe-grise",
                       "--defender", "troll-des-cavernes", "--favoured", "--json")
    data = json.loads(out)
    assert code == 0 and data["attack"]["mode"] == "favoured"
    assert sum(data["endurance"].values()) == pytest.approx(1)
    assert sum(data["by_tengwar"].values()) == pytest.approx(data["success"])


@pytest.mark.parametrize(("args", "needle"), [
    (["--attacker", "eirik-de-dale"], "--defender"),
    (["--attacker", "eirik-de-dale", "--defender", "faelwen-de-lindon"], "adversary"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--special", "magie"], "--special"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--ob", "40"], "--ob"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--skill", "40"], "--skill"),
    (["--attacker", "eirik-de-dale", "--defender", "personne"], "personne"),
    (["--attacker", "eirik-de-dale", "--defender", "orc-soldat", "--parry-bonus", "12"], "--parry-bonus"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    for command in (["attack"], ["odds", "attack"]):
        code, out, err = run(capsys, *command, "--system", "tor", *args)
        assert code == 2 and out == "" and needle in err and "Traceback" not in err


def test_a_tor_fight_from_a_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "combat.txt"
    script.write_text("auto\nmelee\nposition grani-barbe-grise defensive\ncombattre\nauto fin\n", encoding="utf-8")
    code, out, _ = run(capsys, "--lang", "fr", "run", str(GUE), "--script", str(script), "--db",
                       str(tmp_path / "f.db"), "--seed", "5")
    assert code == 0 and "Volées initiales" in out and "Engagés" in out and "Après" in out


def test_a_bad_tor_encounter_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GUE.read_text(encoding="utf-8").replace("chef-orque", "balrog"), encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("auto fin\n", encoding="utf-8")
    code, out, err = run(capsys, "run", str(bad), "--script", str(script), "--db", str(tmp_path / "f.db"))
    assert code == 2 and out == "" and "balrog" in err and "bad.yaml:14" in err
    code, out, _ = run(capsys, "fight", "list", "--db", str(tmp_path / "f.db"))
    assert code == 0 and out.strip() == ""
