"""The combatants of a fight as arrays, and the attack between any attacker and any target in each world.

A :class:`Roster` spreads what the rules need of each combatant (its strikes, DB, armour type, size…) into arrays
indexed by combatant, so that a kernel can gather, for a batch of worlds where the attacker and the target differ
from world to world, every input of the attack at once. :func:`strike_batch` is the one implementation of an
exchange: play calls it for one world, simulation for thousands.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from estoc.dice import DiceSource, OpenEndedRoll, open_ended
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackInputs, AttackOutcome, AttackSettings, resolve_attack
from estoc.systems.harp.conditions import HarpState, StunCheck, apply_effects, apply_lost_rounds, take_hits
from estoc.systems.harp.creatures import SUNLIGHT_PENALTY
from estoc.systems.harp.strike import Strike
from estoc.systems.harp.tables import EFFECT_FIELDS, I64, SIZE_INDEX, B, EffectArrays, HarpTables, severity_code


@dataclass(frozen=True)
class Roster:
    """Per-combatant arrays: shape ``(C,)``, or ``(C, S)`` for the strikes (S: the most strikes any has)."""

    side: I64
    db: I64
    armour_type: I64
    crit_reduction: I64
    hits_factor: I64
    size_rank: I64
    quickness: I64
    intuition: I64
    agility: I64
    parry: I64
    beast: B
    sunlight: B
    strikes: I64
    ob: I64
    table: I64
    size: I64
    fumble: I64
    critical: I64
    extra_table: I64
    extra_severity: I64
    natural: B
    single: B
    """``single[c, s]``: the strike aims at one target (not a breath's area)."""

    @classmethod
    def build(cls, tables: HarpTables, combatants: list[object], sides: list[str]) -> Roster:
        """Arrays of ``combatants`` (:class:`estoc.systems.harp.exchange.Combatant`)."""
        from estoc.systems.harp.exchange import Combatant

        people = [c for c in combatants if isinstance(c, Combatant)]
        count = len(people)
        width = max((len(c.strikes) for c in people), default=1)
        side_ids = {s: i for i, s in enumerate(dict.fromkeys(sides))}

        def per(values: list[int]) -> I64:
            return np.asarray(values, dtype=np.int64).reshape(count)

        def flags(values: list[bool]) -> B:
            return np.asarray(values, dtype=np.bool_).reshape(count)

        grids = {name: np.zeros((count, width), dtype=np.int64) for name in (
            "ob", "table", "size", "fumble", "critical", "extra_table", "extra_severity")}
        grids["extra_table"][:] = -1
        natural = np.zeros((count, width), dtype=np.bool_)
        single = np.zeros((count, width), dtype=np.bool_)
        for c, person in enumerate(people):
            for s, strike in enumerate(person.strikes):
                inputs = strike_row(tables, strike)
                for name, value in inputs.items():
                    grids[name][c, s] = value
                natural[c, s] = strike.kind != "weapon"
                single[c, s] = strike.area == "single"
        return cls(
            side=per([side_ids[s] for s in sides]), db=per([c.db for c in people]),
            armour_type=per([c.armour_type for c in people]), crit_reduction=per([c.crit_reduction for c in people]),
            hits_factor=per([2 if c.devastating else 1 for c in people]), size_rank=per([c.size_rank for c in people]),
            quickness=per([c.quickness for c in people]), intuition=per([c.intuition for c in people]),
            agility=per([c.agility for c in people]), parry=per([c.parry for c in people]),
            beast=flags([c.beast for c in people]), sunlight=flags([c.sunlight_sensitive for c in people]),
            strikes=per([len(c.strikes) for c in people]), natural=natural, single=single, **grids)


def strike_row(tables: HarpTables, strike: Strike) -> dict[str, int]:
    """The kernel's inputs that a strike fixes: table, size, fumble range, criticals, OB."""
    table = tables.attack.index(strike.table)
    extra = strike.additional
    critical = tables.critical.index(strike.critical) if strike.critical else int(tables.attack.critical[table])
    return {"ob": strike.ob, "table": table, "size": SIZE_INDEX[strike.size], "fumble": strike.fumble,
            "critical": critical,
            "extra_table": tables.critical.index(extra.table) if extra else -1,
            "extra_severity": severity_code(extra.severity) if extra else 0}


@dataclass(frozen=True)
class BatchExchange:
    """An attack resolved and applied in a batch of worlds."""

    outcome: AttackOutcome
    stun: StunCheck
    """Resistance rolls against stun, one per world with a critical (``outcome.effects()[0]``)."""
    ob: I64
    defence: I64
    inputs: AttackInputs
    knocked: B


def natural_fumble(effects: EffectArrays) -> EffectArrays:
    """A creature fumbling with claws, fangs or a breath drops no weapon: it stumbles and is shaken instead."""
    values = effects.values.copy()
    dropped = values[:, EFFECT_FIELDS.index("drop_weapon")] != 0
    values[dropped, EFFECT_FIELDS.index("drop_weapon")] = 0
    values[dropped, EFFECT_FIELDS.index("shaken")] = 1
    return EffectArrays(values)


def strike_batch(dice: DiceSource, tables: HarpTables, state: HarpState, roster: Roster, attacker: I64,
                 target: I64, now: int, *, strike: I64 | int = 0, ob_modifier: I64 | int = 0,
                 defence_modifier: I64 | int = 0, settings: AttackSettings = DEFAULT_SETTINGS,
                 roll: OpenEndedRoll | None = None, counter: B | bool = False, active: B | None = None,
                 full_sun: bool = False) -> BatchExchange:
    """In each world ``w``, ``attacker[w]`` strikes ``target[w]`` with its strike ``strike[w]``, in round ``now``;
    the outcome is applied to both.

    The OB takes the attacker's critical penalties (« special penalties »), ``ob_modifier`` (posture, position,
    fight) and, in full sun, −20 for a creature that fears it; the defence is the target's DB plus
    ``defence_modifier`` (its parry against this attacker, dodge, cover): the DB never suffers penalties. Where
    ``counter`` holds, the attack is a total parry's open-ended roll (``roll``) turned against the opponent: its total
    alone is the attack, and it cannot fumble. Worlds outside ``active`` do nothing.
    """
    worlds = state.hp.shape[0]
    w = np.arange(worlds, dtype=np.int64)
    s = np.broadcast_to(np.asarray(strike, dtype=np.int64), (worlds,))
    counter_mask = np.broadcast_to(np.asarray(counter, dtype=np.bool_), (worlds,))
    sun = np.where(roster.sunlight[attacker] & full_sun, SUNLIGHT_PENALTY, 0)
    ob = np.where(counter_mask, 0, roster.ob[attacker, s] + state.penalty[w, attacker] + np.asarray(ob_modifier)
                  + sun).astype(np.int64)
    defence = (roster.db[target] + np.asarray(defence_modifier)).astype(np.int64)
    inputs = AttackInputs(
        ob=ob, defence=defence, table=roster.table[attacker, s], armour_type=roster.armour_type[target],
        size=roster.size[attacker, s], fumble=np.where(counter_mask, 0, roster.fumble[attacker, s]),
        critical=roster.critical[attacker, s], extra_table=roster.extra_table[attacker, s],
        extra_severity=roster.extra_severity[attacker, s], crit_reduction=roster.crit_reduction[target],
        hits_factor=roster.hits_factor[attacker])
    outcome = resolve_attack(dice, tables, inputs, settings, roll=roll, active=active)
    hit = outcome.hit
    take_hits(state, w[hit], target[hit], outcome.total_hits()[hit])
    struck, effects = outcome.effects()
    stun = apply_effects(state, struck, target[struck], effects, now, dice)
    fumbled = np.flatnonzero(outcome.fumble)
    if fumbled.size:
        own = tables.fumble.effects.take(outcome.fumble_roll[fumbled])
        natural = roster.natural[attacker[fumbled], s[fumbled]]
        if natural.any():
            stumbled = natural_fumble(own)
            own = EffectArrays(np.where(natural[:, None], stumbled.values, own.values))
        take_hits(state, fumbled, attacker[fumbled], own.hits.astype(np.int64))
        apply_effects(state, fumbled, attacker[fumbled], own, now, dice, resist_stun=False)
        apply_lost_rounds(state, fumbled, attacker[fumbled],
                          tables.fumble.lost_rounds[outcome.fumble_roll[fumbled]].astype(np.int64), now)
    # A critical on a knocking table (Bélier et Poussée) throws the target down, unless it is larger than the
    # attacker or has stood up and not acted since.
    knocked = (tables.attack.knocks_down[inputs.table] & (outcome.severity > 0)
               & (roster.size_rank[target] <= roster.size_rank[attacker]) & ~state.steady[w, target])
    state.prone[w[knocked], target[knocked]] = True
    return BatchExchange(outcome=outcome, stun=stun, ob=ob, defence=defence, inputs=inputs, knocked=knocked)


@dataclass(frozen=True)
class AreaHit:
    """One target of an area attack in each world: who, where the attack reached it, and the exchange."""

    target: I64
    reached: B
    fallen_before: B
    exchange: BatchExchange


def breath_batch(dice: DiceSource, tables: HarpTables, state: HarpState, roster: Roster, attacker: I64,
                 targets: I64, now: int, *, strike: I64, mask: B, defence_modifier: I64, ob_modifier: I64 | int = 0,
                 settings: AttackSettings = DEFAULT_SETTINGS, full_sun: bool = False) -> list[AreaHit]:
    """A breath (or any area attack) in the worlds of ``mask``: one open-ended roll, compared with the defence of
    each creature in the cone or along the line (``targets[w, k]``, ``-1`` for none; ``defence_modifier[w, k]``);
    one :class:`AreaHit` per column of ``targets``.
    A fumble stops it before it reaches anyone: it is the first target's exchange's, and happens once. Spending
    the breath's uses is the caller's."""
    worlds = attacker.shape[0]
    w = np.arange(worlds)
    idx = np.flatnonzero(mask)
    roll = open_ended(dice, idx.size, "attack", worlds=idx).spread(idx, worlds)
    fumbled = roll.first <= roster.fumble[attacker, strike]
    hits = []
    for k in range(targets.shape[1]):
        target = targets[:, k]
        reached = mask & (target >= 0) & (~fumbled if k else np.ones(worlds, dtype=np.bool_))
        safe = np.where(reached, target, 0)
        fallen = state.down[w, safe] | state.dead[w, safe] | ~reached
        exchange = strike_batch(dice, tables, state, roster, attacker, safe, now, strike=strike,
                                ob_modifier=ob_modifier, defence_modifier=np.where(reached, defence_modifier[:, k], 0),
                                settings=settings, roll=roll, active=reached, full_sun=full_sun)
        hits.append(AreaHit(safe, reached, fallen, exchange))
    return hits
