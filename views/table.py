"""The table screen: the rooms, and a room with its QR code, seats, game, vote and history."""
from __future__ import annotations

import asyncio

import flet as ft

from companion import games
from companion.ballots import OPEN

from .ballot import BallotForm, VotePanel, plural
from .games import SCREENS
from .screen import Screen, Session
from .widgets import ERROR, OK, ErrorLine, TimerLine, banner, heading, line, panel, qr_card


class NotTable(Screen):
    def draw(self) -> list[ft.Control]:
        return [heading("This screen is not the table screen"),
                line("Open the table URL that the host printed when it started: it carries "
                     "the host key. Players join by scanning the QR code on the table screen.")]


class Rooms(Screen):
    """The table's home: start a room for a game, or resume one."""

    topic = "rooms"

    def __init__(self, session: Session, host_key: str) -> None:
        super().__init__(session)
        self.host_key = host_key
        self.error = ErrorLine()

    def signature(self) -> object:
        return [(r.code, r.ended, r.started) for r in self.service.rooms()]

    def draw(self) -> list[ft.Control]:
        new = []
        for entry in games.entries():
            playable = entry.playable and entry.key in self.service.offered
            new.append(ft.Button(f"New room: {entry.title}" if playable
                                 else f"{entry.title} (coming soon)",
                                 disabled=not playable, on_click=self._create(entry.key)))
        rows = []
        for room in self.service.rooms():
            status = "ended" if room.ended else ("playing" if room.started else "seating players")
            buttons = [ft.OutlinedButton(f"Resume room {room.code}", on_click=self._resume(room))]
            if not room.ended:
                buttons.append(ft.TextButton(f"End room {room.code}", on_click=self._end(room)))
            rows.append(ft.Row([line(f"{room.code}  {room.title}  ({status})", 20), *buttons],
                               wrap=True))
        return [heading("Table companion", 36), panel("Start a room", new),
                panel("Rooms", rows or [line("No rooms yet.")])]

    def layout(self) -> list[ft.Control]:
        return [*super().layout(), self.error]

    def _create(self, key: str):
        async def handler(e=None):
            code = self.attempt(self.error, self.service.create_room, self.host_key, key)
            if code:
                await self.s.navigate(f"/table/{code}?k={self.host_key}")
        return handler

    def _resume(self, room):
        async def handler(e=None):
            if room.ended and not self.attempt(self.error, self.service.resume_room,
                                               self.host_key, room.code):
                return
            await self.s.navigate(f"/table/{room.code}?k={self.host_key}")
        return handler

    def _end(self, room):
        def handler(e=None):
            self.attempt(self.error, self.service.end_room, self.host_key, room.code)
        return handler


