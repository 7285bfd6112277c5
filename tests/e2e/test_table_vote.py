"""A table night with the game-free table vote, in real Chromium against the real server.

The table screen opens a room; the join URL is read from a screenshot of its QR code, as a
phone camera would; six phones join through it and vote secretly; one phone reloads in the
middle of the vote and keeps its seat; the table reads the ballots and the tally is right.
Then three voters share one device (pass-and-play). Every request of every phone and of the
table is recorded (conftest's wire): none may leave the host.
"""
from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, PHONE_NAME, TABLE
from testsupport.flet_page import (assert_action_bar_in_view, assert_in_first_screen,
                                   assert_phase_line_big, enable_semantics, new_room, open_page,
                                   qr_codes, read_ballots_until_decided, see, take_seat, tap,
                                   toggle, type_into, unsealed)

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Chloe", "Dev", "Eun", "Femi"]
# who each player votes for: Bruno 3, Chloe 2, Ana 1
CHOICES = {"Ana": "Bruno", "Bruno": "Chloe", "Chloe": "Bruno", "Dev": "Bruno", "Eun": "Chloe",
           "Femi": "Ana"}


def test_six_phones_join_by_qr_and_vote_secretly(server, browser, wire):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")

    # the phone's camera: decode the QR code from a screenshot of the table screen
    urls = qr_codes(table)
    assert [unsealed(u) for u in urls] == [f"{server.base}/join/{code}"]
    join_url = urls[0]

    phones = {name: take_seat(browser, join_url, name, **PHONE) for name in PLAYERS}
    for name in PLAYERS:
        see(table, f"{name}: connected")

    # a second phone cannot take a claimed seat: a sentence, and nothing changes
    intruder = open_page(browser.new_context(**PHONE).new_page(), join_url)
    type_into(intruder, "Your name", "ana")
    tap(intruder, "Take a seat")
    see(intruder, "Ana's seat is taken by another phone")
    intruder.context.close()

    assert_action_bar_in_view(table, "Start the game")
    tap(table, "Start the game")
    type_into(table, "Question", "Who should be the Team Leader?")
    assert_action_bar_in_view(table, "Open the vote")
    tap(table, "Open the vote")
    see(table, "0 of 6 have voted")
    assert_phase_line_big(table, "Voting: Who should be the Team Leader?")
    assert_in_first_screen(phones["Ana"], "Vote for Bruno")

    for i, name in enumerate(PLAYERS):
        phone = phones[name]
        if name == "Chloe":  # a phone reloads mid-vote: same seat, ballot still there
            phone.reload()
            enable_semantics(phone)
            see(phone, "Chloe")
        see(phone, "Who should be the Team Leader?")
        # nobody may vote for themselves here: their own name is not on their ballot
        expect(phone.get_by_role("button", name=f"Vote for {name}")).to_have_count(0)
        tap(phone, f"Vote for {CHOICES[name]}")
        see(phone, "You are voting for:")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
        if i < len(PLAYERS) - 1:
            see(table, f"{i + 1} of 6 have voted")
            waiting = table.get_by_text(re.compile("^Still voting:")).inner_text()
            assert name not in waiting and PLAYERS[-1] in waiting
            # the table shows who has voted, never what anyone chose
            expect(table.get_by_text(re.compile(r": \d+ votes?$"))).to_have_count(0)

    # all six in: the box closes by itself and the table reads the ballots one at a time
    see(table, "Ballots read: 0 of 6")
    assert_action_bar_in_view(table, "Read the next ballot")
    read = read_ballots_until_decided(table)
    assert Counter(read) <= Counter(CHOICES.values())
    tap(table, "Show the final tally")
    see(table, "The result is recorded.")
    see(table, "Bruno: 3 votes")
    see(table, "Chloe: 2 votes")
    see(table, "Ana: 1 vote")
    see(phones["Femi"], "Final tally: Who should be the Team Leader?")
    see(phones["Femi"], "Bruno: 3 votes")

    # --- pass-and-play: three voters, one device -------------------------------------------
    type_into(table, "Question", "Pizza or pasta?")
    type_into(table, re.compile("^Candidates"), "Pizza, Pasta")
    for name in ("Dev", "Eun", "Femi"):
        toggle(table, f"{name} votes")
    tap(table, "Open the vote")
    see(table, "0 of 3 have voted")
    tap(table, "Pass-and-play on this device")
    for name, choice in (("Ana", "Pizza"), ("Bruno", "Pasta"), ("Chloe", "Pizza")):
        see(table, f"Pass the device to {name}")
        # the hand-over screen shows no ballot and nothing of the votes before
        expect(table.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(0)
        tap(table, f"I am {name}: show my ballot")
        tap(table, f"Vote for {choice}")
        tap(table, "Confirm my vote")
        see(table, "Your vote is in.")
        tap(table, "Done: hide my screen")
    see(table, "All 3 ballots in.")
    tap(table, "Back to the table screen")
    see(table, "Ballots read: 0 of 3")
    assert Counter(read_ballots_until_decided(table)) <= Counter(["Pizza", "Pizza", "Pasta"])
    tap(table, "Show the final tally")
    see(table, "Pizza: 2 votes")
    see(table, "Pasta: 1 vote")

    # the phones took the phone's path (plain http to a name: not a secure context) and
    # booted the light renderer there; the table the multi-threaded one on 127.0.0.1
    assert not phones["Ana"].evaluate("window.isSecureContext")
    assert table.evaluate("window.crossOriginIsolated")
    asked = {(urlsplit(u).hostname, urlsplit(u).path) for u in wire.urls}
    for path in ("/main.dart.wasm", "/canvaskit/skwasm.wasm", "/ws"):
        assert (PHONE_NAME, path) in asked and ("127.0.0.1", path) in asked
    assert not any(path.endswith("skwasm_heavy.wasm") for _, path in asked)
    assert len(wire.urls) > 100 and not wire.off_host()  # (checked after every test, too)


def test_bad_room_code_gets_a_sentence(server, browser):
    phone = open_page(browser.new_context(**PHONE).new_page(), f"{server.base}/join/ZZZZ")
    see(phone, "There is no room ZZZZ at this table.")
    phone.context.close()
