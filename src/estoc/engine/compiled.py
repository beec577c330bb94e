"""Loading the rule systems' compiled kernels, loudly.

Each kernel is a typed ``.py`` in Cython's pure-Python mode (``estoc.systems.harp.kernel``), compiled at install by
``setup.py`` into an extension beside it, with a ``.sha256`` file beside the extension naming the sources it was built
from. :func:`load_kernel` imports the extension and refuses, with the command that rebuilds it, one that is missing
(Python fell back to the ``.py``, the slow twin) or stale (built from another version of the source).
``ESTOC_KERNEL=interpreted`` asks for the twin instead, without a word, to debug a kernel in Python.

:func:`load_twin` loads the same ``.py`` interpreted under its own module name (``…kernel_twin``), so that the tests
can hold the twin and the compiled kernel equal die for die in one process.

A kernel that takes the shared core (:mod:`estoc.engine.kcore`, named by one ``from estoc.engine.kcore import (…)``
statement; :data:`INCLUDES`) has the core included where that statement stands, in both forms: ``setup.py`` writes
the core's text there before Cython reads the kernel, and :func:`load_twin` runs the core in the twin's namespace.
The core's source is then one of the kernel's: its fingerprint names it, and an edit of the core refuses every
kernel built before.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import re
import shlex
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from estoc.dice import KeyedDice
from estoc.errors import KernelError
from estoc.i18n import _

ENV = "ESTOC_KERNEL"
"""The environment variable that chooses the kernels' form: ``compiled`` (the default) or ``interpreted``."""
MODES = ("compiled", "interpreted")
FINGERPRINT_SUFFIX = ".sha256"
"""Beside ``kernel.cpython-311-x86_64-linux-gnu.so``, ``kernel.cpython-311-x86_64-linux-gnu.so.sha256``."""
TWIN_SUFFIX = "_twin"
INCLUDES = ("kcore", "koutcome")
"""The kernels' shared includes, modules of :mod:`estoc.engine`: the core (dice, log, the run's slots) and the
outcome read from each combatant's ``standing``."""
INCLUDE = re.compile(rf"^from estoc\.engine\.({'|'.join(INCLUDES)}) import (?:\([^)]*\)|[^(\n]*)$", re.MULTILINE)
"""The statement by which a kernel takes an include (``setup.py`` has the same pattern: it cannot import estoc)."""
ENGINE = Path(__file__).parent


def load_kernel(name: str) -> ModuleType:
    """The compiled kernel module ``name``, checked to be built from its current source.

    Raises:
        KernelError: the extension is missing, cannot be loaded, or is stale; or ``ESTOC_KERNEL`` is not a mode.
    """
    mode = os.environ.get(ENV, "") or "compiled"
    if mode == "interpreted":
        return load_twin(name)
    if mode != "compiled":
        raise KernelError(_("{variable}={value!r} is not a kernel form: choose one of {choices}").format(
            variable=ENV, value=mode, choices=", ".join(MODES)))
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise KernelError(_("the compiled kernel {name} cannot be loaded ({error}): rebuild it with {command}").format(
            name=name, error=exc, command=_rebuild_command_for(name))) from exc
    path = Path(module.__file__ or name)
    if not is_compiled(module):
        raise KernelError(_("the compiled kernel {name} is not built (Python found only {path}): rebuild it with "
                            "{command}").format(name=name, path=path, command=rebuild_command(path)))
    source = path.parent / (name.rpartition(".")[2] + ".py")
    sidecar = Path(f"{path}{FINGERPRINT_SUFFIX}")
    try:
        recorded = sidecar.read_text(encoding="utf-8")
    except OSError:
        recorded = None
    if recorded is None:
        raise KernelError(_("the compiled kernel {name} has no record of the source it was built from ({path}): "
                            "rebuild it with {command}").format(name=name, path=sidecar, command=rebuild_command(path)))
    current = fingerprint(source)
    if recorded != current:
        changed = _first_changed(recorded, current, source)
        raise KernelError(_("the compiled kernel {name} was built from another version of {path}: rebuild it with "
                            "{command}").format(name=name, path=changed, command=rebuild_command(path)))
    return module


