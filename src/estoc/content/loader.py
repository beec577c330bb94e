"""Reading content files: YAML 1.2 records and CSV tables, validated, with ``file:line: field: message`` errors.

A content file is a YAML mapping::

    schema_version: 1
    system: harp
    kind: weapons
    records:
      - id: dague
        ...

Large tables keep their cells in a CSV file named by the record and read relative to the YAML file.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import Composer, MaxDepthExceededError
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode
from ruamel.yaml.scanner import RoundTripScanner

from estoc.content.messages import translate_error, yaml_problem
from estoc.content.models import d100, harp, harp_heroes, tor
from estoc.content.models import harp_creatures as creatures
from estoc.content.models.common import HP_MAX, SCHEMA_VERSION, Record
from estoc.errors import ContentError
from estoc.files import FileProblem, read_bounded
from estoc.i18n import _

YAML_MAX_BYTES = 512 * 1024
"""The largest YAML file read (the largest shipped is under 40 KB; ruamel reads about 80 KB a second)."""
CSV_MAX_BYTES = 4 * 1024 * 1024
"""The largest CSV table read (the largest shipped is under 25 KB)."""
YAML_MAX_DEPTH = 50
"""How deeply YAML collections may nest (content nests under 10 deep)."""
YAML_MAX_ALIASED = 100_000
"""How many values aliases may add to a YAML file once expanded (a few are handy; a bomb adds billions)."""
NUMBER_DIGITS = 12
"""The most digits a number in a CSV cell has (every range is far below 10**12)."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[v]`` turns a file of version ``v`` into version ``v + 1``. Each step is small and idempotent."""


@dataclass(frozen=True)
class Kind:
    """A kind of record: its model, and how to fill the part kept in a CSV file."""

    model: type[Record]
    csv_field: str | None = None
    source_field: str | None = None
    csv_reader: Callable[[Path, str], tuple[Any, ...]] | None = None


KINDS: dict[tuple[str, str], Kind] = {}


def problem_at(path: Path, line: int | None, field: str, message: str) -> str:
    where = f"{path}:{line}" if line is not None else f"{path}"
    return f"{where}: {field}: {message}" if field else f"{where}: {message}"


def line_of(node: Any, loc: Sequence[int | str]) -> int | None:
    """The 1-based line of the deepest node of ``loc`` that ruamel can place."""
    line: int | None = None
    for key in loc:
        try:
            if isinstance(node, CommentedMap) and key in node:
                line = node.lc.key(key)[0] + 1
                node = node[key]
            elif isinstance(node, CommentedSeq) and isinstance(key, int) and key < len(node):
                line = node.lc.item(key)[0] + 1
                node = node[key]
            else:
                break
        except (AttributeError, KeyError, IndexError, TypeError):
            break
    return line


def field_name(loc: Sequence[int | str]) -> str:
    return ".".join(str(part) for part in loc)


# --- CSV readers -------------------------------------------------------------------------------------------------

_CELL = re.compile(rf"^\s*([0-9]{{1,{NUMBER_DIGITS}}})\s*([A-E])?\s*$")
_WHOLE = re.compile(rf"^\s*([+-]?[0-9]{{1,{NUMBER_DIGITS}}})\s*$")


def read_text(path: Path, limit: int) -> str:
    """A text file's UTF-8 text, read with bounds: a regular file (no device, pipe or folder), at most ``limit``
    bytes, no NUL byte. Raises :class:`ContentError` (``file:line: message``) otherwise."""
    def refuse(message: str, line: int | None = None) -> ContentError:
        return ContentError([problem_at(path, line, "", message)])

    try:
        raw = read_bounded(path, limit)  # (opened without waiting: a pipe named as a file never hangs a command)
    except FileProblem as exc:
        raise refuse(_("cannot read the file: {error}").format(error=exc)) from exc
    if b"\0" in raw:
        raise refuse(_("a binary file, not text"), raw[:raw.index(b"\0")].count(b"\n") + 1)
    try:
        return raw.decode("utf-8-sig")  # (a byte order mark, as some editors write, is dropped)
    except UnicodeDecodeError as exc:
        raise refuse(_("not UTF-8 text (byte {byte} of this line)").format(
            byte=exc.start - raw.rfind(b"\n", 0, exc.start)), raw[:exc.start].count(b"\n") + 1) from exc


