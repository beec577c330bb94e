"""Hostile content, encounter and hero files: each is refused with ``file:line: message``, quickly, never expanded,
never followed out of its folder (issue 15's found cases)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from estoc.cli import main
from estoc.content.loader import KINDS, YAML_MAX_BYTES, load_file
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.errors import ContentError
from estoc.systems.harp.encounter import load_encounter

HEADER = "schema_version: 1\nsystem: harp\nkind: heroes\nrecords:\n"
HERO = ("  - id: x\n    name: {{fr: X, en: X}}\n    level: {level}\n    hp: {hp}\n"
        "    weapons: [{{weapon: dague, skill: {skill}}}]\n")
BOMB = "".join(f"{x}: &{x} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['lol'] * 9)}]\n"
               for p, x in zip(["", *"abcdefgh"], "abcdefghi", strict=True))


def refused(path: Path, seconds: float = 1.0) -> list[str]:
    """The problems found in ``path``, checked to come within ``seconds`` and to name a file of its folder."""
    start = time.perf_counter()
    with pytest.raises(ContentError) as caught:
        load_file(path)
    assert time.perf_counter() - start < seconds
    assert caught.value.problems and all(p.startswith(str(path.parent)) for p in caught.value.problems)
    return caught.value.problems


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_alias_bomb_is_refused_before_it_expands(tmp_path: Path) -> None:
    assert len(BOMB) < 700
    [problem] = refused(write(tmp_path, "bomb.yaml", BOMB))
    assert "aliases" in problem and problem.split(":")[1].isdigit()


def test_a_few_aliases_still_work(tmp_path: Path) -> None:
    text = HEADER + ("  - &a\n    id: x\n    name: {fr: X, en: X}\n    level: 1\n    hp: 10\n"
                     "    weapons: [{weapon: dague, skill: 5}]\n  - <<: *a\n    id: y\n")
    assert [r.record.id for r in load_file(write(tmp_path, "heroes.yaml", text))] == ["x", "y"]


def test_an_alias_holding_itself_is_refused(tmp_path: Path) -> None:
    [problem] = refused(write(tmp_path, "loop.yaml", "a: &a [1, *a]\n"))
    assert ":1: " in problem


@pytest.mark.parametrize("text", [
    "a: " + "[" * 2000 + "]" * 2000 + "\n",
    "a: " + "{a: " * 2000 + "}" * 2000 + "\n",
    "a:\n" + "".join(" " * i + "- \n" for i in range(1, 120)),
], ids=["flow-lists", "flow-maps", "block-lists"])
def test_deep_nesting_is_refused(tmp_path: Path, text: str) -> None:
    [problem] = refused(write(tmp_path, "deep.yaml", text))
    assert "deep" in problem or "YAML" in problem


def test_size_binary_encoding_and_devices(tmp_path: Path) -> None:
    assert "KiB" in refused(write(tmp_path, "big.yaml", "#" * (YAML_MAX_BYTES + 1)))[0]
    assert refused(write(tmp_path, "bin.yaml", b"a: 1\nb: \x00\x01"))[0].startswith(f"{tmp_path}/bin.yaml:2: ")
    assert refused(write(tmp_path, "latin.yaml", "a: 1\nb: é\n".encode("latin-1")))[0].startswith(
        f"{tmp_path}/latin.yaml:2: ")
    if Path("/dev/zero").exists():
        refused(Path("/dev/zero"))
        os.symlink("/dev/zero", tmp_path / "zero.yaml")
        refused(tmp_path / "zero.yaml")


def test_huge_numbers_and_booleans_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "heroes.yaml", HEADER + HERO.format(level=10**9, hp=10**21, skill="true"))
    problems = refused(path)
    assert any(":7: level: " in p for p in problems)
    assert any(":8: hp: " in p for p in problems)
    assert any(":9: weapons.0.skill: " in p for p in problems)


def _int_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _int_paths(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _int_paths(v, (*path, i))]
    return [path] if isinstance(value, int) and not isinstance(value, bool) else []


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _set(data[path[0]], path[1:], value)
    return copy


def test_every_whole_number_of_every_kind_has_a_range() -> None:
    """For one shipped record of each kind: each whole number refuses 10**21, -10**21 and true."""
    shipped = load_folder(shipped_folder())
    checked = 0
    for (system, kind_name), kind in KINDS.items():
        records = list(shipped.kind(system, kind_name).values())
        if not records:
            continue
        data = records[0].record.model_dump(mode="json", by_alias=True, exclude_none=True,
                                            exclude={kind.csv_field} if kind.csv_field else None)
        for path in _int_paths(data):
            for bad in (10**21, -(10**21), True):
                with pytest.raises(ValueError):  # pydantic's ValidationError is a ValueError
                    kind.model.model_validate(_set(data, path, bad))
                checked += 1
    assert checked > 300


ATTACK_TABLE = ("schema_version: 1\nsystem: harp\nkind: attack-tables\nrecords:\n  - id: t\n"
                "    name: {{fr: T, en: T}}\n    critical: tranchant\n"
                "    limits: {{tiny: 60, small: 90, medium: 120, large: 150}}\n"
                "    cells: {cells}\n")
CSV_HEAD = "result," + ",".join(f"t{i}" for i in range(1, 11)) + "\n"


def _rows(cell: str = "0") -> str:
    return CSV_HEAD + "".join(f"{r}," + ",".join([cell] * 10) + "\n" for r in range(1, 151))


def test_a_well_formed_table_loads(tmp_path: Path) -> None:
    write(tmp_path, "cells/t.csv", _rows("3B"))
    [loaded] = load_file(write(tmp_path, "tables.yaml", ATTACK_TABLE.format(cells="cells/t.csv")))
    assert loaded.record.rows[0][0].hits == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize(("contents", "expect"), [
    (b"result,t1\x00\n", ":1: "),
    (CSV_HEAD.encode() + "1,é".encode("latin-1"), ":2: "),
    (_rows("12345678").encode(), "beyond"),
    (_rows("9" * 400).encode(), "a cell is"),
    (_rows("\u0661\u0662").encode(), "a cell is"),
], ids=["binary", "latin-1", "huge-hits", "400-digits", "arabic-digits"])
def test_bad_csv_cells_are_refused(tmp_path: Path, contents: bytes, expect: str) -> None:
    table = write(tmp_path, "t.csv", contents)
    problems = refused(write(tmp_path, "tables.yaml", ATTACK_TABLE.format(cells="t.csv")))
    assert problems[0].startswith(str(table)) and expect in problems[0]


def test_a_critical_table_out_of_range(tmp_path: Path) -> None:
    from estoc.content.loader import CRITICAL_COLUMNS, read_critical_entries

    row = "A,1,100,x,x,99999999999,0,0,0,0,0,0,,0,0\n"
    path = write(tmp_path, "c.csv", ",".join(CRITICAL_COLUMNS) + "\n" + row)
    with pytest.raises(ContentError) as caught:
        read_critical_entries(path, "c")
    assert caught.value.problems == [f"{path}:2: hits: must be at most 10000"]


@pytest.mark.parametrize("cells", ["/etc/passwd", "../t.csv", "inner/../../t.csv", "link.csv", "zero.csv"])
def test_a_table_stays_in_its_folder(tmp_path: Path, cells: str) -> None:
    write(tmp_path, "t.csv", _rows())
    folder = tmp_path / "content"
    folder.mkdir()
    os.symlink(tmp_path / "t.csv", folder / "link.csv")
    os.symlink("/dev/zero", folder / "zero.csv")
    [problem] = refused(write(folder, "tables.yaml", ATTACK_TABLE.format(cells=cells)))
    assert problem.startswith(f"{folder}/tables.yaml:9: cells: ")


def test_a_link_inside_the_folder_is_followed(tmp_path: Path) -> None:
    write(tmp_path, "tables/t.csv", _rows())
    os.symlink(tmp_path / "tables" / "t.csv", tmp_path / "link.csv")
    assert load_file(write(tmp_path, "tables.yaml", ATTACK_TABLE.format(cells="link.csv")))


ENCOUNTER = """schema_version: 1
system: harp
kind: encounter
name: {{fr: E, en: E}}
sides:
  - id: a
    members: [{{{member}}}]
  - id: b
    members: [{{creature: orque}}]
