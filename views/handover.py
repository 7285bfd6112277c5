"""One device, several seats: the blank "Pass to Ana" screen between players.

A phone or tablet that holds the seat passes of several players never shows one player's
screen while another holds it: between seats it shows only whose turn it is to hold the
device. A seat's screen opens when its player taps "I am Ana" (after a PIN, if the seat set
one), and closes on "Done" or after 30 seconds without a tap or a key (2 minutes while a
screen reader is on: reading a ballot out and Tabbing through it takes longer).
"""
from __future__ import annotations

import asyncio
import time

import flet as ft

from companion.errors import Refused
from companion.language import COMPANION, HOME, Items, Speaker

from .widgets import ErrorLine, heading, line, thumb_style

IDLE_SECONDS = 30
# while the page's accessibility tree is on (a screen reader's player): one read of a ballot
# and a few Tabs took 23 to 25 s with Orca, and a blank lost Bruno his choice (issue 53)
READER_IDLE_SECONDS = 120
READER_ASK_WAIT = 2.0  # seconds the browser gets to say whether its tree is on
_ = Speaker(COMPANION, HOME)  # the companion's catalog: the phone's shared words


class HandOver:
    """The hand-over part of a PhoneRoom that holds several seats."""

    def __init__(self, room) -> None:
        self.room = room
        self.error = ErrorLine()
        self.pin = ft.TextField(label=room.words(_("PIN (4 digits)")), width=200, password=True,
                                keyboard_type=ft.KeyboardType.NUMBER, max_length=4,
                                on_submit=self._unlock)
        self.new_pin = ft.TextField(label=room.words(_("New PIN (4 digits)")), width=200, password=True,
                                    keyboard_type=ft.KeyboardType.NUMBER, max_length=4)
        self.asking: str | None = None  # the pass whose PIN is being asked
        self.last_touch = time.monotonic()
        self.idle_seconds = IDLE_SECONDS
        self._idle: asyncio.Task | None = None

    # --- what the device should offer -----------------------------------------------------
    def queue(self) -> list[tuple[object, str, bool]]:
        """(seat, pass, must act now) for every seat on the device, in table order."""
        sv, code = self.room.service, self.room.code
        out = []
        for seat, token in self.room.held():
            try:
                busy = sv.room(code).started and sv.needs_action(code, token)
            except Refused:
                busy = False
            out.append((seat, token, busy))
        return out

    def hidden(self) -> bool:
        """Nothing to hand over: a seat's screen is open, or the device holds one seat
        (whose PIN, if it set one, is still asked)."""
        return self.room.token is not None or (not self.room.shared and not self.asking)

    def inputs(self) -> object:
        """(seat, pass, must act now) for every seat on the device, and the pass whose PIN is
        asked; None while there is nothing to hand over."""
        if self.hidden():
            return None
        return tuple(self.queue()), self.asking

    def news(self) -> str | None:
        """Said to a screen reader on a shared device: who takes it now."""
        waiting = [] if self.hidden() else [s for s, _, busy in self.queue() if busy]
        return self.room.words(_("Pass the device to {name}", name=waiting[0].name)) \
            if waiting else None

    def draw(self, shown: tuple | None) -> list[ft.Control]:
        if shown is None:
            return []
        queue, asking = shown
        say = self.room.words
        self.pin.label = say(_("PIN (4 digits)"))  # living fields: this redraw's language
        self.new_pin.label = say(_("New PIN (4 digits)"))
        if asking:
            seat = next((s for s, t, _ in queue if t == asking), None)
            if seat is not None:
                return [heading(say(_("{name}: type your PIN", name=seat.name)), 28), self.pin,
                        ft.FilledButton(say(_("Show {name}'s screen", name=seat.name)),
                                        on_click=self._unlock),
                        ft.TextButton(say(_("Back")), on_click=self._back), self.error]
        waiting = [(s, t) for s, t, busy in queue if busy]
        parts: list[ft.Control] = []
        if waiting:
            seat, token = waiting[0]
            parts += [heading(say(_("Pass the device to {name}", name=seat.name)), 32),
                      line(say(_("{name}: tap below when only you can see the screen.",
                                 name=seat.name)), 18),
                      ft.FilledButton(say(_("I am {name}: show my screen", name=seat.name)),
                                      on_click=self._open(token), style=thumb_style())]
            if len(waiting) > 1:
                parts.append(line(say(_("Then: {names}",
                                        names=Items(s.name for s, _ in waiting[1:]))), 16))
        else:
            parts += [heading(say(_("Nobody on this device has a move now")), 26),
                      line(say(_("Keep the device face down until the table asks for "
                                 "someone.")), 16)]
        first = waiting[0][1] if waiting else None
        parts += [ft.OutlinedButton(say(_("I am {name}: show my screen", name=s.name)),
                                    on_click=self._open(t))
                  for s, t, _busy in queue if t != first]
        parts += [ft.TextButton(say(_("Add a player to this phone")),
                                on_click=self.room.start_adding),
                  self.error]
        return parts

    # --- a seat's screen opens and closes -------------------------------------------------
    def _open(self, token: str):
        def handler(e=None):
            self.error.show(None)
            try:
                locked = self.room.service.has_pin(self.room.code, token)
            except Refused as err:
                self.error.show(self.room.words(err.args[0]) if len(err.args) == 1
                                else str(err))
                return self.room.refresh()
            if locked:
                self.asking, self.pin.value = token, ""
                return self.room.refresh(force=True)
            self.show(token)
        return handler

    def _unlock(self, e=None) -> None:
        token = self.asking
        unlocked = token and self.room.attempt(self.error, self.room.service.check_pin,
                                               self.room.code, token, self.pin.value or "")
        if unlocked:  # the seat acts through the unlock, which the companion checks
            self.asking, self.pin.value = None, ""
            self.show(unlocked)

    def _back(self, e=None) -> None:
        self.asking = None
        self.room.refresh(force=True)

    def show(self, token: str) -> None:
        self.room.token = token
        self.touched()
        if self._idle is None or self._idle.done():
            self._idle = asyncio.get_running_loop().create_task(self._blank_when_idle())
        self.room.refresh(force=True)

    def done(self, e=None) -> None:
        """Blank the device: no seat's screen stays on it (and its PIN's unlock ends)."""
        if self.room.token:
            self.room.service.lock_seat(self.room.code, self.room.token)
        self.room.token = None
        self.asking = None
        self.room.refresh(force=True)

    def touched(self) -> None:
        self.last_touch = time.monotonic()

    async def _blank_when_idle(self) -> None:
        if await reader_on(self.room.s):
            self.idle_seconds = READER_IDLE_SECONDS
        while self.room.token is not None and self.room.shared:
            left = self.last_touch + self.idle_seconds - time.monotonic()
            if left <= 0:
                self.done()
                return
            await asyncio.sleep(min(left, 5))

    def stop(self) -> None:
        if self._idle:
            self._idle.cancel()

    # --- on an open seat's screen ---------------------------------------------------------
    def seat_bar(self, seat, has_pin: bool) -> list[ft.Control]:
        """Above a seat's screen on a shared device: whose it is, Done, and the PIN offer
        (to a seat without a PIN)."""
        say = self.room.words
        bar: list[ft.Control] = [ft.Row([
            line(say(_("{name}'s screen", name=seat.name)), 20, weight=ft.FontWeight.BOLD),
            ft.FilledButton(say(_("Done: hide my screen")), on_click=self.done)], wrap=True)]
        if not has_pin:
            self.new_pin.label = say(_("New PIN (4 digits)"))
            bar.append(ft.Row([self.new_pin, ft.TextButton(
                say(_("Set my PIN (optional)")), on_click=self._set_pin)], wrap=True))
        return bar

    def _set_pin(self, e=None) -> None:
        if self.room.attempt(self.room.error, self.room.service.set_pin, self.room.code,
                             self.room.token, self.new_pin.value or ""):
            self.new_pin.value = ""
            self.room.refresh(force=True)


async def reader_on(session) -> bool:
    """Whether the tab's accessibility tree is on: Flutter's web engine says "accessible
    navigation" from the moment it is (a screen reader's player turned it on, or the page did
    for a browser that keeps the reader's setting, companion/web/boot.js). Once on, it stays
    on: the answer is kept."""
    if session.reader:
        return True
    if session.speaker is None or not hasattr(session.speaker, "get_accessibility_features"):
        return False
    try:
        features = await asyncio.wait_for(session.speaker.get_accessibility_features(),
                                          READER_ASK_WAIT)
    except Exception:  # a browser that does not answer: the usual blank
        return False
    session.reader = bool(getattr(features, "accessible_navigation", False))
    return session.reader
