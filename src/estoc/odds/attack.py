"""The exact odds of one HARP exchange: every outcome of the attack roll, the table, the criticals and the stun's
resistance roll, weighted exactly, summing to exactly 1.

The attack roll's open-ended chain is followed as long as it can change the row read (:mod:`estoc.odds.jsl`): past
the attack size's limit (the table's last row with ``uncapped``, twice the limit with ``second-attack``) every longer
chain reads the same, so its whole weight is counted there. Likewise a resistance roll is followed until it passes
its difficulty. All probabilities are integer weights over ``100 ** dice × 10 000`` (the attack chain, the critical
roll, the additional critical roll), turned into :class:`~fractions.Fraction` at the end. The rules are the kernels'
own: each result is read by the kernel's :func:`estoc.systems.harp.kernel.read_result` (row, size limit, beyond the
limit, criticals lowered by size, the additional critical), the criticals' effects are the same arrays and combine
the same way (:meth:`EffectArrays.combine`), the stun's difficulty is the kernel's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.dice.rolls import OPEN_ENDED_FROM
from estoc.odds.jsl import open_ended_at_least, open_ended_distribution
from estoc.systems.harp.attack import DEFAULT_SETTINGS, AttackSettings
from estoc.systems.harp.conditions import stun_difficulty
from estoc.systems.harp.tables import EFFECT_FIELDS, NO_DEATH, SEVERITY_LETTERS, EffectArrays, HarpTables
from estoc.systems.harp.worlds import kernel_of, table_reader

CRIT_DICE = 10_000
"""Every outcome is weighted over the two critical rolls (main and additional), 100 × 100."""
_HITS, _STUN, _BLEED = EFFECT_FIELDS.index("hits"), EFFECT_FIELDS.index("stun"), EFFECT_FIELDS.index("bleed")
_MUST, _NO, _DEATH, _KNOCK = (EFFECT_FIELDS.index(k) for k in ("must_parry", "no_parry", "death", "knockdown"))
# The fields of the kernel's reading of a result (``py_read_result``, in the kernel's ``R_*`` order).
_READ_FIELDS = 9
_HITS_READ, _SEVERITY, _SECOND_HITS, _EXTRA_SEVERITY, _LIMIT = 1, 2, 4, 6, 7


@dataclass(frozen=True)
class ExchangeSpec:
    """One exchange, as numbers (what :class:`estoc.systems.harp.attack.AttackInputs` holds for one world)."""

    ob: int
    defence: int
    table: int
    armour_type: int
    size: int
    fumble: int
    critical: int
    extra_table: int = -1
    extra_severity: int = 0
    crit_reduction: int = 0
    hits_factor: int = 1
    target_hp: int | None = None
    body_rr: int = 0
    stun_immune: bool = False
    knocks: bool = False
    """A critical throws the target down (a knocking table and a target no larger: the kernel's ``knocks_down``)."""


@dataclass
class ExchangeOdds:
    """Exact probabilities of one exchange (fractions): fumble, miss and hit sum to 1; ``depth`` is the most dice
    of the attack's open-ended roll that can change the outcome."""

    fumble: Fraction
    miss: Fraction
    hit: Fraction
    hits: dict[int, Fraction]
    severity: dict[str, Fraction]
    stunned: Fraction
    bleeding: Fraction
    must_parry: Fraction
    no_parry: Fraction
    death_now: Fraction
    death_in: dict[int, Fraction]
    down_now: Fraction | None
    depth: int
    knocked_down: Fraction = Fraction(0)
    """P(the target ends on the ground): a critical's knock-down effect, or any critical where ``knocks``."""
    extra: dict[str, Any] = field(default_factory=dict)

    def mean_hits(self) -> Fraction:
        return sum((Fraction(h) * p for h, p in self.hits.items()), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        def f(x: Fraction | None) -> float | None:
            return None if x is None else float(x)

        return {
            "fumble": f(self.fumble), "miss": f(self.miss), "hit": f(self.hit),
            "depth": self.depth, "hits": {str(h): float(p) for h, p in sorted(self.hits.items())},
            "mean_hits": float(self.mean_hits()), "severity": {k: float(v) for k, v in self.severity.items()},
            "stunned": f(self.stunned), "bleeding": f(self.bleeding), "must_parry": f(self.must_parry),
            "no_parry": f(self.no_parry), "death_now": f(self.death_now),
            "death_in": {str(k): float(v) for k, v in sorted(self.death_in.items())}, "down_now": f(self.down_now),
            "knocked_down": f(self.knocked_down),
            "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in (
                ("fumble", self.fumble), ("miss", self.miss), ("hit", self.hit))},
        }


