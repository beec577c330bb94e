"""d100 fights over a batch of worlds: the roster as arrays, the default policy's decisions as arrays, and the
round loop of simulation.

The loop runs over rounds and over positions in the order, never over worlds; the attacks of one position are played
by :func:`~estoc.systems.d100.exchange.resolve_attacks`, grouped by attacker and weapon (a weapon's damage dice are
one expression), each world with its own target and defence. The defence each target opposes comes from
:func:`~estoc.systems.d100.exchange.defence_options` for its state of wear, as in play. Play's default policy is
:func:`decide` for a batch of one world. There is no movement in simulation: every combatant acts at its DEX.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from estoc.dice import DiceSource
from estoc.engine.rows import row_any, row_order
from estoc.systems.d100.exchange import (
    BONUS_SHARE,
    DEFENCE_CODES,
    Combatant,
    Defences,
    Settings,
    attack_skill,
    defence_options,
    resolve_attacks,
    with_wear,
)
from estoc.systems.d100.fight import REACH_ORDER, loaded_at_start
from estoc.systems.d100.rules import SPECIAL_HIT, Outcomes, range_divisor
from estoc.systems.d100.state import D100State, end_of_round, give_first_aid, take_wound

PASS, ATTACK, RELOAD, FIRST_AID = range(4)


@dataclass(frozen=True)
class Roster:
    """Per-combatant arrays: ``(C,)``, or ``(C, S)`` per weapon slot (S: the most weapons any carries)."""

    side: np.ndarray
    dex: np.ndarray
    first_aid: np.ndarray
    skill: np.ndarray
    reach: np.ndarray
    breakable: np.ndarray
    """The weapon parries, so it can break (it has hit points)."""
    usable: np.ndarray
    """Within reach of the encounter's distance (melee weapons always; padding slots never)."""
    reload_rounds: np.ndarray
    magazine: np.ndarray

    @classmethod
    def build(cls, people: list[Combatant], sides: list[str], distance: int | None) -> Roster:
        count = len(people)
        width = max(len(p.weapons) for p in people)
        side_ids = {s: i for i, s in enumerate(dict.fromkeys(sides))}

        def grid(fill: int) -> np.ndarray:
            return np.full((count, width), fill, dtype=np.int64)

        skill, reach, breakable, usable = grid(-1), grid(0), grid(0).astype(bool), grid(0).astype(bool)
        reload_rounds, magazine = grid(0), grid(0)
        for c, person in enumerate(people):
            for s, use in enumerate(person.weapons):
                skill[c, s], reach[c, s] = use.skill, REACH_ORDER[use.record.reach]
                breakable[c, s] = use.record.hp is not None
                usable[c, s] = (not use.missile or distance is None
                                or int(range_divisor(distance, use.record.range or 0)) > 0)
                reload_rounds[c, s], magazine[c, s] = use.record.reload_rounds, use.record.magazine or 0
        return cls(side=np.array([side_ids[s] for s in sides], dtype=np.int64),
                   dex=np.array([p.dex for p in people], dtype=np.int64),
                   first_aid=np.array([p.first_aid for p in people], dtype=np.int64), skill=skill, reach=reach,
                   breakable=breakable, usable=usable, reload_rounds=reload_rounds, magazine=magazine)


@dataclass(frozen=True)
class Decisions:
    """What each world's actor does: ``kind`` (PASS, ATTACK, RELOAD, FIRST_AID), its target, weapon and wound."""

    kind: np.ndarray
    target: np.ndarray
    weapon: np.ndarray
    wound: np.ndarray


