"""Robinson Crusoe, scenario 1, solo, in real Chromium against the real server.

One player with a phone; the table screen (1280x800) runs the round phase by phase, its next
step always in the action bar, the phase line big at the top, the island drawn as the board
(tracks, tiles, dice); the phone's own move (the First Player's decisions, the action dice)
inside its first screen. Round 1 is played in
full (Morale, Production, the action dice entered from the real dice on the phone, the Shelter,
a Weather phase without dice, the Night); rounds 2–6 go quickly (a hungry night, the Morale
choice at +3, the Rain die entered from the real die); round 7 rolls all three Weather dice,
entered from the real dice and resolved step by step in the official order; round 8 ends in
victory when the table marks the goal as met.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from testsupport.browser import PHONE
from testsupport.flet_page import (TIMEOUT, assert_action_bar_in_view, assert_in_first_screen,
                                   assert_phase_line_big, new_room, open_page, see, shown,
                                   take_seat, tap, type_into)

pytestmark = pytest.mark.e2e

TABLE = dict(viewport={"width": 1280, "height": 800})  # the table screen of issue 10


def tile(page: Page, words: str) -> None:
    """A counter's tile says its name and number, exactly ("Wood 2", "Roof 1")."""
    see(page, re.compile(rf"^{re.escape(words)}$"))


def character_card(table: Page, summary: str) -> None:
    """A character's card on the table is read as one (cards side by side are not read line by
    line across them): its name starts with the character's summary."""
    expect(shown(table).get_by_role("group", name=re.compile("^" + re.escape(summary)))
           .first).to_be_visible(timeout=TIMEOUT)


def step(table: Page, name: str, then: str | re.Pattern) -> None:
    """The table's next step: a 48 px button in the action bar, in view, then tapped."""
    assert_action_bar_in_view(table, name)
    move(table, name, then)


def press(page: Page, name: str) -> None:
    """Tap the button with exactly this label (labels like "Food +1" are unique only exactly)."""
    tap(page, name, exact=True)


def move(page: Page, name: str, then: str | re.Pattern) -> None:
    """Tap, and wait until the screen shows what the move did before the next tap."""
    press(page, name)
    see(page, then)


def pick(page: Page, face: str) -> None:
    """Enter one face read off a real die; the screen marks it chosen in words."""
    press(page, face)
    expect(page.get_by_role("button", name=f"{face} (chosen)", exact=True)).to_be_visible()


def phase(page: Page, round_: int, title: str) -> None:
    see(page, f"Round {round_} of 12 — {title}")


def quiet_round(table: Page, r: int, *, choice: bool, rain: bool) -> None:
    """A middle round at the table's pace: the camp eats and stays dry."""
    step(table, "Go to the Morale phase", f"Round {r} of 12 — Morale phase")
    if choice:  # solo: Morale is already at the top, the First Player chooses
        see(table, "Morale +3: Ana chooses 2 Determination tokens or healing 1 Wound")
        step(table, "Gain 2 Determination tokens", f"Round {r} of 12 — Production phase")
    else:
        step(table, "Resolve the Morale phase", f"Round {r} of 12 — Production phase")
    move(table, "Food +1", "Food 1 (rots at night)")
    step(table, "Go to the Action phase", f"Round {r} of 12 — Action phase")
    step(table, "Go to the Weather phase", f"Round {r} of 12 — Weather phase")
    if rain:
        see(table, "Roll: Rain die.")
        pick(table, "Rain die: 1 rain cloud")
        step(table, "Use the faces entered",
             "Rain and snow: 1 cloud, all under Roof 1 — nothing to discard.")
    else:
        see(table, "No Weather die this round.")
    step(table, "Confirm the weather and apply it", f"Round {r} of 12 — Night phase")
    step(table, "Resolve the Night", f"Round {r + 1} of 12 — Event phase")


