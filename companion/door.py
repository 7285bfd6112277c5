"""Limits at the door: what a guest on the table's Wi-Fi can cost the host before proving anything.

A websocket is where a browser session lives, and each one costs the host memory until it
ends. So before Flet sees a websocket, the door checks that it comes from a page this host
served (its Origin names this host), that its address does not already hold too many, and
that the address has not opened too many lately. A websocket then has a few seconds to
register as a Flet session, or it is closed; when it ends, Flet is given a moment to let go
of it and is then made to.

Every request, page or websocket, must name this host in its Host header (one of its
addresses, ``localhost``, or the ``--address`` given): a page of another site whose name was
pointed at the host (DNS rebinding) gets a 421, its websocket a 403.

HTTP itself is bounded by the server settings in ``server.serve`` (h11 with a header limit)
and the connection limits of ``wire.py``. The host's own machine (loopback) is trusted, as in
the threat model: the table screen usually runs there.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, OrderedDict, deque
from urllib.parse import urlsplit

from . import flet_seam
from .net import lan_addresses

log = logging.getLogger(__name__)

TRUSTED = frozenset({"127.0.0.1", "::1"})
OWN_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
UNKNOWN = "unknown"  # an address nobody reported counts as a guest's, never as the host's


def socket_address(page) -> str:
    """The address of the socket a Flet page's session came through.

    Flet's connection took it from the ASGI scope (the door's ``scope["client"]``), where the
    guest cannot write; ``page.client_ip`` is a field of the page, which any client can patch.
    """
    return flet_seam.connection_address(page) or UNKNOWN


def host_name(headers: dict[bytes, bytes]) -> tuple[str, int | None] | None:
    """(name, port) of a Host header, lower case; None when there is none or it is malformed."""
    host = headers.get(b"host", b"").decode("latin-1").strip()
    if not host:
        return None
    try:
        parts = urlsplit(f"//{host}")
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return None


class RateLimit:
    """At most ``count`` events per ``window`` seconds per key; remembers at most ``keys`` keys.

    A sliding window of timestamps per key. Bounded both ways: a key keeps at most ``count``
    stamps, and the least recently seen keys are forgotten past ``keys`` (a forgotten key
    starts afresh, which only ever lets a flood of fresh addresses through one at a time).
    """

    def __init__(self, count: int, window: float, keys: int = 4096,
                 clock=time.monotonic) -> None:
        self.count, self.window, self.keys, self.clock = count, window, keys, clock
        self._hits: OrderedDict[str, deque] = OrderedDict()

    def hit(self, key: str) -> bool:
        """Count one event for ``key``; False when it is over the limit (then it is not counted)."""
        now = self.clock()
        hits = self._hits.pop(key, None) or deque(maxlen=self.count)
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        allowed = len(hits) < self.count
        if allowed:
            hits.append(now)
        self._hits[key] = hits
        while len(self._hits) > self.keys:
            self._hits.popitem(last=False)
        return allowed

    def retry_after(self, key: str) -> float:
        hits = self._hits.get(key)
        if not hits or len(hits) < self.count:
            return 0.0
        return max(0.0, hits[0] + self.window - self.clock())


def same_origin(headers: dict[bytes, bytes]) -> bool:
    """The page that opens the websocket was served by this host (Origin matches Host)."""
    origin = headers.get(b"origin", b"").decode("latin-1")
    host = headers.get(b"host", b"").decode("latin-1").lower()
    if not origin or not host:
        return False
    return urlsplit(origin).netloc.lower() == host


class Door:
    """ASGI middleware in front of the whole app; only websockets are held back here."""

    def __init__(self, app, *, sockets_per_address: int = 8, opens_per_minute: int = 30,
                 register_within: float = 10.0, let_go_within: float = 5.0,
                 trusted: frozenset[str] = TRUSTED, hosts=()) -> None:
        self.app = app
        # the names this host answers to: its own, its LAN addresses, and the --address given
        self.hosts = OWN_NAMES | {h.lower().strip("[]") for h in hosts} | set(lan_addresses())
        self.sockets_per_address = sockets_per_address
        self.opens = RateLimit(opens_per_minute, 60.0)
        self.register_within = register_within
        self.let_go_within = let_go_within
        self.trusted = trusted
        self.open: Counter[str] = Counter()

    def names_this_host(self, scope) -> bool:
        """The Host header is one of this host's names, at the port the request came to."""
        named = host_name(dict(scope.get("headers") or []))
        if named is None:
            return False
        name, port = named
        local = scope.get("server") or ("", None)
        if name not in self.hosts and name != str(local[0]).lower():
            return False
        return local[1] is None or (port or 80) == local[1]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        if scope["type"] == "http":
            if not self.names_this_host(scope):
                return await _misdirected(send)
            return await self.app(scope, receive, send)
        address = (scope.get("client") or ("", 0))[0]
        refusal = self._refusal(address, scope)
        if refusal:
            log.info("websocket from %s refused: %s", address, refusal)
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": refusal})
            return
        self.open[address] += 1
        try:
            await _Watched(self, scope, receive, send).run()
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]

    def _refusal(self, address: str, scope) -> str | None:
        if not self.names_this_host(scope):
            return "not this host's name"
        if not same_origin(dict(scope.get("headers") or [])):
            return "not from this host's page"
        if address in self.trusted:
            return None
        if self.open[address] >= self.sockets_per_address:
            return "too many open connections from this address"
        if not self.opens.hit(address):
            return "too many new connections from this address"
        return None


