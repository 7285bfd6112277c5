"""A room as the service reads it: one game at one table.

Its own module so that the service's parts (play.py, votes.py) name it without importing
rooms.py, which is put together from them: imports point one way, rooms -> parts -> room.
"""
from __future__ import annotations

from dataclasses import dataclass


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
