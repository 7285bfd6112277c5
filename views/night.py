"""Tonight, on the table screen: the night's standings as bars, then each game played with its
result, read from 2 m away (the record is the companion's: ``service.tonight()``), and under
the games two buttons that save the whole record as CSV or JSON beside the database."""
from __future__ import annotations

import flet as ft

from .screen import Screen, Session
from .widgets import ACCENT, ErrorLine, heading, line, panel, player_colour


class Tonight(Screen):
    topic = "rooms"  # every room's news: a game that ends changes the night

    def __init__(self, session: Session, host_key: str) -> None:
        super().__init__(session)
        self.host_key = host_key
        self.error_line = ErrorLine()
        self.saved = line("", 20, visible=False, selectable=True)

    def signature(self) -> object:
        return self.service.tonight()

    def draw(self) -> list[ft.Control]:
        night = self.service.tonight()
        back = ft.OutlinedButton("Back to the rooms", on_click=self._home)
        if not night.games:
            return [heading("Tonight", 44), line("No game has finished yet tonight.", 24), back]
        colours = self._colours()
        most = max((s.played for s in night.standings), default=1) or 1
        rows = []
        for s in night.standings:
            colour = player_colour(colours.get(s.player, 0))
            bar = ft.Stack([
                ft.Container(width=360 * s.played / most, height=34, border_radius=6,
                             bgcolor=ft.Colors.with_opacity(0.25, colour)),
                ft.Container(width=360 * s.won / most, height=34, border_radius=6,
                             bgcolor=colour)], width=360, height=34)
            rows.append(ft.Row([
                ft.Text(s.player, size=28, weight=ft.FontWeight.BOLD, width=200,
                        max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                bar,
                ft.Text(f"{s.won} {'win' if s.won == 1 else 'wins'} of {s.played}", size=26)],
                spacing=16, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        played = []
        for n, game in enumerate(night.games, start=1):
            scores = [f"{p.player} {p.score}" for p in game.players if p.score is not None]
            parts: list[ft.Control] = [
                ft.Text(f"{n}. {game.title}  ({game.finished[11:16]})", size=22,
                        weight=ft.FontWeight.BOLD),
                ft.Text(game.summary, size=22, color=ACCENT)]
            if scores:
                parts.append(line(" · ".join(scores), 20))
            played.append(ft.Container(ft.Column(parts, spacing=4, tight=True), padding=12,
                                       border_radius=10,
                                       border=ft.Border.all(1, ft.Colors.WHITE_24)))
        return [heading("Tonight", 44),
                panel("Standings: wins (bright) of games played", rows),
                panel(f"{len(night.games)} {'game' if len(night.games) == 1 else 'games'} "
                      "played", played),
                ft.Row([ft.OutlinedButton("Save the record as CSV", on_click=self._save("csv")),
                        ft.OutlinedButton("Save the record as JSON",
                                          on_click=self._save("json"))], wrap=True),
                self.saved, self.error_line, back]

    def _save(self, fmt: str):
        def handler(e=None):
            self.saved.visible = False  # a refusal must not leave an older "Saved" line
            path = self.attempt(self.error_line, self.service.save_export, self.host_key, fmt)
            if path:
                self.saved.value, self.saved.visible = f"Saved: {path}", True
                self.s.page.update()
        return handler

    def _colours(self) -> dict[str, int]:
        """Each player's colour at the table: that of their latest seat."""
        out: dict[str, int] = {}
        for room in reversed(self.service.rooms()):  # oldest first: the latest seat wins
            for seat in self.service.seats(room.code):
                out[seat.name] = seat.colour
        return out

    async def _home(self, e=None) -> None:
        await self.s.navigate(f"/table?k={self.host_key}")
