"""A blind player at the table, with a screen reader (issue 33).

The player's phone is a phone (an Android user agent, touch, a phone's pixel ratio) on the
phone's path (companion.test). Everything is done by a screen reader's means only: the
accessibility tree switched on as a reader does, controls found by role and name, and the news
read from what the page announces to the reader (Flutter's aria-live regions), never from the
pixels: a new ballot, the vote taken, each ballot the table reads, the result. The table screen
is switched on from the keyboard (Tab, then Enter), which must press nothing else.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from testsupport.browser import PHONE, TABLE
from testsupport.flet_page import (TIMEOUT, enable_semantics, hear, listen, new_room, open_page,
                                   read_ballots_until_decided, SWITCH, switch_on_by_keyboard,
                                   take_seat, tap, tree, tree_faults, type_into)

pytestmark = pytest.mark.e2e

ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0.0.0 Mobile Safari/537.36")
READER_PHONE = {"user_agent": ANDROID, **PHONE}  # the tests' own phone, once it has a UA
QUESTION = "Who should be the Team Leader?"


def reader_joins(browser, url: str, name: str):
    """The blind player's phone: the tree on (the reader's switch), a seat taken by the
    "Your name" field and the "Take a seat" button."""
    phone = browser.new_context(**READER_PHONE).new_page()
    phone.set_default_timeout(TIMEOUT)
    phone.goto(url)
    enable_semantics(phone)
    listen(phone)
    type_into(phone, "Your name", name)
    tap(phone, "Take a seat")
    expect(phone.get_by_role("button", name="Add a player to this phone")).to_be_visible()
    return phone


def vote_by_reader(phone, question: str | None, choice: str) -> str:
    """The reader is told of the ballot, finds the question as a heading and hears that the
    vote is secret before any choice; focus is on the first choice; the vote is cast by name.
    Returns the question (the game's own, when ``question`` is None)."""
    news = hear(phone, f"A new vote for you: {question or ''}")
    # one announcement per change (issue 53): the reminder's "Voting: ..." may follow it
    rest = news.split("A new vote for you: ", 1)[1]
    question = question or re.match(r"(.+?)(?: Voting: .*)?$", rest).group(1).strip()
    expect(phone.get_by_role("heading", name=question)).to_be_visible()
    nodes = tree(phone)
    secret = next(i for i, n in enumerate(nodes) if "Secret vote: nobody will see" in n)
    first_choice = next(i for i, n in enumerate(nodes) if n.startswith('- button "Vote for'))
    assert secret < first_choice, nodes
    expect(phone.locator(":focus")).to_have_attribute("role", "button")
    assert phone.evaluate("document.activeElement.textContent").startswith("Vote for"), \
        phone.evaluate("document.activeElement.outerHTML")
    tap(phone, f"Vote for {choice}")
    tap(phone, "Confirm my vote")
    hear(phone, "Your vote is in.")
    focused_on(phone, "Your vote is in.")  # not dropped to the page's root
    return question


FOCUSED_JS = """() => { const e = document.activeElement;
    return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : ''; }"""


def focused_on(phone, name: str) -> None:
    """Focus is on the node a screen reader reads as ``name`` (the new content), as a
    person waits for it: the host moves it once its news is drawn."""
    phone.wait_for_function(f"name => ({FOCUSED_JS})() === name", arg=name)


def test_the_table_switch_presses_nothing_else(server, browser):
    """Tab then Enter on the table screen turns the tree on and opens no room."""
    table = switch_on_by_keyboard(browser.new_context(**TABLE).new_page(), server.table_url)
    expect(table.get_by_role("heading", name="Table companion")).to_be_visible()
    expect(table.get_by_role("heading", name="Start a room")).to_be_visible()
    assert urlsplit(table.url).path == "/table"
    expect(table.get_by_text("No rooms yet.")).to_be_visible()
    assert not tree_faults(table), tree(table)


def test_a_phones_switch_is_a_real_button_reached_by_tab_and_kept(server, browser):
    """On a phone too, the accessibility switch is a real button with a name, the first Tab
    stop (Flutter's own covers the screen, and no key reaches it): Enter turns the tree on and
    presses nothing else. The browser keeps it on: the next start needs no switch (issue 53)."""
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    phone = browser.new_context(**READER_PHONE).new_page()
    switch_on_by_keyboard(phone, f"{server.base}/join/{code}")
    expect(phone.get_by_role("button", name=SWITCH)).to_have_count(0)
    expect(phone.get_by_role("textbox", name="Your name")).to_be_visible()
    expect(phone.get_by_role("button", name="Take a seat")).to_be_visible()  # not pressed
    phone.reload()
    phone.locator("flt-semantics").first.wait_for(state="attached", timeout=TIMEOUT)
    expect(phone.get_by_role("textbox", name="Your name")).to_be_visible()
    expect(phone.get_by_role("button", name=SWITCH)).to_have_count(0)


def test_a_screen_reader_plays_a_table_vote(server, browser):
    table = switch_on_by_keyboard(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Table vote")
    expect(table.get_by_role("heading", name=f"Room {code}")).to_be_visible()
    assert not tree_faults(table), tree(table)  # the QR code's caption included
    join = f"{server.base}/join/{code}"
    ana = reader_joins(browser, join, "Ana")
    others = {name: take_seat(browser, join, name, **READER_PHONE) for name in ("Bruno", "Chloe")}

    tap(table, "Start the game")
    type_into(table, "Question", QUESTION)
    tap(table, "Open the vote")
    vote_by_reader(ana, QUESTION, "Bruno")
    assert not tree_faults(ana), tree(ana)
    for name, phone in others.items():
        tap(phone, "Vote for Bruno" if name == "Chloe" else "Vote for Chloe")
        tap(phone, "Confirm my vote")
    hear(ana, "The vote is closed.")

    read = read_ballots_until_decided(table)
    for n, choice in enumerate(read, 1):  # each ballot, as the table shows it
        hear(ana, f"Ballot {n}: {choice}")
    tap(table, "Show the final tally")
    hear(ana, f"Final tally: {QUESTION} Bruno: 2 votes; Chloe: 1 vote")
    assert not tree_faults(ana), tree(ana)


def test_a_screen_reader_plays_survivors_voting_box(server, browser):
    """The game's own vote: Survivor's Tribal Council, with the reader's turn said to her."""
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    code = new_room(table, "Survivor: The Tribe Has Spoken")
    join = f"{server.base}/join/{code}"
    ana = reader_joins(browser, join, "Ana")
    others = {name: take_seat(browser, join, name, **READER_PHONE) for name in ("Bruno", "Chloe")}
    tap(table, "Start the game")
    tap(table, "Ana goes first")
    hear(ana, "Your turn: Steal, Play (or don't), then Draw!")
    focused_on(ana, "I drew an Action card")  # the first control of her move
    tap(ana, "I drew a Single Elimination Tribal Council card")
    hear(ana, "Done: Ana drew")  # her move taken, in the history's words
    tap(ana, "Begin the discussion")  # she draws it: she leads the Tribal Council
    tap(table, "Time to vote!")
    question = vote_by_reader(ana, None, "Bruno")
    for name, phone in others.items():
        tap(phone, "Vote for Chloe" if name == "Bruno" else "Vote for Bruno")
        tap(phone, "Confirm my vote")
    hear(ana, "The vote is closed.")
    tap(table, "Everyone, open your eyes")
    tap(table, "Open the box and tally the votes")
    for n, choice in enumerate(read_ballots_until_decided(table), 1):
        hear(ana, f"Ballot {n}: {choice}")
    tap(table, "Show the final tally")
    hear(ana, f"Final tally: {question} Bruno: 2 votes; Chloe: 1 vote")
    assert not tree_faults(ana), tree(ana)
