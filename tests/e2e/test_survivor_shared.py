"""Four players of Survivor: The Tribe Has Spoken on two phones (issue 13), in real Chromium.

Ana and Bruno share one phone, Chloe and Dev the other: "Add a player to this phone" on a
seated phone, then "Pass the device to ..." / "I am ...: show my screen" / "Done: hide my
screen". Ana draws a Single Elimination Tribal Council card and leads it; Chloe readies an
Extra Vote card in secret; everyone votes on the shared phones; Bruno and Dev tie, and Ana,
the Tribal Council Leader, settles it on her shared phone: "Single Elimination Tribal Council:
The Tribal Council Leader gets to decide which of the tied players is voted out."

Between two players each phone shows only the blank hand-over screen: what it draws (read
from its accessibility tree, which holds every word on the screen) never shows another seat's
secret, neither an Extra Vote card nor a ballot choice nor the leader's pick.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE
from testsupport.flet_page import (assert_action_bar_in_view, assert_in_first_screen,
                                   assert_phase_line_big, new_room, open_page,
                                   read_ballots_until_decided, see, take_seat, tap, type_into)

TABLE_1280x800 = dict(viewport={"width": 1280, "height": 800})
SECRETS = ("Vote for", "You are voting for", "Your vote is in", "Your ballot", "Extra Vote",
           "(secret)", "You decide", "Chosen", "Choose ", "You cast")
"""Words of a seat's private screen: none of them may show on the blank hand-over screen."""


