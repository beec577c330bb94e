"""Any input, valid or not, gives a result or an EstocError: never a traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.cli import main
from estoc.content.loader import load_file
from estoc.errors import ContentError

YAML_PIECES = st.sampled_from([
    "schema_version: 1\n", "schema_version: 9\n", "schema_version: x\n", "system: harp\n", "system: nope\n",
    "kind: weapons\n", "kind: armours\n", "kind: shields\n", "kind: attack-tables\n", "kind: fighters\n",
    "records:\n", "records: 3\n", "  - id: lame\n", "  - id: Bad Id\n", "    name: {fr: A, en: B}\n",
    "    name: x\n", "    kind: melee\n", "    kind: missile\n", "    table: lames-1m\n", "    size: medium\n",
    "    size: huge\n", "    group: lames\n", "    fumble: 2\n", "    fumble: -1\n", "    type: 3\n", "    db: 5\n",
    "    cells: nope.csv\n", "    missile: {family: bow, max_range: 100, range_increment: 10, point_blank_range: 5}\n",
    "    hp: 0\n", "  - [1, 2]\n", "- x\n", ": :\n", "{", "\t", "'", "&a *a\n", "!!python/object:os.system\n",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(YAML_PIECES, max_size=14), st.text(max_size=30))
def test_any_content_file_loads_or_raises_content_error(tmp_path: Path, pieces: list[str], noise: str) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text("".join(pieces) + noise, encoding="utf-8")
    try:
        records = load_file(path)
    except ContentError as exc:
        assert exc.problems
        assert all(line.startswith(str(path)) for line in exc.problems)
    else:
        assert all(r.record.id for r in records)


OPTIONS = st.lists(st.sampled_from([
    ["--ob", "80"], ["--ob", "-400"], ["--ob", "x"], ["--db", "45"], ["--db", "999"], ["--weapon", "epee"],
    ["--weapon", "arc-long"], ["--weapon", "zz"], ["--table", "lames-1m"], ["--table", "zz"],
    ["--armor-type", "5"], ["--armor-type", "11"], ["--size", "tiny"], ["--size", "large"], ["--size", "x"],
    ["--roll", "97"], ["--roll", "55"], ["--roll", "1"], ["--roll", "100"], ["--roll", "101"],
    ["--crit-roll", "99"], ["--crit-roll", "0"], ["--fumble-roll", "50"], ["--fumble", "5"], ["--fumble", "500"],
    ["--critical", "froid"], ["--critical", "zz"], ["--additional-critical", "tueur:B"],
    ["--additional-critical", "tueur:Z"], ["--beyond-limit", "second-attack"], ["--beyond-limit", "x"],
    ["--seed", "3"], ["--json"], ["--lang", "fr"],
]), max_size=6)


@settings(max_examples=120, deadline=None)
@given(OPTIONS)
def test_attack_command_never_crashes(options: list[list[str]]) -> None:
    args = ["attack", *[part for option in options for part in option]]
    code = main(args)
    assert code in (0, 2)
