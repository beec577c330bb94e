"""The server's keys and the browsers signed in with them, kept in the fights' store beside the GM's choices.

The keys ``estoc serve`` prints are kept per fight (``web_keys``; each player character's own link in
``web_character_keys``), so that a restarted server answers the addresses
already handed out; ``estoc serve --new-keys`` draws new ones and signs everyone out. A browser that brings a key
gets a sign-in of its own (``web_signins``): a random token in its cookie, distinct from the key, of which the
store keeps only a digest, with the CSRF token of that sign-in. Signing everyone out deletes them all. Like
:mod:`.choices`, none of this is in the fight's event log, and the rule systems and the tracker never read it.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from estoc.web.choices import BUSY_TIMEOUT_S, written

KEYS = "web_keys"
SIGNINS = "web_signins"
CHARACTER_KEYS = "web_character_keys"
SCHEMA = (f"CREATE TABLE IF NOT EXISTS {KEYS} (fight_id TEXT PRIMARY KEY REFERENCES fights(id), gm TEXT NOT NULL,"
          " players TEXT NOT NULL)",
          f"CREATE TABLE IF NOT EXISTS {SIGNINS} (digest TEXT PRIMARY KEY, fight_id TEXT NOT NULL, role TEXT NOT NULL,"
          " csrf TEXT NOT NULL)",
          f"CREATE TABLE IF NOT EXISTS {CHARACTER_KEYS} (fight_id TEXT NOT NULL REFERENCES fights(id), who TEXT NOT"
          " NULL, key TEXT NOT NULL, PRIMARY KEY (fight_id, who))")


def digest(token: str) -> str:
    """What the store keeps of a sign-in's token (a stolen store file signs no one in)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def stored_keys(db: Path, fight_id: str, fresh: tuple[str, str], renew: bool = False) -> tuple[str, str]:
    """The fight's (GM, players) keys: those kept, else (and with ``renew``, which also signs everyone out) ``fresh``,
    kept from now on."""
    with written(db, SCHEMA) as con:
        row = con.execute(f"SELECT gm, players FROM {KEYS} WHERE fight_id = ?", (fight_id,)).fetchone()
        if row is not None and not renew:
            return str(row[0]), str(row[1])
        con.execute(f"INSERT INTO {KEYS} (fight_id, gm, players) VALUES (?, ?, ?) ON CONFLICT(fight_id) DO UPDATE "
                    "SET gm = excluded.gm, players = excluded.players", (fight_id, *fresh))
        con.execute(f"DELETE FROM {SIGNINS} WHERE fight_id = ?", (fight_id,))
        con.execute(f"DELETE FROM {CHARACTER_KEYS} WHERE fight_id = ?", (fight_id,))
        return fresh


def stored_character_keys(db: Path, fight_id: str, fresh: Mapping[str, str]) -> dict[str, str]:
    """The keys of the fight's player characters' own links, by combatant id: those kept, and for a character
    without one its key in ``fresh``, kept from now on (``stored_keys(renew=True)`` drops them all)."""
    with written(db, SCHEMA) as con:
        kept = {str(who): str(key) for who, key in con.execute(
            f"SELECT who, key FROM {CHARACTER_KEYS} WHERE fight_id = ?", (fight_id,))}
        for who, key in fresh.items():
            if who not in kept:
                con.execute(f"INSERT INTO {CHARACTER_KEYS} (fight_id, who, key) VALUES (?, ?, ?)", (fight_id, who, key))
                kept[who] = key
        return {who: kept[who] for who in fresh}


def add_signin(db: Path, fight_id: str, token_digest: str, role: str, csrf: str) -> None:
    with written(db, SCHEMA) as con:
        con.execute(f"INSERT OR REPLACE INTO {SIGNINS} (digest, fight_id, role, csrf) VALUES (?, ?, ?, ?)",
                    (token_digest, fight_id, role, csrf))


def find_signin(db: Path, fight_id: str, token_digest: str) -> tuple[str, str] | None:
    """The (role, CSRF token) of a sign-in, or ``None`` (unknown, signed out, or no table yet)."""
    try:
        uri = db.resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S)) as con:
            row = con.execute(f"SELECT role, csrf FROM {SIGNINS} WHERE digest = ? AND fight_id = ?",
                              (token_digest, fight_id)).fetchone()
    except sqlite3.Error:  # (no table yet: no one signed in; a locked store: not now)
        return None
    return (str(row[0]), str(row[1])) if row else None


def drop_signins(db: Path, fight_id: str) -> None:
    """Sign everyone out of this fight."""
    with written(db, SCHEMA) as con:
        con.execute(f"DELETE FROM {SIGNINS} WHERE fight_id = ?", (fight_id,))
