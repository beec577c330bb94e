"""The HARP attack, over a batch of worlds: JSL, fumble, OB − defence, the attack table, criticals.

One kernel serves play (a batch of one), odds and simulation. It takes numbers (OB, defence score, table…) as
arrays and returns what happened as arrays; applying the outcome to combatants is :mod:`.conditions`' job.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Literal

import numpy as np

from estoc.dice import DiceSource, OpenEndedRoll, d100, open_ended
from estoc.systems.harp.tables import I32, I64, SEVERITY_BITS, SEVERITY_MASK, B, EffectArrays, HarpTables

BeyondLimit = Literal["cap", "uncapped", "second-attack"]
"""What an open-ended roll (first face 96+) does past the attack size's limit.

``cap`` is the rule; the text's optional rule lets the GM choose ``uncapped`` (the size limit is ignored, the
table's last row still caps) or ``second-attack`` (the excess over the limit is read again as a second attack).
"""


@dataclass(frozen=True)
class AttackSettings:
    """GM choices for attacks. Defaults are the rule text's."""

    beyond_limit: BeyondLimit = "cap"


DEFAULT_SETTINGS = AttackSettings()


@dataclass(frozen=True)
class AttackInputs:
    """One attack per world. Every field is an array of shape ``(W,)``.

    Attributes:
        ob: the attacker's final OB for this attack.
        defence: the target's defence score against it.
        table: attack table index.
        armour_type: the target's armour type, 1–10.
        size: attack size index (0 tiny … 3 large).
        fumble: the weapon's fumble range (a first face at or below it fumbles).
        critical: critical table index for the attack's criticals.
        extra_table: additional critical table index, ``-1`` for none.
        extra_severity: the additional critical's fixed severity 1–5, or 0 for the attack's own.
        crit_reduction: severities the target's size removes from the criticals it takes (Grande 1, Énorme 2).
        hits_factor: multiplies the table's hits, never the criticals' (Force Dévastatrice: 2).
    """

    ob: I64
    defence: I64
    table: I64
    armour_type: I64
    size: I64
    fumble: I64
    critical: I64
    extra_table: I64
    extra_severity: I64
    crit_reduction: I64
    hits_factor: I64

    @property
    def worlds(self) -> int:
        return int(self.ob.shape[0])

    def take(self, index: I64) -> AttackInputs:
        """The inputs of the worlds at ``index``."""
        return AttackInputs(**{f.name: getattr(self, f.name)[index] for f in fields(self)})

    @classmethod
    def broadcast(cls, worlds: int, **values: int | I64) -> AttackInputs:
        """Inputs for ``worlds`` worlds from scalars or arrays; ``extra_table`` defaults to none."""
        values.setdefault("extra_table", -1)
        values.setdefault("extra_severity", 0)
        values.setdefault("crit_reduction", 0)
        values.setdefault("hits_factor", 1)
        return cls(**{k: np.broadcast_to(np.asarray(v, dtype=np.int64), (worlds,)).copy() for k, v in values.items()})


@dataclass(frozen=True)
class CriticalRoll:
    """Criticals rolled in a batch: ``severity`` 0 where none.

    ``table``, ``severity``, ``roll`` and ``entry`` have one value per world; ``effects`` only holds the worlds
    listed in ``worlds`` (those with a critical), in that order: a miss carries no effect row.
    """

    worlds: I64
    table: I64
    severity: I64
    roll: I64
    entry: I32
    effects: EffectArrays

    def effects_of(self, world: int) -> EffectArrays | None:
        """The effects suffered in one world, or ``None`` without a critical there."""
        pos = int(np.searchsorted(self.worlds, world))
        if pos < self.worlds.size and int(self.worlds[pos]) == world:
            return self.effects.take(np.array([pos]))
        return None


