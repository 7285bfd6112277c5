"""A whole game of Survivor: The Tribe Has Spoken, in real Chromium with four phones.

Four players (the fewest with Double Elimination Tribal Council cards). The table records an
Action card that turns over one of Dev's characters; Bruno draws a Double Elimination Tribal
Council card and leads it; Ana uses an Extra Vote card in secret on her phone; everyone votes
in the shared Voting Box; Chloe plays an Immunity Idol, so the 2 votes for her do not count and
Ana, Bruno and Dev are tied: Bruno settles it on his phone. Dev is out; an Action card turns
over Ana's last character; the Final Tribal Council's jury (Dev and Ana) ties 1-1, and Ana,
its leader, names the Sole Survivor on her phone.

Staged for a real table (issue 10): at each phase it plays, the player's own move lies in the
first 844 px of a 390x844 phone, the table's next step sits in the action bar of a 1280x800
table screen, and the phase line is at least 40 px tall.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE
from testsupport.flet_page import (assert_action_bar_in_view, assert_in_first_screen,
                                   assert_phase_line_big, new_room, open_page,
                                   read_ballots_until_decided, see, shown, take_seat, tap)
from companion.testing.pages import TIMEOUT

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Chloe", "Dev"]
TABLE_1280x800 = dict(viewport={"width": 1280, "height": 800})


def tribe_tile(table, summary: str) -> None:
    """A player's tile on the table is read as one (tiles side by side are not read line by
    line across them): its name is the player's summary."""
    expect(shown(table).get_by_role("group", name=re.compile("^" + re.escape(summary)))
           .first).to_be_visible(timeout=TIMEOUT)


def step(table, name) -> None:
    """The table's next step: in the action bar, in view, then tapped."""
    assert_action_bar_in_view(table, name)
    tap(table, name)


def move(phone, name) -> None:
    """A player's own move: inside the first screen of the phone, then tapped."""
    assert_in_first_screen(phone, name)
    tap(phone, name)


def vote(phone, *choices: str) -> None:
    for choice in choices:
        move(phone, f"Vote for {choice}")
    see(phone, "You are voting for:")
    tap(phone, "Confirm my vote")
    see(phone, "Your vote is in.")


