"""The rooms of this host: a room is one game at one table.

``Rooms`` is the part of the service (rooms.py) that every other part takes: the host key and
the credentials it checks, the rooms and their discussion timer, the memo of reads, and the
room's log lines and hub news that every part writes. It takes the store, the hub, the clock
and the games this host offers, and no other part: imports point one way, rooms.py -> the
parts -> room.py.
"""
from __future__ import annotations

import hmac
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import games
from .codes import new_code, normalize_code
from .deadline import Deadline
from .door import TRUSTED, RateLimit
from .errors import Refused
from .language import COMPANION, HOME, Speaker
from .hub import Hub
from .store import Store, dumps, loads

_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events

WRONG_CODES_PER_MINUTE = 10  # a person mistypes a few; a script trying codes is held back
WRONG_HOST_KEYS_PER_MINUTE = WRONG_CODES_PER_MINUTE  # a stale key in a browser, not a search
_UNREAD = object()  # a memo with no value for a key yet


@dataclass(frozen=True)
class Room:
    code: str
    game_key: str
    title: str
    ended: bool
    players: tuple[str, ...] | None  # None until the game starts
    timer_end: float | None
    next_room: str | None = None  # where the table moved on to ("Play again")
    imported: bool = False  # a game of an imported record: a result, no game to resume

    @property
    def started(self) -> bool:
        return self.players is not None


def limited(address: str | None) -> bool:
    """Requests from the network are limited; the host's own machine and calls made in
    this process (address unknown) are not: the threat model trusts the host."""
    return address is not None and address not in TRUSTED


