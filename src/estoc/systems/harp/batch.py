"""HARP fights over a batch of worlds: the default policy's decisions as arrays, and the round loop of simulation.

Every step is the rules' kernels over all worlds at once: initiative (each world its own order), the start of each
turn, the decisions, the actions (:func:`estoc.systems.harp.roster.strike_batch` for every attack). The loop runs over
rounds and over positions in the order, never over worlds. Play runs the same steps for one world, its decisions
coming from the GM; its default policy is :func:`decide` for a batch of one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from estoc.dice import DiceSource
from estoc.engine.rows import cells, flat, row_any, row_argmax, row_argmin, row_count, row_order
from estoc.systems.harp import actions
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackSettings
from estoc.systems.harp.conditions import HarpState, start_of_turn
from estoc.systems.harp.initiative import SURPRISE_PENALTY, roll_initiative
from estoc.systems.harp.roster import BatchExchange, Roster, breath_batch, strike_batch
from estoc.systems.harp.tables import I64, B, HarpTables

PASS, ATTACK, TOTAL_PARRY, STAND, TAKE_WEAPON, FLEE, BREATHE = range(7)
FLEE_BELOW = 0.25
BREATH_TARGETS = 3
UNLIMITED = 1_000_000
COMPACT_MIN = 64
"""Batches smaller than this are never compacted (the copy would cost more than it saves)."""
COMPACT_SHARE = 0.5
"""Compact once the running worlds are at most this share of those held."""


@dataclass(frozen=True)
class Decisions:
    """What each world's acting combatant does: ``kind`` (PASS, ATTACK…), its target, strike, requested parry and
    the foe it parries, and for a breath up to three targets (``-1``: none)."""

    kind: I64
    target: I64
    strike: I64
    parry: I64
    parry_target: I64
    breath: I64


def standing(state: HarpState, present: B) -> B:
    """In the fight and on their feet: not taken out, unconscious, dying or dead."""
    return np.asarray(present & ~state.out_of_fight(), dtype=np.bool_)


def decide(state: HarpState, roster: Roster, actor: I64, present: B, uses: I64, *, beasts_flee: bool = False
           ) -> Decisions:
    """The default policy, for the combatant ``actor[w]`` of each world (see :mod:`estoc.systems.harp.policy`)."""
    worlds = state.hp.shape[0]
    w = np.arange(worlds)
    up = standing(state, present)
    foe = up & (roster.side[None, :] != roster.side[actor][:, None])
    any_foe = row_any(foe)
    big = np.iinfo(np.int64).max
    hp = np.where(foe, state.hp.astype(np.int64), big)
    weakest = row_argmin(hp)
    danger = np.where(foe, roster.ob[:, 0][None, :].astype(np.int64), np.iinfo(np.int64).min)
    dangerous = row_argmax(danger)
    # Strike slots past a combatant's own strikes are padding (the roster is as wide as the most armed one).
    real = np.arange(roster.single.shape[1])[None, :] < roster.strikes[:, None]
    first_single = np.argmax(roster.single & real, axis=1)
    strike = first_single[actor]
    beast = roster.beast[actor]
    can_attack, can_parry = state.can_attack()[w, actor], state.can_parry()[w, actor]
    area = ~roster.single & real
    breath_strike = np.argmax(area, axis=1)
    has_breath = area[actor, breath_strike[actor]] & (uses[w, actor, breath_strike[actor]] > 0)
    foes_count = row_count(foe)
    kind = np.full(worlds, ATTACK, dtype=np.int64)
    kind = np.where(has_breath & (foes_count >= 2), BREATHE, kind)
    hurt = state.hp[w, actor] < FLEE_BELOW * state.hp_max[w, actor]
    kind = np.where(beasts_flee & beast & hurt, FLEE, kind)
    kind = np.where(~can_attack, np.where(can_parry & ~beast, TOTAL_PARRY, PASS), kind)
    kind = np.where(~any_foe, PASS, kind)
    kind = np.where(state.disarmed[w, actor], TAKE_WEAPON, kind)
    kind = np.where(state.prone[w, actor], STAND, kind)
    if area.any():
        order = row_order(hp)[:, :BREATH_TARGETS]
        breath = np.where(np.take_along_axis(foe, order, axis=1), order, -1)
    else:  # no breath in this fight: no target list to sort
        breath = np.full((worlds, min(BREATH_TARGETS, hp.shape[1])), -1, dtype=np.int64)
    wants_parry = (roster.parry[actor] > 0) & ~beast & can_parry
    return Decisions(kind=kind, target=np.where(kind == TOTAL_PARRY, dangerous, weakest).astype(np.int64),
                     strike=np.where(kind == BREATHE, breath_strike[actor], strike).astype(np.int64),
                     parry=np.where(wants_parry, roster.parry[actor], 0).astype(np.int64),
                     parry_target=dangerous.astype(np.int64), breath=breath.astype(np.int64))


@dataclass
class Declarations:
    """What a round's declarations add to defences, until the start of the declarer's next action (``(W, C)``)."""

    parry_vs: I64
    parry_bonus: I64
    dodge: I64
    charge_db: I64

    @classmethod
    def new(cls, worlds: int, count: int) -> Declarations:
        return cls(np.full((worlds, count), -1, np.int64), np.zeros((worlds, count), np.int64),
                   np.zeros((worlds, count), np.int64), np.zeros((worlds, count), np.int64))

    def clear(self, w: I64, c: I64) -> None:
        self.parry_vs[w, c] = -1
        self.parry_bonus[w, c] = 0
        self.dodge[w, c] = 0
        self.charge_db[w, c] = 0

    def against(self, w: I64, target: I64, attacker: I64) -> I64:
        parried = np.where(self.parry_vs[w, target] == attacker, self.parry_bonus[w, target], 0)
        return (parried + self.dodge[w, target] + self.charge_db[w, target]).astype(np.int64)


@dataclass
class Tally:
    """What each combatant did and suffered in each world (``(W, C)``; criticals ``(W, C, 5)``)."""

    hits_dealt: I64
    hits_taken: I64
    crits_dealt: I64
    crits_taken: I64
    downed: I64
    rounds: I64

    @classmethod
    def new(cls, worlds: int, count: int) -> Tally:
        def z(*shape: int) -> I64:
            return np.zeros(shape, dtype=np.int64)

        return cls(z(worlds, count), z(worlds, count), z(worlds, count, 5), z(worlds, count, 5), z(worlds, count),
                   z(worlds, count))

    def count(self, state: HarpState, ex: BatchExchange, attacker: I64, target: I64, fallen: B) -> None:
        # One attacker and one target per world: plain indexed adds are exact (no repeated index).
        out = ex.outcome
        hits = out.total_hits()
        w = np.arange(hits.shape[0])
        count = self.hits_dealt.shape[1]
        by, to = cells(w, attacker, count), cells(w, target, count)
        flat(self.hits_dealt)[by] += hits
        flat(self.hits_taken)[to] += hits
        for crit in (out.critical, out.extra):
            has = crit.worlds
            level = crit.severity[has] - 1
            flat(self.crits_dealt)[by[has] * 5 + level] += 1
            flat(self.crits_taken)[to[has] * 5 + level] += 1
        now_down = np.flatnonzero(~fallen & (flat(state.down)[to] | flat(state.dead)[to]))
        flat(self.downed)[by[now_down]] += 1


@dataclass(frozen=True)
class BatchResult:
    """Fights played to their end (or to the round limit) in every world."""

    state: HarpState
    winner: I64
    """The winning side's index in each world; ``-1``: no side left, or the round limit reached."""
    rounds: I64
    present: B
    tally: Tally


