"""The table: rooms, and the one service that every screen asks.

This is the only authority. Every request carries a credential — the host key of the table
screen or a phone's seat token — and is checked here, never by a hidden button. Every change
is committed to the store before the hub tells the screens.

TableService is put together from its parts: seats.py (seats, seat requests, PINs, shared
devices), play.py (the game's action log, moves, undo, views), votes.py (the secret ballot
box flow), night.py (each finished game's result, "Play again") and record.py (the record
written out as CSV or JSON, and read back). Here: credentials, rooms, the discussion timer,
the memo of reads, and the log lines and hub news that every part writes.
"""
from __future__ import annotations

import hmac
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rules import TABLE

from . import games
# CODE_LETTERS and normalize_code are imported from here by the screens and tests
from .codes import CODE_LETTERS, new_code, normalize_code  # noqa: F401
from .door import TRUSTED, RateLimit
from .errors import Refused
from .hub import Hub
from .names import NAME_MAX  # noqa: F401  (NAME_MAX: the limit)
from .night import NightMixin
from .play import PlayMixin
from .record import RecordMixin
from .room import Room
from .seats import Seat, SeatRequest, SeatsMixin
from .store import Store, dumps, loads
from .votes import VotesMixin

log = logging.getLogger(__name__)

WRONG_CODES_PER_MINUTE = 10  # a person mistypes a few; a script trying codes is held back
JOINS_PER_MINUTE = 12
WRONG_HOST_KEYS_PER_MINUTE = WRONG_CODES_PER_MINUTE  # a stale key in a browser, not a search


@dataclass(frozen=True)
class Actor:
    """Who a request speaks for, once its credential has been checked."""

    name: str  # TABLE or a seat's name
    seat: Seat | None