def inside(folder: Path, name: str) -> Path:
    """The file ``name`` names, relative to ``folder`` and inside it once links are resolved (no absolute path, no
    ``..``). Raises :class:`ValueError` with the reason, in the user's language."""
    relative = Path(name)
    if not name or relative.is_absolute() or relative.drive or ".." in relative.parts:
        raise ValueError(_("a file is named relative to this file's folder, inside it: not {name!r}").format(
            name=name))
    target = folder / relative
    try:
        resolved, base = target.resolve(), folder.resolve()
    except (OSError, RuntimeError) as exc:
        raise ValueError(_("cannot follow {name!r}: {error}").format(name=name, error=exc)) from exc
    if not resolved.is_relative_to(base):
        raise ValueError(_("{name!r} leads outside this file's folder").format(name=name))
    return target


def cell_number(text: str | None) -> int | str | None:
    """A CSV cell as a whole number when it is one (ASCII digits, bounded length), else the text as it is, for the
    model to refuse."""
    match = _WHOLE.match(text or "")
    return int(match.group(1)) if match else text


def _read_csv(path: Path, header: Sequence[str]) -> Iterator[tuple[int, dict[str, str]]]:
    text = read_text(path, CSV_MAX_BYTES)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        found = list(reader.fieldnames or [])
        if found != list(header):
            raise ContentError([problem_at(path, 1, "", _("the columns must be: {expected}").format(
                expected=",".join(header)))])
        for row in reader:
            yield reader.line_num, row
    except csv.Error as exc:
        raise ContentError([problem_at(path, reader.line_num, "", _("not a valid CSV table: {error}").format(
            error=exc))]) from exc


@cache
def _cached_cell(hits: int, severity: str | None) -> harp.AttackCell:
    """One cell, shared by every cell alike (cells are frozen): a table is thousands of cells but a few hundred
    distinct ones, so that the content cache stores and loads each once (start-up)."""
    return harp.AttackCell.model_validate({"hits": hits, "severity": severity})


def _cell(hits: int, severity: str | None) -> harp.AttackCell:
    if not 0 <= hits <= HP_MAX:
        raise ValueError(hits)
    return _cached_cell(hits, severity)


def read_attack_cells(path: Path, _record_id: str) -> tuple[Any, ...]:
    """Rows of an attack table: ``result,t1..t10``, one row per result from 1, cells like ``12`` or ``12B``."""
    header = ["result", *(f"t{i}" for i in range(1, harp.ARMOUR_TYPES + 1))]
    rows: list[tuple[harp.AttackCell, ...]] = []
    problems: list[str] = []
    for line, row in _read_csv(path, header):
        expected = len(rows) + 1
        if row["result"] is None or row["result"].strip() != str(expected):
            problems.append(problem_at(path, line, "result", _("rows must count up from 1: expected {n}").format(
                n=expected)))
            break
        cells = []
        for column in header[1:]:
            text = (row[column] or "").strip()
            if text in ("", "-", "—"):
                cells.append(_cell(0, None))
                continue
            match = _CELL.match(text)
            if not match:
                problems.append(problem_at(path, line, column, _(
                    "a cell is a number of hits, optionally followed by a severity A–E, not {text!r}").format(
                    text=text)))
                cells.append(_cell(0, None))
                continue
            try:
                cells.append(_cell(int(match.group(1)), match.group(2)))
            except ValueError:
                problems.append(problem_at(path, line, column, _("{hits} hits is beyond what a cell may hold").format(
                    hits=match.group(1))))
                cells.append(_cell(0, None))
        rows.append(tuple(cells))
    if not problems and len(rows) < harp.TABLE_ROWS:
        problems.append(problem_at(path, None, "", _("an attack table needs rows up to at least {n}").format(
            n=harp.TABLE_ROWS)))
    if problems:
        raise ContentError(problems)
    return tuple(rows)


CRITICAL_COLUMNS = ("severity", "roll_min", "roll_max", "text_fr", "text_en", "hits", "penalty", "stun", "bleed",
                    "shaken", "must_parry", "no_parry", "death", "knockdown", "drop_weapon")


