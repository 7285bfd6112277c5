"""The database file at a host's start: one host per file, a sound file, a backup of it.

- One host: a lock file beside the database (``companion.db.lock``) held with an OS lock for
  as long as the host runs, holding the address it serves at. The OS lets go of the lock when
  the process ends, however it ends, so a host killed with kill -9 never blocks the next one.
- A sound file: checked (``PRAGMA quick_check``) before anything is written to it; a damaged,
  unreadable or read-only file stops the start with one sentence and is left as it was.
- A backup from each start, in ``backups/`` beside the database (0700, each copy 0600), the
  newest BACKUPS_KEPT kept. A copy holds no ballot of a vote still open: the copies are
  snapshots taken at different times, and two of them side by side would show which slot
  filled between them, and so whose ballot it is (the live file keeps no such trail).
"""
from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

from .ballots import EMPTY, OPEN
from .errors import Fault
from .language import COMPANION, HOME, Speaker, said
from .store import FAULTS, Store, fault_cause, fix_for, private_folder

_ = Speaker(COMPANION, HOME)
BACKUPS_KEPT = 5
OTHER_FILE = "or start with --db and another file for a new table"

try:  # the OS lock: flock on POSIX, msvcrt.locking on Windows
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False
except ImportError:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        # Windows locks bytes for reading too: lock one far past the address written
        os.lseek(fd, 1 << 20, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False


class StartProblem(Exception):
    """The host cannot start on this file; the message is the sentence that says what to do."""


class HostLock:
    """The one host of a database file, for as long as this process runs."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.path = db.with_name(db.name + ".lock")
        self.fd: int | None = None

    def take(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise StartProblem(f"The lock file {self.path} cannot be made beside the database "
                               f"({e.strerror}): make its folder writable by this user, "
                               f"{OTHER_FILE}.") from None
        if not _try_lock(fd):
            where = _read_all(fd).strip() or "an address it has not said yet"
            os.close(fd)
            raise StartProblem(f"The database {self.db} is in use by another companion, which "
                               f"serves at {where}. Use that one, or stop it first, "
                               f"{OTHER_FILE}.")
        self.fd = fd

    def say_where(self, address: str) -> None:
        """Write the address this host serves at, for a second one to name."""
        try:
            os.ftruncate(self.fd, 0)
            os.lseek(self.fd, 0, os.SEEK_SET)
            os.write(self.fd, f"{address}\n".encode())
        except OSError:  # a full disk: the lock holds all the same, the address goes unsaid
            pass


def _read_all(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 4096).decode("utf-8", "replace")


def backups_of(db: Path) -> list[Path]:
    """This database's backups, oldest first (their names sort by time)."""
    return sorted((db.parent / "backups").glob(f"{db.stem}-*{db.suffix}.bak"))


def check_writable(db: Path) -> None:
    """A file and folder this user may read and write (SQLite keeps its journal beside)."""
    folder = db.parent
    if db.exists() and not os.access(db, os.R_OK | os.W_OK):
        raise StartProblem(f"The database {db} cannot be {_what_fails(db)}. Give this user "
                           f"read and write access to it, {OTHER_FILE}.")
    if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise StartProblem(f"The folder {folder} cannot be written, and the database "
                           f"{db.name} needs it for its journal. Make it writable by this "
                           f"user, {OTHER_FILE}.")


def _what_fails(db: Path) -> str:
    return "written (it is read-only)" if os.access(db, os.R_OK) else "read"


def check_sound(db: Path) -> None:
    """A whole SQLite file (or none yet); read only, so a damaged one is left as it was."""
    if not db.exists() or db.stat().st_size == 0:
        return  # a new table
    try:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=rw", uri=True)
        try:
            found = [row[0] for row in conn.execute("PRAGMA quick_check")]
        finally:
            conn.close()
    except sqlite3.DatabaseError as e:
        found = [str(e)]
    if found != ["ok"]:  # the first finding, past any "*** in database main ***"
        raise StartProblem(damaged(db, next((f for f in found if not f.startswith("***")),
                                            found[0])))


def damaged(db: Path, detail: str) -> str:
    """The sentence for a damaged file: what SQLite found, and the newest backup to use."""
    backups = backups_of(db)
    said = (f"The database {db} is damaged (SQLite: {detail}); the companion did not start "
            f"and changed nothing in it.")
    if not backups:
        return f"{said} There is no backup of it: move it aside to start an empty table, " \
               f"{OTHER_FILE}."
    return (f"{said} To go on from the newest backup, {backups[-1]}, stop here, move the "
            f"damaged file aside and copy that backup in its place, then start again; "
            f"{OTHER_FILE}.")


def open_checked(db: Path, lock: HostLock | None = None) -> Store:
    """The store on ``db`` once the file is checked (and ``lock`` taken); else
    ``StartProblem``, with the file left as it was."""
    check_writable(db)
    try:
        private_folder(db.parent)  # a first start: the lock file goes in it
        if lock is not None:
            lock.take()
        check_sound(db)
        store = Store(db)
    except OSError as e:
        raise StartProblem(f"The database {db} cannot be opened ({e.strerror}). Check that "
                           f"this user may write there, {OTHER_FILE}.") from None
    except sqlite3.Error as e:
        cause = fault_cause(e)
        if cause is None or cause == FAULTS[sqlite3.SQLITE_CORRUPT]:
            raise StartProblem(damaged(db, str(e))) from None
        raise StartProblem(cannot_start(db, cause)) from None
    try:
        store.host_key()  # a new table writes its key now: a full disk is said here
    except Fault as e:
        store.close()
        raise StartProblem(cannot_start(db, e.cause)) from None
    return store


def cannot_start(db: Path, cause) -> str:
    """The console's line (the host's language) for a fault that stops the start."""
    return said(_("{cause}: the table cannot start on {db}. {fix}, then start again.",
                  cause=cause, db=str(db), fix=fix_for(cause)))


def backup_line(store: Store) -> str:
    """Make this start's backup; the line that says where it is, or why there is none."""
    try:
        return said(_("Backup of the database from this start: {file}", file=str(back_up(store))))
    except (OSError, sqlite3.Error) as e:
        why = getattr(e, "strerror", None) or str(e)
        return said(_("No backup of the database could be made ({why}); the table starts "
                      "without one.", why=why))


def back_up(store: Store, kept: int = BACKUPS_KEPT) -> Path:
    """Copy the database into ``backups/`` beside it (without open votes' ballots) and keep
    the newest ``kept``. Raises OSError or sqlite3.Error if no copy could be made."""
    folder = store.path.parent / "backups"
    private_folder(folder)
    os.chmod(folder, 0o700)
    name = _new_name(store.path, folder)
    part = name.with_name(name.name + ".part")
    copy = sqlite3.connect(":memory:")
    try:
        with store.lock:
            store.db.conn.backup(copy)
        _without_open_ballots(copy)
        os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        target = sqlite3.connect(part)
        try:
            copy.backup(target)  # written once, already without them
        finally:
            target.close()
        os.replace(part, name)
    finally:
        copy.close()
        part.unlink(missing_ok=True)
    for old in backups_of(store.path)[:-kept]:
        old.unlink()
    return name


def _new_name(db: Path, folder: Path) -> Path:
    # to the microsecond: names sort by time, and two starts within a second differ
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return folder / f"{db.stem}-{stamp}{db.suffix}.bak"


def _without_open_ballots(copy: sqlite3.Connection) -> None:
    """An open vote in the copy has its slots empty and nobody voted (restored, it is open
    again for everyone); VACUUM leaves no freed page with a ballot in it."""
    opened = f"SELECT id FROM votes WHERE status = '{OPEN}'"
    copy.execute("PRAGMA secure_delete=ON")
    copy.execute("PRAGMA temp_store=MEMORY")  # VACUUM's own copy stays off the disk too
    copy.execute(f"UPDATE ballots SET choice = ? WHERE vote IN ({opened})", (EMPTY,))
    copy.execute(f"DELETE FROM voted WHERE vote IN ({opened})")
    copy.execute(f"UPDATE votes SET open_ballots = NULL WHERE status = '{OPEN}'")
    copy.commit()
    copy.execute("VACUUM")
