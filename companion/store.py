"""One SQLite file, through sqlite-utils: rooms, seats, each room's log, votes and ballots.

Durability: the writes of one request commit together in one transaction (``transaction``:
all or none; ``synchronous=FULL``, rollback journal) before any screen is told, so ``kill -9``
loses nothing a screen showed.

Secrecy: a ballot row holds only a random id, the vote it belongs to and the choice. The
table is ``WITHOUT ROWID`` and keyed by that random id, so no column and no implicit rowid
says when — or by whom — a ballot was cast. Nor does the place of a row in the file: all of a
vote's ballot slots are written, empty, when the vote opens, and a cast fills randomly chosen
empty slots in place with a value of the same size (see ballots.py). Who has voted is a
separate table keyed by (vote, voter). The rollback journal (not WAL, which keeps commits in
order) and ``secure_delete`` leave no trail of the order of writes in the file.
"""
from __future__ import annotations

import json
import logging
import os
import secrets
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import sqlite_utils

from .errors import Fault
from .folders import data_dir
from .language import COMPANION, HOME, Message, Speaker

log = logging.getLogger(__name__)
_ = Speaker(COMPANION, HOME)  # the companion's catalog: the faults the table is told of

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
    created TEXT NOT NULL, ended INTEGER NOT NULL DEFAULT 0,
    players TEXT, options TEXT NOT NULL DEFAULT '{}', timer_end REAL,
    next_room TEXT,  -- after "Play again" or "Another game": where this room's phones go
    suggested TEXT,  -- "Play again": the options the room before started with, for the form
    imported INTEGER NOT NULL DEFAULT 0  -- 1: a game of an imported record, with no log
);
CREATE TABLE IF NOT EXISTS seats (
    id TEXT PRIMARY KEY, room TEXT NOT NULL REFERENCES rooms(code),
    name TEXT NOT NULL, position INTEGER NOT NULL, token_hash TEXT,
    colour INTEGER,  -- the player's colour, kept when the table changes their place
    player TEXT,  -- who this is across rooms and nights (a hash of the phone's player key)
    language TEXT,  -- the language its player picked on their phone (NULL: their browser's)
    UNIQUE (room, name)
);
CREATE TABLE IF NOT EXISTS pins (
    seat TEXT PRIMARY KEY REFERENCES seats(id), hash TEXT NOT NULL
);  -- a seat's PIN for its private screen on a shared device (salted hash)
CREATE TABLE IF NOT EXISTS log (
    room TEXT NOT NULL REFERENCES rooms(code), seq INTEGER NOT NULL,
    kind TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS votes (
    id TEXT PRIMARY KEY, room TEXT NOT NULL REFERENCES rooms(code), key TEXT NOT NULL,
    spec TEXT NOT NULL, status TEXT NOT NULL, reveal_order TEXT, revealed INTEGER NOT NULL DEFAULT 0,
    applied INTEGER NOT NULL DEFAULT 0,
    open_ballots TEXT  -- an open vote's ballots by voter (a secret vote's stays NULL)
);
CREATE TABLE IF NOT EXISTS voted (
    vote TEXT NOT NULL REFERENCES votes(id), voter TEXT NOT NULL, PRIMARY KEY (vote, voter)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results (
    room TEXT PRIMARY KEY REFERENCES rooms(code), game TEXT NOT NULL, title TEXT NOT NULL,
    finished TEXT NOT NULL, summary TEXT NOT NULL, details TEXT NOT NULL DEFAULT '{}'
);  -- how a finished game came out (the night's record); a vote's numbers only
CREATE TABLE IF NOT EXISTS result_players (
    room TEXT NOT NULL REFERENCES results(room), player TEXT NOT NULL,
    seat INTEGER NOT NULL, place INTEGER, won INTEGER NOT NULL, score INTEGER,
    player_id TEXT,  -- the seat's player (seats.player): a rename keeps the history
    PRIMARY KEY (room, player)
);
CREATE TABLE IF NOT EXISTS ballots (
    id TEXT PRIMARY KEY, vote TEXT NOT NULL REFERENCES votes(id), choice TEXT NOT NULL
) WITHOUT ROWID;  -- one slot per expected ballot, made when the vote opens
"""


def default_path() -> Path:
    """In the user's data folder by the OS's rules (folders.py), unless COMPANION_DB names a file."""
    if os.environ.get("COMPANION_DB"):
        return Path(os.environ["COMPANION_DB"])
    return data_dir() / "companion.db"


class Store:
    """The one database file. Methods are small; the rooms module decides what they mean."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        private_folder(self.path.parent)
        # the file holds who sat where and the games' secrets: the host's user alone reads it
        os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
        os.chmod(self.path, 0o600)
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA secure_delete=ON")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(SCHEMA)
        migrate(conn)
        self.db = sqlite_utils.Database(conn)
        self.lock = threading.RLock()
        self.generation = 0  # counts commits: what was read before one may have changed
        # counts commits that changed the night's record (results): a night of 500 games is
        # read again when a game ends or is undone, not after every move of every room
        self.record_generation = 0
        self._record_touched = False
        # why the last write failed (a full disk), until a write succeeds again; screens
        # that say so hear of each change through ``on_fault``
        self.fault: str | None = None
        self.on_fault = lambda: None

    @contextmanager
    def transaction(self) -> Iterator[sqlite_utils.Database]:
        """All writes inside commit together, or not at all; a fault of the disk or the file
        is raised as ``Fault``, with nothing written."""
        with self.lock:
            conn = self.db.conn
            try:
                conn.execute("BEGIN IMMEDIATE")
                self._record_touched = False
                try:
                    yield self.db
                    conn.execute("COMMIT")
                except BaseException:
                    self._roll_back()
                    raise
            except sqlite3.Error as e:
                cause = fault_cause(e)
                if cause is None:
                    raise
                log.error("%s could not be written: %s (SQLite: %s)", self.path, cause, e)
                self._set_fault(cause)
                raise Fault(cause) from None
            self.generation += 1
            self.record_generation += self._record_touched
            self._set_fault(None)

    def _roll_back(self) -> None:
        # SQLite may have rolled back already (a full disk does): a second ROLLBACK would
        # hide the cause behind "no transaction is active"
        if self.db.conn.in_transaction:
            try:
                self.db.conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("%s: the rollback failed", self.path)

    def _set_fault(self, cause: str | None) -> None:
        if cause != self.fault:
            self.fault = cause
            self.on_fault()

    def touch_record(self) -> None:
        """Inside a transaction: it writes the night's record (see ``record_generation``)."""
        self._record_touched = True

    def held_here(self) -> bool:
        """Whether this thread holds the store's lock (a transaction or a read under way)."""
        return self.lock._is_owned()  # RLock's own check (C and Python RLocks both have it)

    @property
    def writing(self) -> bool:
        """A transaction is open: what it reads may still be rolled back."""
        return self.db.conn.in_transaction

    def close(self) -> None:
        self.db.conn.close()

    # --- meta -------------------------------------------------------------------------
    def host_key(self) -> str:
        """The table's host key, made once and kept, so the table URL survives restarts."""
        with self.transaction() as db:
            rows = list(db.query("SELECT value FROM meta WHERE key = 'host_key'"))
            if rows:
                return rows[0]["value"]
            key = secrets.token_urlsafe(18)
            db["meta"].insert({"key": "host_key", "value": key})
            # the seal's key too (on by default), so that a table, once made, starts with
            # nothing to write (a full disk: tests/companion/test_faults.py)
            if not list(db.query("SELECT value FROM meta WHERE key = 'seal_seed'")):
                db["meta"].insert({"key": "seal_seed", "value": secrets.token_bytes(32).hex()})
            return key

    def seal_seed(self) -> bytes:
        """The seed of the host's long-term Ed25519 key (companion/seal.py), made once and kept
        with the database: a restarted host proves the same key the table's QR codes name."""
        with self.transaction() as db:
            rows = list(db.query("SELECT value FROM meta WHERE key = 'seal_seed'"))
            if rows:
                return bytes.fromhex(rows[0]["value"])
            seed = secrets.token_bytes(32)
            db["meta"].insert({"key": "seal_seed", "value": seed.hex()})
            return seed

    # --- reads --------------------------------------------------------------------------
    def rows(self, sql: str, params: tuple | dict = ()) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.db.query(sql, params))

    def one(self, sql: str, params: tuple | dict = ()) -> dict[str, Any] | None:
        rows = self.rows(sql, params)
        return rows[0] if rows else None

    def tuples(self, sql: str, params: tuple | dict = ()) -> list[tuple]:
        """Plain rows, for reads of many (no dict made per row)."""
        with self.lock:
            return self.db.conn.execute(sql, params).fetchall()


def migrate(conn: sqlite3.Connection) -> None:
    """Bring a file written by an earlier version up to SCHEMA (each step runs once)."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(seats)")}
    if "colour" not in columns:  # before seat order, a seat's colour was its place
        conn.execute("ALTER TABLE seats ADD COLUMN colour INTEGER")
    conn.execute("UPDATE seats SET colour = position WHERE colour IS NULL")
    if "player" not in columns:  # before the night's record knew a player across names
        conn.execute("ALTER TABLE seats ADD COLUMN player TEXT")
    if "language" not in columns:  # before a language per phone (issue 48)
        conn.execute("ALTER TABLE seats ADD COLUMN language TEXT")
    columns = {row[1] for row in conn.execute("PRAGMA table_info(result_players)")}
    if "player_id" not in columns:
        conn.execute("ALTER TABLE result_players ADD COLUMN player_id TEXT")
    columns = {row[1] for row in conn.execute("PRAGMA table_info(votes)")}
    if "open_ballots" not in columns:  # before open votes
        conn.execute("ALTER TABLE votes ADD COLUMN open_ballots TEXT")
    columns = {row[1] for row in conn.execute("PRAGMA table_info(rooms)")}
    if "next_room" not in columns:  # "Play again": the room the phones follow to
        conn.execute("ALTER TABLE rooms ADD COLUMN next_room TEXT")
    if "suggested" not in columns:  # "Play again" carries the setup options over
        conn.execute("ALTER TABLE rooms ADD COLUMN suggested TEXT")
    if "imported" not in columns:  # a room from a record has no game to resume
        conn.execute("ALTER TABLE rooms ADD COLUMN imported INTEGER NOT NULL DEFAULT 0")
        # Every room opened here has a log line ("Room X opened..."); an imported one has none.
        conn.execute("UPDATE rooms SET imported = 1 WHERE NOT EXISTS "
                     "(SELECT 1 FROM log WHERE log.room = rooms.code)")


# SQLite's primary result codes (the low byte of an extended one) that are faults of the
# machine, not of the request, and what the table is told of each: messages of the
# companion's catalog, said in each screen's language (a fault reaches phones too)
FAULTS = {
    # Translators: the start of "…: this was not saved. Try again."
    sqlite3.SQLITE_FULL: _("The laptop's disk is full"),
    sqlite3.SQLITE_IOERR: _("The laptop could not write its database (a disk error)"),
    sqlite3.SQLITE_READONLY: _("The laptop's database file has become read-only"),
    sqlite3.SQLITE_CANTOPEN: _("The laptop's database file cannot be opened"),
    sqlite3.SQLITE_CORRUPT: _("The laptop's database file is damaged"),
    sqlite3.SQLITE_NOTADB: _("The laptop's database file is damaged"),
}
DISK_FULL = FAULTS[sqlite3.SQLITE_FULL]


def fix_for(cause: Message | str) -> Message:
    """What the host's person does about a fault, said after it."""
    return _("Free some space on it") if cause == DISK_FULL else _("Check the laptop's disk")


def fault_cause(error: sqlite3.Error) -> Message | None:
    """The sentence's cause for a fault of the disk or the file; None for anything else
    (a bug, which must stay loud)."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else FAULTS.get(code & 0xFF)


def private_folder(folder: Path) -> None:
    """Make the database's folder (0700), or make a folder of ours private again.

    An existing folder that is not ours (a temporary folder, the user's home) keeps its mode:
    the file itself is 0600, and SQLite gives its rollback journal the same mode.
    """
    if not folder.exists():
        old = os.umask(0o077)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        finally:
            os.umask(old)
    elif folder.name == "companion":
        os.chmod(folder, 0o700)


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)
