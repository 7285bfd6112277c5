"""A tiny HTTP proxy on loopback that plays the table's Wi-Fi name service for WebKit.

Chromium maps ``companion.test`` to 127.0.0.1 by a flag (``--host-resolver-rules``); WebKitGTK
has no such flag, but it takes a proxy. This one sends every request for ``NAME:PORT`` to
``127.0.0.1:PORT`` (and refuses any other host, so nothing can leave the machine), and counts
the bytes it relays to the browser: what a phone receives on the wire.

Requests come in absolute form (``GET http://companion.test:8550/x HTTP/1.1``) and are passed
on in origin form, with ``Connection: close`` unless they upgrade to a websocket; a ``CONNECT``
is tunnelled as it is.
"""
from __future__ import annotations

import asyncio
import re
import threading
from urllib.parse import urlsplit


class NameProxy:
    def __init__(self, name: str) -> None:
        self.name = name.lower()
        self.received = 0  # bytes relayed from the host to the browser
        self.refused: list[str] = []
        self.seen: list[str] = []  # request lines, for a failing test's story
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self.held_back: re.Pattern | None = None  # paths that wait until ``let_go``
        self._let_go: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> "NameProxy":
        self.thread.start()
        self._ready.wait(10)
        return self

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    def hold(self, paths: re.Pattern) -> None:
        """Requests for these paths wait (a phone's slow download) until ``let_go``."""
        self.held_back = paths

    def let_go(self) -> None:
        self.held_back = None
        self.loop.call_soon_threadsafe(self._let_go.set)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._let_go = asyncio.Event()
        server = self.loop.run_until_complete(
            asyncio.start_server(self._client, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self.loop.run_forever()

    def _target(self, authority: str) -> int | None:
        host, _, port = authority.rpartition(":")
        if host.lower() != self.name or not port.isdigit():
            self.refused.append(authority)
            return None
        return int(port)

    async def _client(self, reader, writer) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        line, _, rest = head.partition(b"\r\n")
        method, target, version = line.decode("latin-1").split(" ", 2)
        self.seen.append(f"{method} {target}")
        if method == "CONNECT":
            port = self._target(target)
        else:
            url = urlsplit(target)
            port = self._target(url.netloc) if url.scheme in ("http", "ws") else None
        if port is None:
            writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            writer.close()
            return
        if method == "CONNECT":
            writer.write(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        else:
            path = url.path or "/"
            if url.query:
                path += "?" + url.query
            if self.held_back and self.held_back.search(url.path):
                await self._let_go.wait()
            headers = [h for h in rest.split(b"\r\n") if h]
            if not any(h.lower().startswith(b"upgrade:") for h in headers):
                # one request per connection: the next one comes in absolute form again
                headers = [h for h in headers if not h.lower().startswith(
                    (b"connection:", b"proxy-connection:", b"keep-alive:"))]
                headers.append(b"Connection: close")
            up_writer.write(f"{method} {path} {version}\r\n".encode("latin-1") +
                            b"\r\n".join(headers) + b"\r\n\r\n")
        await asyncio.gather(self._pipe(reader, up_writer, count=False),
                             self._pipe(up_reader, writer, count=True))

    async def _pipe(self, reader, writer, count: bool) -> None:
        try:
            while data := await reader.read(65536):
                if count:
                    self.received += len(data)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            try:
                writer.close()
            except Exception:
                pass