def sides_left(state: HarpState, roster: Roster, present: B) -> I64:
    up = standing(state, present)
    sides = int(roster.side.max()) + 1
    held = np.zeros(up.shape[0], dtype=np.int64)
    for s in range(sides):
        held += row_any(up & (roster.side == s))
    return held


class BatchFight:
    """The state of W fights of the same encounter, and the steps of their rounds."""

    def __init__(self, tables: HarpTables, roster: Roster, state: HarpState, *,
                 settings: AttackSettings = DEFAULT_SETTINGS, fight_mod: int = 0, full_sun: bool = False,
                 surprised_side: int = -1, beasts_flee: bool = False, uses: I64 | None = None) -> None:
        self.tables, self.roster, self.state = tables, roster, state
        self.settings, self.fight_mod, self.full_sun = settings, fight_mod, full_sun
        self.surprised_side, self.beasts_flee = surprised_side, beasts_flee
        worlds, count = state.hp.shape
        self.present = np.ones((worlds, count), dtype=np.bool_)
        self.decl = Declarations.new(worlds, count)
        self.tally = Tally.new(worlds, count)
        self.uses = uses if uses is not None else np.full((worlds, count, roster.ob.shape[1]), UNLIMITED, np.int64)
        self.rounds = np.zeros(worlds, dtype=np.int64)

    def over(self) -> B:
        return np.asarray(sides_left(self.state, self.roster, self.present) <= 1, dtype=np.bool_)

    def initiative(self, dice: DiceSource, now: int) -> I64:
        worlds, count = self.state.hp.shape
        r = self.roster
        mods = np.where((now == 1) & (r.side == self.surprised_side), SURPRISE_PENALTY, 0)
        init = roll_initiative(dice, np.broadcast_to(r.quickness, (worlds, count)),
                               np.broadcast_to(r.intuition, (worlds, count)),
                               np.broadcast_to(mods, (worlds, count)).astype(np.int64))
        return init.order

    def turn(self, dice: DiceSource, actor: I64, now: int, live: B) -> None:
        """One position of the order in every live world: the start of the actor's turn, its decision, its action."""
        state, w = self.state, np.arange(actor.shape[0])
        on = live & self.present[w, actor]
        start_of_turn(state, actor, now, dice, active=on)
        self.decl.clear(w[on], actor[on])
        acting = on & state.can_act()[w, actor]
        self.tally.rounds[w[acting], actor[acting]] += 1
        d = decide(state, self.roster, actor, self.present, self.uses, beasts_flee=self.beasts_flee)
        kind = np.where(acting, d.kind, -1)
        stand, take = kind == STAND, kind == TAKE_WEAPON
        state.prone[w[stand], actor[stand]] = False
        state.steady[w[stand], actor[stand]] = True
        state.disarmed[w[take], actor[take]] = False
        flee = kind == FLEE
        self.present[w[flee], actor[flee]] = False
        self._total_parry(dice, actor, d, kind == TOTAL_PARRY, now)
        self._breathe(dice, actor, d, kind == BREATHE, now)
        self._attack(dice, actor, d, kind == ATTACK, now)

    def _strike(self, dice: DiceSource, actor: I64, target: I64, now: int, mask: B, **kwargs: object
                ) -> BatchExchange:
        w = np.arange(actor.shape[0])
        safe = np.where(mask, target, 0)
        fallen = self.state.down[w, safe] | self.state.dead[w, safe]
        ex = strike_batch(dice, self.tables, self.state, self.roster, actor, safe, now, active=mask,
                          defence_modifier=self.decl.against(w, safe, actor), settings=self.settings,
                          full_sun=self.full_sun, **kwargs)  # type: ignore[arg-type]
        self.tally.count(self.state, ex, actor, safe, fallen | ~mask)
        return ex

    def _attack(self, dice: DiceSource, actor: I64, d: Decisions, mask: B, now: int) -> None:
        if not mask.any():
            return
        w = np.arange(actor.shape[0])
        ob = self.roster.ob[actor, d.strike] + self.state.penalty[w, actor]
        amount = np.where(mask & (d.parry > 0), np.minimum(d.parry, np.maximum(ob - 1, 0)), 0)
        declares = mask & (d.parry > 0)
        self.decl.parry_vs[w[declares], actor[declares]] = d.parry_target[declares]
        self.decl.parry_bonus[w[declares], actor[declares]] = amount[declares]
        self._strike(dice, actor, d.target, now, mask, strike=d.strike, ob_modifier=-amount + self.fight_mod)

    def _total_parry(self, dice: DiceSource, actor: I64, d: Decisions, mask: B, now: int) -> None:
        idx = np.flatnonzero(mask)
        if idx.size == 0:
            return
        w = np.arange(actor.shape[0])
        a = actor[idx]
        ob = self.roster.ob[a, 0] + self.state.penalty[idx, a]
        base = actions.parry_base(ob, self.state.stunned()[idx, a])
        rolled = actions.roll_total_parry(dice, base, self.roster.fumble[a, 0], idx)
        self.decl.parry_vs[idx, a] = d.target[idx]
        self.decl.parry_bonus[idx, a] = rolled.db_bonus
        counter = np.zeros(actor.shape[0], dtype=np.bool_)
        counter[idx[rolled.counter]] = True
        if counter.any():
            roll = rolled.roll.spread(idx, actor.shape[0])
            self._strike(dice, actor, d.target, now, counter, strike=np.zeros_like(w), roll=roll, counter=counter)

    def _breathe(self, dice: DiceSource, actor: I64, d: Decisions, mask: B, now: int) -> None:
        idx = np.flatnonzero(mask)
        if idx.size == 0:
            return
        w = np.arange(actor.shape[0])
        self.uses[idx, actor[idx], d.strike[idx]] -= 1
        targets = np.where(d.breath >= 0, d.breath, 0)
        defence = np.stack([self.decl.against(w, targets[:, k], actor) for k in range(targets.shape[1])], axis=1)
        for hit in breath_batch(dice, self.tables, self.state, self.roster, actor, d.breath, now, strike=d.strike,
                                mask=mask, defence_modifier=defence, ob_modifier=self.fight_mod,
                                settings=self.settings, full_sun=self.full_sun):
            self.tally.count(self.state, hit.exchange, actor, hit.target, hit.fallen_before)

    def winners(self) -> I64:
        """Each world's winning side, ``-1`` while undecided or when no side is left."""
        up = standing(self.state, self.present)
        winner = np.full(self.state.hp.shape[0], -1, dtype=np.int64)
        single = self.over()
        for s in range(int(self.roster.side.max()) + 1):
            holds = row_any(up & (self.roster.side == s))
            winner[single & holds] = s
        return winner

    def _keep(self, rows: I64) -> None:
        """Keep only these worlds (compaction): every per-world array is cut down to them."""
        self.state = HarpState(**{f.name: getattr(self.state, f.name)[rows] for f in fields(self.state)})
        self.present = self.present[rows]
        self.decl = Declarations(*(getattr(self.decl, f.name)[rows] for f in fields(self.decl)))
        self.tally = Tally(*(getattr(self.tally, f.name)[rows] for f in fields(self.tally)))
        self.uses = self.uses[rows]
        self.rounds = self.rounds[rows]

    def play(self, dice: DiceSource, max_rounds: int = 100) -> BatchResult:
        """Play every world to its end (at most ``max_rounds`` rounds).

        Worlds that finish drop out between rounds once they are half of those still held (compaction), so that
        the cost follows the fights still running; their results are kept in the full-size result.
        """
        result = BatchResult(self.state.copy(), np.full(self.state.hp.shape[0], -1, dtype=np.int64),
                             self.rounds.copy(), self.present.copy(),
                             Tally(*(getattr(self.tally, f.name).copy() for f in fields(self.tally))))
        origin = np.arange(self.state.hp.shape[0])

        def flush(rows: I64) -> None:
            to = origin[rows]
            for f in fields(self.state):
                getattr(result.state, f.name)[to] = getattr(self.state, f.name)[rows]
            for f in fields(self.tally):
                getattr(result.tally, f.name)[to] = getattr(self.tally, f.name)[rows]
            result.present[to] = self.present[rows]
            result.rounds[to] = self.rounds[rows]
            result.winner[to] = self.winners()[rows]

        for now in range(1, max_rounds + 1):
            live = ~self.over()
            if not live.any():
                break
            if live.size >= COMPACT_MIN and live.sum() <= COMPACT_SHARE * live.size:
                flush(np.flatnonzero(~live))
                kept = np.flatnonzero(live)
                self._keep(kept)
                dice.keep_worlds(kept)
                origin = origin[kept]
                live = live[kept]
            order = self.initiative(dice, now)
            self.rounds[live] = now
            for k in range(order.shape[1]):
                live = ~self.over()
                if not live.any():
                    break
                self.turn(dice, order[:, k], now, live)
        flush(np.arange(self.state.hp.shape[0]))
        return result