def merge_effects(parts: list[tuple[I64, EffectArrays]]) -> tuple[I64, EffectArrays]:
    """Several sparse sets of effects (sorted world indices, effect rows) as one: effects in the same world
    combine."""
    filled = [(idx, effects) for idx, effects in parts if idx.size]
    if not filled:
        return np.zeros(0, np.int64), EffectArrays.zeros((0,))
    if len(filled) == 1:
        return filled[0][0].astype(np.int64), filled[0][1]
    worlds = np.unique(np.concatenate([idx for idx, _ in filled]))
    merged = EffectArrays.zeros((worlds.size,))
    for idx, effects in filled:
        pos = np.searchsorted(worlds, idx)
        merged.values[pos] = EffectArrays(merged.values[pos]).combine(effects).values
    return worlds.astype(np.int64), merged


@dataclass(frozen=True)
class AttackOutcome:
    """What one attack did in each world (arrays of shape ``(W,)``)."""

    roll: OpenEndedRoll
    fumble: B
    attack_total: I64
    result: I64
    hit: B
    row: I64
    """The result actually read on the table, after the size limit."""
    hits: I64
    """Table hits (doubled by Force Dévastatrice)."""
    table_severity: I64
    """The severity the table shows, before the target's size lowers it."""
    severity: I64
    critical: CriticalRoll
    extra: CriticalRoll
    second_row: I64
    """``second-attack`` setting: the row read for the excess (0 for none)."""
    second_hits: I64
    second_critical: CriticalRoll
    fumble_roll: I64

    @property
    def first(self) -> I64:
        """The first face of the JSL."""
        return self.roll.first

    @property
    def roll_total(self) -> I64:
        return self.roll.total

    def effects(self) -> tuple[I64, EffectArrays]:
        """Every effect the target suffers, sparse: the worlds with a critical and their combined effects (the
        attack's critical, its additional critical, a second attack's critical)."""
        return self._effects

    @cached_property
    def _effects(self) -> tuple[I64, EffectArrays]:
        return merge_effects([(c.worlds, c.effects) for c in (self.critical, self.extra, self.second_critical)])

    def total_hits(self) -> I64:
        """Table hits plus the criticals' hits."""
        return self._total_hits.copy()

    @cached_property
    def _total_hits(self) -> I64:
        total = (self.hits + self.second_hits).astype(np.int64)
        worlds, effects = self.effects()
        total[worlds] += effects.hits
        return total


def roll_critical(dice: DiceSource, tables: HarpTables, table: I64, severity: I64, purpose: str) -> CriticalRoll:
    """A plain d100 on ``table`` in column ``severity`` for every world with ``severity`` > 0.

    Only the worlds with a critical are rolled and looked up: a miss costs nothing here.
    """
    n = table.shape[0]
    active = np.flatnonzero(severity > 0)
    roll = np.zeros(n, dtype=np.int64)
    rolled = d100(dice, active.size, purpose, active)
    roll[active] = rolled
    crit = tables.critical
    index = (table[active], rolled, severity[active] - 1)
    entry = np.full(n, -1, dtype=np.int32)
    entry[active] = crit.entry[index]
    return CriticalRoll(worlds=active.astype(np.int64), table=np.where(severity > 0, table, -1),
                        severity=severity, roll=roll, entry=entry, effects=crit.effects.take(index))


def no_critical(worlds: int) -> CriticalRoll:
    zeros = np.zeros(worlds, dtype=np.int64)
    return CriticalRoll(worlds=np.zeros(0, np.int64), table=zeros - 1, severity=zeros, roll=zeros,
                        entry=np.full(worlds, -1, np.int32), effects=EffectArrays.zeros((0,)))


def read_table(tables: HarpTables, table: I64, armour_type: I64, row: I64) -> tuple[I64, I64]:
    """Hits and severity of ``row`` in the armour type's column (row 0 reads nothing): one gather in the packed
    cells."""
    cell = tables.attack.cells[tables.attack.cell_index(table, row, armour_type)].astype(np.int64)
    return cell >> SEVERITY_BITS, cell & SEVERITY_MASK


