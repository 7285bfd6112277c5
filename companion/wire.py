"""Limits on the TCP connections themselves, below HTTP: what an idle guest can hold.

uvicorn's h11 server closes a kept-alive connection only after a first response, and waits
for a request's headers forever, so idle and slowloris connections were held until the host
ran out of open files (1,100 of them took the table's GET / offline under the usual 1,024).
Here every connection has HEADER_TIMEOUT seconds to send a request's headers, an address
holds at most CONNECTIONS_PER_ADDRESS at once (websockets included), and guests together
never hold the last files the host needs for its own machine, its database and its client
files. The host's own machine (127.0.0.1, ::1) is never held back. uvicorn's protocols are
counted and timed by ``flet_seam.guarded_protocols`` with the ``Connections`` below.
"""
from __future__ import annotations

from collections import Counter

from .door import TRUSTED

HEADER_TIMEOUT = 10.0  # seconds for a request line and its headers
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open after a response
CONNECTIONS_PER_ADDRESS = 32  # a browser opens 6 or so to load the client; websockets too
RESERVED_FILES = 256  # never taken by guests: the host's own screens, the database, files
GUESTS_MIN = 64


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's open-file limit to what the OS allows; (before, after).

    (0, 0) where the OS has no such limit to read (Windows)."""
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):
            pass
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def file_limit() -> int:
    try:
        import resource
    except ImportError:
        return 8192
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


class Connections:
    """Open connections per address, and of guests together."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS,
                 guests_total: int | None = None, trusted=TRUSTED) -> None:
        self.per_address, self.trusted = per_address, trusted
        self.guests_total = guests_total or max(GUESTS_MIN, file_limit() - RESERVED_FILES)
        self.open: Counter[str] = Counter()
        self.guests = 0

    def admit(self, address: str) -> bool:
        if address in self.trusted:
            return True
        if self.open[address] >= self.per_address or self.guests >= self.guests_total:
            return False
        self.open[address] += 1
        self.guests += 1
        return True

    def release(self, address: str) -> None:
        if address in self.trusted:
            return
        self.open[address] -= 1
        self.guests -= 1
        if self.open[address] <= 0:
            del self.open[address]
