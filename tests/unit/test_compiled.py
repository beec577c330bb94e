"""The compiled kernels' loader: a toy kernel built with setup.py's own build command, then loaded fresh, stale,
missing and interpreted. The build needs a C compiler: without one the tests that compile are skipped, loudly, except
in CI (``CI=true``), where they fail."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from estoc.engine.compiled import ENV, fingerprint, load_kernel, load_twin
from estoc.errors import KernelError

ROOT = Path(__file__).resolve().parents[2]
TOY = Path(__file__).resolve().parents[1] / "kernel_fixture" / "toy_kernel.py"


def _setup() -> ModuleType:
    """setup.py's helpers (imported, not run: it calls ``setup()`` only as ``__main__``)."""
    spec = importlib.util.spec_from_file_location("estoc_setup", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiler() -> str | None:
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(command.split()[0])


def _toy_package(root: Path, package: str) -> str:
    """A package under ``root`` whose ``kernel.py`` is the toy kernel, importable; returns the kernel's name."""
    (root / package).mkdir()
    (root / package / "__init__.py").write_text("")
    shutil.copy(TOY, root / package / "kernel.py")
    sys.path.insert(0, str(root))
    return f"{package}.kernel"


def _forget(root: Path, package: str) -> None:
    sys.path.remove(str(root))
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]


@pytest.fixture(autouse=True)
def _compiled_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default form, whatever the environment running the tests asks."""
    monkeypatch.delenv(ENV, raising=False)


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The toy kernel built in place by setup.py's ``BuildKernels``, as an editable install builds the real ones."""
    if _compiler() is None:
        message = "no C compiler (cc): the compiled kernels cannot be built here; CI installs gcc"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from setuptools import Distribution

    setup = _setup()
    root = tmp_path_factory.mktemp("toy")
    name = _toy_package(root, "estoc_toy")
    dist = Distribution({
        "name": "estoc-toy",
        "package_dir": {"": str(root)},
        "ext_modules": setup.kernel_extensions([name], root=str(root), shared=False),  # its own utility code
        "cmdclass": {"build_ext": setup.BuildKernels},
    })
    build = dist.get_command_obj("build_ext")
    build.inplace = True  # type: ignore[attr-defined]
    build.build_lib = str(root / "build" / "lib")  # type: ignore[attr-defined]
    build.build_temp = str(root / "build" / "temp")  # type: ignore[attr-defined]
    dist.run_command("build_ext")
    yield name
    _forget(root, "estoc_toy")


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[str]:
    """The toy kernel's ``.py`` alone: never built."""
    name = _toy_package(tmp_path, "estoc_toy_plain")
    yield name
    _forget(tmp_path, "estoc_toy_plain")


def test_the_compiled_kernel_and_its_twin_agree(toy: str) -> None:
    kernel, twin = load_kernel(toy), load_twin(toy)
    assert kernel.COMPILED is True and twin.COMPILED is False
    assert kernel.__file__ and kernel.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert twin.__name__ == toy + "_twin" and twin.__file__ == str(Path(kernel.__file__).parent / "kernel.py")
    assert load_twin(toy) is twin
    rng = np.random.default_rng(7)
    a = rng.integers(0, 1_000_000, 5_000, dtype=np.intc)
    b = rng.integers(0, 1_000_000, 5_000, dtype=np.intc)
    compiled_out, twin_out = np.zeros_like(a), np.zeros_like(a)
    kernel.scores(a, b, compiled_out)
    twin.scores(a, b, twin_out)
    assert np.array_equal(compiled_out, twin_out)
    assert [kernel.score(int(x), int(y)) for x, y in zip(a[:50], b[:50], strict=True)] == list(twin_out[:50])
    tallies = kernel.Tally(), twin.Tally()
    for tally in tallies:
        for value in compiled_out[:100]:
            tally.add(int(value))
    assert (tallies[0].total, tallies[0].count) == (tallies[1].total, tallies[1].count) == (
        int(compiled_out[:100].sum()), 100)


def test_an_edited_source_is_refused_until_rebuilt(toy: str) -> None:
    kernel = load_kernel(toy)
    source = Path(kernel.__file__ or "").parent / "kernel.py"
    original = source.read_bytes()
    try:
        source.write_bytes(original + b"\n# an edit after the build\n")
        with pytest.raises(KernelError, match=r"built from another version of .*kernel\.py: rebuild it with .*pip "
                                              r"install -e") as caught:
            load_kernel(toy)
        assert caught.value.exit_code == 1
        pxd = source.with_suffix(".pxd")
        source.write_bytes(original)
        pxd.write_text("")  # an augmenting .pxd added since the build changes what the extension is built from
        with pytest.raises(KernelError, match="another version"):
            load_kernel(toy)
        pxd.unlink()
    finally:
        source.write_bytes(original)
    assert load_kernel(toy) is kernel


def test_an_extension_without_its_fingerprint_is_refused(toy: str) -> None:
    kernel = load_kernel(toy)
    sidecar = Path(f"{kernel.__file__}.sha256")
    hidden = sidecar.rename(sidecar.with_name("hidden"))
    try:
        with pytest.raises(KernelError, match="no record of the source it was built from"):
            load_kernel(toy)
    finally:
        hidden.rename(sidecar)


def test_the_fingerprint_is_setup_pys(toy: str) -> None:
    source = Path(load_kernel(toy).__file__ or "").parent / "kernel.py"
    assert Path(f"{load_kernel(toy).__file__}.sha256").read_text() == fingerprint(source) == _setup().fingerprint(
        str(source))


def test_a_missing_extension_is_refused(plain: str) -> None:
    with pytest.raises(KernelError, match=r"is not built \(Python found only .*kernel\.py\): rebuild it"):
        load_kernel(plain)


def test_the_interpreted_form_is_the_twin_when_asked(plain: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, "interpreted")
    kernel = load_kernel(plain)
    assert kernel is load_twin(plain) and kernel.COMPILED is False
    assert kernel.score(3, 4) == (3 * 31 + 4 * 17) % 101
    monkeypatch.setenv(ENV, "interpretd")
    with pytest.raises(KernelError, match="ESTOC_KERNEL='interpretd' is not a kernel form"):
        load_kernel(plain)


def test_fingerprints_name_the_py_and_its_pxd(tmp_path: Path) -> None:
    source = tmp_path / "kernel.py"
    source.write_text("x = 1\n")
    setup = _setup()
    assert fingerprint(source) == setup.fingerprint(str(source))
    assert fingerprint(source).endswith("  kernel.py\n") and len(fingerprint(source).splitlines()) == 1
    source.with_suffix(".pxd").write_text("cdef int x\n")
    assert fingerprint(source) == setup.fingerprint(str(source))
    assert [line.split()[1] for line in fingerprint(source).splitlines()] == ["kernel.py", "kernel.pxd"]


def test_every_listed_kernel_is_built_fresh_and_typed() -> None:
    """The installed kernels: an edit since the install fails here, as it would at the table, with the command."""
    for name in _setup().KERNELS:
        source = ROOT / "src" / Path(*name.split(".")).with_suffix(".py")
        if not source.exists():
            continue  # listed before its author wrote it: setup.py skips it too
        kernel = load_kernel(name)
        assert kernel.__file__ and Path(kernel.__file__).parent == source.parent
        assert source.with_suffix(".pyi").exists(), f"{name} needs a hand-written .pyi beside its .py"