def blank(device) -> None:
    """The hand-over screen: whose turn it is to hold the device, and nothing of anyone's."""
    text = device.locator("flt-semantics-host").inner_text()
    assert "'s screen" not in text, text  # no seat's screen is open
    for secret in SECRETS:
        assert secret not in text, (secret, text)
    expect(device.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(0)


def show(device, name: str) -> None:
    """``name`` takes the device and opens their own screen."""
    tap(device, f"I am {name}: show my screen")
    see(device, f"{name}'s screen")


def done(device) -> None:
    tap(device, "Done: hide my screen")
    see(device, re.compile("Pass the device to|Nobody on this device has a move now"))
    blank(device)


def move(device, name: str) -> None:
    """A player's own move: inside the first screen of the phone, then tapped."""
    assert_in_first_screen(device, name)
    tap(device, name)


def step(table, name: str) -> None:
    """The table's next step: in the action bar, in view, then tapped."""
    assert_action_bar_in_view(table, name)
    tap(table, name)


def vote(device, *choices: str) -> None:
    for choice in choices:
        move(device, f"Vote for {choice}")
    see(device, "You are voting for:")
    tap(device, "Confirm my vote")
    see(device, "Your vote is in.")


def add_player(device, name: str) -> None:
    tap(device, "Add a player to this phone")
    type_into(device, "Your name", name)
    tap(device, "Take a seat")
    see(device, "Nobody on this device has a move now")  # the device is blank between seats


@pytest.mark.e2e
def test_four_players_on_two_phones_through_a_tie_the_leader_settles(server, browser):
    table = open_page(browser.new_context(**TABLE_1280x800).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Survivor: The Tribe Has Spoken')}"
    first = take_seat(browser, join, "Ana", **PHONE)
    add_player(first, "Bruno")
    second = take_seat(browser, join, "Chloe", **PHONE)
    add_player(second, "Dev")
    for name in ("Ana", "Bruno", "Chloe", "Dev"):
        see(table, f"{name}: connected")
    step(table, "Start the game")
    step(table, "Ana goes first")

    # Ana's turn: her phone offers her first; the other phone has nobody to pass to
    assert_phase_line_big(table, "Ana's turn: Steal, Play (or don't), then Draw!")
    see(first, "Pass the device to Ana")
    blank(first)
    see(second, "Nobody on this device has a move now")
    show(first, "Ana")
    move(first, "I drew a Single Elimination Tribal Council card")
    see(first, "You are the Tribal Council Leader.")
    move(first, "Begin the discussion")
    done(first)

    # Chloe readies an Extra Vote card in secret; Dev, on the same phone, never sees it
    show(second, "Chloe")
    move(second, "Use one more Extra Vote card")
    see(second, "Extra Vote cards you use at this Tribal Council (secret): 1")
    done(second)
    show(second, "Dev")
    see(second, "Extra Vote cards you use at this Tribal Council (secret): 0")
    done(second)
    expect(table.get_by_text(re.compile("Extra Vote cards you use"))).to_have_count(0)

    show(first, "Ana")
    move(first, "Time to vote!")
    vote(first, "Dev")
    done(first)
    see(first, "I am Bruno: show my screen")  # Bruno's ballot waits
    show(first, "Bruno")
    vote(first, "Chloe")
    done(first)
    see(second, "Pass the device to Chloe")
    show(second, "Chloe")
    see(second, "you have 2 votes")  # her Vote Card and her Extra Vote, on her screen only
    vote(second, "Bruno", "Dev")
    done(second)
    show(second, "Dev")
    vote(second, "Bruno")
    done(second)

    see(table, "The ballot box is closed: 4 voters voted.")
    step(table, "Everyone, open your eyes")
    step(table, "Open the box and tally the votes")
    see(table, "Ballots read: 0 of 5")
    assert Counter(read_ballots_until_decided(table)) == Counter(
        {"Bruno": 2, "Dev": 2, "Chloe": 1})
    step(table, "Show the final tally")

    # the tie: only Ana's phone is called, and she decides behind the hand-over screen
    see(table, re.compile(r"Ana decides which 1 player of the tied (Bruno and Dev|Dev and "
                          r"Bruno) is voted out\."))
    assert_action_bar_in_view(table, "Pass the device to Ana")  # the table's own fallback
    see(first, "Pass the device to Ana")
    blank(first)
    see(second, "Nobody on this device has a move now")
    blank(second)
    show(first, "Ana")
    see(first, re.compile(r"Which 1 player of the tied (Bruno and Dev|Dev and Bruno) is "
                          r"voted out\?"))
    move(first, "Choose Dev")
    move(first, "Confirm my choice")
    see(table, "Dev turns over a Survivor Character Card.")
    see(table, re.compile(r"Ana chose Dev\..*\(Ana acted on a shared device\.\)"))
    done(first)
    step(table, "End Tribal Council")
    assert_phase_line_big(table, "Bruno's turn: Steal, Play (or don't), then Draw!")
    see(first, "Pass the device to Bruno")
    blank(first)


def test_the_history_keeps_who_set_extra_vote_cards_secret_on_a_shared_phone(tmp_path):
    """ "the history says 'Ana acted (on a shared device)' without revealing what was secret"
    (issue 13): Extra Vote cards are secret, so they leave no history line at all (issue 35),
    on a shared phone as on a phone of one's own."""
    from companion.rooms import TableService
    from companion.store import Store
    from views.games import SCREENS

    sv = TableService(Store(tmp_path / "companion.db"), offered=list(SCREENS))
    code = sv.create_room(sv.host_key, "survivor")
    tokens = {p: sv.join(code, p)[1] for p in ("Ana", "Bruno", "Chloe", "Dev")}
    seats = {s.name: s.id for s in sv.seats(code)}
    sv.sharing(code, [seats["Chloe"], seats["Dev"]], +1)  # one phone holds both seats
    sv.start(sv.host_key, code, {})
    sv.act(code, sv.host_key, "start", {"first_player": "Ana"})
    sv.act(code, tokens["Ana"], "draw_tribal_council", {"kind": "single"})
    sv.act(code, tokens["Ana"], "begin_discussion", {})
    before = sv.history(code)
    sv.act(code, tokens["Chloe"], "use_extra_votes", {"count": 1})
    # "So no one can hear how many votes are being cast": the table's history says nothing
    assert sv.history(code) == before
