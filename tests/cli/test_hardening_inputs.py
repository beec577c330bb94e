"""Inputs from outside, second pass (issue 30): pipes and devices never read nor replaced, bad bytes and long lines
refused in words, any output encoding, a damaged setup said damaged, ids unique in a folder, every reference of a
combatant checked, booleans no numbers, no control characters in names, a byte order mark accepted."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.cli_helpers import run

from estoc.content.registry import load_content, load_folder
from estoc.errors import ContentError
from estoc.systems.harp.encounter import load_encounter

SAMPLE = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples" / "embuscade.yaml"
ESTOC = [sys.executable, "-m", "estoc"]


def _estoc(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None,
           timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*ESTOC, *args], input=stdin, capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


@pytest.fixture
def stored(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    script = tmp_path / "three.txt"
    script.write_text("auto\nauto\nauto\n", encoding="utf-8")
    db = tmp_path / "f.db"
    assert run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db), "--seed", "4")[0] == 0
    return db


def _record(system: str, kind: str, record_id: str) -> dict[str, Any]:
    found = load_content(use_env=False).kind(system, kind)[record_id]
    return found.record.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def _content_file(folder: Path, name: str, system: str, kind: str, records: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    # YAML 1.2 reads JSON: one record a line, so that each has its own line number.
    lines = ["schema_version: 1", f"system: {system}", f"kind: {kind}", "records:"]
    lines += [f"  - {json.dumps(record, ensure_ascii=False)}" for record in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# ----------------------------------------------------------------------------------- pipes, devices, folders

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_force_never_replaces_a_pipe(capsys: pytest.CaptureFixture[str], stored: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)
    code, _, err = run(capsys, "log", "export", "1", "--db", str(stored), "--out", str(pipe), "--force")
    assert code == 2 and "not a regular file" in err and len(err.strip().splitlines()) == 1
    assert pipe.is_fifo()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_content_table_that_is_a_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    table = _record("harp", "attack-tables", next(iter(load_content(use_env=False).kind("harp", "attack-tables"))))
    table.pop("rows", None)
    table.update(id="table-tuyau", cells="tuyau.csv")
    _content_file(folder, "attack-tables.yaml", "harp", "attack-tables", [table])
    os.mkfifo(folder / "tuyau.csv")
    done = _estoc("--lang", "en", "content", "validate", str(folder), timeout=60)  # (it used to wait for ever)
    err = done.stderr.decode()
    assert done.returncode == 2 and "tuyau.csv" in err and "not a regular file" in err, err
    assert "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
@pytest.mark.parametrize("what", ["script", "store"])
def test_a_script_or_a_store_that_is_a_pipe_is_refused(tmp_path: Path, what: str) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    script = tmp_path / "ok.txt"
    script.write_text("status\n", encoding="utf-8")
    db = tmp_path / "f.db"
    args = ["--script", str(pipe if what == "script" else script), "--db", str(pipe if what == "store" else db)]
    done = _estoc("--lang", "fr", "run", str(SAMPLE), *args, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 2 and ("pipe" in err.lower() or "tube" in err.lower()), err
    assert "Traceback" not in err and pipe.is_fifo()


# --------------------------------------------------------------------------------- bytes, lines, encodings

def test_bytes_that_are_not_text_in_a_script_are_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_bytes(b"status\nattack orque-1 \xff\n")
    code, _, err = run(capsys, "--lang", "en", "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db",
                       str(tmp_path / "f.db"))
    assert code == 2 and f"{script}:2" in err and "0xff" in err and "UTF-8" in err


def test_bytes_that_are_not_text_at_the_terminal_are_refused_in_words(tmp_path: Path) -> None:
    done = _estoc("--lang", "fr", "fight", str(SAMPLE), "--no-ask", "--db", str(tmp_path / "f.db"),
                  stdin=b"attaquer orque-1 \xff\xfe\nsituation\nquitter\n", env={"XDG_STATE_HOME": str(tmp_path)})
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, out
    assert "UTF-8" in out and "unexpected" not in out and "inattendue" not in out
    assert not list(tmp_path.rglob("crash-*"))


def test_a_long_line_is_refused_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "long.txt"
    script.write_text("note " + "x" * 1_000_000 + "\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "en", "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db",
                       str(tmp_path / "f.db"))
    assert code == 2 and f"{script}:1" in err and "500 characters at most" in err


def test_control_characters_in_a_line_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "esc.txt"
    script.write_text("note orque-1 \x1b[2Jhello\n", encoding="utf-8")
    code, _, err = run(capsys, "--lang", "en", "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db",
                       str(tmp_path / "f.db"))
    assert code == 2 and "control characters" in err


def test_a_byte_order_mark_is_accepted(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "bom.txt"
    script.write_bytes("\ufeffauto\n".encode())
    code, _out, err = run(capsys, "--lang", "en", "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db",
                         str(tmp_path / "f.db"))
    assert code == 0, err


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_any_output_encoding_works(tmp_path: Path, encoding: str) -> None:
    done = _estoc("--lang", "fr", "demo", env={"PYTHONIOENCODING": encoding, "XDG_STATE_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert b"Round" in done.stdout or b"Tour" in done.stdout
    assert b"Traceback" not in done.stderr


# ------------------------------------------------------------------------------------------- damaged store

@pytest.mark.parametrize("setup", [{"seed": 1}, {"seed": 1, "encounter": "orcs"},
                                   {"seed": 1, "encounter": {"system": "harp", "sides": 3}}])
@pytest.mark.parametrize("command", [["fight", "--resume", "1", "--no-ask"], ["log", "export", "1"], ["serve",
                                                                                                      "--resume", "1"]])
def test_a_damaged_setup_is_said_damaged(capsys: pytest.CaptureFixture[str], stored: Path, setup: dict[str, Any],
                                         command: list[str]) -> None:
    with sqlite3.connect(stored) as db:
        db.execute("UPDATE fights SET setup = ?", (json.dumps(setup),))
    code, _, err = run(capsys, "--lang", "fr", *command, "--db", str(stored))
    assert code != 0 and "endommagé" in err and "KeyError" not in err and len(err.strip().splitlines()) == 1


# -------------------------------------------------------------------------------------------------- content

def test_an_id_given_in_two_files_of_a_folder_names_both(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    dagger = _record("harp", "weapons", "dague")
    first = _content_file(folder, "a.yaml", "harp", "weapons", [{**dagger, "id": "lame-noire"}])
    second = _content_file(folder, "b.yaml", "harp", "weapons", [dagger, {**dagger, "id": "lame-noire"}])
    with pytest.raises(ContentError) as caught:
        load_folder(folder, load_content(use_env=False))
    [problem] = caught.value.problems
    assert problem.startswith(f"{second}:6:") and f"{first}:5" in problem and "lame-noire" in problem


def test_validate_checks_what_a_hero_carries(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    hero = _record("harp", "heroes", "brundar")
    hero["weapons"][0]["weapon"] = "epee-de-verre"
    path = _content_file(folder, "heroes.yaml", "harp", "heroes", [{**hero, "id": "brundar-2"}])
    d100 = _record("d100", "characters", next(iter(load_content(use_env=False).kind("d100", "characters"))))
    d100["weapons"][0]["weapon"] = "massue-de-verre"
    other = _content_file(folder, "characters.yaml", "d100", "characters", [{**d100, "id": "perso-2"}])
    code, _, err = run(capsys, "--lang", "en", "content", "validate", str(folder))
    assert code == 2 and f"{path}:5" in err and "epee-de-verre" in err
    assert f"{other}:5" in err and "massue-de-verre" in err
    code, out, _ = run(capsys, "content", "validate")
    assert code == 0 and "all valid" in out  # every shipped combatant builds


@pytest.mark.parametrize("where", ["content", "encounter"])
def test_true_is_no_schema_version(tmp_path: Path, where: str) -> None:
    if where == "content":
        path = _content_file(tmp_path, "w.yaml", "harp", "weapons", [_record("harp", "weapons", "dague")])
        path.write_text(path.read_text(encoding="utf-8").replace("schema_version: 1", "schema_version: true"),
                        encoding="utf-8")
        with pytest.raises(ContentError) as caught:
            load_folder(tmp_path, load_content(use_env=False))
    else:
        path = tmp_path / "e.yaml"
        path.write_text(SAMPLE.read_text(encoding="utf-8").replace("schema_version: 1", "schema_version: true"),
                        encoding="utf-8")
        (tmp_path / "heroes-extra.yaml").write_text(
            (SAMPLE.parent / "heroes-extra.yaml").read_text(encoding="utf-8"), encoding="utf-8")
        with pytest.raises(ContentError) as caught:
            load_encounter(path, load_content(use_env=False))
    assert any("schema_version" in p for p in caught.value.problems)


@pytest.mark.parametrize("name", ["Dague\x00", "Da\x1b[31mgue", "Dague\x07"])
def test_control_characters_in_a_name_are_refused(tmp_path: Path, name: str) -> None:
    path = _content_file(tmp_path, "w.yaml", "harp", "weapons",
                         [{**_record("harp", "weapons", "dague"), "id": "dague-2", "name": {"fr": name, "en": "D"}}])
    with pytest.raises(ContentError) as caught:
        load_folder(tmp_path, load_content(use_env=False))
    assert any(str(path) in p and "control characters" in p for p in caught.value.problems)


def test_true_is_no_number_in_any_record() -> None:
    """Every whole-number field of every shipped record refuses ``true`` (YAML's booleans are ints to Python)."""
    import pydantic

    tried = 0
    for (_system, _kind), records in load_content(use_env=False).records.items():
        for item in records.values():
            model = type(item.record)
            data = item.record.model_dump(mode="python", by_alias=True)
            for field, value in data.items():
                if type(value) is not int:
                    continue
                tried += 1
                with pytest.raises(pydantic.ValidationError):
                    model.model_validate({**data, field: True})
    assert tried > 500


def test_the_command_lines_markdown_export_escapes_names_and_notes(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    script = tmp_path / "notes.txt"
    script.write_text("note orque-1 <script>alert(1)</script> [clic](javascript:alert(2)) *gras* `code`\n",
                      encoding="utf-8")
    db = tmp_path / "f.db"
    assert run(capsys, "run", str(SAMPLE), "--no-ask", "--script", str(script), "--db", str(db))[0] == 0
    with sqlite3.connect(db) as store:
        store.execute("UPDATE fights SET name = ?", ("<img src=x onerror=alert(3)>",))
    code, out, _ = run(capsys, "log", "export", "1", "--db", str(db))
    assert code == 0 and out.startswith("# &lt;img src=x onerror=alert(3)&gt;")
    assert "<script>" not in out and "<img" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "\\[clic\\](javascript:alert(2))" in out and "\\*gras\\*" in out and "\\`code\\`" in out
