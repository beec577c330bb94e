"""The event store: each fight's setup and its events, in one embedded SQLite database.

Events are the truth in play (DESIGN.md, principle 6): the tracker appends a command's events here and only then changes
its state, so a fight reloaded after a crash replays to the same state. An :meth:`EventStore.append` returns only once
its transaction is committed with ``synchronous=FULL`` in WAL mode, i.e. once the event is on disk.

Fight ids are ``"1"``, ``"2"``, ``"3"``… in order of creation: short enough to type at the table, unique in one store,
never reused while the latest fight is kept (the next id is one more than the highest).

The file is checked before anything is written to it: a file that is not SQLite, another program's SQLite database or a
store written by a newer estoc raises :class:`~estoc.errors.StoreError` and is left as it was. Every SQLite failure
(damaged or truncated file, disk full, store busy) also reaches callers as a ``StoreError`` with a translated message.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from estoc.errors import StoreError
from estoc.files import is_regular, reason_of
from estoc.i18n import _

__all__ = ["APPLICATION_ID", "MIGRATIONS", "EventStore", "FightInfo", "StaleError"]

#: ``PRAGMA application_id`` of an estoc store ("estc"): tells our files from other programs' SQLite databases.
APPLICATION_ID = 0x65737463

_SQLITE_MAGIC = b"SQLite format 3\x00"
# A second estoc process (a web view, a second terminal) may hold the write lock for a moment; wait rather than fail.
_BUSY_TIMEOUT_S = 10.0
_TABLES = frozenset({"fights", "events"})


class StaleError(StoreError):
    """An append decided on a version of the fight that is no longer the stored one: another writer (a second
    terminal, a browser tab) appended meanwhile."""


def _migrate_1(db: sqlite3.Connection) -> None:
    """Version 1: the fights and their events."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS fights ("
        " id TEXT PRIMARY KEY,"
        " name TEXT NOT NULL,"
        " system TEXT NOT NULL,"
        " created TEXT NOT NULL,"
        " updated TEXT NOT NULL,"
        " setup TEXT NOT NULL)"
    )
    db.execute(
        "CREATE TABLE IF NOT EXISTS events ("
        " fight_id TEXT NOT NULL REFERENCES fights(id),"
        " seq INTEGER NOT NULL CHECK (seq >= 1),"
        " at TEXT NOT NULL,"
        " event TEXT NOT NULL,"
        " PRIMARY KEY (fight_id, seq))"
    )


