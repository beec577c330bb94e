"""Content models of the d100 system (BRP-style percentile combat): weapons, armour, shields, the outcomes table
and characters.

Skills are percentages; a weapon gives the base percentage of its skill, and a character adds its points. Damage and
the damage bonus are dice expressions (``1D6+1``, ``2D6+1D4``, ``-1D4``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from estoc.content.models.common import HP_MAX, METRES_MAX, ROUNDS_MAX, ContentId, Record, Strict, whole
from estoc.errors import DiceError

Skill = Literal["melee", "missile", "firearm", "heavy"]
"""The skill a weapon uses: Arme de mêlée, Arme à distance, Arme à feu, Arme lourde."""
Reach = Literal["missile", "long", "medium", "short"]
"""Who strikes first at one DEX rank: missile weapons, then long, medium, and short weapons or bare hands."""
REACHES: tuple[Reach, ...] = ("missile", "long", "medium", "short")
Quality = Literal["special", "success", "failure", "fumble"]
QUALITIES: tuple[Quality, ...] = ("special", "success", "failure", "fumble")
DefenceQuality = Literal["special", "success", "failure", "fumble", "none"]
DEFENCE_QUALITIES: tuple[DefenceQuality, ...] = ("special", "success", "failure", "fumble", "none")
Result = Literal["miss", "stopped", "hit", "special"]
"""What an attack does once the defence is known: nothing, stopped by the parry or dodge, a hit, a special hit."""


def _dice(text: str) -> str:
    # lazy: numpy loads with the dice, not with every content file read.
    from estoc.dice.expressions import DiceExpression

    try:
        return str(DiceExpression.parse(text))
    except DiceError:
        raise ValueError("dice-expression") from None


Dice = Annotated[str, AfterValidator(_dice), Field(description="dice expression, like `1D6+1` or `2D6+1D4`")]


class Weapon(Record):
    """A melee or missile weapon, or a firearm."""

    skill: Skill
    base: int = whole(ge=0, le=100, description="base percentage of the skill")
    damage: Dice
    damage_bonus: Literal["full", "half", "none"] = Field(
        default="full", description="how much of the wielder's damage bonus it adds (half: rounded up)")
    hands: int = whole(1, ge=1, le=2)
    hp: int | None = whole(default=None, ge=1, le=HP_MAX,
                           description="hit points when it parries (none: it cannot parry)")
    reach: Reach = Field(description="its place at a tie of DEX ranks")
    other_reaches: tuple[Reach, ...] = Field(default=(), description="other reaches its user may pick to act at")
    thrown: bool = Field(default=False, description="thrown: its skill is a physical one, hampered by armour")
    range: int | None = whole(default=None, ge=1, le=METRES_MAX, description="metres: normal chance up to it, half "
                              "up to twice, a quarter up to three times")
    high_velocity: bool = Field(default=False, description="firearm or energy weapon: cannot be parried or dodged")
    dodgeable_missile: bool = Field(default=False, description="an arrow, bolt or thrown weapon: may be dodged at half "
                                    "skill where the GM allows it")
    reload_rounds: int = whole(default=0, ge=0, le=ROUNDS_MAX,
                          description="full rounds to reload after each shot (crossbow: 1)")
    magazine: int | None = whole(default=None, ge=1, le=1_000,
                                 description="shots before a reload (pistol: 6, laser: 20)")

    @model_validator(mode="after")
    def _ranged(self) -> Weapon:
        if (self.reach == "missile") != (self.range is not None):
            raise ValueError("d100-range")
        if (self.reach == "missile" and self.other_reaches) or "missile" in self.other_reaches:
            raise ValueError("d100-reaches")
        return self


class Armour(Record):
    """A protection: points subtracted from every blow's damage, and penalties to skills."""

    slot: Literal["body", "head"] = "body"
    points: int = whole(ge=0, le=100)
    physical_penalty: int = whole(default=0, ge=-100, le=0,
                                  description="percentage points off physical skills (Dodge…)")
    perception_penalty: int = whole(default=0, ge=-100, le=0, description="percentage points off Listen and Spot")


class Shield(Record):
    """A shield: parries like a weapon, and stops missiles with its own fixed chance."""

    size: Literal["small", "full", "large"]
    base: int = whole(ge=0, le=100, description="base percentage of its parry (and bash)")
    damage: Dice = Field(description="a bash with it")
    points: int = whole(ge=0, le=100, description="armour points: what it stops of a blow it parries")
    hp: int = whole(ge=1, le=HP_MAX)
    missile_parry: int = whole(ge=0, le=100, description="chance to stop an arrow or thrown weapon")
    missile_parry_kneeling: int | None = whole(default=None, ge=0, le=100,
                                               description="the chance kneeling behind it (large shields)")


class OutcomeRow(Strict):
    """One attack quality: the result against each quality of defence."""

    attack: Quality
    special: Result
    success: Result
    failure: Result
    fumble: Result
    none: Result


class OutcomeTable(Record):
    """Attack quality × defence quality → result: the attacks and defences table."""

    rows: tuple[OutcomeRow, ...]

    @model_validator(mode="after")
    def _every_quality(self) -> OutcomeTable:
        if sorted(r.attack for r in self.rows) != sorted(QUALITIES):
            raise ValueError("d100-outcome-rows")
        return self


class WeaponSkill(Strict):
    """A weapon a character carries, and the points it adds to the weapon's base percentage."""

    weapon: ContentId
    points: int = whole(default=0, ge=-100, le=200)


class ShieldSkill(Strict):
    shield: ContentId
    points: int = whole(default=0, ge=-100, le=200)


class Characteristics(Strict):
    """FOR, CON, TAI, INT, POU, DEX, APP."""

    str_: int = whole(alias="str", ge=1, le=100)
    con: int = whole(ge=1, le=100)
    siz: int = whole(ge=1, le=100)
    int_: int = whole(alias="int", ge=1, le=100)
    pow: int = whole(ge=1, le=100)
    dex: int = whole(ge=1, le=100)
    app: int = whole(ge=1, le=100)


class Character(Record):
    """A character or opponent of the d100 system."""

    characteristics: Characteristics
    damage_bonus: Dice = "0"
    weapons: tuple[WeaponSkill, ...] = Field(min_length=1)
    shield: ShieldSkill | None = None
    armour: ContentId | None = None
    helmet: ContentId | None = None
    dodge: int = whole(ge=0, le=200, description="Dodge, in percent, before armour's penalty")
    first_aid: int = whole(default=0, ge=0, le=200, description="First Aid, in percent")
