"""The HARP tables compiled from content into NumPy arrays, so that kernels read them for a whole batch at once.

Severities are coded 0 (no critical) and 1–5 (A–E). Critical and fumble effects are spread into one array per
effect, indexed ``[table, roll, severity - 1]`` (critical tables) or ``[roll]`` (the fumble table), roll 1–100.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from estoc.content.models import harp
from estoc.content.registry import Content
from estoc.errors import ContentError
from estoc.i18n import _

I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
B = NDArray[np.bool_]

SEVERITY_LETTERS = ("", "A", "B", "C", "D", "E")
SIZE_INDEX = {size: i for i, size in enumerate(harp.ATTACK_SIZES)}
NO_DEATH = -1


def severity_code(letter: str | None) -> int:
    return SEVERITY_LETTERS.index(letter) if letter else 0


@dataclass(frozen=True)
class EffectArrays:
    """One array per effect of a critical or fumble, all of the same shape."""

    hits: I32
    penalty: I32
    stun: I32
    bleed: I32
    shaken: B
    must_parry: I32
    no_parry: I32
    death: I32
    """``-1``: none; 0: dies at once; N: falls and dies in N rounds."""
    knockdown: B
    drop_weapon: B

    @classmethod
    def zeros(cls, shape: tuple[int, ...]) -> EffectArrays:
        values: dict[str, NDArray[Any]] = {
            f.name: np.zeros(shape, dtype=np.bool_ if f.name in _FLAGS else np.int32) for f in fields(cls)}
        values["death"] = np.full(shape, NO_DEATH, dtype=np.int32)
        return cls(**values)

    def take(self, index: tuple[I64, ...] | I64) -> EffectArrays:
        """The effects at ``index`` (fancy indexing applied to every array)."""
        return EffectArrays(**{f.name: getattr(self, f.name)[index] for f in fields(self)})

    def combine(self, other: EffectArrays) -> EffectArrays:
        """Two sets of effects suffered together: numbers add, flags join, the earlier death wins."""
        values = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if f.name in _FLAGS:
                values[f.name] = a | b
            elif f.name == "death":
                values[f.name] = np.where(a < 0, b, np.where(b < 0, a, np.minimum(a, b))).astype(np.int32)
            else:
                values[f.name] = (a + b).astype(np.int32)
        return EffectArrays(**values)

    def where(self, mask: B) -> EffectArrays:
        """These effects where ``mask`` holds, no effect elsewhere."""
        empty = EffectArrays.zeros(mask.shape)
        return EffectArrays(**{f.name: np.where(mask, getattr(self, f.name), getattr(empty, f.name))
                               for f in fields(self)})


_FLAGS = ("shaken", "knockdown", "drop_weapon")


def _store(arrays: EffectArrays, index: tuple[int, ...], effects: harp.Effects) -> None:
    for f in fields(arrays):
        value = getattr(effects, f.name)
        if f.name == "death":
            value = NO_DEATH if value is None else value
        getattr(arrays, f.name)[index] = value


@dataclass(frozen=True)
class AttackTables:
    """Every attack table: ``hits[t, result, armour_type - 1]`` and ``severity[...]`` for results 0…rows."""

    ids: tuple[str, ...]
    hits: I32
    severity: I32
    limits: I32
    """``limits[t, size]``: the highest result an attack of that size reads."""
    critical: I32
    """``critical[t]``: index of the table's default critical table."""

    def index(self, table_id: str) -> int:
        return self.ids.index(table_id)


@dataclass(frozen=True)
class CriticalTables:
    """Every critical table: effects ``[k, roll, severity - 1]`` and the entry shown for each cell."""

    ids: tuple[str, ...]
    effects: EffectArrays
    entry: I32
    entries: tuple[harp.CriticalEntry, ...]
    additional: B

    def index(self, table_id: str) -> int:
        return self.ids.index(table_id)


@dataclass(frozen=True)
class FumbleTable:
    """The fumble table: effects on the fumbler by roll, and lost rounds of action."""

    id: str
    effects: EffectArrays
    lost_rounds: I32
    entry: I32
    entries: tuple[harp.FumbleEntry, ...]


@dataclass(frozen=True)
class ManoeuvreTable:
    """The manoeuvre table as sorted band bounds."""

    id: str
    lows: I64
    percent: I32
    bonus: I32
    rows: tuple[harp.ManoeuvreRow, ...]

    def band(self, total: I64) -> I64:
        """The row index of each total."""
        return np.searchsorted(self.lows, total, side="right").astype(np.int64) - 1

    def read_percent(self, total: I64) -> I32:
        return self.percent[self.band(total)]

    def read_bonus(self, total: I64) -> I32:
        return self.bonus[self.band(total)]


@dataclass(frozen=True)
class HarpTables:
    """All the tables a HARP kernel reads."""

    attack: AttackTables
    critical: CriticalTables
    fumble: FumbleTable
    manoeuvre: ManoeuvreTable


