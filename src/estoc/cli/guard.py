"""The last guard between estoc and the terminal: text from files shown escaped, and unexpected errors told in one
line with their details in a log file (never a traceback on the terminal)."""

from __future__ import annotations

import unicodedata
from typing import IO

from estoc.crash import state_folder, write_crash_log
from estoc.i18n import _

__all__ = ["EscapedWriter", "one_line", "printable", "state_folder", "unexpected", "write_crash_log"]

# Kept as they are: a new line and a tab lay text out; every other control character could drive the terminal.
_KEPT = frozenset("\n\t")
# Bidirectional overrides and isolates reorder what is shown (« Trojan source »).
_BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C))


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character (escape sequences, carriage returns, bidi overrides) written as
    ``\\x1b``-style escapes, so that a name from a file cannot drive the terminal."""
    if text.isprintable():
        return text
    return "".join(_escaped(c) if _hidden(c) else c for c in text)


def _hidden(char: str) -> bool:
    if char in _KEPT:
        return False
    return char in _BIDI or unicodedata.category(char) in ("Cc", "Zl", "Zp")


def one_line(text: str) -> str:
    """Printable text on one line (a message that must stay one line)."""
    return printable(text).replace("\n", " ").replace("\t", " ")


class EscapedWriter:
    """A text stream that escapes control characters on their way to the terminal."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(printable(text))

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def unexpected(error: BaseException) -> str:
    """One line telling an unexpected error, its details written to a log file it names."""
    path = write_crash_log(error)
    what = one_line(f"{type(error).__name__}: {error}")
    if path is None:
        return _("unexpected error ({error}); its details could not be written under {folder}").format(
            error=what, folder=state_folder())
    return _("unexpected error ({error}); details in {path}").format(error=what, path=path)
