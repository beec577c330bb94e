"""A cache of the shipped content, so that a command starts without parsing every YAML file again.

Parsing the shipped files with their line numbers takes a good part of a command's start; their records never change
between two runs of the same install. The first run keeps them in ``$XDG_CACHE_HOME/estoc/`` (or
``~/.cache/estoc/``), under a name made of a digest of every shipped file's bytes and of the versions that read
them; later runs load that file. Any change of a file, of estoc, pydantic or Python gives another name. A cache that
cannot be read or written is simply not used: the files are parsed as without it. ``ESTOC_NO_CACHE=1`` turns it
off. A user's own content folders are never cached: they are small and change while a GM writes them.

The cache is JSON, never a pickle: a file that someone else wrote into the cache folder can at worst hold records,
and every record read from it is validated by its model as a record read from YAML is. The file names the digest
it was written for and the number of records; one that says otherwise, or any record that fails its model, and the
whole cache is ignored (the files are parsed).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pydantic

from estoc import __version__
from estoc.content.loader import KINDS, LoadedRecord
from estoc.files import read_bounded

NO_CACHE = "ESTOC_NO_CACHE"
FORMAT = 3
"""Raised whenever what the cache holds changes shape (3: JSON, records by their file's index)."""
LIMIT = 64 * 1024 * 1024
"""The largest cache file read (the shipped content's is about 2 MB)."""


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


def _dumped(records: list[LoadedRecord], files: list[Path], key: str) -> str:
    where = {path: i for i, path in enumerate(files)}
    return json.dumps({"format": FORMAT, "digest": key, "count": len(records), "records": [
        [r.system, r.kind, where[r.path], r.line, r.record.model_dump_json(by_alias=True)] for r in records]},
        ensure_ascii=False, separators=(",", ":"))


def _loaded(text: str, files: list[Path], key: str) -> list[LoadedRecord] | None:
    """The records a cache file holds, each validated by its model; ``None`` for anything else."""
    data: Any = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("digest") != key:
        return None
    rows = data.get("records")
    if not isinstance(rows, list) or data.get("count") != len(rows):
        return None
    records = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 5):
            return None
        system, kind, index, line, body = row
        kind_of = KINDS.get((system, kind)) if isinstance(system, str) and isinstance(kind, str) else None
        if (kind_of is None or not isinstance(index, int) or not 0 <= index < len(files)
                or not (line is None or isinstance(line, int)) or not isinstance(body, str)):
            return None
        records.append(LoadedRecord(system, kind, kind_of.model.model_validate_json(body), files[index], line))
    return records


def cached_records(files: list[Path], parse: Callable[[], list[LoadedRecord]]) -> list[LoadedRecord]:
    """The records of ``files``, from the cache when it holds them, else parsed (and kept for the next run)."""
    if os.environ.get(NO_CACHE):
        return parse()
    try:
        key = digest(files)
        path = cache_folder() / f"content-{key}.json"
    except OSError:
        return parse()
    try:
        found = _loaded(read_bounded(path, LIMIT).decode("utf-8"), files, key)
        if found is not None:
            return found
    except (ValueError, pydantic.ValidationError):  # (FileProblem, UnicodeDecodeError, JSON's errors: ValueErrors)
        pass
    records = parse()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".content-",
                                         delete=False) as written:
            written.write(_dumped(records, files, key))
        os.replace(written.name, path)
    except (OSError, KeyError):
        pass
    return records
