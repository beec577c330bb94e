"""The d100 combatant sheet: what the rules need of a character (its skills with each weapon, its shield, armour,
Dodge, hit points), the settings of a fight, and the kernel's codes they are written in.

Low in the system: the worlds, the narration, play and the encounter reader all read it; the one-exchange use case
(:mod:`estoc.systems.d100.exchange`) sits above them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from estoc.content.models import d100
from estoc.content.registry import Content
from estoc.dice.expressions import DiceExpression
from estoc.errors import RulesError
from estoc.i18n import _, pick
from estoc.systems.d100.codes import KernelTable
from estoc.systems.d100.rules import DEFAULT_FUMBLE_FROM, Outcomes, armour_penalty, hit_points

Defence = Literal["none", "parry", "dodge"]
DEFENCES: tuple[Defence, ...] = ("none", "parry", "dodge")
DEFENCE_CODES = KernelTable("defences", without=("best",))
"""The kernel's codes of the defences (``D_*``)."""
BEST = -1
"""The kernel's default defence (``D_BEST``): a parry where allowed, else a dodge, else none."""
ITEM_SHIELD = -1
"""The kernel's parrying item for a shield (``ITEM_SHIELD``); a weapon is its slot."""
BONUS_SHARE = {"full": 2, "half": 1, "none": 0}


@dataclass(frozen=True)
class Settings:
    """The GM's choices the text leaves open.

    Attributes:
        fumble_from: a roll this high or higher fumbles (100: only « 00 »; 101: never).
        dodge_missiles: arrows and thrown weapons may be dodged, at half the skill (the text: at the GM's word).
        helmet_points: a helmet's armour points add to the body armour's (``add``) or are left out (``ignore``):
            without hit locations, every blow meets the whole protection.
        parry_wear: a parried blow beyond the parrying item's hit points breaks it (``break``, the text, 5.6), or
            costs it one hit point like any blow beyond its protection (``one-point``, estoc's earlier reading).
        special_rounding: a special success is a roll at or under a fifth of the chance, that fifth rounded to the
            nearest (``nearest``, the default), down or up (5.5 gives no rounding).
        parried_excess: what gets past a parry meets the armour as well (``armour``, the default) or reaches the
            body whole (``body``) (5.11 says the parrying item protects, not whether the armour still does).
        hp_rounding: hit points are the mean of CON and SIZ rounded up (``up``, the default) or down (5.12 gives
            no rounding).
        ready_weapon: taking another weapon in hand is free, with the blow (``free``, the default: the text gives
            it no cost), or takes the combatant's action for the round (``action``).
    """

    fumble_from: int = DEFAULT_FUMBLE_FROM
    dodge_missiles: bool = False
    helmet_points: Literal["add", "ignore"] = "add"
    parry_wear: Literal["break", "one-point"] = "break"
    special_rounding: Literal["nearest", "down", "up"] = "nearest"
    parried_excess: Literal["armour", "body"] = "armour"
    hp_rounding: Literal["up", "down"] = "up"
    ready_weapon: Literal["free", "action"] = "free"


DEFAULT_SETTINGS = Settings()


@dataclass(frozen=True)
class WeaponUse:
    """A weapon in a combatant's hands: the record, its skill (base plus points) and its damage."""

    record: d100.Weapon
    skill: int
    damage: DiceExpression

    @property
    def missile(self) -> bool:
        return self.record.reach == "missile"


@dataclass(frozen=True)
class ShieldUse:
    record: d100.Shield
    skill: int


@dataclass(frozen=True)
class Combatant:
    """What the d100 rules need of a character."""

    id: str
    name: dict[str, str]
    dex: int
    hp: int
    damage_bonus: DiceExpression
    weapons: tuple[WeaponUse, ...]
    shield: ShieldUse | None
    armour_points: int
    helmet_points: int
    physical_penalty: int
    perception_penalty: int
    dodge_skill: int
    """Dodge before the armour's penalty."""
    first_aid: int

    @classmethod
    def from_character(cls, content: Content, character: d100.Character, hp_rounding: str = "up") -> Combatant:
        """The sheet of ``character``; ``hp_rounding``: the mean of CON and SIZ rounded ``up`` or ``down``."""
        weapons = []
        for use in character.weapons:
            record = content.get("d100", "weapons", use.weapon, d100.Weapon)
            weapons.append(WeaponUse(record, record.base + use.points, DiceExpression.parse(record.damage)))
        shield = None
        if character.shield is not None:
            record_s = content.get("d100", "shields", character.shield.shield, d100.Shield)
            shield = ShieldUse(record_s, record_s.base + character.shield.points)
        armour = content.get("d100", "armours", character.armour, d100.Armour) if character.armour else None
        helmet = content.get("d100", "armours", character.helmet, d100.Armour) if character.helmet else None
        c = character.characteristics
        return cls(
            id=character.id, name=character.name.as_dict(), dex=c.dex, hp=hit_points(c.con, c.siz, hp_rounding == "up"),
            damage_bonus=DiceExpression.parse(character.damage_bonus), weapons=tuple(weapons), shield=shield,
            armour_points=armour.points if armour else 0, helmet_points=helmet.points if helmet else 0,
            physical_penalty=(armour.physical_penalty if armour else 0) + (helmet.physical_penalty if helmet else 0),
            perception_penalty=(armour.perception_penalty if armour else 0)
            + (helmet.perception_penalty if helmet else 0),
            dodge_skill=character.dodge, first_aid=character.first_aid)

    @classmethod
    def from_content(cls, content: Content, character_id: str) -> Combatant:
        return cls.from_character(content, content.get("d100", "characters", character_id, d100.Character))

    def armour(self, settings: Settings = DEFAULT_SETTINGS) -> int:
        """The points every blow loses on this combatant's armour."""
        return self.armour_points + (self.helmet_points if settings.helmet_points == "add" else 0)

    def penalty(self, skill: str) -> int:
        """What the armour worn takes from ``skill`` (see :func:`~estoc.systems.d100.rules.armour_penalty`)."""
        return armour_penalty(skill, self.physical_penalty, self.perception_penalty)

    def dodge(self) -> int:
        """Dodge, lowered by the armour's penalty to physical skills (never below 0)."""
        return max(self.dodge_skill + self.penalty("esquive"), 0)

    def weapon(self, index: int) -> WeaponUse:
        """The weapon numbered ``index`` from 1."""
        if not 1 <= index <= len(self.weapons):
            raise RulesError(_("{name} has {count} weapon(s): choose 1 to {count}, not {index}").format(
                name=pick(self.name), count=len(self.weapons), index=index))
        return self.weapons[index - 1]


def slot_record(person: Combatant, s: int) -> Any:
    """The record of ``person``'s slot ``s`` in the kernel: a weapon, or its shield (the bash)."""
    return person.weapons[s].record if s < len(person.weapons) else person.shield.record  # type: ignore[union-attr]


def shipped_outcomes(content: Content, table_id: str = "attaques-et-defenses") -> Outcomes:
    """The attacks and defences table ``table_id`` of the content, as an array."""
    record = content.get("d100", "outcome-tables", table_id, d100.OutcomeTable)
    return Outcomes.from_rows({row.attack: {q: getattr(row, q) for q in ("special", "success", "failure", "fumble",
                                                                          "none")} for row in record.rows})
