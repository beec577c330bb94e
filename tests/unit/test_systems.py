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


def test_find_system_in_a_fresh_process() -> None:
    """The declarations are static: a process that imported nothing else finds every system and its names."""
    import subprocess
    import sys

    code = ("import estoc; s = estoc.find_system('harp'); print(s.id, estoc.find_system('one-ring').id, "
            "estoc.find_system('BRP').id)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.split() == ["harp", "tor", "d100"]


def test_every_entry_point_resolves() -> None:
    """Each declaration's entry points name objects that exist (a typo fails here, not at the table)."""
    from typing import get_args

    from estoc.systems.base import SYSTEMS, Entry

    for system in SYSTEMS:
        for which in get_args(Entry):
            assert callable(system.entry(which)) or system.entry(which) is not None, (system.id, which)


def test_a_system_without_an_entry_says_so() -> None:
    from dataclasses import replace

    bare = replace(estoc.HARP, odds_panel="")
    with pytest.raises(InputError, match="odds_panel"):
        bare.entry("odds_panel")


def test_the_faces_name_no_system() -> None:
    """Outside the systems themselves, no module picks a system by its id (``== "harp"``, a dict keyed by the
    systems): they read the declarations instead."""
    import ast
    from pathlib import Path

    from estoc.systems.base import system_ids

    ids = set(system_ids())
    package = Path(estoc.__file__).parent
    found = []
    for room in ("cli", "web", "play", "render", "sim", "odds", "engine"):
        for path in sorted((package / room).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
                if any(isinstance(side, ast.Constant) and side.value in ids for side in sides):
                    found.append(f"{path.relative_to(package)}:{node.lineno}")
                if isinstance(node, ast.Dict) and len(
                        {k.value for k in node.keys if isinstance(k, ast.Constant)} & ids) >= 2:
                    found.append(f"{path.relative_to(package)}:{node.lineno}")
    assert found == []
