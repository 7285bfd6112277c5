"""Who and where, at the top of a player's phone: the room, their seat and night so far,
their neighbours (at the browser's big text, after their move). A piece of ``PhoneRoom``."""
from __future__ import annotations

import flet as ft

from companion import games
from companion.errors import Refused
from companion.language import COMPANION, HOME, Speaker, words

from .widgets import heading, line, player_chip

_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words


def neighbours_line(left: str | None, right: str | None, say=words("en")) -> str:
    """Who sits beside you, as the table arranged the seats (the one on your left plays
    after you)."""
    if left is None:
        return ""
    if left == right:
        return say(_("Next to you: {name}", name=left))
    return say(_("On your left: {left} · on your right: {right}", left=left, right=right))


class SeatHeader:
    """The header's part of a ``PhoneRoom``, and the neighbours' line after the move."""

    def __init__(self, room) -> None:
        self.room = room

    def now(self) -> tuple:
        """Who and where: the room, this seat, its night so far, its neighbours (the words'
        size too: at big text the neighbours come after the move)."""
        room = self.room
        sv, code = room.service, room.code
        shown, seat = sv.room(code), room.seat()
        pin = None
        if seat and room.shared:  # a shared device offers a PIN to a seat without one
            try:
                pin = sv.has_pin(code, room.token)
            except Refused:
                pin = True
        return (shown.ended, shown.started, shown.code, games.title(shown.game_key, shown.title),
                seat, room.shared,
                seat and self._my_night(seat), pin,
                seat and neighbours_line(*sv.neighbours(code, seat.id), room.words),
                room.words_factor)

    def draw(self, shown: tuple) -> list[ft.Control]:
        ended, started, code, title, seat, shared, night, pin, where, factor = shown
        say = self.room.words
        if ended:
            return [heading(say(_("Room {code} has ended.", code=code))),
                    line(say(_("Thanks for playing.")))]
        if seat is None:
            return [] if shared else [heading(say(_("Room {code}", code=code))),
                                      line(say(title), 18)]
        # one compact line of who and where: the player's own move (ballot, game panel)
        # comes right under it, and what happens now, folded into one line, after the move
        parts: list[ft.Control] = [*(self.room.handover.seat_bar(seat, pin) if shared else []),
                                   ft.Row([player_chip(seat.name, seat.colour, wraps=True),
                                           line(say(night or _("Room {code}", code=code)),
                                                14)], wrap=True)]
        if where and factor == 1:  # at big text, after the move
            parts.append(line(where, 16))
        if not started:
            parts.append(line(say(_("You have a seat. The game starts when the table is "
                                    "ready."))))
        return parts

    @staticmethod
    def draw_where_after(shown: tuple) -> list[ft.Control]:
        """At the browser's big text the neighbours' line would push the move below the
        first screen: it comes after the move instead."""
        ended, _, _, _, seat, _, _, _, where, factor = shown
        if factor == 1 or ended or seat is None:
            return []
        return [line(where, 16)] if where else []

    def _my_night(self, seat):
        """The room and this player's night so far, said to them: "Room ABCD · tonight:
        you won 1 of 2" (None: no game played yet tonight)."""
        room = self.room
        mine = room.service.standing_of(room.code, seat.id)
        return _("Room {code} · tonight: you won {won} of {played}", code=room.code,
                 won=mine.won, played=mine.played) if mine else None
