"""Castaways from setup to the winner, with five phones in real Chromium.

Five players (3 Castaways each, 15 owned of 18). Each picks face-down cards secretly on their
own phone; only that phone learns which Castaways are theirs. Round 1 plays for real: the
Team Leader die typed off the real die, '!' cards and Forced Play (the order is honoured and
nothing else may happen until it is complete), the Challenge with a team penalty, and the
losing team's Outcast Tribunal on the phones: a tie, a revote between the two tied, a tie
again, and the die (faces typed off the real die) for every other attending Castaway. Then the table shortens the game with Medical Evacuations (each confirmed),
which reveal the owner, to the merge and its checklist, and on until three players are out:
the Final Outcast Tribunal, where the Outcast Panel votes for a *player*, and the winner.

Staged for a real table (issue 10): at each phase it plays, the player's own move lies in the
first 844 px of the phone, the table's next step is in the action bar of a 1280x800 screen,
and the phase line is at least 40 px tall; a voter's own Castaways are marked on their ballot.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from testsupport.browser import PHONE
from testsupport.flet_page import (assert_action_bar_in_view, assert_in_first_screen,
                                   assert_phase_line_big, new_room, open_page,
                                   read_ballots_until_decided, see, take_seat, tap, type_into)
from testsupport.long_screen import look, reach, press, type_far

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli"]  # seats alternate: Sharks Ana, Cleo, Eli
SHARKS, EAGLES = ["Ana", "Cleo", "Eli"], ["Ben", "Dev"]
SOCIALS = ["Mia", "Noa", "Oli", "Pia", "Quin", "Rae"]  # typed at setup
ROSTER = ([f"Physical {i}" for i in range(1, 7)] + [f"Mental {i}" for i in range(1, 7)]
          + SOCIALS)
FINALISTS, VICTIMS = ["Ana", "Dev"], ["Ben", "Cleo", "Eli"]
TABLE = dict(viewport={"width": 1280, "height": 800})  # the table screen of issue 10


def tick(page, name: str) -> None:
    """Tick a Castaway in the lineup (once the screen has stopped moving), and see it ticked."""
    box = page.get_by_role("checkbox", name=name, exact=True)
    for _ in range(2):
        try:
            reach(page, box).click(timeout=5000)
        except PlaywrightError:  # redrawn under the finger: check before tapping again
            pass
        try:
            expect(box).to_be_checked(timeout=5000)
            break
        except AssertionError:
            continue
    expect(box).to_be_checked()
    look(page, re.compile(rf"^Ticked: {re.escape(name)}$"))  # the table took the tick


def evacuate(table, castaway: str, owner: str | None) -> None:
    """Tick, ask, confirm: the Castaway leaves and its owner is revealed."""
    tick(table, castaway)
    press(table, "Medical Evacuation…")
    look(table, f"Medical Evacuation of {castaway}: {castaway} leaves the game")
    press(table, f"Yes, evacuate {castaway}")
    whose = re.escape(f"{owner}'s Castaway" if owner else "owned by nobody")
    c = re.escape(castaway)
    # said where the table tapped (or, when the game moved on to the Final, in the list)
    look(table, re.compile(rf"^(Last out: {c} \(medical evacuation, round \d+\) · {whose}|"
                           rf"{c} \(\w+\) · medical evacuation, round \d+ · {whose})$"))


def test_castaways_from_setup_to_the_winner(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    join_url = f"{server.base}/join/{new_room(table, 'Castaways')}"
    phones = {name: take_seat(browser, join_url, name, **PHONE) for name in PLAYERS}

    # --- setup: the count rule on screen, team names, Castaway names typed --------------------
    see(table, re.compile(r"9 players pick 2 each \(the rule text skips 9"))
    type_into(table, "Team 1 name", "Sharks")
    type_into(table, "Team 2 name", "Eagles")
    type_far(table, re.compile("^Social Castaway names"), ", ".join(SOCIALS))
    tap(table, "Start the game")
    assert_phase_line_big(table, "Setup: deal the Castaways")
    see(table, "Each player picks 3 Castaways")
    assert_action_bar_in_view(table, "Deal the Castaways")
    tap(table, "Deal the Castaways")

    # --- secret picks, each on its own phone -----------------------------------------------
    look(table, "Still picking on their phones: Ana, Ben, Cleo, Dev, Eli")
    assert_phase_line_big(table, "Setup: secret picks")
    owned: dict[str, list[str]] = {}
    for team in (SHARKS, EAGLES):
        for i, name in enumerate(team):
            phone = phones[name]
            see(phone, "Pick 3 more face-down cards")
            assert_in_first_screen(phone, f"Pick face-down card {3 * i + 1}")
            for k in range(3):
                tap(phone, f"Pick face-down card {3 * i + k + 1}")
                see(phone, f"Pick {2 - k} more face-down card" if k < 2
                    else re.compile(r"^My Castaways: [^,]+, [^,]+, [^,]+$"))
            mine = phone.get_by_text(re.compile(r"^My Castaways: "))
            owned[name] = mine.inner_text().split(": ", 1)[1].split(", ")
            assert len(owned[name]) == 3
    everyone = [c for cs in owned.values() for c in cs]
    assert len(set(everyone)) == 15 and set(everyone) <= set(ROSTER)
    unowned = [c for c in ROSTER if c not in everyone]  # all three in the Eagles' lineup
    # ownership lives on its owner's phone only: not on the table, not on another phone
    see(table, "Setup: the Team Leader die")
    expect(table.get_by_text(re.compile("'s Castaway"))).to_have_count(0)
    for c in owned["Ana"]:
        expect(phones["Ben"].get_by_text(c, exact=True)).to_have_count(0)
        see(phones["Ana"], c)

    # --- the Team Leader die, read off the real die ----------------------------------------
    assert_phase_line_big(table, "Setup: the Team Leader die")
    assert_action_bar_in_view(table, "Roll in the app")
    type_far(table, "Dice faces read off the real die", "6 2")
    press(table, "Use the faces typed")
    assert_phase_line_big(table, "Round 1 · Daily Mail")
    see(table, re.compile(r"^Team Leader: Ana$"))  # the starred chip beside the lineups
    see(phones["Dev"], "Your team: Eagles · Team Leader: Ana")

    # --- '!' cards and Forced Play: the Team Leader first, then the next in line -------------
    press(table, "Dev holds a '!' card")
    look(table, "Dev: 1 '!' card")
    press(table, "Ana holds a '!' card")
    look(table, "Ana: 1 '!' card")
    assert_action_bar_in_view(table, "Next: Camp")
    tap(table, "Next: Camp")
    assert_phase_line_big(table, "Round 1 · Camp")
    assert_action_bar_in_view(table, "Start Forced Play")
    tap(table, "Start Forced Play")
    see(table, "Forced Play: Ana plays now")
    # the order as numbered chips: the Team Leader first, then the next in line
    see(phones["Dev"], "Forced Play: Ana plays now")
    see(phones["Dev"], "1. Ana (plays now)")
    see(phones["Dev"], "2. Dev")
    see(phones["Dev"], "Wait for your turn: nobody may jump the order.")
    expect(phones["Dev"].get_by_role("button", name="I played my '!' card")).to_have_count(0)
    # the rules would refuse to move on, so the table offers no button, only their sentence
    see(table, "Forced Play must be completed first.")
    expect(table.get_by_role("button", name="Next: the Challenge")).to_have_count(0)
    see(phones["Ana"], "Forced Play: your turn")
    assert_in_first_screen(phones["Ana"], "I played my '!' card")
    tap(phones["Ana"], "I played my '!' card")
    see(phones["Dev"], "Forced Play: your turn")
    see(table, "Forced Play: Dev plays now")
    tap(phones["Dev"], "I played my '!' card")
    expect(table.get_by_text("Forced Play: Dev plays now")).to_have_count(0)

    # --- the Challenge: the Sharks win; a penalty for the Eagles ----------------------------
    tap(table, "Next: the Challenge")
    assert_action_bar_in_view(table, "Reveal the Challenge card")
    tap(table, "Reveal the Challenge card")
    assert_action_bar_in_view(table, "Sharks won the Challenge")
    tap(table, "Sharks won the Challenge")
    see(table, "Sharks won the Challenge.")
    press(table, "Penalty to Eagles (skips sit-outs and ticked)")
    for c in owned["Ben"]:  # Ben's own Castaways took the penalty; the Sharks' did not
        see(phones["Ben"], f"{c} health 9 of 10")
    see(phones["Ana"], f"{owned['Ana'][0]} health 10 of 10")
    tap(table, "Next: the Outcast Tribunal")

    # --- the Outcast Tribunal: Ben and Dev vote; a tie, a revote, one out -------------------
    look(table, "Outcast Tribunal: Eagles · Tribunal Leader: Ana")
    assert_phase_line_big(table, "Round 1 · Outcast Tribunal (Eagles)")
    assert_action_bar_in_view(table, "Tribal Twist Incite card played")
    tap(table, "Tribal Twist Incite card played")
    assert_action_bar_in_view(table, "Vote Twist: read after the vote")
    tap(table, "Vote Twist: read after the vote")
    see(phones["Cleo"], "you do not vote at this one")
    assert_action_bar_in_view(table, "Open the vote")
    tap(table, "Open the vote")
    see(phones["Cleo"], "You are not voting in it.")  # said once, by the ballot's place
    x, y = unowned[0], unowned[1]
    for voter, choice in (("Ben", x), ("Dev", y)):
        phone = phones[voter]
        see(phone, "Which Castaway do you vote out of the game?")
        assert_in_first_screen(phone, re.compile(r"^Vote for "))
        # "take note of who you are playing as": the voter's own Castaways are marked on
        # their ballot, and only theirs
        other = "Dev" if voter == "Ben" else "Ben"
        for c in owned[voter]:
            expect(phone.get_by_role("button", name=f"Vote for {c} (your Castaway)")
                   ).to_have_count(1)
        for c in owned[other] + unowned:
            expect(phone.get_by_role("button", name=f"Vote for {c}", exact=True)
                   ).to_have_count(1)
        tap(phone, f"Vote for {choice}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    assert sorted(read_ballots_until_decided(table)) == sorted([x, y])
    tap(table, "Show the final tally")
    look(table, re.compile(rf"^Revote between {x} and {y}"))
    for voter, choice in (("Ben", x), ("Dev", y)):  # tied again
        phone = phones[voter]
        see(phone, f"Revote: which Castaway do you vote out? Only {x} or {y} can be voted for.")
        expect(phone.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(2)
        tap(phone, f"Vote for {choice}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    assert sorted(read_ballots_until_decided(table)) == sorted([x, y])
    tap(table, "Show the final tally")
    # tied again: those two are safe, the die is rolled for every other attending Castaway
    look(table, re.compile(r"^Tied again: Ana rolls the die for "))
    see(phones["Ana"], "You are the Tribunal Leader.")
    assert_in_first_screen(phones["Ana"], re.compile(r"^Roll the die for "))
    assert_action_bar_in_view(table, "Roll in the app")
    look(table, re.compile(r"^Faces in this order: "))
    order = table.get_by_text(re.compile(r"^Faces in this order: ")).inner_text()
    order = order.split(": ", 1)[1].split(", ")
    eagles = set(owned["Ben"] + owned["Dev"] + unowned)
    assert sorted(order) == sorted(eagles - {x, y})
    lowest = unowned[2]  # read off the real die: the lowest is out
    type_far(table, "Dice faces read off the real die",
             " ".join("1" if c == lowest else "6" for c in order))
    press(table, "Use the faces typed")
    look(table, f"{lowest} left the game.")
    look(table, "Now read and resolve the Vote Twist card.")
    look(table, re.compile(rf"^Last out: {lowest} \(roll-off, round 1\) · owned by nobody$"))
    assert_action_bar_in_view(table, "Next round")
    tap(table, "Next round")
    assert_phase_line_big(table, "Round 2 · Daily Mail")
    see(table, re.compile(r"^Team Leader: Ben$"))  # the card passed on

    # --- the zero-health lock, in words, on the table and on the owner's phone --------------
    z = owned["Ana"][0]
    type_far(table, "Health value (0 to 10)", "0")  # typed first: ticking moves the field
    tick(table, z)
    press(table, "Set health")
    lock = re.compile(r"^0 health: needs \+1 before the start of the round .* of round 3")
    see(phones["Ana"], lock)
    look(table, re.compile(rf"^{re.escape(z)}: 0 health: needs \+1 before"))
    press(table, "Untick all")

    # --- Medical Evacuations (confirmed) down to the merge at 10 ----------------------------
    owner = {c: p for p, cs in owned.items() for c in cs}
    gone = {lowest}
    # every player keeps a Castaway to the merge (Ana the one at 0 health); before the merge a
    # team's last Social is safe, so each team gives up at most 2 of its 3 Socials
    keep = {p: z if p == "Ana" else owned[p][-1] for p in PLAYERS}
    socials_out = {"Sharks": 0, "Eagles": 0}
    plan = []
    for c in unowned + [c for p in VICTIMS + FINALISTS for c in owned[p]]:
        team = "Sharks" if owner.get(c) in SHARKS else "Eagles"
        if c in gone or c in keep.values() or len(plan) == 7:
            continue
        if c in SOCIALS:
            if socials_out[team] == 2:
                continue
            socials_out[team] += 1
        plan.append(c)
    assert len(plan) == 7
    for c in plan:
        evacuate(table, c, owner.get(c))
        gone.add(c)
    look(table, "Merge! One tribe now: the checklist")
    look(table, re.compile(r"^\d\. Swap the Challenge pile for the merge Challenge cards\.$"))
    assert_action_bar_in_view(table, "Merge checklist done")
    tap(table, "Merge checklist done")
    look(table, "Merged tribe · 10 Castaways")

    # --- after the merge: three players lose their last Castaways → the Final --------------
    for v in VICTIMS:
        for c in owned[v]:
            if c not in gone:
                evacuate(table, c, v)
                gone.add(c)
        see(phones[v], "You are out of the game.")
    look(table, "Final Outcast Tribunal")
    look(table, "Ana and Dev pitch their case to the Outcast Panel.")
    look(table, "Outcast Panel: Ben, Cleo, Eli")
    see(phones["Ana"], "You are a finalist")
    assert_phase_line_big(table, "Final Outcast Tribunal")
    assert_action_bar_in_view(table, "Open the Outcast Panel's vote")
    tap(table, "Open the Outcast Panel's vote")
    for voter, choice in (("Ben", "Ana"), ("Cleo", "Dev"), ("Eli", "Ana")):
        phone = phones[voter]
        see(phone, "Which player should win Castaways?")
        # the panel votes for a player, never for a Castaway
        expect(phone.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(2)
        assert_in_first_screen(phone, f"Vote for {choice}")
        tap(phone, f"Vote for {choice}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    read = read_ballots_until_decided(table)
    assert set(read) <= {"Ana", "Dev"}
    tap(table, "Show the final tally")
    look(table, "Ana wins Castaways!")
    see(phones["Dev"], "Ana wins Castaways!")
    see(phones["Ana"], "You win Castaways!")  # second person on the winner's own phone
    # at the end every owner is revealed on the table: the lineup cards say whose they were
    # (a card is read as one node, its lines together: issue 33)
    look(table, re.compile(r"\b(Physical|Mental|Social)( · [^·]+)* · Dev's Castaway"))
