"""The condition of d100 combatants over a batch of worlds: hit points, each wound on its own, unconsciousness,
death at the end of the round, first aid, and what their weapons and shields have left.

Every field has shape ``(W, C)``; wounds ``(W, C, K)``, K the most wounds one combatant can keep apart (a wound past
it joins the last one, which only matters to first aid after more than K wounds).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource
from estoc.systems.d100.rules import I64, UNCONSCIOUS_AT, B, first_aid

MAX_WOUNDS = 16
UNCONSCIOUS_DIE = 6
"""Unconscious for 1D6 hours."""


@dataclass
class D100State:
    """C combatants in W worlds."""

    hp: I64
    hp_max: I64
    unconscious: B
    unconscious_hours: I64
    dead: B
    wounds: I64
    """``wounds[w, c, k]``: the hit points the k-th wound took (0: no such wound)."""
    treated: B
    """First aid was given to that wound (once only, success or not)."""
    wound_count: I64
    shield_hp: I64
    shield_points: I64
    weapon_hp: I64
    """``weapon_hp[w, c, s]``: hit points left to each weapon that parries (0: broken, or it cannot parry)."""
    loaded: I64
    """Shots left before a reload, per weapon (−1: never reloads)."""
    reload_until: I64
    """The round before which the weapon cannot shoot again (a crossbow's full round of reloading)."""

    @classmethod
    def new(cls, worlds: int, hp: list[int], *, shield_hp: list[int] | None = None,
            shield_points: list[int] | None = None, weapon_hp: list[list[int]] | None = None,
            loaded: list[list[int]] | None = None) -> D100State:
        c = len(hp)
        slots = max((len(row) for row in (weapon_hp or [[0]])), default=1)

        def tile(values: Any, shape: tuple[int, ...], dtype: type = np.int64) -> NDArray[Any]:
            return np.broadcast_to(np.asarray(values, dtype=dtype), (worlds, *shape)).copy()

        def grid(rows: list[list[int]] | None, fill: int) -> list[list[int]]:
            rows = rows or [[] for _ in range(c)]
            return [list(r) + [fill] * (slots - len(r)) for r in rows]

        return cls(
            hp=tile(hp, (c,)), hp_max=tile(hp, (c,)), unconscious=np.zeros((worlds, c), np.bool_),
            unconscious_hours=np.zeros((worlds, c), np.int64), dead=np.zeros((worlds, c), np.bool_),
            wounds=np.zeros((worlds, c, MAX_WOUNDS), np.int64), treated=np.zeros((worlds, c, MAX_WOUNDS), np.bool_),
            wound_count=np.zeros((worlds, c), np.int64),
            shield_hp=tile(shield_hp or [0] * c, (c,)), shield_points=tile(shield_points or [0] * c, (c,)),
            weapon_hp=tile(grid(weapon_hp, 0), (c, slots)), loaded=tile(grid(loaded, -1), (c, slots)),
            reload_until=np.zeros((worlds, c, slots), np.int64))

    def copy(self) -> D100State:
        return D100State(**{f.name: getattr(self, f.name).copy() for f in fields(self)})

    def out_of_fight(self) -> B:
        return np.asarray(self.unconscious | self.dead, dtype=np.bool_)

    def dying(self) -> B:
        """At 0 hit points or fewer and not yet dead: first aid before the end of the round may save them."""
        return np.asarray((self.hp <= 0) & ~self.dead, dtype=np.bool_)


def take_wound(state: D100State, dice: DiceSource, w: I64, c: I64, damage: I64) -> B:
    """Combatant ``c[i]`` of world ``w[i]`` takes a wound of ``damage[i]`` hit points (0: no wound). Falling to 2
    hit points or fewer knocks it out for 1D6 hours (purpose ``unconscious``). Returns who fell unconscious now."""
    hurt = damage > 0
    w, c, damage = w[hurt], c[hurt], damage[hurt]
    k = np.minimum(state.wound_count[w, c], MAX_WOUNDS - 1)
    state.wounds[w, c, k] += damage
    state.wound_count[w, c] = np.minimum(state.wound_count[w, c] + 1, MAX_WOUNDS)
    state.hp[w, c] -= damage
    falls = (state.hp[w, c] <= UNCONSCIOUS_AT) & ~state.unconscious[w, c] & ~state.dead[w, c]
    fw, fc = w[falls], c[falls]
    state.unconscious[fw, fc] = True
    state.unconscious_hours[fw, fc] = dice.draw(UNCONSCIOUS_DIE, fw.size, "unconscious", fw)
    out = np.zeros(state.hp.shape[0], dtype=np.bool_)
    out[fw] = True
    return out


def end_of_round(state: D100State) -> B:
    """The end of the round: whoever is still at 0 hit points or fewer dies. Returns who died now (per world and
    combatant)."""
    dies = state.dying()
    state.dead |= dies
    return dies


@dataclass(frozen=True)
class FirstAid:
    """First aid given in a batch of worlds: the roll, the points restored, the success."""

    roll: I64
    healed: I64
    success: B


def give_first_aid(state: D100State, dice: DiceSource, w: I64, c: I64, wound: I64, skill: I64) -> FirstAid:
    """First aid on the wound ``wound[i]`` (from 0) of combatant ``c[i]`` in world ``w[i]``, by a healer of
    ``skill[i]`` %: see :func:`estoc.systems.d100.rules.first_aid`. Back above 0 hit points, a dying character
    lives on (it is no longer at 0 at the end of the round); above 2, it may be woken."""
    roll, healed, ok = first_aid(dice, skill, state.wounds[w, c, wound], state.treated[w, c, wound], w)
    state.treated[w, c, wound] = True
    state.hp[w, c] += healed
    return FirstAid(roll, healed, ok)