def test_a_whole_game_from_setup_to_the_sole_survivor(server, browser):
    table = open_page(browser.new_context(**TABLE_1280x800).new_page(), server.table_url)
    code = new_room(table, "Survivor: The Tribe Has Spoken")
    see(table, "4 players: 2 Single + 2 Double")  # the setup table of the rule text

    phones = {name: take_seat(browser, f"{server.base}/join/{code}", name, **PHONE)
              for name in PLAYERS}
    ana, bruno, chloe, dev = (phones[n] for n in PLAYERS)

    # --- setup: which Tribal Council cards, and where they go in the Draw Pile -------------
    step(table, "Start the game")
    see(table, "Use 2 Single and 2 Double Elimination Tribal Council cards")
    # 67 - 9 - 6 - 4 x 3 = 40 Action cards, in 4 piles of 10, one card at the very bottom
    see(table, "4. 10 Action cards, then a Tribal Council card (at the very bottom)")
    step(table, "Ana goes first")

    # --- turns: Steal, Play (or don't), then Draw ------------------------------------------
    assert_phase_line_big(table, "Ana's turn: Steal, Play (or don't), then Draw!")
    see(ana, "Your turn: Steal, Play (or don't), then Draw!")
    assert_action_bar_in_view(table, "Ana drew an Action card")
    expect(bruno.get_by_role("button", name="I drew an Action card")).to_have_count(0)
    move(ana, "I drew an Action card")
    see(table, "Bruno's turn: Steal, Play (or don't), then Draw!")
    # Bruno plays an Action card that turns over one of Dev's characters
    tap(table, "Turn over one of Dev's characters")
    tribe_tile(table, "Dev: 1 Survivor Character Card face up, 1 Vote Card")
    see(dev, "You have 1 Survivor Character Card face up and 1 Vote Card.")
    move(bruno, "I drew a Double Elimination Tribal Council card")

    # --- Tribal Council 1: Double Elimination, led by the drawer ---------------------------
    assert_phase_line_big(table, "Tribal Council 1, Double Elimination")
    see(table, "Tribal Council 1: Double Elimination")
    see(table, "Tribal Council Leader: Bruno")
    see(table, 'Bruno: "Welcome to Tribal Council.')
    see(bruno, "You are the Tribal Council Leader.")
    move(bruno, "Begin the discussion")
    see(table, "Now let's discuss who should be voted out.")
    # an Extra Vote card, set in secret on Ana's phone: the table never shows it
    move(ana, "Use one more Extra Vote card")
    see(ana, "Extra Vote cards you use at this Tribal Council (secret): 1")
    expect(table.get_by_text(re.compile("Extra Vote cards you use"))).to_have_count(0)
    step(table, "Time to vote!")
    see(table, "0 of 4 have voted")
    see(table, "It is... time to vote!")

    vote(ana, "Bruno", "Dev")  # her Vote Card and her Extra Vote
    vote(bruno, "Chloe")
    # an Extra Vote card readied while the box is open: her ballot grows, then shrinks back
    tap(chloe, "Use one more Extra Vote card")
    see(chloe, "Chloe, you have 2 votes.")
    tap(chloe, "Use one fewer Extra Vote card")
    see(chloe, "Chloe, you have 1 vote.")
    vote(chloe, "Ana")
    vote(dev, "Chloe")
    # the box is closed, but nobody reads it before the Immunity Idol moment
    see(table, "The ballot box is closed: 4 voters voted.")
    expect(table.get_by_role("button", name="Read the next ballot")).to_have_count(0)
    step(table, "Everyone, open your eyes")
    see(table, "If anyone has an Immunity Idol and wants to play it")
    move(chloe, "I play an Immunity Idol")  # hard to undo: the phone asks first
    see(chloe, "Play your Immunity Idol now?")
    expect(table.get_by_text("Immunity Idols played: Chloe")).to_have_count(0)
    move(chloe, "Yes, play my Immunity Idol")
    see(chloe, "You played an Immunity Idol: votes for you do not count.")
    see(table, "Immunity Idols played: Chloe")
    step(table, "Open the box and tally the votes")

    # the reading: every ballot, one at a time (a Double Elimination needs them all)
    see(table, "Ballots read: 0 of 5")
    read = read_ballots_until_decided(table)
    assert Counter(read) == Counter({"Chloe": 2, "Bruno": 1, "Dev": 1, "Ana": 1})
    step(table, "Show the final tally")
    see(table, "Votes that count: Ana 1, Bruno 1, Dev 1.")
    see(table, "2 votes for Chloe do not count: Chloe played an Immunity Idol.")
    # 3 tied with the most votes: the leader decides which 2, on his own phone
    see(table, "Bruno decides which 2 players of the tied Ana, Bruno and Dev are voted out.")
    see(ana, "Bruno decides on their phone.")
    expect(ana.get_by_role("button", name="Confirm my choice")).to_have_count(0)
    see(bruno, "Which 2 players of the tied Ana, Bruno and Dev are voted out?")  # "you"
    move(bruno, "Choose Ana")
    tap(bruno, "Confirm my choice")  # one is not enough: a sentence, nothing changes
    see(bruno, "Choose exactly 2 players from Ana, Bruno and Dev.")
    move(bruno, "Choose Dev")
    see(bruno, "Chosen: Ana and Dev")
    move(bruno, "Confirm my choice")
    see(table, "The Tribe Has Spoken!")
    see(table, "Ana turns over a Survivor Character Card.")
    see(table, "Dev is out of the game and joins the jury.")
    tribe_tile(table, "Dev: out, on the jury")
    tribe_tile(table, "Ana: 1 Survivor Character Card face up, 1 Vote Card")
    see(table, "Bruno chose Ana and Dev.")  # the history
    see(dev, "You are out of the game: you sit on the jury.")
    step(table, "End Tribal Council")
    see(table, "Chloe's turn: Steal, Play (or don't), then Draw!")  # the leader's left

    # an Action card turns over Ana's last character: 2 are left, the Final Tribal Council
    tap(table, "Turn over one of Ana's characters")
    assert_phase_line_big(table, "Final Tribal Council: Bruno and Chloe face the jury")
    see(table, "Bruno and Chloe face the jury")
    see(table, "Jury: Dev and Ana · Final Tribal Council Leader: Ana")
    for question in ("What was your strategy coming into the game?",
                     "What was your best move in the game?",
                     "How did you outplay your opponent?"):
        see(table, question)
    assert_action_bar_in_view(table, "Start the jury vote")
    move(ana, "Start the jury vote")
    see(table, "The winner of Survivor is... 3... 2... 1...")
    see(bruno, "You are in the final two")
    expect(bruno.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(0)
    vote(dev, "Bruno")
    vote(ana, "Chloe")
    step(table, "Reveal all at once: 3… 2… 1…")
    see(table, "The jury is tied: Bruno 1, Chloe 1.")
    see(table, "Ana breaks the tie on their phone")
    expect(dev.get_by_role("button", name="Chloe wins")).to_have_count(0)
    assert_action_bar_in_view(table, "Pass the device to Ana")  # no phone? the table's
    move(ana, "Chloe wins")  # she need not follow her own vote; here she does
    see(ana, "Chloe wins the game. Sure?")  # it ends the game: the phone asks first
    move(ana, "Yes, Chloe wins")
    assert_phase_line_big(table, "Chloe is the Sole Survivor!")
    see(chloe, "You win!")  # her own phone says it to her
    see(chloe, "You are the Sole Survivor!")
    for phone in (ana, bruno, dev):
        see(phone, "Chloe is the Sole Survivor!")
        expect(phone.get_by_text("You win!")).to_have_count(0)
