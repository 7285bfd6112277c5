"""A phone's seat step: the free seats it may ask the table for, and the join form (a name
typed, or "Join as Ana" for the player this phone remembers). A piece of ``PhoneRoom``."""
from __future__ import annotations

import secrets

import flet as ft

from companion.door import socket_address
from companion.errors import Refused
from companion.language import COMPANION, HOME, Speaker

from .screen import PREFIX, keep_pref
from .widgets import heading, line, thumb_style

_ = Speaker(COMPANION, HOME)  # the companion's catalog: every phone's shared words

PLAYER_NAME = f"{PREFIX}player.name"  # the phone's own player, for "Join as Ana"
PLAYER_COLOUR = f"{PREFIX}player.colour"
PLAYER_KEY = f"{PREFIX}player.key"  # who the phone's player is across rooms and nights


def token_key(code: str) -> str:
    return f"{PREFIX}seat.{code}"


def passes_key(code: str) -> str:
    """Every seat pass a device holds for a room (a device handed around holds several)."""
    return f"{PREFIX}seats.{code}"


class JoinStep:
    """The seat step of a ``PhoneRoom``: its free seats' part and its join form's part."""

    def __init__(self, room) -> None:
        self.room = room
        self.adding = False  # "Add a player to this phone" is open
        self.request = None  # this phone's request for a freed seat, while the table decides
        say = room.words
        self.name = ft.TextField(label=say(_("Your name")), width=260, on_submit=self.join_typed)
        # Controls that live on (the name field) sit in a slot of their own: Flet must never
        # see them moved between rebuilt parents.
        self.join_as = ft.Column(spacing=8)  # "Join as Ana": the player this phone remembers
        self.new_here = line(say(_("New here? Type your name.")))
        self.take_seat = ft.FilledButton(say(_("Take a seat")), on_click=self.join_typed)
        self.form = ft.Column([self.join_as, self.new_here, self.name, self.take_seat],
                              visible=False)

    # --- the free seats ------------------------------------------------------------------
    def free_now(self) -> tuple | None:
        """(the free seats, a new player may join, this phone's request for a seat), while
        this phone may take a seat."""
        room = self.room
        shown = room.service.room(room.code)
        if shown.ended or (room.held() and not self.adding):
            return None
        late = room.service.late_join(shown.code)
        return (tuple(s for s in room.service.seats(shown.code) if not s.claimed),
                not shown.started or late, self.request)

    def remembered(self) -> str | None:
        """The player this phone remembers, offered as one tap ("Join as Ana"), unless a seat
        here has that name (then "I am Ana" asks the table) or this device is seating
        someone else."""
        room = self.room
        name = room.player[0] if room.player and not self.adding and not room.table_key \
            else None
        seated = {s.name.casefold() for s in room.service.seats(room.code)} if name else ()
        return name if name and name.casefold() not in seated else None

    def draw_free_seats(self, now: tuple | None) -> list[ft.Control]:
        say = self.room.words
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
        room = self.room

        def handler(e=None):
            self.request = room.attempt(room.error, room.service.request_seat, room.code,
                                        seat.id, socket_address(room.s.page)) or None
            room.refresh()
        return handler

    def collect_seat(self) -> None:
        """Once the table gives the freed seat this phone asked for, keep its seat pass."""
        if self.request is None:
            return
        room = self.room
        try:
            token = room.service.collect_seat(room.code, self.request.secret)
        except Refused as e:
            self.request = None
            room.error.show(room.words(e.args[0]) if len(e.args) == 1 else str(e))
            return
        if token:
            self.request = None
            self.hold(token)

    # --- the join form -------------------------------------------------------------------
    def now(self) -> tuple:
        """What the join form shows: the free seats' value, and "Join as" whom."""
        return self.free_now(), self.remembered()

    def draw_form(self, shown: tuple) -> list[ft.Control]:
        now, name = shown
        say = self.room.words  # the living controls take this redraw's language
        self.name.label = say(_("Your name"))
        self.new_here.value = say(_("New here? Type your name."))
        self.take_seat.content = say(_("Take a seat"))
        self.form.visible = bool(now and now[1])
        self.join_as.controls = ([ft.FilledButton(say(_("Join as {name}", name=name)),
                                                  style=thumb_style(),
                                                  on_click=self._join_remembered)]
                                 if name else [])
        self.join_as.visible = bool(self.join_as.controls)
        return [self.form]

    # --- joining -------------------------------------------------------------------------
    async def join_typed(self, e=None) -> None:
        await self.join(self.name.value or "")

    async def _join_remembered(self, e=None) -> None:
        await self.join(self.room.player[0], self.room.player[1])

    async def join(self, name: str, colour: int | None = None, refocus: bool = True) -> None:
        room = self.room
        page, prefs = room.s.page, room.s.prefs
        owner = not room.held() and not room.table_key  # this phone's own player
        if owner and not room.player_key:  # the first seat this phone takes: its player
            room.player_key = secrets.token_urlsafe(18)
            keep_pref(page, prefs, PLAYER_KEY, room.player_key)
        result = room.attempt(room.error, room.service.join, room.code, name,
                              socket_address(page), colour,
                              room.player_key if owner else None)
        if not result:  # the refusal is said (``attempt``); the name is there to mend
            room.say(None, self.name if refocus else None)
            return
        seat, token = result
        self.name.value = ""
        started = room.service.room(room.code).started
        room.say(room.words(_("You have a seat, {name}.", name=seat.name) if started else
                            _("You have a seat, {name}. The game starts when the table is "
                              "ready.", name=seat.name)))
        if owner:  # remembered for the next room tonight: "Join as Ana", in Ana's colour
            room.player = (seat.name, seat.colour)
            keep_pref(page, prefs, PLAYER_NAME, seat.name)
            keep_pref(page, prefs, PLAYER_COLOUR, seat.colour)
        self.hold(token)
        if room.s.picked:  # the language this phone picked goes with its new seat
            room.attempt(room.error, room.service.set_language, room.code, token,
                         room.s.language)
        room.refresh(force=True)

    def hold(self, token: str) -> None:
        """This device holds one more seat pass (kept in the browser for reloads)."""
        room = self.room
        room.passes = [t for _, t in room.held()] + [token]
        self.adding = False
        room.token = token if len(room.passes) == 1 else None  # others: hand the device over
        keep_pref(room.s.page, room.s.prefs, token_key(room.code), room.passes[0])
        keep_pref(room.s.page, room.s.prefs, passes_key(room.code), list(room.passes))
        # the tab knows at once what the browser is still being told: a screen drawn again
        # meanwhile (a route change) must not lose the seat
        room.s.passes_taken.setdefault(room.code, []).append(token)
        room._presence()

    def start_adding(self, e=None) -> None:
        """Seat another player on this device (the same join rules as a phone of its own)."""
        self.adding, self.room.token = True, None
        self.room.refresh(force=True)
