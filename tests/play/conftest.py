"""Fixtures for play: the HARP system over the shipped content, the sample encounter, a store in a temp folder."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from estoc.content.registry import Content
from estoc.play.harp import HarpPlay
from estoc.play.store import EventStore
from estoc.systems.harp.encounter import load_encounter
from estoc.systems.harp.tables import HarpTables

SAMPLE = Path(str(resources.files("estoc.play").joinpath("samples", "embuscade.yaml")))


@pytest.fixture(scope="session")
def system(content: Content, tables: HarpTables) -> HarpPlay:
    return HarpPlay(content, tables)


@pytest.fixture(scope="session")
def sample_setup(content: Content) -> dict[str, Any]:
    return {"encounter": load_encounter(SAMPLE, content).setup, "seed": 11}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with EventStore(tmp_path / "fights.db") as s:
        yield s
