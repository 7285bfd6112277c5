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

from . import games
from .ballots import (CANCELLED, CLOSED, OPEN, REVEALED, Vote, check_ballot, fill_slots,
                      open_slots, read_slots, spec_from_json, spec_to_json)
from .errors import Refused
from .hub import Hub
from .store import Store, dumps, loads

log = logging.getLogger(__name__)

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0 across a table
CODE_LENGTH = 4
NAME_MAX = 24


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
        row = self.store.one("SELECT * FROM rooms WHERE code = ?", (code,))
        if row is None:
            if not code:
                raise Refused("Type the room code shown on the table screen.")
            raise Refused(f"There is no room {code} at this table. "
                          "Check the code on the table screen.")
        players = loads(row["players"])
        return Room(row["code"], row["game"], row["title"], bool(row["ended"]),
                    tuple(players) if players is not None else None, row["timer_end"])

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
        rows = self.store.rows("SELECT * FROM seats WHERE room = ? ORDER BY position", (room.code,))
        return [Seat(r["id"], r["name"], r["position"], r["token_hash"] is not None) for r in rows]

    def seat(self, code: str, seat_id: str) -> Seat:
        for seat in self.seats(code):
            if seat.id == seat_id:
                return seat
        raise Refused("That seat is not at this table.")

    def join(self, code: str, name: str) -> tuple[Seat, str]:
        """Give a phone the seat of this name: a free seat of that name, or a new one."""
        room = self._open_room(code)
        name = " ".join(str(name or "").split())
        if not name:
            raise Refused("Type your name to take a seat.")
        if len(name) > NAME_MAX:
            raise Refused(f"Keep your name to {NAME_MAX} letters or fewer.")
        if name.lower() == TABLE:
            raise Refused("That name belongs to the table screen; pick another.")
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            rows = list(db.query("SELECT * FROM seats WHERE room = ?", (room.code,)))
            same = [r for r in rows if r["name"].casefold() == name.casefold()]
            if same:
                row = same[0]
                if row["token_hash"] is not None:
                    raise Refused(f"{row['name']}'s seat is taken by another phone. "
                                  "Pick another name, or ask the table to free that seat.")
                db["seats"].update(row["id"], {"token_hash": _hash(token)})
                seat_id, name, position = row["id"], row["name"], row["position"]
                self._event(db, room.code, f"{name} took their seat again.")
            else:
                if room.started and not getattr(self.game(room.code), "late_join", False):
                    raise Refused("The game has started: pick your name from the seats.")
                seat_id = secrets.token_hex(8)
                position = max((r["position"] for r in rows), default=-1) + 1
                db["seats"].insert({"id": seat_id, "room": room.code, "name": name,
                                    "position": position, "token_hash": _hash(token)})
                self._event(db, room.code, f"{name} sat down.")
        self._publish(room.code)
        return Seat(seat_id, name, position, True), token

    def seat_by_token(self, code: str, token: str | None) -> Seat:
        room = self.room(code)
        if token:
            row = self.store.one("SELECT * FROM seats WHERE room = ? AND token_hash = ?",
                                 (room.code, _hash(str(token))))
            if row is not None:
                return Seat(row["id"], row["name"], row["position"], True)
        raise Refused("This phone's seat pass is not valid for this room any more. "
                      "Join again with your name, or ask the table for a rejoin code.")

    def free_seat(self, host_key: str, code: str, seat_id: str) -> None:
        """The table frees a seat, e.g. for a phone that lost its token; the player stays."""
        self._require_host(host_key)
        seat = self.seat(code, seat_id)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": None})
            self._event(db, normalize_code(code), f"The table freed {seat.name}'s seat.")
        self._publish(normalize_code(code))

    def rejoin_token(self, host_key: str, code: str, seat_id: str) -> str:
        """A fresh seat pass for a seat (shown as a QR); any earlier pass stops working."""
        self._require_host(host_key)
        seat = self.seat(code, seat_id)
        token = secrets.token_urlsafe(18)
        with self.store.transaction() as db:
            db["seats"].update(seat.id, {"token_hash": _hash(token)})
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
        if not getattr(game, "late_join", False) and not (
                game.min_players <= len(players) <= game.max_players):
            raise Refused(f"{game.title} is for {game.min_players} to {game.max_players} players; "
                          f"{len(players)} {'is' if len(players) == 1 else 'are'} seated.")
        game.setup(players, dict(options or {}))  # refuses before anything is written
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
        actions = self.store.rows("SELECT seq FROM log WHERE room = ? AND kind = 'action' "
                                  "ORDER BY seq DESC LIMIT 1", (room.code,))
        last = actions[0]["seq"] if actions else 0
        cached = self._states.get(room.code)
        if cached and cached[0] == last:
            return cached[1]
        game = self.game(room.code)
        options = loads(self.store.one("SELECT options FROM rooms WHERE code = ?",
                                       (room.code,))["options"])
        state = game.setup(room.players, options)
        for row in self.store.rows("SELECT data FROM log WHERE room = ? AND kind = 'action' "
                                   "ORDER BY seq", (room.code,)):
            state = game.apply(state, Action.from_json(loads(row["data"])))
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
        return self._apply(room, Action(actor.name, move, dict(args or {})))

    def _apply(self, room: Room, action: Action, vote_id: str | None = None) -> Any:
        game = self.game(room.code)
        state = self.state(room.code)
        try:
            new_state = game.apply(state, action)
            line = game.describe(state, action)
        except RuleError:
            raise
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
        with self.store.transaction() as db:
            db.execute("DELETE FROM log WHERE room = ? AND seq = ?", (room.code, last["seq"]))
            if loads(last["data"])["move"] == "vote_result":
                key = loads(last["data"])["args"].get("key")
                db.execute("UPDATE votes SET applied = 0 WHERE room = ? AND key = ? "
                           "AND status = ?", (room.code, key, REVEALED))
            self._event(db, room.code, f"Undone: {line}")
        self._states.pop(room.code, None)
        state = self.state(room.code)
        with self.store.transaction() as db:
            self._sync_vote(db, room.code, self.game(room.code).vote_call(state))
        self._publish(room.code)
        return line

    def view(self, code: str, credential: str | None) -> Mapping[str, Any]:
        """What this credential's screen may see of the game (secrets stripped by the rules)."""
        actor = self.actor(code, credential)
        state = self.state(code)
        if state is None:
            return {}
        return self.game(code).view(state, None if actor.name == TABLE else actor.name)

    def reminders(self, code: str) -> tuple[str, ...]:
        state = self.state(code)
        return () if state is None else tuple(self.game(code).reminders(state))

    def history(self, code: str) -> list[str]:
        room = self.room(code)
        rows = self.store.rows("SELECT kind, data FROM log WHERE room = ? ORDER BY seq",
                               (room.code,))
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
        with self.store.lock:
            return self._vote_in(self.store.db, room.code)

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
        for row in db.query("SELECT id, key, status, applied FROM votes WHERE room = ? "
                            "AND status != ?", (code, CANCELLED)):
            wanted = call is not None and row["key"] == call.key
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
            self._event(db, code, f"Vote opened: {call.question}")

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