def distinct_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a small non-negative integer matrix, and which of them each row is: one number a row when
    the values fit in a byte each (a fast 1-D unique), ``np.unique(axis=0)`` otherwise."""
    if rows.shape[1] <= 8 and rows.size and rows.min() >= 0 and rows.max() < 256:
        packed = np.zeros(rows.shape[0], dtype=np.int64)
        for k in range(rows.shape[1]):
            packed = (packed << 8) | rows[:, k]
        _keys, first, which = np.unique(packed, return_index=True, return_inverse=True)
        return rows[first], which.reshape(-1)
    states, which = np.unique(rows, axis=0, return_inverse=True)
    return states, which.reshape(-1)


def standing(state: D100State, present: np.ndarray) -> np.ndarray:
    return np.asarray(present & ~state.out_of_fight(), dtype=np.bool_)


def decide(state: D100State, roster: Roster, actor: np.ndarray, present: np.ndarray, now: int) -> Decisions:
    """The default policy (see :mod:`estoc.systems.d100.policy`) for the combatant ``actor[w]`` of each world."""
    worlds = state.hp.shape[0]
    w = np.arange(worlds)
    up = standing(state, present)
    mine = roster.side[None, :] == roster.side[actor][:, None]
    # First aid: an ally dying with a wound not yet treated, and the actor knows how (looked at only in the worlds
    # where an ally lies dying: the wounds are the bulkiest arrays).
    helpable = mine & state.dying() & present & (roster.first_aid[actor] > 0)[:, None]
    aid_target = np.zeros(worlds, dtype=np.int64)
    wound = np.zeros(worlds, dtype=np.int64)
    some = np.flatnonzero(row_any(helpable))
    if some.size:
        slots = np.arange(state.wounds.shape[2])[None, None, :]
        open_wound = (slots < state.wound_count[some, :, None]) & ~state.treated[some]
        helpable[some] &= open_wound.any(axis=2)
        aid_target[some] = np.argmax(helpable[some], axis=1)
        worst = np.where(open_wound, state.wounds[some], -1)
        wound[some] = np.argmax(worst[np.arange(some.size), aid_target[some]], axis=1)
    # The attack: the standing foe with the fewest hit points, with the best whole weapon within reach.
    foe = up & ~mine
    big = np.iinfo(np.int64).max
    target = np.argmin(np.where(foe, state.hp, big), axis=1)
    whole = roster.usable[actor] & (~roster.breakable[actor] | (state.weapon_hp[w, actor] > 0))
    best = np.argmax(np.where(whole, roster.skill[actor], -1), axis=1)
    ready = whole & (state.loaded[w, actor] != 0) & (now >= state.reload_until[w, actor])
    best_ready = np.argmax(np.where(ready, roster.skill[actor], -1), axis=1)
    empty = state.loaded[w, actor, best] == 0
    kind = np.where(ready.any(axis=1) | empty, ATTACK, PASS)
    kind = np.where(empty, RELOAD, kind)
    kind = np.where(~whole.any(axis=1) | ~row_any(foe), PASS, kind)
    kind = np.where(row_any(helpable), FIRST_AID, kind)
    weapon = np.where(kind == RELOAD, best, np.where(ready[w, best], best, best_ready))
    return Decisions(kind=kind.astype(np.int64), target=np.where(kind == FIRST_AID, aid_target, target),
                     weapon=weapon.astype(np.int64), wound=wound.astype(np.int64))


@dataclass
class Tally:
    """What each combatant did and suffered in each world (``(W, C)``)."""

    damage_dealt: np.ndarray
    damage_taken: np.ndarray
    specials_taken: np.ndarray
    downed: np.ndarray

    @classmethod
    def new(cls, worlds: int, count: int) -> Tally:
        return cls(*(np.zeros((worlds, count), dtype=np.int64) for _ in range(4)))


@dataclass(frozen=True)
class BatchResult:
    state: D100State
    winner: np.ndarray
    """The winning side's index in each world; ``-1``: no side left, or the round limit reached."""
    over: np.ndarray
    rounds: np.ndarray
    tally: Tally


