"""A player's phone: join a room, keep the seat, see the game and the ballot."""
from __future__ import annotations

import asyncio
import secrets
import logging
from dataclasses import replace

import flet as ft

from companion import games
from companion.ballots import CLOSED, OPEN, REVEALED, allotment
from companion.door import socket_address
from companion.errors import Refused
from companion.hub import BALLOT
from companion.language import COMPANION, HOME, Speaker, words
from companion.seal import page_group

from .ballot import BallotForm, cast_line, tally_lines, vote_news
from .games import screens_of
from .handover import HandOver
from .screen import LANGUAGE, PREFIX, Screen, Session, announce, keep_pref
from .widgets import (WORDS_SCALE_CAP, ErrorLine, TextScaleProbe, TimerLine, cap_text_scale,
                      focus_heading, heading, isolate_names, language_switch, line, now_line,
                      player_chip,
                      thumb_style)

log = logging.getLogger(__name__)
_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words


def token_key(code: str) -> str:
    return f"{PREFIX}seat.{code}"


def passes_key(code: str) -> str:
    """Every seat pass a device holds for a room (a device handed around holds several)."""
    return f"{PREFIX}seats.{code}"


# a name typed on the join page before the app was up (companion/web/first.js):
# a string holding {"code": ROOM, "name": "Ana", "id": a random string, so a tab takes it once}
TYPED_NAME = f"{PREFIX}join.typed"
PLAYER_NAME = f"{PREFIX}player.name"  # the phone's own player, for "Join as Ana"
PLAYER_COLOUR = f"{PREFIX}player.colour"
PLAYER_KEY = f"{PREFIX}player.key"  # who the phone's player is across rooms and nights


