"""The sealed websocket's host side (companion/seal.py, issue 49), against the real app on
loopback with a Python phone doing what companion/web/seal.js does (PyNaCl in place of
tweetnacl-js). The browser's side is tests/e2e/test_on_the_air.py's."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import urllib.request

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nacl.bindings import crypto_box_beforenm
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey
from nacl.signing import VerifyKey
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from companion import flet_seam
from companion.seal import (CHUNK, CONTEXT, COVER_SIZE, FORM_SIZE, FROM_HOST, FROM_PHONE,
                            HEAD, HELLO, HELLO_PATH, OFF_SCRIPT, SEALED, SIZES, HostSeal,
                            _Connection, fingerprint, open_frame, seal_frame, sealed_size)
from companion.store import Store

from testsupport.door import GUEST
from testsupport.flet_client import REGISTER, FletClient, frame, run
from testsupport.live import Live

KEY = bytes(range(32))


@pytest.fixture
def host_seal():
    return HostSeal(os.urandom(32))


@pytest.fixture
def sealed(tmp_path, host_seal):
    server = Live(tmp_path, seal=host_seal).start()
    yield server
    server.stop()


@given(st.binary(max_size=40_000), st.integers(0, 2**40), st.sampled_from([0, 1]))
def test_a_frame_opens_as_sealed_and_has_one_of_the_padded_sizes(data, count, kind):
    sealed_bytes = seal_frame(KEY, FROM_HOST, count, data, kind)
    assert len(sealed_bytes) == sealed_size(len(data))
    assert len(sealed_bytes) in SIZES or len(sealed_bytes) % SIZES[-1] == 0
    assert open_frame(KEY, FROM_HOST, count, sealed_bytes) == (kind, data)
    # the other direction's nonce, the next count or another key: it does not open
    for key, direction, at in ((KEY, FROM_PHONE, count), (KEY, FROM_HOST, count + 1),
                               (bytes(32), FROM_HOST, count)):
        with pytest.raises(CryptoError):
            open_frame(key, direction, at, sealed_bytes)


def test_a_changed_byte_does_not_open():
    sealed_bytes = bytearray(seal_frame(KEY, FROM_PHONE, 0, b"Vote for Bruno"))
    sealed_bytes[40] ^= 1
    with pytest.raises(CryptoError):
        open_frame(KEY, FROM_PHONE, 0, bytes(sealed_bytes))


def test_the_host_key_is_kept_with_the_database(tmp_path):
    store = Store(tmp_path / "companion.db")
    first = store.seal_seed()
    store.close()
    again = Store(tmp_path / "companion.db")
    assert again.seal_seed() == first and len(first) == 32
    again.close()
    assert HostSeal(first).fingerprint == HostSeal(first).fingerprint
    assert len(HostSeal(first).fingerprint) == 22
    assert Store(tmp_path / "other.db").seal_seed() != first


async def _handshake(port: int):
    ws = await connect(f"ws://127.0.0.1:{port}/ws", origin=None, ping_interval=None,
                       additional_headers={"Origin": f"http://127.0.0.1:{port}"},
                       open_timeout=20)
    mine = PrivateKey.generate()
    await ws.send(HELLO + bytes(mine.public_key))
    answer = await asyncio.wait_for(ws.recv(), 20)
    host, theirs, signature = answer[6:38], answer[38:70], answer[70:134]
    assert answer.startswith(HELLO) and len(answer) == 134
    VerifyKey(host).verify(CONTEXT + bytes(mine.public_key) + theirs, signature)
    return ws, host, crypto_box_beforenm(theirs, bytes(mine))


def test_a_sealed_phone_proves_the_host_and_gets_only_padded_frames(sealed, host_seal):
    async def go():
        ws, host, key = await _handshake(sealed.port)
        assert host == host_seal.public and fingerprint(host) == host_seal.fingerprint
        register = frame(REGISTER, {"session_id": None, "page_name": "",
                                    "page": {"route": "/", "width": 390, "height": 844,
                                             "web": True}})
        await ws.send(seal_frame(key, FROM_PHONE, 0, register))
        got = await asyncio.wait_for(ws.recv(), 20)
        await ws.close()
        return key, got

    key, got = run(go())
    assert len(got) in SIZES or len(got) % SIZES[-1] == 0
    kind, plain = open_frame(key, FROM_HOST, 0, got)
    action, body = msgpack.unpackb(plain[1:], strict_map_key=False)
    assert kind == 0 and action == REGISTER and body.get("session_id")


def test_a_frame_not_sealed_for_the_connection_ends_it_and_reaches_no_screen(sealed):
    before = len(flet_seam.flet_sessions())

    async def go():
        ws, _, _ = await _handshake(sealed.port)
        register = frame(REGISTER, {"session_id": None, "page_name": "",
                                    "page": {"route": "/", "width": 390, "height": 844,
                                             "web": True}})
        await ws.send(seal_frame(bytes(32), FROM_PHONE, 0, register))  # not this key
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 20)
        return ws.close_code

    assert run(go()) == 1008
    assert len(flet_seam.flet_sessions()) == before


# A seated phone's cover (seal.js after its first round): one 256 B frame per tick, a piece of
# its stream of messages in it or nothing; the host puts them together, drops the empty ones
PIECE = COVER_SIZE - 16 - HEAD.size


def _pieces(messages: list[tuple[int, bytes]], cuts: list[int]) -> list[bytes]:
    stream = b"".join(HEAD.pack(kind, len(data)) + data for kind, data in messages)
    pieces, at = [], 0
    for cut in cuts:
        pieces.append(stream[at:at + cut])
        at += cut
    while at < len(stream):
        pieces.append(stream[at:at + PIECE])
        at += PIECE
    return pieces


@given(st.lists(st.tuples(st.sampled_from([0, 1]), st.binary(max_size=700)), max_size=6),
       st.lists(st.integers(0, PIECE), max_size=30))
@settings(max_examples=60, deadline=None)
def test_a_phones_pieces_come_together_as_its_messages_and_empty_ones_as_nothing(messages,
                                                                                  cuts):
    messages = [(kind, data.hex().encode() if kind == 1 else data) for kind, data in messages]
    connection = _Connection(HostSeal(bytes(32)), None, None)
    for piece in _pieces(messages, cuts):
        sealed_bytes = seal_frame(KEY, FROM_PHONE, 0, piece, CHUNK, COVER_SIZE)
        assert len(sealed_bytes) == COVER_SIZE  # an empty piece and a full one alike
        connection._pieces(open_frame(KEY, FROM_PHONE, 0, sealed_bytes, (CHUNK,))[1])
    heard = [(1, m["text"].encode()) if "text" in m else (0, m["bytes"])
             for m in connection.ready]
    assert heard == messages and not connection.stream


def test_a_sealed_socket_is_not_deflated_and_a_covering_phone_is_heard(sealed):
    """Sealed, the socket is not compressed (a deflated frame's length differs from its padded
    size by a few bytes); a phone's register cut into cover pieces, with empty cover frames
    before, between and after, reaches Flet once, whole."""
    async def go():
        ws, _, key = await _handshake(sealed.port)
        extensions = ws.response.headers.get("Sec-WebSocket-Extensions")
        register = frame(REGISTER, {"session_id": None, "page_name": "",
                                    "page": {"route": "/", "width": 390, "height": 844,
                                             "web": True}})
        sent = 0
        for piece in [b"", b""] + _pieces([(0, register)], [7, 0]) + [b""]:
            await ws.send(seal_frame(key, FROM_PHONE, sent, piece, CHUNK, COVER_SIZE))
            sent += 1
        got = await asyncio.wait_for(ws.recv(), 20)
        await ws.close()
        return extensions, key, got

    extensions, key, got = run(go())
    assert extensions is None
    kind, plain = open_frame(key, FROM_HOST, 0, got)
    action, body = msgpack.unpackb(plain[1:], strict_map_key=False)
    assert kind == 0 and action == REGISTER and body.get("session_id")


def test_a_piece_that_holds_no_message_ends_the_connection(sealed):
    before = len(flet_seam.flet_sessions())

    async def go():
        ws, _, key = await _handshake(sealed.port)
        await ws.send(seal_frame(key, FROM_PHONE, 0, bytes([7]) + bytes(4), CHUNK, COVER_SIZE))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 20)
        return ws.close_code

    assert run(go()) == 1008
    assert len(flet_seam.flet_sessions()) == before


def test_a_page_without_the_seal_still_talks_in_the_clear(sealed):
    async def go():
        client = await FletClient(sealed.port).open()
        await client.register("/")
        for _ in range(200):
            if client.session_id:
                break
            await asyncio.sleep(0.05)
        await client.close()
        return client

    client = run(go())
    assert client.session_id and client.frames[0][:1] == b"\x00"


def _script(live, path: str) -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{live.port}{path}", timeout=10) as answer:
        return answer.read()


def test_the_phone_gets_the_seal_only_from_a_sealed_host(sealed, live):
    assert b"secretbox" in _script(sealed, "/nacl-fast.min.js")
    assert b"SealedSocket" in _script(sealed, "/seal.js")
    assert _script(live, "/nacl-fast.min.js") == OFF_SCRIPT
    assert _script(live, "/seal.js") == OFF_SCRIPT


# The join page's form, sealed (companion/seal.py SealedPosts): what first.js and seal.js send


def _exchange(live, path: str, body: bytes, kind: str) -> tuple[int, bytes, bytes]:
    """A POST from a guest's address; (status, every byte sent, every byte received): what a
    listener on the Wi-Fi reads of it."""
    host = f"127.0.0.1:{live.port}"
    request = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
               f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
               "Connection: close\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", live.port), timeout=30,
                                  source_address=(GUEST, 0)) as sock:
        sock.sendall(request)
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    return int(raw.split()[1]), request, raw


def _hello(live) -> tuple[bytes, bytes, bytes]:
    """(the phone's key, the connection's key, the raw bytes heard) after the page's hello."""
    mine = PrivateKey.generate()
    status, sent, raw = _exchange(live, HELLO_PATH, HELLO + bytes(mine.public_key),
                                  "application/octet-stream")
    answer = raw.partition(b"\r\n\r\n")[2]
    assert status == 200 and answer.startswith(HELLO) and len(answer) == 134
    host, theirs, signature = answer[6:38], answer[38:70], answer[70:134]
    VerifyKey(host).verify(CONTEXT + bytes(mine.public_key) + theirs, signature)
    return bytes(mine.public_key), crypto_box_beforenm(theirs, bytes(mine)), sent + raw


