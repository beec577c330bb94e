"""The GM's session at the table (issue 16, "In a session"): through the shell's own input and output."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from estoc.cli.fight import COMPLETION_DELIMITERS, FightShell
from estoc.content.registry import Content
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"


def tracker_on(db: Path, content: Content, sample: str = "embuscade.yaml", seed: int = 2) -> Tracker:
    loaded = read_encounter(SAMPLES / sample, content)
    return Tracker.create(EventStore(db), fight_system(loaded.system, content), "t",
                          {"encounter": loaded.setup, "seed": seed})


class FakeReadline:
    """What the shell asks of readline: the completer, its delimiters, the line typed so far."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.delimiters = " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?"
        self.completer: Any = None

    def set_completer(self, completer: Any) -> None:
        self.completer = completer

    def get_completer(self) -> Any:
        return self.completer

    def set_completer_delims(self, delimiters: str) -> None:
        self.delimiters = delimiters

    def get_completer_delims(self) -> str:
        return self.delimiters

    def parse_and_bind(self, _text: str) -> None:
        pass

    def get_line_buffer(self) -> str:
        return self.line

    def get_begidx(self) -> int:
        # readline's own rule: the word starts after the last delimiter before the cursor.
        return max(self.line.rfind(d) for d in self.delimiters) + 1

    def get_endidx(self) -> int:
        return len(self.line)


def completions(shell: FightShell, readline: FakeReadline) -> list[str]:
    text = readline.line[readline.get_begidx():]
    found: list[str] = []
    while (word := readline.completer(text, len(found))) is not None:
        found.append(word)
    return found


@pytest.mark.parametrize(("sample", "line", "expected"), [
    ("embuscade.yaml", "att orque-", ["orque-1", "orque-2", "orque-3"]),
    ("embuscade.yaml", "attack orque-2", ["orque-2"]),
    ("embuscade.yaml", "attaquer orq", ["orque-1", "orque-2", "orque-3"]),
    ("pont.yaml", "attack jacq", None),
    ("gue.yaml", "attack orc", None),
])
def test_completion_across_hyphens(tmp_path: Path, content: Content, monkeypatch: pytest.MonkeyPatch,
                                   sample: str, line: str, expected: list[str] | None) -> None:
    tracker = tracker_on(tmp_path / "f.db", content, sample)
    shell = FightShell(tracker, stdin=io.StringIO(""), stdout=io.StringIO())
    readline = FakeReadline(line)
    monkeypatch.setitem(__import__("sys").modules, "readline", readline)
    shell.install_completion(readline)
    assert readline.delimiters == COMPLETION_DELIMITERS and "-" not in readline.delimiters
    found = completions(shell, readline)
    ids = [row["id"] for row in tracker.fight.view()["combatants"]]
    if expected is None:  # every id that starts so, whatever the sample names them
        expected = [i for i in ids if i.startswith(line.split()[-1])]
        assert expected
    assert found == expected


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("sample", "ids"), [("pont.yaml", ["ysolde", "jacquot-1", "jacquot-2", "gorm"]),
                                             ("gue.yaml", ["eirik", "grani"])])
def test_d100_and_one_ring_status_show_ids(tmp_path: Path, content: Content, sample: str, ids: list[str],
                                           lang: str) -> None:
    from estoc.i18n import pick, set_language

    set_language(lang)
    tracker = tracker_on(tmp_path / "f.db", content, sample)
    out = io.StringIO()
    FightShell(tracker, stdin=io.StringIO("status\nquit\n"), stdout=out).cmdloop()
    rows = {row["id"]: row for row in tracker.fight.view()["combatants"]}
    status = [line.strip() for line in out.getvalue().splitlines()]
    for wanted in ids:
        found = [cid for cid in rows if cid.startswith(wanted)]
        assert found, wanted
        for cid in found:
            # The board's row of each combatant shows its id (the word commands take), then its name (d100's row
            # leads with the DEX rank, the order it acts in).
            name = pick(rows[cid]["name"])
            lead = re.compile(r"^(\d+( \(\d+\))?\s+)?" + re.escape(cid) + r"\s+" + re.escape(name) + " ")
            assert any(lead.match(line.lstrip("▶ ")) for line in status), cid
    assert not any(line.endswith(" ") for line in out.getvalue().splitlines() if "(" in line)