async def _misdirected(send) -> None:
    """421: this request names another host (a rebinding name pointed at this machine)."""
    body = b"This is not the host that name belongs to.\n"
    await send({"type": "http.response.start", "status": 421,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class _Watched:
    """One websocket on its way through Flet, with a deadline to register and to end."""

    def __init__(self, door: Door, scope, receive, send) -> None:
        self.door, self.scope, self._receive, self._send = door, scope, receive, send
        self.registered = asyncio.Event()  # Flet answered the client's registration
        self.ended = asyncio.Event()  # the client went away, or we closed it
        self.kicked = asyncio.Event()

    async def receive(self):
        if self.kicked.is_set():
            return {"type": "websocket.disconnect", "code": 1008}
        receiving = asyncio.ensure_future(self._receive())
        kicked = asyncio.ensure_future(self.kicked.wait())
        done, _ = await asyncio.wait({receiving, kicked}, return_when=asyncio.FIRST_COMPLETED)
        if receiving not in done:
            receiving.cancel()
            return {"type": "websocket.disconnect", "code": 1008}
        kicked.cancel()
        message = receiving.result()
        if message["type"] == "websocket.disconnect":
            self.ended.set()
        return message

    async def send(self, message) -> None:
        if message["type"] == "websocket.send":
            self.registered.set()
        elif message["type"] == "websocket.close":
            self.ended.set()
        if self.kicked.is_set() and message["type"] != "websocket.close":
            return
        await self._send(message)

    async def run(self) -> None:
        inner = asyncio.ensure_future(self.door.app(self.scope, self.receive, self.send))
        watchdog = asyncio.ensure_future(self._watch(inner))
        try:
            await inner
        except asyncio.CancelledError:
            if not watchdog.done() and not self.kicked.is_set():
                raise  # the server is stopping, not us
        except Exception:
            if self.registered.is_set():
                raise
            # Flet 1.0.5 trips over a websocket that ends before registering; nothing to tell
            log.debug("unregistered websocket ended", exc_info=True)
        finally:
            watchdog.cancel()

    async def _watch(self, inner: asyncio.Future) -> None:
        try:
            await asyncio.wait_for(self.registered.wait(), self.door.register_within)
        except asyncio.TimeoutError:
            log.info("websocket did not register in time; closed")
            await self._kick()
        await self.ended.wait()
        try:  # Flet lets go by itself once the client has gone; if it does not, make it
            await asyncio.wait_for(asyncio.shield(inner), self.door.let_go_within)
        except asyncio.TimeoutError:
            inner.cancel()
        except Exception:
            pass

    async def _kick(self) -> None:
        self.kicked.set()
        self.ended.set()
        try:
            await self._send({"type": "websocket.close", "code": 1008,
                              "reason": "register first"})
        except Exception:
            log.debug("closing an unregistered websocket failed", exc_info=True)
