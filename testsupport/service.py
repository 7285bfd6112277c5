"""A real SQLite file and a real TableService, as the companion-layer tests stand on them
(tests/companion/conftest.py makes fixtures of them): the rows a file holds, a vote's ballot
slots, a started table-vote room, and what makes a refusal a sentence."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Sequence

from companion.ballots import EMPTY
from companion.rooms import TableService


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
    message = message.strip().strip("\u2068\u2069")  # a name's bidi isolates draw nothing
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
