"""The table's QR card: the room's join code (big until the game starts; then behind a chip
for a late joiner), or a seat's rejoin code in its place. A piece of ``TableRoom``."""
from __future__ import annotations

import flet as ft

from companion.language import COMPANION, HOME, Speaker

from .widgets import line, qr_card, wifi_card

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the shared screens' words


class JoinCard:
    """The join code's part of a ``TableRoom``."""

    def __init__(self, room) -> None:
        self.room = room
        self.rejoin: tuple[str, str] | None = None  # (name, url) shown as a QR
        self.show_join = False  # the join QR brought back after the start

    def now(self) -> object:
        room = self.room
        return (self.rejoin, self.show_join, room.service.room(room.code).started)

    def draw(self, shown: tuple) -> list[ft.Control]:
        """The room's join code (big until the game starts); a seat's rejoin code takes its
        place while it is shown, so a phone camera never sees two codes at once."""
        rejoin, show_join, started = shown
        say = self.room.words
        if rejoin:
            name, url = rejoin
            return [line(say(_("Rejoin code for {name}: scan it with {name}'s phone.",
                               name=name)), 22, weight=ft.FontWeight.BOLD),
                    qr_card(url, 320),
                    ft.FilledButton(say(_("Hide the rejoin code")), on_click=self._hide_rejoin)]
        if started and not show_join:
            return []
        urls = self.room.s.urls
        join = urls.join(self.room.code)
        if urls.wifi_name:  # first onto the table's Wi-Fi, then into the room
            codes = [ft.Row([wifi_card(urls.wifi_name, urls.wifi_password, 280),
                             qr_card(join, 280, join)], wrap=True, spacing=24),
                     line(say(_("First scan the Wi-Fi code to join the network, then the "
                                "room's code; or open the address and type your name.")), 18)]
        else:
            codes = [qr_card(join, 320, join),
                     line(say(_("Scan to join, or open the address and type your name.")), 18)]
        return [*codes,
                *([ft.TextButton(say(_("Hide the join code")), on_click=self.toggle)]
                  if started else [])]

    async def seat_here(self, e=None) -> None:
        await self.room.s.navigate(f"/join/{self.room.code}?table=1")

    def toggle(self, e=None) -> None:
        self.show_join = not self.show_join
        self.room.refresh()

    def _hide_rejoin(self, e=None) -> None:
        self.rejoin = None
        self.room.refresh()
