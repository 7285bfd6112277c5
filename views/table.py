"""The table screen: the rooms, and a room with its QR code, seats, game, vote and history."""
from __future__ import annotations

import asyncio
import math

import flet as ft

from companion import games
from companion.ballots import OPEN
from companion.language import COMPANION, HOME, Items, Speaker, set_host_language, words
from companion.store import fix_for

from .ballot import BallotForm, VotePanel, big_button
from .games import BROKEN, screens_of
from .screen import Screen, Session, first_button
from .widgets import (ACCENT, ERROR, SEATING_WIDTH, ErrorLine, Fold, TimerLine, heading,
                      isolate_names, language_switch, line, panel, player_chip, player_colour,
                      qr_card, steady,
                      wifi_card)

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared screens' words
_n = _.n


def fault_part(screen: Screen) -> ft.Column:
    """The host's own fault (a full disk), said on the table screen until a write works."""
    def draw(fault: str | None) -> list[ft.Control]:
        if not fault:
            return []
        return [line(screen.words(_("{fault}: nothing new is being saved. {fix}, then try "
                                    "again.", fault=fault, fix=fix_for(fault))), 24,
                     color=ERROR, weight=ft.FontWeight.BOLD)]
    return screen.part(lambda: screen.service.fault, draw)


class NotTable(Screen):
    def __init__(self, session: Session, message: str | None = None) -> None:
        super().__init__(session)
        self.message = message  # why not (too many wrong keys from here), if there is more

    def draw(self, shown) -> list[ft.Control]:
        say = self.words
        return [heading(say(_("This screen is not the table screen"))),
                *([line(say(self.message))] if self.message else []),
                line(say(_("Open the table URL that the host printed when it started: it "
                           "carries the host key. Players join by scanning the QR code on the "
                           "table screen.")))]


class Rooms(Screen):
    """The table's home: start a room for a game, or resume one."""

    topic = "rooms"

    def __init__(self, session: Session, host_key: str) -> None:
        super().__init__(session)
        self.host_key = host_key
        self.error = ErrorLine()

    def inputs(self) -> object:
        """The games a room can be made for (key, title, broken), the rooms, and how many
        games tonight has played."""
        return (tuple((e.key, e.said, e.key in BROKEN) for e in games.entries()
                      if e.key in BROKEN or e.key in self.service.offered),
                tuple(self.service.rooms()), len(self.service.tonight().games))

    def draw(self, shown) -> list[ft.Control]:
        offered, rooms, played = shown
        say = self.words
        new = []
        for key, title, broken in offered:
            if broken:  # said where the host looks; the cause is in the log
                new.append(ft.Button(say(_("{game}: could not be loaded", game=key)),
                                     disabled=True))
            else:
                new.append(ft.Button(say(_("New room: {title}", title=title)),
                                     on_click=self._create(key)))
        rows = []
        for room in rooms:
            title = games.title(room.game_key, room.title)  # the game's, else as kept
            if room.imported:  # its result is in Tonight; there is no game to resume
                rows.append(line(say(_("{code}  {title}  (from a record)", code=room.code,
                                       title=title)), 20))
                continue
            status = (_("{code}  {title}  (ended)", code=room.code, title=title)
                      if room.ended else
                      _("{code}  {title}  (playing)", code=room.code, title=title)
                      if room.started else
                      _("{code}  {title}  (seating players)", code=room.code, title=title))
            buttons = [ft.OutlinedButton(say(_("Resume room {code}", code=room.code)),
                                         on_click=self._resume(room))]
            if not room.ended:
                buttons.append(ft.TextButton(say(_("End room {code}", code=room.code)),
                                             on_click=self._end(room)))
            rows.append(ft.Row([line(say(status), 20), *buttons], wrap=True))
        tonight = ([ft.OutlinedButton(say(_n("Tonight: {n} game played",
                                             "Tonight: {n} games played", "n", n=played)),
                                      icon=ft.Icons.EMOJI_EVENTS, on_click=self._tonight)]
                   if played else [])
        if played:
            tonight.append(ft.OutlinedButton(say(_("History across nights")),
                                             icon=ft.Icons.HISTORY, on_click=self._history))
        return [heading(say(_("Table companion")), 36), *tonight,
                panel(say(_("Start a room")), new),
                panel(say(_("Rooms")), rows or [line(say(_("No rooms yet.")))])]

    async def _tonight(self, e=None) -> None:
        await self.s.navigate("/table/tonight")

    async def _history(self, e=None) -> None:
        await self.s.navigate("/table/history")

    def layout(self) -> list[ft.Control]:
        return [fault_part(self), *super().layout(), self.error,
                self.part(lambda: self.words.language, self._draw_language)]

    def _draw_language(self, language: str) -> list[ft.Control]:
        return [language_switch(language, self._pick_language)]

    def _pick_language(self, language: str) -> None:
        """The table's language (the host's, ``companion --language``), in one tap: every
        table screen says its words in it from now on; this one is drawn again at once."""
        set_host_language(language)
        if self.s.reopen is not None:
            self.s.page.run_task(self.s.reopen)

    def _create(self, key: str):
        async def handler(e=None):
            code = self.attempt(self.error, self.service.create_room, self.host_key, key)
            if code:
                await self.s.navigate(f"/table/{code}")
        return handler

    def _resume(self, room):
        async def handler(e=None):
            if room.ended and not self.attempt(self.error, self.service.resume_room,
                                               self.host_key, room.code):
                return
            await self.s.navigate(f"/table/{room.code}")
        return handler

    def _end(self, room):
        def handler(e=None):
            self.attempt(self.error, self.service.end_room, self.host_key, room.code)
        return handler


