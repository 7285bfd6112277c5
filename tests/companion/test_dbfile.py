"""Issue 34, items 4 and 5: one host per database file; a damaged, unreadable or read-only
file stops the start with one sentence and is left as it was; a backup from each start.

Every host here is a real ``python -m companion`` process on 127.0.0.1.
"""
from __future__ import annotations

import hashlib
import os
import random
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ballots import EMPTY
from companion.dbfile import BACKUPS_KEPT, back_up, backups_of
from companion.rooms import TableService
from companion.store import Store
from testsupport.host import REPO, Server, child_env, free_port, start
from testsupport.service import Table


def said(out: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in out.stdout + out.stderr, out.stdout + out.stderr
    assert out.returncode == 2, out.stdout + out.stderr
    lines = [x for x in (out.stdout + out.stderr).splitlines() if x.strip()]
    assert len(lines) == 1, lines  # one sentence
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def a_played_table(db: Path) -> None:
    """A file with a room, seats, a log and a vote, closed as a host leaves it."""
    store = Store(db)
    try:
        table = Table(TableService(store))
        table.ask("Lunch?", candidates=("Kiwi", "Pear"))
        table.cast("Ann", "Kiwi")
    finally:
        store.close()


# --- 4. one host per database file ------------------------------------------------------------
def test_a_second_host_on_the_same_file_refuses_and_names_where_the_first_serves(db_path,
                                                                                 servers):
    first = Server(db_path, free_port())
    servers.append(first)
    first.wait_ready()
    before = digest(db_path)

    out = start(db_path)
    assert said(out) == (
        f"The database {db_path} is in use by another companion, which serves at "
        f"http://127.0.0.1:{first.port}. Use that one, or stop it first, or start with --db "
        f"and another file for a new table.")
    assert digest(db_path) == before  # the second one wrote nothing
    assert first.get("/")[0] == 200  # and the first serves on

    first.kill()  # kill -9: the OS lock dies with its process, the lock file stays
    assert (db_path.parent / f"{db_path.name}.lock").exists()
    again = Server(db_path, free_port())
    servers.append(again)
    again.wait_ready()  # a stale lock does not block a restart


def test_an_import_waits_for_the_host_of_the_file_and_an_export_does_not(db_path, servers,
                                                                         tmp_path):
    first = Server(db_path, free_port())
    servers.append(first)
    first.wait_ready()
    record = tmp_path / "record.json"
    exported = subprocess.run([sys.executable, "-m", "companion", "--db", str(db_path),
                               "--export-json", str(record)], cwd=REPO, env=child_env(),
                              capture_output=True, text=True, timeout=60)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    before = digest(db_path)
    imported = subprocess.run([sys.executable, "-m", "companion", "--db", str(db_path),
                               "--import-json", str(record)], cwd=REPO, env=child_env(),
                              capture_output=True, text=True, timeout=60)
    assert said(imported).startswith(f"The database {db_path} is in use by another companion, "
                                     f"which serves at http://127.0.0.1:{first.port}.")
    assert digest(db_path) == before


def test_a_first_start_makes_the_folder_and_takes_the_lock(tmp_path, servers):
    db = tmp_path / "new" / "companion" / "companion.db"
    first = Server(db, free_port())
    servers.append(first)
    first.wait_ready()
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    assert said(start(db)).startswith(f"The database {db} is in use by another companion")


# --- 5. damaged, unreadable, read-only -------------------------------------------------------
def random_bytes(db: Path) -> None:
    db.write_bytes(random.randbytes(64 * 1024))


def zeros(db: Path) -> None:
    db.write_bytes(bytes(db.stat().st_size))


def truncated(db: Path) -> None:
    with open(db, "r+b") as f:
        f.truncate(db.stat().st_size // 2 + 100)


def bad_pages(db: Path) -> None:
    with open(db, "r+b") as f:
        for page in (2, 3):  # leaves the header whole: only a check of the pages finds it
            f.seek(page * 4096)
            f.write(random.randbytes(4096))


@pytest.mark.parametrize("damage", [random_bytes, zeros, truncated, bad_pages])
def test_a_damaged_file_is_named_with_the_newest_backup_and_left_as_it_was(db_path, damage):
    a_played_table(db_path)
    store = Store(db_path)
    try:
        back_up(store)
        newest = back_up(store)
    finally:
        store.close()
    damage(db_path)
    before = digest(db_path)

    sentence = said(start(db_path))
    assert sentence.startswith(f"The database {db_path} is damaged (SQLite: ")
    assert "the companion did not start and changed nothing in it" in sentence
    assert f"To go on from the newest backup, {newest}, stop here, move the damaged file " \
           f"aside and copy that backup in its place, then start again" in sentence
    assert digest(db_path) == before  # byte for byte
    assert backups_of(db_path)[-1] == newest  # no backup made of a damaged file

    os.replace(newest, db_path)  # what the sentence says to do works
    restored = Store(db_path)
    try:
        assert [r.title for r in TableService(restored).rooms()] == ["Table vote"]
    finally:
        restored.close()


def test_a_damaged_file_without_a_backup_says_so(db_path):
    random_bytes(db_path)
    sentence = said(start(db_path))
    assert sentence.endswith("There is no backup of it: move it aside to start an empty "
                             "table, or start with --db and another file for a new table.")


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder that refuses writes, to root too (CI runs as root): a tmpfs remounted
    read-only; for another user, file and folder modes do it."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "companion.db"
    if os.geteuid() != 0:
        a_played_table(db)
        db.chmod(0o400)
        folder.chmod(0o500)
        yield db
        folder.chmod(0o700)
        return
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"root, and no read-only folder to make here: {mounted.stderr.strip()}")
    try:
        a_played_table(db)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield db
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_read_only_database_is_said_and_left_as_it_was(read_only_folder):
    db = read_only_folder
    before = digest(db), sorted(os.listdir(db.parent))
    sentence = said(start(db))
    assert sentence == (f"The database {db} cannot be written (it is read-only). Give this "
                        f"user read and write access to it, or start with --db and another "
                        f"file for a new table.")
    assert (digest(db), sorted(os.listdir(db.parent))) == before


def test_a_read_only_folder_is_said(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes in any folder of a writable disk (the read-only disk is "
                    "tested above)")
    folder = tmp_path / "ro"
    folder.mkdir()
    a_played_table(folder / "companion.db")
    folder.chmod(0o500)
    try:
        sentence = said(start(folder / "companion.db"))
    finally:
        folder.chmod(0o700)
    assert sentence.startswith(f"The folder {folder} cannot be written")


# --- backups --------------------------------------------------------------------------------
def test_each_start_keeps_a_private_backup_and_the_newest_five(db_path, servers):
    a_played_table(db_path)
    store = Store(db_path)
    try:
        made = [back_up(store) for _ in range(BACKUPS_KEPT + 2)]
    finally:
        store.close()
    assert backups_of(db_path) == made[-BACKUPS_KEPT:]
    folder = db_path.parent / "backups"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in folder.iterdir())
    assert sorted(folder.iterdir()) == made[-BACKUPS_KEPT:]  # no half-written copy left

    server = Server(db_path, free_port())  # a real start makes one and says where
    servers.append(server)
    server.wait_ready()
    newest = backups_of(db_path)[-1]
    assert f"Backup of the database from this start: {newest}" in server.lines
    assert len(backups_of(db_path)) == BACKUPS_KEPT


def test_a_backup_holds_no_ballot_of_an_open_vote(db_path):
    """Two backups taken during one open vote would show which slot filled between them,
    and so whose ballot it is: a copy keeps a closed vote's ballots, never an open one's."""
    store = Store(db_path)
    try:
        svc = TableService(store)
        table = Table(svc, names=("Ann", "Ben", "Cat"))
        table.ask("Lunch?", candidates=("Kiwi", "Pear"), reveal="all_at_once")
        for name in ("Ann", "Ben", "Cat"):
            table.cast(name, "Kiwi")
        closed = table.vote()
        svc.finish_reveal(svc.host_key, table.code)
        opened = table.ask("Dinner?", candidates=("Kiwi", "Pear"))
        table.cast("Ann", "Pear")
        copy = back_up(store)
        live = store.rows("SELECT choice FROM ballots WHERE vote = ?", (opened.id,))
        assert sorted(r["choice"] for r in live) == [EMPTY, EMPTY, "0001"]  # the live file
    finally:
        store.close()
    conn = sqlite3.connect(copy)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        slots = conn.execute("SELECT choice FROM ballots WHERE vote = ?", (opened.id,))
        assert sorted(r[0] for r in slots) == [EMPTY] * 3  # open again, for everyone
        assert conn.execute("SELECT COUNT(*) FROM voted WHERE vote = ?",
                            (opened.id,)).fetchone()[0] == 0
        kept = conn.execute("SELECT choice FROM ballots WHERE vote = ?", (closed.id,))
        assert sorted(r[0] for r in kept) == ["0000"] * 3  # the closed vote's, unlinkable
    finally:
        conn.close()
