"""Seats at a real table: a phone that lost its seat pass comes back through a rejoin QR code,
a freed seat is given back by the table to the phone that asked for it, a guest's seat is
removed before the start, and the discussion timer reaches every phone."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (new_room, open_page, qr_codes, see, take_seat, tap,
                                   type_into, unsealed)

pytestmark = pytest.mark.e2e


def test_rejoin_code_free_seat_and_timer(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Table vote')}"
    old_phone = take_seat(browser, join, "Ana", **PHONE)
    see(table, "Ana: connected")

    # Ana's phone lost its seat pass (another browser): the table shows a rejoin QR code,
    # after asking (the phone that holds the seat now stops working)
    tap(table, "Ana: connected")
    tap(table, "Rejoin code for Ana")
    see(table, "Show a rejoin code for Ana?")
    tap(table, "Yes, show Ana's rejoin code")
    see(table, "Rejoin code for Ana: scan it with Ana's phone.")
    rejoin = qr_codes(table, lambda codes: any("?t=" in c for c in codes))  # it takes the place of the room's code: one code on screen
    assert len(rejoin) == 1 and rejoin[0].startswith(join + "?t=")
    new_phone = open_page(browser.new_context(**PHONE).new_page(), rejoin[0])
    see(new_phone, "You have a seat")
    see(new_phone, "Ana")
    # the old pass stopped working: that phone is back at the join form
    see(old_phone, "New here? Type your name.")

    tap(table, "Hide the rejoin code")
    codes = qr_codes(table, lambda codes: [unsealed(c) for c in codes] == [join])
    assert [unsealed(c) for c in codes] == [join]

    # the table frees the seat; a third phone asks for it by tapping the name, and only
    # gets it when the table says so (a quick stranger cannot take a freed seat)
    tap(table, "Ana: connected")
    tap(table, "Free Ana's seat")
    tap(table, "Yes, free Ana's seat")
    see(table, "Ana: seat free")
    third = open_page(browser.new_context(**PHONE).new_page(), join)
    tap(third, "I am Ana")
    see(third, "Asking the table for Ana's seat")
    see(table, "A phone asks for Ana's seat")
    tap(table, "Give Ana's seat to that phone")
    see(third, "You have a seat")
    see(table, "Ana: connected")
    see(table, "The table gave Ana's freed seat to the phone that asked.")

    # a guest sat down uninvited (on the phone back at the join form): before the start the
    # table removes the seat, after asking; the phone is back at the join form
    type_into(old_phone, "Your name", "Zed")
    tap(old_phone, "Take a seat")
    see(old_phone, "You have a seat")
    tap(table, "Zed: connected")
    tap(table, "Remove Zed's seat")
    see(table, "Remove Zed's seat? Zed is no longer at this table; their phone can sit down "
               "again by name.")
    tap(table, "Yes, remove Zed's seat")
    see(table, "The table removed Zed's seat.")
    expect(table.get_by_role("button", name=re.compile("Zed: "))).to_have_count(0)
    see(old_phone, "New here? Type your name.")

    # the discussion timer started on the table runs on the phones
    tap(table, "Start the game")
    tap(table, "Timer 1 min")
    see(table, re.compile(r"^Discussion: 0:[0-5]\d left$"))
    see(third, re.compile(r"^Discussion: 0:[0-5]\d left$"))
    tap(table, "Stop the timer")
    # no line at all for a timer that is not running
    expect(third.get_by_text(re.compile(r"^Discussion: "))).to_have_count(0)
