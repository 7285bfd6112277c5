"""The Castle Party of tests/e2e/test_castle_party.py, played in real Chromium: two castles
and three Clocks from the setup form to the tally (the night's e2e plays it first)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .browser import PHONE
from .flet_page import (assert_action_bar_in_view, assert_in_first_screen,
                        assert_phase_line_big, see, shown, square, tap, tap_square,
                        turn_over_shapes, type_into)


def draw(page: Page, at: str, guest_button: str) -> None:
    """Tap a square, pick a guest in the dialog."""
    tap_square(page, at)
    tap(page, guest_button)


def two_castles_three_clocks(table: Page, ana: Page, bruno: Page) -> None:
    """The party of this module's docstring, from the room's setup form (Ana and Bruno seated)
    to the table's whole tally. The night's e2e (test_night.py) plays it as its first game."""
    see(table, "Bruno: connected")
    see(table, "four piles of five")  # the Shape deck instructions in the setup form
    tap(table, "Start the game")
    see(table, "Ana's turn: turn over a Shape card")
    assert_phase_line_big(table, "Set up; then Ana turns over a Shape card")

    # --- the default grid is an approximation: the table can set its own board's before play
    expect(square(ana, "D3")).to_have_accessible_name("Square D3: empty (window)")
    see(ana, "approximation of the printed whiteboard")
    type_into(table, "Castle layout for every player", "~ ~ ~ ~\n~ ^ . ~\n~ = = ~")
    tap(table, "Use this layout for every castle")
    expect(square(bruno, "B2")).to_have_accessible_name("Square B2: empty (window)")
    expect(square(bruno, "D3")).to_have_accessible_name("Square D3: empty (moat)")
    expect(square(bruno, "E5")).to_have_count(0)
    tap(table, "Undo the last move")  # back to the default grid for this game
    tap(table, "Yes, undo it")

    # --- Ana: the grid says what each square is; a group drawn at once --------------------
    expect(square(ana, "D3")).to_have_accessible_name("Square D3: empty (window)")
    expect(square(ana, "A1")).to_have_accessible_name("Square A1: empty (moat)")
    expect(square(ana, "F11")).to_have_accessible_name("Square F11: empty (drawbridge)")
    see(ana, "approximation of the printed whiteboard")
    see(ana, "Your score now: 6 points")  # three unused special actions
    # your move first: the castle starts inside the phone's first screen, and all of it fits
    # the phone's width, column A to column M, with no sideways swipe
    assert_in_first_screen(ana, "Draw a whole group at once")
    assert_in_first_screen(ana, re.compile(r"^Square D3: "))
    for corner in ("A1", "M12"):
        box = square(ana, corner).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["viewport"]["width"], box
    tap(ana, "Draw a whole group at once")
    # a finger lands one square off (C3 for D3): the zoom's 44 px squares put it right
    tap_square(ana, "C3")
    see(ana, re.compile(r"^C3: empty \(castle\)$"))
    meant = ana.get_by_role("button", name=re.compile(r"^Zoomed D3: empty \(window\)$"))
    assert meant.bounding_box()["width"] >= 44
    meant.click()
    see(ana, re.compile(r"^D3: empty \(window\)$"))
    tap(ana, "Add a Vampire to the group")
    for at in ("E3", "E4"):
        draw(ana, at, "Add a Vampire to the group")
    see(ana, "Group: Vampire on D3, Vampire on E3, Vampire on E4")
    tap(ana, "Move the group right")
    see(ana, "Group: Vampire on E3, Vampire on F3, Vampire on F4")
    tap(ana, "Move the group left")
    see(ana, "Group: Vampire on D3, Vampire on E3, Vampire on E4")
    tap(ana, "Draw the group (3 guests)")
    expect(square(ana, "E4")).to_have_accessible_name("Square E4: Vampire (castle)")
    draw(ana, "D4", "Draw the Vampire King/Queen")
    expect(square(ana, "D4")).to_have_accessible_name("Square D4: Vampire King/Queen (castle)")
    assert_action_bar_in_view(table, "Ana turned over a Shape card")
    tap(table, "Ana turned over a Shape card")
    see(ana, "your turn to speak")  # "the player that revealed the Shape card ... announces"
    assert_in_first_screen(ana, "Use Lights Out on this group")
    assert_action_bar_in_view(table, "Ana passes")

    # --- the table enters the group laid out once: two Skeletons side by side --------------
    see(table, "Shape 1: enter the group laid out on the table")
    tap(table, "Enter the group (0 cards)")  # nothing entered: a sentence, nothing changes
    see(table, "A group is a list of guests, each with its square.")
    tap(table, "Pick a Skeleton")
    tap(table, "Group square 2-2: empty")
    tap(table, "Group square 2-3: empty")
    assert_action_bar_in_view(table, "Enter the group (2 cards)")
    tap(table, "Enter the group (2 cards)")
    see(table, "Shape 1's group, as seen from this screen")
    see(table, "Bruno: still to add")
    # Bruno sees the cards as the table screen does: a tap on H3 lays them over H3 and I3;
    # drawing waits for the special actions ("then it's time to add the group")
    see(bruno, "Add Shape 1's group")
    assert_in_first_screen(bruno, "Turn right")
    tap_square(bruno, "H3")
    see(bruno, "Ringed Skeleton on H3. Tap another square to move it.")
    expect(square(bruno, "I3")).to_have_accessible_name(
        "Square I3: empty (castle), planned: Skeleton")
    see(bruno, "Draw it once Ana has used a special action or passed.")
    tap(ana, "Use Lights Out on this group")
    tap(ana, "Yes, use Lights Out")
    see(ana, "Lights Out: used")
    see(bruno, "Ana used Lights Out; no other special action on it.")
    assert_phase_line_big(table, "Shape 1: 2 players add the group")

    assert_in_first_screen(bruno, "Draw the group here")
    tap(bruno, "Draw the group here")
    expect(square(bruno, "I3")).to_have_accessible_name("Square I3: Skeleton (castle)")
    expect(square(bruno, "H3")).to_have_accessible_name("Square H3: Skeleton (window)")
    see(table, "Bruno: added")
    # "Once all of the players have drawn the Monsters in their own castles ... the game
    # continues with the next player's turn": no next card while Ana's castle lacks the group
    see(table, "First Ana must add Shape 1's group to their castle: the next card waits until "
               "all of the players have drawn it.")
    expect(table.get_by_role("button", name=re.compile("turned over a Shape card|Clock as "
                                                       "revealed"))).to_have_count(0)
    # Ana sits a quarter of the way round: turned right, the pair stands on I7 and I8
    tap(ana, "Turn right")
    tap_square(ana, "I7")
    tap(ana, "Draw the group here")
    expect(square(ana, "I8")).to_have_accessible_name("Square I8: Skeleton (castle)")
    assert_phase_line_big(table, "Bruno's turn: turn over a Shape card")
    # "You cannot use it again for the rest of the game": ticked, and no longer a button
    expect(ana.get_by_role("button", name=re.compile("Lights Out"))).to_have_count(0)
    see(ana, "Your score now: 13 points")  # Vampires 4 + King/Queen 3, Skeletons 2, actions 4
    see(ana, "Vampire King/Queen in that group — 3 points")

    # --- Bruno ----------------------------------------------------------------------------
    for at, guest in (("F5", "Draw a Unicorn"), ("G5", "Draw a Unicorn")):
        draw(bruno, at, guest)
    see(bruno, "Your score now: 9 points")  # Skeletons 2, a pair of Unicorns 1, actions 6

    # --- the first Clock: it lies among Shapes 6 to 10, under the first pile of five ----------
    expect(table.get_by_role("button", name=re.compile("Clock as revealed"))).to_have_count(0)
    turn_over_shapes(table, 2, 5)
    assert_action_bar_in_view(table, "Mark the first Clock as revealed")
    tap(table, "Mark the first Clock as revealed")
    see(table, "Waiting for an Event from Ana and Bruno")
    assert_phase_line_big(table, "The first Clock: score an Event")
    # too early for the next Clock: every player owes an Event, so the table offers none
    expect(table.get_by_role("button", name=re.compile("Clock as revealed"))).to_have_count(0)
    see(ana, "The first Clock: score one Event now")
    assert_in_first_screen(ana, "Score the Conga: 4 points")
    tap(ana, "Score the Conga: 4 points")
    tap(bruno, "Score the Fireworks: 1 point")
    see(table, "Every player has scored an Event for the first Clock.")

    draw(ana, "A1", "Draw a Witch")  # in the moat: −1
    draw(bruno, "F11", "Draw a Ghost")  # on the drawbridge: 0
    see(ana, "Your score now: 16 points")
    see(bruno, "Your score now: 10 points")
    see(bruno, "Guests on the drawbridge: 1 — 0 points")

    # --- the second Clock, among Shapes 11 to 15 ----------------------------------------------
    turn_over_shapes(table, 6, 10)
    tap(table, "Mark the second Clock as revealed")
    tap(ana, "Score the Fireworks: 1 point")
    assert_in_first_screen(bruno, "Toast to the Pumpkin King: pick a square")
    tap(bruno, "Toast to the Pumpkin King: pick a square")
    expect(square(bruno, "G4")).to_have_accessible_name(
        "Square G4: empty (castle), Toast here: 2 points")
    draw(bruno, "H3", "Toast the Pumpkin King on H3")  # occupied: refused with a sentence
    see(bruno, "The Pumpkin King goes on an empty square: H3 holds a Skeleton.")
    tap(bruno, "Cancel")
    draw(bruno, "G4", "Toast the Pumpkin King on G4: 2 points")
    expect(square(bruno, "G4")).to_have_accessible_name("Square G4: Pumpkin King (castle)")

    # --- the third Clock, among Shapes 16 to 20, ends the party ------------------------------
    turn_over_shapes(table, 11, 15)
    tap(table, "Mark the third Clock as revealed")
    tap(ana, "Toast to the Pumpkin King: pick a square")
    draw(ana, "C3", "Toast the Pumpkin King on C3: 2 points")
    tap(bruno, "Score the Conga: 2 points")
    see(ana, "Final Score: 19 points")
    see(bruno, "Final Score: 14 points")
    see(bruno, "Ana wins with 19 points!")
    see(ana, "You win with 19 points!")  # second person on the winner's own phone

    # --- the table's tally, read out one category at a time: the end kept for the end ------
    see(table, "Read out: 0 of 11 categories")
    assert_phase_line_big(table, "The party is over")
    expect(table.get_by_text(re.compile("wins with"))).to_have_count(0)
    expect(table.get_by_text(re.compile("^Total — Ana"))).to_have_count(0)
    expect(table.get_by_text("19 points")).to_have_count(0)
    assert_action_bar_in_view(table, "Read out the next category")
    tap(table, "Read out the next category")
    see(table, "Skeletons (largest group and King/Queen) — Ana: 2 · Bruno: 2")
    tap(table, "Read out the next category")
    see(table, "Witches (largest group and King/Queen) — Ana: 0 · Bruno: 0")
    see(table, "Read out: 2 of 11 categories")
    expect(table.get_by_text(re.compile("^Vampires .* — Ana: 7"))).to_have_count(0)
    expect(table.get_by_text(re.compile("wins with"))).to_have_count(0)
    tap(table, "Show the whole tally")
    see(table, "Ana wins with 19 points!")
    see(table, "Total — Ana: 19 points · Bruno: 14 points")
    see(table, "Vampires (largest group and King/Queen) — Ana: 7 · Bruno: 0")
    see(table, "Unicorns — Ana: 0 · Bruno: 1")
    see(table, "Special actions not used — Ana: 4 · Bruno: 6")
    see(table, "Guests in the moat — Ana: -1 · Bruno: 0")
    see(table, "Toast to the Pumpkin King — Ana: 2 · Bruno: 2")
    see(table, "Ana: 19 points")  # the castle cards show everyone's breakdown again
    # a castle card is read as one node, its lines together (issue 33): Ana's holds the King
    expect(shown(table).get_by_role("group", name=re.compile(
        r"^Ana 19 points .*Vampire King.Queen in that group — 3 points"))).to_be_visible()
