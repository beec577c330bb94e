"""Combatants' conditions over a batch of worlds, and how criticals, fumbles and time change them.

Durations are pinned to the round clock, never counted down: an effect of N rounds suffered in round r lasts until
the start of the victim's turn in round r + N (its ``*_until`` field holds r + N). The start of a combatant's turn
(:func:`start_of_turn`) applies bleeding, retries the stun resistance roll, ends what has expired, and clears the
shaken state and the declarations of its previous action (parry, dodge).

Reading of the text where it leaves a choice (documented here, said in the project's notes):

* a stun of N rounds suffered in round r is resisted at once against 150 + 5 × (N − 1); the roll is retried at the
  start of the victim's turns in later rounds against the rounds left, ``until − round`` (the text's example: 3
  rounds → 160, then 155 at the next action);
* the resistance roll is an open-ended d100 plus the Body resistance bonus, resisting at or above the difficulty;
* further stuns, must-parry and no-parry lengthen the current one (all effects are cumulative);
* bleeding is lost at the start of every turn of the victim that begins after the wound.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.dice import DiceSource, open_ended
from estoc.engine.rows import cells, flat
from estoc.systems.harp.tables import I64, B, EffectArrays

I32 = NDArray[np.int32]

STUN_BASE_DIFFICULTY = 150
STUN_DIFFICULTY_PER_ROUND = 5
STUNNED_MANOEUVRE_PENALTY = -50
SHAKEN_MANOEUVRE_PENALTY = -25


def stun_difficulty(rounds: I64 | int) -> I64:
    """The Body resistance roll's difficulty against a stun of ``rounds`` rounds (150 for one, +5 a round more)."""
    return np.asarray(STUN_BASE_DIFFICULTY + STUN_DIFFICULTY_PER_ROUND * (np.asarray(rounds) - 1), dtype=np.int64)


@dataclass
class HarpState:
    """The conditions of C combatants in W worlds: every field has shape ``(W, C)``."""

    hp: I32
    hp_max: I32
    body_rr: I32
    penalty: I32
    bleed: I32
    stun_until: I32
    stun_since: I32
    shaken: B
    must_parry_until: I32
    no_parry_until: I32
    lost_until: I32
    """No action at all until the start of its turn in this round (a fumble's lost rounds)."""
    dying_round: I32
    """The round whose start of turn finds it dead (a critical's death in N rounds); 0: none."""
    down: B
    dead: B
    prone: B
    disarmed: B
    hits_taken: I32
    steady: B
    """Stood up and not acted since: cannot be knocked down again."""
    stun_immune: B
    bleed_immune: B

    @classmethod
    def new(cls, worlds: int, hp: list[int], body_rr: list[int] | None = None, *,
            stun_immune: list[bool] | None = None, bleed_immune: list[bool] | None = None) -> HarpState:
        """Fresh combatants with ``hp`` hit points each, repeated over ``worlds`` worlds."""
        c = len(hp)

        def tile(values: list[int] | list[bool] | None, dtype: type) -> NDArray[Any]:
            return np.tile(np.asarray(values if values is not None else [0] * c, dtype=dtype), (worlds, 1))

        given: dict[str, NDArray[Any]] = {
            "hp": tile(hp, np.int32), "hp_max": tile(hp, np.int32), "body_rr": tile(body_rr, np.int32),
            "stun_immune": tile(stun_immune, np.bool_), "bleed_immune": tile(bleed_immune, np.bool_),
        }
        flags = ("shaken", "down", "dead", "prone", "disarmed", "steady", "stun_immune", "bleed_immune")
        return cls(**{f.name: given[f.name] if f.name in given else
                      np.zeros((worlds, c), dtype=np.bool_ if f.name in flags else np.int32) for f in fields(cls)})

    def copy(self) -> HarpState:
        return HarpState(**{f.name: getattr(self, f.name).copy() for f in fields(self)})

    # Derived conditions: never stored, always read from the pinned fields.
    def stunned(self) -> B:
        return self.stun_until > 0

    def must_parry(self) -> B:
        return self.must_parry_until > 0

    def no_parry(self) -> B:
        return self.no_parry_until > 0

    def out_of_fight(self) -> B:
        """Unconscious, dying or dead: cannot act in any way."""
        return self.down | self.dead

    def can_act(self) -> B:
        return np.asarray(~self.out_of_fight() & (self.lost_until == 0), dtype=np.bool_)

    def can_attack(self) -> B:
        """Stunned or made to parry, a combatant may still parry but not attack."""
        return self.can_act() & ~self.stunned() & ~self.must_parry()

    def can_parry(self) -> B:
        return self.can_act() & ~self.no_parry()

    def manoeuvre_penalty(self) -> I32:
        """Critical penalties, plus −25 when shaken and −50 when stunned (the stun's only for moving or focusing)."""
        total = (self.penalty + np.where(self.shaken, SHAKEN_MANOEUVRE_PENALTY, 0)
                 + np.where(self.stunned(), STUNNED_MANOEUVRE_PENALTY, 0))
        return np.asarray(total, dtype=np.int32)


