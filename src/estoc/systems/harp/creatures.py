"""Creatures of the bestiary: every derived number of a stat block, computed from level and characteristics.

The formulas are the text's:

* ranks: a creature's skills are at the maximum ranks of its level, ``level × 3 + 3``; a rank bonus of +5 per rank
  for ranks 1–10, +2 for 11–20, +1 beyond (18 ranks: +66);
* hit points: Endurance ranks' bonus + Constitution + Self-discipline + the racial bonus of its size (a light
  horse: 60 + 7 + 5 + 60 = 132);
* OB of each attack: the ranks' bonus + Strength + Agility (a breath: Constitution + Self-discipline) + the warrior
  bonuses (+10 at level 1 and at every fifth level, at most +30 per attack, the first attack served first) +
  talents, weapon modifier and weapon bonus (a black bear: 66 + 15 + 10 + 20 = 111);
* DB: the better armour Type and the better DB of natural and worn armour (no sum), its magic, Quickness × 2 (not
  lowered by a worn armour's penalty: the DB is no manoeuvre), Survival Instinct (one rank per level: +5 a level
  to 10, +2 to 20, +1 after), innate dodge (+10, +20, +30), shield and its magic, talents;
* a more powerful version adds warrior levels, and everything is recomputed at the new level.

Where the text is silent, estoc's reading (said in the notes, settings here):

* resistance rolls: racial bonus + 3 × the characteristic (Body: Constitution, Mind: Self-discipline, Magic:
  Intuition) + one rank a level in resistance (the rank bonus of the level, like Survival Instinct), so that a
  creature scaled to another level has its resistance rolls recomputed as the text asks;
* initiative bonus: Quickness + Intuition, as for characters;
* innate powers: signature powers at the level's maximum ranks, the others at half (rounded down); casting bonus:
  the ranks' bonus + Self-discipline + Intuition; power points: the maximum ranks' bonus + Self-discipline +
  Intuition;
* a creature with a shield uses it as one trained with shields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from estoc.content.models import harp
from estoc.content.models.harp_creatures import Creature, CreatureAttack, CreatureSizeRule, NaturalArmour
from estoc.content.registry import Content
from estoc.errors import InputError
from estoc.i18n import _
from estoc.systems.harp.strike import Breakdown, Part, Strike, missile_fields

WARRIOR_BONUS = 10
WARRIOR_BONUS_CAP = 30
INNATE_DODGE = {"none": 0, "minor": 10, "major": 20, "superior": 30}
RR_STAT_MULTIPLIER = 3
NATURAL_FUMBLE = 2
"""Natural weapons (claws, fangs, horns…), breaths and webs fumble on 01–02."""
SWIM_BONUS_PER_5_RANKS = 2


def max_ranks(level: int) -> int:
    """The most ranks a skill may have at ``level``: level × 3 + 3."""
    return level * 3 + 3


def rank_bonus(ranks: int) -> int:
    """The bonus of ``ranks`` skill ranks: +5 each up to 10, +2 each up to 20, +1 each beyond."""
    ranks = max(ranks, 0)
    return 5 * min(ranks, 10) + 2 * max(min(ranks, 20) - 10, 0) + max(ranks - 20, 0)


def warrior_bonus_count(level: int) -> int:
    """How many +10 warrior bonuses a creature of ``level`` has: at level 1, then at 5, 10, 15…"""
    return (1 if level >= 1 else 0) + level // 5


def warrior_bonuses(level: int, attacks: int) -> list[int]:
    """The warrior bonuses given to each attack: the first attack first, at most +30 each."""
    left = warrior_bonus_count(level) * WARRIOR_BONUS
    out = []
    for _i in range(attacks):
        given = min(left, WARRIOR_BONUS_CAP)
        out.append(given)
        left -= given
    return out


def survival_instinct(level: int) -> int:
    """Survival Instinct's DB: one skill rank a level."""
    return rank_bonus(level)


