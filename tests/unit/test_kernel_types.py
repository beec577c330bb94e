"""Each kernel's Protocol (``kernel_type.py``) is what ``tools/kernel_types.py`` writes from its stub, lists every
entry point of the stub, and the module ``kernel_of`` gives has each of them."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("kernel_types", ROOT / "tools" / "kernel_types.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["kernel_types"] = module
    spec.loader.exec_module(module)
    return module


def test_the_protocols_are_written_from_the_stubs() -> None:
    tool = _tool()
    stale = [str(path.relative_to(ROOT)) for path, text in tool.generated().items()  # type: ignore[attr-defined]
             if path.read_text(encoding="utf-8") != text]
    assert stale == [], f"regenerate with: python tools/kernel_types.py ({stale})"


def test_a_stub_entry_point_reaches_the_protocol() -> None:
    tool = _tool()
    text = tool.protocol_source("harp", "def py_new(F: Fights, w: int) -> int: ...\n")  # type: ignore[attr-defined]
    assert "def py_new(self, F: _stub.Fights, w: int) -> int: ..." in text


@pytest.mark.parametrize("system", ["harp", "d100", "tor"])
def test_the_kernel_has_every_entry_point(system: str) -> None:
    stub = ast.parse((ROOT / "src" / "estoc" / "systems" / system / "kernel.pyi").read_text(encoding="utf-8"))
    names = [node.name for node in stub.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    worlds = importlib.import_module(f"estoc.systems.{system}.worlds")
    kernel = worlds.kernel()
    assert [name for name in names if not hasattr(kernel, name)] == []
    assert worlds.kernel_of(kernel.Fights()) is kernel
