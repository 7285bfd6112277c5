"""The real app (Flet behind the door, uvicorn with the host's limits) in a thread on loopback.

A test or a benchmark can then look inside it (the hub, presence, the store) while clients
talk to it over real sockets.
"""
from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from pathlib import Path

import uvicorn

from companion.rooms import TableService
from companion.server import build_app, server_config
from companion.static import CompressedFiles
from companion.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int | None = None) -> float:
    with open(f"/proc/{pid or os.getpid()}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Live:
    """``address``: the name phones reach the host by (its QR codes carry it), as
    ``--address`` gives it; by default 127.0.0.1. The table stays on 127.0.0.1."""

    def __init__(self, tmp: Path, address: str | None = None, **door_limits) -> None:
        from views.app import make_main
        from views.games import SCREENS
        from views.screen import Urls

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.phone_base = f"http://{address}:{self.port}" if address else self.base
        if address:
            door_limits.setdefault("hosts", (address,))
        self.store = Store(tmp / "companion.db")
        self.service = TableService(self.store, offered=list(SCREENS))
        app = build_app(make_main(self.service, Urls(self.phone_base)),
                        CompressedFiles(cache=tmp / "cache"),
                        host_check=self.service.host_key_from, service=self.service,
                        **door_limits)
        self.server = uvicorn.Server(server_config(app, "127.0.0.1", self.port,
                                                   deflate=door_limits.get("seal") is None))
        self.server.config.install_signal_handlers = False  # not the main thread
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once started
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> "Live":
        self.thread.start()
        deadline = time.time() + 30
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.store.close()
