"""A side of an encounter as loaded, the same in every system."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SideInfo:
    """A side as loaded: its id, its name, the ids of its combatants in order."""

    id: str
    name: dict[str, str]
    members: list[str]
