"""The HARP tables compiled from content into NumPy arrays, so that kernels read them for a whole batch at once.

Severities are coded 0 (no critical) and 1–5 (A–E). Critical and fumble effects are spread into one array per
effect, indexed ``[table, roll, severity - 1]`` (critical tables) or ``[roll]`` (the fumble table), roll 1–100.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from estoc.content.models import harp
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.errors import ContentError, InputError
from estoc.i18n import _

I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
B = NDArray[np.bool_]

SEVERITY_LETTERS = ("", "A", "B", "C", "D", "E")
SIZE_INDEX: dict[str, int] = {size: i for i, size in enumerate(harp.ATTACK_SIZES)}
NO_DEATH = -1
SEVERITY_BITS = 3
SEVERITY_MASK = (1 << SEVERITY_BITS) - 1


def severity_code(letter: str | None) -> int:
    return SEVERITY_LETTERS.index(letter) if letter else 0


EFFECT_FIELDS = ("hits", "penalty", "stun", "bleed", "shaken", "must_parry", "no_parry", "death", "knockdown",
                 "drop_weapon")
_FLAGS = ("shaken", "knockdown", "drop_weapon")
_COLUMN = {name: i for i, name in enumerate(EFFECT_FIELDS)}
_NUMBERS = [i for i, name in enumerate(EFFECT_FIELDS) if name not in _FLAGS and name != "death"]
_FLAG_COLUMNS = [_COLUMN[name] for name in _FLAGS]
_DEATH = _COLUMN["death"]
_EMPTY_ROW = np.array([NO_DEATH if name == "death" else 0 for name in EFFECT_FIELDS], dtype=np.int32)


@dataclass(frozen=True)
class EffectArrays:
    """Effects of criticals or fumbles in one array: ``values[..., f]`` holds effect ``f`` of :data:`EFFECT_FIELDS`.

    Keeping every effect in one array lets a kernel gather all of them for a batch in a single indexing. Integer
    effects are views (assignable); flags read as booleans. ``death``: ``-1`` none, 0 at once, N in N rounds.
    """

    values: I32

    @classmethod
    def zeros(cls, shape: tuple[int, ...]) -> EffectArrays:
        return cls(np.broadcast_to(_EMPTY_ROW, (*shape, len(EFFECT_FIELDS))).copy())

    @classmethod
    def of(cls, n: int, **fields_: int | bool | list[int] | list[bool]) -> EffectArrays:
        """``n`` sets of effects, given by field name (a scalar for all, or a list)."""
        effects = cls.zeros((n,))
        for name, value in fields_.items():
            effects.values[:, _COLUMN[name]] = np.asarray(value, dtype=np.int32)
        return effects

    def _column(self, name: str) -> I32:
        return self.values[..., _COLUMN[name]]

    def _flag(self, name: str) -> B:
        return np.asarray(self.values[..., _COLUMN[name]] != 0)

    hits = property(lambda self: self._column("hits"))
    penalty = property(lambda self: self._column("penalty"))
    stun = property(lambda self: self._column("stun"))
    bleed = property(lambda self: self._column("bleed"))
    must_parry = property(lambda self: self._column("must_parry"))
    no_parry = property(lambda self: self._column("no_parry"))
    death = property(lambda self: self._column("death"))
    shaken = property(lambda self: self._flag("shaken"))
    knockdown = property(lambda self: self._flag("knockdown"))
    drop_weapon = property(lambda self: self._flag("drop_weapon"))

    def take(self, index: tuple[I64, ...] | I64) -> EffectArrays:
        """The effects at ``index`` (one gather for every effect)."""
        return EffectArrays(self.values[index])

    def combine(self, other: EffectArrays) -> EffectArrays:
        """Two sets of effects suffered together: numbers add, flags join, the earlier death wins."""
        a, b = self.values, other.values
        out = a + b
        out[..., _FLAG_COLUMNS] = np.maximum(a[..., _FLAG_COLUMNS], b[..., _FLAG_COLUMNS])
        da, db = a[..., _DEATH], b[..., _DEATH]
        out[..., _DEATH] = np.where(da < 0, db, np.where(db < 0, da, np.minimum(da, db)))
        return EffectArrays(out)

    def where(self, mask: B) -> EffectArrays:
        """These effects where ``mask`` holds, no effect elsewhere."""
        return EffectArrays(np.where(mask[..., None], self.values, _EMPTY_ROW).astype(np.int32))


def _effect_row(effects: harp.Effects) -> list[int]:
    """The effects as one row of :class:`EffectArrays` (columns in :data:`EFFECT_FIELDS`' order)."""
    return [NO_DEATH if name == "death" and effects.death is None else int(getattr(effects, name))
            for name in EFFECT_FIELDS]


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
    knocks_down: B
    """``knocks_down[t]``: the table's criticals knock the target down."""
    cells: I32
    """Every cell packed as ``hits << 3 | severity`` in one flat array, so a batch reads hits and severity in one
    gather (the kernel reads them so). Row 0 of every table reads nothing."""

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
    slaying: B
    """``slaying[k]``: an additional critical that keeps its severity against large creatures (Tueur)."""

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
class PositionBonuses:
    """The position bonuses an attack may take (« Bonus de position »), in the content's order: bit k of an
    attack's choice is bonus k; ``groups[k]`` numbers its exclusive key (−1: none), two of one group never go
    together (the kernel's ``positions_refused``)."""

    ids: tuple[str, ...] = ()
    names: tuple[dict[str, str], ...] = ()
    values: tuple[int, ...] = ()
    groups: tuple[int, ...] = ()
    whens: tuple[str | None, ...] = ()
    """The situation in which the kernel applies each on its own (``None``: only when the GM names it)."""

    def mask(self, chosen: Sequence[str]) -> int:
        """The bits of the bonuses ``chosen`` by id (an unknown id is refused)."""
        bits = 0
        for key in chosen:
            if key not in self.ids:
                raise InputError(_("unknown position bonus {id!r} (known: {known})").format(
                    id=key, known=", ".join(self.ids)))
            bits |= 1 << self.ids.index(key)
        return bits


@dataclass(frozen=True)
class InitiativeModifiers:
    """The situational modifiers to initiative (« Modificateurs à l'initiative »), in the content's order: bit k of
    a combatant's declared ones is modifier k; those with a ``when`` the kernel applies on its own."""

    ids: tuple[str, ...] = ()
    names: tuple[dict[str, str], ...] = ()
    values: tuple[int, ...] = ()
    whens: tuple[str | None, ...] = ()

    def mask(self, chosen: Sequence[str]) -> int:
        """The bits of the modifiers ``chosen`` by id (an unknown id is refused)."""
        bits = 0
        for key in chosen:
            if key not in self.ids:
                raise InputError(_("unknown initiative modifier {id!r} (known: {known})").format(
                    id=key, known=", ".join(self.ids)))
            bits |= 1 << self.ids.index(key)
        return bits


@dataclass(frozen=True)
class HarpTables:
    """All the tables a HARP kernel reads."""

    attack: AttackTables
    critical: CriticalTables
    fumble: FumbleTable
    manoeuvre: ManoeuvreTable
    positions: PositionBonuses = PositionBonuses()
    initiative: InitiativeModifiers = InitiativeModifiers()


def _compile_attack(tables: list[harp.AttackTable], critical_ids: tuple[str, ...]) -> AttackTables:
    rows = max(len(t.rows) for t in tables)
    hits = np.zeros((len(tables), rows + 1, harp.ARMOUR_TYPES), dtype=np.int32)
    severity = np.zeros_like(hits)
    limits = np.zeros((len(tables), len(harp.ATTACK_SIZES)), dtype=np.int32)
    critical = np.zeros(len(tables), dtype=np.int32)
    codes = {severity: severity_code(severity) for severity in (None, *harp.SEVERITIES)}
    for t, table in enumerate(tables):
        if table.rows:
            hits[t, 1:len(table.rows) + 1] = [[cell.hits for cell in row] for row in table.rows]
            severity[t, 1:len(table.rows) + 1] = [[codes[cell.severity] for cell in row] for row in table.rows]
        # A table shorter than the longest repeats its last row: results never read past a table's own rows.
        hits[t, len(table.rows) + 1:] = hits[t, len(table.rows)]
        severity[t, len(table.rows) + 1:] = severity[t, len(table.rows)]
        limits[t] = [table.limits.of(size) for size in harp.ATTACK_SIZES]
        critical[t] = critical_ids.index(table.critical)
    cells = ((hits << SEVERITY_BITS) | severity).astype(np.int32).ravel()
    knocks_down = np.array([t.knocks_down for t in tables], dtype=np.bool_)
    return AttackTables(tuple(t.id for t in tables), hits, severity, limits, critical, knocks_down, cells)


def _compile_critical(tables: list[harp.CriticalTable]) -> CriticalTables:
    shape = (len(tables), 101, len(harp.SEVERITIES))
    effects = EffectArrays.zeros(shape)
    entry = np.full(shape, -1, dtype=np.int32)
    entries: list[harp.CriticalEntry] = []
    for k, table in enumerate(tables):
        for item in table.entries:
            s = severity_code(item.severity) - 1
            rolls = slice(item.roll_min, item.roll_max + 1)
            effects.values[k, rolls, s] = _effect_row(item.effects)
            entry[k, rolls, s] = len(entries)
            entries.append(item)
    additional = np.array([t.kind == "additional" for t in tables], dtype=np.bool_)
    slaying = np.array([t.slaying for t in tables], dtype=np.bool_)
    return CriticalTables(tuple(t.id for t in tables), effects, entry, tuple(entries), additional, slaying)


def _compile_fumble(table: harp.FumbleTable) -> FumbleTable:
    effects = EffectArrays.zeros((101,))
    lost = np.zeros(101, dtype=np.int32)
    entry = np.full(101, -1, dtype=np.int32)
    for i, item in enumerate(table.entries):
        rolls = slice(item.roll_min, item.roll_max + 1)
        effects.values[rolls] = _effect_row(item.effects)
        lost[rolls] = item.lost_rounds
        entry[rolls] = i
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
    initiative = content.all("harp", "initiative-modifiers", harp.Modifier)
    return HarpTables(attack, critical, fumble, manoeuvre,
                      _compile_positions(content.all("harp", "position-bonuses", harp.Modifier)),
                      InitiativeModifiers(tuple(r.id for r in initiative), tuple(r.name.as_dict() for r in initiative),
                                          tuple(r.value for r in initiative), tuple(r.when for r in initiative)))


def _compile_positions(records: Sequence[harp.Modifier]) -> PositionBonuses:
    keys = list(dict.fromkeys(r.exclusive for r in records if r.exclusive))
    return PositionBonuses(tuple(r.id for r in records), tuple(r.name.as_dict() for r in records),
                           tuple(r.value for r in records),
                           tuple(keys.index(r.exclusive) if r.exclusive else -1 for r in records),
                           tuple(r.when for r in records))


@cache
def shipped_tables() -> HarpTables:
    """The tables of the shipped content alone (cached)."""
    return compile_tables(load_folder(shipped_folder()))