def _migrate_2(db: sqlite3.Connection) -> None:
    """Version 2: what ``estoc fight list`` shows without replaying a fight: where it comes from (``table``: played at
    the table or in the browser; ``script``: ``estoc run``) and, as last noted, its round and whether it is over
    (noted with the number of events it held then: a fight played on since is replayed to be listed)."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS progress ("
        " fight_id TEXT PRIMARY KEY REFERENCES fights(id),"
        " origin TEXT NOT NULL DEFAULT 'table',"
        " events INTEGER NOT NULL DEFAULT -1,"
        " round INTEGER NOT NULL DEFAULT 0,"
        " over INTEGER NOT NULL DEFAULT 0)"
    )


#: Schema migrations by the version they produce. Each runs inside the opening transaction and must be idempotent
#: (``IF NOT EXISTS``…), so that a half-known state never breaks an upgrade. Add a new version; never edit an old one.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_1, 2: _migrate_2}


@dataclass(frozen=True, slots=True)
class FightInfo:
    """One fight of the store, without its events.

    Attributes:
        id: the fight's id (``"1"``, ``"2"``…).
        name: the name the GM gave it.
        system: the rule system's id.
        created: when it was created, ISO 8601 UTC.
        updated: when its last event was appended (or its creation), ISO 8601 UTC.
        events: how many events it holds.
        origin: ``"table"`` (played by a GM) or ``"script"`` (``estoc run``).
        round: its round, as last noted (see :meth:`EventStore.note_progress`).
        over: whether it was over, as last noted.
        noted: the number of events it held when its round and end were noted (-1: never); when it differs from
            ``events``, ``round`` and ``over`` are out of date.
    """

    id: str
    name: str
    system: str
    created: str
    updated: str
    events: int
    origin: str = "table"
    round: int = 0
    over: bool = False
    noted: int = -1

    @property
    def progress_known(self) -> bool:
        """Whether ``round`` and ``over`` are those of the fight as stored."""
        return self.noted == self.events


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _dump(value: object, *, is_setup: bool = False) -> str:
    """JSON text of an event (or of a fight's setup), or ``StoreError`` saying why it cannot be stored."""
    reason: object = None
    if not isinstance(value, dict):
        reason = _("not a dict but {type}").format(type=type(value).__name__)
    else:
        try:
            # Strict JSON (no NaN) so that any JSON reader can replay a store; UTF-8 kept readable in the file.
            return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            reason = exc
    # Translated only on failure: an append is on the GM's hot path.
    if is_setup:
        message = _("a fight's setup must be a dict of JSON values ({reason})")
    else:
        message = _("an event must be a dict of JSON values ({reason})")
    raise StoreError(message.format(reason=reason))


class EventStore:
    """An estoc store: fights, their setups and their events, in one SQLite file.

    Use it as a context manager, or call :meth:`close`. One store object belongs to one thread; several processes may
    open the same file at once (writes are serialized by SQLite's lock).

    Attributes:
        path: the database file.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False, writes_later: bool = False) -> None:
        """Open the store at ``path``, creating the file (and its folder) or upgrading its schema as needed.

        Args:
            path: the database file.
            read_only: open it for reading only (SQLite's ``mode=ro``): nothing is created or upgraded, and it works
                on a read-only file or a full disk; appends are refused, unless ``writes_later``.
            writes_later: with ``read_only``, the first append opens the store for writing (a fight resumed: read
                even from a read-only store; its first command then says why it cannot be stored).

        Raises:
            StoreError: the file is not an estoc store, comes from a newer estoc, is damaged, or cannot be opened.
        """
        self.path = Path(path).expanduser()
        self.read_only = read_only
        self._writes_later = read_only and writes_later
        self._db: sqlite3.Connection | None = None
        self._db = self._open_read_only() if read_only else self._open()

    # ----------------------------------------------------------------------------------------------------- opening

    @staticmethod
    def default_path() -> Path:
        """``$XDG_DATA_HOME/estoc/estoc.db``, or ``~/.local/share/estoc/estoc.db`` when that is unset."""
        base = os.environ.get("XDG_DATA_HOME", "")
        # The XDG spec says a relative value is invalid and must be ignored.
        root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
        return root / "estoc" / "estoc.db"

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise StoreError(_("{path} is a folder, not a store file").format(path=path))
        if path.exists() and not is_regular(path):
            raise StoreError(_("{path} is not a regular file (a pipe or a device), not a store file").format(
                path=path))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            head = b""
            if path.exists():
                with path.open("rb") as handle:
                    head = handle.read(len(_SQLITE_MAGIC))
        except OSError as exc:
            raise StoreError(
                _("cannot open the store {path} ({reason})").format(path=path, reason=reason_of(exc))
            ) from exc
        # Read the magic ourselves: SQLite opens any file and only fails at the first query, and an empty file is a
        # valid empty database (a new store).
        if head and head != _SQLITE_MAGIC:
            raise StoreError(_("{path} is not an estoc store: it is not a SQLite database").format(path=path))
        with self._guard():
            # isolation_level=None: no implicit transactions; every write below says BEGIN IMMEDIATE itself.
            db = sqlite3.connect(path, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        try:
            with self._guard():
                # Only reads until _inspect has accepted the file: a foreign database must stay byte for byte.
                version = self._inspect(db)
                mode = str(db.execute("PRAGMA journal_mode=WAL").fetchone()[0])
                if mode.lower() != "wal":
                    raise StoreError(
                        _("{path} cannot use write-ahead logging (journal mode stays {mode})").format(
                            path=path, mode=mode
                        )
                    )
                db.execute("PRAGMA synchronous=FULL")
                db.execute("PRAGMA foreign_keys=ON")
                if version < max(MIGRATIONS):
                    if version >= 1:
                        self._backup_to(db, self._backup_path("upgrade"))
                    self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    def _open_read_only(self) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise StoreError(_("{path} is a folder, not a store file").format(path=path))
        if path.exists() and not is_regular(path):
            raise StoreError(_("{path} is not a regular file (a pipe or a device), not a store file").format(
                path=path))
        if not path.is_file():
            raise StoreError(_("there is no fights' store at {path}").format(path=path))
        try:
            with path.open("rb") as handle:
                head = handle.read(len(_SQLITE_MAGIC))
        except OSError as exc:
            raise StoreError(
                _("cannot open the store {path} ({reason})").format(path=path, reason=reason_of(exc))
            ) from exc
        if head and head != _SQLITE_MAGIC:
            raise StoreError(_("{path} is not an estoc store: it is not a SQLite database").format(path=path))
        uri = path.resolve().as_uri() + "?mode=ro"
        try:
            db = self._read_only_connection(uri)
        except StoreError:
            if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
                raise
            # A WAL store in a folder we cannot write: SQLite cannot make its shared-memory file; nobody can write
            # the store either, so it may be read as an immutable file.
            db = self._read_only_connection(uri + "&immutable=1")
        try:
            with self._guard():
                version = self._inspect(db)
        except BaseException:
            db.close()
            raise
        if version < max(MIGRATIONS):
            db.close()
            if version == 0:
                raise StoreError(_("{path} holds no fights yet").format(path=path))
            # An older store: upgraded once (with its backup), then read.
            EventStore(path).close()
            db = self._read_only_connection(uri)
        return db

    def _read_only_connection(self, uri: str) -> sqlite3.Connection:
        with self._guard():
            db = sqlite3.connect(uri, uri=True, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        try:
            with self._guard():
                db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except BaseException:
            db.close()
            raise
        return db

    def _inspect(self, db: sqlite3.Connection) -> int:
        """The schema version of an estoc store (0 for an empty file), or ``StoreError`` for anything else."""
        application_id = int(db.execute("PRAGMA application_id").fetchone()[0])
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        names = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}
        if application_id == 0 and version == 0 and not names:
            return 0
        if application_id != APPLICATION_ID:
            raise StoreError(
                _("{path} is not an estoc store: it is another program's SQLite database").format(path=self.path)
            )
        latest = max(MIGRATIONS)
        if version > latest:
            raise StoreError(
                _(
                    "{path} was written by a newer estoc (store version {found}, this estoc reads up to {latest}): "
                    "upgrade estoc"
                ).format(path=self.path, found=version, latest=latest)
            )
        if version >= 1 and not names >= _TABLES:
            raise self._damaged(_("tables missing: {tables}").format(tables=", ".join(sorted(_TABLES - names))))
        return version

    def _migrate(self, db: sqlite3.Connection) -> None:
        with self._transaction(db):
            # Inspect again under the write lock: another process may have created or upgraded the store meanwhile.
            version = self._inspect(db)
            latest = max(MIGRATIONS)
            for step in range(version + 1, latest + 1):
                MIGRATIONS[step](db)
            # Pragmas cannot take parameters; both values are our own integers.
            db.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
            db.execute(f"PRAGMA user_version = {latest:d}")

    # ---------------------------------------------------------------------------------------------------- backups

    def backups_folder(self) -> Path:
        """Where this store's backups go: ``backups/`` next to it."""
        return self.path.parent / "backups"

    def _backup_path(self, why: str) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
        return self.backups_folder() / f"{self.path.stem}-{stamp}-{why}.db"

    def latest_backup(self) -> Path | None:
        """The newest backup of this store, if any."""
        folder = self.backups_folder()
        try:
            found = sorted(folder.glob(f"{self.path.stem}-*.db"))
        except OSError:
            return None
        return found[-1] if found else None

    def backup(self, target: Path | None = None) -> Path:
        """Copy the store, consistent even while another process writes, with SQLite's backup API.

        Args:
            target: the copy's file (default: a new file in :meth:`backups_folder`); it must not exist.

        Returns:
            The copy's path.
        """
        return self._backup_to(self._connection(), target or self._backup_path("backup"))

    def _backup_to(self, db: sqlite3.Connection, target: Path) -> Path:
        if target.exists() or target.is_symlink():
            raise StoreError(_("{path} already exists; the backup was not written").format(path=target))
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(_("cannot write the backup {path} ({reason})").format(
                path=target, reason=reason_of(exc))) from exc
        copy: sqlite3.Connection | None = None
        try:
            copy = sqlite3.connect(target)
            db.backup(copy)
        except sqlite3.Error as exc:
            if copy is not None:
                copy.close()
                copy = None
            with suppress(OSError):
                target.unlink()
            raise StoreError(_("cannot write the backup {path} ({reason})").format(path=target, reason=exc)) from exc
        finally:
            if copy is not None:
                copy.close()
        return target

    # ---------------------------------------------------------------------------------------------- the connection

    def _start_writing(self) -> None:
        """Swap the read-only connection for a writing one (opened, checked and upgraded as any)."""
        self._connection()
        writer = self._open()
        old, self._db = self._db, writer
        self.read_only = self._writes_later = False
        if old is not None:
            with self._guard():
                old.close()

    def close(self) -> None:
        """Close the store (idempotent). The last connection to close also folds the WAL into the main file."""
        db, self._db = self._db, None
        if db is not None:
            with self._guard():
                db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._db is None else "open"
        return f"EventStore({str(self.path)!r}, {state})"

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(_("the store {path} is closed").format(path=self.path))
        return self._db

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn any SQLite failure into a ``StoreError`` that a user can read."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self._translate(exc) from exc

    def _translate(self, exc: sqlite3.Error) -> StoreError:
        code = getattr(exc, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None  # extended codes keep the primary in the low byte
        path, reason = self.path, str(exc)
        if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return self._damaged(reason)
        if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            message = _("{path} is busy: another estoc is writing to it; try again")
        elif primary == sqlite3.SQLITE_FULL:
            message = _("cannot write to {path}: the disk is full")
        elif primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
            message = _("cannot write to {path}: it is read-only")
        elif primary == sqlite3.SQLITE_CANTOPEN:
            message = _("cannot open the store {path} ({reason})")
            reason = _("the file or its folder cannot be opened: missing, or not yours")
        elif primary == sqlite3.SQLITE_IOERR:
            message = _("cannot read or write {path} ({reason})")
            reason = _("an input/output error of the disk")
        else:
            message = _("store {path}: {reason}")
        return StoreError(message.format(path=path, reason=reason))

    @contextmanager
    def _transaction(self, db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rollback on any error, including an interrupt."""
        with self._guard():
            # IMMEDIATE takes the write lock first, so reading MAX(seq) and inserting the next one cannot interleave.
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                # SQLite has already rolled back after some errors (disk full, I/O); a second rollback would fail.
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise

    # --------------------------------------------------------------------------------------------------- writing

    def create_fight(self, name: str, system: str, setup: dict[str, Any], *, origin: str = "table") -> str:
        """Store a new fight and return its id (``"1"``, ``"2"``…).

        Args:
            name: a name for the GM.
            system: the rule system's id.
            setup: the encounter, a JSON-able dict (tuples come back as lists, keys as strings).
            origin: ``"table"`` (a GM plays it) or ``"script"`` (``estoc run``: hidden from ``estoc fight list``
                unless asked).
        """
        text = _dump(setup, is_setup=True)
        now = _now()
        with self._transaction(self._connection()) as db:
            next_id = int(db.execute("SELECT COALESCE(MAX(CAST(id AS INTEGER)), 0) + 1 FROM fights").fetchone()[0])
            db.execute(
                "INSERT INTO fights (id, name, system, created, updated, setup) VALUES (?, ?, ?, ?, ?, ?)",
                (str(next_id), name, system, now, now, text),
            )
            db.execute("INSERT INTO progress (fight_id, origin) VALUES (?, ?)", (str(next_id), origin))
        return str(next_id)

    def note_progress(self, fight_id: str, events: int, round_: int, over: bool) -> None:
        """Note a fight's round and end as they stand after ``events`` events (what ``estoc fight list`` shows)."""
        if self._writes_later:
            self._start_writing()
        with self._transaction(self._connection()) as db:
            self._require(db, fight_id)
            db.execute(
                "INSERT INTO progress (fight_id, events, round, over) VALUES (?, ?, ?, ?)"
                " ON CONFLICT(fight_id) DO UPDATE SET events = excluded.events, round = excluded.round,"
                " over = excluded.over",
                (fight_id, int(events), int(round_), int(bool(over))),
            )

    def set_origin(self, fight_id: str, origin: str) -> None:
        """Say where a fight comes from: ``"table"`` or ``"script"`` (see :meth:`create_fight`)."""
        if self._writes_later:
            self._start_writing()
        with self._transaction(self._connection()) as db:
            self._require(db, fight_id)
            db.execute("INSERT INTO progress (fight_id, origin) VALUES (?, ?)"
                       " ON CONFLICT(fight_id) DO UPDATE SET origin = excluded.origin", (fight_id, origin))

    def delete_fight(self, fight_id: str) -> None:
        """Remove a fight and all its events, in one transaction (``StoreError`` for an unknown id)."""
        if self._writes_later:
            self._start_writing()
        with self._transaction(self._connection()) as db:
            self._require(db, fight_id)
            db.execute("DELETE FROM events WHERE fight_id = ?", (fight_id,))
            db.execute("DELETE FROM progress WHERE fight_id = ?", (fight_id,))
            db.execute("DELETE FROM fights WHERE id = ?", (fight_id,))

    def append(self, fight_id: str, event: dict[str, Any], *, version: int | None = None) -> int:
        """Append one event to a fight; return its ``seq`` once it is committed to disk.

        Args:
            fight_id: the fight.
            event: a JSON dict.
            version: the number of events the writer saw when it decided this event; ``None`` appends whatever
                the store holds meanwhile.

        Raises:
            StaleError: the fight holds another number of events than ``version`` (another writer appended).
            StoreError: unknown fight, an event that is not a JSON dict or uses the key ``"seq"``, or a store failure.
        """
        return self.append_many(fight_id, [event], version=version)[0]

    def append_many(self, fight_id: str, events: list[dict[str, Any]], *, version: int | None = None) -> list[int]:
        """Append several events in one transaction (all or none); return their ``seq``, in order (``version`` as
        in :meth:`append`)."""
        if self._writes_later:
            self._start_writing()
        texts = []
        for event in events:
            if isinstance(event, dict) and "seq" in event:
                # events() adds "seq" to each dict; a stored one would be silently overwritten on the way back.
                raise StoreError(_("an event may not use the key 'seq': the store numbers events itself"))
            texts.append(_dump(event))
        now = _now()
        with self._transaction(self._connection()) as db:
            # The UPDATE both refreshes `updated` and tells whether the fight exists.
            if db.execute("UPDATE fights SET updated = ? WHERE id = ?", (now, fight_id)).rowcount == 0:
                raise self._unknown(fight_id)
            last = int(
                db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE fight_id = ?", (fight_id,)).fetchone()[0]
            )
            if version is not None and last != version:
                raise StaleError(_(
                    "fight {fight_id} was changed elsewhere (another terminal or screen) since this command was "
                    "decided: it was not stored; the fight is shown again as stored").format(fight_id=fight_id))
            seqs = list(range(last + 1, last + 1 + len(texts)))
            db.executemany(
                "INSERT INTO events (fight_id, seq, at, event) VALUES (?, ?, ?, ?)",
                [(fight_id, seq, now, text) for seq, text in zip(seqs, texts, strict=True)],
            )
        return seqs

    # --------------------------------------------------------------------------------------------------- reading

    def events(self, fight_id: str, after: int = 0) -> list[dict[str, Any]]:
        """A fight's events in ``seq`` order, each the dict as appended plus its ``"seq"``.

        Args:
            fight_id: the fight.
            after: only the events whose ``seq`` is greater (to catch up on a replay).
        """
        db = self._connection()
        with self._guard():
            rows = db.execute(
                "SELECT seq, event FROM events WHERE fight_id = ? AND seq > ? ORDER BY seq", (fight_id, after)
            ).fetchall()
            if not rows:
                self._require(db, fight_id)
        result = []
        for seq, text in rows:
            event = self._load(text, _("event {seq} of fight {fight_id}").format(seq=seq, fight_id=fight_id))
            event["seq"] = int(seq)
            result.append(event)
        return result

    def setup(self, fight_id: str) -> dict[str, Any]:
        """The setup stored with a fight."""
        db = self._connection()
        with self._guard():
            row = db.execute("SELECT setup FROM fights WHERE id = ?", (fight_id,)).fetchone()
        if row is None:
            raise self._unknown(fight_id)
        return self._load(row[0], _("the setup of fight {fight_id}").format(fight_id=fight_id))

    def fights(self) -> list[FightInfo]:
        """Every fight, newest first (by creation)."""
        return self._infos("", ())

    def fight(self, fight_id: str) -> FightInfo:
        """One fight's information."""
        found = self._infos("WHERE f.id = ?", (fight_id,))
        if not found:
            raise self._unknown(fight_id)
        return found[0]

    def settings(self) -> dict[str, int | str]:
        """What SQLite reports for this store: journal mode, synchronous level (2 is FULL), foreign keys, version."""
        db = self._connection()
        with self._guard():
            return {
                name: db.execute(f"PRAGMA {pragma}").fetchone()[0]
                for name, pragma in (
                    ("journal_mode", "journal_mode"),
                    ("synchronous", "synchronous"),
                    ("foreign_keys", "foreign_keys"),
                    ("schema_version", "user_version"),
                )
            }

    def check(self) -> None:
        """Run SQLite's full integrity check (slow on a big store); ``StoreError`` if anything is wrong."""
        db = self._connection()
        with self._guard():
            problems = [str(row[0]) for row in db.execute("PRAGMA integrity_check").fetchall()]
        if problems != ["ok"]:
            raise self._damaged("; ".join(problems[:5]))

    def _infos(self, where: str, params: tuple[str, ...]) -> list[FightInfo]:
        db = self._connection()
        with self._guard():
            rows = db.execute(
                "SELECT f.id, f.name, f.system, f.created, f.updated,"
                " (SELECT COUNT(*) FROM events e WHERE e.fight_id = f.id),"
                " COALESCE(p.origin, 'table'), COALESCE(p.round, 0), COALESCE(p.over, 0), COALESCE(p.events, -1)"
                f" FROM fights f LEFT JOIN progress p ON p.fight_id = f.id {where}"
                " ORDER BY CAST(f.id AS INTEGER) DESC",
                params,
            ).fetchall()
        return [
            FightInfo(id=str(i), name=str(n), system=str(s), created=str(c), updated=str(u), events=int(k),
                      origin=str(o), round=int(r), over=bool(v), noted=int(e))
            for i, n, s, c, u, k, o, r, v, e in rows
        ]

    def _require(self, db: sqlite3.Connection, fight_id: str) -> None:
        if db.execute("SELECT 1 FROM fights WHERE id = ?", (fight_id,)).fetchone() is None:
            raise self._unknown(fight_id)

    def _unknown(self, fight_id: str) -> StoreError:
        return StoreError(_("no fight with id {fight_id} in {path}").format(fight_id=fight_id, path=self.path))

    def _load(self, text: object, what: str) -> dict[str, Any]:
        try:
            value = json.loads(text) if isinstance(text, str | bytes) else None
        except ValueError:
            value = None
        if not isinstance(value, dict):
            raise self._damaged(_("{what} is not a JSON dict").format(what=what))
        return value

    def _damaged(self, reason: str) -> StoreError:
        latest = self.latest_backup()
        if latest is not None:
            return StoreError(_("{path} is damaged ({reason}); restore the latest backup, {backup}, or start a new "
                                "fights' store").format(path=self.path, reason=reason, backup=latest))
        message = _("{path} is damaged ({reason}); restore a backup or start a new store")
        return StoreError(message.format(path=self.path, reason=reason))
