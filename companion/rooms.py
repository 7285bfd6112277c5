"""The table: rooms, seats, each room's game log and its secret votes.

This is the only authority. Every request carries a credential — the host key of the table
screen or a phone's seat token — and is checked here, never by a hidden button. Every change
is committed to the store before the hub tells the screens.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from rules import TABLE, Action, RuleError, VoteCall
from rules.words import join_names

from . import dice, games
from .ballots import (CANCELLED, CLOSED, OPEN, REVEALED, Vote, check_ballot, fill_slots,
                      open_slots, read_slots, resize_slots, spec_from_json, spec_to_json)
from .door import TRUSTED, RateLimit
from .errors import Refused
from .hub import Hub
from .names import NAME_MAX, clean_name, look_alike  # noqa: F401  (NAME_MAX: the limit)
from .store import Store, dumps, loads

log = logging.getLogger(__name__)

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 across a table
CODE_LENGTH = 4
WRONG_CODES_PER_MINUTE = 10  # a person mistypes a few; a script trying codes is held back
JOINS_PER_MINUTE = 12
SEAT_REQUESTS_MAX = 32  # open requests for freed seats, all rooms together


def normalize_code(code: str) -> str:
    return re.sub(r"\s+", "", str(code or "")).upper()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    position: int
    claimed: bool


@dataclass(frozen=True)
class Room:
    code: str
    game_key: str
    title: str
    ended: bool
    players: tuple[str, ...] | None  # None until the game starts
    timer_end: float | None

    @property
    def started(self) -> bool:
        return self.players is not None


@dataclass(frozen=True)
class SeatRequest:
    """A phone asks the table for a freed seat; the table gives it or not."""

    id: str  # shown to the table
    room: str
    seat_id: str
    name: str
    secret: str  # known only to the asking phone: it collects the seat pass with it
    token: str | None = None  # the seat pass, once the table gave the seat


@dataclass(frozen=True)
class Actor:
    """Who a request speaks for, once its credential has been checked."""

    name: str  # TABLE or a seat's name
    seat: Seat | None


class TableService:
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
        self._states: dict[str, tuple[int, Any]] = {}
        self._presence: Counter = Counter()
        self._shared: Counter = Counter()
        self._requests: dict[str, SeatRequest] = {}
        self._wrong_codes = RateLimit(WRONG_CODES_PER_MINUTE, 60.0, clock=clock)
        self._joins = RateLimit(JOINS_PER_MINUTE, 60.0, clock=clock)
        self._pin_tries = RateLimit(5, 60.0, clock=clock)
        # Reads asked by many screens after one change (the room, its seats, the vote, the
        # game state...) are answered once per committed change, then from memory.
        self._memo: dict[tuple, Any] = {}
        self._memo_generation = -1

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
                    tuple(players) if players is not None else None, row["timer_end"])

    def find_room(self, code: str, address: str | None) -> Room:
        """A room code typed or scanned by a phone; wrong codes are limited per address,
        so a live room cannot be found by trying codes."""
        key = address or "?"
        if self._limited(address) and self._wrong_codes.retry_after(key) > 0:
            raise Refused("Too many wrong room codes from this phone. Wait a minute, then "
                          "check the code on the table screen.")
        try:
            return self.room(code)
        except Refused:
            if self._limited(address):
                self._wrong_codes.hit(key)
            raise

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
        if entry.game is None:
            raise Refused(f"{entry.title} cannot be played yet.")
        return entry.game

    def create_room(self, host_key: str, game_key: str) -> str:
        self._require_host(host_key)
        if game_key not in games.REGISTRY:
            raise Refused("There is no such game.")
        entry = games.load(game_key)
        if not entry.playable or game_key not in self.offered:
            raise Refused(f"{entry.title} is not ready to play yet.")
        with self.store.transaction() as db:
            taken = {r["code"] for r in db.query("SELECT code FROM rooms")}
            code = _new_code(taken)
            db["rooms"].insert({
                "code": code, "game": game_key, "title": entry.title,
                "created": time.strftime("%Y-%m-%d %H:%M:%S"), "ended": 0,
                "players": None, "options": "{}", "timer_end": None,
            })
            self._event(db, code, f"Room {code} opened for {entry.title}.")
        self._publish(code)
        return code

    def end_room(self, host_key: str, code: str) -> None:
        self._set_ended(host_key, code, True, "The table ended this room.")

    def resume_room(self, host_key: str, code: str) -> None:
        self._set_ended(host_key, code, False, "The table resumed this room.")

    def _set_ended(self, host_key: str, code: str, ended: bool, line: str) -> None:
        self._require_host(host_key)
        room = self.room(code)
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"ended": int(ended)})
            self._event(db, room.code, line)
        self._publish(room.code)

    def _open_room(self, code: str) -> Room:
        room = self.room(code)
        if room.ended:
            raise Refused(f"Room {room.code} has ended. The table can resume it.")
        return room

    # --- seats ---------------------------------------------------------------------------
    def seats(self, code: str) -> list[Seat]:
        room = self.room(code)
        return list(self._seat_rows(room.code).values())

    def _seat_rows(self, code: str) -> dict[str | None, Seat]:
        """The room's seats in table order, keyed by the hash of their seat pass."""
        def read():
            rows = self.store.rows("SELECT * FROM seats WHERE room = ? ORDER BY position",
                                   (code,))
            # a free seat has no pass: key it by its id, so that no hash can find it
            return {r["token_hash"] or f"free:{r['id']}":
                    Seat(r["id"], r["name"], r["position"], r["token_hash"] is not None)
                    for r in rows}
        return self._cached(("seats", code), read)

    def seat(self, code: str, seat_id: str) -> Seat:
        for seat in self.seats(code):
            if seat.id == seat_id:
                return seat
        raise Refused("That seat is not at this table.")

    def join(self, code: str, name: str, address: str | None = None) -> tuple[Seat, str]:
        """Give a phone a new seat of this name.

        A seat that exists already is never given by name: a taken one belongs to its phone,
        and a freed one only the table gives back (``request_seat``), so a quick stranger
        cannot take it.
        """
        room = self._open_room(code)
        name = clean_name(name)
        if name.casefold() == TABLE:
            raise Refused("That name belongs to the table screen; pick another.")
        if self._limited(address) and not self._joins.hit(address):
            raise Refused("Too many new seats from this phone. Wait a minute.")
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            rows = list(db.query("SELECT * FROM seats WHERE room = ?", (room.code,)))
            same = [r for r in rows if r["name"].casefold() == name.casefold()]
            if same and same[0]["token_hash"] is not None:
                raise Refused(f"{same[0]['name']}'s seat is taken by another phone. "
                              "Pick another name, or ask the table to free that seat.")
            if same:
                raise Refused(f"{same[0]['name']}'s seat is free: tap \"I am "
                              f"{same[0]['name']}\" to ask the table for it.")
            alike = look_alike(name, [r["name"] for r in rows])
            if alike:
                raise Refused(f"{name} looks too much like {alike}, who has a seat. "
                              "Add an initial to tell you apart.")
            if room.started and not self.late_join(room.code):
                raise Refused("The game has started: pick your name from the seats.")
            seat_id = secrets.token_hex(8)
            position = max((r["position"] for r in rows), default=-1) + 1
            db["seats"].insert({"id": seat_id, "room": room.code, "name": name,
                                "position": position, "token_hash": _hash(token)})
            self._event(db, room.code, f"{name} sat down.")
        self._publish(room.code)
        return Seat(seat_id, name, position, True), token

    def late_join(self, code: str) -> bool:
        """Whether players may still sit down once the game has started."""
        return bool(self.game(code).late_join)

    # --- a freed seat goes back through the table ----------------------------------------
    def request_seat(self, code: str, seat_id: str) -> SeatRequest:
        """A phone asks for a freed seat; the table sees the request and decides."""
        room = self._open_room(code)
        seat = self.seat(room.code, seat_id)
        if seat.claimed:
            raise Refused(f"{seat.name}'s seat is taken by another phone.")
        mine = [r for r in self._requests.values() if r.room == room.code]
        if len(mine) >= 8 or len(self._requests) >= SEAT_REQUESTS_MAX:
            raise Refused("The table has too many requests waiting. Ask the table to look.")
        request = SeatRequest(secrets.token_hex(4), room.code, seat.id, seat.name,
                              secrets.token_urlsafe(18))
        self._requests[request.id] = request
        self._publish(room.code)
        return request

    def seat_requests(self, host_key: str, code: str) -> list[SeatRequest]:
        self._require_host(host_key)
        code = normalize_code(code)
        return [r for r in self._requests.values() if r.room == code and r.token is None]

    def answer_seat_request(self, host_key: str, code: str, request_id: str,
                            give: bool) -> None:
        """The table gives a freed seat to the phone that asked, or turns it away."""
        self._require_host(host_key)
        request = self._requests.get(str(request_id))
        if request is None or request.room != normalize_code(code) or request.token:
            raise Refused("That request is no longer waiting.")
        if not give:
            del self._requests[request.id]
            self._publish(request.room)
            return
        seat = self.seat(request.room, request.seat_id)
        if seat.claimed:
            del self._requests[request.id]
            raise Refused(f"{seat.name}'s seat was taken meanwhile.")
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": _hash(token)})
            self._event(db, request.room,
                        f"The table gave {seat.name}'s freed seat to the phone that asked.")
        # other phones asking for the same seat are turned away
        for other in [r for r in self._requests.values() if r.seat_id == seat.id]:
            del self._requests[other.id]
        self._requests[request.id] = SeatRequest(**{**request.__dict__, "token": token})
        self._publish(request.room)

    def collect_seat(self, code: str, secret: str | None) -> str | None:
        """The asking phone's seat pass once the table gave it (then forgotten here);
        None while the table has not decided. Refused once the request is gone."""
        for request in list(self._requests.values()):
            if secret and hmac.compare_digest(request.secret.encode(), str(secret).encode()):
                if request.token is None:
                    return None
                del self._requests[request.id]
                return request.token
        raise Refused("The table turned the request down, or it expired. Ask again.")

    def seat_by_token(self, code: str, token: str | None) -> Seat:
        room = self.room(code)
        seat = self._seat_rows(room.code).get(_hash(str(token))) if token else None
        if seat is not None:
            return seat
        raise Refused("This phone's seat pass is not valid for this room any more. "
                      "Join again with your name, or ask the table for a rejoin code.")

    def free_seat(self, host_key: str, code: str, seat_id: str) -> None:
        """The table frees a seat, e.g. for a phone that lost its token; the player stays."""
        self._require_host(host_key)
        seat = self.seat(code, seat_id)
        if not seat.claimed:
            raise Refused(f"{seat.name}'s seat is free already.")
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": None})
            db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))
            self._event(db, normalize_code(code), f"The table freed {seat.name}'s seat.")
        self._publish(normalize_code(code))

    def rejoin_token(self, host_key: str, code: str, seat_id: str) -> str:
        """A fresh seat pass for a seat (shown as a QR); any earlier pass stops working."""
        self._require_host(host_key)
        seat = self.seat(code, seat_id)
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": _hash(token)})
            db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))  # a new pass, a new PIN
            self._event(db, normalize_code(code), f"The table made a rejoin code for {seat.name}.")
        self._publish(normalize_code(code))
        return token

    # presence is memory only: who is connected right now
    def connected(self, code: str, seat_id: str, delta: int) -> None:
        self._presence[(normalize_code(code), seat_id)] += delta
        self._publish(normalize_code(code))

    def is_connected(self, code: str, seat_id: str) -> bool:
        return self._presence[(normalize_code(code), seat_id)] > 0

    # --- the game ------------------------------------------------------------------------
    def start(self, host_key: str, code: str, options: Mapping[str, Any] | None = None) -> None:
        self._require_host(host_key)
        room = self._open_room(code)
        if room.started:
            raise Refused("The game has already started.")
        game = self.game(room.code)
        players = tuple(s.name for s in self.seats(room.code))
        if not self.late_join(room.code) and not (
                game.min_players <= len(players) <= game.max_players):
            raise Refused(f"{game.title} is for {game.min_players} to {game.max_players} players; "
                          f"{len(players)} {'is' if len(players) == 1 else 'are'} seated.")
        try:  # refuses before anything is written
            game.setup(players, dict(options or {}))
        except RuleError as e:
            raise Refused(str(e)) from e
        with self.store.transaction() as db:
            db["rooms"].update(room.code, {"players": dumps(list(players)),
                                           "options": dumps(dict(options or {}))})
            self._event(db, room.code, "The game started with " + (", ".join(players) or
                                                                  "the table") + ".")
        self._states.pop(room.code, None)
        self._publish(room.code)

    def state(self, code: str) -> Any:
        """The game state: the room's action log folded over the game's setup."""
        room = self.room(code)
        if not room.started:
            return None
        return self._cached(("state", room.code), lambda: self._read_state(room))

    def _read_state(self, room: Room, below: int | None = None) -> Any:
        """Fold the log (up to, not including, action ``below``), reusing the last fold."""
        actions = self.store.rows("SELECT seq FROM log WHERE room = ? AND kind = 'action' "
                                  "AND seq < ? ORDER BY seq DESC LIMIT 1",
                                  (room.code, below or 2 ** 62))
        last = actions[0]["seq"] if actions else 0
        cached = self._states.get(room.code)
        if below is None and cached and cached[0] == last:
            return cached[1]
        game = self.game(room.code)
        options = loads(self.store.one("SELECT options FROM rooms WHERE code = ?",
                                       (room.code,))["options"])
        state = game.setup(room.players, options)
        for row in self.store.rows("SELECT data FROM log WHERE room = ? AND kind = 'action' "
                                   "AND seq <= ? ORDER BY seq", (room.code, last)):
            state = game.apply(state, Action.from_json(loads(row["data"])))
        if below is None:
            self._states[room.code] = (last, state)
        return state

    def act(self, code: str, credential: str | None, move: str,
            args: Mapping[str, Any] | None = None) -> Any:
        """Apply one move for whoever the credential proves to be; returns the new state."""
        room = self._open_room(code)
        actor = self.actor(room.code, credential)
        if not room.started:
            raise Refused("The game has not started yet.")
        if move == "vote_result":
            raise Refused("Results come from the ballot box, not from a screen.")
        shared = actor.seat is not None and self.is_shared(room.code, actor.seat.id)
        return self._apply(room, Action(actor.name, move, dict(args or {})), shared=shared)

    # a device several players hand around holds several seat passes (memory only, like
    # presence): the history then says a move was made on a shared device
    def sharing(self, code: str, seat_ids, delta: int) -> None:
        for seat_id in seat_ids:
            self._shared[(normalize_code(code), seat_id)] += delta
        self._publish(normalize_code(code))

    def is_shared(self, code: str, seat_id: str) -> bool:
        return self._shared[(normalize_code(code), seat_id)] > 0

    def needs_action(self, code: str, token: str | None) -> bool:
        """Whether this seat has something to do now: a ballot to cast, or a move the game
        waits for from it (what a shared device offers to pass on to)."""
        seat = self.seat_by_token(code, token)
        vote = self.vote(code)
        if vote is not None and vote.status == OPEN and seat.name in vote.waiting_for:
            return True
        game, state = self.game(code), self.state(code)
        if state is None:
            return False
        return self._cached(("awaits", normalize_code(code), seat.name),
                            lambda: game.awaits(state, seat.name))

    # --- a seat's PIN on a shared device ---------------------------------------------------
    def has_pin(self, code: str, token: str | None) -> bool:
        seat = self.seat_by_token(code, token)
        return self.store.one("SELECT 1 AS x FROM pins WHERE seat = ?", (seat.id,)) is not None

    def set_pin(self, code: str, token: str | None, pin: str) -> None:
        """A seat sets its 4-digit PIN once; only the table can clear it (by a new seat pass)."""
        seat = self.seat_by_token(code, token)
        if not re.fullmatch(r"[0-9]{4}", str(pin or "")):
            raise Refused("A PIN is 4 digits.")
        if self.has_pin(code, token):
            raise Refused(f"{seat.name} has a PIN already.")
        salt = secrets.token_hex(8)
        with self.store.transaction() as db:
            db["pins"].insert({"seat": seat.id, "hash": f"{salt}:{_hash(salt + pin)}"})

    def check_pin(self, code: str, token: str | None, pin: str) -> None:
        """Refused unless ``pin`` is the seat's PIN; 5 wrong tries hold the seat a minute."""
        seat = self.seat_by_token(code, token)
        row = self.store.one("SELECT hash FROM pins WHERE seat = ?", (seat.id,))
        if row is None:
            return
        if self._pin_tries.retry_after(seat.id) > 0:
            raise Refused("Too many wrong PINs. Wait a minute.")
        salt, digest = row["hash"].split(":")
        if not hmac.compare_digest(_hash(salt + str(pin or "")), digest):
            self._pin_tries.hit(seat.id)
            raise Refused(f"That is not {seat.name}'s PIN.")

    def legal_moves(self, code: str, credential: str | None) -> tuple[str, ...]:
        """The moves this credential's screen may make now (what its buttons offer)."""
        actor = self.actor(code, credential)
        state = self.state(code)
        game = self.game(code)
        if state is None:
            return ()
        return self._cached(("legal", normalize_code(code), actor.name),
                            lambda: tuple(game.legal_moves(state, actor.name)))

    def game_data(self, code: str) -> Mapping[str, Any]:
        """The game's fixed data that screens draw from (names, tables of the rulebook)."""
        return self.game(code).data

    def _apply(self, room: Room, action: Action, vote_id: str | None = None,
               shared: bool = False) -> Any:
        game = self.game(room.code)
        state = self.state(room.code)
        try:
            action = game.with_chance(state, action, dice)  # dice the move asks for
            new_state = game.apply(state, action)
            line = game.describe(state, action, new_state)  # nothing applied twice
            # a line that names nobody keeps a secret (who set Extra Vote cards): so does this
            if shared and action.actor in line:
                line = f"{line} ({action.actor} acted on a shared device.)"
        except RuleError as e:  # the game's own sentence, as the companion's refusal
            raise Refused(str(e)) from e
        except (KeyError, TypeError, ValueError) as e:  # a malformed request, never a crash
            raise Refused(f"That move is not understood: {e}") from e
        with self.store.transaction() as db:
            seq = self._next_seq(db, room.code)
            db["log"].insert({"room": room.code, "seq": seq, "kind": "action",
                              "data": dumps(action.to_json() | {"line": line})})
            if vote_id:
                db["votes"].update(vote_id, {"applied": 1})
            self._sync_vote(db, room.code, game.vote_call(new_state))
        self._states[room.code] = (seq, new_state)
        self._publish(room.code)
        return new_state

    def undo(self, host_key: str, code: str) -> str:
        """Take back the last move of the game; returns what was undone, in words."""
        self._require_host(host_key)
        room = self._open_room(code)
        last = self.store.one("SELECT seq, data FROM log WHERE room = ? AND kind = 'action' "
                              "ORDER BY seq DESC LIMIT 1", (room.code,))
        if last is None:
            raise Refused("There is nothing to undo.")
        line = loads(last["data"]).get("line", "")
        state = self._read_state(room, below=last["seq"])  # the game as it was before it
        # one transaction: a crash leaves either the move or its undoing, never half of it
        with self.store.transaction() as db:
            db.execute("DELETE FROM log WHERE room = ? AND seq = ?", (room.code, last["seq"]))
            if loads(last["data"])["move"] == "vote_result":
                key = loads(last["data"])["args"].get("key")
                db.execute("UPDATE votes SET applied = 0 WHERE room = ? AND key = ? "
                           "AND status = ?", (room.code, key, REVEALED))
            self._event(db, room.code, f"Undone: {line}")
            self._sync_vote(db, room.code, self.game(room.code).vote_call(state))
        self._states.pop(room.code, None)
        self._publish(room.code)
        return line

    def view(self, code: str, credential: str | None) -> Mapping[str, Any]:
        """What this credential's screen may see of the game (secrets stripped by the rules)."""
        actor = self.actor(code, credential)
        state = self.state(code)
        if state is None:
            return {}
        seat = None if actor.name == TABLE else actor.name
        return self._cached(("view", normalize_code(code), seat),
                            lambda: self.game(code).view(state, seat))

    def reminders(self, code: str, credential: str | None = None) -> tuple[str, ...]:
        """What the table should do now; with a seat pass, as that seat's phone says it."""
        state = self.state(code)
        if state is None:
            return ()
        game = self.game(code)
        seat = self.actor(code, credential).seat if credential else None
        if seat is not None:
            return self._cached(("reminders", normalize_code(code), seat.name),
                                lambda: tuple(game.reminders_for(state, seat.name)))
        return self._cached(("reminders", normalize_code(code)),
                            lambda: tuple(game.reminders(state)))

    def history(self, code: str) -> list[str]:
        room = self.room(code)
        rows = self._cached(("history", room.code), lambda: self.store.rows(
            "SELECT kind, data FROM log WHERE room = ? ORDER BY seq", (room.code,)))
        return [loads(r["data"]).get("line", "") for r in rows]

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

    # --- votes ---------------------------------------------------------------------------
    def vote(self, code: str) -> Vote | None:
        """The room's current vote: the newest one that was not cancelled."""
        room = self.room(code)

        def read():
            with self.store.lock:
                return self._vote_in(self.store.db, room.code)
        return self._cached(("vote", room.code), read)

    @staticmethod
    def _vote_in(db, code: str) -> Vote | None:
        rows = list(db.query("SELECT * FROM votes WHERE room = ? AND status != ? "
                             "ORDER BY rowid DESC LIMIT 1", (code, CANCELLED)))
        if not rows:
            return None
        row = rows[0]
        voted = frozenset(r["voter"] for r in db.query(
            "SELECT voter FROM voted WHERE vote = ?", (row["id"],)))
        return Vote(row["id"], row["key"], spec_from_json(loads(row["spec"])), row["status"],
                    voted, tuple(loads(row["reveal_order"]) or ()), row["revealed"],
                    bool(row["applied"]))

    def cast(self, code: str, token: str | None, choices: Sequence[str]) -> Vote:
        """A phone casts its own ballot."""
        seat = self.seat_by_token(code, token)
        return self._cast(code, seat.name, choices)

    def cast_for(self, host_key: str, code: str, voter: str, choices: Sequence[str]) -> Vote:
        """Pass-and-play: the table device, handed to each voter in turn, casts their ballot."""
        self._require_host(host_key)
        return self._cast(code, voter, choices)

    def _cast(self, code: str, voter: str, choices: Sequence[str]) -> Vote:
        room = self._open_room(code)
        choices = [str(c) for c in choices]
        with self.store.transaction() as db:
            # read inside the transaction: another phone's ballot or the table's close may
            # have been committed since this request began
            vote = self._vote_in(db, room.code)
            if vote is None or vote.status != OPEN:
                raise Refused("There is no open vote: the ballot box is closed.")
            check_ballot(vote.call, voter, choices, voter in vote.voted)
            db["voted"].insert({"vote": vote.id, "voter": voter})
            fill_slots(db, vote, choices)
            if len(vote.voted) + 1 == len(vote.call.voters):
                self._close(db, vote)
        self._publish(room.code)
        return self.vote(room.code)

    def close_vote(self, host_key: str, code: str) -> Vote:
        """The table closes the vote early: whoever has not voted, has not."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is None or vote.status != OPEN:
            raise Refused("There is no open vote to close.")
        if vote.call.complete and vote.waiting_for:
            raise Refused(f"Everyone must vote: {join_names(vote.waiting_for)} "
                          f"{'has' if len(vote.waiting_for) == 1 else 'have'} not voted yet. "
                          "Pass the device to them (pass-and-play).")
        with self.store.transaction() as db:
            self._close(db, vote)
            self._event(db, room.code, f"The table closed the vote with "
                                       f"{len(vote.voted)} of {len(vote.call.voters)} voted.")
        self._publish(room.code)
        return self.vote(room.code)

    def _close(self, db, vote: Vote) -> None:
        choices = read_slots(db, vote)
        secrets.SystemRandom().shuffle(choices)  # ballots are read in random order
        db["votes"].update(vote.id, {"status": CLOSED, "reveal_order": dumps(choices)})

    def reveal_next(self, host_key: str, code: str) -> str:
        """Read one more ballot out at the table; returns its choice."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is not None and vote.status == REVEALED:
            raise Refused("Every ballot has been read.")
        if vote is None or vote.status != CLOSED:
            raise Refused("Close the vote before reading the ballots.")
        self._require_readable(room, vote)
        if vote.revealed >= len(vote.reveal_order):
            raise Refused("Every ballot has been read.")
        with self.store.transaction() as db:
            db["votes"].update(vote.id, {"revealed": vote.revealed + 1})
        self._publish(room.code)
        return vote.reveal_order[vote.revealed]

    def finish_reveal(self, host_key: str, code: str) -> dict[str, int]:
        """Show the final tally (all ballots count) and hand the result to the game."""
        self._require_host(host_key)
        room = self._open_room(code)
        vote = self.vote(room.code)
        if vote is None or vote.status == OPEN:
            raise Refused("Close the vote before counting it.")
        self._require_readable(room, vote)
        if vote.call.reveal == "one_by_one" and not vote.decided:
            raise Refused("Keep reading: the ballots still unread could change the result.")
        tally = vote.final_tally()
        if vote.status != REVEALED:
            with self.store.transaction() as db:
                db["votes"].update(vote.id, {"status": REVEALED,
                                             "revealed": len(vote.reveal_order)})
        if not vote.applied:
            self._apply(room, Action(TABLE, "vote_result", {"key": vote.key, "tally": tally}),
                        vote_id=vote.id)
        self._publish(room.code)
        return tally

    def result_is_latest(self, code: str, vote: Vote) -> bool:
        """Whether this vote is still the news: open, being read, or its result recorded by
        the room's last move (once the game moves on, screens clear it)."""
        if not vote.applied:
            return True
        room = self.room(code)

        def last():
            row = self.store.one("SELECT data FROM log WHERE room = ? AND kind = 'action' "
                                 "ORDER BY seq DESC LIMIT 1", (room.code,))
            return loads(row["data"]) if row else None
        data = self._cached(("last_action", room.code), last)
        return bool(data) and data["move"] == "vote_result" and \
            data["args"].get("key") == vote.key

    def readable(self, code: str, vote: Vote) -> bool:
        """May the table read this vote's ballots now? The game says, live."""
        if not vote.applied and vote.status != REVEALED:
            call = self.game(code).vote_call(self.state(code))
            return call is None or call.key != vote.key or call.readable
        return True

    def _require_readable(self, room: Room, vote: Vote) -> None:
        if not self.readable(room.code, vote):
            raise Refused("Not yet: in this game the ballots are read later. "
                          "Follow the steps on the table screen first.")

    def _sync_vote(self, db, code: str, call: VoteCall | None) -> None:
        """Open the vote the game waits for; call off one it no longer wants.

        A vote is called off when the game stops waiting for it while unfinished, or when the
        move that recorded its result was undone and the game no longer asks for it.
        """
        kept = []
        for row in list(db.query("SELECT id, key, status, applied FROM votes WHERE room = ? "
                                 "AND status != ?", (code, CANCELLED))):
            wanted = call is not None and row["key"] == call.key
            if wanted and row["status"] == OPEN:
                self._follow(db, code, call)
            if not wanted and (row["status"] in (OPEN, CLOSED) or not row["applied"]):
                db["votes"].update(row["id"], {"status": CANCELLED, "reveal_order": None})
                db.execute("DELETE FROM ballots WHERE vote = ?", (row["id"],))
                self._event(db, code, "The vote was called off; its ballots were destroyed.")
            else:
                kept.append(row["key"])
        if call is not None and call.key not in kept:
            vote_id = secrets.token_hex(8)
            db["votes"].insert({"id": vote_id, "room": code, "key": call.key,
                                "spec": dumps(spec_to_json(call)), "status": OPEN,
                                "reveal_order": None, "revealed": 0, "applied": 0})
            open_slots(db, vote_id, call)
            db["rooms"].update(code, {"timer_end": None})  # talk stops when the vote opens
            self._event(db, code, f"Vote opened: {call.question}")

    def _follow(self, db, code: str, call: VoteCall) -> None:
        """An open vote follows the game's call when only what voters cast changed (an Extra
        Vote card played at the box); its candidates and voters stay as opened."""
        vote = self._vote_in(db, code)
        if (vote is not None and vote.call != call and vote.call.candidates == call.candidates
                and vote.call.voters == call.voters):
            resize_slots(db, vote, call)

    # --- helpers -------------------------------------------------------------------------
    def _next_seq(self, db, code: str) -> int:
        row = list(db.query("SELECT MAX(seq) AS m FROM log WHERE room = ?", (code,)))
        return (row[0]["m"] or 0) + 1

    def _event(self, db, code: str, line: str) -> None:
        db["log"].insert({"room": code, "seq": self._next_seq(db, code), "kind": "event",
                          "data": dumps({"line": line})})

    def _publish(self, code: str) -> None:
        self.hub.publish(code)
        self.hub.publish("rooms")


def _new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code
