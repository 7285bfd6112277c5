"""The sealed websocket (issue 49, first step): a listener on the table's Wi-Fi reads no frame.

Flet's client and Flet's handler talk msgpack over one websocket in the clear. With the seal
on (``--seal``), the page's own script (companion/web/seal.js, over tweetnacl-js) wraps the
browser's WebSocket before Flet's client starts, and this ASGI middleware sits under Flet's
handler on the same socket:

1. phone -> host ``HELLO + e_p`` (its X25519 key for this connection only);
2. host -> phone ``HELLO + H + e_h + sig``: ``H`` the host's long-term Ed25519 key (kept in
   the database, so a restarted host is the same host), ``e_h`` its X25519 key for this
   connection, ``sig`` = Ed25519(H, CONTEXT + e_p + e_h): the host proves it holds ``H``;
3. both sides take ``k = crypto_box_beforenm`` (X25519 then HSalsa20) and every frame after is
   ``crypto_secretbox`` (XSalsa20-Poly1305) of ``kind, length, data, zero padding`` under a
   nonce that counts each direction's frames (never sent; a frame replayed, dropped or
   reordered fails to open and ends the connection).

The phone opened from a table QR code holds the fingerprint of ``H`` (``#seal=...`` in the
join URL's fragment, which no browser sends): a host that proves another key is refused before
the phone sends anything. A first frame that is no hello (the tests' Python clients, a page
without seal.js) goes on in the clear, as before: a listener is passive; an attacker who can
rewrite the page can also drop the seal (docs/security.md says so).

Every sealed frame is padded to 256 B, 1 KB, 4 KB or 16 KB, then whole 16 KBs: a listener
learns a frame's size class, not its size.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import struct

from nacl.bindings import (crypto_box_beforenm, crypto_secretbox, crypto_secretbox_open)
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey
from nacl.signing import SigningKey

log = logging.getLogger(__name__)

HELLO = b"\xc1seal1"  # 0xc1 is the one byte msgpack never uses: no Flet message starts so
CONTEXT = b"companion seal 1"  # what the host's signature is over, before the two keys
KEY = 32
SIGNATURE = 64
MAC = 16  # Poly1305's tag, added to every sealed frame
HEAD = struct.Struct(">BI")  # kind (0 bytes, 1 text), length
SIZES = (256, 1024, 4096, 16384)
FROM_PHONE, FROM_HOST = 1, 2  # the nonce's first byte: the two directions never share one
SCRIPTS = ("/seal.js", "/nacl-fast.min.js")  # the phone's side (companion/web)
OFF_SCRIPT = b'"use strict"; // the seal is off on this host (start it with --seal)\n'


def sealed_size(n: int) -> int:
    """The size on the wire of a frame of ``n`` bytes: the smallest class it fits in."""
    need = n + HEAD.size + MAC
    for size in SIZES:
        if need <= size:
            return size
    return -(-need // SIZES[-1]) * SIZES[-1]


def fingerprint(host_public: bytes) -> str:
    """What the join URL's fragment carries: 16 bytes of SHA-512 of the host's key, base64url
    (seal.js computes the same with nacl.hash)."""
    digest = hashlib.sha512(host_public).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def nonce(direction: int, count: int) -> bytes:
    return bytes([direction]) + bytes(15) + count.to_bytes(8, "big")


def seal_frame(key: bytes, direction: int, count: int, data: bytes, kind: int = 0) -> bytes:
    body = HEAD.pack(kind, len(data)) + data
    body += bytes(sealed_size(len(data)) - MAC - len(body))
    return crypto_secretbox(body, nonce(direction, count), key)


def open_frame(key: bytes, direction: int, count: int, frame: bytes) -> tuple[int, bytes]:
    """(kind, data); CryptoError or ValueError for a frame that is not this connection's."""
    body = crypto_secretbox_open(frame, nonce(direction, count), key)
    kind, length = HEAD.unpack_from(body)
    if kind not in (0, 1) or HEAD.size + length > len(body):
        raise ValueError("a sealed frame with a wrong length")
    return kind, body[HEAD.size:HEAD.size + length]


