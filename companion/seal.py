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
learns a frame's size class, not its size. Why these four: a tap's answer, a ballot's change and
a screen's first draw fall each in one class (on the Table vote and the private vote of the
e2e tests: 60-200 B, 0.4-1.3 KB, 2-4 KB, 10-30 KB), so most frames are padded by less than
their own size, and four classes tell a listener little more than "small" or "a screen".

**Equal frames in a room** (``join_group``): the phones seated in one room are one group, and
what the host sends any of them leaves in a *round*: within ``ROUND`` seconds of the first
frame queued, every phone of the group receives one sealed frame (a bundle of what it has
waiting, maybe nothing), all padded to the same size, the largest bundle's class. So when a
private vote or a secret move starts, is cast or ends, a phone outside it receives what the
voters receive, at the same moments and of the same sizes: the listener of issue 49 counted
5 frames (1.3 KB) on each Werewolf's phone and none on the others'.

The join page's form (companion/join_form.py) is sealed the same way over two requests
(``SealedPosts``): the page's hello, ``POST /seal`` (``HELLO + e_p``, sent when the form shows,
so Join waits for no extra round trip), answered as on the socket; then the form's own
``POST /join/CODE`` as ``e_p + secretbox(JSON)`` (content type ``SEALED``), its answer a
sealed frame too, always 200: a listener learns neither the name, nor the pass, nor whether
the seat was given. Each hello's key opens one form, within ``WAITING_FOR`` seconds.

**Equal frames from the phones** (cover): a phone's own taps go up, so a listener would see
which phones act while a private vote is open (only the Werewolves tap at night). A phone
that received a round (so: seated in a room) sends from then on one frame of 256 B every
``TICK`` seconds (seal.js), on a fixed schedule: what it has to say rides in it as a piece of
one stream (``CHUNK``: the messages as ``HEAD`` + data, cut into pieces of up to 235 bytes),
or nothing. Every seated phone then sends the same number of frames, of one size, at its own
steady pace, whether it taps or not; the host puts the pieces together and drops the empty
ones before Flet sees anything. A tap waits for the next tick, at most ``TICK``.
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import struct
import time
from collections import OrderedDict, deque

from nacl.bindings import (crypto_box_beforenm, crypto_secretbox, crypto_secretbox_open)
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey
from nacl.signing import SigningKey

from .join_form import read_body
from .join_page import language_of
from .language import COMPANION, HOME, Speaker, words

log = logging.getLogger(__name__)
_ = Speaker(COMPANION, HOME)

HELLO = b"\xc1seal1"  # 0xc1 is the one byte msgpack never uses: no Flet message starts so
CONTEXT = b"companion seal 1"  # what the host's signature is over, before the two keys
KEY = 32
SIGNATURE = 64
MAC = 16  # Poly1305's tag, added to every sealed frame
HEAD = struct.Struct(">BI")  # kind (0 bytes, 1 text, 2 a round's bundle, 3 a piece), length
BUNDLE = 2  # a round's frame: each of a phone's waiting messages as HEAD + data, or none
CHUNK = 3  # a phone's cover frame: a piece of its stream of messages (HEAD + data), or none
TICK = 0.1  # seconds between a covering phone's frames (seal.js TICK): a tap's longest wait
COVER_SIZE = 256  # every cover frame's size (seal.js COVER): 235 bytes of the stream each
STREAM_LIMIT = 1024 * 1024  # the most a phone's stream holds unfinished (server.FRAME_LIMIT)
ROUND = 0.03  # seconds a group's round waits for the rest of one change's frames
SCOPE_KEY = "companion.seal"  # the ASGI scope's entry for a websocket's sealed connection
SIZES = (256, 1024, 4096, 16384)
FROM_PHONE, FROM_HOST = 1, 2  # the nonce's first byte: the two directions never share one
SCRIPTS = ("/seal.js", "/nacl-fast.min.js")  # the phone's side (companion/web)
OFF_SCRIPT = b'"use strict"; // the seal is off on this host (started with --no-seal)\n'
HELLO_PATH = "/seal"  # the join page's hello (SealedPosts)
SEALED = b"application/x-companion-sealed"  # a form's body sealed with a hello's key
FORM_SIZE = SIZES[1]  # a form and its answer are 1 KB either way: a seat, a refusal alike
WAITING = 256  # hellos kept for their form at once; the oldest goes first past that
WAITING_FOR = 600.0  # seconds a hello's key waits for its form (a player typing slowly)


