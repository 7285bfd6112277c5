"""A listener on the table's Wi-Fi (issue 49, first step): the real host, real Chromium
phones through a Table vote, and every byte between the phones and the host recorded by a
TCP relay on loopback (what a laptop at the table reads off the air), each websocket frame
parsed and inflated (permessage-deflate) as the listener of the issue did.

With ``--seal``, the ballot's words, the seat passes and the players' names are in none of
those bytes, and every frame after the handshake is one of the padded sizes; without it,
the same listener reads them all (the listener works). A phone given a fingerprint the host
cannot prove says so in a sentence and sends nothing but its throwaway key.

(An attack test that lives with the e2e tests for their browser fixtures: a second copy of
those in tests/security would start a second Playwright in the same session.)
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from companion.seal import HELLO, SIZES
from testsupport.browser import PHONE, TABLE, Server, dump_pages
from testsupport.listener import (Listener, behind_listener, heard_settled,
                                  websocket_frames, websocket_messages)
from testsupport.long_screen import look, press, type_far
from testsupport.flet_page import (enable_semantics, new_room, open_page, qr_codes,
                                   read_ballots_until_decided, see, take_seat, tap, type_into)

pytestmark = pytest.mark.e2e

# names long enough that no ciphertext or gzipped file holds one by chance (3 letters would
# turn up about once in the 10 MB a phone downloads)
PLAYERS = ["Annabelle", "Bartholomew", "Christabel"]
CHOICES = {"Annabelle": "Bartholomew", "Bartholomew": "Christabel",
           "Christabel": "Bartholomew"}
QUESTION = "Who keeps the fire tonight?"
CLIENT = re.compile(r"/main\.dart\.(m?js|wasm)$")  # Flet's client, held for the form's join


def join_by_form(browser, url: str, name: str):
    """A phone takes a seat with the join page's HTML form (companion/web/first.js), its app
    client held back until the seat is taken, so the form's POST is what seats it."""
    phone = browser.new_context(**PHONE).new_page()
    held: list = []

    def hold(route) -> None:
        if held is not None:
            held.append(route)
        else:
            route.continue_()
    phone.route(CLIENT, hold)
    phone.goto(url, wait_until="domcontentloaded")
    first = phone.locator("#first")
    first.get_by_label("Your name").press_sequentially(name)
    first.get_by_role("button", name="Join").click()
    expect(phone.locator("#first-status")).to_have_text(
        re.compile(f"You have a seat, {name}"), timeout=60_000)
    routes, held = held, None
    for route in routes:
        route.continue_()
    enable_semantics(phone)
    see(phone, "You have a seat")
    return phone


def start_host(tmp_path, web_cache, sealed: bool) -> tuple[Server, Listener]:
    """The host on HOST_AT behind a listener on 127.0.0.1 at the same port."""
    server = Server(tmp_path / "companion.db", web_cache)
    server.env["COMPANION_SEAL"] = "1" if sealed else "0"  # whatever the suite runs with
    return server, behind_listener(server)


