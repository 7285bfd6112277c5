"""Fixtures for the companion-layer tests: a real SQLite file in tmp_path, a real TableService.

Nothing here mocks the store. ``refused`` checks the two promises every refusal makes: the
caller gets a sentence a player can read, and the database file is exactly as it was.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest

from companion.errors import Refused
from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store
from rules import RuleError
from testsupport.host import Server
from testsupport.service import FakeClock, Slots, Table, dump, is_sentence


@pytest.fixture
def db_path(tmp_path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def store(db_path):
    s = Store(db_path)
    yield s
    s.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def hub() -> Hub:
    return Hub()


@pytest.fixture
def svc(store, hub, clock) -> TableService:
    return TableService(store, hub, clock)


@pytest.fixture
def host(svc) -> str:
    return svc.host_key


@pytest.fixture
def table(svc) -> Table:
    return Table(svc)


@pytest.fixture
def make_table(svc) -> Callable[..., Table]:
    return lambda *a, **kw: Table(svc, *a, **kw)


@pytest.fixture
def snapshot(db_path) -> Callable[[], dict]:
    return lambda: dump(db_path)


@pytest.fixture
def slots(db_path) -> Slots:
    return Slots(db_path)


@pytest.fixture
def refused(db_path):
    """``refused(fn, *args, match=regex)``: fn must refuse with a sentence and change nothing."""

    def check(fn, *args, match: str | None = None, **kwargs) -> str:
        before = dump(db_path)
        with pytest.raises((Refused, RuleError)) as info:
            fn(*args, **kwargs)
        message = str(info.value)
        assert is_sentence(message), f"not a readable sentence: {message!r}"
        if match is not None:
            assert re.search(match, message, re.IGNORECASE), message
        assert dump(db_path) == before, f"the refusal {message!r} changed the database"
        return message

    return check



@pytest.fixture
def servers():
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


@pytest.fixture
def host_language():
    """The host's language for one test (``companion --language``), English again after."""
    from companion import language

    yield language.set_host_language
    language.set_host_language("en")
