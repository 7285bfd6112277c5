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
from testsupport.listener import Listener, behind_listener, websocket_messages
from testsupport.flet_page import (enable_semantics, new_room, open_page, qr_codes, see,
                                   take_seat, tap, type_into)

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
        if not sealed:
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
