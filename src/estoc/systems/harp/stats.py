"""Offensive bonus, defensive bonus and defence score (HARP · TdM).

These are plain sums written once; they take scalars or NumPy arrays alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from estoc.content.models import harp
from estoc.errors import RulesError
from estoc.i18n import _


@dataclass(frozen=True)
class Offence:
    """The parts of an offensive bonus, as the text lists them."""

    skill: int
    """Total skill bonus in the weapon's group."""
    talents: int = 0
    weapon_mod: int = 0
    """The weapon's OB modifier."""
    weapon_bonus: int = 0
    """Magic, material or quality of the weapon."""
    position: int = 0
    special: int = 0
    """Special bonuses (spells raising Strength…) and penalties (spells)."""
    critical_penalty: int = 0
    """Penalties of criticals suffered (≤ 0)."""
    posture: int = 0
    """OB moved to the DB by a parry (as a negative number), charge or move-and-attack modifiers."""
    fight: int = 0
    """The fight's global modifier (fog, bad footing, poor light…)."""

    def total(self) -> int:
        return (self.skill + self.talents + self.weapon_mod + self.weapon_bonus + self.position + self.special
                + self.critical_penalty + self.posture + self.fight)


def armour_manoeuvre_penalty(armour: harp.Armour, armour_skill: int = 0, *, fitted: bool = True) -> int:
    """The armour's manoeuvre penalty: the maximum, lessened by the Armour skill bonus down to the minimum.

    An armour not fitted to its wearer doubles this penalty.
    """
    penalty = min(armour.manoeuvre_penalty_max + max(armour_skill, 0), armour.manoeuvre_penalty_min)
    return penalty * (1 if fitted else 2)


def quickness_db(quickness_bonus: int, manoeuvre_penalty: int) -> int:
    """Quickness × 2, lowered by the armour's manoeuvre penalty but never below 0 by it."""
    doubled = 2 * quickness_bonus
    if doubled <= 0:
        return doubled
    return max(0, doubled + manoeuvre_penalty)


@dataclass(frozen=True)
class Defence:
    """The parts of a defensive bonus."""

    armour: harp.Armour
    quickness_bonus: int = 0
    armour_skill: int = 0
    fitted: bool = True
    armour_bonus: int = 0
    """Magic or quality of the armour."""
    shield: harp.Shield | None = None
    shield_trained: bool = False
    shield_bonus: int = 0
    talents: int = 0

    def armour_db(self) -> int:
        """An armour not fitted gives half its DB (rounded down)."""
        return self.armour.db if self.fitted else self.armour.db // 2

    def shield_db(self) -> int:
        if self.shield is None:
            return 0
        base = self.shield.db_trained if self.shield_trained else self.shield.db_untrained
        return base + self.shield_bonus

    def total(self, *, with_shield: bool = True) -> int:
        """The DB: armour and its bonus, Quickness × 2 (after the armour's penalty), shield and its bonus, talents.
        ``with_shield=False`` for an attack the shield does not cover (the kernel's ``shield_counts``).

        Penalties of criticals never lower the DB: the DB is no manoeuvre.
        """
        penalty = armour_manoeuvre_penalty(self.armour, self.armour_skill, fitted=self.fitted)
        return (self.armour_db() + self.armour_bonus + quickness_db(self.quickness_bonus, penalty)
                + (self.shield_db() if with_shield else 0) + self.talents)


@dataclass(frozen=True)
class DefenceScore:
    """The defence score against one attack: the DB plus what may change during the fight."""

    db: int
    posture: int = 0
    """OB moved to the DB by a parry against this attacker (+10 for a total parry), a dodge's bonus, a charge's
    −20."""
    covers: Sequence[harp.Cover] = field(default_factory=tuple)
    missile: bool = False
    special: int = 0

    def cover_bonus(self) -> int:
        """The cover's bonus against this kind of attack; only one cover may be used at a time."""
        if len(self.covers) > 1:
            raise RulesError(_("only one kind of cover can be used at a time"))
        if not self.covers:
            return 0
        cover = self.covers[0]
        return cover.missile if self.missile else cover.melee

    def total(self) -> int:
        return self.db + self.posture + self.cover_bonus() + self.special
