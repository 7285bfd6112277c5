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
from .language import COMPANION, HOME, Speaker, said

_ = Speaker(COMPANION, HOME)

HEADER_TIMEOUT = 10.0  # seconds for a request line and its headers
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open after a response
CONNECTIONS_PER_ADDRESS = 32  # a browser opens 6 or so to load the client; websockets too
RESERVED_FILES = 256  # never taken by guests: the host's own screens, the database, files
GUESTS_MIN = 64


FILES_WANTED = 4096  # guests' share then 3,840: a big night's phones, each loading at once


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's open-file limit as far as the OS lets it; (before, after).

    The hard limit first; where that is refused (macOS says "unlimited" but allows at most
    10,240 a process) the biggest of a few smaller steps that is allowed. (0, 0) where the OS
    has no such limit to read (Windows)."""
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft != resource.RLIM_INFINITY:
        for step in sorted({want, 65536, 10240, FILES_WANTED, 1024}, reverse=True):
            if soft < step <= want:
                try:
                    resource.setrlimit(resource.RLIMIT_NOFILE, (step, hard))
                    break
                except (ValueError, OSError):
                    continue
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def short_of_files(files_open: int) -> str | None:
    """A sentence for the host's console when the raised limit still falls short, or None."""
    if not files_open or files_open >= FILES_WANTED:
        return None
    share = max(GUESTS_MIN, files_open - RESERVED_FILES)
    # counts of files as the system writes them (1024, never "1,024")
    return said(_("This system lets the host open only {most} files, so phones share {share} "
                  "connections: when many load at once, some may have to try again. Raise the "
                  "limit before starting the host (ulimit -n {wanted}).",
                  most=str(files_open), share=str(share), wanted=str(FILES_WANTED)))


def file_limit() -> int:
    try:
        import resource
    except ImportError:
        return 8192
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


class Connections:
    """Open connections per address, and of guests together.

    When the guests' share is full, a new connection is not refused while a guest holds an
    idle one (a kept-alive connection between requests, or one that has sent nothing yet):
    the oldest idle connection of the address holding the most is closed for it. So guests
    idling on many addresses cannot lock out a tablet or TV table on the Wi-Fi, nor a new
    phone (a browser opens a closed idle connection again when it needs one); only guest
    connections all busy at once fill the share, and those are bounded by the header timeout
    and by the door's websockets per address.
    """

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS,
                 guests_total: int | None = None, trusted=TRUSTED) -> None:
        self.per_address, self.trusted = per_address, trusted
        self.guests_total = guests_total or max(GUESTS_MIN, file_limit() - RESERVED_FILES)
        self.open: Counter[str] = Counter()
        self.guests = 0
        # each guest address's counted connections, oldest first (insertion order)
        self.held: dict[str, dict] = {}

    def admit(self, address: str, connection=None) -> bool:
        if address in self.trusted:
            return True
        if self.open[address] >= self.per_address:
            return False
        if self.guests >= self.guests_total and not self._close_an_idle_one():
            return False
        self.open[address] += 1
        self.guests += 1
        if connection is not None:
            self.held.setdefault(address, {})[connection] = None
        return True

    def release(self, address: str, connection=None) -> None:
        if address in self.trusted:
            return
        self.open[address] -= 1
        self.guests -= 1
        if self.open[address] <= 0:
            del self.open[address]
        self.forget(address, connection)

    def forget(self, address: str, connection) -> None:
        """The connection stays counted (a websocket now) but is never closed as idle."""
        mine = self.held.get(address)
        if mine is not None:
            mine.pop(connection, None)
            if not mine:
                del self.held[address]

    def _close_an_idle_one(self) -> bool:
        """Close the longest idle connection of the biggest holder that has one; whether
        one was closed (its count is released at once, its socket as the loop goes on)."""
        for address in sorted(self.held, key=lambda a: -self.open[a]):
            idle = [c for c in self.held[address] if c.idle()]
            if idle:
                oldest = min(idle, key=lambda c: c.idle_since)
                oldest.close_idle()
                return True
        return False
