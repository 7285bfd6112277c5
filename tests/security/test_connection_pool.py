"""Issue 50, item 4: guests cannot fill the connection pool a tablet table shares.

All non-loopback clients share ``file limit - 256`` connections: 24 addresses x 32 kept-alive
connections at a 1,024-file limit locked out a tablet or TV table and every new phone for as
long as they held. Now, with the guests' share full, a new connection closes the longest idle
connection of the biggest holder instead of being refused. Here the share is 64 (a host at a
320-file limit), filled by three guest addresses idling; the table on a tablet (127.0.0.9, a
guest address like any on the Wi-Fi) opens its printed address and is answered.
"""
from __future__ import annotations

import select
import socket
import time

from companion import wire

from testsupport.door import get

HOLDERS = {"127.0.0.2": 32, "127.0.0.3": 20, "127.0.0.4": 12}  # 64: the whole share


def test_idle_guests_cannot_lock_out_a_tablet_table(make_live, monkeypatch):
    monkeypatch.setattr(wire, "file_limit", lambda: wire.RESERVED_FILES + 64)
    live = make_live()
    pool = live.server.config.http.counted_by
    assert pool.guests_total == 64
    held: dict[str, list[socket.socket]] = {}
    try:
        for address, count in HOLDERS.items():
            for _ in range(count):
                sock = socket.create_connection(("127.0.0.1", live.port), timeout=10,
                                                source_address=(address, 0))
                held.setdefault(address, []).append(sock)
        deadline = time.monotonic() + 30
        while pool.guests < 64:  # the host has taken each one in
            assert time.monotonic() < deadline, pool.guests
            time.sleep(0.05)
        status, headers = get(live.port, "127.0.0.9", f"/table?k={live.service.host_key}")
        assert status == 303 and headers["set-cookie"].startswith("companion_host_")
        # the one closed for it: the oldest idle connection of the biggest holder
        every = [s for socks in held.values() for s in socks]
        closed: list[socket.socket] = []
        while not closed and time.monotonic() < deadline:
            closed = select.select(every, [], [], 0.5)[0]
        assert closed == [held["127.0.0.2"][0]], [every.index(s) for s in closed]
        assert pool.open["127.0.0.2"] == 31 and pool.guests <= 64
    finally:
        for socks in held.values():
            for sock in socks:
                sock.close()


def test_a_guest_still_holds_no_more_than_its_share_of_one_address(make_live, monkeypatch):
    """The cap per address stands: a 33rd connection from one address is closed at once,
    whatever is idle elsewhere."""
    monkeypatch.setattr(wire, "file_limit", lambda: wire.RESERVED_FILES + 64)
    live = make_live()
    pool = live.server.config.http.counted_by
    socks = [socket.create_connection(("127.0.0.1", live.port), timeout=10,
                                      source_address=("127.0.0.2", 0))
             for _ in range(wire.CONNECTIONS_PER_ADDRESS + 1)]
    try:
        deadline = time.monotonic() + 30
        closed: list[socket.socket] = []
        while not closed and time.monotonic() < deadline:
            closed = select.select(socks, [], [], 0.5)[0]
        assert closed == [socks[-1]]
        assert pool.open["127.0.0.2"] == wire.CONNECTIONS_PER_ADDRESS
    finally:
        for sock in socks:
            sock.close()


class FakeLimits:
    """getrlimit and setrlimit of a system like macOS: the soft limit 256, the hard one
    "unlimited", and no process allowed more than 10,240 files."""

    def __init__(self, soft: int, hard: int, most: int) -> None:
        self.soft, self.hard, self.most = soft, hard, most

    def getrlimit(self, which):
        return self.soft, self.hard

    def setrlimit(self, which, limits):
        if limits[0] > self.most:
            raise ValueError("not allowed")
        self.soft = limits[0]


def test_the_file_limit_is_raised_as_far_as_the_system_allows(monkeypatch):
    import resource
    fake = FakeLimits(256, resource.RLIM_INFINITY, 10240)
    monkeypatch.setattr(resource, "getrlimit", fake.getrlimit)
    monkeypatch.setattr(resource, "setrlimit", fake.setrlimit)
    assert wire.raise_file_limit() == (256, 10240)  # it stayed at 256 before
    assert wire.short_of_files(10240) is None


def test_a_limit_that_falls_short_is_said_on_start(monkeypatch):
    import resource
    fake = FakeLimits(256, 256, 256)
    monkeypatch.setattr(resource, "getrlimit", fake.getrlimit)
    monkeypatch.setattr(resource, "setrlimit", fake.setrlimit)
    assert wire.raise_file_limit() == (256, 256)
    said = wire.short_of_files(256)
    assert said.startswith("This system lets the host open only 256 files")
    assert "ulimit -n 4096" in said and said.endswith(").")
