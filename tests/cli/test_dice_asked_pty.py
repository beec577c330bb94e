"""The players' dice asked at a real terminal (a pseudo-terminal, as a GM types): the question is the prompt, a
face or Enter answers it, ``annuler`` drops the command, and the stored fight, taken up again, is where the session
left it. In the three systems."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
from importlib import resources
from pathlib import Path

import pytest

from estoc.content.registry import load_content
from estoc.play.store import EventStore
from estoc.play.telling import resume

SAMPLES = Path(str(resources.files("estoc.play").joinpath("samples")))
QUESTION = re.compile(r"\(([a-z0-9-]+)\) — jet (?:d'|de )([^(]+?) \(d(\d+)")
"""A question as the French prompt words it: the roller's id, the roll, the die."""
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminal on Windows")


class Terminal:
    """estoc in a pseudo-terminal: what it wrote, and lines typed into it."""

    def __init__(self, *args: str, home: Path) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: estoc itself, its terminal the pty
            env = {**os.environ, "XDG_STATE_HOME": str(home), "XDG_DATA_HOME": str(home), "ESTOC_LANG": "fr",
                   "TERM": "dumb", "COLUMNS": "200",
                   "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
            os.execve(sys.executable, [sys.executable, "-m", "estoc", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.text = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")  # (a read may cut a character in two)

    def read_until(self, pattern: str, timeout: float = 60) -> str:
        """What estoc wrote until ``pattern`` shows (a regular expression over what came since the last call)."""
        start, seen = time.monotonic(), ""
        while not re.search(pattern, seen):
            if time.monotonic() - start > timeout:
                raise AssertionError(f"no {pattern!r} in:\n{seen}")
            ready, _w, _x = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    chunk = self.decoder.decode(os.read(self.fd, 65536))
                except OSError:
                    break
                seen += chunk
        self.text += seen
        return seen

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\r").encode())

    def close(self) -> int:
        _pid, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


PROMPT = r"(quelle face \? > |\] > )"


def answer_all(term: Terminal, seen: str, face: str = "") -> tuple[list[tuple[str, str, int]], str]:
    """Answer every question estoc asks until its board's prompt comes back; the questions (who, roll, die)."""
    asked = []
    while True:
        match = QUESTION.findall(seen.splitlines()[-1] if seen.strip() else "")
        if not seen.rstrip().endswith("quelle face ? >"):
            return asked, seen
        assert match, seen.splitlines()[-1]
        who, roll, sides = match[-1]
        asked.append((who, roll.strip(), int(sides)))
        term.type(face)
        seen = term.read_until(PROMPT)


@pytest.mark.parametrize(("sample", "opening", "players"), [
    ("embuscade", ["attaquer orque-1"], {"brundar", "halvard", "faralinde", "tamlin", "gandrel"}),
    ("pont", ["actions", "passer", "auto tout"], {"ysolde", "odon", "gaspard"}),
    ("gue", ["auto"], {"eirik-de-dale", "grani-barbe-grise", "faelwen-de-lindon", "maelor-le-rodeur",
                       "aldric-de-bree"}),
])
def test_a_round_at_the_terminal_with_the_players_dice_asked(tmp_path: Path, sample: str, opening: list[str],
                                                             players: set[str]) -> None:
    db = tmp_path / "f.db"
    term = Terminal("fight", str(SAMPLES / f"{sample}.yaml"), "--db", str(db), "--seed", "3", home=tmp_path)
    seen = term.read_until(PROMPT)
    asked, seen = answer_all(term, seen, "5")
    if asked:  # how to answer, said once, the prompt short
        assert term.text.count("Entrée : estoc le lance") == 1
    for line in opening:
        term.type(line)
        more, seen = answer_all(term, term.read_until(PROMPT), "5")
        asked += more
    assert asked, term.text
    assert {who for who, _roll, _sides in asked} <= players  # only the players' dice, never a creature's
    # A command waiting on a die is dropped whole by « annuler »: nothing stored.
    term.type("auto tout")
    seen = term.read_until(PROMPT)
    if "quelle face" in seen.splitlines()[-1]:
        term.type("annuler")
        assert "Annulé, rien n'est enregistré : auto tout" in term.read_until(PROMPT)
    # An answered command undone, then the session left.
    term.type("annuler")
    assert "Annulé : " in term.read_until(PROMPT)
    term.type("quitter")
    term.read_until(r"--resume")
    assert term.close() == 0
    # Taken up again: the fight as the session left it (the same board).
    with EventStore(db) as store:
        tracker = resume(store, "1", load_content())
        types = [e["type"] for e in tracker.events]
        assert types[0] == "begin" and "undo" in types
        assert any(e.get("answers") or any(step.get("answers") for step in e.get("events") or [])
                   for e in tracker.events), types  # (a batch keeps its turns' answers, each with its turn)