class TableService(SeatsMixin, PlayMixin, VotesMixin, NightMixin, RecordMixin):
    """Everything the screens may ask of the host, each request checked against its credential."""

    def __init__(self, store: Store, hub: Hub | None = None,
                 clock: Callable[[], float] = time.time,
                 offered: Sequence[str] | None = None) -> None:
        self.store = store
        # the games this host offers: those with rules and screens (None: all with rules)
        self.offered = set(offered) if offered is not None else set(games.REGISTRY)
        self.hub = hub or Hub()
        self.clock = clock
        self.host_key = store.host_key()
        self._states: dict[str, tuple[int, Any]] = {}  # each game's last fold of its log (play.py)
        self._faults: set[tuple] = set()  # where games' moves failed, logged once (play.py)
        # memory only (seats.py): who is connected, which seats share a device, requests
        # for freed seats
        self._presence: Counter = Counter()
        self._shared: Counter = Counter()
        self._requests: dict[str, SeatRequest] = {}
        self._wrong_codes = RateLimit(WRONG_CODES_PER_MINUTE, 60.0, clock=clock)
        self._wrong_keys = RateLimit(WRONG_HOST_KEYS_PER_MINUTE, 60.0, clock=clock)
        self._joins = RateLimit(JOINS_PER_MINUTE, 60.0, clock=clock)
        self._pin_tries = RateLimit(5, 60.0, clock=clock)
        self._unlocks: dict[str, dict[str, float]] = {}  # seat id -> unlock hash -> until
        # Reads asked by many screens after one change (the room, its seats, the vote, the
        # game state...) are answered once per committed change, then from memory.
        self._memo: dict[tuple, Any] = {}
        self._memo_generation = -1
        store.on_fault = lambda: self.hub.publish(None)  # every table screen says it

    @property
    def fault(self) -> str | None:
        """Why the last write failed ("The laptop's disk is full"), until one succeeds."""
        return self.store.fault

    def _cached(self, key: tuple, read: Callable[[], Any]) -> Any:
        if self._memo_generation != self.store.generation:
            self._memo.clear()
            self._memo_generation = self.store.generation
        if key not in self._memo:
            self._memo[key] = read()
        return self._memo[key]

    # --- credentials ---------------------------------------------------------------------
    def is_host(self, key: str | None) -> bool:
        return bool(key) and hmac.compare_digest(str(key).encode(), self.host_key.encode())

    def _require_host(self, key: str | None) -> None:
        if not self.is_host(key):
            raise Refused("Only the table screen can do that.")

    def actor(self, code: str, credential: str | None) -> Actor:
        """The host, or the seat that a token belongs to; anything else is refused."""
        if self.is_host(credential):
            return Actor(TABLE, None)
        seat = self.seat_by_token(code, credential)
        return Actor(seat.name, seat)

    # --- rooms ---------------------------------------------------------------------------
    def room(self, code: str) -> Room:
        code = normalize_code(code)
        room = self._cached(("room", code), lambda: self._read_room(code))
        if room is None:
            if not code:
                raise Refused("Type the room code shown on the table screen.")
            raise Refused(f"There is no room {code} at this table. "
                          "Check the code on the table screen.")
        return room

    def _read_room(self, code: str) -> Room | None:
        row = self.store.one("SELECT * FROM rooms WHERE code = ?", (code,))
        if row is None:
            return None
        players = loads(row["players"])
        return Room(row["code"], row["game"], row["title"], bool(row["ended"]),
                    tuple(players) if players is not None else None, row["timer_end"],
                    row["next_room"], bool(row["imported"]))

    def host_key_from(self, key: str | None, address: str | None) -> bool:
        """Whether a key a browser offers (in the table's address or its storage) is the
        host key; wrong keys are limited per address as room codes are, so the key cannot
        be found by trying. No key at all is no guess."""
        self._hold_back(self._wrong_keys, address,
                        "Too many wrong host keys from this address. Wait a minute, then open "
                        "the table screen's address that the host printed when it started.")
        if self.is_host(key):
            return True
        if key:
            self._count_wrong(self._wrong_keys, address)
        return False

    def find_room(self, code: str, address: str | None) -> Room:
        """A room code typed or scanned by a phone; wrong codes are limited per address,
        so a live room cannot be found by trying codes."""
        self._hold_back(self._wrong_codes, address,
                        "Too many wrong room codes from this phone. Wait a minute, then "
                        "check the code on the table screen.")
        try:
            return self.room(code)
        except Refused:
            self._count_wrong(self._wrong_codes, address)
            raise

    def _hold_back(self, wrong: RateLimit, address: str | None, sentence: str) -> None:
        """An address past its wrong guesses is refused even the right one: trying teaches
        it nothing."""
        if self._limited(address) and wrong.retry_after(address) > 0:
            raise Refused(sentence)

    def _count_wrong(self, wrong: RateLimit, address: str | None) -> None:
        if self._limited(address):
            wrong.hit(address)

    @staticmethod
    def _limited(address: str | None) -> bool:
        """Requests from the network are limited; the host's own machine and calls made in
        this process (address unknown) are not: the threat model trusts the host."""
        return address is not None and address not in TRUSTED

    def rooms(self) -> list[Room]:
        codes = [r["code"] for r in self.store.rows("SELECT code FROM rooms ORDER BY created DESC")]
        return [self.room(c) for c in codes]

    def game(self, code: str):
        entry = games.load(self.room(code).game_key)
        if entry.game is None:  # its package was removed or broke since the room was made
            raise Refused(f"{entry.title} could not be loaded on this host.")
        return entry.game

    def offered_game(self, game_key: str) -> games.Entry:
        """The game a new room may be opened for, or a refusal that says why not."""
        if game_key not in games.REGISTRY:
            raise Refused("There is no such game.")
        entry = games.load(game_key)
        if not entry.playable:
            raise Refused(f"{entry.title} could not be loaded on this host.")
        if game_key not in self.offered:
            raise Refused(f"{entry.title} is not ready to play yet.")
        return entry

    def create_room(self, host_key: str, game_key: str) -> str:
        self._require_host(host_key)
        entry = self.offered_game(game_key)
        with self.store.transaction() as db:
            code = self._insert_room(db, game_key, entry.title)
            self._event(db, code, f"Room {code} opened for {entry.title}.")
        self._publish(code)
        return code

    @staticmethod
    def _insert_room(db, game_key: str, title: str, suggested: str | None = None) -> str:
        """A new room row, not started, under a code no room has; returns the code.
        ``suggested``: the options its setup form starts filled with (JSON), never applied
        but by the table's Start."""
        code = new_code({r["code"] for r in db.query("SELECT code FROM rooms")})
        db["rooms"].insert({
            "code": code, "game": game_key, "title": title,
            "created": time.strftime("%Y-%m-%d %H:%M:%S"), "ended": 0,
            "players": None, "options": "{}", "timer_end": None, "next_room": None,
            "suggested": suggested, "imported": 0})
        return code

    def end_room(self, host_key: str, code: str) -> None:
        self._set_ended(host_key, code, True, "The table ended this room.")

    def resume_room(self, host_key: str, code: str) -> None:
        """Play an ended room on. A room from an imported record cannot be: it holds how the
        game came out, not the game (no seats, no log to fold)."""
        self._require_host(host_key)
        room = self.room(code)
        if room.imported:
            raise Refused(f"Room {room.code} came from an imported record: there is no game "
                          "to resume.")
        self._set_ended(host_key, code, False, "The table resumed this room.")

    def _set_ended(self, host_key: str, code: str, ended: bool, line: str) -> None:
        self._require_host(host_key)
        room = self.room(code)
        with self.store.transaction() as db:
            # a resumed room is played again here: its phones stop following the next room
            db["rooms"].update(room.code, {"ended": int(ended)} if ended else
                               {"ended": 0, "next_room": None})
            self._event(db, room.code, line)
        self._publish(room.code)

    def _open_room(self, code: str) -> Room:
        room = self.room(code)
        if room.imported:
            raise Refused(f"Room {room.code} came from an imported record: there is no game "
                          "here.")
        if room.ended:
            raise Refused(f"Room {room.code} has ended. The table can resume it.")
        return room

    # --- the discussion timer ------------------------------------------------------------
    def start_timer(self, host_key: str, code: str, seconds: int) -> None:
        self._require_host(host_key)
        room = self._open_room(code)
        if not isinstance(seconds, int) or not 10 <= seconds <= 3600:
            raise Refused("A discussion timer runs from 10 seconds to an hour.")
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"timer_end": self.clock() + seconds})
            self._event(db, room.code, f"Discussion timer: {seconds // 60}:{seconds % 60:02d}.")
        self._publish(room.code)

    def stop_timer(self, host_key: str, code: str) -> None:
        self._require_host(host_key)
        room = self.room(code)
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"timer_end": None})
        self._publish(room.code)

    def timer_left(self, code: str) -> int | None:
        end = self.room(code).timer_end
        if end is None:
            return None
        return max(0, round(end - self.clock()))

    # --- for every part: the room's log lines and the hub's news -------------------------
    def _next_seq(self, db, code: str) -> int:
        row = list(db.query("SELECT MAX(seq) AS m FROM log WHERE room = ?", (code,)))
        return (row[0]["m"] or 0) + 1

    def _event(self, db, code: str, line: str) -> None:
        db["log"].insert({"room": code, "seq": self._next_seq(db, code), "kind": "event",
                          "data": dumps({"line": line})})

    def _publish(self, code: str, what: str = "changed") -> None:
        self.hub.publish(code, what)
        self.hub.publish("rooms", what)
