"""The command line: outputs, JSON, languages, and bad input (one clear line, exit 2, nothing on stdout)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.cli_helpers import run


def test_attack_json_dafur(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--armor-type", "9",
                       "--roll", "55", "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("rolls", "roll_total", "fumble", "attack_total", "result", "hit", "hits", "critical"):
        assert key in data
    assert data["rolls"] == [55] and data["attack_total"] == 135 and data["result"] == 90 and data["hit"]
    if data["critical"] is not None:
        assert set(data["critical"]) >= {"severity", "table", "roll", "effects"}


def test_attack_open_ended_chain_and_crit_roll(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--table", "lames-1m", "--ob", "0", "--db", "0", "--roll", "97",
                       "--roll", "99", "--roll", "40", "--crit-roll", "99", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rolls"] == [97, 99, 40] and data["roll_total"] == 236
    assert data["row"] <= 150
    if data["critical"]:
        assert data["critical"]["roll"] == 99
        crit_dice = [d for d in data["dice"] if d["purpose"] == "critical"]
        assert crit_dice == [{"purpose": "critical", "sides": 100, "faces": [99], "typed": [True]}]


def test_attack_fumble_stops_everything(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--weapon", "epee", "--ob", "200", "--roll", "1", "--fumble-roll", "40",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["fumble"] and not data["hit"] and data["hits"] == 0 and data["critical"] is None
    assert data["fumble_result"]["roll"] == 40
    assert [d["purpose"] for d in data["dice"]] == ["attack", "fumble"]


def test_attack_narration_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--weapon", "hache", "--ob", "80", "--db", "45", "--roll", "55",
                       "--crit-roll", "50")
    assert code == 0 and "result 90" in out and "Hit!" in out
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--weapon", "hache", "--ob", "80", "--db", "45",
                       "--roll", "55", "--crit-roll", "50")
    assert code == 0 and "résultat 90" in out and "Touché" in out


@pytest.mark.parametrize(("args", "needle_en", "needle_fr"), [
    (["attack", "--weapon", "rapiere-laser"], "unknown weapon 'rapiere-laser'", "arme inconnue"),
    (["attack", "--table", "nope"], "unknown attack table 'nope'", "table d'attaque inconnue"),
    (["attack", "--weapon", "epee", "--armor-type", "11"], "--armor-type must be from 1 to 10", "de 1 à 10"),
    (["attack", "--weapon", "epee", "--armor-type", "0"], "--armor-type must be from 1 to 10", "de 1 à 10"),
    (["attack", "--weapon", "epee", "--roll", "101"], "not 101", "pas 101"),
    (["attack", "--weapon", "epee", "--roll", "0"], "not 0", "pas 0"),
    (["attack", "--weapon", "epee", "--crit-roll", "101"], "not 101", "pas 101"),
    (["attack", "--weapon", "epee", "--roll", "97"], "no face was given", "aucune face"),
    (["attack", "--weapon", "epee", "--roll", "50", "--roll", "40"], "not needed", "inutiles"),
    (["attack", "--weapon", "epee", "--ob", "abc"], "--ob", "--ob"),
    (["attack"], "--weapon", "--weapon"),
    (["attack", "--weapon", "epee", "--size", "huge"], "tiny, small, medium or large",
     "très-petite, petite, moyenne ou grande"),
    (["attack", "--bogus"], "--bogus", "--bogus"),
    (["--lang", "de", "demo"], "unknown language", "langue inconnue"),
])
def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str], args: list[str], needle_en: str,
                                     needle_fr: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("estoc: ")
    assert needle_en in lines[0]
    assert "Traceback" not in err
    if "--lang" in args:
        return
    code, out, err = run(capsys, "--lang", "fr", *args)
    assert code == 2 and out == ""
    assert needle_fr in err and len(err.strip().splitlines()) == 1


def test_malformed_content_file_gives_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "mine.yaml"
    bad.write_text("schema_version: 1\nsystem: harp\nkind: weapons\nrecords:\n  - id: lame\n"
                   "    name: {fr: Lame, en: Blade}\n    kind: melee\n    table: lames-1m\n    size: medium\n"
                   "    group: lames\n    fumble: deux\n", encoding="utf-8")
    before = bad.read_text(encoding="utf-8")
    code, out, err = run(capsys, "content", "validate", str(tmp_path))
    assert code == 2 and out == ""
    assert f"{bad}:11: fumble: must be a whole number" in err
    code, out, err = run(capsys, "--lang", "fr", "--content", str(tmp_path), "attack", "--weapon", "epee")
    assert code == 2 and f"{bad}:11: fumble:" in err and "nombre entier" in err
    assert bad.read_text(encoding="utf-8") == before


def test_invalid_yaml_and_broken_reference(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("system: harp\nkind: [weapons\n", encoding="utf-8")
    code, _, err = run(capsys, "content", "validate", str(tmp_path))
    assert code == 2 and "broken.yaml:" in err and "YAML" in err
    (tmp_path / "broken.yaml").unlink()
    (tmp_path / "ref.yaml").write_text(
        "system: harp\nkind: weapons\nrecords:\n  - id: lame\n    name: {fr: Lame, en: Blade}\n    kind: melee\n"
        "    table: pas-de-table\n    size: medium\n    group: lames\n    fumble: 2\n", encoding="utf-8")
    code, _, err = run(capsys, "content", "validate", str(tmp_path))
    assert code == 2 and "ref.yaml:4: table:" in err and "pas-de-table" in err


def test_user_content_replaces_by_id(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "w.yaml").write_text(
        "schema_version: 1\nsystem: harp\nkind: weapons\nrecords:\n  - id: epee\n"
        "    name: {fr: Épée maison, en: House sword}\n    kind: melee\n    table: lames-1m\n    size: large\n"
        "    group: lames\n    fumble: 9\n", encoding="utf-8")
    code, out, _ = run(capsys, "content", "validate", str(tmp_path))
    assert code == 0 and "1 file" in out
    code, out, _ = run(capsys, "--content", str(tmp_path), "attack", "--weapon", "epee", "--roll", "9", "--json")
    data = json.loads(out)
    assert code == 0 and data["fumble"] and data["fumble_range"] == 9 and data["size"] == "large"


def test_content_schema_and_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "content", "schema", "harp/weapons")
    schema = json.loads(out)
    assert code == 0 and schema["properties"]["kind"] == {"const": "weapons"}
    code, out, _ = run(capsys, "content", "schema", "--out", str(tmp_path))
    assert code == 0 and (tmp_path / "harp-attack-tables.schema.json").exists()
    code, out, _ = run(capsys, "content", "list", "harp/weapons")
    assert code == 0 and "epee-a-deux-mains" in out
    code, _, err = run(capsys, "content", "schema", "harp/nothing")
    assert code == 2 and "unknown kind" in err


def test_shipped_content_validates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "content", "validate")
    assert code == 0 and "all valid" in out


def test_demo_is_seeded_and_told_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "demo", "--seed", "11")
    assert code == 0 and "Round 1" in first
    code, again, _ = run(capsys, "demo", "--seed", "11")
    assert again == first
    code, other, _ = run(capsys, "demo", "--seed", "12")
    assert other != first
    code, french, _ = run(capsys, "--lang", "fr", "demo", "--seed", "11")
    assert code == 0 and "attaque" in french and "attacks" not in french


def test_console_script_runs() -> None:
    exe = Path(sys.executable).with_name("estoc")
    result = subprocess.run([str(exe), "--lang", "en", "attack", "--weapon", "epee", "--armor-type", "12"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("estoc: ") and "Traceback" not in result.stderr
    help_text = subprocess.run([str(exe), "--lang", "fr", "--help"], capture_output=True, text=True, check=False)
    assert help_text.returncode == 0 and "Moteur de combat" in help_text.stdout


def test_help_screens_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "attack", "--help")
    assert code == 0
    assert out.startswith("Usage : estoc attack") and "Options :" in out and "Afficher cette aide" in out
    assert "Show this message" not in out and "[default" not in out
    code, out, _ = run(capsys, "--lang", "fr")
    assert code == 0 and "Commandes :" in out


def test_zero_damage_hit_is_told_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack", "--table", "lames-1m", "--armor-type", "10", "--ob", "0", "--db", "49",
                       "--roll", "50")
    assert code == 0 and "no damage" in out and "Total" not in out


def test_estoc_content_environment_variable(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "w.yaml").write_text(
        "system: harp\nkind: weapons\nrecords:\n  - id: rapiere\n    name: {fr: Rapière, en: Rapier}\n"
        "    kind: melee\n    table: pointes\n    size: small\n    group: lames\n    fumble: 2\n", encoding="utf-8")
    monkeypatch.setenv("ESTOC_CONTENT", str(tmp_path))
    code, out, _ = run(capsys, "attack", "--weapon", "rapiere", "--roll", "50", "--json")
    assert code == 0 and json.loads(out)["table"] == "pointes"
    monkeypatch.setenv("ESTOC_LANG", "fr")
    code, out, err = run(capsys, "attack", "--weapon", "inconnue")
    assert code == 2 and "arme inconnue" in err


def test_attack_at_range_behind_cover(capsys: pytest.CaptureFixture[str]) -> None:
    """A long bow at 95 m (increment 18: the 6th, −70) on a target behind solid half cover (+40 against shots);
    engaged in contact, −100 more; closer than 2 m, refused."""
    args = ("attack", "--weapon", "arc-long", "--ob", "80", "--db", "20", "--roll", "70", "--json")
    code, out, _ = run(capsys, *args, "--distance", "95", "--cover", "demi-couvert-resistant")
    assert code == 0
    data = json.loads(out)
    assert data["ob"] == 10 and data["defence"] == 60
    code, out, _ = run(capsys, *args, "--distance", "30", "--engaged")
    assert code == 0 and json.loads(out)["ob"] == 80 - 20 - 100
    code, out, err = run(capsys, *args, "--distance", "1")
    assert code == 2 and not out and "2 m" in err
    code, out, err = run(capsys, *args, "--cover", "un-mur")
    assert code == 2 and "un-mur" in err


def test_distance_and_cover_words_at_the_table() -> None:
    from estoc.systems.harp import commands

    event = commands.to_event(commands.parse("distance halvard orque 30"), None)
    assert event == {"type": "gm", "op": "distance", "ids": ["halvard", "orque"], "value": 30}
    event = commands.to_event(commands.parse("couvert orque demi-couvert-resistant"), None)
    assert event == {"type": "gm", "op": "cover", "target": "orque", "cover": "demi-couvert-resistant"}