def read_critical_entries(path: Path, _record_id: str) -> tuple[Any, ...]:
    """Entries of a critical table, checked to cover 1–100 once in each severity column."""
    entries: list[harp.CriticalEntry] = []
    problems: list[str] = []
    lines: list[int] = []
    for line, row in _read_csv(path, CRITICAL_COLUMNS):
        data: dict[str, Any] = {
            "severity": row["severity"],
            "roll_min": cell_number(row["roll_min"]),
            "roll_max": cell_number(row["roll_max"]),
            "text": {"fr": row["text_fr"], "en": row["text_en"]},
            "effects": {key: cell_number(row[key]) for key in CRITICAL_COLUMNS[5:]
                        if (row[key] or "").strip() != ""},
        }
        for flag in ("shaken", "knockdown", "drop_weapon"):
            if flag in data["effects"]:
                data["effects"][flag] = str(data["effects"][flag]).strip() in ("1", "true", "yes")
        try:
            entries.append(harp.CriticalEntry.model_validate(data))
            lines.append(line)
        except ValidationError as exc:
            for error in exc.errors():
                loc = [str(p) for p in error["loc"]]
                column = {"text": "text_" + loc[-1] if len(loc) > 1 else "text"}.get(loc[0], loc[-1])
                problems.append(problem_at(path, line, column, translate_error(error)))
    if problems:
        raise ContentError(problems)
    for severity in harp.SEVERITIES:
        covered = [0] * 101
        for entry, line in zip(entries, lines, strict=True):
            if entry.severity != severity:
                continue
            if entry.roll_min > entry.roll_max:
                problems.append(problem_at(path, line, "roll_min", _("roll_min is above roll_max")))
            for roll in range(entry.roll_min, entry.roll_max + 1):
                covered[roll] += 1
        gaps = [r for r in range(1, 101) if covered[r] != 1]
        if gaps:
            problems.append(problem_at(path, None, "severity", _(
                "column {severity} must cover each roll 1–100 exactly once; wrong at {rolls}").format(
                severity=severity, rolls=", ".join(map(str, gaps[:8])))))
    if problems:
        raise ContentError(problems)
    return tuple(entries)


def _register() -> None:
    KINDS.update({
        ("harp", "armours"): Kind(harp.Armour),
        ("harp", "shields"): Kind(harp.Shield),
        ("harp", "weapons"): Kind(harp.Weapon),
        ("harp", "attack-tables"): Kind(harp.AttackTable, "rows", "cells", read_attack_cells),
        ("harp", "critical-tables"): Kind(harp.CriticalTable, "entries", "entries_file", read_critical_entries),
        ("harp", "fumble-tables"): Kind(harp.FumbleTable),
        ("harp", "manoeuvre-tables"): Kind(harp.ManoeuvreTable),
        ("harp", "initiative-modifiers"): Kind(harp.Modifier),
        ("harp", "position-bonuses"): Kind(harp.Modifier),
        ("harp", "cover"): Kind(harp.Cover),
        ("harp", "fighters"): Kind(harp.Fighter),
        ("harp", "natural-armours"): Kind(creatures.NaturalArmour),
        ("harp", "creature-sizes"): Kind(creatures.CreatureSizeRule),
        ("harp", "creatures"): Kind(creatures.Creature),
        ("harp", "heroes"): Kind(harp_heroes.Hero),
        ("d100", "weapons"): Kind(d100.Weapon),
        ("d100", "armours"): Kind(d100.Armour),
        ("d100", "shields"): Kind(d100.Shield),
        ("d100", "outcome-tables"): Kind(d100.OutcomeTable),
        ("d100", "characters"): Kind(d100.Character),
        ("tor", "weapons"): Kind(tor.Weapon),
        ("tor", "armours"): Kind(tor.Armour),
        ("tor", "shields"): Kind(tor.Shield),
        ("tor", "heroes"): Kind(tor.Hero),
        ("tor", "adversaries"): Kind(tor.Adversary),
    })


_register()


# --- YAML files ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LoadedRecord:
    """A validated record with where it came from."""

    system: str
    kind: str
    record: Record
    path: Path
    line: int | None


