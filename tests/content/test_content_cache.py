"""The cache of the shipped content: the same records as a parse, refreshed when a file changes, never in the way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from estoc.content.cache import cached_records, digest
from estoc.content.loader import content_files, load_file
from estoc.content.registry import load_folder, shipped_folder


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("ESTOC_NO_CACHE", raising=False)
    return tmp_path / "cache" / "estoc"


def test_the_cache_gives_the_parsed_records(cache_home: Path) -> None:
    first = load_folder(shipped_folder())
    assert list(cache_home.glob("content-*.json"))
    second = load_folder(shipped_folder())
    assert first.records.keys() == second.records.keys()
    for key, records in first.records.items():
        assert {k: (v.record, v.line) for k, v in records.items()} == {
            k: (v.record, v.line) for k, v in second.records[key].items()}


def test_a_changed_file_is_parsed_again(cache_home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(shipped_folder(), folder)
    files = list(content_files(folder))
    calls = []

    def parse() -> list:  # type: ignore[type-arg]
        calls.append(1)
        return [r for path in files for r in load_file(path)]

    cached_records(files, parse)
    cached_records(files, parse)
    assert len(calls) == 1
    files[0].write_text(files[0].read_text(encoding="utf-8") + "\n# a GM's note\n", encoding="utf-8")
    assert digest(files) != digest(list(content_files(shipped_folder())))
    cached_records(files, parse)
    assert len(calls) == 2


def test_a_broken_cache_is_ignored(cache_home: Path) -> None:
    load_folder(shipped_folder())
    for path in cache_home.glob("content-*.json"):
        path.write_bytes(b"not JSON")
    assert load_folder(shipped_folder()).kind("harp", "weapons")


def test_an_unwritable_cache_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # a file where the folder should be
    assert load_folder(shipped_folder()).kind("harp", "weapons")


def test_equal_attack_cells_are_one_object_however_the_tables_were_read(cache_home: Path) -> None:
    # A table holds thousands of cells but few distinct ones: each is kept once (cells are frozen), whether the
    # table was read from its CSV file or from the cache.
    from estoc.content.models.harp import AttackTable

    for _read in ("parsed", "from the cache"):
        content = load_folder(shipped_folder())
        tables = content.all("harp", "attack-tables", AttackTable)
        cells = [cell for table in tables for row in table.rows for cell in row]
        assert len(cells) > 10_000
        distinct = {(cell.hits, cell.severity) for cell in cells}
        assert len({id(cell) for cell in cells}) == len(distinct)


def test_the_cache_cannot_run_code(cache_home: Path, tmp_path: Path) -> None:
    """The cache is JSON read through the models: a pickle laid in the cache folder is never read, and a cache file
    whose records fail their models, or that names another digest, is ignored (the files are parsed)."""
    import json
    import pickle

    load_folder(shipped_folder())
    (written,) = cache_home.glob("content-*.json")
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[object, ...]:
            return (marker.write_text, ("code ran",))

    for name in (written.name.replace(".json", ".pickle"), "content.pickle"):
        (cache_home / name).write_bytes(pickle.dumps(Payload()))
    assert load_folder(shipped_folder()).kind("harp", "weapons")
    assert not marker.exists()

    data = json.loads(written.read_text(encoding="utf-8"))
    row = next(r for r in data["records"] if r[1] == "weapons")
    record = json.loads(row[4])
    record["ob_mod"] = "__import__('os').system('true')"
    row[4] = json.dumps(record)
    written.write_text(json.dumps(data), encoding="utf-8")
    weapons = load_folder(shipped_folder()).kind("harp", "weapons")
    assert all(isinstance(item.record.ob_mod, int) for item in weapons.values())  # type: ignore[attr-defined]

    data["digest"] = "0" * 32
    written.write_text(json.dumps(data), encoding="utf-8")
    calls = []
    files = list(content_files(shipped_folder()))

    def parse() -> list:  # type: ignore[type-arg]
        calls.append(1)
        return [r for path in files for r in load_file(path, shipped=True)]

    cached_records(files, parse)
    assert calls == [1]  # another digest inside: parsed again (and written anew)
    cached_records(files, parse)
    assert calls == [1]


def test_a_cache_that_is_a_pipe_is_not_waited_for(cache_home: Path) -> None:
    import os

    load_folder(shipped_folder())
    (written,) = cache_home.glob("content-*.json")
    written.unlink()
    os.mkfifo(written)
    assert load_folder(shipped_folder()).kind("harp", "weapons")  # (a FIFO opened to read would wait for ever)


@pytest.mark.parametrize("path", content_files(shipped_folder()), ids=lambda p: p.name)
def test_the_quick_reading_of_a_shipped_file_is_the_careful_one(path: Path) -> None:
    """libyaml reads estoc's own files (YAML 1.1's resolver): each must give the records and lines that the
    round-trip YAML 1.2 reading gives, or a shipped file has hit a difference between the two."""
    from estoc.content import loader

    assert loader._quick_read(path) is not None, "ruamel.yaml.clib (libyaml) is a dependency: it must be installed"
    quick = load_file(path, shipped=True)
    careful = load_file(path)
    assert [(r.kind, r.record, r.line) for r in quick] == [(r.kind, r.record, r.line) for r in careful]
    assert all(r.line is not None for r in quick)


def test_a_shipped_file_with_a_problem_is_told_where(tmp_path: Path) -> None:
    """A problem in a file read the quick way is reported by the careful reading, on its line."""
    from estoc.errors import ContentError

    source = next(p for p in content_files(shipped_folder()) if p.name == "weapons.yaml")
    broken = tmp_path / "weapons.yaml"
    text = source.read_text(encoding="utf-8")
    broken.write_text(text.replace("records:\n", "records:\n  - id: 3\n", 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_file(broken, shipped=True)
    assert any(f"{broken}:" in problem for problem in caught.value.problems)
