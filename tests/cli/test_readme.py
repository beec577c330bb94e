"""Every ``estoc …`` line of the README runs: its placeholders replaced by shipped samples, in a fresh HOME."""

from __future__ import annotations

import io
import re
import shlex
import shutil
from pathlib import Path

import pytest

from estoc.cli import main

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "src" / "estoc" / "play" / "samples"
SMALL_RUN = "300"
"""Fights a README simulation is cut to here (the README's millions belong to a GM's machine, not a test)."""


def readme_commands() -> list[str]:
    """The ``estoc`` command lines of the README's code blocks, in order, comments and set-up prefixes dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
        for line in block.splitlines():
            line = line.split(" #", 1)[0].strip()
            if "&& .venv/bin/estoc " in line:  # the set-up line's last step
                line = "estoc " + line.split("&& .venv/bin/estoc ", 1)[1]
            if line.startswith("estoc "):
                lines.append(line)
    return lines


def test_the_readme_has_its_commands() -> None:
    commands = readme_commands()
    assert len(commands) >= 20 and "estoc demo" in commands
    assert not any("--b " in command for command in commands)


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh HOME and data folder; the README's own files made from the samples."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.delenv("ESTOC_CONTENT", raising=False)
    monkeypatch.delenv("ESTOC_LANG", raising=False)
    monkeypatch.chdir(tmp_path)
    shutil.copy(SAMPLES / "embuscade.yaml", tmp_path / "mon-embuscade.yaml")
    shutil.copy(SAMPLES / "heroes-extra.yaml", tmp_path / "heroes-extra.yaml")
    (tmp_path / "coups.txt").write_text("auto all\nundo\nauto end all\n", encoding="utf-8")
    tables = home / "mes-tables"
    tables.mkdir()
    shutil.copy(ROOT / "src" / "estoc" / "content" / "data" / "harp" / "cover.yaml", tables / "cover.yaml")
    return tmp_path


def arguments(command: str, home: Path) -> list[str]:
    args = shlex.split(command.replace("~", str(home)))[1:]
    args = [str(ROOT / arg) if arg.startswith("src/") else arg for arg in args]
    for i, arg in enumerate(args[:-1]):
        if arg == "-n":
            args[i + 1] = SMALL_RUN
    return args


@pytest.mark.parametrize("command", readme_commands())
def test_a_readme_command_runs(command: str, place: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    home = place / "home"
    if re.search(r"(--resume|export) 3\b", command):
        # The README's fight 3 is the third one stored: store three first, then take the third.
        for _ in range(3):
            monkeypatch.setattr("sys.stdin", io.StringIO("auto\nquit\n"))
            assert main(["fight", str(place / "mon-embuscade.yaml"), "--no-ask"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("auto\nquit\n"))
    code = main(arguments(command, home))
    out, err = capsys.readouterr()
    assert code == 0, f"{command}: {err}"
    assert out and "Traceback" not in out + err
