"""The rule systems that play: each one's :class:`FightSystem`, through its declaration (``systems/base.py``).

The command line asks here, by the ``system`` an encounter file names (or a stored fight recorded), and never
names a system itself. Encounter files are read below play (:mod:`estoc.systems.encounters`), re-exported here for
the faces that play them.
"""

from __future__ import annotations

from estoc.content.registry import Content
from estoc.engine.protocol import FightSystem
from estoc.systems.encounters import Loaded, playing, read_encounter

__all__ = ["Loaded", "fight_system", "playing", "read_encounter"]


def fight_system(system: str, content: Content) -> FightSystem:
    """The tracker's side of the system ``system`` on this content.

    Raises:
        ContentError: no such system plays fights.
    """
    make = playing(system).entry("play")
    fight: FightSystem = make(content)
    return fight
