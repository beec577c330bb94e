"""What a combatant can strike with, and the breakdown of derived numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from estoc.content.models import harp


@dataclass(frozen=True)
class Part:
    """One term of a derived number, for a stat block's breakdown."""

    key: str
    value: int


@dataclass(frozen=True)
class Breakdown:
    """A derived number and the parts it sums."""

    parts: tuple[Part, ...]

    @property
    def total(self) -> int:
        return sum(p.value for p in self.parts)

    def part(self, key: str) -> int:
        """One part's value (0 when absent)."""
        return sum(p.value for p in self.parts if p.key == key)

    def as_dict(self) -> dict[str, Any]:
        return {"total": self.total, "parts": {p.key: p.value for p in self.parts if p.value}}


@dataclass(frozen=True)
class Strike:
    """One attack a combatant can make, with its final OB before the round's posture and conditions."""

    name: dict[str, str]
    kind: str
    """``weapon``, ``natural``, ``breath`` or ``web``."""
    table: str
    size: str
    fumble: int
    ob: int
    critical: str | None = None
    additional: harp.AdditionalCritical | None = None
    area: str = "single"
    uses: int | None = None
    ob_breakdown: Breakdown | None = None
    poison: dict[str, Any] | None = None
    weapon: str | None = None
    braced: bool = False
    """A spear or polearm: strikes first at a charge it sees coming."""
    missile: bool = False
    """A bow, sling, crossbow or thrown weapon: it cannot parry, and no parry counts against it."""
    reach: tuple[int, int, int, int] | None = None
    """A missile's range: its increment, maximum, point-blank range (metres) and point-blank modifier."""
    hampered: bool = False
    """A bow or a sling: −100 when a foe in contact attacked the shooter first this round."""

    @property
    def melee(self) -> bool:
        return self.kind in ("weapon", "natural") and not self.missile and self.area == "single"

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "kind": self.kind, "ob": self.ob,
            "ob_breakdown": self.ob_breakdown.as_dict()["parts"] if self.ob_breakdown else {},
            "table": self.table, "size": self.size, "fumble": self.fumble, "weapon": self.weapon,
            "critical": self.critical,
            "additional_critical": self.additional.model_dump() if self.additional else None,
            "area": self.area, "uses": self.uses, "poison": self.poison,
        }


def missile_fields(weapon: harp.Weapon | None) -> dict[str, Any]:
    """What a weapon's missile data gives a strike (``missile``, ``reach``, ``hampered``); nothing for a melee
    weapon."""
    data = weapon.missile if weapon is not None else None
    if data is None:
        return {}
    return {"missile": True, "reach": (data.range_increment, data.max_range, data.point_blank_range,
                                        data.point_blank_mod),
            "hampered": data.family in ("bow", "sling")}
