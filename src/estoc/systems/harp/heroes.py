"""Heroes in a fight: a character file's totals summed into the OB of each weapon, the DB and the rest of a
:class:`~estoc.systems.harp.exchange.Combatant`."""

from __future__ import annotations

from estoc.content.models import harp
from estoc.content.models.harp_heroes import Hero, HeroWeapon
from estoc.content.registry import Content
from estoc.errors import InputError, UnknownIdError
from estoc.i18n import _
from estoc.systems.harp.sheet import Combatant, off_hand_db, own_parry
from estoc.systems.harp.stats import Defence, Offence, armour_manoeuvre_penalty
from estoc.systems.harp.strike import Breakdown, Part, Strike, missile_fields


def hero_strike(content: Content, entry: HeroWeapon) -> Strike:
    """One weapon of a hero as a strike: OB = skill + talents + the weapon's OB modifier + its bonus."""
    weapon = content.get("harp", "weapons", entry.weapon, harp.Weapon)
    offence = Offence(skill=entry.skill, talents=entry.talents, weapon_mod=weapon.ob_mod, weapon_bonus=entry.bonus)
    parts = Breakdown((Part("skill", offence.skill), Part("talents", offence.talents),
                       Part("weapon_mod", offence.weapon_mod), Part("weapon_bonus", offence.weapon_bonus)))
    return Strike(name=weapon.name.as_dict(), kind="weapon", table=weapon.table, size=weapon.size,
                  fumble=weapon.fumble, ob=offence.total(), critical=weapon.critical,
                  additional=weapon.additional_critical, ob_breakdown=parts, weapon=weapon.id,
                  braced=weapon.braced_vs_charge, **missile_fields(weapon))


def shield_usable(shield: harp.Shield, weapon: harp.Weapon) -> bool:
    """Whether the shield protects while ``weapon`` is in hand.

    A two-handed weapon leaves no hand for a shield, so its DB is not counted; the one exception is a shield whose
    hand may still draw a two-handed missile weapon (the target, with a bow or a crossbow).
    """
    if weapon.hands == 1:
        return True
    return weapon.kind == "missile" and shield.hand == "missile"


def hero_defence(content: Content, hero: Hero, weapon_index: int = 0) -> Defence:
    """The parts of the hero's DB with his ``weapon_index``-th weapon in hand (see :func:`shield_usable`)."""
    weapon = content.get("harp", "weapons", _in_hand(hero, weapon_index).weapon, harp.Weapon)
    armour = content.get("harp", "armours", hero.armour, harp.Armour)
    shield = content.get("harp", "shields", hero.shield, harp.Shield) if hero.shield else None
    if shield is not None and not shield_usable(shield, weapon):
        shield = None
    return Defence(armour=armour, quickness_bonus=hero.stats.qu, armour_skill=hero.armour_skill,
                   fitted=hero.armour_fitted, armour_bonus=hero.armour_bonus, shield=shield,
                   shield_trained=hero.shield_trained, shield_bonus=hero.shield_bonus if shield else 0,
                   talents=hero.talents_db)


def combatant_from_hero(content: Content, hero: Hero, weapon_index: int = 0) -> Combatant:
    """The combatant a hero is, with his ``weapon_index``-th weapon in hand.

    Strikes: the weapon in hand first (the default strike), then his other weapons in the file's order. The DB
    counts the shield only if the weapon in hand leaves it a hand: a two-handed weapon does not (bows and
    crossbows with a target excepted). Initiative uses Quickness and Intuition, the stun roll the Body resistance
    bonus.
    """
    _in_hand(hero, weapon_index)
    order = [weapon_index, *(i for i in range(len(hero.weapons)) if i != weapon_index)]
    strikes = tuple(hero_strike(content, hero.weapons[i]) for i in order)
    defence = hero_defence(content, hero, weapon_index)
    return Combatant(id=hero.id, name=hero.name.as_dict(), hp=hero.hp, db=defence.total(),
                     armour_type=defence.armour.type, body_rr=hero.resistances.body, strikes=strikes,
                     quickness=hero.stats.qu, intuition=hero.stats.in_, agility=hero.stats.ag,
                     base_movement=hero.base_movement, parry=own_parry(hero.parry), shield_db=defence.shield_db(),
                     shield_covers=defence.shield.attacks_covered if defence.shield else 0,
                     shield_arc=defence.shield.arc if defence.shield else "front-side",
                     offhand_db=off_hand_db(content, hero.off_hand), perception=hero.perception,
                     armour_penalty=armour_manoeuvre_penalty(defence.armour, hero.armour_skill,
                                                             fitted=hero.armour_fitted))


def combatant_for(content: Content, ref: str, level: int | None = None) -> Combatant:
    """A combatant from any id: a hero first, then a sample fighter or a creature (at ``level``)."""
    heroes = content.kind("harp", "heroes")
    if ref in heroes:
        if level is not None:
            raise InputError(_("--level applies to creatures, not to the hero {id}").format(id=ref))
        return combatant_from_hero(content, content.get("harp", "heroes", ref, Hero))
    if ref in content.kind("harp", "fighters") or ref in content.kind("harp", "creatures"):
        return Combatant.from_content(content, ref, level)
    known = sorted({*heroes, *content.kind("harp", "fighters"), *content.kind("harp", "creatures")})
    raise UnknownIdError(_("unknown hero, fighter or creature {id!r}; known: {known}").format(
        id=ref, known=", ".join(known)))


def _in_hand(hero: Hero, weapon_index: int) -> HeroWeapon:
    if not 0 <= weapon_index < len(hero.weapons):
        raise InputError(_("{who} has no weapon number {n}").format(who=hero.id, n=weapon_index + 1))
    return hero.weapons[weapon_index]
