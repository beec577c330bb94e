"""Content models of the One Ring house rules (system ``tor``): weapons, armours, shields, heroes and adversaries.

Skills and combat proficiencies are ratings: the number of success dice rolled. Target numbers follow the game's
own rule (a hero's TN for an attribute is 20 minus its rating) unless the file gives them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictInt, model_validator

from estoc.content.models.common import HP_MAX, ContentId, Record, Strict, whole

WeaponKind = Literal["sword", "axe", "spear", "bow", "dagger", "club", "mace", "improvised", "shield"]
TASK_SKILLS = ("presence", "persuasion", "inspiration", "chant", "discretion", "athletisme", "vigilance",
               "intuition", "inspection", "art-de-la-guerre")
"""The skills the combat tasks use (Présence, Persuasion, Inspiration, Chant, Discrétion, Athlétisme, Vigilance,
Intuition, Inspection, Art de la Guerre)."""
TASK_IDS = ("intimider", "defier", "deux-armes", "rallier", "encourager", "attaque-surprise", "proteger",
            "tenir-position", "contre-attaque", "mettre-en-joue", "harceler", "escarmouche", "annuler-complication",
            "prendre-avantage", "ceder-terrain", "reduire-charge")
"""The combat tasks' ids, the words a hero's file favours them by, in the kernel's order (``systems/tor/names.py``
gives each its stance, action and roll, in this order: a test holds the two equal)."""
TN_BASE = 20


class Weapon(Record):
    """A weapon: its damage (endurance lost on a hit) and its injury (the TN of the protection roll it forces)."""

    kind: WeaponKind
    proficiency: ContentId = Field(description="the combat proficiency that wields it (epees, haches, lances, arcs…)")
    damage: int = whole(ge=0, le=100)
    injury: int = whole(ge=1, le=30)
    two_handed: bool = False
    ranged: bool = False
    fend_off: int = whole(default=0, ge=0, le=10,
                     description="parry gained per tengwar (Fend off): axe 1, sword 2, spear 3")
    pierce: int = whole(default=0, ge=0, le=10,
                   description="feat die gained per tengwar (Pierce): sword 1, bow 2, spear 3")
    load: int = whole(default=0, ge=0, le=100)


class Armour(Record):
    """Armour or a helm: the protection dice it adds to protection rolls."""

    slot: Literal["body", "head"] = "body"
    protection: int = whole(ge=0, le=6)
    load: int = whole(default=0, ge=0, le=100)


class Shield(Record):
    parry: int = whole(ge=0, le=30, description="added to the bearer's parry")
    load: int = whole(default=0, ge=0, le=100)


class Attributes(Strict):
    """Corps, Cœur, Esprit (Strength, Heart, Wits) ratings."""

    corps: int = whole(ge=1, le=12)
    coeur: int = whole(ge=1, le=12)
    esprit: int = whole(ge=1, le=12)


class TargetNumbers(Strict):
    corps: int = whole(ge=1, le=30)
    coeur: int = whole(ge=1, le=30)
    esprit: int = whole(ge=1, le=30)


class Proficiency(Strict):
    weapon: ContentId
    rating: int = whole(ge=0, le=6, description="success dice rolled with it")


class Hero(Record):
    """A hero of the One Ring house rules."""

    attributes: Attributes
    tn: TargetNumbers | None = Field(default=None, description="target numbers (default: 20 minus each rating)")
    endurance: int = whole(ge=1, le=HP_MAX)
    hope: int | None = whole(default=None, ge=0, le=100)
    parry: int = whole(ge=0, le=30, description="the hero's parry rating, before the shield")
    valour: int = whole(default=1, ge=0, le=6)
    weapons: tuple[Proficiency, ...] = Field(min_length=1)
    armour: ContentId | None = None
    helm: ContentId | None = None
    shield: ContentId | None = None
    skills: dict[str, StrictInt] = Field(default_factory=dict, description="task skills and their ratings")
    war_songs: int = whole(default=0, ge=0, le=100, description="war songs not yet sung")
    tasks: tuple[ContentId, ...] = Field(default=(), description="the combat tasks the hero favours, by preference: "
                                         "estoc uses them when it decides for the hero")

    @model_validator(mode="after")
    def _known_skills(self) -> Hero:
        unknown = sorted(set(self.skills) - set(TASK_SKILLS))
        if unknown or any(not 0 <= v <= 6 for v in self.skills.values()):
            raise ValueError("tor-skills")
        if set(self.tasks) - set(TASK_IDS):
            raise ValueError("tor-tasks")
        return self

    def target_numbers(self) -> TargetNumbers:
        if self.tn is not None:
            return self.tn
        a = self.attributes
        return TargetNumbers(corps=TN_BASE - a.corps, coeur=TN_BASE - a.coeur, esprit=TN_BASE - a.esprit)


class AdversaryWeapon(Strict):
    weapon: ContentId
    rating: int = whole(ge=0, le=6)
    damage: int | None = whole(default=None, ge=0, le=100, description="instead of the weapon's")
    injury: int | None = whole(default=None, ge=1, le=30)


class Adversary(Record):
    """An adversary: it uses no combat task."""

    attribute_level: int = whole(ge=1, le=12)
    endurance: int = whole(ge=1, le=HP_MAX)
    might: int = whole(default=1, ge=1, le=6, description="wounds it takes to fell it")
    parry: int = whole(ge=0, le=30, description="added to the heroes' TN to hit it")
    armour: int = whole(ge=0, le=6, description="protection dice")
    weapons: tuple[AdversaryWeapon, ...] = Field(min_length=1)
