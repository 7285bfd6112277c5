"""The sealed websocket's host side (companion/seal.py, issue 49), against the real app on
loopback with a Python phone doing what companion/web/seal.js does (PyNaCl in place of
tweetnacl-js). The browser's side is tests/e2e/test_on_the_air.py's."""
from __future__ import annotations

import asyncio
import os
import urllib.request

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from nacl.bindings import crypto_box_beforenm
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey
from nacl.signing import VerifyKey
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from companion import flet_seam
from companion.seal import (CONTEXT, FROM_HOST, FROM_PHONE, HELLO, OFF_SCRIPT, SIZES, HostSeal,
                            fingerprint, open_frame, seal_frame, sealed_size)
from companion.store import Store

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
