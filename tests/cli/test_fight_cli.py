"""``estoc fight``, ``estoc run``, ``estoc log export``, ``estoc demo``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from tests.cli_helpers import run

SAMPLE = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples" / "embuscade.yaml"


def test_run_a_script_and_export_its_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "fight.txt"
    script.write_text("# the creatures, then everyone to the end\nauto all\nauto end all\n", encoding="utf-8")
    db = tmp_path / "f.db"
    code, out, _ = run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db), "--seed", "2")
    assert code == 0 and "Round 1" in out and "Summary after" in out
    code, out, _ = run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db), "--seed", "2",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["state"]["over"] and data["events"][0]["type"] == "begin"
    assert {"hits_dealt", "hits_taken", "crits_dealt", "crits_taken", "downed", "rounds"} <= set(
        data["summary"]["combatants"][0])
    code, out, _ = run(capsys, "fight", "list", "--db", str(db))
    assert code == 0 and out == "(2 fights played from scripts are not shown: add --all to see them.)\n"
    code, out, _ = run(capsys, "fight", "list", "--all", "--db", str(db))
    assert code == 0 and out.count("\n") == 2 and out.count(", finished, round ") == 2
    fight_id = data["fight"]
    code, out, _ = run(capsys, "log", "export", fight_id, "--db", str(db))
    assert code == 0 and out.startswith("# ") and "## Summary" in out and "## Round 1" in out
    target = tmp_path / "log.md"
    code, _, _ = run(capsys, "--lang", "fr", "log", "export", fight_id, "--db", str(db), "--out", str(target))
    assert code == 0 and "## Bilan" in target.read_text(encoding="utf-8")


def test_a_bad_script_line_stops_with_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("auto\nattack nobody\n", encoding="utf-8")
    code, _out, err = run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db",
                          str(tmp_path / "f.db"))
    assert code == 2 and f"{script}:2:" in err and "nobody" in err


def test_interactive_session(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "f.db"
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nstatus\nauto\nfoo\nquit\n"))
    code, out, _ = run(capsys, "fight", str(SAMPLE), "--no-ask", "--db", str(db), "--seed", "3")
    assert code == 0 and "total-parry / parade-totale" in out and "unknown command 'foo'" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("situation\nannuler\nquitter\n"))
    code, out, _ = run(capsys, "--lang", "fr", "fight", "--resume", "1", "--no-ask", "--db", str(db))
    assert code == 0 and "Round 1" in out


@pytest.mark.parametrize("args", [["fight"], ["fight", "--resume", "99"], "--no-ask", ["fight", "nowhere.yaml"],
                                  ["log", "export", "42"]])
def test_fight_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]) -> None:
    code, _out, err = run(capsys, *args, "--db", str(tmp_path / "f.db"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_malformed_encounter_and_corrupt_store(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nsystem: harp\nkind: encounter\nname: {fr: A, en: A}\nsides:\n"
                   "  - id: a\n    name: {fr: A, en: A}\n    members:\n      - creature: licorne\n", encoding="utf-8")
    code, _, err = run(capsys, "fight", str(bad), "--no-ask", "--db", str(tmp_path / "f.db"))
    assert code == 2 and f"{bad}:" in err
    store = tmp_path / "broken.db"
    store.write_bytes(b"garbage" * 100)
    code, _, err = run(capsys, "fight", "list", "--db", str(store))
    assert code == 2 and store.read_bytes() == b"garbage" * 100


def test_demo(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, first, _ = run(capsys, "demo", "--seed", "5")
    assert code == 0 and "Round 1" in first and "Summary after" in first and "Victory" in first
    code, again, _ = run(capsys, "demo", "--seed", "5")
    assert again == first
    monkeypatch.setattr("sys.stdin", io.StringIO("auto\nquit\n"))
    code, out, _ = run(capsys, "demo", "--interactive", "--seed", "5")
    assert code == 0 and "Summary after" in out
