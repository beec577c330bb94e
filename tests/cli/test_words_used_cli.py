"""Words left over in a script's line or at the terminal (issue 27): the line is refused, the word named, in the
user's language; nothing of it is stored."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from tests.cli_helpers import run

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


@pytest.mark.parametrize(("sample", "line", "lang", "said"), [
    ("embuscade", "attaquer orque-1 orque-2", "fr", "mot en trop : orque-2"),
    ("embuscade", "pdv orque-1 40 orque-2", "en", "word not used: orque-2"),
    ("pont", "hp jacquot-1 5 banana", "en", "word not used: banana"),
    ("gue", "pdv orc-soldat-1 5 6 7", "fr", "mots en trop : 6, 7"),
])
def test_a_script_line_with_a_word_left_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, sample: str,
                                                   line: str, lang: str, said: str) -> None:
    def stored_events(*lines: str) -> tuple[int, str]:
        script = tmp_path / f"script-{len(lines)}.txt"
        script.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        db = tmp_path / f"f-{len(lines)}.db"
        code, _, err = run(capsys, "--lang", lang, "run", str(SAMPLES / f"{sample}.yaml"), "--no-ask", "--script",
                           str(script), "--db", str(db), "--seed", "3")
        with sqlite3.connect(db) as store:
            return int(store.execute("select count(*) from events").fetchone()[0]), f"{code} {script} {err}"

    plain, _said = stored_events("situation")
    events, err = stored_events("situation", line)
    assert err.startswith("2 ") and "script-2.txt:2" in err and said in err
    assert events == plain  # (the fight as it was before the line)


def test_at_the_terminal_undo_undo_is_refused_in_words(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "estoc", "--lang", "fr", "fight", str(SAMPLES / "embuscade.yaml"),
                           "--no-ask", "--db", str(tmp_path / "f.db")], input=b"annuler annuler\nquitter\n",
                          capture_output=True, timeout=60, env={**os.environ, "XDG_STATE_HOME": str(tmp_path)})
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, out
    assert "mot en trop : annuler" in out and "Traceback" not in out
