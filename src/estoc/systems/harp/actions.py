"""Combat actions of HARP · TdM: parry and total parry, dodge and instinctive dodge, charge, movement,
move-and-attack, disengagement.

Scalar rules (what a declaration allows, which modifiers it brings) are plain functions; the rolls (total parry,
dodges) are kernels over a batch of worlds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from estoc.dice import DiceSource, OpenEndedRoll, open_ended
from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.harp.conditions import STUNNED_MANOEUVRE_PENALTY
from estoc.systems.harp.stats import CHARGE_DB, CHARGE_OB, MOVING_ATTACK_OB
from estoc.systems.harp.tables import I64, B, HarpTables

TOTAL_PARRY_BONUS = 10
DODGE_BASE = 50
INSTINCTIVE_DODGE_BASE = 25
RUNNING_MANOEUVRE = -20
CHARGE_MIN_DISTANCE = 3.0
DODGE_AGILITY_MULTIPLIER = 3
"""A dodge rolled on Agility alone adds Agility × 3: the text names the roll without its multiplier, so this is
estoc's choice (the stat-roll convention), a setting of :func:`dodge_skill`."""
INSTINCTIVE_AGILITY_MULTIPLIER = 4
"""The text's instinctive dodge rolls Agility × 4."""


@dataclass(frozen=True)
class Parry:
    """A parry declared for a round: the OB left to attack and the bonus given to the DB against one opponent."""

    ob_left: int
    db_bonus: int
    total: bool


def parry_base(ob: I64 | int, stunned: B | bool) -> I64:
    """The OB a parry draws on: a stunned combatant parries from an OB lowered by 50 (never below 0)."""
    return np.asarray(np.where(stunned, np.maximum(0, np.asarray(ob) + STUNNED_MANOEUVRE_PENALTY), ob),
                      dtype=np.int64)


def declare_parry(ob: int, amount: int | None, *, melee_weapon: bool = True, melee_attack: bool = True,
                  stunned: bool = False, beast: bool = False) -> Parry:
    """Move ``amount`` points of OB to the DB against one opponent's melee attacks (``None``: a total parry).

    A parry needs a melee weapon in hand and a melee attack declared. Putting all the OB into it is a total parry,
    worth 10 more (if its roll does not fumble). A stunned combatant may only parry, as a total parry, from an OB
    lowered by 50. A beast, armed only with its natural weapons, never parries: its skill at avoiding blows is
    already in its DB (it may still dodge).
    """
    if beast:
        raise RulesError(_("a beast does not parry; it may dodge instead"))
    if not melee_weapon:
        raise RulesError(_("parrying needs a melee weapon in hand"))
    if not melee_attack:
        raise RulesError(_("parrying needs a melee attack declared this round (not a shot or a spell)"))
    base = int(parry_base(ob, stunned))
    if stunned or amount is None or amount >= base > 0:
        return Parry(ob_left=0, db_bonus=base + TOTAL_PARRY_BONUS, total=True)
    if amount < 0:
        raise RulesError(_("a parry moves 0 or more points of OB, not {amount}").format(amount=amount))
    if amount > base:
        raise RulesError(_("cannot parry with {amount}: the OB is only {ob}").format(amount=amount, ob=base))
    return Parry(ob_left=base - amount, db_bonus=amount, total=False)


@dataclass(frozen=True)
class TotalParryRoll:
    """The roll of a total parry in each world.

    Attributes:
        roll: the JSL.
        fumbled: the first face is in the weapon's fumble range: no parry at all, no +10, a fumble.
        db_bonus: what the parry adds to the DB against the opponent (all the OB + 10, or 0 on a fumble).
        counter: the roll opened (96+): its total is resolved as an attack on the opponent.
    """

    roll: OpenEndedRoll
    fumbled: B
    db_bonus: I64
    counter: B


def roll_total_parry(dice: DiceSource, parry_ob: I64, fumble: I64, worlds: I64 | None = None) -> TotalParryRoll:
    """Roll the JSL of a total parry in every world (purpose ``parry``); ``worlds``: the batch's worlds that roll,
    for a source that follows worlds."""
    roll = open_ended(dice, parry_ob.shape[0], "parry", worlds=worlds)
    fumbled = roll.first <= fumble
    bonus = np.where(fumbled, 0, parry_ob + TOTAL_PARRY_BONUS).astype(np.int64)
    return TotalParryRoll(roll=roll, fumbled=fumbled, db_bonus=bonus, counter=(~fumbled) & (roll.first >= 96))


def dodge_skill(agility_bonus: int, *, instinctive: bool = False, acrobatics: int | None = None,
                agility_multiplier: int = DODGE_AGILITY_MULTIPLIER) -> int:
    """The bonus added to a dodge roll: Acrobatics when known, else Agility × 3 (× 4 for an instinctive dodge)."""
    if acrobatics is not None:
        return acrobatics
    return agility_bonus * (INSTINCTIVE_AGILITY_MULTIPLIER if instinctive else agility_multiplier)


