"""A scripted client of Flet's web protocol: what a guest's script, not a browser, can send.

Frames are ``0x00`` + msgpack ``[action, body]`` over the websocket at ``/ws``. The client
registers a session for a route, answers the server's SharedPreferences calls from a dict
(so a seat pass can be "stored in the browser"), and can vanish without a goodbye.
"""
from __future__ import annotations

import asyncio
import socket
import threading

import msgpack
from websockets.asyncio.client import connect

REGISTER, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE = 1, 3, 4, 5


def guest_socket(port: int, source: str) -> socket.socket:
    """A TCP connection to the host from ``source`` (127.0.0.2... play guests on the Wi-Fi)."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def frame(action: int, body) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class FletClient:
    def __init__(self, port: int, source: str = "127.0.0.1", origin: str | None = "auto",
                 prefs: dict | None = None, host: str | None = None,
                 cookies: dict | None = None, latency: float = 0.0) -> None:
        self.port, self.source = port, source
        self.cookies = dict(cookies or {})  # sent in the handshake, as a browser sends its own
        self.host = host  # the Host header, when not the address connected to
        self.origin = f"http://{host or '127.0.0.1'}:{port}" if origin == "auto" else origin
        self.prefs = dict(prefs or {})
        self.ws = None
        self.session_id: str | None = None
        self.received = 0
        self.frames: list[bytes] = []  # every frame the server sent, as sent
        self.page_id: int | None = None
        self._reader: asyncio.Task | None = None
        # a phone on a crowded Wi-Fi: each answer reaches the host this much later
        self.latency = latency
        self.answered = 0  # answers sent to the server's calls so far
        # each call of the server (its method's name), with how many answers had gone before it
        self.calls: list[tuple[str, int]] = []
        self._replies: set[asyncio.Task] = set()

    async def open(self) -> "FletClient":
        headers = {"Origin": self.origin} if self.origin else {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        # the socket is given: the name in the URL is only the Host header, never looked up
        self.ws = await connect(f"ws://{self.host or '127.0.0.1'}:{self.port}/ws",
                                sock=guest_socket(self.port, self.source),
                                origin=None, additional_headers=headers, open_timeout=20,
                                ping_interval=None, max_size=None)
        return self

    async def register(self, route: str) -> "FletClient":
        await self.ws.send(frame(REGISTER, {"session_id": None, "page_name": "",
                                            "page": {"route": route, "width": 390,
                                                     "height": 844, "web": True}}))
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                self.received += 1
                self.frames.append(data)
                action, body = msgpack.unpackb(data[1:], strict_map_key=False)
                if action == REGISTER:
                    self.session_id = body.get("session_id")
                    self.page_id = (body.get("page_patch") or {}).get("_i")
                elif action == INVOKE:
                    self.calls.append((body.get("name"), self.answered))
                    reply = asyncio.create_task(self._reply(body))  # reading goes on meanwhile
                    self._replies.add(reply)
                    reply.add_done_callback(self._replies.discard)
        except Exception:
            pass

    def saw(self, text: bytes) -> bool:
        return any(text in data for data in self.frames)

    async def patch_page(self, props: dict) -> None:
        """What Flet lets any client do: set fields of its own page (route, client_ip...)."""
        await self.ws.send(frame(UPDATE_CONTROL_PROPS, {"id": self.page_id, "props": props}))

    async def go(self, route: str) -> None:
        """The browser's address changed (a typed URL, Back): the page's route_change."""
        await self.ws.send(frame(CONTROL_EVENT, {"target": self.page_id, "name": "route_change",
                                                 "data": {"route": route}}))

    async def _reply(self, call: dict) -> None:
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            await self.ws.send(frame(INVOKE, self._answer(call)))
        except Exception:  # the client vanished meanwhile
            return
        self.answered += 1

    def round_trips(self, name: str) -> int:
        """How many times the server waited for answers before asking for more ``name``s."""
        return len({before for called, before in self.calls if called == name})

    def _answer(self, call: dict) -> dict:
        name, args = call.get("name"), call.get("args") or {}
        result = None
        if name == "get":
            result = self.prefs.get(args.get("key"))
        elif name == "set":
            self.prefs[args.get("key")] = args.get("value")
            result = True
        return {"control_id": call.get("control_id"), "call_id": call.get("call_id"),
                "result": result, "error": None}

    async def vanish(self) -> None:
        """Gone without a close frame: a phone whose Wi-Fi or battery died."""
        transport = self.ws.transport
        transport.abort()
        if self._reader:
            self._reader.cancel()

    async def close(self) -> None:
        if self._reader:
            self._reader.cancel()
        await self.ws.close()


def run(coro):
    """asyncio.run in a thread of its own: the test process may already run an event loop
    (Playwright's, when the e2e tests ran before)."""
    out: dict = {}

    def target():
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as e:  # handed to the test's thread
            out["error"] = e
    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")
