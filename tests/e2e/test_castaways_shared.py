"""A 5-player Castaways with two phones (issue 13): Ana and Ben share one phone, Cleo, Dev and
Eli share the other, through the secret picks and an Outcast Tribunal vote.

"Be sure to keep the identity secret so that no one knows each others characters, but take
note of who you are playing as." Between two players a shared phone shows only "Pass the
device to ..."; every screenshot and every word of the accessibility tree taken there is
checked: no Castaway (so no owner), no ballot, no choice. On a player's own screen, nobody
else's Castaways; on their ballot, only their own Castaways are marked "your Castaway".
The Tribunal Leader (Ben) runs the Tribunal's steps from the shared phone.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (assert_action_bar_in_view, assert_in_first_screen, new_room,
                                   open_page, read_ballots_until_decided, see, settle, take_seat,
                                   tap, type_into)
from testsupport.long_screen import look, press, type_far

pytestmark = pytest.mark.e2e

CASTAWAY = re.compile(r"(Physical|Mental|Social) \d")  # the default roster's names
# who picks which face-down cards: the Sharks are Ana, Cleo, Eli; the Eagles Ben and Dev
PICKS = {"Ana": 1, "Ben": 1, "Cleo": 4, "Dev": 4, "Eli": 7}


class Device:
    """One phone held by several players, and every look anyone takes between them."""

    def __init__(self, page, folder) -> None:
        self.page, self.folder, self.shots = page, folder, 0

    def handed_over(self) -> None:
        """What the table sees on the device between two players: nobody's screen, so no
        Castaway, no owner, no ballot and no choice (a screenshot is kept of each)."""
        self.shots += 1
        settle(self.page)
        self.page.screenshot(path=str(self.folder / f"handover-{id(self)}-{self.shots}.png"))
        text = self.page.locator("flt-semantics-host").inner_text()
        assert not CASTAWAY.search(text), text
        for secret in ("My Castaways", "your Castaway", "Vote for", "You are voting for",
                       "Your vote is in", "Pick face-down"):
            assert secret not in text, (secret, text)
        expect(self.page.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(0)

    def open(self, name: str) -> None:
        """Hand the device to ``name``, whom it offers first: they must act now."""
        see(self.page, f"Pass the device to {name}")
        self.handed_over()
        tap(self.page, f"I am {name}: show my screen")
        see(self.page, f"{name}'s screen")

    def done(self) -> None:
        tap(self.page, "Done: hide my screen")
        expect(self.page.get_by_role("button", name="Done: hide my screen")).to_have_count(0)
        self.handed_over()


def seat_two_phones(browser, join: str, tmp_path) -> tuple[Device, Device]:
    """Ana seats Ben on her phone; Cleo seats Dev, then Eli, on hers."""
    a = take_seat(browser, join, "Ana", **PHONE)
    tap(a, "Add a player to this phone")
    type_into(a, "Your name", "Ben")
    tap(a, "Take a seat")
    see(a, "Nobody on this device has a move now")
    b = take_seat(browser, join, "Cleo", **PHONE)
    tap(b, "Add a player to this phone")
    type_into(b, "Your name", "Dev")
    tap(b, "Take a seat")
    see(b, "Nobody on this device has a move now")
    tap(b, "Add a player to this phone")  # a third player on the same phone
    type_into(b, "Your name", "Eli")
    tap(b, "Take a seat")
    see(b, "Nobody on this device has a move now")
    return Device(a, tmp_path), Device(b, tmp_path)


def pick(device: Device, name: str, owned: dict) -> None:
    """Secret picks on a shared phone: three face-down cards, then the Castaways they are."""
    device.open(name)
    first = PICKS[name]
    assert_in_first_screen(device.page, f"Pick face-down card {first}")
    for k in range(3):
        tap(device.page, f"Pick face-down card {first + k}")
        see(device.page, f"Pick {2 - k} more face-down card" if k < 2
            else re.compile(r"^My Castaways: [^,]+, [^,]+, [^,]+$"))
    mine = device.page.get_by_text(re.compile(r"^My Castaways: ")).inner_text()
    owned[name] = mine.split(": ", 1)[1].split(", ")
    for other, theirs in owned.items():  # the players before on this device stay secret
        for c in theirs if other != name else ():
            expect(device.page.get_by_text(c, exact=True)).to_have_count(0)
    device.done()


def vote(device: Device, name: str, choice: str, owned: dict) -> None:
    """A ballot on a shared phone: the voter's own Castaways marked, nobody else's."""
    device.open(name)
    page = device.page
    see(page, "Which Castaway do you vote out of the game?")
    assert_in_first_screen(page, re.compile(r"^Vote for "))
    for c in owned[name]:
        expect(page.get_by_role("button", name=f"Vote for {c} (your Castaway)")).to_have_count(1)
    for other in ("Ana", "Cleo", "Eli"):
        for c in owned[other] if other != name else ():
            expect(page.get_by_role("button", name=f"Vote for {c}", exact=True)
                   ).to_have_count(1)
    tap(page, f"Vote for {choice}")
    tap(page, "Confirm my vote")
    see(page, "Your vote is in.")
    device.done()


def test_five_players_on_two_phones_through_the_picks_and_a_tribunal(server, browser, tmp_path):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join = f"{server.base}/join/{new_room(table, 'Castaways')}"
    a, b = seat_two_phones(browser, join, tmp_path)
    for name in ("Ana", "Ben", "Cleo", "Dev", "Eli"):
        see(table, f"{name}: connected")
    type_into(table, "Team 1 name", "Sharks")
    type_into(table, "Team 2 name", "Eagles")
    tap(table, "Start the game")
    tap(table, "Deal the Castaways")

    # --- the secret picks: each device offers its players in table order -------------------
    owned: dict[str, list[str]] = {}
    for device, names in ((a, ("Ana", "Ben")), (b, ("Cleo", "Dev", "Eli"))):
        for name in names:
            pick(device, name, owned)
        see(device.page, "Nobody on this device has a move now")
    assert len({c for cs in owned.values() for c in cs}) == 15
    expect(table.get_by_text(re.compile("'s Castaway"))).to_have_count(0)

    # --- the Team Leader die, Camp and the Challenge, on the table -------------------------
    type_far(table, "Dice faces read off the real die", "6 2")
    press(table, "Use the faces typed")
    see(table, re.compile(r"^Team Leader: Ana$"))
    tap(table, "Next: Camp")
    see(table, "Round 1 · Camp")
    a.handed_over()
    b.handed_over()
    tap(table, "Next: the Challenge")
    tap(table, "Reveal the Challenge card")
    tap(table, "Eagles won the Challenge")
    tap(table, "Next: the Outcast Tribunal")

    # --- the Outcast Tribunal: Ben (an Eagle) leads it from the shared phone --------------
    look(table, "Outcast Tribunal: Sharks · Tribunal Leader: Ben")
    a.open("Ben")
    see(a.page, "You are the Tribunal Leader.")
    assert_in_first_screen(a.page, "Tribal Twist Incite card played")
    tap(a.page, "Tribal Twist Incite card played")
    tap(a.page, "Vote Twist: read after the vote")
    tap(a.page, "Open the vote")
    see(a.page, "You are not voting in it.")
    a.done()
    see(table, "0 of 3 have voted")

    # Ana, Cleo and Eli vote, each on a handed-over phone; Cleo's ballot never shows to Eli
    target, other = owned["Ana"][0], owned["Cleo"][0]
    vote(a, "Ana", other, owned)
    vote(b, "Cleo", target, owned)
    see(table, "2 of 3 have voted")
    vote(b, "Eli", target, owned)  # Dev, between them, has nothing to do: not offered
    see(b.page, "Nobody on this device has a move now")
    see(a.page, "Nobody on this device has a move now")

    assert_action_bar_in_view(table, "Read the next ballot")
    assert Counter(read_ballots_until_decided(table)) <= Counter([target, target, other])
    tap(table, "Show the final tally")
    look(table, f"{target} left the game.")
    # only now is its owner known to the table
    look(table, re.compile(rf"{re.escape(target)}.* · Ana's Castaway$"))
