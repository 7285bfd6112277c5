"""A player's phone: join a room, keep the seat, see the game and the ballot.

``PhoneRoom`` draws its pieces in parts, top down: the hand-over (views/handover.py), who and
where (views/phone_seat.py), the timer, the vote (views/phone_vote.py), the game panel, the
vote's result after the move, the neighbours at big text, what happens now, what just
happened (the last history line), the seat step (views/phone_join.py), the way to add a
player or back to the table, the language switch.
"""
from __future__ import annotations

import asyncio

import flet as ft

from companion.door import socket_address
from companion.errors import Refused
from companion.hub import BALLOT
from companion.language import COMPANION, HOME, Speaker
from companion.seal import page_group

from .games import screens_of
from .handover import HandOver
from .phone_game import GameSlot
from .phone_join import (PLAYER_COLOUR, PLAYER_KEY, PLAYER_NAME, JoinStep,  # noqa: F401
                         passes_key, token_key)
from .phone_seat import SeatHeader
from .phone_vote import PhoneVote
from .screen import LANGUAGE, PREFIX, Screen, Session, announce, keep_pref
from .widgets import (WORDS_SCALE_CAP, ErrorLine, TextScaleProbe, TimerLine, heading,
                      language_switch, line)

_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words

# a name typed on the join page before the app was up (companion/web/first.js):
# a string holding {"code": ROOM, "name": "Ana", "id": a random string, so a tab takes it once}
TYPED_NAME = f"{PREFIX}join.typed"


class Landing(Screen):
    """Where a phone lands without a room: type the code from the table screen."""

    def __init__(self, session: Session, message: str | None = None) -> None:
        super().__init__(session)
        self.error = ErrorLine()
        self.error.show(self.words(message) if message else None)  # a refusal, said here
        self.code = ft.TextField(label=self.words(_("Room code")), width=200,
                                 capitalization=ft.TextCapitalization.CHARACTERS,
                                 on_submit=self._go)

    def layout(self) -> list[ft.Control]:
        say = self.words
        return [heading(say(_("Join a table"))),
                line(say(_("Scan the QR code on the table screen, or type the room code."))),
                self.code, ft.FilledButton(say(_("Join the room")), on_click=self._go),
                self.error]

    def draw(self, shown) -> None:
        pass

    async def _go(self, e=None) -> None:
        code = (self.code.value or "").strip().upper()
        if self.attempt(self.error, self.service.find_room, code, socket_address(self.s.page)):
            await self.s.navigate(f"/join/{code}")


