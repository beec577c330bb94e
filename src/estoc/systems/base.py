"""The registry of rule systems: each declares its id, its names and the content it reads.

The round protocol every system implements (planning, turns, reactions, end of round) belongs to the engine and is
added there; this registry is what the command line and the content loader need to find a system by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from estoc.errors import InputError
from estoc.i18n import _


@dataclass(frozen=True)
class RuleSystem:
    """A rule system: ``id`` as written in content files, a name in both languages, other accepted names."""

    id: str
    name_fr: str
    name_en: str
    aliases: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()


_SYSTEMS: dict[str, RuleSystem] = {}


def register_system(system: RuleSystem) -> RuleSystem:
    _SYSTEMS[system.id] = system
    return system


def find_system(name: str) -> RuleSystem:
    """The system called ``name`` (its id or an alias, any case)."""
    key = name.strip().lower()
    for system in _SYSTEMS.values():
        if key == system.id or key in system.aliases:
            return system
    raise InputError(_("unknown rule system {name!r}; known: {known}").format(
        name=name, known=", ".join(sorted(_SYSTEMS))))


def systems() -> list[RuleSystem]:
    return sorted(_SYSTEMS.values(), key=lambda s: s.id)
