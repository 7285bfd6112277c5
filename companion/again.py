"""Play again: the next room, with the same seats.

"Play again" opens the next room with the same seats: each keeps its seat pass (only its hash
is stored, copied), colour and place, so every phone follows by itself; for the same game it
keeps the options the room before started with as the new room's suggestion, which fills the
setup form and is played only when the table taps Start.
"""
from __future__ import annotations

import secrets
from typing import Any

from .errors import Refused
from .play import Play
from .room import Rooms
from .language import COMPANION, HOME, Items, Speaker
from .store import Store, loads


_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events


class PlayAgain:
    """The table moves on to the next room ("Play again", "Another game")."""

    def __init__(self, store: Store, rooms: Rooms, play: Play) -> None:
        self.store = store
        self.rooms = rooms
        self.play = play

    def play_again(self, host_key: str, code: str, game_key: str | None = None) -> str:
        """Open the next room, for the same game ("Play again") or another ("Another game"),
        with this room's seats: the same players in the same places, each phone's seat pass
        working there too, so every phone follows by itself. This room ends. Returns the new
        room's code. The same game (however it is chosen) keeps this room's options as the
        new room's suggestion; another game starts from its own defaults."""
        self.rooms.require_host(host_key)
        room = self.rooms.room(code)
        if room.imported:
            raise Refused(_("Room {code} came from an imported record: there is no "
                            "table to play again with.", code=room.code))
        if room.next_room:
            raise Refused(_("This table has moved on to room {next_room} already.", next_room=room.next_room))
        key = game_key or room.game_key
        entry = self.rooms.offered_game(key)
        game = self.rooms.game(room.code)
        if not room.started:
            raise Refused(_("The game has not started: the players are already "
                            "seated here."))
        if not room.ended and not game.late_join and self.play.outcome(room.code) is None:
            raise Refused(_("{title} is still being played: finish it, or end the "
                            "room to leave it unfinished, then play again.",
                            title=game.title or room.title))
        seats = self.store.rows("SELECT * FROM seats WHERE room = ? ORDER BY position",
                                (room.code,))
        pins = {r["seat"]: r["hash"] for r in self.store.rows(
            "SELECT pins.* FROM pins JOIN seats ON seats.id = pins.seat WHERE seats.room = ?",
            (room.code,))}
        suggested = self.store.one("SELECT options FROM rooms WHERE code = ?",
                                   (room.code,))["options"] if key == room.game_key else None
        with self.store.transaction() as db:
            new = self.rooms.insert_room(db, key, entry.title, suggested)
            for place, seat in enumerate(seats):
                seat_id = secrets.token_hex(8)
                db["seats"].insert({"id": seat_id, "room": new, "name": seat["name"],
                                    "position": place, "token_hash": seat["token_hash"],
                                    "colour": seat["colour"], "player": seat["player"],
                                    "language": seat.get("language")})
                if seat["id"] in pins:
                    db["pins"].insert({"seat": seat_id, "hash": pins[seat["id"]]})
            db["rooms"].update(room.code, {"ended": 1, "next_room": new})
            names = Items(s["name"] for s in seats) if seats else _("nobody yet")
            self.rooms.event(db, new, _("Room {new} opened for {title}, with the players of "
                                        "room {code}: {names}.", new=new, title=entry.said,
                                        code=room.code, names=names))
            self.rooms.event(db, room.code, _("The table moved on to room {new} "
                                              "({title}).", new=new, title=entry.said))
        self.rooms.publish(room.code)
        self.rooms.publish(new)
        return new

    def suggested_options(self, host_key: str, code: str) -> dict[str, Any]:
        """The options the room's setup form starts filled with, until the game starts: after
        "Play again", those the room before started with; otherwise none ({}). Only the table
        screen reads them (its setup form is the only one), and only its Start plays them."""
        self.rooms.require_host(host_key)
        room = self.rooms.room(code)
        if room.started:
            return {}
        row = self.store.one("SELECT suggested FROM rooms WHERE code = ?", (room.code,))
        return dict(loads(row["suggested"]) or {})
