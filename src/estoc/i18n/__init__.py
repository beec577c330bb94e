"""Translations of every string a user reads.

Source strings are English; catalogs live in ``locale/<lang>/LC_MESSAGES/estoc.po`` inside the package and are read
at run time with Babel, so an installed package carries them without a compile step. The language is, in order:
:func:`set_language` (the CLI's ``--lang``), ``ESTOC_LANG``, the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
English.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
from functools import cache
from importlib import resources

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

from estoc.errors import InputError

SUPPORTED = ("en", "fr")
DOMAIN = "estoc"

_current: str | None = None


def _from_environment() -> str:
    for var in ("ESTOC_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        code = value.split(":")[0].split(".")[0].split("_")[0].lower()
        if code in SUPPORTED:
            return code
        if var == "ESTOC_LANG" and value:
            # An explicit but unknown choice falls back to English rather than to the locale.
            return "en"
    return "en"


def set_language(lang: str | None) -> str:
    """Choose the language for this process; ``None`` goes back to the environment. Returns the language used."""
    global _current
    if lang is not None:
        code = lang.lower().split("_")[0]
        if code not in SUPPORTED:
            raise InputError(_("unknown language {lang!r}: choose one of {choices}").format(
                lang=lang, choices=", ".join(SUPPORTED)))
        _current = code
    else:
        _current = None
    return language()


def check_environment() -> None:
    """Refuse an ``ESTOC_LANG`` that names no supported language, as ``--lang`` does: the command line's one
    behaviour for an unknown language (library callers keep the quiet fall-back to English of :func:`language`)."""
    value = os.environ.get("ESTOC_LANG", "")
    code = value.split(":")[0].split(".")[0].split("_")[0].lower()
    if value and code not in SUPPORTED:
        raise InputError(_("unknown language {lang!r} in ESTOC_LANG: choose one of {choices}, or use --lang").format(
            lang=value, choices=", ".join(SUPPORTED)))


def language() -> str:
    """The language in use: ``"fr"`` or ``"en"``."""
    return _current if _current is not None else _from_environment()


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    if lang == "en":
        return _gettext.NullTranslations()
    path = resources.files("estoc.i18n").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    # Compile in memory: the installed package needs no .mo file and no build step.
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _catalog(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate with a plural form chosen by ``n``."""
    return _catalog(language()).ngettext(singular, plural, n)


def pick(texts: dict[str, str]) -> str:
    """Pick the current language's text from a content record's ``{"fr": …, "en": …}``."""
    return texts.get(language()) or texts.get("en") or next(iter(texts.values()), "")


def decimal(value: object) -> str:
    """A number as the user's language writes it: a whole one without decimals (``30``, not ``30.0``), others with
    up to two decimals and the language's mark (``7,5`` in French, ``7.5`` in English); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(format_decimal(value, "0.##", locale=language()))


_ELISION = re.compile(r"(?<![\w'’-])([DdQqLlNnSs]e|[Qq]ue|[Ll]a) "
                      r"(?=[aeiouyàâæéèêëîïôœùûüAEIOUYÀÂÆÉÈÊËÎÏÔŒÙÛÜ])(?!onze|yeux)")
"""A word that elides before a vowel, followed by one (« onze » and « yeux » do not take it)."""


def elide(text: str) -> str:
    """French elision where a name or a word was put after « de », « que », « le », « la », « ne », « se » by a
    message (« au tour de orc-soldat-1 » → « au tour d'orc-soldat-1 »); other languages' text is left as it is.
    Before an *h* nothing is changed (mute or aspirated: the name's owner knows), nor before « onze »; a number
    written in digits never elides (« de 1 »)."""
    if language() != "fr":
        return text
    return _ELISION.sub(lambda m: m.group(1)[:-1] + "'", text)


def grouped(value: int) -> str:
    """A whole number as the user's language writes it: its thousands grouped from five digits on (``100 000``,
    with a narrow no-break space, in French; ``100,000`` in English), four digits and fewer as they are (``1000``,
    the French typographers' custom); a minus sign as typed."""
    if abs(value) < 10_000:
        return str(value)
    return str(format_decimal(value, "#,##0", locale=language()))


def fixed(value: float, digits: int = 2) -> str:
    """A number with exactly ``digits`` decimals, written the way of the user's language (``54,17`` in French)."""
    pattern = "0." + "0" * digits if digits > 0 else "0"
    return str(format_decimal(value, pattern, locale=language(), decimal_quantization=True))


def percent(p: object, width: int = 6) -> str:
    """A probability (a fraction from 0 to 1) as a percentage with two decimals, right-aligned in ``width``
    characters (``  54,17 %`` in French); ``—`` for none."""
    if p is None:
        return "—"
    return f"{fixed(100 * float(p), 2):>{width}} %"  # type: ignore[arg-type]
