"""What every system's encounter loader does alike: validate the file with its model (``file:line`` problems), and
take a member's record from the content by id or from a sheet written inline."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError, ValidationInfo

from estoc.content.loader import field_name, line_of, plain, problem_at
from estoc.content.messages import translate_error
from estoc.content.registry import Content
from estoc.errors import ContentError, EstocError
from estoc.i18n import _

M = TypeVar("M", bound=BaseModel)


S = TypeVar("S")


REINFORCEMENTS = "reinforcements"
"""The kind of an encounter file that holds reinforcements: one side or more, brought into a fight under way
(``add FILE.yaml``), never fought on its own."""


def at_least_two_sides(sides: tuple[S, ...], info: ValidationInfo) -> tuple[S, ...]:
    """An encounter's sides, two at least (a model's validator); reinforcements may bring one."""
    if info.data.get("kind") == REINFORCEMENTS:
        return sides
    if len(sides) < 2:
        raise ValueError(_("an encounter needs at least two sides"))
    return sides


def validate(model: type[M], data: Any, path: Path) -> M:
    """``data`` checked by ``model``; every problem as ``file:line: field: message``."""
    try:
        return model.model_validate(plain(data))
    except ValidationError as exc:
        raise ContentError([problem_at(path, line_of(data, list(e["loc"])) or 1, field_name(list(e["loc"])),
                                     translate_error(e)) for e in exc.errors()]) from exc


def problem(data: Any, path: Path, loc: Sequence[str | int], key: str, message: str) -> str:
    """A problem of the member at ``loc``, told at its ``key`` (or the member's own line)."""
    return problem_at(path, line_of(data, [*loc, key]) or line_of(data, list(loc)), field_name([*loc, key]),
                    message)


def record_of(content: Content, system: str, kind: str, model: type[M], ref: str | None, sheet: M | None,
              noun: str) -> M:
    """The record a member names (``ref``, an id of the content's ``kind``) or writes inline (``sheet``);
    ``noun``: what the kind is called in the message for an unknown id."""
    if ref is None:
        assert sheet is not None
        return sheet
    known = content.kind(system, kind)
    if ref not in known:
        raise EstocError(_("no {noun} {id!r}; known: {known}").format(noun=noun, id=ref,
                                                                    known=", ".join(sorted(known))))
    return content.get(system, kind, ref, model)
