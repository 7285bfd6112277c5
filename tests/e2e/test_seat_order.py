"""Seat order (issue 23 §1): four phones join out of seating order, the table seats them as they
sit, each phone names its neighbours, a restart keeps the order, and the game plays in it.

"The player who most recently went to a party goes first, with play passing to the left"
(Castle Party): seat 1 plays first, and the next player is the one on your left.
"""
from __future__ import annotations

import re

import pytest

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import enable_semantics, new_room, open_page, see, take_seat, tap

pytestmark = pytest.mark.e2e


def sits(phone, left: str, right: str) -> None:
    see(phone, re.compile(rf"^On your left: {left} . on your right: {right}$"))


def swap(table, first: str, second: str) -> None:
    """Tap two players on the drawn table, as the host does, waiting for the first to light."""
    tap(table, first)
    see(table, re.compile(r"is chosen: tap the player who sits there instead"))
    tap(table, second)


def test_the_table_seats_phones_that_joined_out_of_order(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Castle Party")
    phones = {name: take_seat(browser, f"{server.base}/join/{code}", name, **PHONE)
              for name in ("Cid", "Ana", "Dee", "Bruno")}
    sits(phones["Ana"], "Dee", "Cid")  # as they joined: Cid, Ana, Dee, Bruno

    # round the table they sit Ana, Bruno, Cid, Dee, clockwise
    swap(table, "Seat 2: Ana", "Seat 1: Cid")  # Ana, Cid, Dee, Bruno
    see(table, "Seat 1: Ana")
    swap(table, "Seat 2: Cid", "Seat 4: Bruno")  # Ana, Bruno, Dee, Cid
    see(table, "Seat 2: Bruno")
    swap(table, "Seat 3: Dee", "Seat 4: Cid")  # Ana, Bruno, Cid, Dee
    for n, name in enumerate(("Ana", "Bruno", "Cid", "Dee"), start=1):
        see(table, f"Seat {n}: {name}")
    sits(phones["Ana"], "Bruno", "Dee")
    sits(phones["Bruno"], "Cid", "Ana")
    sits(phones["Cid"], "Dee", "Bruno")
    sits(phones["Dee"], "Ana", "Cid")

    server.kill()  # the order is on disk, not in the process
    server.start()
    table.reload()
    enable_semantics(table)
    for n, name in enumerate(("Ana", "Bruno", "Cid", "Dee"), start=1):
        see(table, f"Seat {n}: {name}")
    phones["Dee"].reload()
    enable_semantics(phones["Dee"])
    sits(phones["Dee"], "Ana", "Cid")

    tap(table, "Start the game")
    see(table, "Set up; then Ana turns over a Shape card")  # seat 1, not the first to join
