"""The GM's choices about the screens that outlive the server: whether the players see the adversaries' numbers
(``web_reveal``), whether a player's answer to a die waits for the GM's OK (``web_hold``).

Kept in the fights' store, in a table of its own (``web_reveal``), beside the fights and their events and never in
them: the tracker's event log is what undo, redo and replay fold, and a display choice stored there would be the
command an undo takes back (and would forget what was undone). The rule systems and the tracker never read it;
backups copy it with the rest of the file; a store without the table (no choice made yet) reads as « hidden ».
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from estoc.errors import StoreError
from estoc.i18n import _

TABLE = "web_reveal"
HOLD = "web_hold"
BUSY_TIMEOUT_S = 5.0


def _open(db: Path) -> sqlite3.Connection:
    if not db.is_file():
        raise StoreError(_("cannot open the store {path} ({reason})").format(path=db, reason=_("no such file")))
    return sqlite3.connect(db, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def stored_reveal(db: Path, fight_id: str) -> bool:
    """Whether the GM chose to show the adversaries' numbers in this fight (``False`` if never chosen)."""
    return _stored(db, fight_id, TABLE, "reveal")


def stored_hold(db: Path, fight_id: str) -> bool:
    """Whether the GM chose that the players' answers to their dice wait for the GM's OK (``False`` if never)."""
    return _stored(db, fight_id, HOLD, "hold")


def store_hold(db: Path, fight_id: str, hold: bool) -> None:
    """Keep the GM's choice for this fight."""
    _store(db, fight_id, HOLD, "hold", hold)


def _store(db: Path, fight_id: str, table: str, column: str, value: bool) -> None:
    schema = (f"CREATE TABLE IF NOT EXISTS {table} (fight_id TEXT PRIMARY KEY REFERENCES fights(id),"
              f" {column} INTEGER NOT NULL)",)
    with written(db, schema) as con:
        con.execute(f"INSERT INTO {table} (fight_id, {column}) VALUES (?, ?) "
                    f"ON CONFLICT(fight_id) DO UPDATE SET {column} = excluded.{column}", (fight_id, int(value)))


def _stored(db: Path, fight_id: str, table: str, column: str) -> bool:
    try:
        with contextlib.closing(_open(db)) as con:
            found = con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
                                (table,)).fetchone()
            if found is None:
                return False
            row = con.execute(f"SELECT {column} FROM {table} WHERE fight_id = ?", (fight_id,)).fetchone()
    except sqlite3.Error as exc:
        raise StoreError(_("cannot read the store {path} ({reason})").format(path=db, reason=exc)) from exc
    return bool(row and row[0])


def store_reveal(db: Path, fight_id: str, reveal: bool) -> None:
    """Keep the GM's choice for this fight."""
    _store(db, fight_id, TABLE, "reveal", reveal)


@contextlib.contextmanager
def written(db: Path, schema: Iterable[str]) -> Iterator[sqlite3.Connection]:
    """One write transaction on the fights' store, its web tables created first (``schema``); the screens' tables
    (the reveal choice, the keys and sign-ins) all write through it."""
    try:
        with contextlib.closing(_open(db)) as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                for statement in schema:
                    con.execute(statement)
                yield con
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
    except sqlite3.Error as exc:
        raise StoreError(_("cannot write to the store {path} ({reason})").format(path=db, reason=exc)) from exc
