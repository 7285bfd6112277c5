"""Small shared controls: headings, the error line, the QR card, the phase banner."""
from __future__ import annotations

import asyncio

import flet as ft

from companion import qr

ACCENT = ft.Colors.AMBER_300
ERROR = ft.Colors.RED_300
OK = ft.Colors.GREEN_300


def heading(text: str, size: int = 28) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def line(text: str, size: int = 18, **kw) -> ft.Text:
    return ft.Text(text, size=size, **kw)


class ErrorLine(ft.Text):
    """The sentence that says why a request was refused, on the screen that made it."""

    def __init__(self) -> None:
        super().__init__("", color=ERROR, size=18, visible=False, weight=ft.FontWeight.BOLD)

    def show(self, message: str | None) -> None:
        self.value = message or ""
        self.visible = bool(message)


def qr_card(url: str, size: int, caption: str | None = None) -> ft.Container:
    """A QR code on white (dark themes would hide it), big enough to scan across a table."""
    parts: list[ft.Control] = [ft.Image(src=qr.png(url), width=size, height=size,
                                        semantics_label=f"QR code for {url}")]
    if caption:
        parts.append(ft.Text(caption, color=ft.Colors.BLACK, size=16, selectable=True,
                             text_align=ft.TextAlign.CENTER, width=size))
    return ft.Container(ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                  tight=True),
                        bgcolor=ft.Colors.WHITE, padding=16, border_radius=12)


def banner(lines: tuple[str, ...] | list[str]) -> ft.Container:
    """The phase banner: what the table should do now."""
    return ft.Container(
        ft.Column([ft.Text(t, size=20, weight=ft.FontWeight.W_600) for t in lines], tight=True),
        bgcolor=ft.Colors.with_opacity(0.15, ACCENT), padding=12, border_radius=8,
        visible=bool(lines))


def panel(title: str, controls: list[ft.Control]) -> ft.Container:
    return ft.Container(
        ft.Column([ft.Text(title, size=22, weight=ft.FontWeight.BOLD), *controls], tight=True,
                  spacing=8),
        padding=14, border_radius=10, border=ft.Border.all(1, ft.Colors.WHITE_24))


def clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class TimerLine(ft.Text):
    """The discussion timer, ticking once a second on its own while it runs."""

    def __init__(self, seconds_left, size: int = 24) -> None:
        super().__init__("", size=size, weight=ft.FontWeight.BOLD)
        self.seconds_left = seconds_left  # () -> int | None, read from the service
        self._task: asyncio.Task | None = None

    def _words(self, left: int | None) -> str:
        if left is None:
            return "No discussion timer running"
        return "Discussion time is up" if left == 0 else f"Discussion: {clock(left)} left"

    def sync(self) -> None:
        left = self.seconds_left()
        self.value = self._words(left)
        if left and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(1)
            left = self.seconds_left()
            self.value = self._words(left)
            try:
                self.update()
            except (RuntimeError, AttributeError):  # the screen is gone
                return
            if not left:
                return

    def stop(self) -> None:
        if self._task:
            self._task.cancel()
