"""Handing a phone around (issue 13): one device holds several seats and never shows one
player's screen while another holds it.

Ana has her own phone; Bruno and Chloe share one. Between them the shared phone shows only
"Pass the device to ..."; Chloe guards her screen with a PIN; every screenshot taken between
hand-overs shows no ballot and no choice.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (new_room, open_page, read_ballots_until_decided, see, take_seat,
                                   tap, type_into)

pytestmark = pytest.mark.e2e


def handed_over(device) -> None:
    """What anyone at the table sees on the device between two players: no ballot, no choice."""
    text = device.locator("flt-semantics-host").inner_text()
    assert "Vote for" not in text and "You are voting for" not in text, text
    assert "Your vote is in" not in text, text
    expect(device.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(0)


def test_two_players_share_a_phone_through_a_secret_vote(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Table vote')}"
    ana = take_seat(browser, join, "Ana", **PHONE)
    shared = take_seat(browser, join, "Bruno", **PHONE)
    tap(shared, "Add a player to this phone")
    type_into(shared, "Your name", "Chloe")
    tap(shared, "Take a seat")
    see(shared, "Nobody on this device has a move now")
    for name in ("Ana", "Bruno", "Chloe"):
        see(table, f"{name}: connected")
    # Dana has no phone: the table device holds her seat
    tap(table, "Players without a phone: seat them here")
    type_into(table, "Your name", "Dana")
    tap(table, "Take a seat")
    see(table, "You have a seat.")
    tap(table, "Back to the table screen")
    see(table, "Dana: not connected")  # her seat waits on the table device

    # Chloe looks at her screen once and sets a PIN
    tap(shared, "I am Chloe: show my screen")
    see(shared, "Chloe's screen")
    type_into(shared, "New PIN (4 digits)", "1234")
    tap(shared, "Set my PIN (optional)")
    expect(shared.get_by_role("button", name="Set my PIN (optional)")).to_have_count(0)
    tap(shared, "Done: hide my screen")
    see(shared, "Nobody on this device has a move now")

    tap(table, "Start the game")
    type_into(table, "Question", "Who should lead?")
    tap(table, "Open the vote")
    see(table, "0 of 4 have voted")

    # the device offers whoever must act, in table order
    see(shared, "Pass the device to Bruno")
    handed_over(shared)
    tap(shared, "I am Bruno: show my screen")
    see(shared, "Bruno's screen")
    tap(shared, "Vote for Ana")
    tap(shared, "Confirm my vote")
    see(shared, "Your vote is in.")
    tap(shared, "Done: hide my screen")

    see(shared, "Pass the device to Chloe")
    handed_over(shared)
    tap(shared, "I am Chloe: show my screen")
    see(shared, "Chloe: type your PIN")
    handed_over(shared)
    type_into(shared, "PIN (4 digits)", "0000")
    tap(shared, "Show Chloe's screen")
    see(shared, "That is not Chloe's PIN.")
    handed_over(shared)
    type_into(shared, "PIN (4 digits)", "1234")
    tap(shared, "Show Chloe's screen")
    see(shared, "Chloe's screen")
    tap(shared, "Vote for Bruno")
    tap(shared, "Confirm my vote")
    see(shared, "Your vote is in.")
    tap(shared, "Done: hide my screen")
    see(shared, "Nobody on this device has a move now")
    handed_over(shared)

    tap(ana, "Vote for Bruno")
    tap(ana, "Confirm my vote")
    see(table, "3 of 4 have voted")
    tap(table, "Players without a phone: seat them here")
    tap(table, "Vote for Bruno")
    tap(table, "Confirm my vote")
    see(table, "Your vote is in.")
    tap(table, "Back to the table screen")
    see(table, "Ballots read: 0 of 4")
    assert Counter(read_ballots_until_decided(table)) <= Counter(["Ana", "Bruno", "Bruno",
                                                                  "Bruno"])
    tap(table, "Show the final tally")
    see(table, "Bruno: 3 votes")