def _b(*parts: tuple[str, int]) -> Breakdown:
    return Breakdown(tuple(Part(k, v) for k, v in parts))


@dataclass(frozen=True)
class StatBlock:
    """A creature at a level, with every derived number and its breakdown."""

    creature: Creature
    level: int
    """The level every number is computed at (base level + warrior levels)."""
    size_rule: CreatureSizeRule
    armour_type: int
    armour_name: dict[str, str]
    manoeuvre_penalty: int
    hit_points: Breakdown
    db: Breakdown
    attacks: tuple[Strike, ...]
    resistances: dict[str, Breakdown]
    initiative: Breakdown
    movement: dict[str, int]
    powers: tuple[dict[str, Any], ...] = field(default=())
    power_points: int = 0
    shield_covers: int = 0
    """How many attacks a round its shield covers (0: no shield)."""

    @property
    def beast(self) -> bool:
        """A beast has only natural weapons: it never parries (its dodging is in its DB)."""
        return not any(a.kind == "weapon" for a in self.attacks)

    def has(self, ability: str) -> bool:
        return ability in self.creature.abilities

    def as_dict(self) -> dict[str, Any]:
        c = self.creature
        return {
            "id": c.id, "name": c.name.as_dict(), "level": self.level, "base_level": c.level,
            "warrior_levels": self.level - c.level, "size": c.size, "base_movement": c.base_movement,
            "movement": self.movement, "initiative": self.initiative.total,
            "armour": {"type": self.armour_type, "name": self.armour_name,
                       "manoeuvre_penalty": self.manoeuvre_penalty},
            "db": self.db.total, "db_breakdown": self.db.as_dict()["parts"],
            "hit_points": self.hit_points.total, "hit_points_breakdown": self.hit_points.as_dict()["parts"],
            "attacks": [a.as_dict() for a in self.attacks],
            "resistances": {k: v.total for k, v in self.resistances.items()},
            "number_encountered": c.number_encountered, "attitude": c.attitude,
            "treasure": c.treasure.model_dump(), "abilities": list(c.abilities),
            "special_abilities": [{"id": a.id, "name": a.name.as_dict(), "text": a.text.as_dict()}
                                  for a in c.special_abilities],
            "undead_class": c.undead_class, "powers": list(self.powers), "power_points": self.power_points,
            "beast": self.beast, "critical_reduction": self.size_rule.critical_reduction,
            "description": c.description.as_dict() if c.description else None,
        }


def _size_rule(content: Content, creature: Creature) -> CreatureSizeRule:
    for rule in content.all("harp", "creature-sizes", CreatureSizeRule):
        if rule.size == creature.size:
            return rule
    raise InputError(_("no creature size rule for {size}").format(size=creature.size))


def _attack(content: Content, creature: Creature, attack: CreatureAttack, level: int, warrior: int) -> Strike:
    stats = creature.stats
    weapon = content.get("harp", "weapons", attack.weapon, harp.Weapon) if attack.weapon else None
    if attack.kind == "breath":
        stat_parts = [("constitution", stats.co), ("self_discipline", stats.sd)]
    else:
        stat_parts = [("strength", stats.st), ("agility", stats.ag)]
    ob = _b(("ranks", rank_bonus(max_ranks(level))), *stat_parts, ("warrior", warrior),
            ("talents", attack.talents), ("weapon_mod", weapon.ob_mod if weapon else 0),
            ("weapon_bonus", attack.weapon_bonus))
    table = weapon.table if weapon else str(attack.table)
    size = attack.size or (weapon.size if weapon else "medium")
    return Strike(
        name=attack.name.as_dict(), kind=attack.kind, table=table, size=size,
        fumble=weapon.fumble if weapon else NATURAL_FUMBLE, ob=ob.total, ob_breakdown=ob,
        critical=weapon.critical if weapon else None,
        additional=attack.additional_critical or (weapon.additional_critical if weapon else None),
        area=attack.area, uses=attack.uses,
        poison=attack.poison.model_dump() if attack.poison else None, weapon=attack.weapon,
        braced=bool(weapon and weapon.braced_vs_charge), **missile_fields(weapon))