@dataclass(frozen=True)
class StunCheck:
    """Resistance rolls against stun made in a batch: where ``tried``, the roll, its difficulty and the outcome."""

    tried: B
    roll: I64
    total: I64
    difficulty: I64
    resisted: B


def _resist_stun(state: HarpState, w: I64, c: I64, rounds: I64, dice: DiceSource) -> StunCheck:
    n = w.shape[0]
    tried = rounds > 0
    idx = np.flatnonzero(tried)
    roll = np.zeros(n, dtype=np.int64)
    roll[idx] = open_ended(dice, idx.size, "resistance", worlds=w[idx]).total
    total = roll + state.body_rr[w, c]
    difficulty = np.where(tried, stun_difficulty(np.maximum(rounds, 1)), 0)
    resisted = tried & (total >= difficulty)
    state.stun_until[w[resisted], c[resisted]] = 0
    return StunCheck(tried, roll, np.where(tried, total, 0), difficulty, resisted)


def _extend(until: I32, w: I64, c: I64, rounds: I64, now: int) -> None:
    """Lengthen pinned durations by ``rounds`` from now, or from their current end when later."""
    active = rounds > 0
    w, c, rounds = w[active], c[active], rounds[active]
    current = until[w, c]
    base = np.where(current > now, current, now)
    until[w, c] = base + rounds


def take_hits(state: HarpState, w: I64, c: I64, hits: I64) -> None:
    """Lose hit points; at 0 or less, fall unconscious."""
    at = cells(w, c, state.hp.shape[1])
    np.add.at(flat(state.hp), at, -hits.astype(np.int32))
    np.add.at(flat(state.hits_taken), at, hits.astype(np.int32))
    state.down[w, c] |= state.hp[w, c] <= 0


def apply_effects(state: HarpState, w: I64, c: I64, effects: EffectArrays, now: int, dice: DiceSource,
                  *, resist_stun: bool = True) -> StunCheck:
    """Apply critical (or fumble) effects to combatant ``c[i]`` of world ``w[i]`` in round ``now``.

    Hits are not taken here (see :func:`take_hits`): the attack's table hits and the critical's are one loss.
    A stun from a critical is resisted at once (``resist_stun``); a fumble's stun is not.
    """
    at = cells(w, c, state.hp.shape[1])
    np.add.at(flat(state.penalty), at, effects.penalty)
    np.add.at(flat(state.bleed), at, np.where(flat(state.bleed_immune)[at], 0, effects.bleed))
    state.shaken[w[effects.shaken], c[effects.shaken]] = True
    state.prone[w[effects.knockdown], c[effects.knockdown]] = True
    state.disarmed[w[effects.drop_weapon], c[effects.drop_weapon]] = True
    _extend(state.must_parry_until, w, c, effects.must_parry.astype(np.int64), now)
    _extend(state.no_parry_until, w, c, effects.no_parry.astype(np.int64), now)
    stun = np.where(state.stun_immune[w, c], 0, effects.stun).astype(np.int64)
    _extend(state.stun_until, w, c, stun, now)
    state.stun_since[w[stun > 0], c[stun > 0]] = now
    instant = effects.death == 0
    state.dead[w[instant], c[instant]] = True
    later = effects.death > 0
    wl, cl = w[later], c[later]
    due = now + effects.death[later]
    current = state.dying_round[wl, cl]
    state.dying_round[wl, cl] = np.where(current > 0, np.minimum(current, due), due)
    state.down[wl, cl] = True
    left = np.where(stun > 0, state.stun_until[w, c] - now, 0).astype(np.int64)
    if resist_stun:
        return _resist_stun(state, w, c, left, dice)
    zeros = np.zeros(w.shape[0], dtype=np.int64)
    return StunCheck(zeros.astype(bool), zeros, zeros, zeros, zeros.astype(bool))


