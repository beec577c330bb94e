"""Heroes and adversaries as the kernel's worlds need them: the numbers of their sheets, from the content (the
attack itself, its target number and what a tengwar buys are the kernel's; one blow out of any fight:
:mod:`.blow`).

A hero's gear weighs: its load is the sum of the loads of its body armour, helm, shield and weapons. Reducing load
puts an item on the ground (``helm``, ``shield`` or ``weapon:N``): :meth:`Combatant.dropping` gives the hero as it
fights without it (a helm's dice off its protection, a shield's bonus off its parry and no shield thrust or shield
bash, a weapon out of reach).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from estoc.content.models import tor
from estoc.content.registry import Content
from estoc.errors import InputError, RulesError
from estoc.i18n import _, pick


@dataclass(frozen=True)
class WeaponUse:
    record: tor.Weapon
    rating: int
    damage: int
    injury: int


@dataclass(frozen=True)
class Combatant:
    """What an attack needs of a hero or an adversary."""

    id: str
    name: dict[str, str]
    hero: bool
    corps: int
    """A hero's Corps rating; an adversary's attribute level."""
    corps_tn: int
    """A hero's Corps target number (0 for an adversary)."""
    parry: int
    """A hero's parry rating, shield included; an adversary's parry bonus."""
    protection: int
    endurance: int
    might: int
    weapons: tuple[WeaponUse, ...]
    shield: bool
    skills: dict[str, int]
    tns: tor.TargetNumbers | None = None
    """A hero's target numbers (Corps, Cœur, Esprit), for its combat tasks."""
    valour: int = 0
    war_songs: int = 0
    armour_load: int = 0
    """The body armour's load (it is never dropped in a fight)."""
    helm: str | None = None
    """The helm's content id (``None``: no helm)."""
    helm_name: dict[str, str] | None = None
    helm_protection: int = 0
    helm_load: int = 0
    shield_id: str | None = None
    """The shield's content id (``None``: no shield)."""
    shield_name: dict[str, str] | None = None
    shield_parry: int = 0
    shield_load: int = 0
    hope: int = 0
    """A hero's Hope (2nd edition): spent one point at a time for a bonus success die."""
    dropped: frozenset[str] = frozenset()
    """Items on the ground (``helm``, ``shield``, ``weapon:N``): see :meth:`dropping`."""

    @classmethod
    def from_hero(cls, content: Content, hero: tor.Hero) -> Combatant:
        weapons = []
        for p in hero.weapons:
            w = content.get("tor", "weapons", p.weapon, tor.Weapon)
            weapons.append(WeaponUse(w, p.rating, w.damage, w.injury))
        shield = content.get("tor", "shields", hero.shield, tor.Shield) if hero.shield else None
        armour = content.get("tor", "armours", hero.armour, tor.Armour) if hero.armour else None
        helm = content.get("tor", "armours", hero.helm, tor.Armour) if hero.helm else None
        protection = sum(a.protection for a in (armour, helm) if a)
        return cls(id=hero.id, name=hero.name.as_dict(), hero=True, corps=hero.attributes.corps,
                   corps_tn=hero.target_numbers().corps, parry=hero.parry + (shield.parry if shield else 0),
                   protection=protection, endurance=hero.endurance, might=1, weapons=tuple(weapons),
                   shield=shield is not None, skills=dict(hero.skills), tns=hero.target_numbers(), valour=hero.valour,
                   war_songs=hero.war_songs, armour_load=armour.load if armour else 0,
                   helm=helm.id if helm else None, helm_name=helm.name.as_dict() if helm else None,
                   helm_protection=helm.protection if helm else 0, helm_load=helm.load if helm else 0,
                   shield_id=shield.id if shield else None, shield_name=shield.name.as_dict() if shield else None,
                   shield_parry=shield.parry if shield else 0, shield_load=shield.load if shield else 0,
                   hope=hero.hope or 0)

    @classmethod
    def from_adversary(cls, content: Content, adversary: tor.Adversary) -> Combatant:
        weapons = []
        for a in adversary.weapons:
            w = content.get("tor", "weapons", a.weapon, tor.Weapon)
            weapons.append(WeaponUse(w, a.rating, w.damage if a.damage is None else a.damage,
                                     w.injury if a.injury is None else a.injury))
        return cls(id=adversary.id, name=adversary.name.as_dict(), hero=False, corps=adversary.attribute_level,
                   corps_tn=0, parry=adversary.parry, protection=adversary.armour, endurance=adversary.endurance,
                   might=adversary.might, weapons=tuple(weapons), shield=False, skills={})

    @classmethod
    def from_content(cls, content: Content, record_id: str) -> Combatant:
        """A hero or an adversary by id."""
        if record_id in content.kind("tor", "heroes"):
            return cls.from_hero(content, content.get("tor", "heroes", record_id, tor.Hero))
        return cls.from_adversary(content, content.get("tor", "adversaries", record_id, tor.Adversary))

    @property
    def load(self) -> int:
        """What its gear weighs now: body armour, helm, shield and weapons, less what lies on the ground."""
        return (self.armour_load + (0 if "helm" in self.dropped else self.helm_load)
                + (0 if "shield" in self.dropped else self.shield_load)
                + sum(use.record.load for i, use in enumerate(self.weapons, start=1)
                      if f"weapon:{i}" not in self.dropped))

    def item_load(self, item: str) -> int:
        """The load of one item (``helm``, ``shield``, ``weapon:N``)."""
        if item == "helm":
            return self.helm_load
        if item == "shield":
            return self.shield_load
        return self.weapons[weapon_of(item) - 1].record.load

    def item_name(self, item: str) -> dict[str, str]:
        """An item's name, in both languages."""
        if item == "helm":
            return self.helm_name or {"fr": item, "en": item}
        if item == "shield":
            return self.shield_name or {"fr": item, "en": item}
        return self.weapons[weapon_of(item) - 1].record.name.as_dict()

    def check_item(self, item: str) -> str:
        """``item`` if the combatant carries such a thing (dropped or not), else a :class:`RulesError`."""
        if item == "helm" and self.helm is None:
            raise RulesError(_("{name} wears no helm").format(name=pick(self.name)))
        if item == "shield" and self.shield_id is None:
            raise RulesError(_("{name} carries no shield").format(name=pick(self.name)))
        if item.startswith("weapon:"):
            index = weapon_of(item)
            if not 1 <= index <= len(self.weapons):
                raise RulesError(_("{name} has {count} weapon(s): choose 1 to {count}, not {index}").format(
                    name=pick(self.name), count=len(self.weapons), index=index))
        return item

    def dropping(self, items: Iterable[str]) -> Combatant:
        """The combatant as it fights with ``items`` on the ground (and everything else in hand): a dropped helm
        takes its dice off the protection, a dropped shield its bonus off the parry."""
        now = frozenset(items)
        if now == self.dropped:
            return self
        helm = (("helm" in self.dropped) - ("helm" in now)) * self.helm_protection
        shield = (("shield" in self.dropped) - ("shield" in now)) * self.shield_parry
        return replace(self, dropped=now, protection=self.protection + helm, parry=self.parry + shield,
                       shield=self.shield_id is not None and "shield" not in now)


ITEMS = ("helm", "shield")
"""What reducing load drops besides a weapon (``weapon:N``)."""


def weapon_of(item: str) -> int:
    """The weapon number of an item ``weapon:N``."""
    return int(item.split(":", 1)[1])


def check_item_name(item: str) -> str:
    """``item`` if it names something one may drop (``helm``, ``shield``, ``weapon:N``), else an
    :class:`InputError` (whether the combatant has it: :meth:`Combatant.check_item`)."""
    if item in ITEMS:
        return item
    kind, _sep, number = item.partition(":")
    if kind == "weapon" and number.isdigit():
        return f"weapon:{int(number)}"
    raise InputError(_("an item is helm, shield or weapon:N, not {item!r}").format(item=item))
