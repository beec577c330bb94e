"""The d100 rules one exchange needs, over arrays (the ``attack`` command and the exact odds): skill rolls and their
quality, the attacks and defences table, damage and armour, hit points. A whole fight's rules (the round, ranks,
movement, wounds, first aid, wear of parrying items) are the kernel's (:mod:`estoc.systems.d100.kernel`).

Where the text leaves a reading open, the choice is made here and named (the project's notes repeat them):

* a roll succeeds at or under the skill (the text makes only a roll above it a failure); it is special at or
  under a fifth of the skill, rounded to the nearest (half up): 47 % → 9, 50 % → 10;
* a roll in the GM's fumble range (setting ``fumble_from``, default 100: « 00 ») fumbles whatever the skill;
* « Difficult » halves a chance and a quarter quarters it, both rounded up (the text rounds half a damage bonus up);
* the 1D6 hours of unconsciousness start when hit points fall to 2 or below; hit points at 0 or below at the end of
  the round kill;
* a parry stops as many points as the parrying item's protection (a shield: its armour points; a weapon: its hit
  points); the rest of the blow goes on to the defender's armour. A blow that exceeds that protection wears the item:
  it loses 1 hit point (a shield 1 armour point too), and breaks at 0 hit points.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.dice.expressions import DiceExpression, half_up

I64 = NDArray[np.int64]
B = NDArray[np.bool_]

SPECIAL, SUCCESS, FAILURE, FUMBLE, NONE = range(5)
"""Qualities of a roll; ``NONE``: no defence was tried."""
QUALITY_NAMES = ("special", "success", "failure", "fumble", "none")
MISS, STOPPED, HIT, SPECIAL_HIT = range(4)
"""Results of an attack once its defence is known."""
RESULT_NAMES = ("miss", "stopped", "hit", "special")

DEFAULT_FUMBLE_FROM = 100
UNCONSCIOUS_AT = 2
"""At this many hit points or fewer, a character falls unconscious."""
RANGE_DIVISORS = (1, 2, 4)
"""Up to the range, the chance is whole; up to twice, halved; up to three times, quartered; beyond, none."""
PHYSICAL_SKILLS = ("camouflage", "discretion", "escalade", "esquive", "lancer", "manipulation", "natation",
                   "passe-passe", "saut", "agilite")
"""The skills an armour's physical penalty lowers (the text's list; Agility rolls too)."""
PERCEPTION_SKILLS = ("ecoute", "observation")
"""The skills an armour's (and a closed helmet's) perception penalty lowers."""


def divide_up(values: I64 | int, divisor: I64 | int) -> I64:
    """``values / divisor`` rounded up, in whole numbers (``divisor`` ≥ 1)."""
    v, d = np.asarray(values, dtype=np.int64), np.asarray(divisor, dtype=np.int64)
    return np.asarray(-((-v) // d), dtype=np.int64)


def special_chance(skill: I64 | int) -> I64:
    """A fifth of the skill, rounded to the nearest (half up)."""
    return np.asarray((np.asarray(skill, dtype=np.int64) + 2) // 5, dtype=np.int64)


def quality(roll: I64, skill: I64 | int, fumble_from: int = DEFAULT_FUMBLE_FROM) -> I64:
    """The quality of d100 rolls against skills: SPECIAL, SUCCESS, FAILURE or FUMBLE."""
    r, s = np.asarray(roll, dtype=np.int64), np.asarray(skill, dtype=np.int64)
    out = np.where(r <= special_chance(s), SPECIAL, np.where(r <= s, SUCCESS, FAILURE))
    return np.asarray(np.where(r >= fumble_from, FUMBLE, out), dtype=np.int64)


def range_divisor(distance: I64 | int, weapon_range: I64 | int) -> I64:
    """1, 2 or 4 by how far the target is against the weapon's range; 0: out of reach."""
    d, r = np.asarray(distance, dtype=np.int64), np.asarray(weapon_range, dtype=np.int64)
    return np.asarray(np.select([d <= r, d <= 2 * r, d <= 3 * r], list(RANGE_DIVISORS), 0), dtype=np.int64)


def armour_penalty(skill: str, physical: int, perception: int) -> int:
    """What a worn armour takes from ``skill`` (an id of :data:`PHYSICAL_SKILLS` or :data:`PERCEPTION_SKILLS`;
    any other skill: nothing, unless the GM says otherwise)."""
    if skill in PHYSICAL_SKILLS:
        return physical
    if skill in PERCEPTION_SKILLS:
        return perception
    return 0


def hit_points(con: I64 | int, siz: I64 | int) -> I64:
    """The mean of CON and SIZ, rounded up."""
    return divide_up(np.asarray(con) + np.asarray(siz), 2)


@dataclass(frozen=True)
class Outcomes:
    """The attacks and defences table as an array: ``result[attack quality, defence quality]``."""

    result: I64

    @classmethod
    def from_rows(cls, rows: dict[str, dict[str, str]]) -> Outcomes:
        """From ``{attack quality: {defence quality: result}}`` with the names of :data:`QUALITY_NAMES` and
        :data:`RESULT_NAMES`."""
        table = np.zeros((4, 5), dtype=np.int64)
        for a, attack in enumerate(QUALITY_NAMES[:4]):
            for d, defence in enumerate(QUALITY_NAMES):
                table[a, d] = RESULT_NAMES.index(rows[attack][defence])
        return cls(table)

    def read(self, attack: I64, defence: I64) -> I64:
        return np.asarray(self.result[attack, defence], dtype=np.int64)


def roll_damage(dice: DiceSource, damage: DiceExpression, bonus: DiceExpression, bonus_share: I64 | int,
                special: B, worlds: I64 | None = None) -> tuple[I64, I64, I64]:
    """The damage of hits in ``n`` worlds: the weapon's dice, its maximum too where ``special``, and the damage bonus
    (``bonus_share``: 2 whole, 1 half rounded up, 0 none). Returns (weapon roll, bonus added, total).

    Dice order: the weapon's dice (purpose ``damage``), then the bonus's (``damage-bonus``) where it counts.
    """
    n = special.shape[0]
    weapon = damage.roll(dice, n, "damage", worlds)
    share = np.broadcast_to(np.asarray(bonus_share, dtype=np.int64), (n,))
    added = np.zeros(n, dtype=np.int64)
    counted = np.flatnonzero(share > 0)
    if counted.size and (bonus.terms or bonus.constant):
        rolled = bonus.roll(dice, counted.size, "damage-bonus", None if worlds is None else worlds[counted])
        added[counted] = np.where(share[counted] == 2, rolled, half_up(rolled))
    total = weapon + np.where(special, damage.maximum, 0) + added
    return weapon, added, total.astype(np.int64)


@dataclass(frozen=True)
class Absorbed:
    """How a blow's damage is shared: what the parrying item stopped, what armour stopped, what the body took, and
    whether the item was worn by it."""

    item: I64
    armour: I64
    body: I64
    worn: B


def absorb(damage: I64, item_protection: I64 | int, armour: I64 | int) -> Absorbed:
    """A blow of ``damage`` points through a parrying item's protection (0 without a parry), then armour."""
    d = np.asarray(damage, dtype=np.int64)
    item = np.minimum(d, np.maximum(np.asarray(item_protection, dtype=np.int64), 0))
    past = d - item
    stopped = np.minimum(past, np.maximum(np.asarray(armour, dtype=np.int64), 0))
    worn = (np.asarray(item_protection) > 0) & (d > np.asarray(item_protection))
    return Absorbed(item=item, armour=stopped, body=past - stopped, worn=np.asarray(worn, dtype=np.bool_))