class HostSeal:
    """The host's long-term key: an Ed25519 seed kept in the database (``Store.seal_seed``)."""

    def __init__(self, seed: bytes) -> None:
        self.signing = SigningKey(seed)
        self.public = bytes(self.signing.verify_key)
        self.fingerprint = fingerprint(self.public)

    def answer(self, phone_key: bytes) -> tuple[bytes, bytes]:
        """(the host's hello, the connection's key) for a phone's ephemeral key."""
        mine = PrivateKey.generate()
        mine_public = bytes(mine.public_key)
        signature = self.signing.sign(CONTEXT + phone_key + mine_public).signature
        key = crypto_box_beforenm(phone_key, bytes(mine))
        return HELLO + self.public + mine_public + signature, key


class Seal:
    """ASGI middleware under Flet's handler: seals the websocket of every page that asks
    (its first frame a hello). ``host`` None: the seal is off, and the phone's scripts are
    answered with a line that does nothing, so the page runs in the clear as before."""

    def __init__(self, app, host: HostSeal | None) -> None:
        self.app = app
        self.host = host

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and self.host is None and scope["path"] in SCRIPTS:
            await send({"type": "http.response.start", "status": 200, "headers": [
                (b"content-type", b"text/javascript; charset=utf-8"),
                (b"cache-control", b"no-cache"),
                (b"content-length", str(len(OFF_SCRIPT)).encode())]})
            await send({"type": "http.response.body", "body": OFF_SCRIPT})
            return
        if scope["type"] != "websocket" or self.host is None:
            return await self.app(scope, receive, send)
        connection = _Connection(self.host, receive, send)
        try:
            await self.app(scope, connection.receive, connection.send)
        except Exception:
            if connection.handed:
                raise
            # Flet 1.0.5's handler fails on a socket that ends before its first message
            # (FletApp.handle reads the session it never made): a phone that refused this
            # host after the hello does that on every retry, so it is no fault to log
            log.debug("a socket that closed before its first message", exc_info=True)


class _Connection:
    def __init__(self, host: HostSeal, receive, send) -> None:
        self.host, self._receive, self._send = host, receive, send
        self.key: bytes | None = None
        self.decided = asyncio.Event()  # the first frame told: sealed, or in the clear
        self.sent = self.received = 0
        self.lock = asyncio.Lock()  # frames leave in the order of their nonces
        self.broken = False
        self.handed = False  # a frame of the page's reached Flet

    async def receive(self):
        while True:
            message = await self._receive()
            if message["type"] == "websocket.disconnect":
                self.decided.set()  # nothing waits for a hello that will never come
            if message["type"] != "websocket.receive" or self.broken:
                return message
            data = message.get("bytes")
            if not self.decided.is_set():
                if data is not None and len(data) == len(HELLO) + KEY and data.startswith(HELLO):
                    answer, self.key = self.host.answer(data[len(HELLO):])
                    await self._send({"type": "websocket.send", "bytes": answer})
                    self.decided.set()
                    continue  # Flet never sees the hello
                self.decided.set()  # no hello: this page talks in the clear
                self.handed = True
                return message
            if self.key is None:
                return message
            self.handed = True
            try:
                if data is None:
                    raise ValueError("a text frame on a sealed connection")
                kind, plain = open_frame(self.key, FROM_PHONE, self.received, data)
            except (CryptoError, ValueError):
                # not sealed with this connection's key: never handed to Flet
                log.warning("a frame that did not open; the connection is closed")
                self.broken = True
                await self._send({"type": "websocket.close", "code": 1008})
                return {"type": "websocket.disconnect", "code": 1008}
            self.received += 1
            if kind == 1:
                return {"type": "websocket.receive", "text": plain.decode("utf-8")}
            return {"type": "websocket.receive", "bytes": plain}

    async def send(self, message) -> None:
        if message["type"] != "websocket.send":
            return await self._send(message)
        await self.decided.wait()  # Flet speaks only after the phone's first frame
        if self.key is None:
            return await self._send(message)
        text = message.get("text")
        data, kind = (text.encode("utf-8"), 1) if text is not None else (message["bytes"], 0)
        async with self.lock:
            frame = seal_frame(self.key, FROM_HOST, self.sent, data, kind)
            self.sent += 1
            await self._send({"type": "websocket.send", "bytes": frame})