class _Refused(Exception):
    """A YAML file refused before its values are built."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _line(node: Node) -> int | None:
    mark = getattr(node, "start_mark", None)
    return mark.line + 1 if mark is not None else None


def check_expansion(root: Node | None, limit: int = YAML_MAX_ALIASED) -> None:
    """Refuse a composed YAML document whose aliases would expand it by more than ``limit`` values, or that
    holds itself (``&a [*a]``). Each node is weighed once (its weight: itself and, expanded, everything under it),
    so a bomb is caught in time linear in the file, before anything is built."""
    if root is None:
        return
    weight: dict[int, int] = {}
    nodes = 0
    on_path: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = ([n for pair in node.value for n in pair] if isinstance(node, MappingNode)
                    else list(node.value) if isinstance(node, SequenceNode) else [])
        if done:
            on_path.discard(key)
            weight[key] = 1 + sum(weight[id(child)] for child in children)
            if weight[key] > nodes + limit:
                raise _Refused(_line(node), _("aliases expand this file beyond {limit} values").format(limit=limit))
            continue
        if key in weight:
            continue
        if key in on_path:
            raise _Refused(_line(node), _("an alias holds the value it is part of"))
        nodes += 1
        on_path.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in on_path:
                raise _Refused(_line(child), _("an alias holds the value it is part of"))
            if id(child) not in weight:
                stack.append((child, False))


class _BoundedComposer(Composer):
    """ruamel's composer, with the document's expansion checked before it is constructed."""

    def compose_document(self: Any) -> Any:
        node = Composer.compose_document(self)
        check_expansion(node)
        return node


class _BoundedScanner(RoundTripScanner):
    """ruamel's scanner, refusing flow collections (``[``, ``{``) nested too deep as it meets them: deep brackets
    cost it time growing with the square of their depth, before the composer's own depth check is reached."""

    def fetch_flow_collection_start(self: Any, TokenClass: Any, to_push: Any) -> None:
        if len(self.flow_context) >= YAML_MAX_DEPTH:
            raise _Refused(self.reader.line + 1, _("values nest more than {depth} deep").format(depth=YAML_MAX_DEPTH))
        RoundTripScanner.fetch_flow_collection_start(self, TokenClass, to_push)


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.version = (1, 2)
    yaml.Composer = _BoundedComposer
    yaml.Scanner = _BoundedScanner
    yaml.max_depth = YAML_MAX_DEPTH
    return yaml


def _migrate(data: dict[str, Any], path: Path) -> dict[str, Any]:
    version = data.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:  # (``true`` is no version)
        raise ContentError([problem_at(path, line_of(data, ["schema_version"]), "schema_version",
                                     _("must be a whole number from 1"))])
    if version > SCHEMA_VERSION:
        raise ContentError([problem_at(path, line_of(data, ["schema_version"]), "schema_version", _(
            "this file was written for a newer estoc (format {found}; this one reads up to {supported})").format(
            found=version, supported=SCHEMA_VERSION))])
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["schema_version"] = version
    return data


def read_yaml(path: Path) -> Any:
    """A YAML 1.2 file as ruamel's round-trip data (with line numbers); :class:`ContentError` when unreadable."""
    text = read_text(path, YAML_MAX_BYTES)
    try:
        data = _yaml().load(text)
    except _Refused as exc:
        raise ContentError([problem_at(path, exc.line, "", exc.message)]) from None
    except MaxDepthExceededError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ContentError([problem_at(path, mark.line + 1 if mark is not None else None, "", _(
            "values nest more than {depth} deep").format(depth=YAML_MAX_DEPTH))]) from None
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = yaml_problem(getattr(exc, "problem", None) or str(exc).splitlines()[0])
        if mark is not None:
            message = _("not valid YAML at column {column}: {problem}").format(column=mark.column + 1,
                                                                              problem=problem)
        else:
            message = _("not valid YAML: {problem}").format(problem=problem)
        raise ContentError([problem_at(path, line, "", message)]) from exc
    except (ValueError, IndexError, TypeError, AttributeError, KeyError, RecursionError) as exc:
        # ruamel.yaml lets plain Python errors out on some malformed scalars (a lone "." read as a float).
        raise ContentError([problem_at(path, None, "", _("not valid YAML: {problem}").format(
            problem=yaml_problem(str(exc))))]) from exc
    return data


