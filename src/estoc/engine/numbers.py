"""Whole numbers from outside (a typed word, an option, an event's field), read with a range.

Every number a user gives is read here, so that each is refused the same way: text that is no whole number, a
boolean, a number beyond its range, each with one line in the user's language (an :class:`InputError`).
"""

from __future__ import annotations

import math
import re
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _, decimal, grouped
from estoc.limits import KERNEL_LIMIT

TYPED_LIMIT = 1_000_000
"""The largest number a command at the table takes when its own range is not given: far beyond any sheet's
number, far below what the kernels' integers hold even summed over a fight."""
DIGITS = 12
"""The most digits read: no range needs more, and reading 10**4000 digits is itself slow."""

__all__ = ["DIGITS", "KERNEL_LIMIT", "TYPED_LIMIT", "bounded", "bounded_real", "event_whole", "field_word"]

_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{DIGITS}}}")


def bounded(value: Any, what: str, low: int = -TYPED_LIMIT, high: int = TYPED_LIMIT) -> int:
    """``value`` (an int or its ASCII digits) as a whole number from ``low`` to ``high``.

    Raises:
        InputError: not a whole number (``true``, ``2.5``, ``douze``, Unicode digits…), or out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InputError(_("{what} must be a whole number, not {word!r}").format(what=what, word=value))
    if isinstance(value, str):
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            if re.fullmatch(r"[+-]?[0-9]+", text):
                raise InputError(_("{what} must be from {low} to {high}, not {value}").format(
                    what=what, low=grouped(low), high=grouped(high), value=text[:16] + "…"))
            raise InputError(_("{what} must be a whole number, not {word!r}").format(what=what, word=value[:40]))
    number = int(text) if isinstance(value, str) else value
    if not low <= number <= high:
        shown = str(number) if abs(number) < 10**16 else str(number)[:16] + "…"
        raise InputError(_("{what} must be from {low} to {high}, not {value}").format(
            what=what, low=grouped(low), high=grouped(high), value=shown))
    return number


def bounded_real(word: str, what: str, low: float = -TYPED_LIMIT, high: float = TYPED_LIMIT) -> float:
    """A number typed with a point or a comma (``2,5``), finite and from ``low`` to ``high``."""
    try:
        number = float(word.replace(",", ".")) if len(word) <= 32 else math.nan
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise InputError(_("{what} must be a number, not {word!r}").format(what=what, word=word[:40]))
    if not low <= number <= high:
        raise InputError(_("{what} must be from {low} to {high}, not {value}").format(
            what=what, low=_shown(low), high=_shown(high), value=word[:16]))
    return number


def _shown(bound: float) -> str:
    """A range's bound as the user's language writes it (grouped thousands, a decimal comma in French)."""
    return grouped(int(bound)) if float(bound).is_integer() else decimal(bound)


def field_word(key: str) -> str:
    """An event's number field as the GM reads it in a message, in the GM's language (the key itself for a field
    not named here)."""
    words = {
        "strike": _("the strike's number"), "parry": _("the parry"), "parry_target": _("the parried foe"),
        "mod": _("the modifier"), "value": _("the value"), "distance": _("the distance"), "metres": _("the metres"),
        "weapon": _("the weapon's number"), "parry_weapon": _("the parrying weapon's number"),
        "wound": _("the wound's number"),
    }
    return words.get(key, key)


def event_whole(event: Any, key: str, default: int = 0, low: int = -KERNEL_LIMIT, high: int = KERNEL_LIMIT) -> int:
    """The whole number ``event[key]`` (a command's or a GM override's, maybe read back from the store), within
    ``low``–``high``; booleans are no numbers. A refusal names the field in the GM's words (:func:`field_word`)."""
    return bounded(event.get(key, default), field_word(key), low, high)
