"""Content models of the HARP · TdM system: armour, shields, weapons, tables.

Numbers follow the conventions of the rule text: penalties are negative numbers, durations are rounds, a critical's
severity is a letter A–E.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from estoc.content.models.common import (
    BONUS_MAX,
    HP_MAX,
    ITEM_BONUS_MAX,
    METRES_MAX,
    ROUNDS_MAX,
    ContentId,
    Record,
    Strict,
    Text,
    whole,
)

AttackSize = Literal["tiny", "small", "medium", "large"]
ATTACK_SIZES: tuple[AttackSize, ...] = ("tiny", "small", "medium", "large")
Severity = Literal["A", "B", "C", "D", "E"]
SEVERITIES: tuple[Severity, ...] = ("A", "B", "C", "D", "E")
ARMOUR_TYPES = 10
TABLE_ROWS = 150
"""Attack tables have one row per result from 1 to at least this; a large attack never reads beyond it."""


class Armour(Record):
    """One of the ten armour types (1 cloth … 10 plate)."""

    type: int = whole(ge=1, le=ARMOUR_TYPES)
    db: int = whole(ge=0, le=BONUS_MAX, description="defensive bonus of the armour")
    manoeuvre_penalty_min: int = whole(le=0, ge=-BONUS_MAX,
                                       description="penalty left to a wearer fully trained in Armour")
    manoeuvre_penalty_max: int = whole(le=0, ge=-BONUS_MAX, description="penalty of an untrained wearer")
    casting_penalty: int = whole(le=0, ge=-BONUS_MAX)

    @model_validator(mode="after")
    def _penalties_ordered(self) -> Armour:
        if self.manoeuvre_penalty_max > self.manoeuvre_penalty_min:
            raise ValueError("penalty-order")
        return self


class Shield(Record):
    """A shield: its DB for untrained and trained users, what it covers, what its hand may still hold."""

    db_untrained: int = whole(ge=0, le=BONUS_MAX)
    db_trained: int = whole(ge=0, le=BONUS_MAX)
    attacks_covered: int = whole(ge=1, le=100, description="how many attacks a round it protects against")
    arc: Literal["front", "front-side"] = Field(description="frontal attacks only, or front and side")
    hand: Literal["empty", "object", "missile"] = Field(
        description="empty: the hand holds nothing else; object: a torch or the like, never a weapon; "
        "missile: a two-handed missile weapon may still be used")
    cover_when_grounded: bool = Field(default=False, description="set on the ground, it gives cover (no movement)")


class AdditionalCritical(Strict):
    """An additional critical delivered by a weapon (magic, special material, slaying)."""

    table: ContentId
    severity: Severity | None = Field(default=None, description="fixed severity; none means the attack's severity")


class Weapon(Record):
    """A melee or missile weapon."""

    kind: Literal["melee", "missile"]
    table: ContentId = Field(description="attack table id")
    size: AttackSize = Field(description="attack size, which caps the result read on the table")
    group: ContentId = Field(description="weapon group (the skill that wields it)")
    ob_mod: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    fumble: int = whole(ge=0, le=100, description="fumble range: a first roll this low or lower fumbles")
    hands: int = whole(1, ge=1, le=2)
    critical: ContentId | None = Field(default=None, description="critical table replacing the table's default")
    additional_critical: AdditionalCritical | None = None
    braced_vs_charge: bool = Field(default=False, description="spear or polearm: strikes first at a seen charge")
    missile: MissileData | None = None
    defence_bonus: int = whole(0, ge=0, le=ITEM_BONUS_MAX, description="an off-hand weapon (main-gauche): what it "
                               "adds to the DB against melee blows while its wielder parries, never when it attacks")

    @model_validator(mode="after")
    def _missile_data(self) -> Weapon:
        if (self.kind == "missile") != (self.missile is not None):
            raise ValueError("missile-data")
        return self


class MissileData(Strict):
    """Range data of a missile weapon."""

    family: Literal["bow", "crossbow", "sling", "thrown"]
    max_range: int = whole(gt=0, le=METRES_MAX, description="metres")
    range_increment: int = whole(gt=0, le=METRES_MAX, description="metres; the maximum range holds 10 increments")
    point_blank_range: int = whole(ge=0, le=METRES_MAX, description="metres")
    point_blank_mod: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)

    @model_validator(mode="after")
    def _ten_increments(self) -> MissileData:
        if self.range_increment * 10 != self.max_range:
            raise ValueError("ten-increments")
        return self


class SizeLimits(Strict):
    """The highest result an attack of each size may read on a table."""

    tiny: int = whole(ge=1, le=TABLE_ROWS)
    small: int = whole(ge=1, le=TABLE_ROWS)
    medium: int = whole(ge=1, le=TABLE_ROWS)
    large: int = whole(ge=1, le=TABLE_ROWS)

    @model_validator(mode="after")
    def _ordered(self) -> SizeLimits:
        if not self.tiny <= self.small <= self.medium <= self.large:
            raise ValueError("limits-order")
        return self

    def of(self, size: AttackSize) -> int:
        return int(getattr(self, size))


class AttackCell(Strict):
    """One cell: hits, and the severity of the critical if any."""

    hits: int = whole(ge=0, le=HP_MAX)
    severity: Severity | None = None


class AttackTable(Record):
    """An attack table: a row per result, ten armour-type columns, cells loaded from a CSV file."""

    critical: ContentId = Field(description="default critical table")
    knocks_down: bool = Field(default=False, description="its criticals knock the target down (Bélier et Poussée)")
    limits: SizeLimits
    cells: str = Field(description="CSV file beside this one: columns result, t1 … t10")
    rows: tuple[tuple[AttackCell, ...], ...] = Field(default=(), description="filled from the CSV file on load")

    @field_validator("rows", mode="after")
    @classmethod
    def _one_object_per_cell(cls, rows: tuple[tuple[AttackCell, ...], ...]) -> tuple[tuple[AttackCell, ...], ...]:
        # A table is thousands of cells but a few hundred distinct ones (cells are frozen): each kept once, however
        # the table was read (its CSV file, the content cache), so that the tables stay small in memory.
        return tuple(tuple(_shared_cell(cell) for cell in row) for row in rows)


_CELLS: dict[tuple[int, str | None], AttackCell] = {}


def _shared_cell(cell: AttackCell) -> AttackCell:
    return _CELLS.setdefault((cell.hits, cell.severity), cell)


class Effects(Strict):
    """What a critical (or a fumble) does to the one who suffers it. Durations are in rounds."""

    hits: int = whole(default=0, ge=0, le=HP_MAX)
    penalty: int = whole(default=0, le=0, ge=-BONUS_MAX)
    stun: int = whole(default=0, ge=0, le=ROUNDS_MAX)
    bleed: int = whole(default=0, ge=0, le=HP_MAX, description="hit points lost at the start of each later turn")
    shaken: bool = False
    must_parry: int = whole(default=0, ge=0, le=ROUNDS_MAX)
    no_parry: int = whole(default=0, ge=0, le=ROUNDS_MAX)
    death: int | None = whole(default=None, ge=0, le=ROUNDS_MAX,
                              description="none; 0: dies at once; N: falls and dies in N rounds")
    knockdown: bool = False
    drop_weapon: bool = False


class CriticalEntry(Strict):
    """One line of a critical table: a range of d100 rolls in one severity column."""

    severity: Severity
    roll_min: int = whole(ge=1, le=100)
    roll_max: int = whole(ge=1, le=100)
    text: Text
    effects: Effects


class CriticalTable(Record):
    """A critical table: d100 × A–E, entries loaded from a CSV file."""

    kind: Literal["normal", "additional"] = "normal"
    slaying: bool = Field(default=False, description="as an additional critical, keeps the attack's severity even "
                          "against a large creature (Tueur)")
    entries_file: str = Field(description="CSV file beside this one")
    entries: tuple[CriticalEntry, ...] = Field(default=(), description="filled from the CSV file on load")


class FumbleEntry(Strict):
    """One line of the fumble table."""

    roll_min: int = whole(ge=1, le=100)
    roll_max: int = whole(ge=1, le=100)
    text: Text
    creature_text: Text | None = Field(
        default=None, description="the same fumble told for a creature's natural weapon or breath (bestiary: a "
                                  "misstep or a loss of balance, no weapon in the hand)")
    effects: Effects = Effects()
    lost_rounds: int = whole(default=0, ge=0, le=ROUNDS_MAX, description="rounds of action lost (no resistance roll)")


class FumbleTable(Record):
    """The combat fumble table, rolled on a plain d100."""

    entries: tuple[FumbleEntry, ...]


class ManoeuvreRow(Strict):
    """A row of the manoeuvre table: a band of roll totals and the two ways to read it."""

    min_total: int | None = whole(default=None, ge=-10_000, le=10_000,
                                  description="lowest total of the band; none: no lower bound")
    max_total: int | None = whole(default=None, ge=-10_000, le=10_000,
                                  description="highest total; none: no upper bound")
    label: Text
    percent: int = whole(ge=-1000, le=1000, description="percentage column (share of the task achieved)")
    bonus: int = whole(ge=-BONUS_MAX, le=BONUS_MAX, description="bonus column (a modifier the manoeuvre grants)")


class ManoeuvreTable(Record):
    """The manoeuvre table: percentage and bonus columns."""

    rows: tuple[ManoeuvreRow, ...]


SITUATIONS = ("flank", "rear", "surprised", "prone", "stunned", "shaken", "disarmed", "wounded", "mounted")
"""What a modifier's ``when`` may name: the blow's direction (flank, rear), the target's (a position bonus) or the
roller's (an initiative modifier) state, wounded below half its hit points, a rider against a foe on foot."""
Situation = Literal["flank", "rear", "surprised", "prone", "stunned", "shaken", "disarmed", "wounded", "mounted"]


