"""Issue 33, items 4 and 6, through the accessibility tree a screen reader reads: a seat's
chip on the table is read "Ana: connected" once (no avatar initial before the name), and
"Ana: not connected" once her phone has gone; the phone's own chip reads her name alone."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import TIMEOUT, new_room, open_page, take_seat

pytestmark = pytest.mark.e2e


def test_a_reader_hears_each_player_and_their_phone_once(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Table vote')}"
    phone = take_seat(browser, join, "Ana", **PHONE)

    chip = table.get_by_role("button", name="Ana: connected", exact=True)
    expect(chip).to_have_count(1)
    for page in (table, phone):  # the initial alone is never a node of its own
        expect(page.get_by_text("A", exact=True)).to_have_count(0)
    expect(phone.get_by_text("Ana", exact=True)).to_have_count(1)

    phone.context.close()  # her phone is gone: the table says so in words
    gone = table.get_by_role("button", name="Ana: not connected", exact=True)
    expect(gone).to_have_count(1, timeout=TIMEOUT)
