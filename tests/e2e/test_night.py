"""A night at the table (issue 18): the table vote seats the players, "Another game" takes
everyone to Castle Party, the party is played to its tally, "Play again" takes every phone to a
new room seated (no scan, no name typed), a second party is played; then the Tonight screen
shows the standings and both score sheets, the CSV saved beside the database matches the two
games, History filters by player, and in a room opened anew a phone remembers its player
("Join as Bruno").

The second party, shortest by the rules (the third Clock lies among Shapes 16 to 20): nobody
uses a special action (3 unused = 6 points each). Bruno draws two Vampires, D3 (in front of a
window) and E3: a group of 2 = 2; the Conga at the first Clock = 2, the Fireworks at the second
= 1, the Toast at the third on C3 (a Vampire beside him, one type) = 1. Total 12. Ana draws
nothing and scores her Events for 0: total 6. Bruno wins.
"""
from __future__ import annotations

import csv
import re

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (enable_semantics, new_room, open_page, see, take_seat, tap,
                                   tap_square, turn_over_shapes)
from testsupport.castle_party_party import draw, two_castles_three_clocks

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


def follow(table, phones: dict, old: str) -> str:
    """The table and every phone land in the same new room; each phone seated as its player."""
    new = moved_on(table, old)
    for name, phone in phones.items():
        assert moved_on(phone, old) == new
        see(phone, "You have a seat. The game starts when the table is ready.")
        see(phone, "Next to you: " + ("Bruno" if name == "Ana" else "Ana"))
    see(table, "Ana: connected")
    see(table, "Bruno: connected")
    return new


def the_shortest_party(table, ana, bruno) -> None:
    """The second party of the module docstring, from its start to the whole tally."""
    tap(table, "Start the game", exact=True)
    draw(bruno, "D3", "Draw a Vampire")
    draw(bruno, "E3", "Draw a Vampire")
    see(bruno, "Your score now: 8 points")
    turn_over_shapes(table, 1, 5)
    tap(table, "Mark the first Clock as revealed")
    tap(ana, "Score the Conga: 0 points")
    tap(bruno, "Score the Conga: 2 points")
    turn_over_shapes(table, 6, 10)
    tap(table, "Mark the second Clock as revealed")
    tap(ana, "Score the Fireworks: 0 points")
    tap(bruno, "Score the Fireworks: 1 point")
    turn_over_shapes(table, 11, 15)
    tap(table, "Mark the third Clock as revealed")
    for phone, said in ((ana, "0 points"), (bruno, "1 point")):
        tap(phone, "Toast to the Pumpkin King: pick a square")
        tap_square(phone, "C3")
        tap(phone, f"Toast the Pumpkin King on C3: {said}")
    see(ana, "Bruno wins with 12 points!")
    tap(table, "Show the whole tally")
    see(table, "Total — Ana: 6 points · Bruno: 12 points")


def test_a_night_two_castle_parties_tonight_and_the_record(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    vote_room = new_room(table, "Table vote")
    phones = {name: take_seat(browser, f"{server.base}/join/{vote_room}", name, **PHONE)
              for name in ("Ana", "Bruno")}
    ana, bruno = phones["Ana"], phones["Bruno"]
    tap(table, "Start the game")

    # --- the table chose Castle Party: everyone goes there, seated ------------------------
    tap(table, "Another game")
    tap(table, re.compile(r"^Next: Castle Party"))
    first = follow(table, phones, vote_room)
    two_castles_three_clocks(table, ana, bruno)
    see(ana, re.compile(r"tonight: you won 1 of 1$"))  # each phone says its own night
    see(bruno, re.compile(r"tonight: you won 0 of 1$"))

    # --- "Play again": the same game, the same seats, asked first ---------------------------
    tap(table, "Play again", exact=True)
    see(table, "Play Castle Party again with Ana, Bruno? Every phone moves to the new room, "
               "seated.")
    tap(table, "Yes, play again")
    follow(table, phones, first)
    the_shortest_party(table, ana, bruno)

    # --- Tonight: the standings, and each party's score sheet ------------------------------
    tap(table, "Tonight", exact=True)
    see(table, "2 games played")
    expect(table.get_by_text(re.compile(r"^1 win of 2$"))).to_have_count(2)
    see(table, re.compile(r"^1\. Castle Party"))
    see(table, re.compile(r"^2\. Castle Party"))
    see(table, "Score sheet: Ana 19 points; Bruno 14 points")
    see(table, "Score sheet: Ana 6 points; Bruno 12 points")
    # --- the record, saved beside the database, is the two games as played ---------------
    tap(table, "Save the record as CSV")
    see(table, re.compile(r"^Saved: .*record-\d{4}-\d\d-\d\d\.csv$"))
    [saved] = (server.db.parent / "exports").glob("record-*.csv")
    rows = list(csv.DictReader(saved.open(encoding="utf-8")))
    assert [(r["game"], r["player"], r["score"], r["placing"], r["won"]) for r in rows] == [
        ("Castle Party", "Ana", "19", "1", "yes"), ("Castle Party", "Bruno", "14", "2", "no"),
        ("Castle Party", "Ana", "6", "2", "no"), ("Castle Party", "Bruno", "12", "1", "yes")]
    assert rows[0]["date"] <= rows[2]["date"]

    # --- across nights: per player and per game, with a filter a tap away ----------------
    tap(table, "History across nights")
    see(table, re.compile(r"^Bruno, Castle Party.*: 2 played, 1 won, .*last played \d{4}-"))
    tap(table, "Bruno", exact=True)  # one player only
    see(table, "Every night · Bruno")
    expect(table.get_by_text(re.compile(r"^Ana, "))).to_have_count(0)

    # --- a room opened anew: each phone remembers its player, one tap to sit down -----------
    tap(table, "Back to the rooms")
    fresh = new_room(table, "Table vote")
    bruno.goto(f"{server.base}/join/{fresh}")
    enable_semantics(bruno)
    tap(bruno, "Join as Bruno")
    see(bruno, "You have a seat")
    see(bruno, re.compile(r"tonight: you won 1 of 2$"))
    see(table, "Bruno: connected")