def sealed_size(n: int, least: int = 0) -> int:
    """The size on the wire of a frame of ``n`` bytes: the smallest class it fits in (and
    ``least`` at least)."""
    need = max(n + HEAD.size + MAC, least)
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


def seal_frame(key: bytes, direction: int, count: int, data: bytes, kind: int = 0,
               least: int = 0) -> bytes:
    body = HEAD.pack(kind, len(data)) + data
    body += bytes(sealed_size(len(data), least) - MAC - len(body))
    return crypto_secretbox(body, nonce(direction, count), key)


def open_frame(key: bytes, direction: int, count: int, frame: bytes,
               kinds: tuple[int, ...] = (0, 1)) -> tuple[int, bytes]:
    """(kind, data); CryptoError or ValueError for a frame that is not this connection's (or
    of a kind not in ``kinds``: a phone sends no bundle)."""
    body = crypto_secretbox_open(frame, nonce(direction, count), key)
    kind, length = HEAD.unpack_from(body)
    if kind not in kinds or HEAD.size + length > len(body):
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
        scope = dict(scope, **{SCOPE_KEY: connection})  # join_group finds it from the page
        try:
            await self.app(scope, connection.receive, connection.send)
        except Exception:
            connection.leave()
            if connection.handed:
                raise
            # Flet 1.0.5's handler fails on a socket that ends before its first message
            # (FletApp.handle reads the session it never made): a phone that refused this
            # host after the hello does that on every retry, so it is no fault to log
            log.debug("a socket that closed before its first message", exc_info=True)
        finally:
            connection.leave()  # out of its room's rounds, whatever ended it


