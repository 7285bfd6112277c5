"""The seats around a drawn table, as the players sit: the ring (seat 1 at the top, play
clockwise) and the table's seat order, set before the start and changed during a game that
lets players change places. A piece of ``TableRoom``."""
from __future__ import annotations

import math

import flet as ft

from companion.language import COMPANION, HOME, Items, Speaker, words

from .widgets import SEATING_WIDTH, line, panel, player_colour

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared screens' words

SEAT_CHIP = (150, 48)  # a seat's chip on the ring: its number and a name of ~10 letters
SEAT_GAP = 6  # the least room between two chips, so each reads (and is tapped) alone
RING_ROOM = 540  # the room a 1024 px table gives the ring beside the join code: 551 px
RING_WIDEST = 680  # only for a crowd: the oval's ends grow too sharp to part more chips
RING_TALL = 900  # how tall it grows inside the room before it takes more width


class SeatOrder:
    """The seat order's parts of a ``TableRoom``: the ring before the start, and during a
    game that lets players change places, the seating in one line with the ring behind a
    button."""

    def __init__(self, room) -> None:
        self.room = room
        self.swap_from: str | None = None  # the first of two players tapped
        self.changing_places = False  # the seat ring opened during a game

    def draw_before_start(self, shown: tuple) -> list[ft.Control]:
        """Seats in the order people sit, clockwise from seat 1 (who plays first); the table
        taps two players to swap their places. The games take their turn order from it."""
        started, seats, swap_from = shown
        if started or len(seats) < 2:
            return []
        chosen = next((s for s in seats if s.id == swap_from), None)
        say = self.room.words
        hint = say(_("{name} is chosen: tap the player who sits there instead.",
                     name=chosen.name) if chosen else
                   _("Seat the players as they sit: tap two players to swap their places. "
                     "Play goes clockwise, from seat 1."))
        return [panel(say(_("Seat order")), [line(hint, 18), seat_ring(seats, self._swap,
                                                                      swap_from, say=say)])]

    def draw_in_game(self, shown: tuple) -> list[ft.Control]:
        """During a game that lets players change places (between cards, say): the seating in
        one line, and the same ring as before the start behind a button."""
        playing, seats, swap_from, changing, may_change = shown
        if not playing or len(seats) < 2 or not may_change:
            return []
        say = self.room.words
        said = say(_("Seats, clockwise: {names}.", names=Items(s.name for s in seats)))
        if not changing:
            return [ft.Row([line(said, 18), ft.OutlinedButton(
                say(_("Players changed places")), on_click=self._places(True))], wrap=True)]
        chosen = next((s for s in seats if s.id == swap_from), None)
        hint = say(_("{name} is chosen: tap the player who sits there now.", name=chosen.name)
                   if chosen else
                   _("Tap two players to swap their places; play follows the table."))
        return [panel(say(_("Seat order")), [
            line(hint, 18), seat_ring(seats, self._swap, swap_from, say=say),
            ft.FilledButton(say(_("Done")), on_click=self._places(False))])]

    def _places(self, on: bool):
        def handler(e=None):
            self.changing_places, self.swap_from = on, None
            self.room.refresh()
        return handler

    def _swap(self, seat):
        room = self.room

        def handler(e=None):
            if self.swap_from in (None, seat.id):
                self.swap_from = None if self.swap_from == seat.id else seat.id
            else:
                first, self.swap_from = self.swap_from, None
                room.attempt(room.error, room.service.swap_seats, room.host_key, room.code,
                             first, seat.id)
            room.refresh()
        return handler


