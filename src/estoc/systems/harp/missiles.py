"""Missile weapons: range modifiers, melee interference, shoving."""

from __future__ import annotations

import numpy as np

from estoc.content.models import harp
from estoc.errors import RulesError
from estoc.i18n import _
from estoc.systems.harp.tables import I64, HarpTables

MINIMUM_RANGE = 2.0
"""Under 2 m a shot has no effect."""
MELEE_INTERFERENCE = -100


def range_increments(distance: np.typing.ArrayLike, increment: float) -> I64:
    """The range increment a target lies in: 1 for the first ``increment`` metres, and so on."""
    return np.asarray(np.ceil(np.asarray(distance, dtype=np.float64) / increment), dtype=np.int64)


def range_modifier_array(distance: np.typing.ArrayLike, missile: harp.MissileData) -> I64:
    """OB modifier of the range over a batch: −10 per increment for increments 1–5, −20 per increment for 6–10,
    plus the point-blank modifier within point-blank range. Shots under 2 m or past maximum range are the caller's
    to refuse (:func:`range_modifier` does)."""
    d = np.asarray(distance, dtype=np.float64)
    k = np.clip(range_increments(d, missile.range_increment), 1, 10)
    modifier = -10 * np.minimum(k, 5) - 20 * np.maximum(k - 5, 0)
    return np.asarray(modifier + np.where(d <= missile.point_blank_range, missile.point_blank_mod, 0), dtype=np.int64)


def range_modifier(distance: float, weapon: harp.Weapon) -> int:
    """The range modifier of one shot; a shot closer than 2 m or beyond maximum range is refused."""
    if weapon.missile is None:
        raise RulesError(_("{weapon} is no missile weapon").format(weapon=weapon.id))
    if distance < MINIMUM_RANGE:
        raise RulesError(_("a shot needs at least {min} m to the target; under that it has no effect").format(
            min=MINIMUM_RANGE))
    if distance > weapon.missile.max_range:
        raise RulesError(_("{distance} m is beyond the maximum range of {weapon} ({max} m)").format(
            distance=distance, weapon=weapon.id, max=weapon.missile.max_range))
    return int(range_modifier_array(distance, weapon.missile))


def melee_interference(weapon: harp.Weapon, attacked_in_contact_first: bool) -> int:
    """−100 to a bow or sling shot when a melee opponent in contact, acting earlier, attacks the shooter (hit or
    not). Crossbows and thrown weapons are not hampered this way."""
    if weapon.missile is None or not attacked_in_contact_first:
        return 0
    return MELEE_INTERFERENCE if weapon.missile.family in ("bow", "sling") else 0


def shove_penalty(tables: HarpTables, manoeuvre_total: I64) -> I64:
    """Shoving a shooter (brawling, or Strength + Agility): the percentage column of the manoeuvre table,
    as a penalty to the shot."""
    return -np.maximum(tables.manoeuvre.read_percent(np.asarray(manoeuvre_total, dtype=np.int64)), 0).astype(
        np.int64)
