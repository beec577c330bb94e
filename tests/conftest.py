"""Shared fixtures: the shipped content and its compiled tables (loaded once)."""

from __future__ import annotations

import pytest

from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.i18n import set_language
from estoc.systems.harp.tables import HarpTables, compile_tables


@pytest.fixture(scope="session")
def content() -> Content:
    return load_folder(shipped_folder())


@pytest.fixture(scope="session")
def tables(content: Content) -> HarpTables:
    return compile_tables(content)


@pytest.fixture(autouse=True)
def english() -> None:
    """Tests read English unless they choose otherwise."""
    set_language("en")