class TableRoom(Screen):
    """One room on the table screen, read from 2 m away.

    Fixed at the top: the phase (what happens now) big, and the players as a strip of
    chips. Fixed at the bottom: one action bar with the table's next steps. In between,
    scrolling: the join QR code (until the game starts; then a small chip brings it back for
    a late joiner), the secret vote, the game, the timer and the history.
    """

    def __init__(self, session: Session, host_key: str, code: str) -> None:
        super().__init__(session)
        self.host_key, self.code = host_key, code
        self.topic = code
        self.leads = True  # the whole table watches it: a vote's count reaches it first
        self.error = ErrorLine()
        self.vote_panel = VotePanel(self)
        room = self.service.room(code)
        screens = screens_of(room.game_key)
        self.game_panel = screens.TablePanel(self)
        if not room.started:  # "Play again": last game's options, to confirm
            suggested = self.service.suggested_options(host_key, code)
            if suggested:
                self.game_panel.fill_setup(suggested)
        self.rejoin: tuple[str, str] | None = None  # (name, url) shown as a QR
        self.show_join = False  # the join QR brought back after the start
        self.confirm: tuple[str, str] | None = None  # (what, seat id) waiting for a yes
        self.seat_menu: str | None = None  # the seat whose actions are open
        self.swap_from: str | None = None  # Seat order: the first of two players tapped
        self.changing_places = False  # the seat ring opened during a game
        self.timer = TimerLine(lambda: self.service.timer_left(self.code), 28)
        self.root.scroll = None  # the top and the action bar stay; the middle scrolls
        self.root.horizontal_alignment = ft.CrossAxisAlignment.STRETCH

    def layout(self) -> list[ft.Control]:
        sv = self.service
        room_now = lambda: sv.room(self.code)  # noqa: E731
        # the game's setup form (if any) lives on in the seating panel until the game starts
        setup = self.game_panel.setup_form
        say = self.words
        self.seating = panel(say(_("Seating")), [
            line(say(_("Wait for everyone to join, then start.")), 20),
            *([setup] if setup else [])])
        top = [self.part(self._phase_now, self._draw_phase,
                         news=lambda: self._phase_line(self._phase_now())),
               self.part(lambda: (self._seats_now(), room_now().started, room_now().ended,
                                  room_now().code), self._draw_seats),
               fault_part(self), self.error]
        body = [
            self.part(lambda: (room_now().started, sv.reminders(self.code)),
                      self._draw_checklist),
            self.part(self._requests_now, self._draw_requests),
            self.part(lambda: (self.seat_menu, self.confirm, self._seats(),
                               room_now().started), self._draw_seat_menu),
            ft.ResponsiveRow([  # before the start: the join code beside the seating
                ft.Column([self.part(self._join_now, self._draw_qr)],
                          col={"xs": 12, "md": 5}),
                ft.Column([self.part(lambda: (room_now().started, self._seats(),
                                              self.swap_from), self._draw_seat_order),
                           self.part(lambda: (room_now().started, self._seats()),
                                     self._draw_seating, [self.seating])],
                          col={"xs": 12, "md": 7})]),
            self.part(lambda: self.vote_panel.inputs(sv.vote(self.code)), self.vote_panel.draw,
                      news=lambda: self.vote_panel.news(sv.vote(self.code))),
            self.part(self._game_now, self._draw_game, [self.game_panel.root]),
            self.part(lambda: room_now().timer_end, lambda _: self.timer.sync(), [self.timer]),
            self.part(lambda: (room_now().started and not room_now().ended, self._seats(),
                               self.swap_from, self.changing_places,
                               "change_places" in sv.legal_moves(self.code, self.host_key)),
                      self._draw_places_in_game),
            ft.Row([  # the discussion timer and the way home: used now and then, kept below
                *[ft.TextButton(say(_("Timer {n} min", n=m)), on_click=self._timer(m * 60))
                  for m in (1, 2, 5)],
                ft.TextButton(say(_("Stop the timer")), on_click=lambda e: self.attempt(
                    self.error, sv.stop_timer, self.host_key, self.code)),
                ft.TextButton(say(_("All rooms")), on_click=self._home),
                ft.TextButton(say(_("Tonight")), on_click=self._tonight)], wrap=True),
            self.part(lambda: tuple(sv.history_lines(self.code)[-12:]), self._draw_history)]
        bar = self.part(self._bar_now, self._draw_bar)
        return [ft.Column(top, spacing=8),
                # the middle uses the screen's width (a reveal beside its tally on a wide one)
                ft.Column(body, scroll=ft.ScrollMode.AUTO, expand=True, spacing=12,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                ft.Container(bar, padding=ft.Padding(0, 8, 0, 0),
                             border=ft.Border(top=ft.BorderSide(1, ft.Colors.WHITE_24)))]

    # --- the top: phase and players ------------------------------------------------------
    def _phase_now(self) -> tuple:
        room = self.service.room(self.code)
        return (room.imported, room.ended, room.started, room.code,
                games.title(room.game_key, room.title), tuple(self.service.reminders(self.code)))

    def _phase_line(self, shown: tuple) -> str:
        """The screen's title: what happens now (the room's name before the start)."""
        imported, ended, started, code, title, reminders = shown
        say = self.words
        if imported:
            return say(_("This room came from an imported record: its result is in Tonight."))
        if ended:
            return say(_("This room has ended. Resume it from the room list."))
        if not started:
            return say(_("Room {code}", code=code))
        return reminders[0] if reminders else say(title)

    def _draw_phase(self, shown: tuple) -> list[ft.Control]:
        imported, ended, started, _code, title, _reminders = shown
        said = heading(self._phase_line(shown), 40 if ended or imported else 44)
        if started or ended or imported:
            return [said]
        return [ft.Row([said, line(self.words(_("{title}: scan the code to join", title=title)),
                                   24)], wrap=True)]

    def _draw_checklist(self, shown: tuple) -> list[ft.Control]:
        """The rest of what the table should do now, read at the table, under the phase."""
        started, reminders = shown
        rest = reminders[1:] if started else ()
        return [ft.Container(ft.Column([line(t, 20) for t in rest], spacing=4, tight=True),
                             bgcolor=ft.Colors.with_opacity(0.12, ACCENT), padding=12,
                             border_radius=8)] if rest else []

    def _seats_now(self) -> tuple:
        """(seat, connected, on a shared device) for every seat, read once per redraw."""
        return self.once("seats", lambda: tuple(
            (s, self.service.is_connected(self.code, s.id),
             self.service.is_shared(self.code, s.id)) for s in self.service.seats(self.code)))

    def _seats(self) -> tuple:
        return tuple(seat for seat, _, _ in self._seats_now())

    def _draw_seats(self, shown: tuple) -> list[ft.Control]:
        seats, started, ended, code = shown
        chips = []
        for seat, connected, shared in seats:
            on = seat.claimed and connected
            state = "connected" if on else ("not connected" if seat.claimed else "seat free")
            note = _("shared device") if shared else ""
            chips.append(player_chip(seat.name, seat.colour, state=state, size=24,
                                     on_click=self._menu(seat), note=note, say=self.words))
        say = self.words
        if not chips:
            chips = [line(say(_("Nobody has joined yet.")), 20)]
        if started:  # the join code steps aside to a chip a late joiner can tap
            chips.append(ft.OutlinedButton(say(_("Join code {code}", code=code)),
                                           icon=ft.Icons.QR_CODE, on_click=self._toggle_join))
        if not ended:  # players without a phone: their seats on this device, handed round
            chips.append(ft.TextButton(say(_("Players without a phone: seat them here")),
                                       on_click=self._seat_here))
        return [ft.Row(chips, wrap=True, spacing=8, run_spacing=8)]

    # --- the join and rejoin codes -----------------------------------------------------------
    def _join_now(self) -> object:
        return (self.rejoin, self.show_join, self.service.room(self.code).started)

    def _draw_qr(self, shown: tuple) -> list[ft.Control]:
        """The room's join code (big until the game starts); a seat's rejoin code takes its
        place while it is shown, so a phone camera never sees two codes at once."""
        rejoin, show_join, started = shown
        say = self.words
        if rejoin:
            name, url = rejoin
            return [line(say(_("Rejoin code for {name}: scan it with {name}'s phone.",
                               name=name)), 22, weight=ft.FontWeight.BOLD),
                    qr_card(url, 320),
                    ft.FilledButton(say(_("Hide the rejoin code")), on_click=self._hide_rejoin)]
        if started and not show_join:
            return []
        urls = self.s.urls
        join = urls.join(self.code)
        if urls.wifi_name:  # first onto the table's Wi-Fi, then into the room
            codes = [ft.Row([wifi_card(urls.wifi_name, urls.wifi_password, 280),
                             qr_card(join, 280, join)], wrap=True, spacing=24),
                     line(say(_("First scan the Wi-Fi code to join the network, then the "
                                "room's code; or open the address and type your name.")), 18)]
        else:
            codes = [qr_card(join, 320, join),
                     line(say(_("Scan to join, or open the address and type your name.")), 18)]
        return [*codes,
                *([ft.TextButton(say(_("Hide the join code")), on_click=self._toggle_join)]
                  if started else [])]

    async def _seat_here(self, e=None) -> None:
        await self.s.navigate(f"/join/{self.code}?table=1")

    def _toggle_join(self, e=None) -> None:
        self.show_join = not self.show_join
        self.refresh()

    def _requests_now(self) -> tuple:
        return tuple(self.service.seat_requests(self.host_key, self.code))

    def _draw_requests(self, requests: tuple) -> list[ft.Control]:
        """A phone asks for a freed seat: the table looks up and decides who holds it."""
        say = self.words
        return [panel(say(_("A phone asks for {name}'s seat", name=r.name)), [
            line(say(_("Give it the seat only if {name} is holding that phone.", name=r.name)),
                 18),
            ft.Row([ft.FilledButton(say(_("Give {name}'s seat to that phone", name=r.name)),
                                    on_click=self._answer(r, True)),
                    ft.OutlinedButton(say(_("Turn it away")), on_click=self._answer(r, False))],
                   wrap=True)]) for r in requests]

    def _answer(self, request, give: bool):
        def handler(e=None):
            self.attempt(self.error, self.service.answer_seat_request, self.host_key,
                         self.code, request.id, give)
        return handler

    # --- a seat's actions, each hard to undo, so each asks first --------------------------
    def _menu(self, seat):
        def handler(e=None):
            self.seat_menu = None if self.seat_menu == seat.id else seat.id
            self.confirm = None
            self.refresh()
        return handler

    def _draw_seat_menu(self, shown: tuple) -> list[ft.Control]:
        seat_menu, confirm, seats, started = shown
        seat = next((s for s in seats if s.id == seat_menu), None)
        if seat is None:
            return []
        what = confirm[0] if confirm and confirm[1] == seat.id else None
        say, name = self.words, seat.name
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
                                  on_click=self._ask(("rejoin", seat.id))),
                *([ft.OutlinedButton(say(_("Free {name}'s seat", name=name)),
                                     on_click=self._ask(("free", seat.id)))]
                  if seat.claimed else []),
                # before the start a seat can go (a guest who sat down uninvited)
                *([ft.OutlinedButton(say(_("Remove {name}'s seat", name=name)),
                                     on_click=self._ask(("remove", seat.id)))]
                  if not started else []),
                ft.TextButton(say(_("Close")), on_click=self._menu(seat))], wrap=True)]
        return [panel(say(_("{name}'s seat", name=name)), body)]

    def _ask(self, confirm: tuple[str, str]):
        def handler(e=None):
            self.confirm = confirm
            self.refresh()
        return handler

    def _free(self, seat):
        def handler(e=None):
            self.seat_menu = self.confirm = None
            self.attempt(self.error, self.service.free_seat, self.host_key, self.code, seat.id)
            self.refresh()
        return handler

    def _remove(self, seat):
        def handler(e=None):
            self.seat_menu = self.confirm = None
            self.attempt(self.error, self.service.remove_seat, self.host_key, self.code, seat.id)
            self.refresh()
        return handler

    def _rejoin(self, seat):
        def handler(e=None):
            self.seat_menu = self.confirm = None
            token = self.attempt(self.error, self.service.rejoin_token, self.host_key,
                                 self.code, seat.id)
            if token:
                self.rejoin = (seat.name, self.s.urls.rejoin(self.code, token))
            self.refresh()
        return handler

    def _hide_rejoin(self, e=None) -> None:
        self.rejoin = None
        self.refresh()

    # --- seat order: the players around a drawn table, as they sit -----------------------
    def _draw_seat_order(self, shown: tuple) -> list[ft.Control]:
        """Seats in the order people sit, clockwise from seat 1 (who plays first); the table
        taps two players to swap their places. The games take their turn order from it."""
        started, seats, swap_from = shown
        if started or len(seats) < 2:
            return []
        chosen = next((s for s in seats if s.id == swap_from), None)
        say = self.words
        hint = say(_("{name} is chosen: tap the player who sits there instead.",
                     name=chosen.name) if chosen else
                   _("Seat the players as they sit: tap two players to swap their places. "
                     "Play goes clockwise, from seat 1."))
        return [panel(say(_("Seat order")), [line(hint, 18), seat_ring(seats, self._swap,
                                                                      swap_from, say=say)])]

    def _draw_places_in_game(self, shown: tuple) -> list[ft.Control]:
        """During a game that lets players change places (between cards, say): the seating in
        one line, and the same ring as before the start behind a button."""
        playing, seats, swap_from, changing, may_change = shown
        if not playing or len(seats) < 2 or not may_change:
            return []
        say = self.words
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
            self.refresh()
        return handler

    def _swap(self, seat):
        def handler(e=None):
            if self.swap_from in (None, seat.id):
                self.swap_from = None if self.swap_from == seat.id else seat.id
            else:
                first, self.swap_from = self.swap_from, None
                self.attempt(self.error, self.service.swap_seats, self.host_key, self.code,
                             first, seat.id)
            self.refresh()
        return handler

    # --- the middle: seating, game, timer, history ---------------------------------------
    def _draw_seating(self, shown: tuple) -> None:
        started, seats = shown
        self.seating.visible = not started
        if self.seating.visible:  # e.g. one character choice per seated player
            self.game_panel.draw_setup(list(seats))

    def _game_now(self) -> object:
        """The game panel's inputs (None before the start), read once per redraw: the
        panel's slot and the action bar both draw from them."""
        return self.once("game", self._read_game)

    def _read_game(self) -> object:
        if not self.service.room(self.code).started:
            return None
        view = self.service.view(self.code, self.host_key)
        return self.game_panel.inputs(view, self.service.vote(self.code))

    def _draw_game(self, shown: object) -> None:
        self.game_panel.root.visible = shown is not None
        if shown is not None:
            self.game_panel.draw(shown)

    def _draw_history(self, history: tuple) -> list[ft.Control]:
        lines = [line(self.words(h), 16) for h in history[::-1]]  # in this screen's language
        say = self.words
        return [Fold(say(_("History: {line}", line=lines[0].value) if lines else
                         _("History: nothing yet")), lines[1:], 18,
                     more=say(_("Earlier moves ({n})")), less=say(_("Less")))]

    # --- the action bar: the table's next steps, always in the same place ----------------
    def _bar_now(self) -> object:
        room = self.service.room(self.code)
        # what "Play again" and "Another game" say and offer, once they are offered
        again = (games.title(room.game_key, room.title), tuple(s.name for s in self._seats()),
                 self.service.game(self.code).late_join,
                 tuple((e.key, e.said) for e in games.entries()
                       if e.playable and e.key in self.service.offered)
                 ) if self._may_play_again() else None
        return (room.started, room.ended, self.confirm,
                self.vote_panel.steps_inputs(self.service.vote(self.code)), self._game_now(),
                again)

    def _may_play_again(self) -> bool:
        """Once the game is over (or for the table vote, which never ends by itself): the
        same players, the next game, one tap away."""
        room = self.service.room(self.code)
        if not room.started or room.ended or room.next_room:
            return False
        return bool(self.service.game(self.code).late_join
                    or self.service.outcome(self.code) is not None)

    def _again_steps(self, confirm, again: tuple, first: bool = True) -> list[ft.Control]:
        what = confirm[0] if confirm else None
        title, seated, late_join, offered = again
        say = self.words
        names = Items(seated) if seated else _("nobody")
        if what == "again":
            return [line(say(_("Play {title} again with {names}? Every phone moves to the "
                               "new room, seated.", title=title, names=names)), 20),
                    big_button(say(_("Yes, play again")), self._play_again(None)),
                    big_button(say(_("No")), self._cancel_undo, outlined=True)]
        if what == "another":
            return [line(say(_("Which game next, with {names}?", names=names)), 20),
                    *[big_button(say(_("Next: {title}", title=title)), self._play_again(key),
                                 outlined=True)
                      for key, title in offered],
                    big_button(say(_("No")), self._cancel_undo, outlined=True)]
        steps = []
        if not late_join:
            steps.append(big_button(say(_("Play again")), self._ask(("again", "")),
                                    outlined=not first))
        steps.append(big_button(say(_("Another game")), self._ask(("another", "")),
                                outlined=True))
        return steps

    def _play_again(self, game_key: str | None):
        def handler(e=None):
            self.confirm = None
            self.attempt(self.error, self.service.play_again, self.host_key, self.code,
                         game_key)
            self.refresh()  # the room now names its next one: this screen follows it
        return handler

    def refresh(self, force: bool = False) -> None:
        room = self.service.room(self.code)
        if room.next_room:  # "Play again": the table screen goes to the new room
            if not getattr(self, "_following", False):
                self._following = True
                asyncio.get_running_loop().create_task(self.s.navigate(
                    f"/table/{room.next_room}"))
            return
        super().refresh(force)

    def _draw_bar(self, shown: tuple) -> list[ft.Control]:
        started, ended, confirm, vote_steps, game, again = shown
        steps: list[ft.Control] = []
        say = self.words
        if not started and not ended:
            steps.append(big_button(say(_("Start the game")), self._start))
        if game is not None:  # the game's next steps
            steps += self.game_panel.actions(game)
        steps += self.vote_panel.actions(vote_steps)
        if again:  # the next game, after what is left of this one
            steps += self._again_steps(confirm, again, first=not steps)
        if confirm and confirm[0] in ("again", "another"):
            pass  # asked above, in place of the undo
        elif confirm and confirm[0] == "undo":
            steps += [line(say(_("Undo the last move?")), 20),
                      big_button(say(_("Yes, undo it")), self._undo),
                      big_button(say(_("No, keep it")), self._cancel_undo, outlined=True)]
        elif started:
            steps.append(big_button(say(_("Undo the last move")), self._ask(("undo", "")),
                                    outlined=True))
        return [steady(steps, "action bar")]

    def _start(self, e=None) -> None:
        """Start with the options of the game's setup form (names, scenario, side...)."""
        self.attempt(self.error, lambda: self.service.start(self.host_key, self.code,
                                                            self.game_panel.options()))

    def _timer(self, seconds: int):
        def handler(e=None):
            self.attempt(self.error, self.service.start_timer, self.host_key, self.code, seconds)
        return handler

    def stop(self) -> None:
        super().stop()
        self.timer.stop()

    def _cancel_undo(self, e=None) -> None:
        self.confirm = None
        self.refresh()

    def _undo(self, e=None) -> None:
        self.confirm = None
        self.attempt(self.error, self.service.undo, self.host_key, self.code)
        self.refresh()

    async def _home(self, e=None) -> None:
        await self.s.navigate("/table")

    async def _tonight(self, e=None) -> None:
        await self.s.navigate("/table/tonight")

    async def _history(self, e=None) -> None:
        await self.s.navigate("/table/history")

    def go_pass_and_play(self) -> None:
        asyncio.get_event_loop().create_task(self.s.navigate(
            f"/table/{self.code}/pass"))