modifiers: {{fight: {fight}}}
"""


@pytest.mark.parametrize(("member", "fight", "field"), [
    ("hero: brundar", "9" * 400, "modifiers.fight"),
    ("hero: brundar, count: true", "0", "count"),
    ("creature: orque, level: 1000000000", "0", "level"),
    ("file: ../heroes.yaml", "0", "file"),
    ("file: /etc/passwd", "0", "file"),
], ids=["400-digit-modifier", "boolean-count", "huge-level", "parent-file", "absolute-file"])
def test_encounters_are_bounded(tmp_path: Path, content: Content, member: str, fight: str, field: str) -> None:
    write(tmp_path, "heroes.yaml", HEADER + HERO.format(level=1, hp=10, skill=5))
    path = write(tmp_path / "enc", "e.yaml", ENCOUNTER.format(member=member, fight=fight))
    with pytest.raises(ContentError) as caught:
        load_encounter(path, content)
    assert any(p.startswith(f"{path}:") and field in p for p in caught.value.problems), caught.value.problems


def test_the_cli_says_one_line_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "bomb.yaml", BOMB)
    start = time.perf_counter()
    code = main(["--lang", "en", "content", "validate", str(tmp_path)])
    assert time.perf_counter() - start < 3
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and f"{tmp_path}/bomb.yaml:" in err


@pytest.mark.parametrize(("sample", "old", "new", "field"), [
    ("pont.yaml", "count: 2", "count: true", "count"),
    ("pont.yaml", "distance: 20", "distance: 1000000000", "distance"),
    ("gue.yaml", "count: 6", "count: true", "count"),
], ids=["d100-boolean-count", "d100-huge-distance", "tor-boolean-count"])
def test_d100_and_one_ring_encounters_are_bounded(tmp_path: Path, content: Content, sample: str, old: str,
                                                  new: str, field: str) -> None:
    from importlib import resources

    from estoc.play.systems import read_encounter

    text = resources.files("estoc.play").joinpath("samples", sample).read_text(encoding="utf-8")
    assert old in text
    path = write(tmp_path, sample, text.replace(old, new, 1))
    with pytest.raises(ContentError) as caught:
        read_encounter(path, content)
    assert any(p.startswith(f"{path}:") and field in p for p in caught.value.problems), caught.value.problems
