"""Castle Party on one tablet (issue 13): Ana and Bruno have no phone of their own, so both
take a seat on the same tablet and hand it over. Between them the tablet shows only "Pass the
device to ..." and never a castle; each opens their own whiteboard with "I am ...", plays, and
hides it with "Done".

The play: Ana turns over the first Shape ("On your turn, you must turn over the top Shape card
from the deck"), both pass on a special action ("the player that revealed the Shape card in
play announces whether they wish to perform a special action or pass. If they pass, the next
player to their left may perform the special action or pass"); the table screen enters the
group of three Vampires once, and each adds it on the tablet as seen from their own seat ("Each
player chooses where they want to place the group that has just arrived within their own
castle"; Ana sits across the table, so she turns it twice). The table turns over four more
Shapes (the first Clock lies under the top pile of five), then the first Clock: "Each time a Clock
card is revealed, each player must choose one of the Events they have available to score at
that moment". Ana scores the Conga (her 3 Vampires: 3), Bruno the Fireworks (one Vampire on H3,
in front of a window: 1).

Scores (basic side, default grid): Ana 3 (Vampires) + 6 (three unused special actions) + 3
(Conga) = 12; Bruno 3 + 6 + 1 (Fireworks) = 10.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from testsupport.browser import TABLE, TABLET
from testsupport.flet_page import (new_room, open_page, see, square, take_seat, tap, tap_square,
                                   turn_over_shapes, type_into)

pytestmark = pytest.mark.e2e


def handed_over(tablet: Page) -> None:
    """What anyone at the table sees on the tablet between two players: neither castle, no
    score, nobody's screen; only whom to pass it to."""
    see(tablet, "Pass the device to")
    expect(tablet.get_by_role("button", name=re.compile("^Square "))).to_have_count(0)
    text = tablet.locator("flt-semantics-host").inner_text()
    for secret in ("Square ", "Your score", "Special actions", "'s screen", "Vampire",
                   "Draw a whole group"):
        assert secret not in text, (secret, text)


def open_screen(tablet: Page, name: str) -> None:
    tap(tablet, f"I am {name}: show my screen")
    see(tablet, f"{name}'s screen")


def done(tablet: Page) -> None:
    tap(tablet, "Done: hide my screen")
    handed_over(tablet)


def test_two_players_share_one_tablet_through_a_group_and_a_clock(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Castle Party')}"
    tablet = take_seat(browser, join, "Ana", **TABLET)
    tap(tablet, "Add a player to this phone")
    type_into(tablet, "Your name", "Bruno")
    tap(tablet, "Take a seat")
    see(tablet, "Nobody on this device has a move now")
    for name in ("Ana", "Bruno"):
        see(table, f"{name}: connected")
    tap(table, "Start the game")

    # --- Ana turns over the first Shape on her screen, and speaks first ---------------------
    see(tablet, "Pass the device to Ana")  # whoever must act first, in table order
    handed_over(tablet)
    open_screen(tablet, "Ana")
    expect(square(tablet, "D3")).to_have_accessible_name("Square D3: empty (window)")
    tap(tablet, "I turned over a Shape card")
    see(tablet, "your turn to speak")
    tap(tablet, "Pass: no special action from me")
    see(tablet, "Bruno speaks now")
    done(tablet)

    # --- the table enters the group laid out once: three Vampires ---------------------------
    tap(table, "Pick a Vampire")
    for cell in ("1-1", "2-1", "2-2"):
        tap(table, f"Group square {cell}: empty")
    tap(table, "Enter the group (3 cards)")
    see(table, "Shape 1's group, as seen from this screen")

    # --- Bruno passes too, and adds the group as the table screen shows it --------------------
    see(tablet, "Pass the device to Bruno")
    open_screen(tablet, "Bruno")
    see(tablet, "your turn to speak")
    tap(tablet, "Pass: no special action from me")
    see(tablet, "Add Shape 1's group")
    tap_square(tablet, "H3")
    tap(tablet, "Draw the group here")
    expect(square(tablet, "I4")).to_have_accessible_name("Square I4: Vampire (castle)")
    see(tablet, "Your score now: 9 points")  # Vampires 3, three unused special actions 6
    done(tablet)

    # --- Ana sits across the table: she turns the group twice, then taps where it goes --------
    see(tablet, "Pass the device to Ana")  # the device waits for her group
    open_screen(tablet, "Ana")
    expect(square(tablet, "H3")).to_have_accessible_name("Square H3: empty (window)")  # hers
    tap(tablet, "Turn right")
    tap(tablet, "Turn right")
    tap_square(tablet, "D3")
    tap(tablet, "Draw the group here")
    expect(square(tablet, "E4")).to_have_accessible_name("Square E4: Vampire (castle)")
    expect(square(tablet, "E3")).to_have_accessible_name("Square E3: Vampire (castle)")
    see(tablet, "Your score now: 9 points")
    done(tablet)
    see(table, "Ana acted on a shared device")  # the history says where, not what was secret

    # --- the first Clock (among Shapes 6 to 10): each scores one Event on their own screen ----
    turn_over_shapes(table, 2, 5)
    tap(table, "Mark the first Clock as revealed")
    see(table, "Waiting for an Event from Ana and Bruno")
    see(tablet, "Pass the device to Ana")
    handed_over(tablet)
    open_screen(tablet, "Ana")
    see(tablet, "The first Clock: score one Event now")
    tap(tablet, "Score the Conga: 3 points")
    see(tablet, "Your score now: 12 points")
    done(tablet)
    see(table, "Waiting for an Event from Bruno")

    open_screen(tablet, "Bruno")
    see(tablet, "The first Clock: score one Event now")
    tap(tablet, "Score the Fireworks: 1 point")
    see(tablet, "Your score now: 10 points")
    done(tablet)

    see(table, "Every player has scored an Event for the first Clock.")
    see(table, "Total — Ana: 12 points · Bruno: 10 points")  # the table's live score sheet
