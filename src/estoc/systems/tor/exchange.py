"""Heroes and adversaries as the attack needs them, and the attack of one on the other.

A hero hits when its roll reaches its Corps target number plus the adversary's parry; an adversary hits when its roll
reaches the hero's parry (shield included). The weapon gives the damage, the injury, and what a tengwar can buy.
"""

from __future__ import annotations

from dataclasses import dataclass

from estoc.content.models import tor
from estoc.content.registry import Content
from estoc.errors import RulesError
from estoc.i18n import _, pick
from estoc.systems.tor.rules import FEND_OFF_CAP, AttackSpec, Special


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

    @classmethod
    def from_hero(cls, content: Content, hero: tor.Hero) -> Combatant:
        weapons = []
        for p in hero.weapons:
            w = content.get("tor", "weapons", p.weapon, tor.Weapon)
            weapons.append(WeaponUse(w, p.rating, w.damage, w.injury))
        shield = content.get("tor", "shields", hero.shield, tor.Shield) if hero.shield else None
        protection = sum(content.get("tor", "armours", a, tor.Armour).protection
                         for a in (hero.armour, hero.helm) if a)
        return cls(id=hero.id, name=hero.name.as_dict(), hero=True, corps=hero.attributes.corps,
                   corps_tn=hero.target_numbers().corps, parry=hero.parry + (shield.parry if shield else 0),
                   protection=protection, endurance=hero.endurance, might=1, weapons=tuple(weapons),
                   shield=shield is not None, skills=dict(hero.skills), tns=hero.target_numbers(), valour=hero.valour,
                   war_songs=hero.war_songs)

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

    def weapon(self, index: int) -> WeaponUse:
        if not 1 <= index <= len(self.weapons):
            raise RulesError(_("{name} has {count} weapon(s): choose 1 to {count}, not {index}").format(
                name=pick(self.name), count=len(self.weapons), index=index))
        return self.weapons[index - 1]


def attack_tn(attacker: Combatant, defender: Combatant, parry_bonus: int = 0) -> int:
    """The attack's target number: a hero needs its Corps TN plus the adversary's parry, an adversary the hero's
    parry; ``parry_bonus``: the defender's fend off this round."""
    if attacker.hero:
        return attacker.corps_tn + defender.parry + parry_bonus
    return defender.parry + parry_bonus


def fend_off(current: int, gain: int) -> int:
    """The parry bonus of fending off after ``gain`` more: never above +10 in a round."""
    return min(current + gain, FEND_OFF_CAP)


def attack_spec(attacker: Combatant, weapon: int, defender: Combatant, *, extra_dice: int = 0,
                favoured: bool = False, ill: bool = False, weary: bool = False, special: Special = "auto",
                parry_bonus: int = 0, protection_ill: bool = False) -> AttackSpec:
    """The attack of ``attacker`` with its weapon ``weapon`` (from 1) on ``defender``."""
    from estoc.dice.tor import combine_modes, dice_count

    use = attacker.weapon(weapon)
    if special == "shield" and not attacker.shield:
        raise RulesError(_("a shield thrust needs a shield"))
    if special == "fend" and use.record.ranged:
        raise RulesError(_("only a close-combat weapon fends off"))
    return AttackSpec(dice=dice_count(use.rating, extra_dice), tn=attack_tn(attacker, defender, parry_bonus),
                      damage=use.damage, injury=use.injury, corps=attacker.corps, two_handed=use.record.two_handed,
                      pierce=use.record.pierce, fend_off=use.record.fend_off, mode=combine_modes(favoured, ill),
                      weary=weary, special=special, protection=defender.protection,
                      protection_mode="ill" if protection_ill else "normal")
