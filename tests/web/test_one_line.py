"""The command box takes one command a line, every word of it used (issue 27): ``auto⏎undo⏎undo`` is refused whole
(it was read as ``auto``), a word left over is named; nothing is stored either way."""

from __future__ import annotations

import pytest
from tests.web.conftest import Served


@pytest.mark.parametrize("breaking", ["\n", "\r\n", "\r", "\u2028"])
def test_lines_in_the_box_are_refused_whole(served: Served, breaking: str) -> None:
    gm = served.tab("gm")
    gm.get("/lang/fr")
    before = served.version()
    answer = served.gm_post(gm, breaking.join(["auto", "undo", "undo"]))
    assert answer.status_code == 422, answer.text
    assert "une commande par ligne" in answer.text
    assert served.version() == before
    # (around the line, blanks and a line break left by the browser are no second line)
    assert served.gm_post(gm, f"  auto{breaking}").status_code == 200
    assert served.version() == before + 1


def test_a_word_left_over_is_named(served: Served) -> None:
    gm = served.tab("gm")
    gm.get("/lang/en")
    before = served.version()
    answer = served.gm_post(gm, "attack orque-1 orque-2")
    assert answer.status_code == 422, answer.text
    assert "word not used: orque-2" in answer.text
    assert served.version() == before