class _Connection:
    def __init__(self, host: HostSeal, receive, send) -> None:
        self.host, self._receive, self._send = host, receive, send
        self.key: bytes | None = None
        self.decided = asyncio.Event()  # the first frame told: sealed, or in the clear
        self.sent = self.received = 0
        self.lock = asyncio.Lock()  # frames leave in the order of their nonces
        self.broken = False
        self.handed = False  # a frame of the page's reached Flet
        self.group: _Group | None = None  # its room's phones, sent to in rounds
        self.waiting: list[tuple[int, bytes]] = []  # (kind, data) for the group's next round
        self.stream = bytearray()  # a covering phone's pieces, not yet a whole message
        self.ready: deque[dict] = deque()  # whole messages of its stream, for Flet in turn

    async def receive(self):
        while True:
            if self.ready and not self.broken:
                return self.ready.popleft()
            message = await self._receive()
            if message["type"] == "websocket.disconnect":
                self.decided.set()  # nothing waits for a hello that will never come
                self.leave()
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
                kind, plain = open_frame(self.key, FROM_PHONE, self.received, data,
                                         (0, 1, CHUNK))
                if kind == CHUNK:
                    self.received += 1
                    self._pieces(plain)  # a dummy adds nothing: Flet never hears of it
                    continue
            except (CryptoError, ValueError):
                # not sealed with this connection's key: never handed to Flet
                log.warning("a frame that did not open; the connection is closed")
                self.broken = True
                await self._send({"type": "websocket.close", "code": 1008})
                return {"type": "websocket.disconnect", "code": 1008}
            self.received += 1
            return _message(kind, plain)

    def _pieces(self, piece: bytes) -> None:
        """A cover frame's piece of the stream: each message it completes made ready."""
        self.stream += piece
        at = 0
        while len(self.stream) - at >= HEAD.size:
            kind, length = HEAD.unpack_from(self.stream, at)
            if kind not in (0, 1) or length > STREAM_LIMIT:
                raise ValueError("a piece of a stream that holds no message")
            if at + HEAD.size + length > len(self.stream):
                break
            start = at + HEAD.size
            self.ready.append(_message(kind, bytes(self.stream[start:start + length])))
            at = start + length
        del self.stream[:at]

    async def send(self, message) -> None:
        if message["type"] != "websocket.send":
            if message["type"] == "websocket.close":
                self.leave()
            return await self._send(message)
        await self.decided.wait()  # Flet speaks only after the phone's first frame
        if self.key is None:
            return await self._send(message)
        text = message.get("text")
        data, kind = (text.encode("utf-8"), 1) if text is not None else (message["bytes"], 0)
        if self.group is not None:
            self.waiting.append((kind, data))
            return self.group.soon()
        await self.send_sealed(data, kind)

    async def send_sealed(self, data: bytes, kind: int, least: int = 0) -> None:
        async with self.lock:
            frame = seal_frame(self.key, FROM_HOST, self.sent, data, kind, least)
            self.sent += 1
            try:
                await self._send({"type": "websocket.send", "bytes": frame})
            except Exception:  # the phone went away mid-round: its receive loop ends it
                self.leave()
                if self.group is None and kind != BUNDLE:
                    raise

    def bundle(self) -> bytes:
        """What waits for this round, as one message (empty: the round's dummy)."""
        waiting, self.waiting = self.waiting, []
        return b"".join(HEAD.pack(kind, len(data)) + data for kind, data in waiting)

    def leave(self) -> None:
        if self.group is not None:
            self.group.members.discard(self)
            self.group = None
        self.waiting = []


def _message(kind: int, plain: bytes) -> dict:
    if kind == 1:
        return {"type": "websocket.receive", "text": plain.decode("utf-8")}
    return {"type": "websocket.receive", "bytes": plain}


class _Group:
    """The sealed connections of one room's phones: each round sends every one of them a
    frame of the same size (see the module's docstring)."""

    def __init__(self) -> None:
        self.members: set[_Connection] = set()
        self.pending = False

    def soon(self) -> None:
        if not self.pending:
            self.pending = True
            asyncio.get_running_loop().call_later(ROUND, self._start)

    def _start(self) -> None:
        self.pending = False
        asyncio.ensure_future(self.round())

    async def round(self) -> None:
        members = list(self.members)
        bundles = [(c, c.bundle()) for c in members]
        if not any(bundle for _, bundle in bundles):
            return
        size = max(sealed_size(len(bundle)) for _, bundle in bundles)
        await asyncio.gather(*(c.send_sealed(bundle, BUNDLE, size) for c, bundle in bundles),
                             return_exceptions=True)


_groups: dict[str, _Group] = {}  # by room code, on the event loop's thread only


def page_group(page, group: str | None) -> bool:
    """``join_group`` for a Flet page (its session's websocket)."""
    from .flet_seam import handshake_websocket

    return join_group(handshake_websocket(page), group)


def join_group(websocket, group: str | None) -> bool:
    """Puts a page's sealed connection (``websocket``: the Starlette websocket its Flet session
    came through, ``flet_seam.handshake_websocket``) into ``group``'s rounds; None takes it
    out. False for a page that is not sealed (the seal off, a page without seal.js).
    Call on the event loop's thread."""
    connection = getattr(websocket, "scope", {}).get(SCOPE_KEY) if websocket else None
    if connection is None or connection.key is None:
        return False
    if connection.group is not None and connection.group is _groups.get(group or ""):
        return True
    waiting = connection.waiting
    connection.leave()
    connection.waiting = waiting  # sent in the new group's first round (or now, below)
    if group is None:
        if waiting:  # what it had waiting leaves now, alone
            try:
                asyncio.get_running_loop().create_task(
                    connection.send_sealed(connection.bundle(), BUNDLE))
            except RuntimeError:  # no loop here: the page is going away, nothing to send to
                connection.waiting = []
        return True
    for code in [c for c, g in _groups.items() if not g.members]:  # rooms left empty
        del _groups[code]
    connection.group = _groups.setdefault(group, _Group())
    connection.group.members.add(connection)
    if waiting:
        connection.group.soon()
    return True


