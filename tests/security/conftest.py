"""The real app on a loopback port, for the guests' attacks (see live.py).

Guests connect from 127.0.0.2 and up: other machines on the table's Wi-Fi, as the threat
model has them; 127.0.0.1 is the host's own machine, which it trusts.
"""
from __future__ import annotations

import pytest

from companion.rooms import TableService
from companion.store import Store
from testsupport.live import Live, rss_mb  # noqa: F401  (rss_mb is used by the tests)


@pytest.fixture
def live(tmp_path):
    server = Live(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def make_live(tmp_path):
    started = []

    def make(**door_limits) -> Live:
        server = Live(tmp_path / f"s{len(started)}", **door_limits)
        started.append(server.start())
        return server
    yield make
    for server in started:
        server.stop()



class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def svc(tmp_path):
    store = Store(tmp_path / "data" / "companion" / "companion.db")
    service = TableService(store, clock=Clock())
    yield service
    store.close()
