"""A plain-Python loop of the HARP fight, one world at a time: the baseline of ``bench_sim.py`` and nothing else.

It plays the rules the reference fights use, as the kernel plays them (initiative every round, the start of each
turn, the default policy, attacks with a parry, total parries, their fumbles and their counter-blows, shields that
cover so many attacks a round, +40 against a target on the ground, fumbles, criticals and additional criticals,
stun and its resistance rolls, bleeding, death in N rounds, knock-downs), reading the same compiled tables, with
Python's own generator. Breaths, dodges, charges and fleeing are left out: no reference fight has them.
The project's rules live in ``src/estoc/systems/harp/kernel.py``; this file exists only to be timed against them
(DESIGN.md: « a benchmark's plain-Python baseline is the one exception »), and keeps its own copy of the few numbers
it reads from the combatants' sheets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, SIZE_INDEX, HarpTables, severity_code

HITS, PENALTY, STUN, BLEED, SHAKEN, MUST_PARRY, NO_PARRY, DEATH, KNOCKDOWN, DROP = range(len(EFFECT_FIELDS))


@dataclass(frozen=True)
class Blow:
    """One strike's numbers."""

    ob: int
    table: int
    size: int
    fumble: int
    critical: int
    extra_table: int
    extra_severity: int
    natural: bool
    single: bool
    melee: bool


@dataclass(frozen=True)
class Sheet:
    """One combatant's numbers (its first single strike is the one the policy uses)."""

    side: int
    hp: int
    body_rr: int
    db: int
    armour_type: int
    crit_reduction: int
    hits_factor: int
    size_rank: int
    quickness: int
    intuition: int
    parry: int
    beast: bool
    stun_immune: bool
    bleed_immune: bool
    shield_db: int
    shield_covers: int
    blows: tuple[Blow, ...]


def blow(tables: HarpTables, strike: Any) -> Blow:
    table = tables.attack.index(strike.table)
    critical = tables.critical.index(strike.critical) if strike.critical else int(tables.attack.critical[table])
    extra = strike.additional
    return Blow(ob=strike.ob, table=table, size=SIZE_INDEX[strike.size], fumble=strike.fumble, critical=critical,
                extra_table=tables.critical.index(extra.table) if extra else -1,
                extra_severity=severity_code(extra.severity) if extra else 0, natural=strike.kind != "weapon",
                single=strike.area == "single", melee=strike.area == "single" and not strike.missile)


def sheet(tables: HarpTables, c: Any, side: int) -> Sheet:
    return Sheet(side=side, hp=c.hp, body_rr=c.body_rr, db=c.db, armour_type=c.armour_type,
                 crit_reduction=c.crit_reduction, hits_factor=2 if c.devastating else 1, size_rank=c.size_rank,
                 quickness=c.quickness, intuition=c.intuition, parry=c.parry, beast=c.beast,
                 stun_immune=c.stun_immune, bleed_immune=c.bleed_immune, shield_db=c.shield_db,
                 shield_covers=c.shield_covers, blows=tuple(blow(tables, s) for s in c.strikes))


@dataclass
class Body:
    """One combatant's conditions in one world."""

    hp: int
    penalty: int = 0
    bleed: int = 0
    stun_until: int = 0
    stun_since: int = 0
    must_parry_until: int = 0
    no_parry_until: int = 0
    lost_until: int = 0
    dying_round: int = 0
    shaken: bool = False
    down: bool = False
    dead: bool = False
    prone: bool = False
    disarmed: bool = False
    steady: bool = False
    parry_vs: int = -1
    parry_bonus: int = 0
    shield_used: int = 0
    acted: bool = False


def combine(a: list[int], b: list[int]) -> list[int]:
    """Two criticals suffered together: numbers add, flags join, the earlier death wins."""
    out = [x + y for x, y in zip(a, b, strict=True)]
    for flag in (SHAKEN, KNOCKDOWN, DROP):
        out[flag] = max(a[flag], b[flag])
    deaths = [d for d in (a[DEATH], b[DEATH]) if d != NO_DEATH]
    out[DEATH] = min(deaths) if deaths else NO_DEATH
    return out


