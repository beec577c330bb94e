"""Content models of the HARP · TdM bestiary: natural armours, creature sizes, creatures.

A creature's file holds what the text calls its characteristics (level, size, stat bonuses, armour, attacks,
abilities…); every derived number (hit points, OB, DB, resistance rolls, initiative) is computed from them by
:mod:`estoc.systems.harp.creatures`, never typed in, so that a creature scaled to another level is recomputed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails

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
from estoc.content.models.harp import AdditionalCritical, AttackSize
from estoc.i18n import _

CreatureSize = Literal["tiny", "small", "medium", "large", "huge"]
"""Très Petite, Petite, Moyenne, Grande, Énorme."""
CREATURE_SIZES: tuple[CreatureSize, ...] = ("tiny", "small", "medium", "large", "huge")
Attitude = Literal["agressif", "distant", "belliqueux", "berserk", "cruel", "dominant", "cupide", "hostile",
                   "affame", "protecteur"]
TreasureLevel = Literal["aucun", "pauvre", "normal", "riche", "fabuleux"]
InnateDodge = Literal["none", "minor", "major", "superior"]
KnownAbility = Literal[
    "force-devastatrice", "immunite-etourdissement", "immunite-saignement", "instinct-de-survie",
    "regeneration", "sensibilite-soleil", "vol", "aquatique", "infravision", "detection-creatures",
    "capacites-portage", "vision-nocturne", "odorat-aiguise"]


class NaturalArmour(Record):
    """Skin, fur, hide, scales or shell: an armour Type and its DB, with no manoeuvre or casting penalty."""

    type: int = whole(ge=1, le=10)
    db: int = whole(ge=0, le=BONUS_MAX)


class CreatureSizeRule(Record):
    """What a creature size brings: the racial Endurance bonus to hit points and how far criticals drop."""

    size: CreatureSize
    endurance_bonus: int = whole(ge=-HP_MAX, le=HP_MAX, description="racial bonus to hit points")
    critical_reduction: int = whole(ge=0, le=4, description="severities removed from the criticals it takes")
    rank: int = whole(ge=0, le=4, description="0 tiny … 4 huge: a larger rank is a larger creature")


class Stats(Strict):
    """Characteristic bonuses."""

    st: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Strength (Force)")
    qu: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Quickness (Rapidité)")
    ag: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Agility (Agilité)")
    co: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Constitution")
    sd: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Self-discipline (Volonté)")
    in_: int = whole(default=0, alias="in", ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Intuition")
    re: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Reasoning (Raisonnement)")
    pr: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Presence (Présence)")


class Resistances(Strict):
    """Racial bonuses to the three resistance rolls."""

    body: int = whole(0, ge=-BONUS_MAX, le=BONUS_MAX)
    mind: int = whole(0, ge=-BONUS_MAX, le=BONUS_MAX)
    magic: int = whole(0, ge=-BONUS_MAX, le=BONUS_MAX)


class Treasure(Strict):
    coins: TreasureLevel = "aucun"
    items: TreasureLevel = "aucun"
    magic: TreasureLevel = "aucun"
    where: Literal["creature", "lair"] = "lair"


class Poison(Strict):
    """A venom resolved by a Body resistance roll rather than (or besides) a Poison critical."""

    rr: Literal["simple", "cascade"]
    level: int = whole(ge=1, le=100, description="the poison's level, which sets the roll's difficulty")
    rounds: int = whole(default=1, ge=1, le=100, description="a cascade: how many rounds it rolls again while failed")
    hits: int = whole(default=0, ge=0, le=1000,
                      description="hit points each failed roll costs (0: none, or the text's)")
    penalty: int = whole(default=0, ge=-1000, le=0,
                         description="penalty each failed roll adds to every action (0: none, or the text's)")
    text: Text


class CreatureAttack(Strict):
    """One attack: a natural weapon (its table), a wielded weapon (its id), a breath or a web."""

    name: Text
    kind: Literal["natural", "weapon", "breath", "web"] = "natural"
    table: ContentId | None = Field(default=None, description="attack table (natural weapons, breaths, webs)")
    weapon: ContentId | None = Field(default=None, description="weapon id, for a creature wielding one")
    size: AttackSize | None = Field(default=None, description="attack size; a weapon's own size by default")
    talents: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="OB from talents")
    weapon_bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                              description="magic or quality of the weapon")
    additional_critical: AdditionalCritical | None = None
    poison: Poison | None = None
    area: Literal["single", "cone", "line"] = "single"
    uses: int | None = whole(default=None, ge=1, le=1000, description="uses a day (breaths); none: unlimited")

    @model_validator(mode="after")
    def _source(self) -> CreatureAttack:
        if (self.kind == "weapon") != (self.weapon is not None) or (self.kind != "weapon") == (self.table is None):
            raise ValueError("attack-source")
        if self.kind != "weapon" and self.size is None:
            raise ValueError("attack-size")
        return self


class InnatePower(Strict):
    name: Text
    signature: bool = False


class Ability(Strict):
    """An ability proper to one creature, described in words."""

    id: ContentId
    name: Text
    text: Text


class Creature(Record):
    """A creature's stat block, as characteristics: derived numbers are computed."""

    level: int = whole(ge=0, le=LEVEL_MAX)
    size: CreatureSize
    base_movement: int = whole(ge=0, le=METRES_MAX, description="metres a round at a walk")
    stats: Stats = Stats()
    natural_armour: ContentId = Field(description="natural armour id")
    armour: ContentId | None = Field(default=None, description="armour worn over it, if any")
    armour_bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="magic of the armour")
    shield: ContentId | None = None
    shield_bonus: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    innate_dodge: InnateDodge = "none"
    talents_db: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    resistances: Resistances = Resistances()
    attacks: tuple[CreatureAttack, ...] = Field(min_length=1, description="the signature attack first")
    warrior_levels: int = whole(default=0, ge=0, le=LEVEL_MAX,
                                description="extra warrior levels (a more powerful version)")
    number_encountered: str = Field(default="1", description="e.g. 2-8")
    attitude: Attitude
    treasure: Treasure = Treasure()
    abilities: tuple[KnownAbility, ...] = ()
    special_abilities: tuple[Ability, ...] = ()
    undead_class: int | None = whole(default=None, ge=1, le=5)
    innate_powers: tuple[InnatePower, ...] = ()
    description: Text | None = None

    @model_validator(mode="after")
    def _attack_sizes(self) -> Creature:
        """A natural attack is at most the creature's size (bestiary, the section on monsters' attacks): claws of
        a Medium creature are Medium or smaller; a Huge creature is bound only by the largest attack size, Large.

        estoc's reading: breaths and webs count as natural attacks here. The bestiary resolves them the way a
        natural weapon is resolved (their fumble range included), sets their size per creature, and makes no
        exception for them; a cone or a line changes who is struck, not the size the table is read at. A wielded
        weapon is no natural attack: it keeps the weapon's own size, whatever the creature's.
        """
        creature = CREATURE_SIZES.index(self.size)
        errors = [
            InitErrorDetails(type="value_error", loc=("attacks", i, "size"), input=attack.size, ctx={"error": _(
                "a natural attack, breath or web is at most the size of its creature: {attack!r} is larger than "
                "the creature's {creature!r}").format(attack=attack.size, creature=self.size)})
            for i, attack in enumerate(self.attacks)
            if attack.kind != "weapon" and attack.size is not None and CREATURE_SIZES.index(attack.size) > creature]
        if errors:
            # Raised whole (pydantic passes a ValidationError through) so that each error points at the attack's
            # own size line, not at the creature.
            raise ValidationError.from_exception_data(type(self).__name__, errors)
        return self