def neighbours_line(left: str | None, right: str | None, say=words("en")) -> str:
    """Who sits beside you, as the table arranged the seats (the one on your left plays
    after you)."""
    if left is None:
        return ""
    if left == right:
        return say(_("Next to you: {name}", name=left))
    return say(_("On your left: {left} · on your right: {right}", left=left, right=right))


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
        self.adding = False  # "Add a player to this phone" is open
        self.panels: dict[str, object] = {}  # each seat's own game panel
        self.topic = code
        self.error = ErrorLine()
        self.name = ft.TextField(label=self.words(_("Your name")), width=260,
                                 on_submit=self._join_typed)
        self.form: BallotForm | None = None
        self.form_key: tuple | None = None  # (vote, how many votes this seat casts)
        self.game_panel = None
        self.heard: dict[str | None, tuple[str, ...]] = {}  # each seat's game news, as last said
        self.timer = TimerLine(lambda: self.service.timer_left(self.code), 22)
        self._counted: frozenset[str] = frozenset()  # seats this device counts as connected
        self._names: frozenset[str] = frozenset()  # the players of those seats, as last drawn
        self._shared: frozenset[str] = frozenset()  # seats it holds while it holds several
        self._wakelock = None
        self.request = None  # this phone's request for a freed seat, while the table decides

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

    async def start(self) -> None:
        typed = self.typed if self.typed and not self.held() else None
        if typed:  # Join was pressed before the app was up: a refusal is said under the name
            self.name.value = typed
        await super().start()
        self._presence()
        if typed:  # (focus stays: moved to a field whose value the host just set, Flutter's
            # editing element opens empty and the typed name is gone from it: e2e test_first_screen)
            await self._join(typed, refocus=False)

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
        self._collect_seat()
        self._presence()  # a freed or re-issued seat pass no longer counts as connected
        self._names = frozenset(seat.name for seat, _ in self.held())
        super().refresh(force)

    def wants(self, what: str) -> bool:
        """Another seat's ballot changes nothing on this phone (its vote part holds this
        device's own ballots only): with 18 phones, 17 skip every redraw of a cast."""
        return not what.startswith(BALLOT) or what[len(BALLOT):] in self._names

    def _collect_seat(self) -> None:
        """Once the table gives the freed seat this phone asked for, keep its seat pass."""
        if self.request is None:
            return
        try:
            token = self.service.collect_seat(self.code, self.request.secret)
        except Refused as e:
            self.request = None
            self.error.show(self.words(e.args[0]) if len(e.args) == 1 else str(e))
            return
        if token:
            self.request = None
            self._hold(token)

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
        self.join_as = ft.Column(spacing=8)  # "Join as Ana": the player this phone remembers
        self.new_here = line(self.words(_("New here? Type your name.")))
        self.take_seat = ft.FilledButton(self.words(_("Take a seat")), on_click=self._join_typed)
        self.join_form = ft.Column([self.join_as, self.new_here, self.name, self.take_seat],
                                   visible=False)
        return [
            self.part(self.handover.inputs, self.handover.draw, news=self.handover.news),
            self.part(self._header_now, self._draw_header),
            self.part(lambda: self.service.room(self.code).timer_end,
                      lambda _: self.timer.sync(), [self.timer]),
            self.part(self._vote_now, self._draw_vote, news=self._vote_news, focus=True),
            # the game's news for this player; focus on their move when one becomes theirs
            self.part(self._game_now, self._draw_game, news=self._game_news, focus=self._moving),
            # a vote's result while this player has a game move: after the move (issue 33)
            self.part(self._vote_now, self._draw_result_after),
            # who sits beside you, at the browser's big text: after the move (issue 33)
            self.part(self._header_now, self._draw_where_after),
            # what happens now, first line: "Your turn: ...", said when it changes
            self.part(self._reminders_now, self._draw_reminders, news=self._reminder_news),
            self.part(self._free_now, self._draw_free_seats),
            self.part(lambda: (self._free_now(), self._remembered()), self._draw_join_form,
                      [self.join_form]),
            self.error,
            self.part(lambda: (self.seat() is not None and not self.shared,
                               self.service.room(self.code).ended), self._draw_add),
            self.part(lambda: self.words.language, self._draw_language),
            TextScaleProbe(self._text_scaled)]

    def _draw_language(self, language: str) -> list[ft.Control]:
        return [language_switch(language, self._pick_language)]

    def _pick_language(self, language: str) -> None:
        """The phone's language, picked in one tap: kept in the browser and with every seat
        it holds (a seat's follows it through reloads and play again), drawn at once."""
        self.s.language, self.s.picked = language, True
        keep_pref(self.s.page, self.s.prefs, LANGUAGE, language)
        for _seat, token in self.held():
            self.attempt(self.error, self.service.set_language, self.code, token, language)
        self.panels.clear()  # the game's panels made some words as they were made
        self.form_key = None
        self.refresh(force=True)

    def _text_scaled(self, scale: float) -> None:
        """The browser's text size, measured (at the start, and whenever it changes): the
        words around the move grow to ``WORDS_SCALE_CAP`` times at most."""
        factor = min(1.0, WORDS_SCALE_CAP / scale)
        if factor != self.words_factor:
            self.words_factor = factor
            self.refresh(force=True)

    def _form_update(self) -> None:
        """The ballot form redrawn by the voter's own tap: its words capped like the rest
        (and the tap keeps a shared device's screen open)."""
        self.touched()
        if self.form is not None:
            isolate_names(self.form.root, self.names(), self.words.rtl)
            cap_text_scale(self.form.root, self.words_factor)
        self.s.page.update()

    def _header_now(self) -> tuple:
        """Who and where: the room, this seat, its night so far, its neighbours (the words'
        size too: at big text the neighbours come after the move)."""
        room, seat = self.service.room(self.code), self.seat()
        pin = None
        if seat and self.shared:  # a shared device offers a PIN to a seat without one
            try:
                pin = self.service.has_pin(self.code, self.token)
            except Refused:
                pin = True
        return (room.ended, room.started, room.code, games.title(room.game_key, room.title),
                seat, self.shared,
                seat and self._my_night(seat), pin,
                seat and neighbours_line(*self.service.neighbours(self.code, seat.id),
                                         self.words),
                self.words_factor)

    def _draw_header(self, shown: tuple) -> list[ft.Control]:
        ended, started, code, title, seat, shared, night, pin, where, factor = shown
        say = self.words
        if ended:
            return [heading(say(_("Room {code} has ended.", code=code))),
                    line(say(_("Thanks for playing.")))]
        if seat is None:
            return [] if shared else [heading(say(_("Room {code}", code=code))),
                                      line(say(title), 18)]
        # one compact line of who and where: the player's own move (ballot, game panel)
        # comes right under it, and what happens now, folded into one line, after the move
        parts: list[ft.Control] = [*(self.handover.seat_bar(seat, pin) if shared else []),
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
    def _draw_where_after(shown: tuple) -> list[ft.Control]:
        """At the browser's big text the neighbours' line would push the move below the
        first screen: it comes after the move instead."""
        ended, _, _, _, seat, _, _, _, where, factor = shown
        if factor == 1 or ended or seat is None:
            return []
        return [line(where, 16)] if where else []

    def _moving(self) -> bool:
        """This seat has a game move to make (no ballot of its own open)."""
        return self.once("moving", self._read_moving)

    def _read_moving(self) -> bool:
        seat, vote = self._seated(), self.service.vote(self.code, self.token)
        if seat is None or (vote is not None and vote.status == OPEN):
            return False
        return self.service.needs_action(self.code, self.token)

    def _result_lines(self, vote) -> list[ft.Control]:
        say = self.words
        return [line(say(_("Final tally: {question}", question=vote.call.question)), 20,
                     weight=ft.FontWeight.BOLD),
                *tally_lines(vote.final_tally(), vote.call.candidates, vote.call.ballot, say),
                *[line(cast_line(v, c, say), 18)  # an open vote's names
                  for v, c in vote.ballots.items()]]

    def _draw_result_after(self, shown: tuple | None) -> list[ft.Control]:
        """The final tally, when this player has a move to make from it (the leader's
        choice after the count): the move first, the tally right after it."""
        if shown is None:
            return []
        seat, vote, latest, read, moving, marks = shown
        if vote.status != REVEALED or not moving or not latest:
            return []
        return self._result_lines(vote)

    def _my_night(self, seat):
        """The room and this player's night so far, said to them: "Room ABCD · tonight:
        you won 1 of 2" (None: no game played yet tonight)."""
        mine = self.service.standing_of(self.code, seat.id)
        return _("Room {code} · tonight: you won {won} of {played}", code=self.code,
                 won=mine.won, played=mine.played) if mine else None

    def _reminders_now(self) -> tuple:
        """What happens now, as this seat's own phone says it (to "you")."""
        return tuple(map(self.words, self.service.reminder_messages(self.code, self.token))) \
            if self._seated() else ()

    def _draw_reminders(self, reminders: tuple) -> list[ft.Control]:
        """The reminders folded into one short line, right after the player's own move (the
        ballot, the game panel), so they never push the move down."""
        say = self.words
        # Translators: a button that opens the rest of the lines; {n}: how many
        more = say(_("More ({n})"))  # said with {n} kept: the fold counts its lines
        return [now_line(reminders, more=more, less=say(_("Less")))] if reminders \
            else []

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

    def _seated(self):
        """The seat, while the room is playing; None otherwise."""
        room = self.service.room(self.code)
        return self.seat() if room.started and not room.ended else None

    def _vote_now(self) -> tuple | None:
        """(seat, vote, it is the latest result, the ballot the table read last, this seat has
        a game move, the marks on its ballot), read once per redraw. While the box is open the
        vote holds this seat's own ballot only among who voted: another phone's ballot
        redraws nothing here. Its call holds the allotments: an Extra Vote played while the
        box is open resizes this ballot."""
        return self.once("vote", self._read_vote)

    def _read_vote(self) -> tuple | None:
        seat, vote = self._seated(), self.service.vote(self.code, self.token)
        if seat is None or vote is None:
            return None
        marks = None
        if vote.status == OPEN:
            vote = replace(vote, voted=vote.voted & {seat.name})
            if seat.name in vote.call.voters and not vote.voted:
                marks = self._panel().ballot_marks(self._view_now())
                marks = tuple(marks.items()) if marks else None
        return (seat, vote, self.service.result_is_latest(self.code, vote),
                self._ballot_read(vote), self._moving(), marks)

    def _view_now(self):
        """The game's view for the seat on screen, read once per redraw."""
        return self.once("view", lambda: self.service.view(self.code, self.token))

    def _ballot_read(self, vote) -> str | None:
        """The ballot the table read last, said on the phone too (the table shows it to
        all): "Ballot 2: Bruno"."""
        if vote.status != CLOSED:
            return None
        return vote_news(vote, self.service.readable(self.code, vote), self.words)

    def _vote_news(self) -> str | None:
        """What a screen reader hears of the vote: a ballot for this player, their vote
        taken, the box closed, each ballot the table reads, the result."""
        seat, vote = self._seated(), self.service.vote(self.code, self.token)
        if seat is None or vote is None or not self.service.result_is_latest(self.code, vote):
            return None
        voted, say = seat.name in vote.voted, self.words
        if vote.status == OPEN and seat.name in vote.call.voters:
            return say(_("Your vote is in.") if voted else
                       _("A new vote for you: {question}", question=vote.call.question))
        if vote.status == CLOSED:
            return self._ballot_read(vote) or say(
                _("Your vote is in. The vote is closed.") if voted else
                _("The vote is closed."))
        return vote_news(vote, True, say)

    def _panel(self):
        """The game panel of the seat on screen (each seat on a device keeps its own)."""
        if self.token not in self.panels:
            game = screens_of(self.service.room(self.code).game_key)
            self.panels[self.token] = game.PhonePanel(self)
        self.game_panel = self.panels[self.token]
        return self.game_panel

    def _game_now(self) -> object:
        """The seat on screen and its game panel's inputs (each seat on a device keeps its
        own panel)."""
        if self._seated() is None:
            return None
        return self.token, self._panel().inputs(self._view_now())

    def _draw_game(self, shown: tuple | None) -> list[ft.Control]:
        if shown is None:
            return []
        token, inputs = shown
        panel = self.panels[token]
        controls = panel.draw(inputs)
        # a game with no catalog in this phone's language: said once, above its panel
        note = games.untranslated(self.service.room(self.code).game_key, self.words.language)
        return [*([line(self.words(note), 14)] if note else []),
                *([panel.root] if controls is None else controls)]

    def _game_news(self) -> str | None:
        """What a screen reader hears of the game: the sentences the game panel says now and
        did not say at its last redraw."""
        if self._seated() is None:
            return None
        facts = tuple(self._panel().news(self._view_now()))
        before, self.heard[self.token] = self.heard.get(self.token, ()), facts
        return " ".join(f for f in facts if f not in before) or None

    def _reminder_news(self) -> str | None:
        """The first line of what happens now, unless the game panel says it (with the
        focus on the move it asks for)."""
        first = next(iter(self._reminders_now()), None)
        return None if first in self.heard.get(self.token, ()) else first

    def move_taken(self, lines_before: int) -> None:
        """The player's own move was accepted: their screen reader hears it, in the history's
        words ("Done: Ana drew an Action card."); a secret move has no line, only that it is
        in."""
        lines = self.service.history_lines(self.code)
        announce(self.s, self.words(_("Done: {line}", line=self.words(lines[-1]))
                                    if len(lines) > lines_before else _("Your move is in.")))

    def _free_now(self) -> tuple | None:
        """(the free seats, a new player may join, this phone's request for a seat), while
        this phone may take a seat."""
        room = self.service.room(self.code)
        if room.ended or (self.held() and not self.adding):
            return None
        late = self.service.late_join(room.code)
        return (tuple(s for s in self.service.seats(room.code) if not s.claimed),
                not room.started or late, self.request)

    def _remembered(self) -> str | None:
        """The player this phone remembers, offered as one tap ("Join as Ana"), unless a seat
        here has that name (then "I am Ana" asks the table) or this device is seating
        someone else."""
        name = self.player[0] if self.player and not self.adding and not self.table_key else None
        seated = {s.name.casefold() for s in self.service.seats(self.code)} if name else ()
        return name if name and name.casefold() not in seated else None

    def _draw_free_seats(self, now: tuple | None) -> list[ft.Control]:
        say = self.words
        if now and now[2]:
            return [heading(say(_("Asking the table for {name}'s seat", name=now[2].name)), 24),
                    line(say(_("The table screen shows your request. Your screen appears "
                               "here as soon as the table gives you the seat.")))]
        if not now or not now[0]:
            return []
        return [line(say(_("Is one of these you? The table will give you the seat."))),
                *[ft.Button(say(_("I am {name}", name=seat.name)), on_click=self._ask_for(seat),
                            width=280)
                  for seat in now[0]]]

    def _ask_for(self, seat):
        def handler(e=None):
            self.request = self.attempt(self.error, self.service.request_seat, self.code,
                                        seat.id, socket_address(self.s.page)) or None
            self.refresh()
        return handler

    def _draw_join_form(self, shown: tuple) -> None:
        now, name = shown
        say = self.words  # the living controls take this redraw's language
        self.name.label = say(_("Your name"))
        self.new_here.value = say(_("New here? Type your name."))
        self.take_seat.content = say(_("Take a seat"))
        self.join_form.visible = bool(now and now[1])
        self.join_as.controls = ([ft.FilledButton(say(_("Join as {name}", name=name)),
                                                  style=thumb_style(),
                                                  on_click=self._join_remembered)]
                                 if name else [])
        self.join_as.visible = bool(self.join_as.controls)

    def _draw_vote(self, shown: tuple | None) -> list[ft.Control]:
        seat, vote, latest, read, moving, marks = shown or (None,) * 6
        is_open = seat is not None and vote is not None and vote.status == OPEN
        self._keep_awake(is_open)
        if not is_open or seat.name in vote.voted:
            self.form, self.form_key = None, None
        if seat is None or vote is None or not latest:
            return []  # last round's result clears once the game moves on
        question, say = vote.call.question, self.words
        if vote.status == REVEALED:  # after the move when the player has one
            return [] if moving else self._result_lines(vote)
        voted = seat.name in vote.voted
        if not is_open:
            return [heading(say(_("Your vote is in.") if voted else _("The vote is closed.")),
                            26),
                    line(say(_("The table is reading the votes."))),
                    *([line(read, 22)] if read else [])]
        if seat.name not in vote.call.voters:
            # the question as this phone reads it ends its own sentence (the Arabic question
            # mark, U+061F, too: written by its code, as the screens never draw it)
            stopped = say(question).endswith(("?", ".", "!", chr(0x61F)))
            return [line(say(_("A vote is under way: {question} You are not voting in it.",
                               question=question) if stopped else
                             _("A vote is under way: {question}. You are not voting in it.",
                               question=question)))]
        if voted:  # focus moves to it, as a reader's news (``Screen.tell``)
            return [focus_heading(say(_("Your vote is in.")), 26),
                    line(say(_("An open vote: your ballot is shown with your name when the "
                               "table reveals them all.") if vote.call.open_vote else
                             _("Nobody can see how you voted.") if vote.call.private else
                             _("Nobody can see how you voted. Wait for the table to read the "
                               "votes.")))]
        if self.form_key != (vote.id, seat.name, allotment(vote.call, seat.name)):
            self.form = BallotForm(vote, seat.name, self._cast, self._form_update,
                                   dict(marks) if marks else None, tell=self.say, say=say)
            self.form_key = (vote.id, seat.name, allotment(vote.call, seat.name))
        return [self.form.root]

    def _cast(self, choices: list[str]) -> object:
        self.touched()
        vote = self.service.cast(self.code, self.token, choices)
        # the hub's redraw sends this phone the changed part, after the table's count: Flet's
        # diff of the whole page after the tap would only hold the table's frame back
        ft.context.mark_update_called()
        return vote

    def _keep_awake(self, on: bool) -> None:
        """Phones keep their screen on while a ballot is open."""
        try:
            if on and self._wakelock is None:
                self._wakelock = ft.Wakelock()
                self.s.page.run_task(_quietly, self._wakelock.enable)
            elif not on and self._wakelock is not None:
                self.s.page.run_task(_quietly, self._wakelock.disable)
                self._wakelock = None
        except Exception:  # a browser without the Wake Lock API still plays
            self._wakelock = None

    # --- joining -------------------------------------------------------------------------
    async def _join_typed(self, e=None) -> None:
        await self._join(self.name.value or "")

    async def _join_remembered(self, e=None) -> None:
        await self._join(self.player[0], self.player[1])

    async def _join(self, name: str, colour: int | None = None, refocus: bool = True) -> None:
        owner = not self.held() and not self.table_key  # this phone's own player
        if owner and not self.player_key:  # the first seat this phone takes: its player
            self.player_key = secrets.token_urlsafe(18)
            keep_pref(self.s.page, self.s.prefs, PLAYER_KEY, self.player_key)
        result = self.attempt(self.error, self.service.join, self.code, name,
                              socket_address(self.s.page), colour,
                              self.player_key if owner else None)
        if not result:  # the refusal is said (``attempt``); the name is there to mend
            self.say(None, self.name if refocus else None)
            return
        seat, token = result
        self.name.value = ""
        started = self.service.room(self.code).started
        self.say(self.words(_("You have a seat, {name}.", name=seat.name) if started else
                            _("You have a seat, {name}. The game starts when the table is "
                              "ready.", name=seat.name)))
        if owner:  # remembered for the next room tonight: "Join as Ana", in Ana's colour
            self.player = (seat.name, seat.colour)
            keep_pref(self.s.page, self.s.prefs, PLAYER_NAME, seat.name)
            keep_pref(self.s.page, self.s.prefs, PLAYER_COLOUR, seat.colour)
        self._hold(token)
        if self.s.picked:  # the language this phone picked goes with its new seat
            self.attempt(self.error, self.service.set_language, self.code, token,
                         self.s.language)
        self.refresh(force=True)

    def _hold(self, token: str) -> None:
        """This device holds one more seat pass (kept in the browser for reloads)."""
        self.passes = [t for _, t in self.held()] + [token]
        self.adding = False
        self.token = token if len(self.passes) == 1 else None  # others: hand the device over
        keep_pref(self.s.page, self.s.prefs, token_key(self.code), self.passes[0])
        keep_pref(self.s.page, self.s.prefs, passes_key(self.code), list(self.passes))
        # the tab knows at once what the browser is still being told: a screen drawn again
        # meanwhile (a route change) must not lose the seat
        self.s.passes_taken.setdefault(self.code, []).append(token)
        self._presence()

    def start_adding(self, e=None) -> None:
        """Seat another player on this device (the same join rules as a phone of its own)."""
        self.adding, self.token = True, None
        self.refresh(force=True)


async def _quietly(call) -> None:
    """A phone may refuse to keep its screen on (WebKit answers NotAllowedError unless the page
    was just tapped, a battery saver says no): normal at a table, so it stays out of the log."""
    try:
        await call()
    except Exception as e:
        log.debug("the screen wake lock was refused: %s", e)
