"""Castaways from setup to the winner, with five phones in real Chromium.

Five players (3 Castaways each, 15 owned of 18). Each picks face-down cards secretly on their
own phone; only that phone learns which Castaways are theirs. Round 1 plays for real: the
Team Leader die typed off the real die, '!' cards and Forced Play (the order is honoured and
nothing else may happen until it is complete), the Challenge with a team penalty, and the
losing team's Outcast Tribunal on the phones: a tie, a revote between the two tied, a
Castaway out. Then the table shortens the game with Medical Evacuations (each confirmed),
which reveal the owner, to the merge and its checklist, and on until three players are out:
the Final Outcast Tribunal, where the Outcast Panel votes for a *player*, and the winner.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLE
from .flet_page import open_page, read_ballots_until_decided, see, tap, type_into

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cleo", "Dev", "Eli"]  # seats alternate: Sharks Ana, Cleo, Eli
SHARKS, EAGLES = ["Ana", "Cleo", "Eli"], ["Ben", "Dev"]
SOCIALS = ["Mia", "Noa", "Oli", "Pia", "Quin", "Rae"]  # typed at setup
ROSTER = ([f"Physical {i}" for i in range(1, 7)] + [f"Mental {i}" for i in range(1, 7)]
          + SOCIALS)
FINALISTS, VICTIMS = ["Ana", "Dev"], ["Ben", "Cleo", "Eli"]


def shot(page, name, dy=0):
    import os
    if os.environ.get("CW_SHOTS"):
        page.mouse.move(640, 500)
        page.mouse.wheel(0, -20000)
        page.wait_for_timeout(300)
        if dy:
            page.mouse.wheel(0, dy)
            page.wait_for_timeout(300)
        page.screenshot(path=f"/tmp/cw_{name}.png")


def tick(page, name: str) -> None:
    page.get_by_role("checkbox", name=name, exact=True).click()


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def evacuate(table, castaway: str, owner: str | None) -> None:
    """Tick, ask, confirm: the Castaway leaves and its owner is revealed."""
    tick(table, castaway)
    tap(table, "Medical Evacuation…")
    see(table, f"Medical Evacuation of {castaway}: {castaway} leaves the game")
    tap(table, f"Yes, evacuate {castaway}")
    whose = f"{owner}'s Castaway" if owner else "owned by nobody"
    see(table, re.compile(rf"^{re.escape(castaway)} \(\w+\) · medical evacuation, round \d+ · "
                          rf"{re.escape(whose)}$"))


def test_castaways_from_setup_to_the_winner(server, browser):
    try:
        _play(server, browser)
    finally:
        import os
        if os.environ.get("CW_SHOTS"):
            for i, ctx in enumerate(browser.contexts):
                for pg in ctx.pages:
                    pg.screenshot(path=f"/tmp/cw_{i}.png", full_page=True)


def _play(server, browser):
    table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
    tap(table, "New room: Castaways")
    room = table.get_by_text(re.compile(r"^Room [A-Z]{4}$"))
    expect(room).to_be_visible()
    join_url = f"{server.base}/join/{room.inner_text().split()[1]}"

    phones = {}
    for name in PLAYERS:
        phone = open_page(browser.new_context(**PHONE).new_page(), join_url)
        type_into(phone, "Your name", name)
        tap(phone, "Take a seat")
        see(phone, "You have a seat")
        phones[name] = phone

    # --- setup: the count rule on screen, team names, Castaway names typed --------------------
    see(table, re.compile(r"9 players pick 2 each \(the rule text skips 9"))
    type_into(table, "Team 1 name", "Sharks")
    type_into(table, "Team 2 name", "Eagles")
    type_into(table, re.compile("^Social Castaway names"), ", ".join(SOCIALS))
    tap(table, "Start the game")
    see(table, "Setup: deal the Castaways")
    see(table, "Each player picks 3 Castaways")
    shot(table, "setup")
    tap(table, "Deal the Castaways")

    # --- secret picks, each on its own phone -----------------------------------------------
    see(table, "Still picking on their phones: Ana, Ben, Cleo, Dev, Eli")
    owned: dict[str, list[str]] = {}
    for team in (SHARKS, EAGLES):
        for i, name in enumerate(team):
            phone = phones[name]
            see(phone, "Pick 3 more face-down cards")
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
    shot(phones["Ana"], "phone_picked")
    shot(table, "leader")
    expect(table.get_by_text(re.compile("'s Castaway"))).to_have_count(0)
    for c in owned["Ana"]:
        expect(phones["Ben"].get_by_text(c, exact=True)).to_have_count(0)
        see(phones["Ana"], c)

    # --- the Team Leader die, read off the real die ----------------------------------------
    type_into(table, "Dice faces read off the real die", "6 2")
    tap(table, "Use the faces typed")
    see(table, "Round 1 · Daily Mail")
    see(table, "Team Leader: Ana")
    see(phones["Dev"], "Your team: Eagles · Team Leader: Ana")

    # --- '!' cards and Forced Play: the Team Leader first, then the next in line -------------
    tap(table, "Dev holds a '!' card")
    see(table, "Dev: 1 '!' card")
    tap(table, "Ana holds a '!' card")
    see(table, "Ana: 1 '!' card")
    tap(table, "Next: Camp")
    tap(table, "Start Forced Play")
    see(table, "Forced Play: Ana plays now")
    shot(table, "forced")
    shot(table, "forced2", 900)
    see(phones["Dev"], "Forced Play: Ana plays now. Order: Ana, Dev")
    see(phones["Dev"], "Wait for your turn: nobody may jump the order.")
    expect(phones["Dev"].get_by_role("button", name="I played my '!' card")).to_have_count(0)
    tap(table, "Next: the Challenge")  # refused: Forced Play must be completed first
    see(table, "Forced Play must be completed first.")
    see(phones["Ana"], "Forced Play: your turn")
    shot(phones["Ana"], "phone_forced")
    tap(phones["Ana"], "I played my '!' card")
    see(phones["Dev"], "Forced Play: your turn")
    see(table, "Forced Play: Dev plays now")
    tap(phones["Dev"], "I played my '!' card")
    expect(table.get_by_text("Forced Play: Dev plays now")).to_have_count(0)

    # --- the Challenge: the Sharks win; a penalty for the Eagles ----------------------------
    tap(table, "Next: the Challenge")
    tap(table, "Reveal the Challenge card")
    tap(table, "Sharks won the Challenge")
    see(table, "Sharks won the Challenge.")
    tap(table, "Penalty to Eagles (skips sit-outs and ticked)")
    for c in owned["Ben"]:  # Ben's own Castaways took the penalty; the Sharks' did not
        see(phones["Ben"], f"{c} health 9 of 10")
    see(phones["Ana"], f"{owned['Ana'][0]} health 10 of 10")
    tap(table, "Next: the Outcast Tribunal")

    # --- the Outcast Tribunal: Ben and Dev vote; a tie, a revote, one out -------------------
    see(table, "Outcast Tribunal: Eagles · Tribunal Leader: Ana")
    tap(table, "Tribal Twist Incite card played")
    tap(table, "Vote Twist: read after the vote")
    tap(table, "Open the vote")
    see(phones["Cleo"], "you do not vote at this one")
    x, y = unowned[0], unowned[1]
    for voter, choice in (("Ben", x), ("Dev", y)):
        phone = phones[voter]
        see(phone, "Which Castaway do you vote out of the game?")
        tap(phone, f"Vote for {choice}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    assert sorted(read_ballots_until_decided(table)) == sorted([x, y])
    shot(table, "tribunal")
    shot(phones["Ben"], "phone_tribunal")
    tap(table, "Show the final tally")
    see(table, re.compile(rf"^Revote between {x} and {y}"))
    for voter in ("Ben", "Dev"):
        phone = phones[voter]
        see(phone, f"Revote: which Castaway do you vote out? Only {x} or {y} can be voted for.")
        expect(phone.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(2)
        tap(phone, f"Vote for {x}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    assert read_ballots_until_decided(table) == [x, x]
    tap(table, "Show the final tally")
    see(table, f"{x} left the game.")
    see(table, "Now read and resolve the Vote Twist card.")
    see(table, re.compile(rf"^{x} \(\w+\) · voted out, round 1 · owned by nobody$"))
    tap(table, "Next round")
    see(table, "Round 2 · Daily Mail")
    see(table, "Team Leader: Ben")  # the card passed on

    # --- the zero-health lock, in words, on the table and on the owner's phone --------------
    z = owned["Ana"][0]
    tick(table, z)
    type_into(table, "Health value (0 to 10)", "0")
    tap(table, "Set health")
    lock = re.compile(r"^0 health: needs \+1 before the start of the round .* of round 3")
    see(table, lock)
    see(phones["Ana"], lock)
    shot(table, "lock", 700)
    shot(phones["Ana"], "phone_lock")
    tap(table, "Untick all")

    # --- Medical Evacuations (confirmed) down to the merge at 10 ----------------------------
    owner = {c: p for p, cs in owned.items() for c in cs}
    gone = {x}
    keep = {v: owned[v][-1] for v in VICTIMS}  # each victim keeps one Castaway to the merge
    plan = [c for c in unowned if c not in gone and c not in SOCIALS]
    plan += [c for v in VICTIMS for c in owned[v] if c != keep[v] and c not in SOCIALS]
    plan += [c for f in FINALISTS for c in owned[f] if c not in SOCIALS and c != z]
    for c in plan[:7]:
        evacuate(table, c, owner.get(c))
        gone.add(c)
    see(table, "Merge! One tribe now: the checklist")
    see(table, "☐ Swap the Challenge pile for the merge Challenge cards.")
    shot(table, "merge")
    tap(table, "Merge checklist done")
    see(table, "Merged tribe · 10 Castaways")

    # --- after the merge: three players lose their last Castaways → the Final --------------
    for v in VICTIMS:
        for c in owned[v]:
            if c not in gone:
                evacuate(table, c, v)
                gone.add(c)
        see(phones[v], "You are out of the game.")
    see(table, "Final Outcast Tribunal")
    see(table, "Ana and Dev pitch their case to the Outcast Panel.")
    see(table, "Outcast Panel: Ben, Cleo, Eli")
    see(phones["Ana"], "You are a finalist")
    tap(table, "Open the Outcast Panel's vote")
    for voter, choice in (("Ben", "Ana"), ("Cleo", "Dev"), ("Eli", "Ana")):
        phone = phones[voter]
        see(phone, "Which player should win Castaways?")
        # the panel votes for a player, never for a Castaway
        expect(phone.get_by_role("button", name=re.compile("^Vote for"))).to_have_count(2)
        tap(phone, f"Vote for {choice}")
        tap(phone, "Confirm my vote")
        see(phone, "Your vote is in.")
    read = read_ballots_until_decided(table)
    assert set(read) <= {"Ana", "Dev"}
    tap(table, "Show the final tally")
    see(table, "Ana wins Castaways!")
    shot(table, "over")
    shot(table, "over2", 900)
    see(phones["Dev"], "Ana wins Castaways!")
    # at the end every owner is revealed on the table: the lineup cards say whose they were
    see(table, re.compile(r"^(Physical|Mental|Social)( · .*)? · Dev's Castaway$"))
