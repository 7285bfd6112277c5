"""A night at the table (issue 18, first step): the table vote picks the game, "Another game"
takes everyone there, the game is played to its end, "Play again" once more; every phone
follows by itself, seated, with no scan and no name typed; in a room opened anew a phone
remembers its player ("Join as Bruno")."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLE
from .flet_page import enable_semantics, new_room, open_page, see, take_seat, tap, type_into

pytestmark = pytest.mark.e2e
ROOM = re.compile(r"^Room [A-Z]{4}( · tonight: .*)?$")  # a phone adds its night


def room_code(page) -> str:
    heading = page.get_by_text(ROOM).first
    heading.wait_for()
    return heading.inner_text().split()[1]


def moved_on(page, old: str) -> str:
    """Wait until the page shows another room than ``old``; its code."""
    page.get_by_text(re.compile(rf"^Room (?!{old}\b)[A-Z]{{4}}( · tonight: .*)?$")).first.wait_for()
    return room_code(page)


def test_the_phones_follow_the_table_from_game_to_game(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    vote_room = new_room(table, "Table vote")
    phones = {name: take_seat(browser, f"{server.base}/join/{vote_room}", name, **PHONE)
              for name in ("Ana", "Bruno")}
    tap(table, "Start the game")

    # --- the table vote chose Robinson Crusoe: everyone goes there, seated ---------------
    tap(table, "Another game")
    tap(table, re.compile(r"^Next: Robinson Crusoe"))
    island = moved_on(table, vote_room)
    for name, phone in phones.items():
        assert moved_on(phone, vote_room) == island
        see(phone, "You have a seat. The game starts when the table is ready.")
        see(phone, name)
        see(phone, "Next to you: " + ("Bruno" if name == "Ana" else "Ana"))
    see(table, "Ana: connected")
    see(table, "Bruno: connected")

    type_into(table, re.compile("^Characters in seat order"), "cook, explorer")
    tap(table, "Start the game", exact=True)
    see(table, "Characters: Ana plays the Cook; Bruno plays the Explorer.")
    see(phones["Bruno"], "You play the Explorer")
    tap(table, "Start round 1", exact=True)
    tap(table, "Mark the scenario's goal as met", exact=True)
    tap(table, "Yes: the goal is met, victory", exact=True)
    see(table, "The goal of scenario 1 is met in round 1: victory!")

    # --- tonight: the record of the games finished, read at the table --------------------
    tap(table, "Tonight", exact=True)
    see(table, "1 game played")
    expect(table.get_by_text(re.compile(r"^1 win of 1$"))).to_have_count(2)  # a co-op victory
    see(table, re.compile(r"^1\. Robinson Crusoe"))
    # --- across nights: per player and per game, with a filter a tap away ----------------
    tap(table, "History across nights")
    see(table, re.compile(r"^Bruno, Robinson Crusoe.*: 1 played, 1 won, last played \d{4}-"))
    tap(table, "Bruno", exact=True)  # one player only
    see(table, "Every night · Bruno")
    expect(table.get_by_text(re.compile(r"^Ana, "))).to_have_count(0)
    tap(table, "Back to the rooms")
    tap(table, f"Resume room {island}")

    # --- "Play again": the same game, the same seats, asked first ---------------------------
    tap(table, "Play again", exact=True)
    see(table, "Play Robinson Crusoe: Adventures on the Cursed Island again with Ana, Bruno? "
               "Every phone moves to the new room, seated.")
    tap(table, "Yes, play again")
    again = moved_on(table, island)
    for phone in phones.values():
        assert moved_on(phone, island) == again
        see(phone, "You have a seat. The game starts when the table is ready.")
    # the setup the last game started with, offered again: the table only taps Start (an
    # unfocused Flutter field shows no value to the page, so the start itself is the proof)
    tap(table, "Start the game", exact=True)
    see(table, "Characters: Ana plays the Cook; Bruno plays the Explorer.")
    see(phones["Ana"], "You are the First Player")  # the same seats, in the same order

    # --- a room opened anew: each phone remembers its player, one tap to sit down -----------
    tap(table, "All rooms", exact=True)
    fresh = new_room(table, "Table vote")
    bruno = phones["Bruno"]
    bruno.goto(f"{server.base}/join/{fresh}")
    enable_semantics(bruno)
    tap(bruno, "Join as Bruno")
    see(bruno, "You have a seat")
    see(bruno, re.compile(r"tonight: you won 1 of 1$"))  # Robinson's victory was everyone's
    see(table, "Bruno: connected")