def _sealed_join(live, code: str, form: dict, hello=None):
    """The join form as seal.js sends it; (status, its answer opened or None, bytes heard)."""
    phone, key, heard = hello or _hello(live)
    body = phone + seal_frame(key, FROM_PHONE, 0, json.dumps(form).encode(), 1, FORM_SIZE)
    status, sent, raw = _exchange(live, f"/join/{code}", body, SEALED.decode())
    answer = raw.partition(b"\r\n\r\n")[2]
    try:
        opened = json.loads(open_frame(key, FROM_HOST, 0, answer)[1])
    except (CryptoError, ValueError):
        opened = None
    return status, opened, heard + sent + raw, answer


def test_a_listener_on_the_sealed_join_form_reads_no_name_and_no_pass(sealed):
    code = sealed.service.create_room(sealed.service.host_key, "table_vote")
    status, seat, heard, answer = _sealed_join(
        sealed, code, {"name": "Annabelle", "colour": None, "player": "k" * 24})
    assert status == 200 and seat["name"] == "Annabelle"
    assert [s.name for s in sealed.service.seats(code)] == ["Annabelle"]
    assert seat["pass"].encode() not in heard and b"Annabelle" not in heard
    assert b"k" * 24 not in heard  # nor the phone's player key
    assert len(answer) == FORM_SIZE
    # a refusal (the name taken) is the same size as a seat: a listener cannot tell them apart
    status, refused, heard, answer = _sealed_join(
        sealed, code, {"name": "Annabelle", "colour": None, "player": "j" * 24})
    assert status == 200 and "refused" in refused and len(answer) == FORM_SIZE
    assert b"Annabelle" not in heard and len(sealed.service.seats(code)) == 1


