"""The attack of the One Ring house rules, over a batch of worlds: the roll, special damage, piercing blows and
protection rolls, wounds, and yielding ground.

Where the text leaves a reading open, the choice is made here and named (the project's notes repeat them):

* every tengwar of a successful attack goes to the one special damage the attacker picks (``heavy``, ``fend``,
  ``pierce``, ``shield``, or ``none``); ``auto`` picks a pierce when it turns the blow into a piercing blow, else a
  heavy blow;
* a pierce raises the feat die's value toward 10 but never past it: « an 8 becomes a 10 » with a spear's +3;
* a piercing blow comes with the Gandalf rune, or with a success whose feat value (after a pierce) is 10;
* the protection roll is a feat die plus the target's protection dice against the weapon's injury; it resists when
  it reaches it (or shows the rune);
* a hero's first wound leaves it wounded, the second dying; an adversary falls when its wounds reach its Might;
* yielding ground halves an endurance loss, rounded up, once a round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.dice.tor import Mode, TorRoll, feat_value, roll_tor

I64 = NDArray[np.int64]
B = NDArray[np.bool_]

Special = Literal["none", "heavy", "fend", "pierce", "shield", "auto"]
SPECIALS: tuple[Special, ...] = ("none", "heavy", "fend", "pierce", "shield", "auto")
PIERCING_FEAT = 10
"""A successful attack whose feat die shows this value (after a pierce) is a piercing blow."""
FEND_OFF_CAP = 10
"""Fend off raises the parry by at most this much in a round."""
TWO_HANDED_HEAVY = 1
"""A heavy blow with a two-handed weapon adds this much more per tengwar."""


def flags(mode: Mode) -> tuple[bool, bool]:
    """(favoured, ill-favoured) of a feat mode."""
    return mode == "favoured", mode == "ill"


def half_up(values: I64 | int) -> I64:
    """Half, rounded up (yielding ground)."""
    return np.asarray((np.asarray(values, dtype=np.int64) + 1) // 2, dtype=np.int64)


def pierced_feat(feat: I64, tengwar: I64, pierce: int) -> I64:
    """The feat die's value after a pierce of ``pierce`` per tengwar: toward 10, never past it (the Eye counts 0)."""
    value = feat_value(feat)
    return np.asarray(np.where(tengwar > 0, np.minimum(value + tengwar * pierce, PIERCING_FEAT), value),
                      dtype=np.int64)


@dataclass(frozen=True)
class AttackSpec:
    """One attack, whatever the worlds."""

    dice: int
    """Success dice, after every +1d and −1d (never below 0)."""
    tn: int
    damage: int
    injury: int
    corps: int = 0
    """The attacker's Corps (an adversary's attribute level), for a heavy blow."""
    two_handed: bool = False
    pierce: int = 0
    fend_off: int = 0
    mode: Mode = "normal"
    weary: bool = False
    special: Special = "auto"
    protection: int = 0
    """The target's protection dice."""
    protection_mode: Mode = "normal"
    protection_weary: bool = False


@dataclass(frozen=True)
class AttackOutcome:
    """One attack in each world."""

    roll: TorRoll
    success: B
    tengwar: I64
    """Tengwar of a successful attack (0 on a miss)."""
    special: list[str]
    """The special damage each world's tengwar went to (``none`` without)."""
    endurance: I64
    """Endurance the target loses (before yielding ground)."""
    parry_gain: I64
    """Fend off: parry the attacker gains this round (before the cap)."""
    shield_thrust: I64
    """Shield thrust: adversaries that lose 1d for the round (one per tengwar)."""
    piercing: B
    protection: TorRoll | None
    """The target's protection roll, in the worlds with a piercing blow (``None`` when there were none)."""
    wounded: B


