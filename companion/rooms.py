"""The one service that every screen asks: TableService, a thin facade over the service's parts.

This is the only authority. Every request carries a credential — the host key of the table
screen or a phone's seat token — and is checked here, never by a hidden button. Every change
is committed to the store before the hub tells the screens.

Each part is a class of its own module that takes in its constructor what it uses, and only
parts made before it (``TableService.__init__`` makes them in that order): the rooms
(room.py: credentials, rooms, the timer, the memo of reads, the log lines and the hub's
news), the seats (seats.py), the night's results (night.py), the votes the game calls
(vote_calls.py), the play (play.py: the log, moves, undo, the seating order), the votes'
flow (votes.py), "Play again" (again.py) and the record's export and import (record.py).
Every call of the screens below is one line that names the part answering it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from rules import Outcome

from .again import PlayAgain
from .ballots import Vote
# CODE_LETTERS and normalize_code are imported from here by the screens and tests
from .codes import CODE_LETTERS, normalize_code  # noqa: F401
from .hub import Hub
from .names import NAME_MAX  # noqa: F401  (NAME_MAX: the limit)
from .night import GameResult, History, Night, Results, Standing
from .play import Play
from .record import Record
from .room import Room, Rooms
from .seats import Actor, Seat, SeatRequest, Seats
from .store import Store
from .vote_calls import VoteCalls
from .votes import Votes


@dataclass(frozen=True, slots=True)
class Parts:
    """The service's parts, each made from those before it."""

    rooms: Rooms
    seats: Seats
    results: Results
    calls: VoteCalls
    play: Play
    votes: Votes
    again: PlayAgain
    record: Record


