"""A whole fight of each system, told three ways: the GM's narration is exactly what the terminal prints; the players'
tells no adversary's hit points or endurance; revealed, it tells them again. In English and in French."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.web.conftest import make_session

from estoc.cli.fight import handle, record_lines
from estoc.content.registry import Content
from estoc.i18n import pick, set_language
from estoc.web.session import GM_ONLY_KINDS, GM_ONLY_VERBS, FightSession

SETUP = {"harp": [], "d100": ["actions"], "tor": ["close", "fight"]}
"""What the GM types before ``auto end all`` (on the samples embuscade, pont and gue)."""
NUMBER = re.compile(r"-?\d+\s*(?:HP|hit points?|endurance|PdV|PV|points? de vie|points? d'endurance|d'endurance)\b")
"""A number of hit points or endurance, as each system's narration says it in either language."""


@pytest.fixture
def lang_reset() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture(scope="module")
def played(content: Content, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[dict[str, tuple[FightSession, str]]]:
    """Each system's sample fight played to its end; what the terminal printed while it was played (in English)."""
    set_language("en")
    fights = {}
    for system in SETUP:
        session = make_session(content, Path(tmp_path_factory.mktemp(system)) / "fight.db", system)
        out = io.StringIO()
        for line in [*SETUP[system], "auto end all"]:
            handle(session.tracker, line, out)
        assert session.tracker.fight.view()["over"], system
        fights[system] = (session, out.getvalue())
    yield fights
    for session, _printed in fights.values():
        session.close()


def _adversaries(session: FightSession) -> list[str]:
    return [pick(row["name"]) for row in session.tracker.fight.view()["combatants"] if not row.get("player")]


def _leaks(lines: list[str], names: list[str]) -> list[str]:
    return [line for line in lines if any(name in line for name in names) and NUMBER.search(line)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("system", list(SETUP))
def test_a_whole_fight_told_to_the_gm_and_to_the_players(played: dict[str, tuple[FightSession, str]], system: str,
                                                         lang: str, lang_reset: None) -> None:
    session, printed = played[system]
    if lang == "en":  # what the terminal printed as the fight was played, command by command
        gm = session.log_lines("gm")
        assert "\n".join(gm).endswith(printed.rstrip("\n"))
    set_language(lang)
    session.reveal = False
    out = io.StringIO()
    handle(session.tracker, "log", out)
    gm = session.log_lines("gm")
    assert gm == out.getvalue().rstrip("\n").split("\n")  # the terminal's log, line for line

    foes = _adversaries(session)
    assert _leaks(gm, foes), system  # (the GM reads the adversaries' numbers: the check below is not empty)
    players = session.log_lines("players")
    assert not _leaks(players, foes), _leaks(players, foes)[:5]
    assert len(players) < len(gm) or system != "d100"  # d100: what got through an adversary's armour is left out

    session.reveal = True
    try:
        shown = session.log_lines("players")
        told = [line for record in session.tracker.records
                if not (record.get("kind") in GM_ONLY_KINDS
                        or (record.get("kind") == "tracker" and record.get("verb") in GM_ONLY_VERBS))
                for line in record_lines(session.tracker, record) if line]
        assert shown == told and _leaks(shown, foes)
    finally:
        session.reveal = False
