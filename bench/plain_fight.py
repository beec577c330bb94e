"""A plain-Python loop of the HARP fight, one world at a time: the baseline of ``bench_sim.py`` and nothing else.

It plays the rules the reference fights use, as the batch engine plays them (initiative every round, the start of
each turn, the default policy, attacks with a parry, total parries and their counter-blows, fumbles, criticals and
additional criticals, stun and its resistance rolls, bleeding, death in N rounds, knock-downs), reading the same
compiled tables, with Python's own generator. Breaths and fleeing are left out: no reference fight has them.
The project's rules live in ``src/estoc/systems/harp``; this file exists only to be timed against them
(DESIGN.md: « a benchmark's plain-Python baseline is the one exception »).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from estoc.systems.harp.roster import Roster
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, HarpTables

HITS, PENALTY, STUN, BLEED, SHAKEN, MUST_PARRY, NO_PARRY, DEATH, KNOCKDOWN, DROP = range(len(EFFECT_FIELDS))


@dataclass
class Body:
    """One combatant's conditions in one world."""

    hp: int
    body_rr: int
    stun_immune: bool
    bleed_immune: bool
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


def combine(a: list[int], b: list[int]) -> list[int]:
    """Two criticals suffered together: numbers add, flags join, the earlier death wins."""
    out = [x + y for x, y in zip(a, b, strict=True)]
    for flag in (SHAKEN, KNOCKDOWN, DROP):
        out[flag] = max(a[flag], b[flag])
    deaths = [d for d in (a[DEATH], b[DEATH]) if d != NO_DEATH]
    out[DEATH] = min(deaths) if deaths else NO_DEATH
    return out


