"""Issue 34, item 6: the laptop's disk fills up in the middle of a vote.

The database lives on a real small disk (a tmpfs, so root: CI runs as root; skipped
elsewhere) that the test fills to its last byte. The phone says its vote was not taken and
why, and keeps the choice; the table screen says the disk is full, and a new table screen
still opens; once there is space again the same tap casts the ballot, with no reload.
"""
from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import expect

from testsupport.small_disk import mount_small_disk

from testsupport.browser import PHONE, TABLE, Server
from testsupport.flet_page import new_room, open_page, see, take_seat, tap, type_into

pytestmark = pytest.mark.e2e

DISK_FULL_TABLE = ("The laptop's disk is full: nothing new is being saved. Free some space "
                   "on it, then try again.")


@pytest.fixture
def host_on_small_disk(tmp_path, web_cache):
    disk = mount_small_disk(tmp_path / "disk")
    srv = Server(disk.path / "companion.db", web_cache)
    try:
        srv.start()
        yield srv, disk
    finally:
        srv.kill()
        print("--- server output ---\n" + srv.output)
        subprocess.run(["umount", "-l", str(disk.path)], check=False)


def test_a_full_disk_is_said_on_the_phone_and_the_table_and_the_vote_goes_on(
        host_on_small_disk, browser):
    server, disk = host_on_small_disk
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    phones = {name: take_seat(browser, f"{server.base}/join/{code}", name, **PHONE)
              for name in ("Ana", "Bruno")}
    tap(table, "Start the game")
    type_into(table, "Question", "Who deals?")
    tap(table, "Open the vote")
    see(table, "0 of 2 have voted")

    ana = phones["Ana"]
    tap(ana, "Vote for Bruno")
    see(ana, "You are voting for:")
    disk.fill()
    tap(ana, "Confirm my vote")
    see(ana, "The laptop's disk is full: your vote was not taken. Try again.")
    see(ana, "You are voting for:")  # the choice is kept, ready to send again
    see(table, DISK_FULL_TABLE)
    see(table, "0 of 2 have voted")
    another = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    see(another, "Start a room")  # a new table screen opens, and says it too
    see(another, DISK_FULL_TABLE)

    disk.free()
    tap(ana, "Confirm my vote")  # the same ballot, no reload
    see(ana, "Your vote is in.")
    see(table, "1 of 2 have voted")
    expect(table.get_by_text(DISK_FULL_TABLE)).to_have_count(0)
    server.kill()  # its log names the cause, once, with no second error hiding it
    assert "companion.db could not be written: The laptop's disk is full (SQLite: database " \
           "or disk is full)" in server.output
    assert "Traceback" not in server.output and "cannot rollback" not in server.output
