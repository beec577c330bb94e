"""Content model of a HARP · TdM character file: what a hero brings to a fight.

A hero's file holds the totals of his character sheet (skill bonuses with their characteristics and ranks already
added, resistance bonuses, hit points); the fight's numbers (OB per weapon, DB, initiative) are summed from them by
:mod:`estoc.systems.harp.heroes`. A file of kind ``heroes`` reads::

    schema_version: 1
    system: harp
    kind: heroes
    records:
      - id: brundar
        name: {fr: Brundar Fend-Roc, en: Brundar Rockcleaver}
        level: 5
        stats: {st: 10, qu: 0, ag: 5, co: 15, sd: 5, in: 5}
        resistances: {body: 45, mind: 25, magic: 40}
        hp: 105
        weapons:
          - {weapon: hache, skill: 75, talents: 5, bonus: 10}
        armour: cotte-de-mailles
        armour_skill: 35
        shield: bouclier-rond
        shield_trained: true
"""

from __future__ import annotations

from pydantic import Field, field_validator

from estoc.content.models.common import (
    BONUS_MAX,
    HP_MAX,
    ITEM_BONUS_MAX,
    LEVEL_MAX,
    METRES_MAX,
    ContentId,
    Record,
    Strict,
    Text,
    whole,
)
from estoc.content.models.harp_creatures import Resistances, Stats
from estoc.i18n import _


class HeroWeapon(Strict):
    """A weapon the hero fights with, and his bonuses with it."""

    weapon: ContentId = Field(description="weapon id")
    skill: int = whole(ge=-BONUS_MAX, le=BONUS_MAX,
                       description="total skill bonus in the weapon's group (ranks, characteristics, the rest)")
    bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                       description="magic, material or quality of this weapon")
    talents: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                         description="OB from talents, profession abilities or lasting spells")


class Hero(Record):
    """A player character (or a named NPC) as a fight needs him: totals from his sheet, nothing derived."""

    level: int = whole(ge=0, le=LEVEL_MAX)
    stats: Stats = Field(default=Stats(), description="characteristic bonuses")
    resistances: Resistances = Field(
        default=Resistances(), description="total resistance roll bonuses (not only the racial part)")
    hp: int = whole(ge=1, le=HP_MAX, description="hit points")
    base_movement: int = whole(default=20, ge=0, le=METRES_MAX, description="metres a round")
    weapons: tuple[HeroWeapon, ...] = Field(description="the first is in hand when a fight starts")
    armour: ContentId = Field(default="tissu", description="armour id; cloth (Type 1) when he wears none")
    armour_fitted: bool = Field(default=True, description="an armour not fitted gives half its DB")
    armour_skill: int = whole(default=0, ge=0, le=BONUS_MAX, description="total skill bonus in Armour")
    armour_bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                              description="magic or quality of the armour")
    shield: ContentId | None = None
    off_hand: ContentId | None = Field(default=None, description="an off-hand weapon's id (a main-gauche): its bonus "
                                       "to the DB while he parries")
    shield_trained: bool = Field(default=False, description="has the Shield Training talent")
    shield_bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                              description="magic or quality of the shield")
    talents_db: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="DB from talents")
    perception: int = whole(default=0, ge=-BONUS_MAX, le=BONUS_MAX,
                            description="total skill bonus in Perception (surprise)")
    parry: int | None = whole(default=None, ge=0, le=BONUS_MAX, description="OB he always keeps to parry each blow "
                              "(none: estoc's default policy weighs the share at each blow)")
    description: Text | None = None

    @field_validator("weapons")
    @classmethod
    def _armed(cls, weapons: tuple[HeroWeapon, ...]) -> tuple[HeroWeapon, ...]:
        # The message is translated here: messages.py's keys are for shared validators.
        if not weapons:
            raise ValueError(_("a hero needs at least one weapon (bare hands: poing)"))
        return weapons
