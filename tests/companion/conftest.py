"""Fixtures for the companion-layer tests: a real SQLite file in tmp_path, a real TableService.

Nothing here mocks the store. ``refused`` checks the two promises every refusal makes: the
caller gets a sentence a player can read, and the database file is exactly as it was.
"""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Callable, Sequence

import pytest

from companion.ballots import EMPTY
from companion.errors import Refused
from companion.hub import Hub
from companion.rooms import TableService
from companion.store import Store
from rules import RuleError

TABLES = ("meta", "rooms", "seats", "log", "votes", "voted", "ballots", "results",
          "result_players")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


class FakeClock:
    """An injected clock: time moves only when a test says so."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every committed row of every table, read through a separate read-only connection."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in TABLES}
    finally:
        conn.close()


def decode(vote, code: str) -> str:
    """The candidate a filled ballot slot names: its 0-based index in the ballot, 4 digits."""
    assert re.fullmatch(r"[0-9]{4}", code), f"not a filled ballot slot: {code!r}"
    index = int(code)
    assert index < len(vote.call.candidates), f"slot {code!r} names no candidate"
    return vote.call.candidates[index]


class Slots:
    """A vote's ballot slots as the committed file holds them, read on a separate connection.

    A vote opens with one empty slot (``EMPTY``) per expected ballot; a cast fills slots with
    the candidate's number; the close wipes the empty ones.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def rows(self, vote) -> list[tuple[str, str]]:
        """(slot id, raw choice) of every slot of the vote, filled or not."""
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            return conn.execute("SELECT id, choice FROM ballots WHERE vote = ?",
                                (vote.id,)).fetchall()
        finally:
            conn.close()

    def count(self, vote) -> int:
        return len(self.rows(vote))

    def empty(self, vote) -> int:
        return sum(choice == EMPTY for _, choice in self.rows(vote))

    def filled(self, vote) -> list[str]:
        """The choices of the filled slots, decoded to candidate names (in no order)."""
        return [decode(vote, choice) for _, choice in self.rows(vote) if choice != EMPTY]


def is_sentence(message: str) -> bool:
    """A message a player can read: starts like a sentence, ends like one, no code noise."""
    message = message.strip()
    # a sentence may open with a player's name in a script without capitals (علي, 李雷)
    first = message[:1]
    return (len(message) >= 12 and (first.isupper() or first.isdigit()
                                    or first.isalpha() and not first.islower())
            and message[-1] in ".!?" and " " in message
            and "Traceback" not in message and "Error" not in message)


class Table:
    """A started table-vote room with seated phones: the ground most ballot tests stand on."""

    def __init__(self, svc: TableService, names: Sequence[str] = NAMES, start: bool = True):
        self.svc = svc
        self.host = svc.host_key
        self.names = tuple(names)
        self.code = svc.create_room(self.host, "table_vote")
        self.tokens: dict[str, str] = {}
        self.seats = {}
        for name in self.names:
            seat, token = svc.join(self.code, name)
            self.tokens[name] = token
            self.seats[name] = seat
        if start:
            svc.start(self.host, self.code)

    def ask(self, question: str = "Who leads the next round?", candidates=None, voters=None,
            **options):
        args = {"question": question,
                "candidates": list(self.names if candidates is None else candidates),
                "voters": list(self.names if voters is None else voters), **options}
        self.svc.act(self.code, self.host, "ask", args)
        return self.svc.vote(self.code)

    def cast(self, name: str, *choices: str):
        return self.svc.cast(self.code, self.tokens[name], list(choices))

    def vote(self):
        return self.svc.vote(self.code)

    def history(self) -> list[str]:
        return self.svc.history(self.code)


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