class PlainFight:
    """The tables and roster of an encounter as Python lists, and :meth:`play` for one fight."""

    def __init__(self, tables: HarpTables, roster: Roster, hp: list[int], body_rr: list[int],
                 stun_immune: list[bool], bleed_immune: list[bool]) -> None:
        at = tables.attack
        self.hits, self.severity = at.hits.tolist(), at.severity.tolist()
        self.limits, self.knocks = at.limits.tolist(), at.knocks_down.tolist()
        self.crit = tables.critical.effects.values.tolist()
        self.fumble = tables.fumble.effects.values.tolist()
        self.fumble_lost = tables.fumble.lost_rounds.tolist()
        self.r = {name: getattr(roster, name).tolist() for name in (
            "side", "db", "armour_type", "crit_reduction", "hits_factor", "size_rank", "quickness", "intuition",
            "parry", "beast", "strikes", "ob", "table", "size", "fumble", "critical", "extra_table", "extra_severity",
            "natural", "single")}
        self.start = (hp, body_rr, stun_immune, bleed_immune)
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
        hp, rr, si, bi = self.start
        people = [Body(h, b, s, bl) for h, b, s, bl in zip(hp, rr, si, bi, strict=True)]
        r, n = self.r, len(people)
        rounds = 0
        for now in range(1, max_rounds + 1):
            if self.sides_left(people) <= 1:
                break
            rounds = now
            totals = [(-(self.d(10) + r["quickness"][c] + r["intuition"][c]), -r["quickness"][c], c) for c in range(n)]
            for _t, _q, actor in sorted(totals):
                if self.sides_left(people) <= 1:
                    break
                self.turn(people, actor, now)
        return self.winner(people), rounds

    def sides_left(self, people: list[Body]) -> int:
        return len({self.r["side"][c] for c, p in enumerate(people) if not (p.down or p.dead)})

    def winner(self, people: list[Body]) -> int:
        sides = {self.r["side"][c] for c, p in enumerate(people) if not (p.down or p.dead)}
        return sides.pop() if len(sides) == 1 else -1

    def turn(self, people: list[Body], a: int, now: int) -> None:
        me, r = people[a], self.r
        if me.dead:
            return
        # The start of the turn: bleeding, what expired, the stun's new resistance roll, a due death.
        alive = not me.dead
        if alive and me.bleed:
            self.take_hits(me, me.bleed)
        for name in ("stun_until", "must_parry_until", "no_parry_until", "lost_until"):
            if 0 < getattr(me, name) <= now:
                setattr(me, name, 0)
        if alive and me.stun_until > 0 and me.stun_since < now:
            self.resist_stun(me, me.stun_until - now)
        if alive and 0 < me.dying_round <= now:
            me.dead = True
        me.shaken = me.steady = False
        me.parry_vs, me.parry_bonus = -1, 0
        if me.down or me.dead or me.lost_until:
            return
        # The default policy.
        foes = [c for c, p in enumerate(people) if r["side"][c] != r["side"][a] and not (p.down or p.dead)]
        if me.prone:
            me.prone, me.steady = False, True
            return
        if me.disarmed:
            me.disarmed = False
            return
        if not foes:
            return
        weakest = min(foes, key=lambda c: (people[c].hp, c))
        dangerous = max(foes, key=lambda c: (r["ob"][c][0], -c))
        stunned, must = me.stun_until > 0, me.must_parry_until > 0
        can_parry = me.no_parry_until == 0
        if stunned or must:
            if can_parry and not r["beast"][a]:
                base = r["ob"][a][0] + me.penalty
                base = max(0, base - 50) if stunned else base
                first, total = self.jsl()
                fumbled = first <= r["fumble"][a][0]
                me.parry_vs, me.parry_bonus = dangerous, 0 if fumbled else base + 10
                if not fumbled and first >= 96:
                    self.strike(people, a, dangerous, 0, now, 0, counter_total=total)
            return
        s = next(i for i in range(r["strikes"][a]) if r["single"][a][i])
        ob = r["ob"][a][s] + me.penalty
        amount = min(r["parry"][a], max(ob - 1, 0)) if r["parry"][a] > 0 and not r["beast"][a] and can_parry else 0
        if amount:
            me.parry_vs, me.parry_bonus = dangerous, amount
        self.strike(people, a, weakest, s, now, -amount)

    def strike(self, people: list[Body], a: int, t: int, s: int, now: int, ob_mod: int,
               counter_total: int | None = None) -> None:
        r, me, target = self.r, people[a], people[t]
        if counter_total is None:
            first, total = self.jsl()
            if first <= r["fumble"][a][s]:
                roll = self.d(100)
                own = list(self.fumble[roll])
                if r["natural"][a][s] and own[DROP]:
                    own[DROP], own[SHAKEN] = 0, 1
                self.take_hits(me, own[HITS])
                self.apply(me, own, now, resist=False)
                lost = self.fumble_lost[roll]
                if lost:
                    me.lost_until = max(me.lost_until, now) + lost
                return
            attack = total + r["ob"][a][s] + me.penalty + ob_mod
        else:
            attack = counter_total
        defence = r["db"][t] + (target.parry_bonus if target.parry_vs == a else 0)
        result = attack - defence
        if result < 1:
            return
        table = r["table"][a][s]
        row = min(result, self.limits[table][r["size"][a][s]], len(self.hits[table]) - 1)
        column = r["armour_type"][t] - 1
        hits = self.hits[table][row][column] * r["hits_factor"][a]
        shown = self.severity[table][row][column]
        severity = max(shown - r["crit_reduction"][t], 0)
        effects = None
        if severity:
            effects = list(self.crit[r["critical"][a][s]][self.d(100)][severity - 1])
        extra_table = r["extra_table"][a][s]
        if extra_table >= 0 and severity:
            fixed = r["extra_severity"][a][s]
            level = max((fixed or shown) - r["crit_reduction"][t], 0)
            if level:
                more = self.crit[extra_table][self.d(100)][level - 1]
                effects = combine(effects, more) if effects else list(more)
        if effects is not None:
            hits += effects[HITS]
        self.take_hits(target, hits)
        if effects is not None:
            self.apply(target, effects, now, resist=True)
            if self.knocks[table] and r["size_rank"][t] <= r["size_rank"][a] and not target.steady:
                target.prone = True

    def take_hits(self, body: Body, hits: int) -> None:
        body.hp -= hits
        if body.hp <= 0:
            body.down = True

    def apply(self, body: Body, e: list[int], now: int, *, resist: bool) -> None:
        body.penalty += e[PENALTY]
        body.bleed += 0 if body.bleed_immune else e[BLEED]
        body.shaken |= bool(e[SHAKEN])
        body.prone |= bool(e[KNOCKDOWN])
        body.disarmed |= bool(e[DROP])
        for name, rounds in (("must_parry_until", e[MUST_PARRY]), ("no_parry_until", e[NO_PARRY]),
                             ("stun_until", 0 if body.stun_immune else e[STUN])):
            if rounds > 0:
                setattr(body, name, max(getattr(body, name), now) + rounds)
        if e[STUN] and not body.stun_immune:
            body.stun_since = now
        if e[DEATH] == 0:
            body.dead = True
        elif e[DEATH] != NO_DEATH:
            due = now + e[DEATH]
            body.dying_round = min(body.dying_round, due) if body.dying_round else due
            body.down = True
        if resist and e[STUN] and not body.stun_immune:
            self.resist_stun(body, body.stun_until - now)

    def resist_stun(self, body: Body, rounds: int) -> None:
        if rounds > 0 and self.jsl()[1] + body.body_rr >= 150 + 5 * (rounds - 1):
            body.stun_until = 0
