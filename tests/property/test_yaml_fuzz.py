"""A fuzz target for the YAML loaders (content files, hero files, encounters of every system): any bytes give records
or an estoc error with ``file: …`` lines, never another exception, never a hang (each example has a deadline).

Inputs are YAML-ish token soups (anchors, aliases, brackets, tags, numbers huge or boolean), shipped files with a
few bytes changed, and raw bytes."""

from __future__ import annotations

import tempfile
from datetime import timedelta
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.content.loader import load_file
from estoc.content.registry import Content, load_folder, shipped_folder
from estoc.errors import ContentError, EstocError
from estoc.play.systems import read_encounter

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "src" / "estoc" / "play" / "samples"
SEEDS = [SAMPLES / "heroes-extra.yaml", SAMPLES / "embuscade.yaml", SAMPLES / "pont.yaml", SAMPLES / "gue.yaml",
         shipped_folder() / "harp" / "weapons.yaml", shipped_folder() / "harp" / "attack-tables.yaml"]
FOLDER = tempfile.TemporaryDirectory(prefix="estoc-yaml-fuzz-")

TOKENS = st.sampled_from([
    "schema_version: 1\n", "system: harp\n", "system: d100\n", "system: tor\n", "kind: heroes\n",
    "kind: encounter\n", "kind: attack-tables\n", "records:\n", "sides:\n", "  - ", "    ", "id: x\n",
    "name: {fr: X, en: X}\n", "level: ", "hp: ", "count: ", "cells: ", "file: ", "../x.csv", "/dev/zero",
    "&a ", "*a", "&b [*a, *a, *a]", "<<: *a\n", "[", "]", "{", "}", ", ", ": ", "- ", "\n", "!!python/object ",
    "!!int ", "!!binary ", "? ", "|\n", ">-\n", "'", '"', "#", "%YAML 1.1\n", "---\n", "...\n", "true", "null",
    "0x1F", "1e400", ".inf", ".nan", "-0", str(10**21), "9" * 400, "é", "\t", "\x85", "\ufeff",
])
SOUP = st.lists(st.one_of(TOKENS, st.text(max_size=4)), max_size=40).map("".join)


@cache
def content() -> Content:
    return load_folder(shipped_folder())


@cache
def seed_bytes(index: int) -> bytes:
    return SEEDS[index].read_bytes()


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(seed_bytes(draw(st.integers(0, len(SEEDS) - 1))))
    for _change in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        piece = draw(st.one_of(TOKENS.map(str.encode), st.binary(max_size=3)))
        cut = draw(st.integers(0, 8))
        data[at:at + cut] = piece
    return bytes(data)


INPUTS = st.one_of(SOUP.map(lambda text: text.encode("utf-8", "surrogatepass")), mutated(), st.binary(max_size=64))
FUZZ = settings(max_examples=60, deadline=timedelta(seconds=3), derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _well_told(error: EstocError, path: Path) -> None:
    assert error.message.strip()
    if isinstance(error, ContentError):
        assert error.problems and all(p.startswith(str(path.parent)) or p.startswith("<") for p in error.problems)


@FUZZ
@given(data=INPUTS)
def test_any_bytes_give_records_or_a_content_error(data: bytes) -> None:
    path = Path(FOLDER.name) / "content" / "fuzzed.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    try:
        records = load_file(path)
    except ContentError as exc:
        _well_told(exc, path)
    else:
        assert all(record.record.id for record in records)


@FUZZ
@given(data=INPUTS)
def test_any_bytes_give_an_encounter_or_an_estoc_error(data: bytes) -> None:
    path = Path(FOLDER.name) / "encounters" / "fuzzed.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    try:
        loaded = read_encounter(path, content())
    except EstocError as exc:
        _well_told(exc, path)
    else:
        assert loaded.system in ("harp", "d100", "tor") and loaded.setup
