"""Reading a file from outside only once it is known to be a regular file, and only up to a bound.

A path can name a FIFO (``open`` then waits for a writer, for ever), a device (``/dev/zero`` never ends), a folder
or a socket. Each file estoc reads from a user (content, encounters, scripts, heroes) is opened without waiting
(``O_NONBLOCK``: a FIFO opens at once), checked to be a regular file on the open descriptor (no race between a check
and the open), and read up to its bound; anything else is refused with one line in the user's language.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from estoc.errors import InputError
from estoc.i18n import _

__all__ = ["FILE_LIMIT", "FileProblem", "is_regular", "read_bounded", "read_regular", "read_regular_text"]

FILE_LIMIT = 16 * 1024 * 1024
"""The largest file estoc reads from a user by default (the largest shipped content file is under 100 KB)."""


def is_regular(path: Path) -> bool:
    """Whether ``path`` names a regular file (following links), without opening it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


class FileProblem(ValueError):
    """Why a file was not read, in the user's language (without the path: the caller says where)."""


def read_bounded(path: Path, limit: int = FILE_LIMIT) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises:
        FileProblem: the path is not a regular file (a FIFO, a device, a folder…), cannot be read, or is larger
            than ``limit``.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:
        raise FileProblem(reason_of(exc)) from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileProblem(_("it is not a regular file (a folder, a pipe or a device)"))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise FileProblem(_("it is larger than {size} KiB").format(size=limit // 1024))
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(reason_of(exc)) from exc
    finally:
        os.close(fd)


def read_regular(path: Path, limit: int = FILE_LIMIT) -> bytes:
    """:func:`read_bounded`, refused as an :class:`~estoc.errors.InputError` naming the path."""
    try:
        return read_bounded(path, limit)
    except FileProblem as exc:
        raise InputError(_("cannot read {path}: {error}").format(path=path, error=exc)) from exc


def read_regular_text(path: Path, limit: int = FILE_LIMIT) -> str:
    """The text of the regular file ``path`` in UTF-8 (a byte order mark at its start is dropped).

    Raises:
        InputError: as :func:`read_regular`, or bytes that are not UTF-8 (the line and byte are named).
    """
    data = read_regular(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(_("{path}:{line}: byte 0x{byte:02x} is not UTF-8 text (save the file as UTF-8)").format(
            path=path, line=line, byte=data[exc.start])) from exc


def reason_of(exc: BaseException) -> str:
    """Why a file could not be read, in the user's language (the system's own words only for the rare cases)."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return _("there is no such file")
    if code in (errno.EACCES, errno.EPERM):
        return _("permission denied")
    if code == errno.EISDIR:
        return _("it is a folder")
    if code == errno.ENAMETOOLONG:
        return _("the name is too long")
    if code == errno.ENOTDIR:
        return _("a part of its path is a file, not a folder")
    if code == errno.ELOOP:
        return _("its path loops through symbolic links")
    if code in (errno.EIO, errno.ENXIO):
        return _("the disk could not be read (an input/output error)")
    if code in (errno.EMFILE, errno.ENFILE):
        return _("too many files are open")
    if code == errno.ENOMEM:
        return _("not enough memory")
    if isinstance(exc, ValueError):
        return _("the name holds a NUL character")
    # (an error not met yet: the system's own words, with its code for the curious)
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