def test_scenario_one_solo_from_setup_to_victory(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Robinson Crusoe: Adventures on the Cursed Island")
    phone = take_seat(browser, f"{server.base}/join/{code}", "Ana", **PHONE)
    see(table, "Ana: connected")

    # --- setup: scenario, characters, unconfirmed values shown as settings with defaults -------
    press(table, "Scenario 1: Castaways")
    see(table, "Chosen: scenario 1, Castaways — 12 rounds; weather: rounds 1–3 no Weather die; "
               "rounds 4–6 Rain die; rounds 7–12 Rain die, Winter die, Hungry Animals die. "
               "Event deck: 6 Book + 6 Adventure-icon cards.")
    # settings a table seldom changes are folded: a tap opens the fold
    cook = table.get_by_role("textbox", name="Cook: Wounds to death (12–13)")
    expect(cook).to_have_count(0)
    tap(table, "Show the unconfirmed values (2)")
    expect(cook).to_be_visible()
    see(table, "The sources disagree")
    type_into(table, re.compile("^Characters in seat order"), "Cook, Soldier")
    press(table, "Start the game")
    see(table, "Name one character for each seated player: 1 seated (Ana), 2 named.")
    type_into(table, re.compile("^Characters in seat order"), "cook")
    press(table, "Start the game")
    see(table, "Setup — scenario 1: Castaways, 12 rounds")
    see(table, "Characters: Ana plays the Cook.")
    see(table, "Solo game: Morale rises by 1 at the start of every Morale phase.")
    see(table, "Event deck: shuffle 6 Book cards and 6 Adventure-icon cards together (12 cards).")
    see(table, "Wounds to death are unconfirmed")
    see(phone, "You play the Cook: 0 of 13 Wounds, Determination 0")

    # --- round 1: its Event phase is skipped ---------------------------------------------------
    step(table, "Start round 1", "Round 1 of 12 — Morale phase")
    assert_phase_line_big(table, "Round 1 of 12 — Morale phase")
    see(table, "Event (skipped)")
    see(table, "Morale (now)")
    see(table, "Morale 0: the marker")
    see(table, "Solo game: Morale rises by 1 first (0 to +1).")
    # the First Player's phone holds the same decision in its first screen
    assert_in_first_screen(phone, "Resolve the Morale phase")
    step(table, "Resolve the Morale phase", "Round 1 of 12 — Production phase")
    see(table, "Morale +1: the marker")
    see(table, "Morale 0 to +1")
    see(table, "Morale +1: Ana (the Cook) gains 1 Determination token.")
    see(phone, "You play the Cook: 0 of 13 Wounds, Determination 1")
    move(table, "Wood +1", re.compile(r"^Wood 1$"))
    move(table, "Wood +1", re.compile(r"^Wood 2$"))
    move(table, "Food +1", "Food 1 (rots at night)")
    step(table, "Go to the Action phase", "Round 1 of 12 — Action phase")

    # the phone rolls its own pawn's action dice: the faces of the real dice, entered
    phase(phone, 1, "Action phase")
    assert_in_first_screen(phone, "Dice for Gather")
    press(phone, "Dice for Gather")
    assert_in_first_screen(phone, "Wound die: Wound")
    see(phone, "The Cook — Gather: Wound die 1 of 6, Success die 5 of 6, Adventure die 3 of 6.")
    pick(phone, "Wound die: Wound")
    pick(phone, "Success die: Success")
    pick(phone, "Adventure die: blank")
    move(phone, "Resolve the action dice entered", "Wound die: 1 Wound.")
    see(phone, "Success die: Gathering Resources succeeds.")
    character_card(table, "The Cook (Ana): 1 of 13 Wounds, 12 left; Determination 1")

    # the Shelter, paid in wood; a Weapon with the last wood; Roof and Palisade from cards
    type_into(table, "Shelter: wood to pay", "1")
    move(table, "Build the Shelter", "The Shelter is built (paid 1 wood and 0 fur)")
    move(table, "Build a Weapon level with wood", "Build: Weapon 0 to 1, paying 1 wood.")
    press(table, "Build a Roof level with wood")  # no wood left: the rules say why
    see(table, "The Roof costs 2 wood; there is only 0.")
    move(table, "Roof +1", "Roof level 0 to 1.")
    move(table, "Palisade +1", "Palisade level 0 to 1.")
    for words in ("Shelter: built", "Roof 1", "Palisade 1", "Weapon 1"):
        tile(table, words)

    step(table, "Go to the Weather phase", "Round 1 of 12 — Weather phase")
    see(table, "No Weather die this round.")
    see(table, "1. No Weather die is rolled this round.")
    step(table, "Confirm the weather and apply it", "Round 1 of 12 — Night phase")
    see(table, "Sleep: the Shelter protects everyone.")
    step(table, "Resolve the Night", "Round 2 of 12 — Event phase")
    see(table, "Eat: 1 character eats 1 food.")
    see(table, "Round 2 begins; Ana is the First Player.")
    see(phone, "Round 2 of 12 — Event phase")

    # --- round 2: no food at night, the table names who goes hungry ---------------------------
    step(table, "Go to the Morale phase", "Round 2 of 12 — Morale phase")
    step(table, "Resolve the Morale phase", "Morale +2: Ana (the Cook) gains 2 Determination")
    step(table, "Go to the Action phase", "Round 2 of 12 — Action phase")
    step(table, "Go to the Weather phase", "Round 2 of 12 — Weather phase")
    step(table, "Confirm the weather and apply it", "Round 2 of 12 — Night phase")
    see(table, "Food: 0 for 1 character — choose 1 who does not eat (2 Wounds each).")
    assert_in_first_screen(phone, "Resolve the Night")  # the First Player's phone, too
    assert_action_bar_in_view(table, "Resolve the Night")
    press(table, "Resolve the Night")
    see(table, "There is 0 food for 1 character: name 1 who does not eat.")
    move(table, "The Cook does not eat", "Not eating tonight: The Cook.")
    move(table, "Resolve the Night", "The Cook does not eat: 2 Wounds (Cook 1 to 3).")
    see(table, "Round 3 of 12 — Event phase")

    # --- rounds 3–6 at the table's pace (rounds 4–6 roll the Rain die) ------------------------
    quiet_round(table, 3, choice=True, rain=False)
    for r in (4, 5, 6):
        quiet_round(table, r, choice=True, rain=True)

    # --- round 7: all three Weather dice, entered from the real dice ---------------------------
    step(table, "Go to the Morale phase", "Round 7 of 12 — Morale phase")
    step(table, "Gain 2 Determination tokens", "Round 7 of 12 — Production phase")
    for what, n in (("Food", 3), ("Wood", 3)):
        for i in range(1, n + 1):
            move(table, f"{what} +1", f"{what} {i} (rots at night)" if what == "Food" else
                 re.compile(rf"^{what} {i}$"))
    step(table, "Go to the Action phase", "Round 7 of 12 — Action phase")
    step(table, "Go to the Weather phase", "Round 7 of 12 — Weather phase")
    assert_phase_line_big(table, "Round 7 of 12 — Weather phase")
    see(table, "Roll: Rain die, Winter die, Hungry Animals die.")
    see(phone, "Weather dice this round: Rain die, Winter die, Hungry Animals die.")
    assert_in_first_screen(phone, "Rain die: 1 rain cloud")  # the First Player's dice entry
    assert_action_bar_in_view(table, "Roll the Weather dice in the app")
    pick(table, "Rain die: 2 rain clouds")
    pick(table, "Winter die: 1 snow cloud")
    press(table, "Use the faces entered")  # the third die is missing: the rules say so
    see(table, "Enter the face of the Hungry Animals die too")
    expect(table.get_by_role("button", name="Winter die: 1 snow cloud (chosen)")).to_be_visible()
    pick(table, "Hungry Animals die: fight a beast of strength 3")
    step(table, "Use the faces entered", "The Weather phase, step by step:")
    # the official order: snow, unprotected clouds, Hungry Animals, storm — each in words
    see(table, "1. Dice: Rain die: 2 rain clouds; Winter die: 1 snow cloud; "
               "Hungry Animals die: fight a beast of strength 3.")
    see(table, "2. Snow: 1 snow cloud — discard 1 wood (wood 3 to 2).")
    see(table, "3. Rain and snow: 3 clouds against Roof 1 — 2 unprotected clouds: "
               "discard 2 food and 2 wood.")
    see(table, "4. Hungry Animals: a beast of strength 3 against Weapon 1 — "
               "each character takes 2 Wounds.")
    see(table, "5. Storm: no storm token.")
    see(table, "6. In all, each character takes 2 Wounds.")
    # nothing is applied before the confirmation
    tile(table, "Wood 3")
    see(table, "Food 3 (rots at night)")
    character_card(table, "The Cook (Ana): 3 of 13 Wounds")
    step(table, "Confirm the weather and apply it", "Round 7 of 12 — Night phase")
    see(table, "Weather: 2 Wounds (Cook 3 to 5).")
    see(table, "The Cook's Wound passes a morale arrow: Morale +3 to +2.")
    tile(table, "Wood 0")
    see(table, "Food 1 (rots at night)")
    character_card(table, "The Cook (Ana): 5 of 13 Wounds, 8 left")
    see(phone, "You play the Cook: 5 of 13 Wounds")
    step(table, "Resolve the Night", "Round 8 of 12 — Event phase")

    # --- round 8: the goal is met: victory ------------------------------------------------------
    press(table, "Mark the scenario's goal as met")
    move(table, "Yes: the goal is met, victory", "Victory!")
    see(table, "The goal of scenario 1 is met in round 8: victory!")
    see(phone, "Victory! You win together.")
    expect(table.get_by_role("button", name="Go to the Morale phase")).to_have_count(0)