class TableRoom(Screen):
    """One room on the table screen."""

    def __init__(self, session: Session, host_key: str, code: str) -> None:
        super().__init__(session)
        self.host_key, self.code = host_key, code
        self.topic = code
        self.error = ErrorLine()
        self.vote_panel = VotePanel(self)
        room = self.service.room(code)
        screens = SCREENS[room.game_key]
        self.game_panel = screens.TablePanel(self)
        self.rejoin: tuple[str, str] | None = None  # (name, url) shown as a QR
        self.confirm_undo = False
        self.seats = []
        self.timer = TimerLine(lambda: self.service.timer_left(self.code), 28)

    def layout(self) -> list[ft.Control]:
        sv = self.service
        room = sv.room(self.code)
        room_now = lambda: sv.room(self.code)  # noqa: E731
        left = [heading(f"Room {room.code}", 40), line(room.title, 22),
                self.part(lambda: self.rejoin, self._draw_qr),
                self.part(self._requests_now, self._draw_requests),
                self.part(self._seats_now, self._draw_seats)]
        # the game's setup form (if any) lives on in the seating panel until the game starts
        setup = getattr(self.game_panel, "setup_form", None)
        self.seating = panel("Seating", [
            line("Wait for everyone to join, then start."),
            *([setup] if setup else []),
            ft.FilledButton("Start the game", on_click=self._start)])
        right = [
            self.part(lambda: (room_now().ended, room_now().started, sv.reminders(self.code)),
                      self._draw_status),
            self.part(lambda: (room_now().started, [s.name for s in sv.seats(self.code)]),
                      self._draw_seating, [self.seating]),
            self.part(lambda: self.vote_panel.signature(sv.vote(self.code)),
                      lambda: self.vote_panel.draw(sv.vote(self.code))),
            self.part(self._game_now, self._draw_game, [self.game_panel.root]),
            self.part(lambda: room_now().timer_end, self.timer.sync, [panel("Discussion timer", [
                self.timer,
                ft.Row([ft.OutlinedButton(f"Timer {m} min", on_click=self._timer(m * 60))
                        for m in (1, 2, 5)] +
                       [ft.TextButton("Stop the timer", on_click=lambda e: self.attempt(
                           self.error, sv.stop_timer, self.host_key, self.code))],
                       wrap=True)])]),
            self.part(lambda: (len(sv.history(self.code)), self.confirm_undo,
                               room_now().started), self._draw_history),
            ft.Row([ft.TextButton("All rooms", on_click=self._home)])]
        return [self.error, ft.ResponsiveRow([
            ft.Column(left, col={"xs": 12, "md": 5}, spacing=12),
            ft.Column(right, col={"xs": 12, "md": 7}, spacing=12)])]

    def _seats_now(self) -> object:
        self.seats = self.service.seats(self.code)
        return [(s, self.service.is_connected(self.code, s.id)) for s in self.seats]

    def _draw_seats(self) -> list[ft.Control]:
        rows = []
        for seat in self.seats:
            on = seat.claimed and self.service.is_connected(self.code, seat.id)
            state = "connected" if on else ("not connected" if seat.claimed else "seat free")
            rows.append(ft.Row([
                ft.Icon(ft.Icons.PHONE_ANDROID if on else ft.Icons.PHONELINK_OFF,
                        color=OK if on else ERROR, semantics_label=state),
                line(f"{seat.name}: {state}", 20),
                ft.TextButton(f"Free {seat.name}'s seat", on_click=self._free(seat)),
                ft.TextButton(f"Rejoin code for {seat.name}", on_click=self._rejoin(seat)),
            ], wrap=True))
        return [panel(f"Seats ({len(self.seats)})", rows or [line("Nobody has joined yet.")])]

    def _requests_now(self) -> object:
        return self.service.seat_requests(self.host_key, self.code)

    def _draw_requests(self) -> list[ft.Control]:
        """A phone asks for a freed seat: the table looks up and decides who holds it."""
        return [panel(f"A phone asks for {r.name}'s seat", [
            line(f"Give it the seat only if {r.name} is holding that phone.", 18),
            ft.Row([ft.FilledButton(f"Give {r.name}'s seat to that phone",
                                    on_click=self._answer(r, True)),
                    ft.OutlinedButton("Turn it away", on_click=self._answer(r, False))],
                   wrap=True)]) for r in self._requests_now()]

    def _answer(self, request, give: bool):
        def handler(e=None):
            self.attempt(self.error, self.service.answer_seat_request, self.host_key,
                         self.code, request.id, give)
        return handler

    def _draw_qr(self) -> list[ft.Control]:
        """The room's join code; a seat's rejoin code takes its place while it is shown, so a
        phone camera never sees two codes at once."""
        if not self.rejoin:
            join = self.s.urls.join(self.code)
            return [qr_card(join, 320, join),
                    line("Scan to join, or open the address and type your name.", 16)]
        name, url = self.rejoin
        return [line(f"Rejoin code for {name}: scan it with {name}'s phone.", 20,
                     weight=ft.FontWeight.BOLD),
                qr_card(url, 320),
                ft.FilledButton("Hide the rejoin code", on_click=self._hide_rejoin)]

    def _draw_status(self) -> list[ft.Control]:
        room = self.service.room(self.code)
        status: list[ft.Control] = []
        if room.ended:
            status.append(line("This room has ended. Resume it from the room list.", 22))
        if room.started:
            status.append(banner(self.service.reminders(self.code)))
        return status

    def _draw_seating(self) -> None:
        self.seating.visible = not self.service.room(self.code).started
        draw_setup = getattr(self.game_panel, "draw_setup", None)
        if self.seating.visible and draw_setup:  # e.g. one character choice per seated player
            draw_setup(self.service.seats(self.code))

    def _start(self, e=None) -> None:
        """Start with the options of the game's setup form (names, scenario, side…)."""
        options = getattr(self.game_panel, "options", lambda: {})
        self.attempt(self.error, lambda: self.service.start(self.host_key, self.code, options()))

    def _game_now(self) -> object:
        room = self.service.room(self.code)
        if not room.started:
            return None
        self._view = self.service.view(self.code, self.host_key)
        return self.game_panel.signature(self._view, self.service.vote(self.code))

    def _draw_game(self) -> None:
        started = self.service.room(self.code).started
        self.game_panel.root.visible = started
        if started:
            self.game_panel.draw(self._view, self.service.vote(self.code))

    def _draw_history(self) -> list[ft.Control]:
        started = self.service.room(self.code).started
        undo = (ft.Row([line("Undo the last move?"),
                        ft.FilledButton("Yes, undo it", on_click=self._undo),
                        ft.TextButton("No, keep it", on_click=self._cancel_undo)], wrap=True)
                if self.confirm_undo else
                ft.OutlinedButton("Undo the last move", on_click=self._ask_undo))
        lines = [line(h, 16) for h in self.service.history(self.code)[-12:][::-1]]
        return [panel("History", lines + ([undo] if started else []))]

    # --- timer ---------------------------------------------------------------------------
    def _timer(self, seconds: int):
        def handler(e=None):
            self.attempt(self.error, self.service.start_timer, self.host_key, self.code, seconds)
        return handler

    def stop(self) -> None:
        super().stop()
        self.timer.stop()

    # --- seats, undo, navigation ---------------------------------------------------------
    def _free(self, seat):
        def handler(e=None):
            self.attempt(self.error, self.service.free_seat, self.host_key, self.code, seat.id)
        return handler

    def _rejoin(self, seat):
        def handler(e=None):
            token = self.attempt(self.error, self.service.rejoin_token, self.host_key,
                                 self.code, seat.id)
            if token:
                self.rejoin = (seat.name, self.s.urls.rejoin(self.code, token))
                self.refresh()
        return handler

    def _hide_rejoin(self, e=None) -> None:
        self.rejoin = None
        self.refresh()

    def _ask_undo(self, e=None) -> None:
        self.confirm_undo = True
        self.refresh()

    def _cancel_undo(self, e=None) -> None:
        self.confirm_undo = False
        self.refresh()

    def _undo(self, e=None) -> None:
        self.confirm_undo = False
        self.attempt(self.error, self.service.undo, self.host_key, self.code)
        self.refresh()

    async def _home(self, e=None) -> None:
        await self.s.navigate(f"/table?k={self.host_key}")

    def go_pass_and_play(self) -> None:
        asyncio.get_event_loop().create_task(self.s.navigate(
            f"/table/{self.code}/pass?k={self.host_key}"))


