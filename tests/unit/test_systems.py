"""The registry of rule systems and the public surface."""

from __future__ import annotations

import pytest

import estoc
from estoc.errors import InputError


def test_find_system_by_id_and_alias() -> None:
    assert estoc.find_system("harp") is estoc.HARP
    assert estoc.find_system("TdM") is estoc.HARP
    with pytest.raises(InputError):
        estoc.find_system("gurps")


def test_public_surface() -> None:
    for name in estoc.__all__:
        assert hasattr(estoc, name), name
