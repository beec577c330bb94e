"""An encounter file of any system, read by the system it names (its declaration's ``encounter`` entry).

Below play and simulation both: the tracker stores what this reads, and ``estoc simulate`` reads the same files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from estoc.content.loader import line_of, problem_at, read_yaml
from estoc.content.registry import Content
from estoc.engine.asking import read_block
from estoc.engine.members import REINFORCEMENTS
from estoc.errors import ContentError, InputError
from estoc.i18n import _
from estoc.systems.base import SYSTEMS, RuleSystem


@dataclass(frozen=True)
class Loaded:
    """An encounter file as play needs it: its system, its name, the setup the tracker stores."""

    system: str
    name: dict[str, str]
    setup: dict[str, Any]
    dice: dict[str, str] = field(default_factory=dict)
    """Who rolls what (its ``dice:`` block, :mod:`estoc.engine.asking`): the fight's setup keeps it beside the
    encounter's (``{"encounter": …, "dice": …}``)."""


def playing(system: str) -> RuleSystem:
    """The declaration of the system ``system`` (an id, as encounters and stored fights name it) that plays.

    Raises:
        ContentError: no such system plays fights.
    """
    found = next((s for s in SYSTEMS if s.id == system and s.play), None)
    if found is None:
        raise ContentError([_("no rule system {system!r} plays fights; known: {known}").format(
            system=system, known=", ".join(sorted(s.id for s in SYSTEMS if s.play)))])
    return found


def read_encounter(path: Path, content: Content, kind: str = "encounter") -> Loaded:
    """An encounter file of any system that plays (``kind``: ``reinforcements`` for the sides a GM brings into a
    fight under way, which may be written as an encounter too).

    Raises:
        ContentError: the file names no known system, or its own system refuses it (every problem listed), or
            it holds reinforcements where a fight is asked for.
    """
    data = read_yaml(path)
    if kind == "encounter" and isinstance(data, dict) and data.get("kind") == REINFORCEMENTS:
        raise ContentError([problem_at(path, line_of(data, ["kind"]) or 1, "kind", _(
            "this file holds reinforcements: bring them into a fight under way (add FILE.yaml), not fought alone"))])
    system = data.get("system") if isinstance(data, dict) else None
    known = [s.id for s in SYSTEMS if s.encounter]
    if not isinstance(system, str) or system not in known:
        raise ContentError([problem_at(path, line_of(data, ["system"]) or 1, "system", _(
            "system must be one of {known}").format(known=", ".join(sorted(known))))])
    # Who rolls what (every system's): read here, kept beside the system's setup (the tracker reads it).
    block = data.pop("dice", None) if isinstance(data, dict) else None
    try:
        modes = read_block(block, str(path))
    except InputError as exc:
        raise ContentError([problem_at(path, line_of(data, ["system"]) or 1, "dice", exc.message)]) from exc
    loaded = playing(system).entry("encounter")(data, path, content)
    return Loaded(system, loaded.name, loaded.setup, modes)