class PlainFight:
    """The tables and the combatants of an encounter as Python lists, and :meth:`play` for one fight.

    ``combatants``: the encounter's :class:`estoc.systems.harp.exchange.Combatant` sheets; ``sides``: each one's side
    index.
    """

    def __init__(self, tables: HarpTables, combatants: Sequence[Any], sides: Sequence[int]) -> None:
        at = tables.attack
        self.hits, self.severity = at.hits.tolist(), at.severity.tolist()
        self.limits, self.knocks = at.limits.tolist(), at.knocks_down.tolist()
        self.crit = tables.critical.effects.values.tolist()
        self.fumble = tables.fumble.effects.values.tolist()
        self.fumble_lost = tables.fumble.lost_rounds.tolist()
        self.people = [sheet(tables, c, s) for c, s in zip(combatants, sides, strict=True)]
        self.rng = random.Random(1)

    def d(self, sides: int) -> int:
        return int(self.rng.random() * sides) + 1

    def jsl(self) -> tuple[int, int]:
        first = total = last = self.d(100)
        while last >= 96:
            last = self.d(100)
            total += last
        return first, total

    def play(self, max_rounds: int = 100) -> tuple[int, int]:
        """One fight to its end: (the winning side or −1, the rounds played)."""
        bodies = [Body(p.hp) for p in self.people]
        rounds = 0
        for now in range(1, max_rounds + 1):
            if self.sides_left(bodies) <= 1:
                break
            rounds = now
            totals = []
            for c, p in enumerate(self.people):
                bodies[c].shield_used = 0
                bodies[c].acted = False
                totals.append((-(self.d(10) + p.quickness + p.intuition), -p.quickness, c))
            for _t, _q, actor in sorted(totals):
                if self.sides_left(bodies) <= 1:
                    break
                self.turn(bodies, actor, now)
        return self.winner(bodies), rounds

    def sides_left(self, bodies: list[Body]) -> int:
        return len({self.people[c].side for c, b in enumerate(bodies) if not (b.down or b.dead)})

    def winner(self, bodies: list[Body]) -> int:
        sides = {self.people[c].side for c, b in enumerate(bodies) if not (b.down or b.dead)}
        return sides.pop() if len(sides) == 1 else -1

    def turn(self, bodies: list[Body], a: int, now: int) -> None:
        me, p = bodies[a], self.people[a]
        # The start of the turn: bleeding, what expired, the stun's new resistance roll, a due death.
        alive = not me.dead
        if alive and me.bleed:
            self.take_hits(me, me.bleed)
        for name in ("stun_until", "must_parry_until", "no_parry_until", "lost_until"):
            if 0 < getattr(me, name) <= now:
                setattr(me, name, 0)
        left = me.stun_until - now if alive and me.stun_until > 0 and me.stun_since < now else 0
        if alive and 0 < me.dying_round <= now:
            me.dead = True
        me.shaken = me.steady = False
        me.parry_vs, me.parry_bonus = -1, 0
        if left > 0:
            self.resist_stun(me, p, left)
        me.acted = True  # (from here its action of the round is spent: effects now count from the next round)
        if me.down or me.dead or me.lost_until:
            return
        # The default policy.
        if me.prone:
            me.prone, me.steady = False, True
            return
        if me.disarmed:
            me.disarmed = False
            return
        foes = [c for c, b in enumerate(bodies) if self.people[c].side != p.side and not (b.down or b.dead)]
        if not foes:
            return
        weakest = min(foes, key=lambda c: (bodies[c].hp, c))
        dangerous = max(foes, key=lambda c: (self.people[c].blows[0].ob, -c))
        stunned = me.stun_until > 0
        can_parry = me.no_parry_until == 0 and not p.beast and not p.blows[0].natural and p.blows[0].melee
        if stunned or me.must_parry_until > 0:
            if can_parry:
                self.total_parry(bodies, a, dangerous, now)
            return
        s = next((i for i, b in enumerate(p.blows) if b.single), 0)
        ob = p.blows[s].ob + me.penalty
        amount = 0
        if p.parry > 0 and can_parry and p.blows[s].melee:
            amount = max(min(p.parry, ob - 1), 0)
            me.parry_vs, me.parry_bonus = dangerous, amount
        self.strike(bodies, a, weakest, s, now, -amount)

    def total_parry(self, bodies: list[Body], a: int, t: int, now: int) -> None:
        me, p = bodies[a], self.people[a]
        base = p.blows[0].ob + me.penalty
        if me.stun_until:
            base = max(base - 50, 0)
        first, total = self.jsl()
        fumbled = first <= p.blows[0].fumble
        me.parry_vs, me.parry_bonus = t, 0 if fumbled else base + 10
        if fumbled:
            self.own_fumble(me, p, self.d(100), False, now)
        elif first >= 96:
            self.strike(bodies, a, t, 0, now, 0, counter_total=total)

    def strike(self, bodies: list[Body], a: int, t: int, s: int, now: int, ob_mod: int,
               counter_total: int | None = None) -> None:
        me, target = bodies[a], bodies[t]
        p, q = self.people[a], self.people[t]
        b = p.blows[s]
        defence = q.db + (target.parry_bonus if target.parry_vs == a and b.melee else 0)
        if q.shield_covers:
            if target.shield_used < q.shield_covers:
                target.shield_used += 1
            else:
                defence -= q.shield_db
        if counter_total is None:
            first, total = self.jsl()
            if first <= b.fumble:
                self.own_fumble(me, p, self.d(100), b.natural, now)
                return
            attack = total + b.ob + me.penalty + ob_mod + (40 if target.prone else 0)
        else:
            attack = counter_total
        result = attack - defence
        if result < 1:
            return
        row = min(result, self.limits[b.table][b.size], len(self.hits[b.table]) - 1)
        column = q.armour_type - 1
        hits = self.hits[b.table][row][column] * p.hits_factor
        shown = self.severity[b.table][row][column]
        severity = max(shown - q.crit_reduction, 0)
        effects = None
        if severity:
            effects = list(self.crit[b.critical][self.d(100)][severity - 1])
        if b.extra_table >= 0 and severity:
            level = max((b.extra_severity or shown) - q.crit_reduction, 0)
            if level:
                more = self.crit[b.extra_table][self.d(100)][level - 1]
                effects = combine(effects, more) if effects else list(more)
        if effects is not None:
            hits += effects[HITS]
            if effects[KNOCKDOWN] and not (q.size_rank <= p.size_rank and not target.steady):
                effects[KNOCKDOWN] = 0
        self.take_hits(target, hits)
        if effects is not None:
            self.apply(target, q, effects, now, resist=True)
        if self.knocks[b.table] and severity and q.size_rank <= p.size_rank and not target.steady:
            target.prone = True

    def own_fumble(self, me: Body, p: Sheet, roll: int, natural: bool, now: int) -> None:
        own = list(self.fumble[roll])
        if natural and own[DROP]:
            own[DROP], own[SHAKEN] = 0, 1
        self.take_hits(me, own[HITS])
        self.apply(me, p, own, now, resist=False)
        lost = self.fumble_lost[roll]
        if lost:
            me.lost_until = max(me.lost_until, now + me.acted) + lost

    def take_hits(self, body: Body, hits: int) -> None:
        body.hp -= hits
        if body.hp <= 0:
            body.down = True

    def apply(self, body: Body, p: Sheet, e: list[int], now: int, *, resist: bool) -> None:
        body.penalty += e[PENALTY]
        body.bleed += 0 if p.bleed_immune else e[BLEED]
        body.shaken |= bool(e[SHAKEN])
        body.prone |= bool(e[KNOCKDOWN])
        if e[DROP]:
            body.disarmed = True
            body.parry_vs, body.parry_bonus = -1, 0
        stun = 0 if p.stun_immune else e[STUN]
        base = now + body.acted  # N rounds: the victim's next N actions
        for name, rounds in (("must_parry_until", e[MUST_PARRY]), ("no_parry_until", e[NO_PARRY]),
                             ("stun_until", stun)):
            if rounds > 0:
                setattr(body, name, max(getattr(body, name), base) + rounds)
        if stun:
            body.stun_since = now
        if e[DEATH] == 0:
            body.dead = True
        elif e[DEATH] != NO_DEATH:
            due = now + e[DEATH]
            body.dying_round = min(body.dying_round, due) if body.dying_round else due
            body.down = True
        if resist and stun and not body.dead and not body.dying_round:
            self.resist_stun(body, p, body.stun_until - base)

    def resist_stun(self, body: Body, p: Sheet, rounds: int) -> None:
        if rounds > 0 and self.jsl()[1] + p.body_rr >= 150 + 5 * (rounds - 1):
            body.stun_until = 0
