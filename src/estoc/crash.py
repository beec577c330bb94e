"""Crash logs: an unexpected error's details written to a file, for whichever face met it (the terminal, the web
server), so that no traceback reaches a user and the details are not lost.

It imports nothing of estoc: the lowest room, usable from any other.
"""

from __future__ import annotations

import os
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path


def state_folder() -> Path:
    """``$XDG_STATE_HOME/estoc``, or ``~/.local/state/estoc`` when that is unset or not absolute."""
    base = os.environ.get("XDG_STATE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "state"
    return root / "estoc"


def write_crash_log(error: BaseException) -> Path | None:
    """Write ``error``'s traceback, the command line and the versions to a new file under :func:`state_folder`;
    returns its path (``None`` if it could not be written)."""
    stamp = datetime.now(UTC)
    folder = state_folder() / "logs"
    path = folder / f"crash-{stamp.strftime('%Y%m%d-%H%M%S-%f')}-{os.getpid()}.log"
    try:
        # lazy: importlib.metadata is slow to import and only a crash needs it (estoc's start stays fast).
        from importlib.metadata import version

        estoc_version = version("estoc")
    except Exception:  # (the log must be written whatever the installation)
        estoc_version = "?"
    text = "".join([
        f"estoc {estoc_version}, Python {sys.version.split()[0]}, {sys.platform}, {stamp.isoformat()}\n",
        f"argv: {sys.argv!r}\n\n",
        *traceback.format_exception(error),
    ])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8") as handle:
            handle.write(text)
    except OSError:
        return None
    return path
