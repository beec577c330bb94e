"""``estoc run``: the line after a command answers the die it waits for, in the three systems; a script that ends
on a question, or answers it with something else, says so and stores nothing of that command."""

from __future__ import annotations

import sqlite3
from importlib import resources
from pathlib import Path

import pytest
from tests.cli.test_cli import run

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))


def stored(db: Path) -> list[str]:
    with sqlite3.connect(db) as store:
        return [row[0] for row in store.execute("SELECT event FROM events ORDER BY seq")]


@pytest.mark.parametrize(("sample", "lines", "told"), [
    ("embuscade", ["7", "5", "estoc", "9", "3", "attaquer orque-1", "88", "41", "annuler"],
     ["> 88", "jet 88", "Critique C (Tranchant), jet 41", "Annulé : attaquer orque-1"]),
    ("pont", ["actions", "passer", "auto tout", "estoc", "12"], ["jet de défense (d100)", "> 12"]),
    ("gue", ["auto", "10", "6 6 6 6 6 6 6 6"], ["jet d'attaque (d12)",
                                                "Inutile, écarté"]),
])
def test_a_script_answers_the_players_dice(capsys: pytest.CaptureFixture[str], tmp_path: Path, sample: str,
                                           lines: list[str], told: list[str]) -> None:
    script, db = tmp_path / "s.txt", tmp_path / "f.db"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "--lang", "fr", "run", str(SAMPLES / f"{sample}.yaml"), "--script", str(script),
                         "--db", str(db), "--seed", "3")
    assert code == 0, err
    for text in told:
        assert text in out, (text, out)
    assert any('"answers"' in payload for payload in stored(db))


def test_a_script_that_ends_on_a_question_or_answers_it_wrong(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    script, db = tmp_path / "s.txt", tmp_path / "f.db"
    script.write_text("7\n5\n", encoding="utf-8")
    code, _out, err = run(capsys, "--lang", "fr", "run", str(SAMPLES / "embuscade.yaml"), "--script", str(script),
                          "--db", str(db), "--seed", "3")
    assert code == 2 and "le script s'achève alors qu'un dé est attendu" in err and "Faralinde" in err
    assert stored(db) == []  # the opening waits on its last initiative die: nothing begun
    script.write_text("7\nattaquer orque-1\n", encoding="utf-8")
    code, _out, err = run(capsys, "--lang", "en", "run", str(SAMPLES / "embuscade.yaml"), "--script", str(script),
                          "--db", str(tmp_path / "g.db"), "--seed", "3")
    assert code == 2 and "s.txt:2:" in err and "a d10 shows 1 to 10" in err and "--no-ask" in err