def test_a_sealed_form_replayed_or_not_sealed_for_this_host_seats_nobody(sealed):
    code = sealed.service.create_room(sealed.service.host_key, "table_vote")
    hello = _hello(sealed)
    status, seat, _, _ = _sealed_join(sealed, code, {"name": "Bartholomew"}, hello)
    assert status == 200 and seat["name"] == "Bartholomew"
    # the listener sends the same bytes again: the hello's key sealed one form only
    status, again, _, answer = _sealed_join(sealed, code, {"name": "Bartholomew"}, hello)
    assert status == 400 and again is None and b"load the join page again" in answer
    # a key the host never greeted
    phone, _, heard = hello
    status, other, _, _ = _sealed_join(sealed, code, {"name": "Christabel"},
                                       (bytes(32), bytes(32), heard))
    assert status == 400 and other is None
    assert [s.name for s in sealed.service.seats(code)] == ["Bartholomew"]


def test_a_host_without_the_seal_takes_no_sealed_form(live):
    code = live.service.create_room(live.service.host_key, "table_vote")
    status, _, raw = _exchange(live, HELLO_PATH, HELLO + bytes(32), "application/octet-stream")
    assert status in (404, 405)  # no greeting on a host without the seal
    assert live.service.seats(code) == []


def test_the_seal_is_on_unless_the_host_is_told_otherwise(monkeypatch):
    from companion.__main__ import parse_args

    monkeypatch.delenv("COMPANION_SEAL", raising=False)
    assert parse_args([]).seal is True
    assert parse_args(["--no-seal"]).seal is False
    monkeypatch.setenv("COMPANION_SEAL", "0")
    assert parse_args([]).seal is False
    assert parse_args(["--seal"]).seal is True
    monkeypatch.setenv("COMPANION_SEAL", "1")
    assert parse_args([]).seal is True


