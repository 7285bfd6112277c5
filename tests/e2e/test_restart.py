"""kill -9 in the middle of a vote: the host comes back and nothing a screen showed is lost.

Phones and the table screen are real Chromium pages; they reconnect by themselves to the new
process and come back to the same seats, with the ballots already cast still counted once.
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (enable_semantics, new_room, open_page,
                                   read_ballots_until_decided, see, take_seat, tap, type_into)

pytestmark = pytest.mark.e2e


def test_sigkill_mid_vote_loses_nothing_and_doubles_nothing(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")

    phones = {name: take_seat(browser, f"{server.base}/join/{code}", name, **PHONE)
              for name in ("Ana", "Bruno", "Chloe")}
    # the seat pass the app stored tells the host, in the cookie every later websocket
    # carries, that this browser keeps settings (first.js): the phones coming back are asked
    port = server.base.rsplit(":", 1)[1]
    for phone in phones.values():
        phone.wait_for_function(f"document.cookie.includes('companion_kept_{port}=1')")
    tap(table, "Start the game")
    type_into(table, "Question", "Who keeps the dice?")
    tap(table, "Open the vote")
    for name, choice in (("Ana", "Bruno"), ("Bruno", "Ana")):
        tap(phones[name], f"Vote for {choice}")
        tap(phones[name], "Confirm my vote")
        see(phones[name], "Your vote is in.")
    see(table, "2 of 3 have voted")

    server.kill()  # SIGKILL, mid-vote
    server.start()

    # Chloe's phone reconnects by itself (no reload) to its seat and its open ballot; until it
    # has, a tap goes nowhere, so tap as a person would: again, until the screen answers.
    chloe = phones["Chloe"]
    deadline = time.time() + 60
    while not chloe.get_by_text("You are voting for:").count():
        assert time.time() < deadline, "Chloe's phone never came back"
        vote = chloe.get_by_role("button", name="Vote for Ana")
        try:
            if vote.count():
                vote.first.click(timeout=2_000)
        except PlaywrightTimeout:  # the page is between two lives; look again
            pass
        chloe.wait_for_timeout(500)
    tap(chloe, "Confirm my vote")
    see(chloe, "Your vote is in.")

    # a fresh load of the others' phones: the new process still knows their seats and ballots
    for name in ("Ana", "Bruno"):
        phones[name].reload()
        enable_semantics(phones[name])
        see(phones[name], "Your vote is in.")
        see(phones[name], name)

    see(table, "Ballots read: 0 of 3")  # three ballots: none lost, none doubled
    read_ballots_until_decided(table)
    tap(table, "Show the final tally")
    see(table, "Ana: 2 votes")
    see(table, "Bruno: 1 vote")
