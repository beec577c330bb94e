"""Pieces shared by every content model."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticUndefined

from estoc.limits import KERNEL_LIMIT

SCHEMA_VERSION = 1
"""The version of the content file format this estoc writes and reads; older files are migrated on load."""

LEVEL_MAX = 100
"""HARP levels: the texts set no ceiling; the bestiary's mightiest creatures stay well below it."""
HP_MAX = 10_000
"""Hit points, endurance: the bestiary's largest creatures have a few hundred."""
BONUS_MAX = 500
"""A total bonus (skill, resistance, OB, DB…) either way: HARP totals stay in the low hundreds."""
ITEM_BONUS_MAX = 100
"""A bonus from one source (a stat, magic, a talent, a modifier) either way."""
ROUNDS_MAX = 1_000
"""A duration in rounds, a bleeding rate, rounds to reload."""
METRES_MAX = 100_000
"""A distance, a range or a movement in metres."""


def whole(default: Any = PydanticUndefined, *, ge: int = -KERNEL_LIMIT, le: int = KERNEL_LIMIT,
          **kwargs: Any) -> Any:
    """A whole-number field within ``ge``–``le`` (the kernels' range unless the rules give one). Strict: ``true``,
    ``false``, text and fractions are no whole numbers."""
    return Field(default, ge=ge, le=le, strict=True, **kwargs)


_KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _kebab(value: str) -> str:
    if not _KEBAB.match(value):
        raise ValueError("kebab-id")
    return value


ContentId = Annotated[str, AfterValidator(_kebab), Field(description="ASCII kebab-case id, e.g. `lames-1m`")]


def _no_control(value: str) -> str:
    # A NUL, an escape sequence or a stray byte in a name would reach the GM's terminal and the players' screens as
    # it is: only line breaks and tabs (a description's layout) are let through.
    if any(not (char.isprintable() or char in "\n\t") for char in value):
        raise ValueError("control-characters")
    return value


PlainText = Annotated[str, AfterValidator(_no_control)]
"""Text a user reads: any letters, no control characters (line breaks and tabs aside)."""


class Strict(BaseModel):
    """Base of content models: unknown fields are errors, values are frozen once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Strict):
    """A text a user reads, in both languages. One is enough: ``name: Embuscade`` (the same words in both) or
    ``name: {fr: Embuscade}`` (the missing language falls back to the one given)."""

    fr: PlainText = Field(min_length=1)
    en: PlainText = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _one_language_is_enough(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {"fr": value, "en": value}
        if isinstance(value, dict) and ("fr" in value) != ("en" in value):
            given = value.get("fr", value.get("en"))
            return {"fr": given, "en": given, **value}
        return value

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}


class Record(Strict):
    """A content record: anything with an id and a name."""

    id: ContentId
    name: Text