def resolve_attack(dice: DiceSource, tables: HarpTables, inputs: AttackInputs,
                   settings: AttackSettings = DEFAULT_SETTINGS, *, roll: OpenEndedRoll | None = None,
                   active: B | None = None) -> AttackOutcome:
    """Resolve one attack in every world.

    ``roll`` is a JSL already made (a total parry that turns into an attack, a breath's one roll against every
    creature in its cone); otherwise one is rolled. Worlds outside ``active`` neither hit nor fumble.
    Order of the dice: the JSL (purpose ``attack``), then for worlds that fumbled a d100 on the fumble table
    (``fumble``), then the critical (``critical``), the additional critical (``extra-critical``), and for the
    ``second-attack`` setting the second attack's critical.
    """
    w = inputs.worlds
    if roll is not None:
        jsl = roll
    elif active is None:
        jsl = open_ended(dice, w, "attack", worlds=np.arange(w))
    else:  # only the worlds that attack roll
        rolling = np.flatnonzero(active)
        jsl = open_ended(dice, rolling.size, "attack", worlds=rolling).spread(rolling, w)
    fumble = jsl.first <= inputs.fumble
    if active is not None:
        fumble &= active
    attack_total = jsl.total + inputs.ob
    result = attack_total - inputs.defence
    hit = (~fumble) & (result >= 1)
    if active is not None:
        hit &= active

    at = tables.attack
    table_rows = at.hits.shape[1] - 1
    limit = at.limits[inputs.table, inputs.size].astype(np.int64)
    opened = jsl.first >= 96
    if settings.beyond_limit == "uncapped":
        limit = np.where(opened, table_rows, limit)
    row = np.where(hit, np.minimum(np.minimum(result, limit), table_rows), 0)
    hits, table_severity = read_table(tables, inputs.table, inputs.armour_type, row)
    hits = hits * inputs.hits_factor
    # A large target takes its criticals lower: A on a Grande creature, A and B on an Énorme one, vanish.
    severity = np.maximum(table_severity - inputs.crit_reduction, 0)

    second_row = np.zeros(w, dtype=np.int64)
    second_hits = second_severity = second_row
    if settings.beyond_limit == "second-attack":
        second_row = np.where(hit & opened & (result > limit), np.minimum(result - limit, limit), 0)
        second_hits, second_severity = read_table(tables, inputs.table, inputs.armour_type, second_row)
        second_hits = second_hits * inputs.hits_factor
        second_severity = np.maximum(second_severity - inputs.crit_reduction, 0)

    fumble_roll = np.zeros(w, dtype=np.int64)
    fumbled = np.flatnonzero(fumble)
    fumble_roll[fumbled] = d100(dice, fumbled.size, "fumble", fumbled)

    critical = roll_critical(dice, tables, inputs.critical, severity, "critical")
    # An additional critical comes only with the attack's critical, at its (reduced) severity or at its own
    # severity, reduced too; a slaying one (Tueur) keeps the table's severity even when the normal one vanished.
    extra_table = np.maximum(inputs.extra_table, 0)
    slaying = (inputs.extra_table >= 0) & tables.critical.slaying[extra_table]
    fixed = inputs.extra_severity > 0
    base = np.where(fixed, inputs.extra_severity, table_severity)
    extra_severity = np.where(
        inputs.extra_table < 0, 0,
        np.where(slaying, np.where(table_severity > 0, base, 0),
                 np.where(severity > 0, np.maximum(base - inputs.crit_reduction, 0), 0)))
    extra = roll_critical(dice, tables, extra_table, extra_severity, "extra-critical")
    second_critical = (roll_critical(dice, tables, inputs.critical, second_severity, "critical")
                       if second_row.any() else no_critical(w))
    return AttackOutcome(roll=jsl, fumble=fumble, table_severity=table_severity,
                         attack_total=attack_total, result=result, hit=hit, row=row, hits=hits, severity=severity,
                         critical=critical, extra=extra, second_row=second_row, second_hits=second_hits,
                         second_critical=second_critical, fumble_roll=fumble_roll)
