"""The HARP combatant sheet: what the rules need of a fighter or a creature, derived from its sheet or stat block.

Low in the system: the worlds, the narration, play and the encounter reader all read it; the one-exchange use case
(:mod:`estoc.systems.harp.exchange`) sits above them.
"""

from __future__ import annotations

from dataclasses import dataclass

from estoc.content.models import harp
from estoc.content.models.harp_creatures import Creature
from estoc.content.registry import Content
from estoc.errors import InputError, UnknownIdError
from estoc.i18n import _
from estoc.systems.harp.creatures import stat_block
from estoc.systems.harp.stats import Defence, Offence, armour_manoeuvre_penalty
from estoc.systems.harp.strike import Strike, missile_fields


def off_hand_db(content: Content, weapon_id: str | None) -> int:
    """What an off-hand weapon (« Les boucliers »: a main-gauche, a sai) adds to the DB in a defensive posture: its
    record's ``defence_bonus``; 0 with none."""
    if weapon_id is None:
        return 0
    weapon = content.get("harp", "weapons", weapon_id, harp.Weapon)
    if weapon.defence_bonus == 0:
        raise InputError(_("{id} is no off-hand weapon (it has no defence bonus)").format(id=weapon_id))
    return weapon.defence_bonus


PARRY_AUTO = -1
"""A combatant's ``parry`` when none is written: the default policy weighs the share (the kernel's
``PARRY_AUTO``)."""


def own_parry(written: int | None) -> int:
    """The ``parry`` a sheet or an encounter writes, as a combatant's: :data:`PARRY_AUTO` when none is."""
    return PARRY_AUTO if written is None else written


