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
import socket
import threading
import zlib

import pytest
from playwright.sync_api import expect

from companion.seal import HELLO, SIZES
from testsupport.browser import PHONE, TABLE, Server, dump_pages
from testsupport.flet_page import new_room, open_page, qr_codes, see, take_seat, tap, type_into

pytestmark = pytest.mark.e2e

# names long enough that no ciphertext or gzipped file holds one by chance (3 letters would
# turn up about once in the 10 MB a phone downloads)
PLAYERS = ["Annabelle", "Bartholomew", "Christabel"]
CHOICES = {"Annabelle": "Bartholomew", "Bartholomew": "Christabel",
           "Christabel": "Bartholomew"}
QUESTION = "Who keeps the fire tonight?"
HOST_AT = "127.0.0.5"  # where the host listens, behind the listener's relay


class Listener:
    """A TCP relay on 127.0.0.1 in front of the host (which listens on HOST_AT, the same
    port): every browser reaches the host through it, and it keeps every byte of every
    connection, each direction apart. The same port, as the door refuses a Host header
    naming another."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock = socket.create_server(("127.0.0.1", port))
        self.flows: list[dict[str, bytearray]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.sock.accept()
            except OSError:
                return
            try:
                host = socket.create_connection((HOST_AT, self.port))
            except OSError:  # the host not up yet (its start is polled through here)
                phone.close()
                continue
            flow = {"up": bytearray(), "down": bytearray()}
            with self.lock:
                self.flows.append(flow)
            for a, b, way in ((phone, host, "up"), (host, phone, "down")):
                threading.Thread(target=self._pump, args=(a, b, flow, way), daemon=True).start()

    def _pump(self, src, dst, flow, way) -> None:
        try:
            while data := src.recv(65536):
                with self.lock:
                    flow[way] += data
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()

    def heard(self) -> tuple[bytes, list[bytes]]:
        """(all raw bytes, every websocket message's payload inflated where it was deflated)."""
        with self.lock:
            flows = [{k: bytes(v) for k, v in f.items()} for f in self.flows]
        raw = b"".join(f["up"] + f["down"] for f in flows)
        messages = []
        for flow in flows:
            for way in ("up", "down"):
                messages += websocket_messages(flow[way])
        return raw, messages


def websocket_messages(stream: bytes) -> list[bytes]:
    """The messages of one direction of a connection that upgraded to a websocket (RFC 6455
    frames, RFC 7692 permessage-deflate with context takeover), else none."""
    end = stream.find(b"\r\n\r\n")
    if end < 0 or b"websocket" not in stream[:end].lower():
        return []
    at, out, inflate, parts, deflated = end + 4, [], zlib.decompressobj(-15), [], False
    while at + 2 <= len(stream):
        b0, b1 = stream[at], stream[at + 1]
        length, at = b1 & 0x7F, at + 2
        if length == 126:
            length, at = int.from_bytes(stream[at:at + 2], "big"), at + 2
        elif length == 127:
            length, at = int.from_bytes(stream[at:at + 8], "big"), at + 8
        mask = None
        if b1 & 0x80:
            mask, at = stream[at:at + 4], at + 4
        payload = stream[at:at + length]
        at += length
        if mask:
            payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
        opcode = b0 & 0x0F
        if opcode >= 8:  # ping, pong, close
            continue
        if opcode != 0:
            deflated = bool(b0 & 0x40)
        parts.append(payload)
        if b0 & 0x80:  # the message's last frame
            message = b"".join(parts)
            parts = []
            if deflated:
                message = inflate.decompress(message + b"\x00\x00\xff\xff")
            out.append(message)
    return out


def start_host(tmp_path, web_cache, sealed: bool) -> tuple[Server, Listener]:
    """The host on HOST_AT behind a listener on 127.0.0.1 at the same port."""
    server = Server(tmp_path / "companion.db", web_cache)
    at = server.args.index("--host")
    server.args[at + 1] = HOST_AT
    server.env["COMPANION_SEAL"] = "1" if sealed else "0"  # whatever the suite runs with
    listener = Listener(server.port)
    try:
        server.start()
    except Exception:
        listener.close()
        raise
    return server, listener


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
                  for name in PLAYERS}
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
        assert sent and all(m.startswith(HELLO) and len(m) == len(HELLO) + 32 for m in sent)
        assert b"POST" not in b"".join(ups)
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
