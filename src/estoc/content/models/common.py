"""Pieces shared by every content model."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1
"""The version of the content file format this estoc writes and reads; older files are migrated on load."""

_KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _kebab(value: str) -> str:
    if not _KEBAB.match(value):
        raise ValueError("kebab-id")
    return value


ContentId = Annotated[str, AfterValidator(_kebab), Field(description="ASCII kebab-case id, e.g. `lames-1m`")]


class Strict(BaseModel):
    """Base of content models: unknown fields are errors, values are frozen once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Text(Strict):
    """A text a user reads, in both languages."""

    fr: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}


class Record(Strict):
    """A content record: anything with an id and a name."""

    id: ContentId
    name: Text
