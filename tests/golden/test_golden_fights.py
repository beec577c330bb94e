"""Golden fights: scripted fights with fixed dice (typed faces and a seed), their logs compared with reviewed files.

Set ``ESTOC_UPDATE_GOLDEN=1`` to write the logs again after a deliberate change, then review the diff.
"""

from __future__ import annotations

import io
import os
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from estoc.cli import main

FIGHTS = Path(__file__).with_name("fights")
CASES = sorted(p.stem for p in FIGHTS.glob("*.commands"))


@pytest.mark.parametrize("name", CASES)
def test_golden_fight(name: str, tmp_path: Path) -> None:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(["--lang", "en", "run", str(FIGHTS / f"{name}.yaml"), "--no-ask", "--script",
                     str(FIGHTS / f"{name}.commands"), "--seed", "4", "--db", str(tmp_path / "g.db")])
    assert code == 0
    expected = FIGHTS / f"{name}.log"
    if os.environ.get("ESTOC_UPDATE_GOLDEN"):
        expected.write_text(buffer.getvalue(), encoding="utf-8")
    assert buffer.getvalue() == expected.read_text(encoding="utf-8")