def _quick_read(path: Path) -> tuple[Any, Callable[[int], int | None]] | None:
    """A shipped file read by libyaml (``ruamel.yaml.clib``): its data as plain dicts and lists and the line of each
    record; ``None`` when libyaml is not installed or anything is off (the round-trip reading then reads the file
    and says what and where).

    The round-trip reader (:func:`read_yaml`) keeps every line and comment, in pure Python: it takes about a second
    for the shipped files, most of a first run's start-up. The shipped files are estoc's own, checked by its tests
    (``tests/content/test_content_cache.py`` reads each both ways and compares), so they may take the quick way; a
    user's files always take the careful one, with its bounds."""
    try:
        yaml = YAML(typ="safe", pure=False)
        node = yaml.compose(read_text(path, YAML_MAX_BYTES))
        if type(yaml.parser).__name__ != "CParser":
            return None  # no libyaml: the pure-Python safe reader is not much quicker than the careful one
        data = yaml.constructor.construct_document(node)
        records = next(value for key, value in node.value if key.value == "records")
        lines = [item.start_mark.line + 1 for item in records.value]
    except Exception:  # any trouble: the careful reading decides and explains
        return None
    return data, lambda index: lines[index] if 0 <= index < len(lines) else None


def load_file(path: Path, *, shipped: bool = False) -> list[LoadedRecord]:
    """Read and validate one content file. Raises :class:`ContentError` listing every problem found. ``shipped``:
    one of estoc's own files, which may be read the quick way (:func:`_quick_read`)."""
    quick = _quick_read(path) if shipped else None
    if quick is not None:
        try:
            return _records_of(path, *quick)
        except ContentError:
            pass  # read it again the careful way, which places each problem on its line
    data = read_yaml(path)
    return _records_of(path, data, lambda index: line_of(data, ["records", index]))


def _records_of(path: Path, data: Any, record_line: Callable[[int], int | None]) -> list[LoadedRecord]:
    """The validated records of a file's ``data`` (round-trip containers, whose lines the messages give, or plain
    ones); ``record_line`` gives the line where record ``index`` starts."""
    if not isinstance(data, dict):
        raise ContentError([problem_at(path, 1, "", _("a content file is a mapping with system, kind and records"))])
    data = _migrate(data, path)
    problems: list[str] = []
    for key in ("system", "kind", "records"):
        if key not in data:
            problems.append(problem_at(path, 1, key, _("this field is required")))
    if problems:
        raise ContentError(problems)
    system, kind_name = str(data["system"]), str(data["kind"])
    kind = KINDS.get((system, kind_name))
    if kind is None:
        known = ", ".join(sorted(f"{s}/{k}" for s, k in KINDS))
        raise ContentError([problem_at(path, line_of(data, ["kind"]), "kind", _(
            "unknown kind {kind!r} for system {system!r}; known: {known}").format(
            kind=kind_name, system=system, known=known))])
    records = data["records"]
    if not isinstance(records, list):
        raise ContentError([problem_at(path, line_of(data, ["records"]), "records", _("must be a list"))])
    loaded: list[LoadedRecord] = []
    seen: dict[str, int | None] = {}
    for index, raw in enumerate(records):
        line = record_line(index)
        payload = dict(raw) if isinstance(raw, dict) else raw
        try:
            record = kind.model.model_validate(plain(payload))
        except ValidationError as exc:
            for error in exc.errors():
                loc = list(error["loc"])
                where = line_of(data, ["records", index, *loc]) or line
                problems.append(problem_at(path, where, field_name(loc), translate_error(error)))
            continue
        record_id = record.id
        if record_id in seen:
            problems.append(problem_at(path, line, "id", _("the id {id!r} is already used in this file").format(
                id=record_id)))
            continue
        seen[record_id] = line
        if kind.csv_field and kind.source_field and kind.csv_reader:
            source = getattr(record, kind.source_field)
            try:
                table = inside(path.parent, str(source))
            except ValueError as exc:
                problems.append(problem_at(path, line_of(data, ["records", index, kind.source_field]) or line,
                                         kind.source_field, str(exc)))
                continue
            try:
                filled = kind.csv_reader(table, record_id)
            except ContentError as exc:
                problems.extend(exc.problems)
                continue
            record = record.model_copy(update={kind.csv_field: filled})
        loaded.append(LoadedRecord(system, kind_name, record, path, line))
    if problems:
        raise ContentError(problems)
    return loaded


def plain(value: Any) -> Any:
    """ruamel's round-trip containers as plain dicts and lists."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def content_files(folder: Path) -> list[Path]:
    """Every YAML file below ``folder``, in a stable order."""
    return sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
