"""The rule systems that play: how each reads its encounter files and builds its :class:`FightSystem`.

The command line asks here, by the ``system`` an encounter file names (or a stored fight recorded), and never
names a system itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from estoc.content.loader import _line_of, _problem, read_yaml
from estoc.content.registry import Content
from estoc.engine.protocol import FightSystem
from estoc.errors import ContentError
from estoc.i18n import _


@dataclass(frozen=True)
class Loaded:
    """An encounter file as play needs it: its system, its name, the setup the tracker stores."""

    system: str
    name: dict[str, str]
    setup: dict[str, Any]


@dataclass(frozen=True)
class PlayEntry:
    read: Callable[[Any, Path, Content], Loaded]
    make: Callable[[Content], FightSystem]


def _harp_read(data: Any, path: Path, content: Content) -> Loaded:
    from estoc.systems.harp.encounter import _build

    loaded = _build(data, path, path.parent, content)
    return Loaded("harp", loaded.name, loaded.setup)


def _harp_make(content: Content) -> FightSystem:
    from estoc.play.harp import HarpPlay
    from estoc.systems.harp.tables import compile_tables

    return HarpPlay(content, compile_tables(content))


def _d100_read(data: Any, path: Path, content: Content) -> Loaded:
    from estoc.systems.d100.encounter import load_d100_encounter

    loaded = load_d100_encounter(data, path, content)
    return Loaded("d100", loaded.name, loaded.setup)


def _d100_make(content: Content) -> FightSystem:
    from estoc.play.d100 import D100Play

    return D100Play(content)


def _tor_read(data: Any, path: Path, content: Content) -> Loaded:
    from estoc.systems.tor.encounter import load_tor_encounter

    loaded = load_tor_encounter(data, path, content)
    return Loaded("tor", loaded.name, loaded.setup)


def _tor_make(content: Content) -> FightSystem:
    from estoc.play.tor import TorPlay

    return TorPlay(content)


SYSTEMS: dict[str, PlayEntry] = {
    "harp": PlayEntry(_harp_read, _harp_make),
    "d100": PlayEntry(_d100_read, _d100_make),
    "tor": PlayEntry(_tor_read, _tor_make),
}


def entry(system: str) -> PlayEntry:
    if system not in SYSTEMS:
        raise ContentError([_("no rule system {system!r} plays fights; known: {known}").format(
            system=system, known=", ".join(sorted(SYSTEMS)))])
    return SYSTEMS[system]


def read_encounter(path: Path, content: Content) -> Loaded:
    """An encounter file of any system that plays."""
    data = read_yaml(path)
    system = data.get("system") if isinstance(data, dict) else None
    if not isinstance(system, str) or system not in SYSTEMS:
        raise ContentError([_problem(path, _line_of(data, ["system"]) or 1, "system", _(
            "system must be one of {known}").format(known=", ".join(sorted(SYSTEMS))))])
    return SYSTEMS[system].read(data, path, content)


def fight_system(system: str, content: Content) -> FightSystem:
    return entry(system).make(content)
