"""The table screen: the rooms, and a room with its QR code, seats, game, vote and history."""
from __future__ import annotations

import asyncio

import flet as ft

from companion import games
from companion.ballots import OPEN
from companion.language import COMPANION, HOME, Items, Speaker, set_host_language
from companion.store import fix_for

from .ballot import BallotForm, VotePanel
from .games import BROKEN, screens_of
from .screen import Screen, Session, first_button
from .seat_ring import SEAT_CHIP, SeatOrder, seat_places  # noqa: F401 (tests read them here)
from .table_bar import ActionBar
from .table_join import JoinCard
from .table_seats import TableSeats
from .widgets import (ACCENT, ERROR, ErrorLine, Fold, TimerLine, heading, isolate_names,
                      language_switch, line, panel)

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
    chips. Fixed at the bottom: one action bar with the table's next steps
    (views/table_bar.py). In between, scrolling: the join QR code (views/table_join.py; until
    the game starts, then a small chip brings it back for a late joiner), a seat's actions
    (views/table_seats.py), the seat order (views/seat_ring.py), the secret vote, the game,
    the timer and the history.
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
        self.confirm: tuple[str, str] | None = None  # (what, seat id) waiting for a yes
        self.seats = TableSeats(self)  # the chips, the requests, a seat's actions
        self.join_card = JoinCard(self)  # the join code, or a seat's rejoin code
        self.seat_order = SeatOrder(self)  # the players around a drawn table
        self.bar = ActionBar(self)  # the table's next steps
        self.timer = TimerLine(lambda: self.service.timer_left(self.code), 28)
        self.root.scroll = None  # the top and the action bar stay; the middle scrolls
        self.root.horizontal_alignment = ft.CrossAxisAlignment.STRETCH

    def layout(self) -> list[ft.Control]:
        sv = self.service
        room_now = lambda: sv.room(self.code)  # noqa: E731
        seats, order = self.seats, self.seat_order
        # the game's setup form (if any) lives on in the seating panel until the game starts
        setup = self.game_panel.setup_form
        say = self.words
        self.seating = panel(say(_("Seating")), [
            line(say(_("Wait for everyone to join, then start.")), 20),
            *([setup] if setup else [])])
        top = [self.part(self._phase_now, self._draw_phase,
                         news=lambda: self._phase_line(self._phase_now())),
               self.part(lambda: (seats.now(), room_now().started, room_now().ended,
                                  room_now().code), seats.draw_chips),
               fault_part(self), self.error]
        body = [
            self.part(lambda: (room_now().started, sv.reminders(self.code)),
                      self._draw_checklist),
            self.part(seats.requests_now, seats.draw_requests),
            self.part(seats.menu_now, seats.draw_menu),
            ft.ResponsiveRow([  # before the start: the join code beside the seating
                ft.Column([self.part(self.join_card.now, self.join_card.draw)],
                          col={"xs": 12, "md": 5}),
                ft.Column([self.part(lambda: (room_now().started, seats.seats(),
                                              order.swap_from), order.draw_before_start),
                           self.part(lambda: (room_now().started, seats.seats()),
                                     self._draw_seating)],
                          col={"xs": 12, "md": 7})]),
            self.part(lambda: self.vote_panel.inputs(sv.vote(self.code)), self.vote_panel.draw,
                      news=lambda: self.vote_panel.news(sv.vote(self.code))),
            self.part(self._game_now, self._draw_game),
            self.part(lambda: room_now().timer_end, self._draw_timer),
            self.part(lambda: (room_now().started and not room_now().ended, seats.seats(),
                               order.swap_from, order.changing_places,
                               "change_places" in sv.legal_moves(self.code, self.host_key)),
                      order.draw_in_game),
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

    def ask(self, confirm: tuple[str, str]):
        """A step that cannot be taken back asks first: ``confirm`` waits for its yes (a
        seat's actions, undo, play again)."""
        def handler(e=None):
            self.confirm = confirm
            self.refresh()
        return handler

    # --- the middle: seating, game, timer, history ---------------------------------------
    def _draw_seating(self, shown: tuple) -> list[ft.Control]:
        started, seats = shown
        self.seating.visible = not started
        if self.seating.visible:  # e.g. one character choice per seated player
            self.game_panel.draw_setup(list(seats))
        return [self.seating]

    def _game_now(self) -> object:
        """The game panel's inputs (None before the start), read once per redraw: the
        panel's slot and the action bar both draw from them."""
        return self.once("game", self._read_game)

    def _read_game(self) -> object:
        if not self.service.room(self.code).started:
            return None
        view = self.service.view(self.code, self.host_key)
        return self.game_panel.inputs(view, self.service.vote(self.code))

    def _draw_game(self, shown: object) -> list[ft.Control]:
        panel = self.game_panel
        panel.root.visible = shown is not None
        controls = panel.draw(shown) if shown is not None else None
        return [panel.root] if controls is None else controls

    def _draw_timer(self, _end) -> list[ft.Control]:
        self.timer.sync()  # it ticks on its own while it runs
        return [self.timer]

    def _draw_history(self, history: tuple) -> list[ft.Control]:
        lines = [line(self.words(h), 16) for h in history[::-1]]  # in this screen's language
        say = self.words
        return [Fold(say(_("History: {line}", line=lines[0].value) if lines else
                         _("History: nothing yet")), lines[1:], 18,
                     more=say(_("Earlier moves ({n})")), less=say(_("Less")))]

    # --- the action bar (tests and part_inputs reach its part by these names) ------------
    def _bar_now(self) -> object:
        return self.bar.now()

    def _draw_bar(self, shown: tuple) -> list[ft.Control]:
        return self.bar.draw(shown)

    def refresh(self, force: bool = False) -> None:
        room = self.service.room(self.code)
        if room.next_room:  # "Play again": the table screen goes to the new room
            if not getattr(self, "_following", False):
                self._following = True
                asyncio.get_running_loop().create_task(self.s.navigate(
                    f"/table/{room.next_room}"))
            return
        super().refresh(force)

    def _timer(self, seconds: int):
        def handler(e=None):
            self.attempt(self.error, self.service.start_timer, self.host_key, self.code, seconds)
        return handler

    def stop(self) -> None:
        super().stop()
        self.timer.stop()

    async def _home(self, e=None) -> None:
        await self.s.navigate("/table")

    async def _tonight(self, e=None) -> None:
        await self.s.navigate("/table/tonight")

    async def _history(self, e=None) -> None:
        await self.s.navigate("/table/history")

    def go_pass_and_play(self) -> None:
        asyncio.get_event_loop().create_task(self.s.navigate(
            f"/table/{self.code}/pass"))


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
