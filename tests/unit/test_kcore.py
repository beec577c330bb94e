"""The kernels' shared core (estoc/engine/kcore.py): what every kernel uses for its dice, its log, its outcome and
its run, included into each kernel compiled (by setup.py) and interpreted (by load_twin), and named by each kernel's
fingerprint."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from estoc.content.registry import Content
from estoc.dice import KeyedDice
from estoc.engine import compiled
from estoc.engine.compiled import ENV, fingerprint, give_dice, load_kernel, load_twin, without_includes
from estoc.errors import KernelError
from estoc.systems.harp.encounter import encounter_from_setup
from estoc.systems.harp.sim import side_order
from estoc.systems.harp.tables import compile_tables
from estoc.systems.harp.worlds import Settings, array, build

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "src" / "estoc" / "engine" / "kcore.py"
OUTCOME = CORE.with_name("koutcome.py")
KERNELS = ("estoc.systems.harp.kernel", "estoc.systems.d100.kernel", "estoc.systems.tor.kernel")
INCLUDES = {"estoc.systems.harp.kernel": [CORE, OUTCOME], "estoc.systems.d100.kernel": [CORE, OUTCOME],
            "estoc.systems.tor.kernel": [CORE]}
"""What each kernel takes (the One Ring's outcome is its own, read from the counts it keeps)."""


@pytest.fixture(autouse=True)
def _compiled_form(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)


def _source(name: str) -> Path:
    return ROOT / "src" / Path(*name.split(".")).with_suffix(".py")


def _defined(tree: ast.Module) -> set[str]:
    """The names a module's top level defines (functions, classes, assignments)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _forms(name: str) -> list[ModuleType]:
    return [load_kernel(name), load_twin(name)]


@pytest.mark.parametrize("name", KERNELS)
def test_each_kernel_takes_the_core_and_defines_none_of_it(name: str) -> None:
    tree = ast.parse(_source(name).read_text(encoding="utf-8"))
    statements = [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.module
                  and node.module.startswith("estoc.engine.k")]
    assert [ROOT / "src" / Path(*str(node.module).split(".")).with_suffix(".py") for node in statements] == \
        INCLUDES[name], f"{name} takes each include by one statement"
    text = _source(name).read_text(encoding="utf-8")
    assert without_includes(text)[1] == INCLUDES[name]
    for node in statements:  # what the pattern takes is the whole statement, to its last name
        found = next(f for f in compiled.INCLUDE.finditer(text) if f.group(1) == str(node.module).rpartition(".")[2])
        assert found.group(0).count("\n") == (node.end_lineno or 0) - node.lineno
    for node, path in zip(statements, INCLUDES[name], strict=True):
        shared = _defined(ast.parse(path.read_text(encoding="utf-8")))
        taken = {alias.name for alias in node.names}
        assert taken <= shared, f"{name} takes names {path.name} does not define: {sorted(taken - shared)}"
        again = shared & _defined(tree)
        assert not again, f"{name} defines again what {path.name} defines: {sorted(again)}"
    # the plumbing lives in the core only: no kernel writes the keyed hash's constants again
    assert not re.search(r"0x9E3779B97F4A7C15|0xBF58476D1CE4E5B9", _source(name).read_text(encoding="utf-8"), re.I)


@pytest.mark.parametrize("name", KERNELS)
def test_the_compiled_kernel_and_its_twin_are_built_on_the_core(name: str) -> None:
    kernel, twin = _forms(name)
    for K in (kernel, twin):
        assert K.Fights.__mro__[1].__name__ == "Core" and K.Fights.__mro__[1] is K.Core
        F = K.Fights()
        assert (F.source, F.error, F.logging, F.log) == (None, None, 0, [])  # the core's __init__
    assert kernel.COMPILED is True and twin.COMPILED is False
    # the twin's core runs from the core's file, in the twin's namespace, and the kernel's lines keep their numbers
    assert twin.die.__code__.co_filename == str(CORE)
    lines = _source(name).read_text().splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("def fight_world("))
    while lines[line - 1].startswith("@"):
        line -= 1  # a decorated function's code starts at its first decorator
    assert twin.fight_world.__code__.co_firstlineno == line + 1


@pytest.mark.parametrize("name", KERNELS)
def test_every_kernels_dice_are_keyed_dice_through_the_core(name: str) -> None:
    """Compiled and interpreted, each kernel's keyed die is :class:`KeyedDice`'s, bit for bit, for every purpose,
    whatever the world's index in the run and the dice's number of faces."""
    seed = np.random.SeedSequence(2024)
    for K in _forms(name):
        F = K.Fights()
        F.count = 2
        give_dice(F, K.PURPOSES, 4 * F.count, seed, None)
        F.first_world = 1000
        for row, world in ((0, 0), (1, 7), (3, 123_456)):
            w = row * F.count
            K.py_seed_world(F, w, world)
            for purpose, label in enumerate(K.PURPOSES):
                expected = KeyedDice(seed, 1, first=1000 + world)
                for sides in (6, 12, 100):
                    faces = [K.py_die(F, w, purpose, sides) for _ in range(5)]
                    drawn = expected.draw(sides, 5, label, np.zeros(1, dtype=np.int64))
                    assert faces == list(drawn), (K.__name__, world, label, sides)
            assert int(np.asarray(F.counters)[w].sum()) == 15 * len(K.PURPOSES)


@pytest.mark.parametrize("name", KERNELS)
def test_the_play_source_is_asked_with_the_kernels_purposes(name: str) -> None:
    class Recording:
        def __init__(self) -> None:
            self.asked: list[tuple[int, int, str]] = []

        def draw(self, sides: int, n: int, purpose: str, worlds: object = None, who: int = -1) -> list[int]:
            self.asked.append((sides, n, purpose))
            return [sides]

    for K in _forms(name):
        F = K.Fights()
        source = Recording()
        give_dice(F, K.PURPOSES, 1, None, source)
        assert [K.py_die(F, 0, p, 6 + p) for p in range(len(K.PURPOSES))] == [6 + p for p in range(len(K.PURPOSES))]
        assert source.asked == [(6 + p, 1, label) for p, label in enumerate(K.PURPOSES)]


def test_the_runs_checks_are_the_cores(content: Content) -> None:
    for K in _forms(KERNELS[0]):
        F = K.Fights()
        F.count = 2
        give_dice(F, K.PURPOSES, 2, None, object())
        with pytest.raises(ValueError, match="keyed dice"):
            K.check_run(F, 1, 1)
        give_dice(F, K.PURPOSES, 2 * 8, 1, None)
        F.out_dice = np.zeros(3, dtype=np.int64)
        K.check_run(F, 3, 1)
        with pytest.raises(ValueError, match="a slot for each thread"):
            K.check_run(F, 3, 2)
        with pytest.raises(ValueError, match="an output row for each world"):
            K.check_run(F, 4, 1)


def test_harp_whole_fights_compiled_and_interpreted_agree_die_for_die(content: Content) -> None:
    """The duel and a four-a-side fight, 60 worlds each, on keyed dice: the same outputs in both forms."""
    tables = compile_tables(content)
    for heroes, foes in (([{"hero": "dafur"}], [{"creature": "orque"}]),
                         ([{"hero": h} for h in ("brundar", "halvard", "faralinde", "tamlin")],
                          [{"creature": "orque", "count": 4}])):
        enc = encounter_from_setup({
            "schema_version": 1, "system": "harp", "kind": "encounter", "name": {"fr": "x", "en": "x"},
            "sides": [{"id": "heros", "members": heroes}, {"id": "orques", "members": foes}]}, content)
        people = [c for _id, _side, c in enc.combatants]
        order = side_order(enc)
        sides = [order.index(side) for _id, side, _c in enc.combatants]
        outputs = []
        for K in _forms(KERNELS[0]):
            F = build(tables, people, sides, 60, settings=Settings(), seed=np.random.SeedSequence(9), first_world=40,
                      kernel_module=K)
            K.play_all(F, 60, 100, 1)
            outputs.append({name: array(F, name).copy() for name in (
                "out_winner", "out_rounds", "out_hp", "out_state", "out_dealt", "out_taken", "out_crits", "out_dice")})
        for name, values in outputs[0].items():
            assert np.array_equal(values, outputs[1][name]), name
        assert outputs[0]["out_dice"].min() > 0


@pytest.mark.parametrize("name", KERNELS)
def test_a_kernels_fingerprint_names_the_core(name: str, tmp_path: Path) -> None:
    source = _source(name)
    lines = fingerprint(source).splitlines()
    assert [line.split("  ")[1] for line in lines] == ["kernel.py", *(f"../../engine/{p.name}" for p in INCLUDES[name])]
    spec = importlib.util.spec_from_file_location("estoc_setup", ROOT / "setup.py")
    assert spec and spec.loader
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    assert setup.fingerprint(str(source)) == fingerprint(source)
    assert setup.INCLUDE.pattern == compiled.INCLUDE.pattern
    included = Path(setup.with_includes(str(source), name, str(tmp_path))).read_text()
    assert all(path.read_text() in included for path in INCLUDES[name])
    assert not compiled.INCLUDE.search(included.replace(CORE.read_text(), "").replace(OUTCOME.read_text(), ""))


def test_a_kernel_built_before_an_edit_of_the_core_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fingerprint holds the core's digest, so an edit of the core changes it; the loader then refuses every
    kernel built before, naming the core (the real file is never edited: other tests run beside this one)."""
    name = KERNELS[0]
    kernel = load_kernel(name)
    sidecar = Path(f"{kernel.__file__}.sha256").read_text()
    core_line = sidecar.splitlines()[1]
    assert core_line == f"{compiled.hashlib.sha256(CORE.read_bytes()).hexdigest()}  ../../engine/kcore.py"
    edited = sidecar.replace(core_line.split("  ")[0], "0" * 64)
    monkeypatch.setattr(compiled, "fingerprint", lambda source: edited)
    with pytest.raises(KernelError, match=r"built from another version of \S*engine/kcore\.py: rebuild it with .*pip"):
        load_kernel(name)


def test_the_import_of_the_core_is_blanked_line_for_line() -> None:
    text = ("import cython\nfrom estoc.engine.kcore import (\n    a, b,\n    c)\n"
            "from estoc.engine.koutcome import w\nx = a\n")
    blanked, included = without_includes(text)
    assert blanked == "import cython\n\n\n\n\nx = a\n" and included == [CORE, OUTCOME]
    assert without_includes("from estoc.engine.kcore import a, b\ny = 1\n") == ("\ny = 1\n", [CORE])
    assert without_includes("import cython\nfrom estoc.engine.words import x\n") == (
        "import cython\nfrom estoc.engine.words import x\n", [])


@pytest.mark.parametrize("name", KERNELS)
def test_the_worlds_lay_out_the_cores_slots(name: str) -> None:
    """A system's worlds give each thread the core's stride of rows (the compiled constant is C's only: the twin,
    the same text, shows it)."""
    codes = importlib.import_module(name.rpartition(".")[0] + ".codes")
    stride = codes.rule("SLOT_STRIDE") if hasattr(codes, "rule") else codes.CODES["SLOT_STRIDE"]
    assert stride == load_twin(name).SLOT_STRIDE == 8