def _compile_attack(tables: list[harp.AttackTable], critical_ids: tuple[str, ...]) -> AttackTables:
    rows = max(len(t.rows) for t in tables)
    hits = np.zeros((len(tables), rows + 1, harp.ARMOUR_TYPES), dtype=np.int32)
    severity = np.zeros_like(hits)
    limits = np.zeros((len(tables), len(harp.ATTACK_SIZES)), dtype=np.int32)
    critical = np.zeros(len(tables), dtype=np.int32)
    for t, table in enumerate(tables):
        for r, row in enumerate(table.rows, start=1):
            for a, cell in enumerate(row):
                hits[t, r, a] = cell.hits
                severity[t, r, a] = severity_code(cell.severity)
        # A table shorter than the longest repeats its last row: results never read past a table's own rows.
        hits[t, len(table.rows) + 1:] = hits[t, len(table.rows)]
        severity[t, len(table.rows) + 1:] = severity[t, len(table.rows)]
        limits[t] = [table.limits.of(size) for size in harp.ATTACK_SIZES]
        critical[t] = critical_ids.index(table.critical)
    return AttackTables(tuple(t.id for t in tables), hits, severity, limits, critical)


def _compile_critical(tables: list[harp.CriticalTable]) -> CriticalTables:
    shape = (len(tables), 101, len(harp.SEVERITIES))
    effects = EffectArrays.zeros(shape)
    entry = np.full(shape, -1, dtype=np.int32)
    entries: list[harp.CriticalEntry] = []
    for k, table in enumerate(tables):
        for item in table.entries:
            s = severity_code(item.severity) - 1
            for roll in range(item.roll_min, item.roll_max + 1):
                _store(effects, (k, roll, s), item.effects)
                entry[k, roll, s] = len(entries)
            entries.append(item)
    additional = np.array([t.kind == "additional" for t in tables], dtype=np.bool_)
    return CriticalTables(tuple(t.id for t in tables), effects, entry, tuple(entries), additional)


def _compile_fumble(table: harp.FumbleTable) -> FumbleTable:
    effects = EffectArrays.zeros((101,))
    lost = np.zeros(101, dtype=np.int32)
    entry = np.full(101, -1, dtype=np.int32)
    for i, item in enumerate(table.entries):
        for roll in range(item.roll_min, item.roll_max + 1):
            _store(effects, (roll,), item.effects)
            lost[roll] = item.lost_rounds
            entry[roll] = i
    return FumbleTable(table.id, effects, lost, entry, table.entries)


def _compile_manoeuvre(table: harp.ManoeuvreTable) -> ManoeuvreTable:
    lows = np.array([row.min_total if row.min_total is not None else np.iinfo(np.int64).min
                     for row in table.rows], dtype=np.int64)
    return ManoeuvreTable(table.id, lows, np.array([r.percent for r in table.rows], dtype=np.int32),
                          np.array([r.bonus for r in table.rows], dtype=np.int32), table.rows)


def check_references(content: Content) -> None:
    """Every id a HARP record names must exist. Raises :class:`ContentError` with ``file:line`` of each."""
    problems: list[str] = []
    attack = content.kind("harp", "attack-tables")
    critical = content.kind("harp", "critical-tables")

    def missing(item_where: str, field: str, kind: str, ref: str) -> None:
        problems.append(f"{item_where}: {field}: " + _("no {kind} has the id {id!r}").format(kind=kind, id=ref))

    for table_id, item in attack.items():
        record = item.record
        assert isinstance(record, harp.AttackTable)
        if record.critical not in critical:
            missing(content.where("harp", "attack-tables", table_id), "critical", _("critical table"), record.critical)
    for weapon_id, item in content.kind("harp", "weapons").items():
        weapon = item.record
        assert isinstance(weapon, harp.Weapon)
        where = content.where("harp", "weapons", weapon_id)
        if weapon.table not in attack:
            missing(where, "table", _("attack table"), weapon.table)
        if weapon.critical and weapon.critical not in critical:
            missing(where, "critical", _("critical table"), weapon.critical)
        if weapon.additional_critical and weapon.additional_critical.table not in critical:
            missing(where, "additional_critical.table", _("critical table"), weapon.additional_critical.table)
    if problems:
        raise ContentError(problems)


def compile_tables(content: Content, fumble_id: str = "maladresses",
                   manoeuvre_id: str = "manoeuvres") -> HarpTables:
    """Check references and compile every HARP table of ``content``."""
    check_references(content)
    critical_tables = content.all("harp", "critical-tables", harp.CriticalTable)
    critical = _compile_critical(critical_tables)
    attack = _compile_attack(content.all("harp", "attack-tables", harp.AttackTable), critical.ids)
    fumble = _compile_fumble(content.get("harp", "fumble-tables", fumble_id, harp.FumbleTable))
    manoeuvre = _compile_manoeuvre(content.get("harp", "manoeuvre-tables", manoeuvre_id, harp.ManoeuvreTable))
    return HarpTables(attack, critical, fumble, manoeuvre)


@cache
def shipped_tables() -> HarpTables:
    """The tables of the shipped content alone (cached)."""
    from estoc.content.registry import load_folder, shipped_folder

    return compile_tables(load_folder(shipped_folder()))