class PhoneRoom(Screen):
    """The phone in a room: the join form until it holds a seat, then the player's screen."""

    counts_taps = True  # a tap on an empty part keeps a shared device's seat open

    def __init__(self, session: Session, code: str, passes: list[str],
                 table_key: str | None = None,
                 player: tuple[str, int | None] | None = None,
                 player_key: str | None = None, typed: str | None = None) -> None:
        super().__init__(session)
        self.code = code
        screens_of(self.service.room(code).game_key)  # a broken game: said, as a refusal
        self.typed = typed  # the name typed on the join page while the app loaded, to seat
        self.player = player  # (name, colour) this phone remembers from another room
        # the phone's own player's key: their results stay theirs under any name (issue 18)
        self.player_key = player_key
        self.table_key = table_key  # this is the table device, holding seats for players
        self.passes = list(dict.fromkeys(p for p in passes if p))  # every seat this device holds
        self.token = self.passes[0] if len(self.passes) == 1 else None  # the seat on screen
        self.handover = HandOver(self)
        if self.token and self._has_pin(self.token):  # a PIN's seat opens by its PIN
            self.token, self.handover.asking = None, self.token
        self.topic = code
        self.error = ErrorLine()
        self.joining = JoinStep(self)  # the free seats and the join form
        self.header = SeatHeader(self)  # who and where
        self.ballot = PhoneVote(self)  # the vote and its result
        self.game = GameSlot(self)  # the game panel and what happens now
        self.game_panel = None  # the game panel on screen
        self.timer = TimerLine(lambda: self.service.timer_left(self.code), 22)
        self._counted: frozenset[str] = frozenset()  # seats this device counts as connected
        self._names: frozenset[str] = frozenset()  # the players of those seats, as last drawn
        self._shared: frozenset[str] = frozenset()  # seats it holds while it holds several

    # --- the pieces' controls and steps others reach (tests, the hand-over) --------------
    @property
    def name(self) -> ft.TextField:
        """The join form's name field."""
        return self.joining.name

    @property
    def form(self):
        """The ballot form on screen (None: no ballot to fill in)."""
        return self.ballot.form

    async def _join_typed(self, e=None) -> None:
        await self.joining.join_typed()

    def start_adding(self, e=None) -> None:
        self.joining.start_adding()

    def _vote_news(self) -> str | None:
        return self.ballot.news()

    # --- seats ---------------------------------------------------------------------------
    def seat(self):
        """The seat whose screen is showing (None: nobody's, e.g. between hand-overs)."""
        try:
            return self.service.seat_by_token(self.code, self.token) if self.token else None
        except Refused:
            return None

    def held(self) -> list[tuple[object, str]]:
        """(seat, pass) for every seat pass on this device that still works, in table order."""
        return self.once("held", self._read_held)

    def _read_held(self) -> list[tuple[object, str]]:
        out = []
        for token in self.passes:
            try:
                out.append((self.service.seat_by_token(self.code, token), token))
            except Refused:
                pass
        return sorted(out, key=lambda pair: pair[0].position)

    def _has_pin(self, token: str) -> bool:
        try:
            return self.service.has_pin(self.code, token)
        except Refused:
            return False

    @property
    def shared(self) -> bool:
        return len(self.held()) > 1

    def _seated(self):
        """The seat, while the room is playing; None otherwise."""
        room = self.service.room(self.code)
        return self.seat() if room.started and not room.ended else None

    async def start(self) -> None:
        typed = self.typed if self.typed and not self.held() else None
        if typed:  # Join was pressed before the app was up: a refusal is said under the name
            self.name.value = typed
        await super().start()
        self._presence()
        if typed:  # (focus stays: moved to a field whose value the host just set, Flutter's
            # editing element opens empty and the typed name is gone from it: e2e test_first_screen)
            await self.joining.join(typed, refocus=False)

    def _presence(self, connected: bool = True) -> None:
        """Every seat held counts as connected; seats held together count as shared."""
        held = [seat.id for seat, _ in self.held()] if connected else []
        want = frozenset(held)
        if want != self._counted:
            for seat_id in self._counted - want:
                self.service.connected(self.code, seat_id, -1)
            for seat_id in want - self._counted:
                self.service.connected(self.code, seat_id, +1)
            self._counted = want
        shared = want if len(want) > 1 else frozenset()
        if shared != self._shared:
            self.service.sharing(self.code, self._shared - shared, -1)
            self.service.sharing(self.code, shared - self._shared, +1)
            self._shared = shared

    def attempt(self, error_line, fn, *args, **kwargs):
        self.touched()
        return super().attempt(error_line, fn, *args, **kwargs)

    def touched(self) -> None:
        """A tap on a seat's screen keeps it open on a shared device (panels call it for taps
        that stay on the phone, like planning a group)."""
        self.handover.touched()

    def refresh(self, force: bool = False) -> None:
        nxt = self.service.room(self.code).next_room
        if nxt:  # "Play again": this device's seats are in the next room; go there, seated
            if not getattr(self, "_following", False):
                self._following = True
                table = "&table=1" if self.table_key else ""
                asyncio.get_running_loop().create_task(
                    self.s.navigate(f"/join/{nxt}?from={self.code}{table}"))
            return
        self.joining.collect_seat()
        self._presence()  # a freed or re-issued seat pass no longer counts as connected
        self._names = frozenset(seat.name for seat, _ in self.held())
        super().refresh(force)

    def wants(self, what: str) -> bool:
        """Another seat's ballot changes nothing on this phone (its vote part holds this
        device's own ballots only): with 18 phones, 17 skip every redraw of a cast."""
        return not what.startswith(BALLOT) or what[len(BALLOT):] in self._names

    def _subscribe(self) -> None:
        super()._subscribe()
        # the room's phones receive alike when sealed: frames in rounds, padded alike, so a
        # private vote's voters get no more frames than the others (companion/seal.py)
        page_group(self.s.page, self.code)

    def stop(self) -> None:
        page_group(self.s.page, None)
        super().stop()
        self._presence(False)
        self.timer.stop()
        self.handover.stop()

    def disconnected(self) -> None:
        super().disconnected()
        self._presence(False)

    def reconnected(self) -> None:
        self._presence(True)
        super().reconnected()

    # --- drawing -------------------------------------------------------------------------
    def layout(self) -> list[ft.Control]:
        # Controls that live on (the ballot form, the name field, the ticking timer) sit in
        # slots of their own: Flet must never see them moved between rebuilt parents.
        header, ballot, game, joining = self.header, self.ballot, self.game, self.joining
        return [
            self.part(self.handover.inputs, self.handover.draw, news=self.handover.news),
            self.part(header.now, header.draw),
            self.part(lambda: self.service.room(self.code).timer_end, self._draw_timer),
            self.part(ballot.now, ballot.draw, news=ballot.news, focus=True),
            # the game's news for this player; focus on their move when one becomes theirs
            self.part(game.now, self._draw_game, news=game.news, focus=game.moving),
            # a vote's result while this player has a game move: after the move (issue 33)
            self.part(ballot.now, ballot.draw_result_after),
            # who sits beside you, at the browser's big text: after the move (issue 33)
            self.part(header.now, header.draw_where_after),
            # what happens now, first line: "Your turn: ...", said when it changes
            self.part(game.reminders_now, game.draw_reminders, news=game.reminder_news),
            # what just happened (the last history line), seen, not said again: after the move
            self.part(game.last_line_now, game.draw_last_line),
            self.part(joining.free_now, joining.draw_free_seats),
            self.part(joining.now, joining.draw_form),
            self.error,
            self.part(lambda: (self.seat() is not None and not self.shared,
                               self.service.room(self.code).ended), self._draw_add),
            self.part(lambda: self.words.language, self._draw_language),
            TextScaleProbe(self._text_scaled)]

    def _draw_timer(self, _end) -> list[ft.Control]:
        self.timer.sync()  # it ticks on its own while it runs
        return [self.timer]

    def _draw_language(self, language: str) -> list[ft.Control]:
        return [language_switch(language, self._pick_language)]

    def _pick_language(self, language: str) -> None:
        """The phone's language, picked in one tap: kept in the browser and with every seat
        it holds (a seat's follows it through reloads and play again), drawn at once."""
        self.s.language, self.s.picked = language, True
        keep_pref(self.s.page, self.s.prefs, LANGUAGE, language)
        for _seat, token in self.held():
            self.attempt(self.error, self.service.set_language, self.code, token, language)
        self.game.panels.clear()  # the game's panels made some words as they were made
        self.ballot.form_key = None
        self.refresh(force=True)

    def _text_scaled(self, scale: float) -> None:
        """The browser's text size, measured (at the start, and whenever it changes): the
        words around the move grow to ``WORDS_SCALE_CAP`` times at most."""
        factor = min(1.0, WORDS_SCALE_CAP / scale)
        if factor != self.words_factor:
            self.words_factor = factor
            self.refresh(force=True)

    def _draw_add(self, shown: tuple) -> list[ft.Control]:
        """At the bottom of a seated phone: a player without a phone plays on this one; on
        the table device, the way back to the table screen."""
        alone, ended = shown
        out: list[ft.Control] = []
        say = self.words
        if alone and not ended:
            out.append(ft.TextButton(say(_("Add a player to this phone")),
                                     on_click=self.start_adding))
        if self.table_key:
            out.append(ft.OutlinedButton(say(_("Back to the table screen")),
                                         on_click=self._to_table))
        return out

    async def _to_table(self, e=None) -> None:
        await self.s.navigate(f"/table/{self.code}")  # this tab proved the key already

    # --- the game panel (part_inputs finds its part by ``_draw_game``) -------------------
    def _panel(self):
        return self.game.panel()

    def _draw_game(self, shown: tuple | None) -> list[ft.Control]:
        return self.game.draw(shown)

    def move_taken(self, lines_before: int) -> None:
        """The player's own move was accepted: their screen reader hears it, in the history's
        words ("Done: Ana drew an Action card."); a secret move has no line, only that it is
        in."""
        lines = self.service.history_lines(self.code)
        announce(self.s, self.words(_("Done: {line}", line=self.words(lines[-1]))
                                    if len(lines) > lines_before else _("Your move is in.")))
