"""Validation messages in the user's language.

Pydantic's own messages are English; each error type a content author can meet gets a translated sentence here,
and our validators raise short keys (``"kebab-id"``…) that are translated the same way.
"""

from __future__ import annotations

import re
from typing import Any

from babel.lists import format_list

from estoc.i18n import _, language, ngettext


def _custom(key: str) -> str | None:
    keys = {
        "kebab-id": _("an id is lower-case ASCII words joined by hyphens, like lames-1m"),
        "control-characters": _("holds control characters (a NUL, an escape…): only letters, signs and spaces"),
        "penalty-order": _("the maximum manoeuvre penalty cannot be milder than the minimum"),
        "missile-data": _("a missile weapon needs its range data (missile:), and a melee weapon none"),
        "ten-increments": _("the maximum range must be exactly 10 range increments"),
        "limits-order": _("size limits must grow from tiny to large"),
        "attack-source": _("an attack names a table (natural weapon, breath, web) or, for kind weapon, a weapon"),
        "attack-size": _("a natural attack, breath or web needs its size"),
        "dice-expression": _("not a dice expression: write it like 1D6+1, 2D6+1D4 or -1D4"),
        "d100-range": _("a missile weapon (reach missile) needs its range, and a melee weapon none"),
        "tor-skills": _("skills are the combat tasks' (presence, persuasion, inspiration, chant, discretion, "
                        "athletisme, vigilance, intuition, inspection, art-de-la-guerre), rated 0 to 6"),
        "tor-tasks": _("a hero's tasks are combat tasks: intimider, defier, deux-armes, rallier, encourager, "
                       "attaque-surprise, proteger, tenir-position, contre-attaque, mettre-en-joue, harceler, "
                       "escarmouche, annuler-complication, prendre-avantage, ceder-terrain, reduire-charge"),
        "d100-reaches": _("only a melee weapon may have other reaches, and they are long, medium or short"),
        "d100-outcome-rows": _("the table needs one row for each attack quality: special, success, failure, fumble"),
    }
    return keys.get(key)


def translate_error(error: Any) -> str:
    """One pydantic error (a dict from ``ValidationError.errors()``) as a sentence in the user's language."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "value_error":
        text = str(ctx.get("error", error.get("msg", "")))
        return _custom(text) or text
    if kind == "missing":
        return _("this field is required")
    if kind == "extra_forbidden":
        return _("unknown field")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return _("must be a whole number")
    if kind in ("bool_parsing", "bool_type"):
        return _("must be true or false")
    if kind in ("string_type",):
        return _("must be text")
    if kind == "string_too_short":
        return _("must not be empty")
    if kind in ("greater_than_equal",):
        return _("must be at least {limit}").format(limit=ctx.get("ge"))
    if kind in ("greater_than",):
        return _("must be more than {limit}").format(limit=ctx.get("gt"))
    if kind in ("less_than_equal",):
        return _("must be at most {limit}").format(limit=ctx.get("le"))
    if kind in ("less_than",):
        return _("must be less than {limit}").format(limit=ctx.get("lt"))
    if kind in ("literal_error", "enum"):
        return _("must be one of {choices}").format(choices=_choices(str(ctx.get("expected", ""))))
    if kind in ("model_type", "model_attributes_type", "dict_type", "mapping_type"):
        return _("must be a mapping of fields")
    if kind in ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"):
        return _("must be a list")
    if kind == "too_short":
        least = int(ctx.get("min_length") or 1)
        return ngettext("needs at least {n} entry", "needs at least {n} entries", least).format(n=least)
    if kind == "too_long":
        most = int(ctx.get("max_length") or 0)
        return ngettext("holds at most {n} entry", "holds at most {n} entries", most).format(n=most)
    if kind == "string_too_long":
        most = int(ctx.get("max_length") or 0)
        return ngettext("is at most {n} character long", "is at most {n} characters long", most).format(n=most)
    if kind in ("float_parsing", "float_type", "decimal_parsing", "decimal_type", "finite_number"):
        return _("must be a number")
    if kind in ("multiple_of",):
        return _("must be a multiple of {n}").format(n=ctx.get("multiple_of"))
    if kind in ("string_pattern_mismatch",):
        return _("is not written as expected here")
    if kind in ("union_tag_invalid", "union_tag_not_found", "is_instance_of"):
        return _("is not a value of the kind expected here")
    if kind in ("none_required",):
        return _("must be left out")
    if kind in ("assertion_error",):
        return _("is not accepted here")
    # (an error type not met yet: our own words, never pydantic's English; its type says which for a bug report)
    return _("is not accepted here ({kind})").format(kind=kind)


def _choices(expected: str) -> str:
    """Pydantic's list of allowed values (``'a', 'b' or 'c'``) joined in the user's language."""
    items = [item for item in re.split(r", | or ", expected) if item]
    return format_list(items, style="or", locale=language()) if items else expected



def yaml_problem(problem: str) -> str:
    """A ruamel.yaml problem (its English words) as a sentence of our own in the user's language."""
    text = problem.lower()
    if "\\t" in text or "tab" in text:
        return _("a tab cannot indent YAML: indent with spaces")
    if "duplicate key" in text:
        found = re.search(r'duplicate key "([^"]*)"', problem)
        return _("the key {key!r} is given twice").format(key=found.group(1) if found else "?")
    if "<stream end>" in text or "end of stream" in text:
        if "quoted" in text:
            return _("a quoted text is not closed")
        return _("the file ends in the middle of a value: a list [ ] or a mapping { } is not closed")
    if "mapping values are not allowed" in text:
        return _("a « : » cannot come here (quote a text that holds « : »)")
    if "could not find expected ':'" in text or "expected ':'" in text:
        return _("a « : » is missing after a key")
    if "alias" in text:
        return _("an alias (*name) names no anchor (&name) given before")
    if "block end" in text or "block mapping" in text or "block collection" in text:
        return _("the indentation does not line up with the lines above")
    if "expected ',' or ']'" in text or "expected ',' or '}'" in text:
        return _("a list [ ] or a mapping { } is not closed, or a comma is missing")
    if "quoted" in text:
        return _("a quoted text is not closed or holds a wrong escape")
    if "cannot start any token" in text:
        found = re.search(r"found character '([^']*)'", problem)
        return _("the character {char} cannot begin a value here (quote the text)").format(
            char=found.group(1) if found else "?")
    return _("the YAML syntax is wrong here")