def _crit_effects(tables: HarpTables, table: int, severity: int) -> NDArray[np.int32]:
    """The effects of the 100 rolls of a critical column, shape ``(100, F)`` (no effect for severity 0)."""
    if severity <= 0 or table < 0:
        return EffectArrays.zeros((100,)).values
    return tables.critical.effects.values[table, 1:101, severity - 1]


def _resisted(body_rr: int, rounds: int) -> Fraction:
    """P(the immediate Body resistance roll, open-ended, reaches the difficulty of a stun of ``rounds`` rounds)."""
    return open_ended_at_least(int(stun_difficulty(rounds)) - body_rr)


def _read(reader: Any, spec: ExchangeSpec, result: int, opened: bool) -> tuple[int, ...]:
    """The kernel's reading of an attack result that hits (:func:`estoc.systems.harp.kernel.read_result`)."""
    read: tuple[int, ...] = kernel_of(reader).py_read_result(
        reader, spec.table, spec.size, spec.armour_type, spec.hits_factor, spec.crit_reduction, spec.extra_table,
        spec.extra_severity, result, opened)
    return read


def _fold(reader: Any, rows: int, spec: ExchangeSpec, beyond_limit: str) -> int:
    highest = _read(reader, spec, 1, True)[_LIMIT]  # the highest row an open-ended roll reads
    result = min(highest, rows)
    if beyond_limit == "second-attack":
        result = max(result, 2 * highest)  # the excess over the limit is read up to the limit again
    return max(OPEN_ENDED_FROM, max(result, 1) - spec.ob + spec.defence)


def fold_point(tables: HarpTables, spec: ExchangeSpec, settings: AttackSettings = DEFAULT_SETTINGS) -> int:
    """The attack roll's total from which the exchange no longer changes: the result then reads the highest row
    (and, with ``second-attack``, the highest second row). Never below 96, so that a total counted there is still
    known to be an open-ended roll (``uncapped`` caps those differently)."""
    reader = table_reader(tables, settings.beyond_limit)
    return _fold(reader, int(tables.attack.hits.shape[1]) - 1, spec, settings.beyond_limit)


