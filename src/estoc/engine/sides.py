"""What every system's fight knows of its combatants and sides: ids, who stands, whose foe, who won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from estoc.errors import InputError
from estoc.i18n import _


class Sides:
    """A mixin for a fight with ``combatants`` (each with an ``id``) and their ``sides``; the fight says who is
    :meth:`standing`."""

    combatants: list[Any]
    sides: list[str]

    def standing(self, c: int) -> bool:
        raise NotImplementedError

    def ids(self) -> list[str]:
        return [c.id for c in self.combatants]

    def index(self, combatant_id: str) -> int:
        """The index of a combatant by id (any case)."""
        wanted = combatant_id.strip().lower()
        for i, c in enumerate(self.combatants):
            if c.id.lower() == wanted:
                return i
        raise InputError(_("no combatant {id} in this fight; there are: {ids}").format(
            id=combatant_id, ids=", ".join(self.ids())))

    def newcomer_name(self, name: dict[str, str]) -> dict[str, str]:
        """The name a combatant joining mid-fight is shown under: its own, or, when a combatant of the fight
        already bears it (a second Jacquot brought in under another id), numbered after the others (« Jacquot 2 »)
        so no two rows of the board read alike."""
        taken = {text for c in self.combatants for text in dict(c.name).values()}
        if not taken.intersection(name.values()):
            return dict(name)
        n = 2
        while taken.intersection(f"{text} {n}" for text in name.values()):
            n += 1
        return {lang: f"{text} {n}" for lang, text in name.items()}

    def foes(self, c: int) -> list[int]:
        return [i for i in range(len(self.combatants)) if self.sides[i] != self.sides[c] and self.standing(i)]

    def standing_sides(self) -> set[str]:
        return {self.sides[i] for i in range(len(self.combatants)) if self.standing(i)}

    def one_side_left(self) -> bool:
        return len(self.standing_sides()) <= 1

    def winner(self) -> str | None:
        sides = self.standing_sides()
        return next(iter(sides)) if len(sides) == 1 else None


@dataclass(frozen=True)
class SideInfo:
    """A side of an encounter as loaded, the same in every system: its id, its name, the ids of its combatants in
    order."""

    id: str
    name: dict[str, str]
    members: list[str]
