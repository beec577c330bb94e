"""The registry of rule systems: each declares its id, its names and the content it reads.

The round protocol every system implements (planning, turns, reactions, end of round) belongs to the engine and is
added there; this registry is what the command line and the content loader need to find a system by name. The
systems that simulate are found here too (:func:`find_sim_system`), each declaring its settings, encounter reader,
kernel entry and tally (:class:`~estoc.engine.simulation.SimSystem`), like python-chess's ``find_variant``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from estoc.errors import InputError
from estoc.i18n import _

if TYPE_CHECKING:
    from estoc.engine.simulation import SimSystem


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


# --- simulation ---------------------------------------------------------------------------------------------------

SIM_MODULES = {"harp": "estoc.systems.harp.sim", "d100": "estoc.systems.d100.sim", "tor": "estoc.systems.tor.sim"}
"""The systems that simulate, each by the module that declares it (its ``SIM``), in the order their settings are
listed. A module is imported when its system is first asked for."""


def find_sim_system(system_id: str) -> SimSystem[Any, Any]:
    """The simulation protocol of the system ``system_id`` (as encounter files name it)."""
    if system_id not in SIM_MODULES:
        raise InputError(_("unknown rule system {name!r}; known: {known}").format(
            name=system_id, known=", ".join(sorted(SIM_MODULES))))
    system: SimSystem[Any, Any] = importlib.import_module(SIM_MODULES[system_id]).SIM
    return system


def sim_systems() -> list[SimSystem[Any, Any]]:
    """Every system that simulates, in :data:`SIM_MODULES`'s order."""
    return [find_sim_system(system_id) for system_id in SIM_MODULES]