class SealedPosts:
    """ASGI middleware in front of the join form (companion/join_form.py): answers the join
    page's hello (``POST /seal``) and opens a sealed form (``POST /join/CODE``, content type
    ``SEALED``) for the form's handler, whose answer leaves sealed and padded, status 200
    whatever it said. ``host`` None: the seal is off and everything goes on as it came."""

    def __init__(self, app, host: HostSeal | None) -> None:
        self.app = app
        self.host = host
        self.waiting: OrderedDict[bytes, tuple[bytes, float]] = OrderedDict()

    async def __call__(self, scope, receive, send) -> None:
        if self.host is None or scope["type"] != "http" or scope.get("method") != "POST":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        if scope["path"] == HELLO_PATH:
            return await self._hello(receive, send, headers)
        if headers.get(b"content-type", b"").startswith(SEALED):
            return await self._sealed(scope, receive, send, headers)
        return await self.app(scope, receive, send)

    async def _hello(self, receive, send, headers: dict) -> None:
        body = await read_body(receive, headers, len(HELLO) + KEY)
        if body is None or len(body) != len(HELLO) + KEY or not body.startswith(HELLO):
            say = words(language_of(headers))
            return await _plain(send, 400, say(_("This address takes the join page's "
                                                 "greeting, and this was something else.")))
        phone = body[len(HELLO):]
        answer, key = self.host.answer(phone)
        now = time.monotonic()
        self.waiting[phone] = (key, now + WAITING_FOR)
        self.waiting.move_to_end(phone)
        while len(self.waiting) > WAITING or next(iter(self.waiting.values()))[1] < now:
            self.waiting.popitem(last=False)
        await _plain(send, 200, answer, b"application/octet-stream")

    async def _sealed(self, scope, receive, send, headers: dict) -> None:
        body = await read_body(receive, headers, KEY + FORM_SIZE)  # a name's form fits in 1 KB
        phone = body[:KEY] if body is not None else b""
        key, until = self.waiting.pop(phone, (None, 0.0))
        try:
            if key is None or until < time.monotonic():
                raise ValueError("no hello waits for this form")
            kind, plain = open_frame(key, FROM_PHONE, 0, body[KEY:])
        except (CryptoError, ValueError):
            say = words(language_of(headers))
            return await _plain(send, 400, say(_("The join page's form was not sealed for "
                                                 "this table: load the join page again.")))
        inner = dict(scope, headers=[
            (k, v) for k, v in scope["headers"]
            if k not in (b"content-type", b"content-length", b"accept-encoding")] + [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(plain)).encode())])
        given = False

        async def one_body():
            nonlocal given
            if given:
                return {"type": "http.disconnect"}
            given = True
            return {"type": "http.request", "body": plain, "more_body": False}

        answer: list[bytes] = []

        async def keep(message) -> None:
            if message["type"] == "http.response.body":
                answer.append(message.get("body", b""))

        await self.app(inner, one_body, keep)
        await _plain(send, 200, seal_frame(key, FROM_HOST, 0, b"".join(answer), 1, FORM_SIZE),
                     b"application/octet-stream")


async def _plain(send, status: int, body: bytes | str,
                 kind: bytes = b"text/plain; charset=utf-8") -> None:
    data = body.encode() if isinstance(body, str) else body
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", kind), (b"cache-control", b"no-store"),
        (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})