class Rooms:
    """Credentials, rooms, the discussion timer; the memo of reads, the log and the news."""

    def __init__(self, store: Store, hub: Hub, clock: Callable[[], float],
                 offered: Sequence[str] | None) -> None:
        self.store = store
        self.hub = hub
        self.clock = clock
        # the games this host offers: those with rules and screens (None: all with rules)
        self.offered = set(offered) if offered is not None else set(games.REGISTRY)
        self.host_key = store.host_key()
        self._wrong_codes = RateLimit(WRONG_CODES_PER_MINUTE, 60.0, clock=clock)
        self._wrong_keys = RateLimit(WRONG_HOST_KEYS_PER_MINUTE, 60.0, clock=clock)
        # Reads asked by many screens after one change (the room, its seats, the vote, the
        # game state...) are answered once per committed change, then from memory.
        self._memo: dict[tuple, Any] = {}
        self._memo_generation = -1
        store.on_fault = lambda: self.hub.publish(None)  # every table screen says it
        # every call of a game's code, off the event loop and within a deadline; a room set
        # aside redraws its screens, which say why
        self.deadline = Deadline(on_aside=self.publish)

    def cached(self, key: tuple, read: Callable[[], Any]) -> Any:
        """What ``read`` returns, read once per committed change of the store."""
        generation = self.store.generation
        if self._memo_generation != generation:
            self._memo.clear()
            self._memo_generation = generation
        value = self._memo.get(key, _UNREAD)  # (another thread may clear it meanwhile)
        if value is not _UNREAD:
            return value
        value = read()
        # kept only if no change was committed while it was read (another thread's, or a
        # tap's while a slow game handed the loop back): else it may be of the state before,
        # and a screen would show it until the next change (a table's phase line stuck a move
        # behind, found by the layout test's Arabic run)
        if self.store.generation == generation == self._memo_generation:
            self._memo[key] = value
        return value

    # --- credentials ---------------------------------------------------------------------
    def is_host(self, key: str | None) -> bool:
        return bool(key) and hmac.compare_digest(str(key).encode(), self.host_key.encode())

    def require_host(self, key: str | None) -> None:
        if not self.is_host(key):
            raise Refused(_("Only the table screen can do that."))

    # --- rooms ---------------------------------------------------------------------------
    def room(self, code: str) -> Room:
        code = normalize_code(code)
        room = self.cached(("room", code), lambda: self._read_room(code))
        if room is None:
            if not code:
                raise Refused(_("Type the room code shown on the table screen."))
            raise Refused(_("There is no room {code} at this table. Check the code "
                            "on the table screen.", code=code))
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
                        _("Too many wrong host keys from this address. Wait a minute, then "
                          "open the table screen's address that the host printed when it "
                          "started."))
        if self.is_host(key):
            return True
        if key:
            self._count_wrong(self._wrong_keys, address)
        return False

    def find_room(self, code: str, address: str | None) -> Room:
        """A room code typed or scanned by a phone; wrong codes are limited per address,
        so a live room cannot be found by trying codes."""
        self._hold_back(self._wrong_codes, address,
                        _("Too many wrong room codes from this phone. Wait a minute, then "
                          "check the code on the table screen."))
        try:
            return self.room(code)
        except Refused:
            self._count_wrong(self._wrong_codes, address)
            raise

    @staticmethod
    def _hold_back(wrong: RateLimit, address: str | None, sentence) -> None:
        """An address past its wrong guesses is refused even the right one: trying teaches
        it nothing."""
        if limited(address) and wrong.retry_after(address) > 0:
            raise Refused(sentence)

    @staticmethod
    def _count_wrong(wrong: RateLimit, address: str | None) -> None:
        if limited(address):
            wrong.hit(address)

    def rooms(self) -> list[Room]:
        codes = [r["code"] for r in self.store.rows("SELECT code FROM rooms ORDER BY created DESC")]
        return [self.room(c) for c in codes]

    def game(self, code: str):
        entry = games.load(self.room(code).game_key)
        if entry.game is None:  # its package was removed or broke since the room was made
            raise Refused(_("{title} could not be loaded on this host.", title=entry.title))
        return entry.game

    def call(self, code: str, what: str, fn: Callable, *args, failed: str | None = None,
             scale: float = 1.0) -> Any:
        """``fn(*args)``: a call of the room's game code, on its own thread within the
        deadline (deadline.py); ``what`` says what the game was asked ("draw the screens")."""
        room = self.room(code)
        # inside a transaction (a private vote's count) the loop waits with it: the store's
        # lock is re-entrant per thread, and the loop's other screens share the thread
        return self.deadline.call(room.code, self.game(room.code), what, fn, *args,
                                  failed=failed, scale=scale,
                                  hand_back=not self.store.held_here())

    def offered_game(self, game_key: str) -> games.Entry:
        """The game a new room may be opened for, or a refusal that says why not."""
        if game_key not in games.REGISTRY:
            raise Refused(_("There is no such game."))
        entry = games.load(game_key)
        if not entry.playable:
            raise Refused(_("{title} could not be loaded on this host.", title=entry.title))
        if game_key not in self.offered:
            raise Refused(_("{title} is not ready to play yet.", title=entry.said))
        return entry

    def create_room(self, host_key: str, game_key: str) -> str:
        self.require_host(host_key)
        entry = self.offered_game(game_key)
        with self.store.transaction() as db:
            code = self.insert_room(db, game_key, entry.title)
            self.event(db, code, _("Room {code} opened for {title}.", code=code, title=entry.said))
        self.publish(code)
        return code

    @staticmethod
    def insert_room(db, game_key: str, title: str, suggested: str | None = None) -> str:
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
        self._set_ended(host_key, code, True, _("The table ended this room."))

    def resume_room(self, host_key: str, code: str) -> None:
        """Play an ended room on. A room from an imported record cannot be: it holds how the
        game came out, not the game (no seats, no log to fold)."""
        self.require_host(host_key)
        room = self.room(code)
        if room.imported:
            raise Refused(_("Room {code} came from an imported record: there is no "
                            "game to resume.", code=room.code))
        self._set_ended(host_key, code, False, _("The table resumed this room."))

    def _set_ended(self, host_key: str, code: str, ended: bool, line) -> None:
        self.require_host(host_key)
        room = self.room(code)
        with self.store.transaction() as db:
            # a resumed room is played again here: its phones stop following the next room
            db["rooms"].update(room.code, {"ended": int(ended)} if ended else
                               {"ended": 0, "next_room": None})
            self.event(db, room.code, line)
        self.publish(room.code)

    def open_room(self, code: str) -> Room:
        """The room, if a game may be played in it now (not ended, not imported)."""
        room = self.room(code)
        if room.imported:
            raise Refused(_("Room {code} came from an imported record: there is no "
                            "game here.", code=room.code))
        if room.ended:
            raise Refused(_("Room {code} has ended. The table can resume it.", code=room.code))
        return room

    # --- the discussion timer ------------------------------------------------------------
    def start_timer(self, host_key: str, code: str, seconds: int) -> None:
        self.require_host(host_key)
        room = self.open_room(code)
        if not isinstance(seconds, int) or not 10 <= seconds <= 3600:
            raise Refused(_("A discussion timer runs from 10 seconds to an hour."))
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"timer_end": self.clock() + seconds})
            time = f"{seconds // 60}:{seconds % 60:02d}"  # a clock's figures, as the timer shows them
            self.event(db, room.code, _("Discussion timer: {time}.", time=time))
        self.publish(room.code)

    def stop_timer(self, host_key: str, code: str) -> None:
        self.require_host(host_key)
        room = self.room(code)
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"timer_end": None})
        self.publish(room.code)

    def timer_left(self, code: str) -> int | None:
        end = self.room(code).timer_end
        if end is None:
            return None
        return max(0, round(end - self.clock()))

    # --- for every part: the room's log lines and the hub's news -------------------------
    @staticmethod
    def next_seq(db, code: str) -> int:
        """The seq of the room's next log line, in the open transaction ``db``."""
        row = list(db.query("SELECT MAX(seq) AS m FROM log WHERE room = ?", (code,)))
        return (row[0]["m"] or 0) + 1

    def event(self, db, code: str, line) -> None:
        """A line of the room's history that is no move, in the open transaction ``db``: a
        message, kept as its parts (said in each screen's language), or a plain string."""
        from .language import to_json

        db["log"].insert({"room": code, "seq": self.next_seq(db, code), "kind": "event",
                          "data": dumps({"line": to_json(line)})})

    def publish(self, code: str, what: str = "changed") -> None:
        """Tell the room's screens, and the table's list of rooms, what changed."""
        self.hub.publish(code, what)
        self.hub.publish("rooms", what)