class PassAndPlay(Screen):
    """One device handed around the table: a blank hand-over screen between voters."""

    def __init__(self, session: Session, host_key: str, code: str) -> None:
        super().__init__(session)
        self.host_key, self.code = host_key, code
        self.topic = code
        self.voter: str | None = None  # whose ballot is on screen now
        self.just_voted = False
        self.form: BallotForm | None = None

    def layout(self) -> list[ft.Control]:
        self.form_slot = ft.Column()
        return [*super().layout(), self.form_slot]

    def signature(self) -> object:
        vote = self.service.vote(self.code)
        return (vote and (vote.id, vote.status, vote.voted), self.voter, self.just_voted)

    def draw(self) -> list[ft.Control]:
        vote = self.service.vote(self.code)
        form = [self.form.root] if self.form and vote and self.voter in vote.waiting_for else []
        if form != self.form_slot.controls:
            self.form_slot.controls = form
        if form:
            return []
        back = ft.TextButton("Back to the table screen", on_click=self._back)
        if vote is None:
            return [heading("No vote is open."), back]
        if self.just_voted:
            return [heading("Your vote is in."),
                    line("Hand the device on. Nobody sees how you voted."),
                    ft.FilledButton("Done: hide my screen", on_click=self._next)]
        waiting = vote.waiting_for if vote.status == OPEN else ()
        if not waiting:
            return [heading(f"All {plural(len(vote.voted), 'ballot')} in."),
                    line("Give the device back to the table to read the votes."), back]
        nxt = waiting[0]
        return [heading(f"Pass the device to {nxt}", 34),
                line(f"{nxt}: tap below when only you can see the screen."),
                ft.FilledButton(f"I am {nxt}: show my ballot", on_click=self._open(nxt)),
                line(f"Still to vote: {', '.join(waiting)}", 16), back]

    def _open(self, voter: str):
        def handler(e=None):
            vote = self.service.vote(self.code)
            self.voter = voter
            self.form = BallotForm(vote, voter, self._cast, self.s.page.update)
            self.refresh(force=True)
        return handler

    def _cast(self, choices: list[str]) -> object:
        result = self.service.cast_for(self.host_key, self.code, self.voter, choices)
        self.voter, self.form, self.just_voted = None, None, True
        self.refresh(force=True)
        return result

    def _next(self, e=None) -> None:
        self.just_voted = False
        self.refresh(force=True)

    async def _back(self, e=None) -> None:
        await self.s.navigate(f"/table/{self.code}?k={self.host_key}")