@dataclass(frozen=True)
class Combatant:
    """What the rules need of a fighter or a creature, derived from its sheet or stat block."""

    id: str
    name: dict[str, str]
    hp: int
    db: int
    armour_type: int
    body_rr: int
    strikes: tuple[Strike, ...]
    quickness: int = 0
    intuition: int = 0
    agility: int = 0
    base_movement: int = 20
    size: str = "medium"
    size_rank: int = 2
    crit_reduction: int = 0
    beast: bool = False
    """Only natural weapons: it never parries."""
    stun_immune: bool = False
    bleed_immune: bool = False
    devastating: bool = False
    """Force Dévastatrice: the table's hits are doubled (not the criticals')."""
    sunlight_sensitive: bool = False
    parry: int = PARRY_AUTO
    """OB the default policy always keeps to parry each blow; :data:`PARRY_AUTO`: it weighs the share at each blow
    (:func:`estoc.systems.harp.kernel.best_parry`)."""
    guard: int = 0
    guard_dodge: bool = False
    """Its guard (above) is a dodge (« Esquive ») rather than a total parry."""
    guard_company: bool = False
    """Its guard holds only while a companion still fights (the default guard, :data:`DEFAULT_GUARD`)."""
    """Its hit points, as a percentage of its total, at or under which the default policy makes a total parry instead
    of attacking (0: never)."""
    kind: str = "fighter"
    """``fighter`` or ``hero`` (played by a player), ``creature`` (played by the GM or its policy)."""
    player: bool | None = None
    """Played at the table by a player (its dice asked, its turns left to the table); ``None``: as its kind says
    (a hero or fighter is, a creature is not). An encounter's member says so with ``player``."""
    shield_db: int = 0
    """What its shield adds to ``db`` (counted against the first ``shield_covers`` attacks of each round only)."""
    shield_covers: int = 0
    armour_penalty: int = 0
    """The worn armour's manoeuvre penalty (0 or less): dodges and other manoeuvres of Agility or Quickness."""
    regenerates: bool = False
    """« Régénération (Majeure) »: 2 hit points back a minute, never those lost to magic or fire."""
    shield_arc: str = "front-side"
    """Where its shield covers (« Les boucliers »): ``front`` (a buckler, a target) or ``front-side``."""
    offhand_db: int = 0
    """What its off-hand weapon (a main-gauche) adds to its DB against melee blows while it parries."""
    perception: int = 0
    """Its Perception skill bonus (« Surprise »: the best perceiver of each side rolls)."""

    @classmethod
    def from_content(cls, content: Content, combatant_id: str, level: int | None = None) -> Combatant:
        """A sample fighter or a creature (at ``level``) by id."""
        if combatant_id in content.kind("harp", "fighters"):
            if level is not None:
                raise InputError(_("--level applies to creatures, not to the fighter {id}").format(id=combatant_id))
            return cls.from_fighter(content, content.get("harp", "fighters", combatant_id, harp.Fighter))
        if combatant_id in content.kind("harp", "creatures"):
            return cls.from_creature(content, content.get("harp", "creatures", combatant_id, Creature), level)
        known = sorted([*content.kind("harp", "fighters"), *content.kind("harp", "creatures")])
        raise UnknownIdError(_("unknown fighter or creature {id!r}; known: {known}").format(
            id=combatant_id, known=", ".join(known)))

    @classmethod
    def from_fighter(cls, content: Content, sheet: harp.Fighter) -> Combatant:
        weapon = content.get("harp", "weapons", sheet.weapon, harp.Weapon)
        armour = content.get("harp", "armours", sheet.armour, harp.Armour)
        shield = content.get("harp", "shields", sheet.shield, harp.Shield) if sheet.shield else None
        ob = Offence(skill=sheet.skill, talents=sheet.talents_ob, weapon_mod=weapon.ob_mod,
                     weapon_bonus=sheet.weapon_bonus).total()
        defence = Defence(armour=armour, quickness_bonus=sheet.quickness, armour_skill=sheet.armour_skill,
                          fitted=sheet.armour_fitted, armour_bonus=sheet.armour_bonus, shield=shield,
                          shield_trained=sheet.shield_trained, shield_bonus=sheet.shield_bonus,
                          talents=sheet.talents_db)
        db = defence.total()
        strike = Strike(name=weapon.name.as_dict(), kind="weapon", table=weapon.table, size=weapon.size,
                        fumble=weapon.fumble, ob=ob, critical=weapon.critical, additional=weapon.additional_critical,
                        weapon=weapon.id, braced=weapon.braced_vs_charge, **missile_fields(weapon))
        return cls(id=sheet.id, name=sheet.name.as_dict(), hp=sheet.hp, db=db, armour_type=armour.type,
                   body_rr=sheet.body_rr, strikes=(strike,), quickness=sheet.quickness, intuition=sheet.intuition,
                   agility=sheet.agility, base_movement=sheet.base_movement, parry=own_parry(sheet.parry),
                   shield_db=defence.shield_db(), shield_covers=shield.attacks_covered if shield else 0,
                   shield_arc=shield.arc if shield else "front-side", offhand_db=off_hand_db(content, sheet.off_hand),
                   armour_penalty=armour_manoeuvre_penalty(armour, sheet.armour_skill, fitted=sheet.armour_fitted))

    @classmethod
    def from_creature(cls, content: Content, creature: Creature, level: int | None = None) -> Combatant:
        block = stat_block(content, creature, level)
        strikes = block.attacks
        return cls(id=creature.id, name=creature.name.as_dict(), hp=block.hit_points.total, db=block.db.total,
                   armour_type=block.armour_type, body_rr=block.resistances["body"].total, strikes=strikes,
                   quickness=creature.stats.qu, intuition=creature.stats.in_, agility=creature.stats.ag,
                   base_movement=creature.base_movement, size=creature.size, size_rank=block.size_rule.rank,
                   crit_reduction=block.size_rule.critical_reduction, beast=block.beast,
                   stun_immune=block.has("immunite-etourdissement"), bleed_immune=block.has("immunite-saignement"),
                   devastating=block.has("force-devastatrice"), sunlight_sensitive=block.has("sensibilite-soleil"),
                   kind="creature", shield_db=block.db.part("shield") + block.db.part("shield_bonus"),
                   shield_covers=block.shield_covers, armour_penalty=block.manoeuvre_penalty,
                   regenerates=block.has("regeneration"))

    @property
    def plays(self) -> bool:
        """Whether a player plays it (:attr:`player`, else its kind)."""
        return self.player if self.player is not None else self.kind != "creature"

    def ob(self, strike: int = 0) -> int:
        """The OB of one of its attacks (the signature attack by default)."""
        return self.strikes[strike].ob