class Modifier(Record):
    """A named modifier: initiative situations, position bonuses."""

    value: int = whole(ge=-BONUS_MAX, le=BONUS_MAX)
    exclusive: str | None = Field(
        default=None, description="modifiers sharing this key never apply together on one attack")
    when: Situation | None = Field(
        default=None, description="the situation in which estoc applies it on its own (else the GM names it)")


class Cover(Record):
    """A cover modifier to the defence: half or full, vulnerable or resistant."""

    extent: Literal["half", "full"]
    material: Literal["vulnerable", "resistant"]
    melee: int = whole(ge=0, le=BONUS_MAX)
    missile: int = whole(ge=0, le=BONUS_MAX)


Weapon.model_rebuild()


class Fighter(Record):
    """A ready-to-fight combatant sheet (samples for the demo and tests; full hero files come with play)."""

    hp: int = whole(ge=1, le=HP_MAX, description="hit points")
    weapon: ContentId
    skill: int = whole(ge=-BONUS_MAX, le=BONUS_MAX, description="total skill bonus with the weapon's group")
    weapon_bonus: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX,
                              description="magic, material or quality of the weapon")
    talents_ob: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    armour: ContentId
    armour_fitted: bool = True
    armour_skill: int = whole(default=0, ge=0, le=BONUS_MAX, description="total skill bonus in Armour")
    armour_bonus: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    shield: ContentId | None = None
    shield_trained: bool = False
    shield_bonus: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    off_hand: ContentId | None = Field(default=None, description="an off-hand weapon's id (a main-gauche)")
    talents_db: int = whole(0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX)
    quickness: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Quickness bonus")
    intuition: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Intuition bonus")
    agility: int = whole(default=0, ge=-ITEM_BONUS_MAX, le=ITEM_BONUS_MAX, description="Agility bonus")
    body_rr: int = whole(default=0, ge=-BONUS_MAX, le=BONUS_MAX, description="Body resistance bonus")
    base_movement: int = whole(default=20, ge=0, le=METRES_MAX, description="metres a round")
    parry: int | None = whole(default=None, ge=0, le=BONUS_MAX, description="OB it always keeps to parry each blow "
                              "(none: estoc's default policy weighs the share at each blow)")