class TableService:
    """Everything the screens may ask of the host, each request checked against its credential."""

    def __init__(self, store: Store, hub: Hub | None = None,
                 clock: Callable[[], float] = time.time,
                 offered: Sequence[str] | None = None) -> None:
        rooms = Rooms(store, hub or Hub(), clock, offered)
        seats = Seats(store, rooms, clock)
        results = Results(store, rooms)
        calls = VoteCalls(store, rooms, seats)
        play = Play(store, rooms, seats, calls, results)
        votes = Votes(store, rooms, seats, play, calls)
        self.parts = Parts(rooms, seats, results, calls, play, votes,
                           PlayAgain(store, rooms, play), Record(store, rooms, results))
        self.store = store
        self.hub = rooms.hub
        self.clock = clock
        self.offered = rooms.offered  # the games this host offers
        self.host_key = rooms.host_key

    @property
    def fault(self) -> str | None:
        """Why the last write failed ("The laptop's disk is full"), until one succeeds."""
        return self.store.fault

    # --- rooms (room.py): rooms, the host key, the discussion timer ---------------------------
    def room(self, code: str) -> Room:
        return self.parts.rooms.room(code)

    def host_key_from(self, key: str | None, address: str | None) -> bool:
        return self.parts.rooms.host_key_from(key, address)

    def find_room(self, code: str, address: str | None) -> Room:
        return self.parts.rooms.find_room(code, address)

    def rooms(self) -> list[Room]:
        return self.parts.rooms.rooms()

    def game(self, code: str):
        return self.parts.rooms.game(code)

    def create_room(self, host_key: str, game_key: str) -> str:
        return self.parts.rooms.create_room(host_key, game_key)

    def end_room(self, host_key: str, code: str) -> None:
        return self.parts.rooms.end_room(host_key, code)

    def resume_room(self, host_key: str, code: str) -> None:
        return self.parts.rooms.resume_room(host_key, code)

    def start_timer(self, host_key: str, code: str, seconds: int) -> None:
        return self.parts.rooms.start_timer(host_key, code, seconds)

    def stop_timer(self, host_key: str, code: str) -> None:
        return self.parts.rooms.stop_timer(host_key, code)

    def timer_left(self, code: str) -> int | None:
        return self.parts.rooms.timer_left(code)

    # --- seats (seats.py): seats, credentials, seat requests, PINs, shared devices ------------
    def actor(self, code: str, credential: str | None) -> Actor:
        return self.parts.seats.actor(code, credential)

    def seats(self, code: str) -> list[Seat]:
        return self.parts.seats.seats(code)

    def seat(self, code: str, seat_id: str) -> Seat:
        return self.parts.seats.seat(code, seat_id)

    def join(self, code: str, name: str, address: str | None = None,
             colour: int | None = None, player_key: str | None = None) -> tuple[Seat, str]:
        return self.parts.seats.join(code, name, address, colour, player_key)

    def neighbours(self, code: str, seat_id: str) -> tuple[str | None, str | None]:
        return self.parts.seats.neighbours(code, seat_id)

    def late_join(self, code: str) -> bool:
        return self.parts.seats.late_join(code)

    def request_seat(self, code: str, seat_id: str, address: str | None = None) -> SeatRequest:
        return self.parts.seats.request_seat(code, seat_id, address)

    def seat_requests(self, host_key: str, code: str) -> list[SeatRequest]:
        return self.parts.seats.seat_requests(host_key, code)

    def answer_seat_request(self, host_key: str, code: str, request_id: str, give: bool) -> None:
        return self.parts.seats.answer_seat_request(host_key, code, request_id, give)

    def collect_seat(self, code: str, secret: str | None) -> str | None:
        return self.parts.seats.collect_seat(code, secret)

    def seat_by_token(self, code: str, token: str | None) -> Seat:
        return self.parts.seats.seat_by_token(code, token)

    def set_language(self, code: str, token: str | None, language: str) -> None:
        return self.parts.seats.set_language(code, token, language)

    def free_seat(self, host_key: str, code: str, seat_id: str) -> None:
        return self.parts.seats.free_seat(host_key, code, seat_id)

    def remove_seat(self, host_key: str, code: str, seat_id: str) -> None:
        return self.parts.seats.remove_seat(host_key, code, seat_id)

    def rejoin_token(self, host_key: str, code: str, seat_id: str) -> str:
        return self.parts.seats.rejoin_token(host_key, code, seat_id)

    def connected(self, code: str, seat_id: str, delta: int) -> None:
        return self.parts.seats.connected(code, seat_id, delta)

    def is_connected(self, code: str, seat_id: str) -> bool:
        return self.parts.seats.is_connected(code, seat_id)

    def sharing(self, code: str, seat_ids, delta: int) -> None:
        return self.parts.seats.sharing(code, seat_ids, delta)

    def is_shared(self, code: str, seat_id: str) -> bool:
        return self.parts.seats.is_shared(code, seat_id)

    def has_pin(self, code: str, token: str | None) -> bool:
        return self.parts.seats.has_pin(code, token)

    def set_pin(self, code: str, token: str | None, pin: str) -> None:
        return self.parts.seats.set_pin(code, token, pin)

    def check_pin(self, code: str, token: str | None, pin: str) -> str:
        return self.parts.seats.check_pin(code, token, pin)

    def lock_seat(self, code: str, credential: str | None) -> None:
        return self.parts.seats.lock_seat(code, credential)

    # --- results (night.py): the night's record -----------------------------------------------
    def results(self) -> list[GameResult]:
        return self.parts.results.results()

    def player_colours(self) -> dict[str, int]:
        return self.parts.results.player_colours()

    def tonight(self) -> Night:
        return self.parts.results.tonight()

    def standing_of(self, code: str, seat_id: str) -> Standing | None:
        return self.parts.results.standing_of(code, seat_id)

    def across_nights(self, game: str | None = None, who: str | None = None) -> History:
        return self.parts.results.across_nights(game, who)

    def result(self, code: str) -> GameResult | None:
        return self.parts.results.result(code)

    # --- calls (vote_calls.py): the room's current vote ---------------------------------------
    def vote(self, code: str, credential: str | None = None) -> Vote | None:
        return self.parts.calls.vote(code, credential)

    # --- play (play.py): the game, its moves, undo, the seating order -------------------------
    def start(self, host_key: str, code: str, options: Mapping[str, Any] | None = None) -> None:
        return self.parts.play.start(host_key, code, options)

    def state(self, code: str) -> Any:
        return self.parts.play.state(code)

    def act(self, code: str, credential: str | None, move: str,
            args: Mapping[str, Any] | None = None) -> Any:
        return self.parts.play.act(code, credential, move, args)

    def needs_action(self, code: str, token: str | None) -> bool:
        return self.parts.play.needs_action(code, token)

    def legal_moves(self, code: str, credential: str | None) -> tuple[str, ...]:
        return self.parts.play.legal_moves(code, credential)

    def game_data(self, code: str) -> Mapping[str, Any]:
        return self.parts.play.game_data(code)

    def undo(self, host_key: str, code: str) -> str:
        return self.parts.play.undo(host_key, code)

    def arrange_seats(self, host_key: str, code: str, seat_ids) -> None:
        return self.parts.play.arrange_seats(host_key, code, seat_ids)

    def swap_seats(self, host_key: str, code: str, first_id: str, second_id: str) -> None:
        return self.parts.play.swap_seats(host_key, code, first_id, second_id)

    def view(self, code: str, credential: str | None) -> Mapping[str, Any]:
        return self.parts.play.view(code, credential)

    def reminders(self, code: str, credential: str | None = None) -> tuple[str, ...]:
        return self.parts.play.reminders(code, credential)

    def outcome(self, code: str) -> Outcome | None:
        return self.parts.play.outcome(code)

    def history(self, code: str) -> list[str]:
        return self.parts.play.history(code)

    def history_lines(self, code: str) -> list:
        return self.parts.play.history_lines(code)

    def reminder_messages(self, code: str, credential: str | None = None) -> tuple:
        return self.parts.play.reminder_messages(code, credential)

    # --- votes (votes.py): a vote's flow ------------------------------------------------------
    def cast(self, code: str, token: str | None, choices: Sequence[str]) -> Vote:
        return self.parts.votes.cast(code, token, choices)

    def cast_for(self, host_key: str, code: str, voter: str, choices: Sequence[str]) -> Vote:
        return self.parts.votes.cast_for(host_key, code, voter, choices)

    def close_vote(self, host_key: str, code: str) -> Vote:
        return self.parts.votes.close_vote(host_key, code)

    def reveal_next(self, host_key: str, code: str) -> str:
        return self.parts.votes.reveal_next(host_key, code)

    def finish_reveal(self, host_key: str, code: str) -> dict[str, int]:
        return self.parts.votes.finish_reveal(host_key, code)

    def result_is_latest(self, code: str, vote: Vote) -> bool:
        return self.parts.votes.result_is_latest(code, vote)

    def readable(self, code: str, vote: Vote) -> bool:
        return self.parts.votes.readable(code, vote)

    # --- again (again.py): "Play again" -------------------------------------------------------
    def play_again(self, host_key: str, code: str, game_key: str | None = None) -> str:
        return self.parts.again.play_again(host_key, code, game_key)

    def suggested_options(self, host_key: str, code: str) -> dict[str, Any]:
        return self.parts.again.suggested_options(host_key, code)

    # --- record (record.py): the record exported and imported ---------------------------------
    def export_csv(self, host_key: str) -> str:
        return self.parts.record.export_csv(host_key)

    def export_json(self, host_key: str) -> str:
        return self.parts.record.export_json(host_key)

    def import_json(self, host_key: str, text: str) -> int:
        return self.parts.record.import_json(host_key, text)

    def save_export(self, host_key: str, fmt: str) -> Path:
        return self.parts.record.save_export(host_key, fmt)