def choose_special(spec: AttackSpec, feat: I64, tengwar: I64) -> list[str]:
    """The special damage of each world: the spec's, or for ``auto`` a pierce where it makes a piercing blow."""
    if spec.special != "auto":
        return [spec.special if t > 0 else "none" for t in tengwar.tolist()]
    natural = feat_value(feat) >= PIERCING_FEAT
    pierces = (spec.pierce > 0) & ~natural & (pierced_feat(feat, tengwar, spec.pierce) >= PIERCING_FEAT)
    return ["none" if t == 0 else "pierce" if p else "heavy" for t, p in zip(tengwar.tolist(), pierces.tolist(),
                                                                              strict=True)]


def resolve_attack(dice: DiceSource, spec: AttackSpec, worlds: int, *, tn: I64 | None = None,
                   extra_dice: I64 | int = 0, ids: I64 | None = None, favoured: B | bool | None = None,
                   ill: B | bool | None = None, weary: B | bool | None = None, protection: I64 | None = None,
                   protection_ill: B | bool | None = None, protection_weary: B | bool | None = None) -> AttackOutcome:
    """The attack of ``spec`` in every world.

    What varies from world to world (stances, tasks, each world's target) may be given per world and then replaces
    the spec's: ``tn``, ``extra_dice`` (added to the spec's dice), ``favoured``, ``ill``, ``weary``, the target's
    ``protection`` dice and its protection roll's ``protection_ill`` and ``protection_weary``. ``ids`` names the
    batch's worlds that roll (``None``: ``0..worlds-1``), for keyed dice.

    Dice, in order: the attack (purpose ``attack``: the feat die, then ``attack-success``), then where a piercing
    blow falls the target's protection roll (``protection``, then ``protection-success``).
    """
    spec_favoured, spec_ill = flags(spec.mode)
    count = np.maximum(spec.dice + np.asarray(extra_dice, dtype=np.int64), 0)
    roll = roll_tor(dice, worlds, np.broadcast_to(count, (worlds,)),
                    favoured=spec_favoured if favoured is None else favoured,
                    ill=spec_ill if ill is None else ill, weary=spec.weary if weary is None else weary,
                    purpose="attack", worlds=ids)
    target = np.broadcast_to(np.asarray(spec.tn if tn is None else tn, dtype=np.int64), (worlds,))
    success = roll.succeeds(target)
    tengwar = np.where(success, roll.tengwar, 0).astype(np.int64)
    special = choose_special(spec, roll.feat, tengwar)
    kind = np.array(special)
    heavy = np.where(kind == "heavy", tengwar * (spec.corps + (TWO_HANDED_HEAVY if spec.two_handed else 0)), 0)
    endurance = np.where(success, spec.damage + heavy, 0).astype(np.int64)
    parry_gain = np.where(kind == "fend", tengwar * spec.fend_off, 0).astype(np.int64)
    thrust = np.where(kind == "shield", tengwar, 0).astype(np.int64)
    feat_after = np.where(kind == "pierce", pierced_feat(roll.feat, tengwar, spec.pierce), feat_value(roll.feat))
    piercing = roll.rune | (success & (feat_after >= PIERCING_FEAT))
    wounded = np.zeros(worlds, dtype=np.bool_)
    rolled = None
    hit = np.flatnonzero(piercing)
    if hit.size:
        p_fav, p_ill = flags(spec.protection_mode)
        rolled = roll_tor(dice, hit.size, _some(protection, spec.protection, worlds)[hit], favoured=p_fav,
                          ill=_some(protection_ill, p_ill, worlds)[hit],
                          weary=_some(protection_weary, spec.protection_weary, worlds)[hit], purpose="protection",
                          worlds=hit if ids is None else ids[hit])
        wounded[hit] = ~rolled.succeeds(spec.injury)
    return AttackOutcome(roll=roll, success=success, tengwar=tengwar, special=special, endurance=endurance,
                         parry_gain=parry_gain, shield_thrust=thrust, piercing=piercing, protection=rolled,
                         wounded=wounded)


def _some(value: object, default: object, worlds: int) -> np.ndarray:
    """``value`` (or ``default`` when it is ``None``) as one entry per world."""
    return np.broadcast_to(np.asarray(default if value is None else value), (worlds,))
