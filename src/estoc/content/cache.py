"""A cache of the shipped content, so that a command starts without parsing every YAML file again.

Parsing and validating the shipped files takes seconds (YAML with line numbers, then pydantic); their records never
change between two runs of the same install. The first run keeps them in ``$XDG_CACHE_HOME/estoc/`` (or
``~/.cache/estoc/``), under a name made of a digest of every shipped file's bytes and of the versions that read
them; later runs load that file. Any change of a file, of estoc, pydantic or Python gives another name. A cache that
cannot be read or written is simply not used: the files are parsed as without it. ``ESTOC_NO_CACHE=1`` turns it
off. A user's own content folders are never cached: they are small and change while a GM writes them.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pydantic

from estoc import __version__
from estoc.content.loader import LoadedRecord

NO_CACHE = "ESTOC_NO_CACHE"
FORMAT = 2
"""Raised whenever what the cache holds changes shape (2: attack cells shared, see the loader)."""


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/estoc`` (an absolute value only, as the XDG spec says), else ``~/.cache/estoc``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "estoc"


def digest(files: list[Path]) -> str:
    """A digest of the files' names and bytes, and of what reads them."""
    h = hashlib.sha256(f"{FORMAT}|{__version__}|{pydantic.VERSION}|{sys.version}".encode())
    for path in files:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def cached_records(files: list[Path], parse: Callable[[], list[LoadedRecord]]) -> list[LoadedRecord]:
    """The records of ``files``, from the cache when it holds them, else parsed (and kept for the next run)."""
    if os.environ.get(NO_CACHE):
        return parse()
    try:
        path = cache_folder() / f"content-{digest(files)}.pickle"
    except OSError:
        return parse()
    try:
        with path.open("rb") as handle:
            records = pickle.load(handle)
        if isinstance(records, list) and all(isinstance(r, LoadedRecord) for r in records):
            return records
    except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    records = parse()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".content-", delete=False) as written:
            pickle.dump(records, written, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(written.name, path)
    except OSError:
        pass
    return records