@pytest.mark.parametrize("sealed", [False, True], ids=["in the clear", "sealed"])
def test_a_listener_reads_no_ballot_pass_or_name(sealed, tmp_path, web_cache,
                                                  browser):
    server, listener = start_host(tmp_path, web_cache, sealed)
    try:
        table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
        code = new_room(table, "Table vote")
        join_url = qr_codes(table)[0]
        # the QR code names the host's key in the fragment when the seal is on
        assert ("#seal=" in join_url) == sealed
        phones = {name: take_seat(browser, join_url, name, **PHONE)
                  for name in PLAYERS[:-1]}
        # the last joins by the join page's own form, before the app is up: its POST
        phones[PLAYERS[-1]] = join_by_form(browser, join_url, PLAYERS[-1])
        for name in PLAYERS:
            see(table, f"{name}: connected")
        tap(table, "Start the game")
        type_into(table, "Question", QUESTION)
        tap(table, "Open the vote")
        for name in PLAYERS:
            see(phones[name], QUESTION)
            tap(phones[name], f"Vote for {CHOICES[name]}")
            tap(phones[name], "Confirm my vote")
            see(phones[name], "Your vote is in.")
        see(table, "Ballots read: 0 of 3")
        passes = []
        for phone in phones.values():
            kept = phone.evaluate(f"localStorage.getItem('flutter.companion.seats.{code}')")
            passes += json.loads(kept) if kept else []
            if not kept:  # a single seat kept under its own key
                one = phone.evaluate(f"localStorage.getItem('flutter.companion.seat.{code}')")
                passes += [json.loads(one)] if one else []
        assert len(passes) == 3
        raw, messages = listener.heard()
        assert len(messages) > 20  # the listener did hear the app's websockets
        secrets = [p.encode() for p in passes] + [n.encode() for n in PLAYERS] + \
            [QUESTION.encode(), b"Vote for", b"Your vote is in"]
        heard = [s for s in secrets if any(s in m for m in messages) or s in raw]
        with listener.lock:
            flows = [{k: bytes(v) for k, v in f.items()} for f in listener.flows]
        on_air = [f for flow in flows for way in ("up", "down")
                  for f in websocket_frames(flow[way])]
        deflated = [n for _, was, n in on_air if was]
        if not sealed:  # the listener tells a deflated frame (a sealed host deflates none)
            assert deflated
            assert set(heard) >= {QUESTION.encode(), b"Bartholomew", b"Christabel",
                                  *map(str.encode, passes)}
            return
        assert heard == []
        # after each connection's hello, every frame either way has one of the padded sizes
        sealed_frames = [m for m in messages if not m.startswith(HELLO) and m]
        assert sealed_frames
        classes = set(SIZES)
        assert all(len(m) in classes or len(m) % SIZES[-1] == 0 for m in sealed_frames), \
            sorted({len(m) for m in sealed_frames})
        # on the air too, as the frames' own lengths say: none deflated (its length would
        # differ from the padded size by a few bytes), each a padded size but the hellos
        assert deflated == []
        lengths = {n for _, _, n in on_air} - {len(HELLO) + 32, 134}
        assert all(n in classes or n % SIZES[-1] == 0 for n in lengths), sorted(lengths)
    except Exception:
        dump_pages(browser, tmp_path)
        print("--- server output ---\n" + server.output)
        raise
    finally:
        listener.close()
        server.kill()


def test_a_phone_refuses_a_host_that_cannot_prove_the_named_key(tmp_path, web_cache,
                                                                browser):
    server, listener = start_host(tmp_path, web_cache, sealed=True)
    try:
        table = open_page(browser.new_context(**TABLE).new_page(), server.table_url)
        code = new_room(table, "Table vote")
        join_url = re.sub(r"#seal=.*$", "", qr_codes(table)[0]) + "#seal=" + "A" * 22
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(join_url)
        expect(phone.get_by_text(re.compile("could not make sure that it is talking to the "
                                            "table's host, so it sent nothing"))).to_be_visible(
            timeout=60_000)
        # what it sent on the app's socket: its throwaway key, nothing else
        with listener.lock:
            ups = [bytes(f["up"]) for f in listener.flows  # the phone's, not the table's
                   if b"\r\nhost: companion.test:" in bytes(f["up"][:2048]).lower()]
        sent = [m for up in ups for m in websocket_messages(up)]
        # (the join page's hello may have been refused before the app opened its socket)
        assert all(m.startswith(HELLO) and len(m) == len(HELLO) + 32 for m in sent)
        # and on HTTP: the join form's hello (its throwaway key, to /seal), no form: no name
        posts = [up[at:] for up in ups for at in [m.start() for m in re.finditer(b"POST ", up)]]
        assert posts and all(p.startswith(b"POST /seal ") for p in posts)
        for post in posts:
            head, _, body = post.partition(b"\r\n\r\n")
            assert f"content-length: {len(HELLO) + 32}\r\n".encode() in head.lower() + b"\r\n"
            assert body.startswith(HELLO)
        assert "Exception" not in server.output and "Traceback" not in server.output
        see(table, f"Room {code}")
        assert table.get_by_text(re.compile(": connected$")).count() == 0
    except Exception:
        dump_pages(browser, tmp_path)
        print("--- server output ---\n" + server.output)
        raise
    finally:
        listener.close()
        server.kill()


# a Castaways table (issue 49's Outcast Tribunal): long names, as above, three Sharks, two Eagles
CASTAWAYS = ["Annabelle", "Bartholomew", "Christabel", "Dorothea", "Evangelina"]
SHARKS, EAGLES = CASTAWAYS[0::2], CASTAWAYS[1::2]  # seats alternate between the teams