def exchange_odds(tables: HarpTables, spec: ExchangeSpec, settings: AttackSettings = DEFAULT_SETTINGS
                  ) -> ExchangeOdds:
    """Every outcome of one exchange, exactly.

    Raises:
        InputError: the defence is so far above the offensive bonus that the open-ended roll would have to be
            followed beyond :data:`estoc.odds.jsl.MAX_DICE` dice.
    """
    fumble_range = max(0, min(spec.fumble, 100))
    reader = table_reader(tables, settings.beyond_limit)
    dist = open_ended_distribution(_fold(reader, int(tables.attack.hits.shape[1]) - 1, spec, settings.beyond_limit),
                                   first_above=fumble_range)
    denominator = dist.denominator * CRIT_DICE
    result = dist.totals + spec.ob - spec.defence
    hit = result >= 1
    miss_weight = int(dist.weights[~hit].sum()) * CRIT_DICE
    hit_weight = int(dist.weights[hit].sum())
    # From here on, only the totals that hit (when the defence is far above the OB, a few of many).
    totals, weights, result = dist.totals[hit], dist.weights[hit], result[hit]
    opened = totals >= OPEN_ENDED_FROM
    # Each result read as the kernel reads it (row, size limit, beyond the limit, criticals lowered by size, the
    # additional critical); the second attack's own critical is left out of the exact odds (its hits are in).
    memo: dict[tuple[int, bool], tuple[int, ...]] = {}
    for r, o in zip(result.tolist(), opened.tolist(), strict=True):
        if (r, o) not in memo:
            memo[r, o] = _read(reader, spec, r, o)
    read = np.array([memo[r, o] for r, o in zip(result.tolist(), opened.tolist(), strict=True)],
                    dtype=np.int64).reshape(-1, _READ_FIELDS)
    table_hits = read[:, _HITS_READ] + read[:, _SECOND_HITS]
    severity = read[:, _SEVERITY]
    extra_severity = read[:, _EXTRA_SEVERITY]

    hits_hist: dict[int, int] = {}
    sev_weight = dict.fromkeys(SEVERITY_LETTERS[1:], 0)
    stun_by_rounds: dict[int, int] = {}
    bleeding = must = no = death_now = down_now = knocked = 0
    death_in: dict[int, int] = {}
    for sev, esev in sorted({(int(a), int(b)) for a, b in zip(severity, extra_severity, strict=True)}):
        group = (severity == sev) & (extra_severity == esev)
        group_hits = table_hits[group]
        group_weights = weights[group]
        # The table's hits, weighted exactly (int64 or Python integers, as the distribution's weights are).
        th = np.zeros(int(group_hits.max()) + 1 if group_hits.size else 1, dtype=weights.dtype)
        np.add.at(th, group_hits, group_weights)
        main = _crit_effects(tables, spec.critical, sev)
        if esev > 0:
            extra = _crit_effects(tables, spec.extra_table, esev)
            combined = EffectArrays(np.broadcast_to(main[:, None, :], (100, 100, main.shape[1])).copy()).combine(
                EffectArrays(np.broadcast_to(extra[None, :, :], (100, 100, main.shape[1])).copy())).values.reshape(
                CRIT_DICE, -1)
            mult = 1
        else:
            # No additional critical: each of the 100 critical rolls stands for 100 outcomes of the unused die.
            combined, mult = main, 100
        if sev > 0:
            sev_weight[SEVERITY_LETTERS[sev]] += int(th.sum()) * CRIT_DICE
        crit_hits = combined[:, _HITS].astype(np.int64)
        ch = np.bincount(crit_hits) * mult
        total = np.convolve(th, ch)
        for h in np.flatnonzero(total):
            hits_hist[int(h)] = hits_hist.get(int(h), 0) + int(total[h])
        weight = int(th.sum()) * mult
        stun = np.zeros(combined.shape[0], np.int64) if spec.stun_immune else combined[:, _STUN].astype(np.int64)
        for rounds, count in zip(*np.unique(stun[stun > 0], return_counts=True), strict=True):
            stun_by_rounds[int(rounds)] = stun_by_rounds.get(int(rounds), 0) + weight * int(count)
        bleeding += weight * int((combined[:, _BLEED] > 0).sum())
        must += weight * int((combined[:, _MUST] > 0).sum())
        no += weight * int((combined[:, _NO] > 0).sum())
        if sev > 0 and spec.knocks:
            knocked += weight * combined.shape[0]
        else:
            knocked += weight * int((combined[:, _KNOCK] > 0).sum())
        death = combined[:, _DEATH]
        death_now += weight * int((death == 0).sum())
        for rounds, count in zip(*np.unique(death[death > 0], return_counts=True), strict=True):
            death_in[int(rounds)] = death_in.get(int(rounds), 0) + weight * int(count)
        if spec.target_hp is not None:
            falls = death != NO_DEATH
            down_now += weight * int(falls.sum())
            # Without a death effect, down when the table's hits and the criticals' reach the hit points.
            at_least = np.concatenate([np.cumsum(th[::-1])[::-1], [0]])
            need = np.clip(spec.target_hp - crit_hits[~falls], 0, th.size)
            down_now += int(at_least[need].sum()) * mult
    fumble = Fraction(fumble_range, 100)
    stunned = sum((Fraction(w, denominator) * (1 - _resisted(spec.body_rr, r))
                   for r, w in stun_by_rounds.items()), Fraction(0))
    return ExchangeOdds(
        fumble=fumble, miss=Fraction(miss_weight, denominator), hit=Fraction(hit_weight, dist.denominator),
        hits={h: Fraction(w, denominator) for h, w in sorted(hits_hist.items())},
        severity={k: Fraction(v, denominator) for k, v in sev_weight.items()}, stunned=stunned,
        bleeding=Fraction(bleeding, denominator), must_parry=Fraction(must, denominator),
        no_parry=Fraction(no, denominator), death_now=Fraction(death_now, denominator),
        death_in={k: Fraction(v, denominator) for k, v in sorted(death_in.items())},
        down_now=Fraction(down_now, denominator) if spec.target_hp is not None else None,
        depth=dist.dice, knocked_down=Fraction(knocked, denominator))
