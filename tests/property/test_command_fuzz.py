"""A fuzzer of the command language, over the sessions of the three systems (HARP's ambush, the d100 bridge, the
One Ring ford): any line, well formed or not, is either refused with an ``EstocError`` that changes nothing and
stores nothing, or it runs, and then one undo gives back exactly the state before it and one redo the state after
it. Bounded in time: few examples, a deadline on each."""

from __future__ import annotations

import io
import tempfile
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.cli.fight import handle
from estoc.content.registry import load_folder, shipped_folder
from estoc.engine.protocol import FightSystem
from estoc.errors import EstocError
from estoc.play.store import EventStore
from estoc.play.systems import fight_system, read_encounter
from estoc.play.tracker import Tracker

SAMPLES = Path(__file__).parents[2] / "src" / "estoc" / "play" / "samples"
FOLDER = tempfile.TemporaryDirectory(prefix="estoc-fuzz-")


@cache
def session(name: str) -> tuple[FightSystem, dict[str, Any], EventStore, list[str], list[str]]:
    """The system, setup, a store, the command words and the combatants' ids of a sample fight."""
    content = load_folder(shipped_folder())
    loaded = read_encounter(SAMPLES / f"{name}.yaml", content)
    system = fight_system(loaded.system, content)
    setup = {"encounter": loaded.setup, "seed": 13}
    ids = [row["id"] for row in system.new_fight(setup).view()["combatants"]]
    words = [word for en, fr, _help in system.commands() for word in (en, fr) if word not in ("quit", "quitter")]
    return system, setup, EventStore(Path(FOLDER.name) / f"{name}.db"), words, ids


NUMBERS = st.one_of(st.integers(-3, 120), st.integers(-10**30, 10**30)).map(str)
NOISE = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
HOSTILE = st.sampled_from(["\udcff\udcfe", "\x00", "\x1b[2J", "\x07", "\t", "\x9b", "x" * 600, "\ufeff"])
"""What a terminal or a file hands over: bytes that are not UTF-8 (surrogate escapes), control characters, a line
past the limit, a byte order mark."""
EXTRA = st.sampled_from(["roll", "jet", "parry", "parade", "crit", "all", "tout", "end", "fin", "as", "stun",
                         "bleed", "etourdi", "forward", "open", "defensive", "rearward", "1d6", "", "-", "#",
                         "las", "regain", "fatale", "oui", "off", "comme", "absent.yaml", "gorm", "orque"])


@st.composite
def lines(draw: st.DrawFn, words: list[str], ids: list[str]) -> str:
    if draw(st.integers(0, 9)) == 0:
        return draw(NOISE)
    parts = [draw(st.sampled_from(words))]
    for _arg in range(draw(st.integers(0, 4))):
        parts.append(draw(st.one_of(st.sampled_from(ids), NUMBERS, EXTRA, NOISE, HOSTILE)))
    return " ".join(parts)


def check_session(name: str, data: st.DataObject) -> None:
    system, setup, store, words, ids = session(name)
    tracker = Tracker.create(store, system, "fuzz", setup)
    for line in data.draw(st.lists(lines(words, ids), min_size=1, max_size=5), label="lines"):
        before, version = tracker.fight.view(), tracker.version
        try:
            handle(tracker, line, io.StringIO())  # what the session runs, narration included
        except EstocError:
            assert tracker.fight.view() == before, line
            assert len(store.events(tracker.fight_id)) == version, line
            continue
        if tracker.version == version or tracker.events[-1]["type"] in ("undo", "redo"):
            continue
        assert tracker.version == version + 1, line  # one command, one stored event
        after = tracker.fight.view()
        assert tracker.undo() and tracker.fight.view() == before, line
        assert tracker.redo() and tracker.fight.view() == after, line
    assert Tracker(store, tracker.fight_id, system).fight.view() == tracker.fight.view()


FUZZ = settings(max_examples=20, deadline=timedelta(seconds=5), derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", ["embuscade", "gue", "pont"])
@FUZZ
@given(data=st.data())
def test_any_command_line_is_refused_cleanly_or_undone_exactly(name: str, data: st.DataObject) -> None:
    check_session(name, data)
