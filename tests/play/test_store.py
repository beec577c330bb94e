"""The event store: round trips, durability settings, refusals that leave foreign files alone, migrations."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from estoc.errors import InputError, StoreError
from estoc.i18n import set_language
from estoc.play import store as store_module
from estoc.play.store import APPLICATION_ID, MIGRATIONS, EventStore, FightInfo

SETUP = {"encounter": "orcs", "combatants": [{"id": "a", "hp": 40}, {"id": "b", "hp": 35}], "round": 0}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "estoc.db"


def test_round_trip(db: Path) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("Orcs at the ford", "harp", SETUP)
        assert store.append(fight, {"kind": "start", "dice": [57, 12]}) == 1
        assert store.append_many(fight, [{"kind": "attack", "by": "a"}, {"kind": "damage", "hp": -7}]) == [2, 3]
        assert store.append(fight, {"kind": "note", "text": "Gîte à l'orée — « ouf »"}) == 4
        events = store.events(fight)
        assert [e["seq"] for e in events] == [1, 2, 3, 4]
        assert events[0] == {"kind": "start", "dice": [57, 12], "seq": 1}
        assert events[3]["text"] == "Gîte à l'orée — « ouf »"
        assert store.events(fight, after=2) == events[2:]
        assert store.setup(fight) == SETUP
        info = store.fight(fight)
        assert (info.id, info.name, info.system, info.events) == (fight, "Orcs at the ford", "harp", 4)
        assert info.updated >= info.created
        assert info.created.endswith("+00:00")


def test_ids_and_listing(db: Path) -> None:
    with EventStore(db) as store:
        ids = [store.create_fight(f"fight {n}", "harp", {}) for n in range(12)]
        assert ids == [str(n) for n in range(1, 13)]
        store.append(ids[0], {"k": 1})
        listed = store.fights()
        assert [f.id for f in listed] == list(reversed(ids))  # newest first, "12" before "2"
        assert all(isinstance(f, FightInfo) for f in listed)
        assert listed[-1].events == 1
        assert listed[0].events == 0
        assert store.events(ids[1]) == []


def test_seqs_are_per_fight_and_contiguous(db: Path) -> None:
    with EventStore(db) as store:
        a = store.create_fight("a", "harp", {})
        b = store.create_fight("b", "tor", {})
        for n in range(10):
            store.append(a if n % 3 else b, {"n": n})
        assert [e["seq"] for e in store.events(a)] == list(range(1, 7))
        assert [e["seq"] for e in store.events(b)] == list(range(1, 5))


def test_reopen_sees_everything(db: Path) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("f", "harp", SETUP)
        store.append_many(fight, [{"n": n} for n in range(5)])
    with EventStore(str(db)) as store:
        assert [e["n"] for e in store.events(fight)] == list(range(5))
        assert store.append(fight, {"n": 5}) == 6
        assert store.setup(fight) == SETUP
    with EventStore(db) as store:
        assert store.fight(fight).events == 6


def test_durability_settings_are_really_set(db: Path) -> None:
    with EventStore(db) as store:
        found = store.settings()
        assert found["journal_mode"] == "wal"
        assert found["synchronous"] == 2  # FULL
        assert found["foreign_keys"] == 1
        assert found["schema_version"] == max(MIGRATIONS)
    raw = sqlite3.connect(db)
    try:
        # WAL is persistent: another connection sees it too.
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        raw.close()


def test_unknown_fight(db: Path) -> None:
    with EventStore(db) as store:
        store.create_fight("f", "harp", {})
        for call in (
            lambda: store.append("9", {"a": 1}),
            lambda: store.append_many("9", []),
            lambda: store.events("9"),
            lambda: store.setup("9"),
            lambda: store.fight("9"),
        ):
            with pytest.raises(StoreError, match="no fight with id 9"):
                call()
        assert store.fight("1").events == 0  # the failed append left nothing behind


def test_store_error_is_an_input_error() -> None:
    assert issubclass(StoreError, InputError)
    assert StoreError.exit_code == 2


@pytest.mark.parametrize(
    "event",
    [{"seq": 3}, {"x": float("nan")}, {"x": object()}, ["not", "a", "dict"]],
    ids=["seq", "nan", "object", "list"],
)
def test_bad_events_are_refused_and_nothing_is_written(db: Path, event: Any) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("f", "harp", {})
        with pytest.raises(StoreError):
            store.append_many(fight, [{"ok": 1}, event])
        assert store.events(fight) == []
        if "seq" not in event:  # a setup may hold any key
            with pytest.raises(StoreError):
                store.create_fight("g", "harp", event)


def test_text_file_is_refused_and_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    content = "players:\n  - Aldo\n  - Béa\n".encode()
    path.write_bytes(content)
    with pytest.raises(StoreError, match="not a SQLite database"):
        EventStore(path)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.db"]


def test_foreign_sqlite_is_refused_and_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE recipes (name TEXT, grams INTEGER)")
    raw.execute("INSERT INTO recipes VALUES ('pain', 500)")
    raw.commit()
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program's SQLite database"):
        EventStore(path)
    assert path.read_bytes() == before


def test_foreign_sqlite_with_same_table_names_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE fights (id TEXT)")
    raw.execute("CREATE TABLE events (id TEXT)")
    raw.commit()
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not an estoc store"):
        EventStore(path)
    assert path.read_bytes() == before


def test_newer_store_is_refused_and_unchanged(db: Path) -> None:
    EventStore(db).close()
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version = {max(MIGRATIONS) + 1}")
    raw.commit()
    raw.close()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="newer estoc"):
        EventStore(db)
    assert db.read_bytes() == before


def test_messages_are_translated(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.write_text("hello")
    set_language("fr")
    with pytest.raises(StoreError) as caught:
        EventStore(path)
    # Whether or not the French catalog has this message yet, it is a plain message naming the file.
    assert str(path) in caught.value.message


def test_folder_and_closed_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        EventStore(tmp_path)
    store = EventStore(tmp_path / "s.db")
    store.close()
    store.close()  # idempotent
    with pytest.raises(StoreError, match="is closed"):
        store.fights()


def test_truncated_store(db: Path) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("f", "harp", SETUP)
        store.append_many(fight, [{"n": n, "payload": "x" * 500} for n in range(200)])
    data = db.read_bytes()
    assert len(data) > 8192
    db.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreError, match="damaged"), EventStore(db) as store:
        store.events(fight)


def test_garbled_header(db: Path) -> None:
    EventStore(db).close()
    data = bytearray(db.read_bytes())
    data[16:100] = b"\xff" * 84  # page size, versions, counters: nonsense after a valid magic
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError), EventStore(db) as store:
        store.fights()


def test_event_json_that_does_not_parse(db: Path) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("f", "harp", SETUP)
        store.append(fight, {"a": 1})
    raw = sqlite3.connect(db)
    raw.execute("UPDATE events SET event = '{\"a\": ' WHERE seq = 1")
    raw.execute("UPDATE fights SET setup = '[1, 2]'")
    raw.commit()
    raw.close()
    with EventStore(db) as store:
        with pytest.raises(StoreError, match="event 1 of fight 1"):
            store.events(fight)
        with pytest.raises(StoreError, match="setup of fight 1"):
            store.setup(fight)


def test_check(db: Path) -> None:
    with EventStore(db) as store:
        store.create_fight("f", "harp", SETUP)
        store.check()


def test_default_path_honours_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = EventStore.default_path()
    assert path == tmp_path / "data" / "estoc" / "estoc.db"
    with EventStore(path) as store:  # the folder is created on opening
        store.create_fight("f", "harp", {})
    assert path.is_file()


def test_default_path_without_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert EventStore.default_path() == tmp_path / ".local" / "share" / "estoc" / "estoc.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # invalid by the XDG spec: ignored
    assert EventStore.default_path() == tmp_path / ".local" / "share" / "estoc" / "estoc.db"


def test_opening_is_idempotent_and_migrations_rerun_safely(db: Path) -> None:
    with EventStore(db) as store:
        fight = store.create_fight("f", "harp", SETUP)
        store.append(fight, {"n": 1})
    for _ in range(3):
        with EventStore(db) as store:
            assert store.settings()["schema_version"] == max(MIGRATIONS)
            assert store.events(fight) == [{"n": 1, "seq": 1}]
    raw = sqlite3.connect(db)
    try:
        for version in sorted(MIGRATIONS):  # each migration may run again on a store that has it
            MIGRATIONS[version](raw)
        raw.commit()
        assert raw.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1
    finally:
        raw.close()


def test_older_store_is_migrated(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    latest = max(MIGRATIONS)
    with EventStore(db) as store:  # a store of the latest version
        fight = store.create_fight("f", "harp", SETUP)
        store.append(fight, {"n": 1})

    def add_index(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE INDEX IF NOT EXISTS fights_by_system ON fights (system)")

    monkeypatch.setitem(store_module.MIGRATIONS, latest + 1, add_index)
    for n in (2, 3):
        with EventStore(db) as store:
            assert store.settings()["schema_version"] == latest + 1
            assert store.events(fight)[0] == {"n": 1, "seq": 1}
            assert store.append(fight, {"n": n}) == n
    raw = sqlite3.connect(db)
    try:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        assert "fights_by_system" in names
    finally:
        raw.close()
    monkeypatch.delitem(store_module.MIGRATIONS, latest + 1)
    with pytest.raises(StoreError, match="newer estoc"):  # the old estoc refuses the upgraded store
        EventStore(db)


json_scalars = st.integers() | st.text(max_size=20) | st.booleans()
json_values = json_scalars | st.lists(json_scalars, max_size=5)
json_events = st.dictionaries(st.text(max_size=10).filter(lambda key: key != "seq"), json_values, max_size=6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=st.lists(json_events, max_size=8), batch=st.booleans())
def test_any_json_events_round_trip(tmp_path: Path, events: list[dict[str, Any]], batch: bool) -> None:
    with EventStore(tmp_path / "prop.db") as store:
        fight = store.create_fight("p", "harp", {"events": len(events)})
        seqs = store.append_many(fight, events) if batch else [store.append(fight, event) for event in events]
        assert seqs == list(range(1, len(events) + 1))
        back = store.events(fight)
        assert [e.pop("seq") for e in back] == seqs
        assert back == events


def test_a_store_in_a_folder_nobody_may_write_is_read_as_immutable(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite cannot open a WAL store read-only without writing its shared-memory file beside it: in a folder nobody
    may write, the store is read as an immutable file instead. (Root may write anywhere, so the folder's refusal and
    SQLite's are played here.)"""
    with EventStore(db) as store:
        fight = store.create_fight("Orcs at the ford", "harp", SETUP)
        store.append(fight, {"kind": "start", "dice": [57]})
    opened: list[str] = []
    original = EventStore._read_only_connection

    def refuse_unless_immutable(self: EventStore, uri: str) -> sqlite3.Connection:
        opened.append(uri)
        if "immutable=1" not in uri:
            raise StoreError("unable to open database file (played)")
        return original(self, uri)

    monkeypatch.setattr(EventStore, "_read_only_connection", refuse_unless_immutable)
    monkeypatch.setattr(store_module.os, "access", lambda path, mode: False)
    with EventStore(db, read_only=True) as store:
        assert [info.id for info in store.fights()] == [fight]
        assert store.events(fight)[0]["dice"] == [57]
    assert [uri.endswith("&immutable=1") for uri in opened] == [False, True]
    # where the folder may be written, SQLite's refusal is the answer: no second try
    monkeypatch.setattr(store_module.os, "access", lambda path, mode: True)
    with pytest.raises(StoreError, match="played"):
        EventStore(db, read_only=True)
