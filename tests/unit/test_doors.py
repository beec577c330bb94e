"""The house's doors go one way (DESIGN.md, principle 5), over every module of the package.

Each module's imports are read from its source (module level, under ``TYPE_CHECKING``, and inside functions), each
module is put in its room, and the test fails on an import from a lower room into a higher one, on an import circle
among modules at module level, and on an import inside a function that does not say why it is there.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "estoc"

ROOMS: dict[str, int] = {
    "estoc": 11, "estoc.__main__": 11,
    "cli": 10, "web": 9, "play": 8, "sim": 7, "odds": 7, "render": 7, "systems": 6, "engine": 5, "content": 4,
    "files": 3, "dice": 3, "i18n": 2, "errors": 1, "crash": 0, "limits": 0,
}
"""Each room's height: a module may import its own room and any lower one, never a higher one, nor one of the same
height (the faces ``cli`` and ``web`` are not one room: the command line starts the web server, the web never uses
the command line; ``sim``, ``odds`` and ``render`` are siblings; ``play`` tells its fights through ``render``). The
package itself (``estoc``: its version, the public surface re-exported lazily) is loaded before any of its modules
and counts as the top; ``crash`` (crash logs) and ``limits`` (numeric bounds) import nothing of estoc."""

KNOWN_EXCEPTIONS: set[tuple[str, str]] = set()
"""Doors that still run the wrong way, each with the reason it is allowed for now."""

UNTOUCHED: set[str] = set()
"""Modules another piece of issue 24 rewrites (the One Ring's exchange reads the kernel): their imports inside
functions are theirs to keep or hoist; the doors and circles are checked there all the same."""

LAZY = re.compile(r"#\s*lazy:")
"""The comment that says why an import is inside a function (startup time, an optional dependency…)."""


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    level: str
    """``module`` (run on import), ``typing`` (under ``TYPE_CHECKING``), ``function`` (inside a function)."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "data" not in path.parts}


def _known(name: str) -> str:
    """The module ``name`` names, or its package (``from estoc.x import y`` where ``y`` is not a module)."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _targets(module: str, node: ast.Import | ast.ImportFrom, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        prefix = ".".join([*base, *([node.module] if node.module else [])])
    else:
        prefix = node.module or ""
    for alias in node.names:
        full = f"{prefix}.{alias.name}"
        yield full if full in MODULES else prefix


def _imports(module: str, path: Path) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"

    def walk(node: ast.AST, level: str) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in _targets(module, child, is_package):
                    if target == "estoc" or target.startswith("estoc."):
                        yield Import(module, _known(target), child.lineno, level)
                    elif level == "function":
                        yield Import(module, target, child.lineno, level)  # (the test of comments reads them)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from walk(child, "typing" if level == "module" else level)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                yield from walk(child, "function")
            else:
                yield from walk(child, level)

    yield from walk(tree, "module")


IMPORTS = [found for module, path in MODULES.items() for found in _imports(module, path)]


def room(module: str) -> str:
    """The room of a module: its first package under ``estoc`` (or the root module's own name)."""
    parts = module.split(".")
    if module in ROOMS:
        return module
    return parts[1]


def test_every_module_has_a_room() -> None:
    assert {module for module in MODULES if room(module) not in ROOMS} == set()


def upward(imports: list[Import]) -> list[str]:
    wrong = []
    for found in imports:
        if not found.target.startswith("estoc"):
            continue
        here, there = room(found.source), room(found.target)
        if here == there or (found.source, found.target) in KNOWN_EXCEPTIONS:
            continue
        if found.target == "estoc":
            continue  # the package itself (its version), loaded before any of its modules anyway
        if ROOMS[there] >= ROOMS[here]:
            wrong.append(f"{found.source}:{found.line} ({found.level}) imports {found.target}")
    return wrong


def test_no_door_runs_upward() -> None:
    assert upward(IMPORTS) == []


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    edges: dict[str, set[str]] = {}
    for found in IMPORTS:
        if found.level == "module" and found.source != found.target and found.target.startswith("estoc"):
            edges.setdefault(found.source, set()).add(found.target)
    assert circles(edges) == []


def test_every_import_inside_a_function_says_why() -> None:
    """estoc's modules and the others alike: an import inside a function is kept there for a reason (startup time,
    an optional dependency, a circle still to open), and the comment says which."""
    unexplained = []
    for module, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for found in IMPORTS:
            if found.source != module or found.level != "function" or module in UNTOUCHED:
                continue
            # The comment goes on the import's line, or above the group of imports it belongs to.
            k = found.line - 1
            while k > 0 and (lines[k - 1].strip().startswith(("from ", "import ")) or not lines[k - 1].strip()):
                k -= 1
            said = [lines[found.line - 1]]
            while k >= 1 and lines[k - 1].strip().startswith("#"):
                said.append(lines[k - 1])
                k -= 1
            if not any(LAZY.search(line) for line in said):
                unexplained.append(f"{module}:{found.line} imports {found.target}")
    assert sorted(set(unexplained)) == []


# --- the checks can fail ------------------------------------------------------------------------------------------

def test_an_upward_door_is_found() -> None:
    assert upward([Import("estoc.systems.harp.fight", "estoc.play.tracker", 3, "function")]) == [
        "estoc.systems.harp.fight:3 (function) imports estoc.play.tracker"]
    assert upward([Import("estoc.web.app", "estoc.cli.guard", 1, "module")]) != []
    assert upward([Import("estoc.sim.runner", "estoc.odds.attack", 1, "module")]) != []
    assert upward([Import("estoc.cli.fight", "estoc.play.tracker", 1, "module")]) == []


def test_a_circle_is_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("text, expected", [
    ("from estoc.play.tracker import Tracker", ["estoc.play.tracker"]),
    ("from estoc.systems.harp import kernel", ["estoc.systems.harp.kernel"]),
    ("from estoc.i18n import _", ["estoc.i18n"]),
])
def test_imports_are_read(text: str, expected: list[str]) -> None:
    node = ast.parse(text).body[0]
    assert isinstance(node, ast.ImportFrom)
    assert [_known(t) for t in _targets("estoc.cli.fight", node, False)] == expected