def stat_block(content: Content, creature: Creature, level: int | None = None) -> StatBlock:
    """Every derived number of ``creature`` at ``level`` (its own level plus its warrior levels by default).

    ``level`` replaces the base level; the creature's extra warrior levels still add to it.
    """
    base = creature.level if level is None else level
    if base < 0:
        raise InputError(_("a level is 0 or more, not {level}").format(level=base))
    total_level = base + creature.warrior_levels
    stats = creature.stats
    size_rule = _size_rule(content, creature)
    natural = content.get("harp", "natural-armours", creature.natural_armour, NaturalArmour)
    worn = content.get("harp", "armours", creature.armour, harp.Armour) if creature.armour else None
    armour_type = max(natural.type, worn.type if worn else 0)
    armour_db = max(natural.db, worn.db if worn else 0)
    armour_name = (worn.name if worn and (worn.type, worn.db) >= (natural.type, natural.db) else natural.name)
    shield = content.get("harp", "shields", creature.shield, harp.Shield) if creature.shield else None
    db = _b(("armour", armour_db), ("armour_bonus", creature.armour_bonus), ("quickness", 2 * stats.qu),
            ("survival_instinct", survival_instinct(total_level) if "instinct-de-survie" in creature.abilities
             else 0),
            ("innate_dodge", INNATE_DODGE[creature.innate_dodge]),
            ("shield", shield.db_trained if shield else 0), ("shield_bonus", creature.shield_bonus),
            ("talents", creature.talents_db))
    hit_points = _b(("endurance_ranks", rank_bonus(max_ranks(total_level))), ("constitution", stats.co),
                    ("self_discipline", stats.sd), ("size", size_rule.endurance_bonus))
    warrior = warrior_bonuses(total_level, len(creature.attacks))
    attacks = tuple(_attack(content, creature, a, total_level, w)
                    for a, w in zip(creature.attacks, warrior, strict=True))
    level_rr = rank_bonus(total_level)
    resistances = {
        "body": _b(("racial", creature.resistances.body), ("constitution", RR_STAT_MULTIPLIER * stats.co),
                   ("level", level_rr)),
        "mind": _b(("racial", creature.resistances.mind), ("self_discipline", RR_STAT_MULTIPLIER * stats.sd),
                   ("level", level_rr)),
        "magic": _b(("racial", creature.resistances.magic), ("intuition", RR_STAT_MULTIPLIER * stats.in_),
                    ("level", level_rr)),
    }
    ranks = max_ranks(total_level)
    movement = {"walk": creature.base_movement}
    if "vol" in creature.abilities:
        movement["flight"] = 2 * creature.base_movement
    if "aquatique" in creature.abilities:
        movement["swim"] = creature.base_movement + SWIM_BONUS_PER_5_RANKS * (ranks // 5)
    powers = tuple({"name": p.name.as_dict(), "signature": p.signature,
                    "ranks": ranks if p.signature else ranks // 2,
                    "casting_bonus": rank_bonus(ranks if p.signature else ranks // 2) + stats.sd + stats.in_}
                   for p in creature.innate_powers)
    power_points = rank_bonus(ranks) + stats.sd + stats.in_ if creature.innate_powers else 0
    return StatBlock(creature=creature, level=total_level, size_rule=size_rule, armour_type=armour_type,
                     armour_name=armour_name.as_dict(), manoeuvre_penalty=worn.manoeuvre_penalty_max if worn else 0,
                     hit_points=hit_points, db=db, attacks=attacks, resistances=resistances,
                     initiative=_b(("quickness", stats.qu), ("intuition", stats.in_)), movement=movement,
                     powers=powers, power_points=power_points,
                     shield_covers=shield.attacks_covered if shield else 0)
