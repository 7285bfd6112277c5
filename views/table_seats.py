"""The players on the table screen: the strip of seat chips at the top, a phone's request
for a freed seat, and a seat's actions (each hard to undo, so each asks first). A piece of
``TableRoom``."""
from __future__ import annotations

import flet as ft

from companion.language import COMPANION, HOME, Speaker

from .widgets import line, panel, player_chip

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared screens' words


class TableSeats:
    """The seats' parts of a ``TableRoom``: the chips, the requests, the open seat's menu."""

    def __init__(self, room) -> None:
        self.room = room
        self.menu_of: str | None = None  # the seat whose actions are open

    # --- the chips -------------------------------------------------------------------------
    def now(self) -> tuple:
        """(seat, connected, on a shared device) for every seat, read once per redraw."""
        room = self.room
        sv, code = room.service, room.code
        return room.once("seats", lambda: tuple(
            (s, sv.is_connected(code, s.id), sv.is_shared(code, s.id)) for s in sv.seats(code)))

    def seats(self) -> tuple:
        return tuple(seat for seat, _, _ in self.now())

    def draw_chips(self, shown: tuple) -> list[ft.Control]:
        seats, started, ended, code = shown
        room = self.room
        chips = []
        for seat, connected, shared in seats:
            on = seat.claimed and connected
            state = "connected" if on else ("not connected" if seat.claimed else "seat free")
            note = _("shared device") if shared else ""
            chips.append(player_chip(seat.name, seat.colour, state=state, size=24,
                                     on_click=self._menu(seat), note=note, say=room.words))
        say = room.words
        if not chips:
            chips = [line(say(_("Nobody has joined yet.")), 20)]
        if started:  # the join code steps aside to a chip a late joiner can tap
            chips.append(ft.OutlinedButton(say(_("Join code {code}", code=code)),
                                           icon=ft.Icons.QR_CODE,
                                           on_click=room.join_card.toggle))
        if not ended:  # players without a phone: their seats on this device, handed round
            chips.append(ft.TextButton(say(_("Players without a phone: seat them here")),
                                       on_click=room.join_card.seat_here))
        return [ft.Row(chips, wrap=True, spacing=8, run_spacing=8)]

    # --- a phone asks for a freed seat -----------------------------------------------------
    def requests_now(self) -> tuple:
        return tuple(self.room.service.seat_requests(self.room.host_key, self.room.code))

    def draw_requests(self, requests: tuple) -> list[ft.Control]:
        """A phone asks for a freed seat: the table looks up and decides who holds it."""
        say = self.room.words
        return [panel(say(_("A phone asks for {name}'s seat", name=r.name)), [
            line(say(_("Give it the seat only if {name} is holding that phone.", name=r.name)),
                 18),
            ft.Row([ft.FilledButton(say(_("Give {name}'s seat to that phone", name=r.name)),
                                    on_click=self._answer(r, True)),
                    ft.OutlinedButton(say(_("Turn it away")), on_click=self._answer(r, False))],
                   wrap=True)]) for r in requests]

    def _answer(self, request, give: bool):
        room = self.room

        def handler(e=None):
            room.attempt(room.error, room.service.answer_seat_request, room.host_key,
                         room.code, request.id, give)
        return handler

    # --- a seat's actions, each hard to undo, so each asks first ---------------------------
    def menu_now(self) -> tuple:
        room = self.room
        return (self.menu_of, room.confirm, self.seats(), room.service.room(room.code).started)

    def _menu(self, seat):
        def handler(e=None):
            self.menu_of = None if self.menu_of == seat.id else seat.id
            self.room.confirm = None
            self.room.refresh()
        return handler

    def draw_menu(self, shown: tuple) -> list[ft.Control]:
        menu_of, confirm, seats, started = shown
        seat = next((s for s in seats if s.id == menu_of), None)
        if seat is None:
            return []
        what = confirm[0] if confirm and confirm[1] == seat.id else None
        ask = self.room.ask
        say, name = self.room.words, seat.name
        if what == "free":
            body = [line(say(_("Free {name}'s seat? Their phone stops working here; the table "
                               "gives the seat back when they ask.", name=name)), 20),
                    ft.Row([ft.FilledButton(say(_("Yes, free {name}'s seat", name=name)),
                                            on_click=self._free(seat)),
                            ft.OutlinedButton(say(_("No, keep it")), on_click=self._menu(seat))])]
        elif what == "remove":
            body = [line(say(_("Remove {name}'s seat? {name} is no longer at this table; "
                               "their phone can sit down again by name.", name=name)), 20),
                    ft.Row([ft.FilledButton(say(_("Yes, remove {name}'s seat", name=name)),
                                            on_click=self._remove(seat)),
                            ft.OutlinedButton(say(_("No, keep it")), on_click=self._menu(seat))])]
        elif what == "rejoin":
            body = [line(say(_("Show a rejoin code for {name}? The phone that holds the seat "
                               "now stops working.", name=name)), 20),
                    ft.Row([ft.FilledButton(say(_("Yes, show {name}'s rejoin code", name=name)),
                                            on_click=self._rejoin(seat)),
                            ft.OutlinedButton(say(_("No")), on_click=self._menu(seat))])]
        else:
            body = [ft.Row([
                ft.OutlinedButton(say(_("Rejoin code for {name}", name=name)),
                                  on_click=ask(("rejoin", seat.id))),
                *([ft.OutlinedButton(say(_("Free {name}'s seat", name=name)),
                                     on_click=ask(("free", seat.id)))]
                  if seat.claimed else []),
                # before the start a seat can go (a guest who sat down uninvited)
                *([ft.OutlinedButton(say(_("Remove {name}'s seat", name=name)),
                                     on_click=ask(("remove", seat.id)))]
                  if not started else []),
                ft.TextButton(say(_("Close")), on_click=self._menu(seat))], wrap=True)]
        return [panel(say(_("{name}'s seat", name=name)), body)]

    def _free(self, seat):
        room = self.room

        def handler(e=None):
            self.menu_of = room.confirm = None
            room.attempt(room.error, room.service.free_seat, room.host_key, room.code, seat.id)
            room.refresh()
        return handler

    def _remove(self, seat):
        room = self.room

        def handler(e=None):
            self.menu_of = room.confirm = None
            room.attempt(room.error, room.service.remove_seat, room.host_key, room.code, seat.id)
            room.refresh()
        return handler

    def _rejoin(self, seat):
        room = self.room

        def handler(e=None):
            self.menu_of = room.confirm = None
            token = room.attempt(room.error, room.service.rejoin_token, room.host_key,
                                 room.code, seat.id)
            if token:
                room.join_card.rejoin = (seat.name, room.s.urls.rejoin(room.code, token))
            room.refresh()
        return handler