SEAT_CHIP = (150, 48)  # a seat's chip on the ring: its number and a name of ~10 letters
SEAT_GAP = 6  # the least room between two chips, so each reads (and is tapped) alone
RING_ROOM = 540  # the room a 1024 px table gives the ring beside the join code: 551 px
RING_WIDEST = 680  # only for a crowd: the oval's ends grow too sharp to part more chips
RING_TALL = 900  # how tall it grows inside the room before it takes more width


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


class PassAndPlay(Screen):
    """One device handed around the table: a blank hand-over screen between voters."""

    def __init__(self, session: Session, host_key: str, code: str) -> None:
        super().__init__(session)
        self.host_key, self.code = host_key, code
        self.topic = code
        self.leads = True  # the table's own device: told first, like the table screen
        self.voter: str | None = None  # whose ballot is on screen now
        self.just_voted = False
        self.form: BallotForm | None = None

    def layout(self) -> list[ft.Control]:
        self.form_slot = ft.Column()
        return [*super().layout(), self.form_slot]

    async def start(self) -> None:
        await super().start()
        # opened from the table screen, the page changed under the reader: say so, and put
        # the focus on its first button ("I am Ana: show my ballot")
        self.say(self.words(_("Pass and play.")))
        self.say(self.news(), first_button(self.body.controls))

    def inputs(self) -> object:
        return self.service.vote(self.code), self.voter, self.just_voted, self.form

    def news(self) -> str | None:
        """Said as the device goes round: the vote taken, then who takes it next."""
        vote = self.service.vote(self.code)
        if vote is None or self.voter:
            return None
        if self.just_voted:
            return self.words(_("Your vote is in."))
        waiting = vote.waiting_for if vote.status == OPEN else ()
        return self.words(_("Pass the device to {name}", name=waiting[0]) if waiting else
                          _("All ballots in."))

    def draw(self, shown: tuple) -> list[ft.Control]:
        vote, voter, just_voted, ballot = shown
        form = [ballot.root] if ballot and vote and voter in vote.waiting_for else []
        if form != self.form_slot.controls:
            self.form_slot.controls = form
        if form:
            return []
        say = self.words
        back = ft.TextButton(say(_("Back to the table screen")), on_click=self._back)
        if vote is None:
            return [heading(say(_("No vote is open."))), back]
        if just_voted:
            return [heading(say(_("Your vote is in."))),
                    line(say(_("Hand the device on. Nobody sees how you voted."))),
                    ft.FilledButton(say(_("Done: hide my screen")), on_click=self._next)]
        waiting = vote.waiting_for if vote.status == OPEN else ()
        if not waiting:
            return [heading(say(_n("All {n} ballot in.", "All {n} ballots in.", "n",
                                   n=len(vote.voted)))),
                    line(say(_("Give the device back to the table to read the votes."))), back]
        nxt = waiting[0]
        return [heading(say(_("Pass the device to {name}", name=nxt)), 34),
                line(say(_("{name}: tap below when only you can see the screen.", name=nxt))),
                ft.FilledButton(say(_("I am {name}: show my ballot", name=nxt)),
                                on_click=self._open(nxt)),
                line(say(_("Still to vote: {names}", names=Items(waiting))), 16), back]

    def _open(self, voter: str):
        def handler(e=None):
            vote = self.service.vote(self.code)
            self.voter = voter
            self.form = BallotForm(vote, voter, self._cast, self._form_update, tell=self.say,
                                   say=self.words)
            self.refresh(force=True)
            self.say(self.words(_("{name}'s ballot: {question}", name=voter,
                                  question=vote.call.question)), self.form.first_choice())
        return handler

    def _form_update(self) -> None:
        """The ballot redrawn by the voter's own tap: its names isolated like the rest."""
        if self.form is not None:
            isolate_names(self.form.root, self.names(), self.words.rtl)
        self.s.page.update()

    def _cast(self, choices: list[str]) -> object:
        result = self.service.cast_for(self.host_key, self.code, self.voter, choices)
        self.voter, self.form, self.just_voted = None, None, True
        self.refresh(force=True)
        return result

    def _next(self, e=None) -> None:
        self.just_voted = False
        self.refresh(force=True)

    async def _back(self, e=None) -> None:
        await self.s.navigate(f"/table/{self.code}")
