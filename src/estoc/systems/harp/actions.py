"""What HARP · TdM's combat declarations allow, checked in play before the kernel acts: movement, charge,
move-and-attack, disengagement.

The actions themselves (parry and total parry, dodges, the charge and its braced weapon, disengaging) are the
kernel's (:mod:`estoc.systems.harp.kernel`), the one that play and simulation run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.harp.stats import CHARGE_DB, CHARGE_OB, MOVING_ATTACK_OB

RUNNING_MANOEUVRE = -20
CHARGE_MIN_DISTANCE = 3.0


@dataclass(frozen=True)
class Parry:
    """A parry declared for a round: the OB left to attack and the bonus given to the DB against one opponent."""

    ob_left: int
    db_bonus: int
    total: bool


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
    manoeuvres. No faster pace is used in a fight. A stunned combatant moves at most half its base movement, and
    cannot run (« Étourdi »)."""
    if distance < 0:
        raise RulesError(_("a distance cannot be negative"))
    if stunned:
        if distance <= base_movement / 2:
            return "walk", ActionModifiers()
        raise RulesError(_("stunned, it moves at most half its base movement ({limit} m)").format(
            limit=f"{base_movement / 2:g}"))
    allowed = base_movement
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
