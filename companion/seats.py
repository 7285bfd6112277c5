"""Seats: who sits at a room, and how a phone proves it is theirs.

A phone holds its seat by a seat pass, of which only the hash is stored. A freed seat goes
back only through the table (a seat request), a seat on a shared device may set a PIN, and
who is connected or shares a device is kept in memory only. The seating order is set in
play.py: once the game has started, it is the game's turn order, changed by a move.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable

from rules import TABLE

from .codes import normalize_code
from .door import RateLimit
from .errors import Refused
from .language import COMPANION, HOME, LANGUAGES, PSEUDO, Speaker
from .names import clean_name, look_alike
from .room import Rooms, limited
from .store import Store

_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events

JOINS_PER_MINUTE = 12  # new seats from one phone
COLOURS = 12  # the screens' player colours (views.widgets.PLAYER_COLOURS)
UNLOCKED = "~"  # joins a seat pass and a PIN's unlock (neither contains it)
UNLOCK_SECONDS = 10 * 60  # an unlock lasts this long after its last use
SEAT_REQUESTS_MAX = 32  # open requests for freed seats, all rooms together
SEAT_REQUESTS_PER_ROOM = 8  # and at one room: one a phone, so it takes 8 phones to fill


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


PLAYER_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")  # what secrets.token_urlsafe makes


def player_id(player_key: object) -> str | None:
    """Who a phone's player is across rooms and nights: a hash of the random key the phone
    keeps (so a rename keeps the history). The key itself is stored nowhere, and the id
    grants nothing: anything that is not a key of ours is no player at all."""
    if not isinstance(player_key, str) or not PLAYER_KEY.fullmatch(player_key):
        return None
    return hashlib.sha256(b"companion player:" + player_key.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Seat:
    """A player's place at the table. ``position`` is where they sit, clockwise (the game's
    turn order: the next player is on your left); ``colour`` stays theirs when they move."""

    id: str
    name: str
    position: int
    claimed: bool
    colour: int = 0
    language: str | None = None  # picked on the phone (issue 48); None: the browser's


@dataclass(frozen=True)
class SeatRequest:
    """A phone asks the table for a freed seat; the table gives it or not."""

    id: str  # shown to the table
    room: str
    seat_id: str
    name: str
    secret: str  # known only to the asking phone: it collects the seat pass with it
    token: str | None = None  # the seat pass, once the table gave the seat
    address: str | None = None  # of the asking phone: one request a phone


@dataclass(frozen=True)
class Actor:
    """Who a request speaks for, once its credential has been checked."""

    name: str  # TABLE or a seat's name
    seat: Seat | None


class Seats:
    """The seats of every room, and what a phone's credential proves."""

    def __init__(self, store: Store, rooms: Rooms, clock: Callable[[], float]) -> None:
        self.store = store
        self.rooms = rooms
        self.clock = clock
        self._joins = RateLimit(JOINS_PER_MINUTE, 60.0, clock=clock)
        self._pin_tries = RateLimit(5, 60.0, clock=clock)
        # memory only: requests for freed seats, who is connected, which seats share a
        # device, and the unlocks of seats with a PIN (seat id -> unlock hash -> until)
        self._requests: dict[str, SeatRequest] = {}
        self._presence: Counter = Counter()
        self._opened: set[tuple[str, str]] = set()  # seats a screen has opened on
        self._shared: Counter = Counter()
        self._unlocks: dict[str, dict[str, float]] = {}

    def actor(self, code: str, credential: str | None) -> Actor:
        """The host, or the seat that a token belongs to; anything else is refused."""
        if self.rooms.is_host(credential):
            return Actor(TABLE, None)
        seat = self.seat_by_token(code, credential)
        return Actor(seat.name, seat)

    def seats(self, code: str) -> list[Seat]:
        room = self.rooms.room(code)
        return list(self._seat_rows(room.code).values())

    def _seat_rows(self, code: str) -> dict[str | None, Seat]:
        """The room's seats in table order, keyed by the hash of their seat pass."""
        def read():
            rows = self.store.rows("SELECT * FROM seats WHERE room = ? ORDER BY position",
                                   (code,))
            # a free seat has no pass: key it by its id, so that no hash can find it
            return {r["token_hash"] or f"free:{r['id']}":
                    Seat(r["id"], r["name"], r["position"], r["token_hash"] is not None,
                         r["colour"] if r["colour"] is not None else r["position"],
                         r.get("language"))
                    for r in rows}
        return self.rooms.cached(("seats", code), read)

    def seat(self, code: str, seat_id: str) -> Seat:
        for seat in self.seats(code):
            if seat.id == seat_id:
                return seat
        raise Refused(_("That seat is not at this table."))

    def join(self, code: str, name: str, address: str | None = None,
             colour: int | None = None, player_key: str | None = None) -> tuple[Seat, str]:
        """Give a phone a new seat of this name.

        A seat that exists already is never given by name: a taken one belongs to its phone,
        and a freed one only the table gives back (``request_seat``), so a quick stranger
        cannot take it. ``colour``: the one this phone's player had earlier tonight, given
        again when nobody here has it. ``player_key``: the phone's own player's key, which
        ties this seat's results to the games they played before under any name.
        """
        room = self.rooms.open_room(code)
        name = clean_name(name)
        if name.casefold() == TABLE or look_alike(name, [TABLE]):
            raise Refused(_("That name belongs to the table screen; pick another."))
        if limited(address) and not self._joins.hit(address):
            raise Refused(_("Too many new seats from this phone. Wait a minute."))
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            rows = list(db.query("SELECT * FROM seats WHERE room = ?", (room.code,)))
            same = [r for r in rows if r["name"].casefold() == name.casefold()]
            if same and self._lost_answer(room.code, same[0], player_key):
                # the phone that took this seat never heard its answer (the Wi-Fi dropped,
                # the host restarted) and asks again: the seat is its own, under a fresh pass
                seat = self._seat_of(same[0])
                db["seats"].update(seat.id, {"token_hash": _hash(token)})
                db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))
                self.rooms.event(db, room.code, _("{name}'s phone took its seat again.", name=seat.name))
            else:
                seat = self._new_seat(db, room, rows, same, name, token, colour, player_key)
        self._unlocks.pop(seat.id, None)
        self.rooms.publish(room.code)
        return seat, token

    def _lost_answer(self, code: str, row: dict, player_key: str | None) -> bool:
        """Whether a join of a seated name is the same phone asking again: its player (the
        key only that phone holds) took the seat, and no screen has opened on it since (in
        this run of the host: after a restart no phone has connected yet)."""
        mine = player_id(player_key)
        return (mine is not None and row["token_hash"] is not None and row["player"] == mine
                and (code, row["id"]) not in self._opened)

    @staticmethod
    def _seat_of(row: dict) -> Seat:
        return Seat(row["id"], row["name"], row["position"], row["token_hash"] is not None,
                    row["colour"] if row["colour"] is not None else row["position"])

    def _new_seat(self, db, room, rows: list[dict], same: list[dict], name: str, token: str,
                  colour: int | None, player_key: str | None) -> Seat:
        """Inside ``join``'s transaction: a new seat of this name, or Refused."""
        if same and same[0]["token_hash"] is not None:
            raise Refused(_("{name}'s seat is taken by another phone. Pick another "
                            "name, or ask the table to free that seat.", name=same[0]['name']))
        if same:
            raise Refused(_("{name}'s seat is free: tap \"I am {name}\" to ask the "
                            "table for it.", name=same[0]['name']))
        alike = look_alike(name, [r["name"] for r in rows])
        if alike:
            raise Refused(_("{name} looks too much like {alike}, who has a seat. "
                            "Add an initial to tell you apart.", name=name, alike=alike))
        # whether the game started is read here, inside the transaction: a Start that
        # committed since ``room`` was read has fixed its players without this seat
        started = db.execute("SELECT players IS NOT NULL FROM rooms WHERE code = ?",
                             (room.code,)).fetchone()[0]
        if started and not self.late_join(room.code):
            raise Refused(_("The game has started: pick your name from the seats."))
        game = self.rooms.game(room.code)
        # a crowd of guests cannot keep a game from starting (a game open to late joiners,
        # the table vote, has no fixed players: anyone present may be asked to vote)
        if not game.late_join and len(rows) >= game.max_players:
            raise Refused(_("{title} seats {most} players at most, and every seat "
                            "is taken.", title=game.title, most=game.max_players))
        seat_id = secrets.token_hex(8)
        position = max((r["position"] for r in rows), default=-1) + 1
        taken = {r["colour"] for r in rows}
        if not (isinstance(colour, int) and 0 <= colour < COLOURS) or colour in taken:
            colour = next(c for c in range(len(rows) + 1) if c not in taken)
        db["seats"].insert({"id": seat_id, "room": room.code, "name": name,
                            "position": position, "token_hash": _hash(token),
                            "colour": colour, "player": player_id(player_key)})
        self.rooms.event(db, room.code, _("{name} sat down.", name=name))
        return Seat(seat_id, name, position, True, colour)

    def neighbours(self, code: str, seat_id: str) -> tuple[str | None, str | None]:
        """(on the left, on the right) of a seat, as seated: the one on the left plays after
        it. With two players both are the same person; alone, nobody."""
        seats = self.seats(code)
        ids = [s.id for s in seats]
        if seat_id not in ids or len(seats) < 2:
            return None, None
        i = ids.index(seat_id)
        return seats[(i + 1) % len(seats)].name, seats[i - 1].name

    def late_join(self, code: str) -> bool:
        """Whether players may still sit down once the game has started."""
        return bool(self.rooms.game(code).late_join)

    # --- a freed seat goes back through the table ----------------------------------------
    def request_seat(self, code: str, seat_id: str, address: str | None = None) -> SeatRequest:
        """A phone asks for a freed seat; the table sees the request and decides.

        A phone has one request waiting at a time (a new one replaces it), so one phone
        tapping on cannot fill the table's requests and keep the seat's owner out.
        """
        room = self.rooms.open_room(code)
        seat = self.seat(room.code, seat_id)
        if seat.claimed:
            raise Refused(_("{name}'s seat is taken by another phone.", name=seat.name))
        if limited(address):
            for earlier in [r for r in self._requests.values()
                            if r.address == address and r.token is None]:
                del self._requests[earlier.id]
        mine = [r for r in self._requests.values() if r.room == room.code]
        if len(mine) >= SEAT_REQUESTS_PER_ROOM or len(self._requests) >= SEAT_REQUESTS_MAX:
            raise Refused(_("The table has too many requests waiting. Ask the table"
                            " to look."))
        request = SeatRequest(secrets.token_hex(4), room.code, seat.id, seat.name,
                              secrets.token_urlsafe(18), address=address)
        self._requests[request.id] = request
        self.rooms.publish(room.code)
        return request

    def seat_requests(self, host_key: str, code: str) -> list[SeatRequest]:
        self.rooms.require_host(host_key)
        code = normalize_code(code)
        return [r for r in self._requests.values() if r.room == code and r.token is None]

    def answer_seat_request(self, host_key: str, code: str, request_id: str,
                            give: bool) -> None:
        """The table gives a freed seat to the phone that asked, or turns it away."""
        self.rooms.require_host(host_key)
        request = self._requests.get(str(request_id))
        if request is None or request.room != normalize_code(code) or request.token:
            raise Refused(_("That request is no longer waiting."))
        if not give:
            del self._requests[request.id]
            self.rooms.publish(request.room)
            return
        seat = self.seat(request.room, request.seat_id)
        if seat.claimed:
            del self._requests[request.id]
            raise Refused(_("{name}'s seat was taken meanwhile.", name=seat.name))
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": _hash(token)})
            self.rooms.event(db, request.room,
                             _("The table gave {name}'s freed seat to the phone "
                               "that asked.", name=seat.name))
        # other phones asking for the same seat are turned away
        for other in [r for r in self._requests.values() if r.seat_id == seat.id]:
            del self._requests[other.id]
        self._requests[request.id] = replace(request, token=token)
        self.rooms.publish(request.room)

    def collect_seat(self, code: str, secret: str | None) -> str | None:
        """The asking phone's seat pass once the table gave it (then forgotten here);
        None while the table has not decided. Refused once the request is gone."""
        for request in list(self._requests.values()):
            if secret and hmac.compare_digest(request.secret.encode(), str(secret).encode()):
                if request.token is None:
                    return None
                del self._requests[request.id]
                return request.token
        raise Refused(_("The table turned the request down, or it expired. Ask "
                        "again."))

    def seat_by_token(self, code: str, token: str | None) -> Seat:
        """The seat of a seat pass (or of a pass unlocked by its PIN: ``check_pin``)."""
        room = self.rooms.room(code)
        token = str(token).split(UNLOCKED)[0] if token else None
        seat = self._seat_rows(room.code).get(_hash(token)) if token else None
        if seat is not None:
            return seat
        raise Refused(_("This phone's seat pass is not valid for this room any "
                        "more. Join again with your name, or ask the table for a "
                        "rejoin code."))

    def set_language(self, code: str, token: str | None, language: str) -> None:
        """The seat of this pass keeps the language its player picked (one of ``LANGUAGES``,
        or the tests' pseudo-language): it follows the seat through reloads and play again.
        Only the seat's own pass sets it, and nobody else's screen shows it."""
        if language not in LANGUAGES + (PSEUDO,):
            raise Refused(_("That language is not one this table speaks."))
        seat = self.seat_by_token(code, token)
        if seat.language != language:
            with self.store.transaction() as db:
                db["seats"].update(seat.id, {"language": language})

    def free_seat(self, host_key: str, code: str, seat_id: str) -> None:
        """The table frees a seat, e.g. for a phone that lost its token; the player stays."""
        self.rooms.require_host(host_key)
        seat = self.seat(code, seat_id)
        if not seat.claimed:
            raise Refused(_("{name}'s seat is free already.", name=seat.name))
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": None})
            db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))
            self.rooms.event(db, normalize_code(code), _("The table freed {name}'s seat.", name=seat.name))
        self.rooms.publish(normalize_code(code))

    def remove_seat(self, host_key: str, code: str, seat_id: str) -> None:
        """Before the game starts, the table removes a seat (a guest who sat down uninvited,
        a player who left); once it has started, the seats are the game's players."""
        self.rooms.require_host(host_key)
        room = self.rooms.open_room(code)
        seat = self.seat(room.code, seat_id)
        if room.started:
            raise Refused(_("The game has started: {name} plays on. The table can "
                            "free the seat instead.", name=seat.name))
        with self.store.transaction() as db:
            db.execute("DELETE FROM seats WHERE id = ?", (seat.id,))
            db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))
            self.rooms.event(db, room.code, _("The table removed {name}'s seat.", name=seat.name))
        for request in [r for r in self._requests.values() if r.seat_id == seat.id]:
            del self._requests[request.id]
        self.rooms.publish(room.code)

    def rejoin_token(self, host_key: str, code: str, seat_id: str) -> str:
        """A fresh seat pass for a seat (shown as a QR); any earlier pass stops working."""
        self.rooms.require_host(host_key)
        seat = self.seat(code, seat_id)
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": _hash(token)})
            db.execute("DELETE FROM pins WHERE seat = ?", (seat.id,))  # a new pass, a new PIN
            self.rooms.event(db, normalize_code(code),
                             _("The table made a rejoin code for {name}.", name=seat.name))
        self._unlocks.pop(seat.id, None)
        self.rooms.publish(normalize_code(code))
        return token

    # presence is memory only: who is connected right now
    def connected(self, code: str, seat_id: str, delta: int) -> None:
        self._presence[(normalize_code(code), seat_id)] += delta
        if delta > 0:  # a screen opened on the seat: its phone heard its answer
            self._opened.add((normalize_code(code), seat_id))
        self.rooms.publish(normalize_code(code))

    def is_connected(self, code: str, seat_id: str) -> bool:
        return self._presence[(normalize_code(code), seat_id)] > 0

    # a device several players hand around holds several seat passes (memory only, like
    # presence): the history then says a move was made on a shared device
    def sharing(self, code: str, seat_ids, delta: int) -> None:
        for seat_id in seat_ids:
            self._shared[(normalize_code(code), seat_id)] += delta
        self.rooms.publish(normalize_code(code))

    def is_shared(self, code: str, seat_id: str) -> bool:
        return self._shared[(normalize_code(code), seat_id)] > 0

    # --- a seat's PIN on a shared device ---------------------------------------------------
    def has_pin(self, code: str, token: str | None) -> bool:
        seat = self.seat_by_token(code, token)
        return self.store.one("SELECT 1 AS x FROM pins WHERE seat = ?", (seat.id,)) is not None

    def set_pin(self, code: str, token: str | None, pin: str) -> None:
        """A seat sets its 4-digit PIN once; only the table can clear it (by a new seat pass)."""
        seat = self.seat_by_token(code, token)
        if not re.fullmatch(r"[0-9]{4}", str(pin or "")):
            raise Refused(_("A PIN is 4 digits."))
        if self.has_pin(code, token):
            raise Refused(_("{name} has a PIN already.", name=seat.name))
        salt = secrets.token_hex(8)
        with self.store.transaction() as db:
            db["pins"].insert({"seat": seat.id, "hash": f"{salt}:{_hash(salt + pin)}"})

    def check_pin(self, code: str, token: str | None, pin: str) -> str:
        """The seat's credential unlocked by its PIN (the pass alone, for a seat without one);
        Refused unless ``pin`` is the seat's PIN; 5 wrong tries hold the seat a minute."""
        seat = self.seat_by_token(code, token)
        token = str(token).split(UNLOCKED)[0]
        row = self.store.one("SELECT hash FROM pins WHERE seat = ?", (seat.id,))
        if row is None:
            return token
        if self._pin_tries.retry_after(seat.id) > 0:
            raise Refused(_("Too many wrong PINs. Wait a minute."))
        salt, digest = row["hash"].split(":")
        if not hmac.compare_digest(_hash(salt + str(pin or "")), digest):
            self._pin_tries.hit(seat.id)
            raise Refused(_("That is not {name}'s PIN.", name=seat.name))
        unlock = secrets.token_urlsafe(18)
        mine = self._unlocks.setdefault(seat.id, {})
        mine[_hash(unlock)] = self.clock() + UNLOCK_SECONDS
        while len(mine) > 4:  # a few devices at most; the oldest unlock goes
            del mine[min(mine, key=mine.get)]
        return f"{token}{UNLOCKED}{unlock}"

    def acting_seat(self, code: str, credential: str | None) -> Seat:
        """The seat a credential may act for: a seat with a PIN only through its unlock, so a
        copy of the pass (a shared device's storage holds it) casts nothing without the PIN."""
        seat = self.seat_by_token(code, credential)
        if self.store.one("SELECT 1 AS x FROM pins WHERE seat = ?", (seat.id,)) is None:
            return seat
        unlock = str(credential).partition(UNLOCKED)[2]
        mine = self._unlocks.get(seat.id, {})
        key = _hash(unlock) if unlock else None
        if key in mine and mine[key] > self.clock():
            mine[key] = self.clock() + UNLOCK_SECONDS
            return seat
        mine.pop(key, None)
        raise Refused(_("{name}'s seat has a PIN: type it to show your screen, then"
                        " act.", name=seat.name))

    def lock_seat(self, code: str, credential: str | None) -> None:
        """The unlock ends (the device was blanked)."""
        unlock = str(credential or "").partition(UNLOCKED)[2]
        for mine in self._unlocks.values():
            mine.pop(_hash(unlock), None)
