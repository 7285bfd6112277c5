"""Issue 34, item 6: a full disk is said where it happened, changes nothing, and passes.

The full disk is real: a small tmpfs filled to the last byte (CI runs as root, so it can
mount one; elsewhere those tests are skipped with the reason). SQLite's own limit on the
file's pages (``PRAGMA max_page_count``) answers the same SQLITE_FULL and runs anywhere.
"""
from __future__ import annotations

import subprocess

import pytest

from companion.errors import Fault
from companion.hub import Hub
from companion.rooms import TableService
from companion.store import DISK_FULL, Store
from testsupport.service import Table, dump, is_sentence
from testsupport.small_disk import mount_small_disk

@pytest.fixture
def small_disk(tmp_path):
    disk = mount_small_disk(tmp_path / "disk")
    yield disk
    subprocess.run(["umount", "-l", str(disk.path)], check=False)


@pytest.fixture
def on_disk(small_disk):
    """A table whose database lives on the small disk, and the news its hub sent."""
    news: list[str | None] = []
    hub = Hub()
    hub.subscribe("somewhere else", lambda what: news.append(what))
    store = Store(small_disk.path / "companion.db")
    svc = TableService(store, hub)
    yield svc, Table(svc), news
    store.close()


def test_a_ballot_on_a_full_disk_is_refused_in_words_then_taken_once_there_is_space(
        on_disk, small_disk):
    svc, table, news = on_disk
    vote = table.ask("Lunch?", candidates=("Kiwi", "Pear"))
    small_disk.fill()
    before = dump(svc.store.path)
    with pytest.raises(Fault) as info:
        table.cast("Ann", "Kiwi")
    assert str(info.value) == f"{DISK_FULL}: this was not saved. Try again."
    assert info.value.cause == DISK_FULL
    assert dump(svc.store.path) == before  # not counted, nothing half-written
    assert svc.fault == DISK_FULL and news  # every screen heard of it (the table says it)
    assert table.vote().voted == frozenset()

    small_disk.free()
    assert table.cast("Ann", "Kiwi").voted == {"Ann"}  # the same connection, no restart
    assert svc.fault is None
    assert len(news) == 2  # told again: the table stops saying it


def test_every_write_on_a_full_disk_is_a_sentence_and_changes_nothing(on_disk, small_disk):
    """Casts, moves, seats, joins, rooms, timers: one sentence each, never a traceback."""
    svc, table, _ = on_disk
    host, code = svc.host_key, table.code
    waiting = Table(svc, names=("Zoe",), start=False)
    small_disk.fill()
    before = dump(svc.store.path)
    writes = [
        lambda: table.ask("Lunch?", candidates=("Kiwi", "Pear")),
        lambda: svc.join(waiting.code, "Yan"),
        lambda: svc.create_room(host, "table_vote"),
        lambda: svc.start_timer(host, code, 60),
        lambda: svc.end_room(host, code),
        lambda: svc.start(host, waiting.code),
        lambda: svc.remove_seat(host, waiting.code, waiting.seats["Zoe"].id),
    ]
    for write in writes:
        with pytest.raises(Fault) as info:
            write()
        assert is_sentence(str(info.value)), str(info.value)
    assert dump(svc.store.path) == before
    small_disk.free()
    assert table.ask("Lunch?", candidates=("Kiwi", "Pear")).call.question == "Lunch?"


def test_sqlite_page_limit_is_the_same_fault_anywhere(db_path, svc):
    """No tmpfs needed: SQLite refuses to grow the file past max_page_count (SQLITE_FULL)."""
    conn = svc.store.db.conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(200):  # rooms until the file would have to grow
        before = dump(db_path)
        try:
            svc.create_room(svc.host_key, "table_vote")
        except Fault as e:
            assert e.cause == DISK_FULL and svc.fault == DISK_FULL
            assert dump(db_path) == before
            break
    else:
        pytest.fail("the file never filled")
    conn.execute(f"PRAGMA max_page_count = {pages * 10}")
    assert svc.create_room(svc.host_key, "table_vote")
    assert svc.fault is None


def test_a_host_started_on_a_full_disk_says_there_is_no_backup_and_serves(small_disk):
    from testsupport.host import Server, free_port
    db = small_disk.path / "companion.db"
    store = Store(db)
    TableService(store)  # the table's key is written: the host needs to write nothing
    store.close()
    small_disk.fill()
    server = Server(db, free_port())
    try:
        server.wait_ready()
        assert any(line.startswith("No backup of the database could be made (") and
                   line.endswith("); the table starts without one.") for line in server.lines)
        assert not any("Traceback" in line for line in server.lines)
        assert not list((small_disk.path / "backups").glob("*.part"))  # nothing half-made
    finally:
        server.kill()


def test_a_new_table_on_a_full_disk_is_said_at_start(small_disk):
    from testsupport.host import start
    db = small_disk.path / "companion.db"
    Store(db).close()  # no table key yet: the first start must write one
    small_disk.fill()
    out = start(db)
    assert out.returncode == 2 and "Traceback" not in out.stdout + out.stderr
    assert out.stdout == (f"{DISK_FULL}: the table cannot start on {db}. Free some space on "
                          f"it, then start again.\n")
    assert "could not be written: The laptop's disk is full" in out.stderr  # the log's line
