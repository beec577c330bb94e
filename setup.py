"""Builds estoc's compiled rule kernels; everything else about the package is declared in ``pyproject.toml``.

Each rule system has one kernel module: a typed ``.py`` in Cython's pure-Python mode. ``pip install -e .`` (or any
install) compiles every module of :data:`KERNELS` into an extension beside its ``.py`` (Python imports the extension
first; the ``.py`` stays, as the interpreted twin the tests load) and writes next to the extension a ``.sha256`` file,
in ``sha256sum``'s format, naming the sources it was built from. :func:`estoc.engine.compiled.load_kernel` compares it
with the sources at load time, so an extension left stale by an edit, or missing, fails loudly instead of running the
twin. A kernel whose ``.py`` does not exist yet is skipped with a warning.

The kernels' shared core (``estoc/engine/kcore.py``, and ``koutcome.py``: :data:`INCLUDE`) is compiled into each
kernel that takes it: its text is written in place of the kernel's ``from estoc.engine.kcore import (…)`` statement
before Cython reads the kernel (in the build folder; the source stays as it is), so that its small functions are
inlined into the rules, and it is one of the sources the kernel's fingerprint names.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
from pathlib import Path

from setuptools import Extension
from setuptools.command.build_ext import build_ext

# The one list of compiled kernels: adding a system's kernel is one line here.
KERNELS = [
    "estoc.systems.harp.kernel",
    "estoc.systems.d100.kernel",
    "estoc.systems.tor.kernel",
]

INCLUDE = re.compile(r"^from estoc\.engine\.(kcore|koutcome) import (?:\([^)]*\)|[^(\n]*)$", re.MULTILINE)
"""How a kernel takes one of the shared includes of ``estoc.engine`` (its core, its outcome):
``estoc.engine.compiled.INCLUDE`` (this file cannot import estoc)."""

SHARED_UTILITY = "estoc._cyutility"
"""Cython's own utility code (memoryviews, type imports…), compiled once into this module for every kernel instead
of once inside each: a third of each kernel's C, and of the build's CPU."""

SOURCE_ROOT = "src"
COMPILE_ARGS = ["-O3", "-fopenmp", "-Wno-unused-const-variable"]  # constants the C does not use (they serve the twin)
LINK_ARGS = ["-fopenmp"]
DIRECTIVES = {"language_level": 3, "boundscheck": False, "wraparound": False}
FINGERPRINT_SUFFIX = ".sha256"


def kernel_source(name: str, root: str = SOURCE_ROOT) -> str:
    """The ``.py`` of kernel module ``name`` (``estoc.systems.harp.kernel``) under ``root``."""
    return os.path.join(root, *name.split(".")) + ".py"


def included_sources(source: str) -> list[str]:
    """The shared includes the kernel ``source`` takes, in the order of its statements (``estoc/engine`` beside
    this file's ``src``: the toy kernels of the tests live elsewhere and take none)."""
    engine = os.path.join(os.path.dirname(os.path.abspath(__file__)), SOURCE_ROOT, "estoc", "engine")
    text = Path(source).read_text(encoding="utf-8")
    return [os.path.join(engine, found.group(1) + ".py") for found in INCLUDE.finditer(text)]


def fingerprinted_sources(source: str) -> list[str]:
    """The files a kernel's extension is built from: its ``.py``, the ``.pxd`` beside it when there is one, and the
    shared includes it takes."""
    pxd = source[: -len(".py")] + ".pxd"
    sources = [source, pxd] if os.path.exists(pxd) else [source]
    return [*sources, *included_sources(source)]


def fingerprint(source: str) -> str:
    """The sidecar's text: one ``<sha256>  <path from the kernel's folder>`` line per source (``sha256sum -c`` run
    in that folder reads it)."""
    lines = []
    folder = os.path.dirname(os.path.abspath(source))
    for path in fingerprinted_sources(source):
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        lines.append(f"{digest}  {os.path.relpath(os.path.abspath(path), folder)}\n")
    return "".join(lines)


def with_includes(source: str, name: str, folder: str) -> str:
    """Kernel ``name``'s ``source`` as Cython reads it: each shared include's text in place of the statement taking
    it, written under ``folder`` (at the module's path, with its ``.pxd`` when it has one). Returns the written
    file."""
    text = Path(source).read_text(encoding="utf-8")
    for found, path in reversed(list(zip(INCLUDE.finditer(text), included_sources(source), strict=True))):
        module = f"estoc.engine.{found.group(1)}"
        body = Path(path).read_text(encoding="utf-8")
        text = (text[:found.start()] + f"# --- {module}, included by setup.py ---\n" + body
                + f"# --- end of {module} ---\n" + text[found.end():])
    target = os.path.join(folder, *name.split(".")) + ".py"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if not os.path.exists(target) or Path(target).read_text(encoding="utf-8") != text:
        Path(target).write_text(text, encoding="utf-8")  # an unchanged text keeps its time: no needless rebuild
    pxd = source[: -len(".py")] + ".pxd"
    if os.path.exists(pxd):
        shutil.copy(pxd, target[: -len(".py")] + ".pxd")
    return target


def kernel_extensions(kernels: list[str], root: str = SOURCE_ROOT, shared: bool = True) -> list[Extension]:
    """One extension per kernel whose ``.py`` exists under ``root`` (the others are skipped with a warning), and with
    ``shared`` the module of Cython's utility code they all import (:data:`SHARED_UTILITY`)."""
    extensions = []
    for name in kernels:
        source = kernel_source(name, root)
        if not os.path.exists(source):
            print(f"estoc setup: warning: kernel {name} skipped, {source} does not exist", file=sys.stderr)
            continue
        extensions.append(Extension(name, [source], extra_compile_args=COMPILE_ARGS, extra_link_args=LINK_ARGS))
    if extensions and shared:
        # its C is written by cythonize in the build folder (see BuildKernels)
        extensions.append(Extension(SHARED_UTILITY, [SHARED_UTILITY.replace(".", "/") + ".c"],
                                    extra_compile_args=["-O3"]))
    return extensions


class BuildKernels(build_ext):
    """``build_ext`` that cythonizes the kernels' ``.py`` and writes each extension's source fingerprint beside it."""

    def build_extensions(self) -> None:
        from Cython.Build import cythonize

        self._fingerprints: dict[str, str] = {}
        kernels = [ext for ext in self.extensions if ext.sources[0].endswith(".py")]
        for ext in kernels:
            self._fingerprints[ext.name] = fingerprint(ext.sources[0])
            if included_sources(ext.sources[0]):
                ext.sources = [with_includes(ext.sources[0], ext.name, os.path.join(self.build_temp, "included"))]
        shared = [ext for ext in self.extensions if ext.name == SHARED_UTILITY]
        if kernels:
            generated = cythonize(
                [*kernels, *shared], compiler_directives=DIRECTIVES, force=self.force, quiet=not self.verbose,
                build_dir=os.path.join(self.build_temp, "cython"),
                shared_utility_qualified_name=SHARED_UTILITY if shared else None)
            sources = {module.name: module.sources for module in generated}
            for ext in [*kernels, *shared]:  # setuptools' own extensions, given the generated C
                ext.sources = sources[ext.name]
        super().build_extensions()
        for ext in self.extensions:
            if ext.name in self._fingerprints:
                Path(self.get_ext_fullpath(ext.name) + FINGERPRINT_SUFFIX).write_text(self._fingerprints[ext.name])

    def run(self) -> None:
        super().run()
        if self.inplace:
            # An editable install leaves the modules in the source tree, where pip compiles none of them to bytecode:
            # the first command would compile them all (about a second of a first start). Done here, once.
            import compileall

            package_dir = self.get_finalized_command("build_py").get_package_dir("estoc")
            compileall.compile_dir(package_dir, quiet=1)

    def copy_extensions_to_source(self) -> None:
        """In place (``--inplace``, editable installs): the fingerprints go beside the extensions too."""
        super().copy_extensions_to_source()
        for regular, inplace in self._fingerprint_mapping():
            self.copy_file(regular, inplace, level=self.verbose)

    def _fingerprint_mapping(self) -> list[tuple[str, str]]:
        build_py = self.get_finalized_command("build_py")
        pairs = []
        for ext in self.extensions:
            if ext.name == SHARED_UTILITY:
                continue
            inplace_file, regular_file = self._get_inplace_equivalent(build_py, ext)
            pairs.append((regular_file + FINGERPRINT_SUFFIX, inplace_file + FINGERPRINT_SUFFIX))
        return pairs

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if self.inplace:
            return outputs
        return sorted(outputs + [self.get_ext_fullpath(ext.name) + FINGERPRINT_SUFFIX for ext in self.extensions
                                 if ext.name != SHARED_UTILITY])

    def get_output_mapping(self) -> dict[str, str]:
        mapping = super().get_output_mapping()
        if self.inplace:
            mapping.update(self._fingerprint_mapping())
        return dict(sorted(mapping.items()))


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__; the tests import its helpers
    from setuptools import setup

    setup(ext_modules=kernel_extensions(KERNELS), cmdclass={"build_ext": BuildKernels})