def test_a_listener_reads_no_pick_and_no_ballot_through_an_outcast_tribunal(
        tmp_path, web_cache, browser):
    """Sealed: the secret picks and an Outcast Tribunal's ballots, through the listener. It
    reads no name, no pass, no Castaway a player owns, no ballot and no choice; and from the
    deal to the Tribunal's end every phone received the same frames (count and sizes)."""
    server, listener = start_host(tmp_path, web_cache, sealed=True)
    try:
        table = open_page(browser.new_context(viewport={"width": 1280, "height": 800})
                          .new_page(), server.table_url)
        code = new_room(table, "Castaways")
        join_url = qr_codes(table)[0]
        phones = {name: take_seat(browser, join_url, name, **PHONE) for name in CASTAWAYS}
        for name in CASTAWAYS:
            see(table, f"{name}: connected")
        type_into(table, "Team 1 name", "Sharks")
        type_into(table, "Team 2 name", "Eagles")
        tap(table, "Start the game")
        tap(table, "Deal the Castaways")
        for name in CASTAWAYS:
            see(phones[name], "Pick 3 more face-down cards")
        before = heard_settled(listener, len(CASTAWAYS))

        owned: dict[str, list[str]] = {}
        for team in (SHARKS, EAGLES):  # each picks face-down cards on their own phone
            for i, name in enumerate(team):
                for k in range(3):
                    tap(phones[name], f"Pick face-down card {3 * i + k + 1}")
                    see(phones[name], f"Pick {2 - k} more face-down card" if k < 2
                        else re.compile(r"^My Castaways: [^,]+, [^,]+, [^,]+$"))
                mine = phones[name].get_by_text(re.compile(r"^My Castaways: "))
                owned[name] = mine.inner_text().split(": ", 1)[1].split(", ")
        type_far(table, "Dice faces read off the real die", "6 2")
        press(table, "Use the faces typed")
        see(table, re.compile(rf"^Team Leader: {SHARKS[0]}$"))
        tap(table, "Next: Camp")
        tap(table, "Next: the Challenge")
        tap(table, "Reveal the Challenge card")
        tap(table, "Sharks won the Challenge")
        tap(table, "Next: the Outcast Tribunal")
        look(table, f"Outcast Tribunal: Eagles · Tribunal Leader: {SHARKS[0]}")
        tap(table, "Tribal Twist Incite card played")
        tap(table, "Vote Twist: read after the vote")
        tap(table, "Open the vote")
        roster = [f"{kind} {i}" for kind in ("Physical", "Mental", "Social") for i in range(1, 7)]
        owners = {c for cs in owned.values() for c in cs}
        target = [c for c in roster if c not in owners][0]  # in the Eagles' lineup, nobody's
        for voter in EAGLES:
            see(phones[voter], "Which Castaway do you vote out of the game?")
            tap(phones[voter], f"Vote for {target}")
            tap(phones[voter], "Confirm my vote")
            see(phones[voter], "Your vote is in.")
        read_ballots_until_decided(table)
        tap(table, "Show the final tally")
        look(table, f"{target} left the game.")
        after = heard_settled(listener, len(CASTAWAYS))

        passes = []
        for phone in phones.values():
            kept = phone.evaluate(f"localStorage.getItem('flutter.companion.seats.{code}')")
            passes += json.loads(kept) if kept else []
        assert len(passes) == len(CASTAWAYS)
        raw, messages = listener.heard()
        secrets = [p.encode() for p in passes] + [n.encode() for n in CASTAWAYS] + [
            b"My Castaways", b"your Castaway", b"Pick face-down", b"Vote for",
            b"Your vote is in", b"Which Castaway do you vote out", b"Tribunal Leader"]
        assert [s for s in secrets if s in raw or any(s in m for m in messages)] == []
        # from the deal to the Tribunal's end, every phone received the same frames
        tribunal = [sizes[len(then):] for sizes, then in zip(after, before)]
        assert tribunal[0] and all(sizes == tribunal[0] for sizes in tribunal), tribunal
    except Exception:
        dump_pages(browser, tmp_path)
        print("--- server output ---\n" + server.output)
        raise
    finally:
        listener.close()
        server.kill()