def load_twin(name: str) -> ModuleType:
    """Kernel module ``name``'s ``.py`` run interpreted, as module ``name + "_twin"`` (loaded once per process).

    Raises:
        KernelError: Cython's shadow module (``import cython``), which the twin needs, is not installed.
    """
    twin_name = name + TWIN_SUFFIX
    loaded = sys.modules.get(twin_name)
    if loaded is not None:
        return loaded
    source = _origin(name).parent / (name.rpartition(".")[2] + ".py")
    loader = importlib.machinery.SourceFileLoader(twin_name, str(source))
    spec = importlib.util.spec_from_file_location(twin_name, source, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[twin_name] = module  # as an import does: dataclasses and pickling look the module up
    try:
        text, included = without_includes(source.read_text(encoding="utf-8"))
        for path in included:  # the includes first, in the twin's namespace (they need nothing the kernel defines
            # before their statements, only names it defines anywhere: read when their functions run)
            exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
        exec(compile(text, str(source), "exec"), module.__dict__)
    except BaseException as exc:
        del sys.modules[twin_name]
        if isinstance(exc, ModuleNotFoundError) and exc.name == "cython":
            raise KernelError(_("the interpreted kernel {name} needs Cython: install it with {command}").format(
                name=name, command="pip install 'cython>=3.1'")) from exc
        raise
    return module


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension (and, when it says, was compiled: ``COMPILED``)."""
    path = module.__file__ or ""
    extension = any(path.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    return extension and bool(getattr(module, "COMPILED", True))


def fingerprint(source: Path) -> str:
    """The text ``setup.py`` writes beside an extension built from ``source``: ``<sha256>  <file name>`` per line.

    The sources are the ``.py``, the ``.pxd`` beside it when there is one, and the shared includes it takes (named
    by their paths from the kernel's folder); one missing gives an empty text. This
    is ``setup.py``'s ``fingerprint`` (which cannot import estoc at build time); the tests build a kernel with
    ``setup.py`` and load it here.
    """
    pxd = source.with_suffix(".pxd")
    paths = [source, pxd] if pxd.exists() else [source]
    try:
        paths += without_includes(source.read_text(encoding="utf-8"))[1]
        lines = []
        for path in paths:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            lines.append(f"{digest}  {os.path.relpath(path, source.parent)}\n")
    except (OSError, UnicodeDecodeError):
        return ""
    return "".join(lines)


def _first_changed(recorded: str, current: str, source: Path) -> Path:
    """The first source whose line differs between two fingerprints (the kernel's ``.py`` when none can be told)."""
    before: dict[str, str] = {}
    for line in recorded.splitlines():
        digest, _sep, name = line.partition("  ")
        before[name] = digest
    for line in current.splitlines():
        digest, _sep, name = line.partition("  ")
        if before.get(name) != digest:
            return Path(os.path.normpath(source.parent / name))
    return source


def without_includes(text: str) -> tuple[str, list[Path]]:
    """A kernel's source with its statements taking the shared includes blanked (their lines kept, so that line
    numbers stay), and the includes' sources in the order of the statements."""
    included: list[Path] = []
    for found in reversed(list(INCLUDE.finditer(text))):
        included.insert(0, ENGINE / f"{found.group(1)}.py")
        text = text[:found.start()] + "\n" * found.group(0).count("\n") + text[found.end():]
    return text, included


def rebuild_command(path: Path) -> str:
    """The command that rebuilds the kernels of the project ``path`` lies in (``pip install -e .`` when unknown)."""
    for folder in path.resolve().parents:
        if (folder / "setup.py").is_file() and (folder / "pyproject.toml").is_file():
            return f"{shlex.quote(sys.executable)} -m pip install -e {shlex.quote(str(folder))}"
    return "pip install -e ."


def _rebuild_command_for(name: str) -> str:
    try:
        return rebuild_command(_origin(name))
    except ImportError:
        return rebuild_command(Path.cwd() / "-")


def _origin(name: str) -> Path:
    """Where module ``name`` would be imported from, without importing it (its package is imported)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no kernel module {name!r}", name=name)
    return Path(spec.origin)


def kernel_of(F: object) -> ModuleType:
    """The kernel module a kernel's worlds object belongs to (the compiled one, or the twin in tests)."""
    return sys.modules[type(F).__module__]


def copy_worlds(F: Any, scalars: Iterable[str], shared: Iterable[str], own: Iterable[str]) -> Any:
    """An independent copy of a kernel's worlds ``F`` (play tries a command on a copy): ``scalars`` and the
    ``shared`` arrays (sheets and tables, never written during a fight) shared, the ``own`` arrays (what a world
    changes) copied; the same dice source."""
    twin = type(F)()
    for name in scalars:
        setattr(twin, name, getattr(F, name))
    for name in shared:
        setattr(twin, name, getattr(F, name))
    for name in own:
        setattr(twin, name, np.array(getattr(F, name), copy=True))
    twin.source = F.source
    return twin


def give_dice(F: Any, purposes: Sequence[str], entries: int, seed: Any, dice: Any) -> None:
    """The dice of a kernel's worlds ``F`` (``entries`` rows of state): with ``seed`` (a run's key), the keyed stream
    the kernel computes inline, one counter per row and purpose (:class:`estoc.dice.KeyedDice`'s, salted by
    purpose); without, the play's dice source ``dice``, asked one face at a time."""
    F.counters = np.zeros((entries, len(purposes)), dtype=np.uint64)
    F.base = np.zeros(entries, dtype=np.uint64)
    if seed is not None:
        keyed = KeyedDice(seed, 1)
        F.keyed, F.key = 1, int(keyed.key)
        F.salts = np.array([keyed._salt(p) for p in purposes], dtype=np.uint64)
    else:
        F.keyed, F.key = 0, 0
        F.salts = np.zeros(len(purposes), dtype=np.uint64)
        F.source = dice