def seat_places(count: int, width: int = SEATING_WIDTH, height: int = 340
                ) -> tuple[int, int, list[tuple[float, float]]]:
    """The ring's width and height, and each chip's top-left corner, seat 1 at the top and on
    clockwise around an oval: the seats at equal angles, or an equal walk apart along the oval
    if that parts them; the oval grows until no two chips touch (nine seats on the first
    520 by 340 put two pairs of chips over each other): wider first, up to ``RING_ROOM``, then
    taller, up to ``RING_TALL``; only then (twenty seats and more) wider, up to
    ``RING_WIDEST``, and taller again."""
    while True:
        for places in (_on_oval(count, width, height, walk=False),
                       _on_oval(count, width, height, walk=True)):
            if not any(chips_touch(a, b) for i, a in enumerate(places) for b in places[i + 1:]):
                return width, height, places
        if height >= 4000:  # never: 30 seats need 1,620
            return width, height, places
        if width < RING_ROOM or (height >= RING_TALL and width < RING_WIDEST):
            width += 20
        else:
            height += 20


def _on_oval(count: int, width: int, height: int, walk: bool) -> list[tuple[float, float]]:
    chip_w, chip_h = SEAT_CHIP
    rx, ry = (width - chip_w) / 2, (height - chip_h) / 2
    steps = 720 if walk else count
    oval = [(width / 2 + rx * math.cos(a) - chip_w / 2, height / 2 + ry * math.sin(a) - chip_h / 2)
            for a in (-math.pi / 2 + 2 * math.pi * k / steps for k in range(steps + 1))]
    if not walk:
        return oval[:count]
    walked = [0.0]
    for (x0, y0), (x1, y1) in zip(oval, oval[1:]):
        walked.append(walked[-1] + math.hypot(x1 - x0, y1 - y0))
    places, k = [], 0
    for i in range(count):
        while walked[k + 1] < walked[-1] * i / count:
            k += 1
        places.append(oval[k])
    return places


def chips_touch(a: tuple[float, float], b: tuple[float, float]) -> bool:
    chip_w, chip_h = SEAT_CHIP
    return (abs(a[0] - b[0]) < chip_w + SEAT_GAP) and (abs(a[1] - b[1]) < chip_h + SEAT_GAP)


def seat_ring(seats, on_tap, chosen: str | None, width: int = SEATING_WIDTH,
              height: int = 340, say=None) -> ft.Stack:
    """The seats drawn around an oval table, seat 1 at the top and on clockwise, as seen
    from above; each chip says its seat number and name (read out: "Seat 1: Ana")."""
    say = say or words("en")
    chip_w, chip_h = SEAT_CHIP
    width, height, places = seat_places(len(seats), width, height)
    parts: list[ft.Control] = [ft.Container(
        ft.Text(say(_("play goes clockwise")), size=16, italic=True, color=ft.Colors.WHITE_70),
        left=chip_w / 2, top=chip_h / 2, width=width - chip_w, height=height - chip_h,
        alignment=ft.Alignment.CENTER, border_radius=(height - chip_h) / 2,
        bgcolor=ft.Colors.with_opacity(0.18, ft.Colors.BROWN_300),
        border=ft.Border.all(2, ft.Colors.BROWN_200))]
    for i, (seat, (left, top)) in enumerate(zip(seats, places)):
        colour = player_colour(seat.colour)
        picked = seat.id == chosen
        parts.append(ft.Container(
            ft.Row([ft.Text(str(i + 1), size=18, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.BLACK if picked else colour),
                    ft.Text(seat.name, size=18, weight=ft.FontWeight.W_600,
                            color=ft.Colors.BLACK if picked else None,
                            max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, expand=True,
                            semantics_label=say(_("Seat {n}: {name}, chosen", n=i + 1,
                                                  name=seat.name) if picked else
                                                _("Seat {n}: {name}", n=i + 1,
                                                  name=seat.name)))],
                   spacing=8),
            left=left, top=top, width=chip_w, height=chip_h,
            padding=ft.Padding(12, 4, 10, 4), border_radius=chip_h / 2,
            border=ft.Border.all(3, colour), bgcolor=colour if picked else ft.Colors.BLACK_54,
            alignment=ft.Alignment.CENTER_LEFT, on_click=on_tap(seat), ink=True))
    return ft.Stack(parts, width=width, height=height)
