"""Where estoc's own play stops: a decision that belongs to a player, or to a phase the GM declares.

Each system's fight says it of its state (``stop_reason()``): the tracker's ``auto all`` and ``auto end`` play the
policy until the first such point and never past it; only ``auto end all`` plays through them to the end. The
reasons are the same codes in every system, so that the tracker and the renderers have no case for any of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from estoc.engine.words import Command

StopCode = Literal["player", "phase", "yield"]
"""``player``: the turn (or the opening shot) of a combatant a player plays; ``phase``: a phase whose declarations
are the GM's (d100's movement and statements of intent, the One Ring's stances and engagement); ``yield``: the fight
waits on a player's hero's choice to yield ground or not."""


@dataclass(frozen=True)
class Stop:
    """One reason to stop, before anything of it is played."""

    code: StopCode
    phase: str
    """The fight's phase then (``actions``, ``movement``, ``stances``, ``volleys``…; HARP has no phases: ``turn``)."""
    who: str | None = None
    """The combatant whose decision it is (its id), for ``player`` and ``yield``."""
    then: Mapping[str, str] | None = None
    """The command that goes on from there, in each language (``{"en": "actions", "fr": "actions"}``)."""

    def record(self, names: Mapping[str, object]) -> dict[str, object]:
        """The tracker's record of it (``{"kind": "tracker", "verb": "stop", …}``); ``names``: each combatant's
        name by id."""
        record: dict[str, object] = {"kind": "tracker", "verb": "stop", "reason": self.code, "phase": self.phase}
        if self.who is not None:
            record["who"] = self.who
            record["who_name"] = names.get(self.who)
        if self.then is not None:
            record["then"] = dict(self.then)
        return record


def command_words(commands: Sequence[Command], *names: str) -> dict[str, str]:
    """The words of the commands ``names`` (event types) in each language, joined by a slash: what a stop record
    names to go on with."""
    chosen = [next(c for c in commands if c.name == name) for name in names]
    return {"en": " / ".join(c.en for c in chosen), "fr": " / ".join(c.fr for c in chosen)}