def apply_lost_rounds(state: HarpState, w: I64, c: I64, rounds: I64, now: int) -> None:
    """A fumble's lost rounds of action: no action at all until the start of its turn in ``now + rounds``."""
    _extend(state.lost_until, w, c, rounds, now)


def relieve_penalties(state: HarpState, w: I64, c: I64, amount: I64 | int = 0) -> None:
    """Magic or herbs that reduce penalties: the penalty lessens by ``amount`` (never above 0), and any such relief
    also ends must-parry and no-parry at once."""
    state.penalty[w, c] = np.minimum(state.penalty[w, c] + np.asarray(amount, dtype=np.int32), 0)
    state.must_parry_until[w, c] = 0
    state.no_parry_until[w, c] = 0


@dataclass(frozen=True)
class TurnStart:
    """What the start of one combatant's turn did in each world."""

    bled: I64
    stun: StunCheck
    died: B


def start_of_turn(state: HarpState, c: int | I64, now: int, dice: DiceSource, active: B | None = None) -> TurnStart:
    """The start of a combatant's turn in round ``now``, in every world: combatant ``c`` (one for all worlds, or
    one per world). Worlds outside ``active`` are left alone.

    Bleeding is lost; expired durations end; a stun suffered in an earlier round gets a new resistance roll against
    the rounds left; a due death comes; the shaken state ends.
    """
    worlds, count = state.hp.shape
    everyone = np.arange(worlds, dtype=np.int64)
    on = np.ones(worlds, dtype=np.bool_) if active is None else active
    w = everyone[on]
    cc = np.broadcast_to(np.asarray(c, dtype=np.int64), (worlds,))[on]
    at = cells(w, cc, count)
    alive = ~flat(state.dead)[at]
    bled = np.where(alive, flat(state.bleed)[at], 0).astype(np.int64)
    take_hits(state, w[bled > 0], cc[bled > 0], bled[bled > 0])
    for until in (state.stun_until, state.must_parry_until, state.no_parry_until, state.lost_until):
        cell = flat(until)
        current = cell[at]
        cell[at] = np.where(current <= now, 0, current)
    stun_until = flat(state.stun_until)[at]
    left = np.where((stun_until > 0) & (flat(state.stun_since)[at] < now) & alive, stun_until - now, 0
                    ).astype(np.int64)
    stun = _resist_stun(state, w, cc, left, dice)
    dying = flat(state.dying_round)[at]
    due = alive & (dying > 0) & (dying <= now)
    flat(state.dead)[at[due]] = True
    flat(state.shaken)[at] = False
    flat(state.steady)[at] = False
    full_bled = np.zeros(worlds, dtype=np.int64)
    full_bled[w] = bled
    died = np.zeros(worlds, dtype=np.bool_)
    died[w] = due
    return TurnStart(bled=full_bled, stun=_spread(stun, on), died=died)


def _spread(check: StunCheck, on: B) -> StunCheck:
    """A check made in the worlds of ``on``, laid out over every world (nothing tried elsewhere)."""
    worlds = on.shape[0]

    def numbers(values: I64) -> I64:
        out = np.zeros(worlds, dtype=np.int64)
        out[on] = values
        return out

    def flags(values: B) -> B:
        out = np.zeros(worlds, dtype=np.bool_)
        out[on] = values
        return out

    return StunCheck(flags(check.tried), numbers(check.roll), numbers(check.total), numbers(check.difficulty),
                     flags(check.resisted))