# Equal frames in a room (companion/seal.py join_group): what a listener counts per phone


class _Socket:
    """What the seal sees of a page's websocket: its scope, its frames out."""

    def __init__(self, key: bytes) -> None:
        from companion.seal import SCOPE_KEY, _Connection

        self.out: list[bytes] = []

        async def send(message):
            self.out.append(message["bytes"])

        connection = _Connection(HostSeal(bytes(32)), None, send)
        connection.key = key
        connection.decided.set()
        self.connection = connection
        self.scope = {SCOPE_KEY: connection}


@settings(deadline=None, max_examples=40)  # each example waits for its round (ROUND x 4)
@given(st.lists(st.lists(st.binary(max_size=6000), max_size=4), min_size=2, max_size=5))
def test_every_phone_of_a_room_receives_the_same_frames_whatever_each_was_sent(sent):
    from companion.seal import BUNDLE, HEAD, ROUND, join_group

    async def go():
        phones = [_Socket(bytes([i + 1]) * 32) for i in range(len(sent))]
        for phone in phones:
            assert join_group(phone, "ROOM")
        for phone, messages in zip(phones, sent):  # the voters get the ballot, others none
            for message in messages:
                await phone.connection.send({"type": "websocket.send", "bytes": message})
        await asyncio.sleep(ROUND * 4)
        for phone in phones:
            join_group(phone, None)
        return phones

    phones = asyncio.run(go())
    sizes = [[len(f) for f in phone.out] for phone in phones]
    assert all(s == sizes[0] for s in sizes), sizes  # the same count, the same sizes
    assert len(sizes[0]) == (1 if any(sent) else 0)
    for phone, messages in zip(phones, sent):  # and each opens to what it was sent
        got = []
        for i, frame_bytes in enumerate(phone.out):
            kind, plain = open_frame(phone.connection.key, FROM_HOST, i, frame_bytes, (BUNDLE,))
            assert kind == BUNDLE
            at = 0
            while at < len(plain):
                k, n = HEAD.unpack_from(plain, at)
                got.append(plain[at + HEAD.size:at + HEAD.size + n])
                at += HEAD.size + n
        assert got == messages


def test_a_page_in_the_clear_joins_no_round():
    from companion.seal import join_group

    assert join_group(None, "ROOM") is False
    assert join_group(type("Plain", (), {"scope": {}})(), "ROOM") is False