def dodge_bonus(bonus_column: I64 | int, *, instinctive: bool = False) -> I64:
    """The DB a dodge gives: 50 (25 for an instinctive dodge) plus the manoeuvre's bonus column, negative → 0."""
    base = INSTINCTIVE_DODGE_BASE if instinctive else DODGE_BASE
    return np.asarray(base + np.maximum(np.asarray(bonus_column, dtype=np.int64), 0), dtype=np.int64)


@dataclass(frozen=True)
class DodgeRoll:
    """A dodge in each world: the manoeuvre roll, its total, the bonus column read and the DB gained."""

    roll: OpenEndedRoll
    total: I64
    bonus_column: I64
    db_bonus: I64


def roll_dodge(dice: DiceSource, tables: HarpTables, skill: I64, penalty: I64,
               *, instinctive: bool = False) -> DodgeRoll:
    """A dodge: an open-ended manoeuvre roll plus ``skill`` and ``penalty``, read in the bonus column.

    The bonus lasts until the start of the dodger's next action. An instinctive dodge may be made at any time;
    made after the dodger has acted, it costs its next round's action (:func:`instinctive_dodge_cost`).
    """
    roll = open_ended(dice, skill.shape[0], "manoeuvre")
    total = roll.total + skill + penalty
    column = tables.manoeuvre.read_bonus(total).astype(np.int64)
    return DodgeRoll(roll, total, column, dodge_bonus(column, instinctive=instinctive))


def instinctive_dodge_cost(already_acted: bool) -> int:
    """Rounds of action an instinctive dodge costs: its own action now, or next round's when already acted."""
    return 1 if already_acted else 0


@dataclass(frozen=True)
class ActionModifiers:
    """What a declared action changes for the round."""

    ob: int = 0
    db: int = 0
    manoeuvre: int = 0
    first_strike_if_braced: bool = False


Pace = Literal["walk", "run"]


def movement(distance: float, base_movement: float, *, stunned: bool = False) -> tuple[Pace, ActionModifiers]:
    """Moving ``distance`` metres in a round: the base movement freely, running up to twice it at −20 to
    manoeuvres. No faster pace is used in a fight. A stunned combatant moves half as far."""
    allowed = base_movement / 2 if stunned else base_movement
    if distance < 0:
        raise RulesError(_("a distance cannot be negative"))
    if distance <= allowed:
        return "walk", ActionModifiers()
    if distance <= 2 * allowed:
        return "run", ActionModifiers(manoeuvre=RUNNING_MANOEUVRE)
    raise RulesError(_("{distance} m is beyond a running pace ({limit} m a round)").format(
        distance=f"{distance:g}", limit=f"{2 * allowed:g}"))


def charge(distance: float, base_movement: float) -> ActionModifiers:
    """A charge: a straight run of at least 3 m and at most twice the base movement, ending in an attack at +20 OB,
    −20 DB, with no moving penalty. A target holding a spear or polearm that sees it coming strikes first."""
    if distance < CHARGE_MIN_DISTANCE:
        raise RulesError(_("a charge needs a run of at least {min} m, not {distance} m").format(
            min=f"{CHARGE_MIN_DISTANCE:g}", distance=f"{distance:g}"))
    if distance > 2 * base_movement:
        raise RulesError(_("a charge runs at most twice the base movement ({limit} m), not {distance} m").format(
            limit=f"{2 * base_movement:g}", distance=f"{distance:g}"))
    return ActionModifiers(ob=CHARGE_OB, db=CHARGE_DB, first_strike_if_braced=True)


def braced_first_strike(braced_weapon: bool, sees_charge: bool) -> bool:
    """Whether the target of a charge gets a free attack before the charge lands."""
    return braced_weapon and sees_charge


def move_and_attack(distance: float, base_movement: float) -> ActionModifiers:
    """Moving and attacking in one round: −20 OB when moving at all (at most the base movement)."""
    if distance > base_movement:
        raise RulesError(_("moving and attacking allows at most the base movement ({limit} m)").format(
            limit=f"{base_movement:g}"))
    return ActionModifiers(ob=MOVING_ATTACK_OB if distance > 0 else 0)


def disengage_parry(ob: int, amount: int) -> Parry:
    """The first round of a disengagement: no attack, a parry of at least half the OB."""
    if amount * 2 < ob:
        raise RulesError(_("disengaging needs a parry of at least half the OB ({half})").format(half=(ob + 1) // 2))
    return Parry(ob_left=0, db_bonus=min(amount, ob), total=False)


def disengage_succeeds(hits_taken_from_opponent: int) -> bool:
    """Unharmed by the opponent, the disengaging combatant acts first next round and moves away freely."""
    return hits_taken_from_opponent == 0