class BatchFight:
    """W fights of one d100 encounter, played by the default policy."""

    def __init__(self, outcomes: Outcomes, people: list[Combatant], sides: list[str], worlds: int, *,
                 settings: Settings, distance: int | None = None) -> None:
        self.outcomes, self.people, self.settings, self.distance = outcomes, people, settings, distance
        self.roster = Roster.build(people, sides, distance)
        self.state = D100State.new(
            worlds, [p.hp for p in people], shield_hp=[p.shield.record.hp if p.shield else 0 for p in people],
            shield_points=[p.shield.record.points if p.shield else 0 for p in people],
            weapon_hp=[[w.record.hp or 0 for w in p.weapons] for p in people],
            loaded=[[loaded_at_start(w) for w in p.weapons] for p in people])
        self.present = np.ones((worlds, len(people)), dtype=np.bool_)
        self.weapon = np.zeros((worlds, len(people)), dtype=np.int64)
        self.tally = Tally.new(worlds, len(people))
        self.armour = [p.armour(settings) for p in people]

    def sides_left(self) -> np.ndarray:
        up = standing(self.state, self.present)
        held = np.zeros(up.shape[0], dtype=np.int64)
        for s in range(int(self.roster.side.max()) + 1):
            held += row_any(up & (self.roster.side == s))
        return held

    def order(self) -> tuple[np.ndarray, np.ndarray]:
        """Each world's order of action and each position's key (equal keys: one simultaneous group)."""
        count = self.weapon.shape[1]
        c = np.arange(count)[None, :]
        # DEX first (higher first), then reach (missile first), then skill (higher first): one whole number.
        key = (-self.roster.dex[None, :] * 1_000_000 + self.roster.reach[c, self.weapon] * 10_000
               - self.roster.skill[c, self.weapon])
        order = row_order(key)
        return order, np.take_along_axis(key, order, axis=1)

    def play(self, dice: DiceSource, max_rounds: int = 100) -> BatchResult:
        worlds = self.weapon.shape[0]
        w = np.arange(worlds)
        rounds = np.zeros(worlds, dtype=np.int64)
        live = self.sides_left() > 1
        for now in range(1, max_rounds + 1):
            if not live.any():
                break
            rounds[live] = now
            order, keys = self.order()
            closed = ~live
            group_ok = np.zeros_like(self.present)
            for k in range(order.shape[1]):
                actor = order[:, k]
                fresh = np.ones(worlds, dtype=np.bool_) if k == 0 else keys[:, k] != keys[:, k - 1]
                closed |= fresh & (self.sides_left() <= 1)
                group_ok = np.where(fresh[:, None], standing(self.state, self.present), group_ok)
                acting = ~closed & group_ok[w, actor]
                if acting.any():
                    self.act(dice, actor, acting, now)
            end_of_round(self.state)
            live &= self.sides_left() > 1
        up = standing(self.state, self.present)
        winner = np.full(worlds, -1, dtype=np.int64)
        over = self.sides_left() <= 1
        for s in range(int(self.roster.side.max()) + 1):
            winner[over & row_any(up & (self.roster.side == s))] = s
        return BatchResult(self.state, winner, over, rounds, self.tally)

    def act(self, dice: DiceSource, actor: np.ndarray, acting: np.ndarray, now: int) -> None:
        state, w = self.state, np.arange(actor.shape[0])
        d = decide(state, self.roster, actor, self.present, now)
        aid = np.flatnonzero(acting & (d.kind == FIRST_AID))
        if aid.size:
            give_first_aid(state, dice, aid, d.target[aid], d.wound[aid], self.roster.first_aid[actor[aid]])
        reload = np.flatnonzero(acting & (d.kind == RELOAD))
        if reload.size:
            c, s = actor[reload], d.weapon[reload]
            state.loaded[reload, c, s] = np.where(self.roster.magazine[c, s] > 0, self.roster.magazine[c, s], 1)
            state.reload_until[reload, c, s] = now + np.maximum(self.roster.reload_rounds[c, s], 1)
            self.weapon[reload, c] = s
        attack = acting & (d.kind == ATTACK)
        if not attack.any():
            return
        self.weapon[w[attack], actor[attack]] = d.weapon[attack]
        # One exchange per (attacker, weapon): its damage dice are one expression; worlds keep their own target.
        for c in np.unique(actor[attack]):
            for s in np.unique(d.weapon[attack & (actor == c)]):
                self.strike(dice, int(c), int(s), attack & (actor == c) & (d.weapon == s), d.target, now)

    def strike(self, dice: DiceSource, c: int, s: int, mask: np.ndarray, target: np.ndarray, now: int) -> None:
        state, person = self.state, self.people[c]
        use = person.weapons[s]
        idx = np.flatnonzero(mask)
        t = target[idx]
        kind, skill, protection, item = (np.zeros(idx.size, dtype=np.int64) for _ in range(4))
        # The defence for each state of wear of each target (a few distinct ones), as play computes it.
        wear = np.column_stack([t, state.shield_hp[idx, t], state.shield_points[idx, t], state.weapon_hp[idx, t]])
        states, which = distinct_rows(wear)
        for j, row in enumerate(states):
            defender = with_wear(self.people[int(row[0])], int(row[1]), int(row[2]), [int(x) for x in row[3:]])
            options = defence_options(use, defender, self.settings)
            best = next(options[d] for d in ("parry", "dodge", "none") if d in options)
            here = which.reshape(-1) == j
            kind[here], skill[here], protection[here] = DEFENCE_CODES[best.kind], best.skill, best.protection
            item[here] = -1 if best.item == "shield" else int(best.item.split(":")[1]) - 1 if best.item else -2
        chance = np.full(idx.size, attack_skill(use, distance=self.distance, physical_penalty=person.penalty("lancer")),
                         dtype=np.int64)
        armour = np.array(self.armour, dtype=np.int64)[t]
        out = resolve_attacks(dice, self.outcomes, use.damage, person.damage_bonus,
                              BONUS_SHARE[use.record.damage_bonus], chance, Defences(kind, skill, protection, armour),
                              self.settings.fumble_from)
        loaded = state.loaded[idx, c, s]
        state.loaded[idx, c, s] = np.where(loaded > 0, loaded - 1, loaded)
        worn = out.absorbed.worn
        shield = worn & (item == -1)
        state.shield_hp[idx[shield], t[shield]] -= 1
        state.shield_points[idx[shield], t[shield]] = np.maximum(state.shield_points[idx[shield], t[shield]] - 1, 0)
        blade = worn & (item >= 0)
        state.weapon_hp[idx[blade], t[blade], item[blade]] -= 1
        was_up = ~state.out_of_fight()[idx, t]
        take_wound(state, dice, idx, t, out.body)
        self.tally.damage_dealt[idx, c] += out.body
        self.tally.damage_taken[idx, t] += out.body
        self.tally.specials_taken[idx, t] += out.result == SPECIAL_HIT
        self.tally.downed[idx, c] += was_up & state.out_of_fight()[idx, t]
