"""The draft in the real host and browsers, run from this folder through the companion's
pytest plugin alone (``python -m pytest -m e2e``): its ``server`` fixture starts the host with
this game laid out beside it as pip installs it (the game is registered by pyproject.toml's
``companion_games``), its dice seeded; ``browser`` is Debian's Chromium. Each phone shows its
own hand and the table none; the picks are made at once, and only when both are in does the
table turn them over."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.testing.browser import PHONE, TABLE
from companion.testing.pages import new_room, open_page, see, shown, take_seat, tap

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana", "Bruno")
CARD = re.compile(r"^(Tempura|Sashimi|Dumpling) \(\d in your hand\)$")
HAND = re.compile(r"^Your hand: ")


def test_two_phones_pick_at_once_and_the_table_turns_the_picks_over(server, browser, wire):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Sushi draft (example)")
    phones = {n: take_seat(browser, f"{server.base}/join/{code}", n, **PHONE) for n in PLAYERS}
    for name in PLAYERS:
        see(table, f"{name}: connected")
    tap(table, "Start the game")
    tap(table, "Deal the hands in secret")
    see(table, "Turn 1: picked so far: nobody")
    for phone in phones.values():
        see(phone, HAND)
    expect(shown(table).get_by_text(HAND)).to_have_count(0)  # the table sees no hand

    picks = {}
    for name, phone in phones.items():
        tap(phone, CARD)
        chosen = shown(phone).get_by_text(re.compile(r"^Chosen: "))
        expect(chosen).to_be_visible()
        picked = chosen.inner_text().split(": ", 1)[1]
        tap(phone, f"Pick {picked}")
        picks[name] = picked
        if name == PLAYERS[0]:  # face down until every pick is in
            see(phone, f"Your pick is in: {picked}.")
            see(table, "Turn 1: picked so far: Ana")
            expect(shown(table).get_by_text("Turned over:", exact=False)).to_have_count(0)
    see(table, f"Turned over: Ana {picks['Ana']}, Bruno {picks['Bruno']}")
    see(table, "Turn 2: picked so far: nobody")
    for phone in phones.values():  # a new turn: the choice of the last one is gone
        expect(shown(phone).get_by_text(re.compile(r"^Chosen: "))).to_have_count(0)
        phone.get_by_role("button", name=CARD).first.wait_for()
