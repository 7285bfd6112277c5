"""Tonight, on the table screen: the night's standings as bars, then each game played with its
result (a game's own picture of it where it has one: Castle Party's score sheet as a chart),
read from 2 m away (the record is the companion's: ``service.tonight()``), and under the games
two buttons that save the whole record as CSV or JSON beside the database. History: every
night's record per player and per game (``service.across_nights()``), with filters."""
from __future__ import annotations

import flet as ft

from companion import games
from companion.language import COMPANION, HOME, Speaker
from companion.night import UNREADABLE

from .games import SCREENS
from .screen import Screen, Session
from .widgets import ACCENT, ErrorLine, heading, line, panel, player_colour

_ = Speaker(COMPANION, HOME)  # the companion's catalog: the night's screens
_n = _.n

# What a table reads from 2 m: the leaders and the latest games. A night of 1,000 games of 100
# players would take seconds to draw and a megabyte to send; the saved record holds it all.
STANDINGS_SHOWN = 24
GAMES_SHOWN = 12


class Tonight(Screen):
    topic = "rooms"  # every room's news: a game that ends changes the night

    def __init__(self, session: Session, host_key: str) -> None:
        super().__init__(session)
        self.host_key = host_key
        self.error_line = ErrorLine()
        self.saved = line("", 20, visible=False)  # (selectable text hides from the screen reader)

    def inputs(self) -> object:
        """The night, and each player's colour."""
        return self.service.tonight(), tuple(sorted(self.service.player_colours().items()))

    def draw(self, shown: tuple) -> list[ft.Control]:
        night, colours = shown[0], dict(shown[1])
        say = self.words
        back = ft.OutlinedButton(say(_("Back to the rooms")), on_click=self._home)
        if not night.games:
            return [heading(say(_("Tonight")), 44),
                    line(say(_("No game has finished yet tonight.")), 24), back]
        most = max((s.played for s in night.standings), default=1) or 1
        rows = []
        for s in night.standings[:STANDINGS_SHOWN]:
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
                ft.Text(say(_n("{n} win of {played}", "{n} wins of {played}", "n", n=s.won,
                               played=s.played)), size=26)],
                spacing=16, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        more = len(night.standings) - STANDINGS_SHOWN
        if more > 0:
            rows.append(line(say(_n("and {n} more player (in the saved record)",
                                    "and {n} more players (in the saved record)", "n",
                                    n=more)), 22))
        earlier = max(0, len(night.games) - GAMES_SHOWN)
        played = [line(say(_("Games 1 to {n} of tonight are in the saved record.", n=earlier)),
                       22)] if earlier else []
        played += [self._played(n, game, colours)
                   for n, game in enumerate(night.games[earlier:], start=earlier + 1)]
        return [heading(say(_("Tonight")), 44),
                panel(say(_("Standings: wins (bright) of games played")), rows),
                panel(say(_n("{n} game played", "{n} games played", "n", n=len(night.games))),
                      played),
                ft.Row([ft.OutlinedButton(say(_("Save the record as CSV")),
                                          on_click=self._save("csv")),
                        ft.OutlinedButton(say(_("Save the record as JSON")),
                                          on_click=self._save("json"))], wrap=True),
                self.saved, self.error_line,
                ft.Row([back, ft.OutlinedButton(say(_("History across nights")),
                                                icon=ft.Icons.HISTORY,
                                                on_click=self._history)], wrap=True)]

    def _played(self, n: int, game, colours: dict[str, int]) -> ft.Control:
        """The night's ``n``-th game, with its result (or a line saying it cannot be read)."""
        parts: list[ft.Control] = [
            ft.Text(self.words(_("{n}. {title}  ({time})", n=str(n),
                                 title=games.title(game.game, game.title) or _("A game"),
                                 time=game.finished[11:16] or _("time unknown"))),
                    size=22, weight=ft.FontWeight.BOLD)]
        if game.unreadable:
            parts.append(ft.Text(UNREADABLE, size=22))
        else:
            parts.append(ft.Text(game.summary, size=22, color=ACCENT))
            scores = [f"{p.player} {p.score}" for p in game.players if p.score is not None]
            card = self._record_card(game, colours)
            if card is not None:
                parts.append(card)
            else:
                if scores:
                    parts.append(line(" · ".join(scores), 20))
                parts += [line(text, 20) for text in details_lines(game.details)]
        return ft.Container(ft.Column(parts, spacing=4, tight=True), padding=12,
                            border_radius=10, border=ft.Border.all(1, ft.Colors.WHITE_24))

    def _save(self, fmt: str):
        def handler(e=None):
            self.saved.visible = False  # a refusal must not leave an older "Saved" line
            path = self.attempt(self.error_line, self.service.save_export, self.host_key, fmt)
            if path:
                self.saved.value = self.words(_("Saved: {path}", path=str(path)))
                self.saved.visible = True
                self.s.page.update()
        return handler

    @staticmethod
    def _record_card(game, colours: dict[str, int]) -> ft.Control | None:
        """The game's own picture of its result (Castle Party: the score sheet as a chart)."""
        screens = SCREENS.get(game.game)
        card = getattr(screens, "record_card", None)
        if card is None:
            return None
        return card(game, lambda name: player_colour(colours.get(name, 0)))

    async def _home(self, e=None) -> None:
        await self.s.navigate("/table")

    async def _history(self, e=None) -> None:
        await self.s.navigate("/table/history")


DETAILS_SHOWN = 8  # lines of a game's details listed plainly; the saved record holds them all


def details_lines(details, shown: int = DETAILS_SHOWN) -> list[str]:
    """A game's details listed plainly, for a game that draws no ``record_card``: a line per
    entry, "Missions won: 3", "Spies: Ann, Ben", "Votes: Ann 3 · Ben 2"; deeper parts by
    their path ("Rounds, 1: ...")."""
    lines: list[str] = []

    def said(value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        if isinstance(value, dict):
            return " · ".join(f"{k} {said(v)}" for k, v in value.items())
        if isinstance(value, list):
            return ", ".join(said(v) for v in value)
        return str(value)

    def flat(value) -> bool:
        inner = value.values() if isinstance(value, dict) else value
        return not isinstance(value, (dict, list)) or not any(
            isinstance(v, (dict, list)) for v in inner)

    def walk(path: str, value) -> None:
        if flat(value):
            lines.append(f"{path}: {said(value)}")
        else:
            items = value.items() if isinstance(value, dict) else enumerate(value, start=1)
            for key, inner in items:
                walk(f"{path}, {key}", inner)

    for key, value in details.items():
        walk(str(key).replace("_", " ").capitalize(), value)
    if len(lines) > shown:
        lines[shown - 1:] = [f"and {len(lines) - shown + 1} more (in the saved record)"]
    return lines


class History(Screen):
    """Across nights, on the table screen: per player their plays and wins, and per game their
    plays, wins, best and average score and the last night they played it; the buttons above
    keep one game or one player (the record's: ``service.across_nights()``)."""

    topic = "rooms"

    def __init__(self, session: Session, host_key: str) -> None:
        super().__init__(session)
        self.host_key = host_key
        self.game: str | None = None  # the filters: a registry key, a player's ``who``
        self.who: str | None = None

    def inputs(self) -> object:
        """The whole record (for the filters), the part of it chosen, the choice, and each
        player's colour."""
        return (self.service.across_nights(), self.service.across_nights(self.game, self.who),
                self.game, self.who, tuple(sorted(self.service.player_colours().items())))

    def draw(self, inputs: tuple) -> list[ft.Control]:
        everything, shown, game, who, colours = inputs
        say = self.words
        back = ft.Row([ft.OutlinedButton(say(_("Back to the rooms")), on_click=self._home),
                       ft.OutlinedButton(say(_("Tonight")), icon=ft.Icons.EMOJI_EVENTS,
                                         on_click=self._tonight)], wrap=True)
        if not everything.records:
            return [heading(say(_("History")), 44),
                    line(say(_("No game has been recorded yet.")), 24), back]
        titles = [("", say(_("All games"))),
                  *((key, say(games.title(key, title))) for key, title in everything.games)]
        players = [("", say(_("Everyone"))), *_told_apart(everything.players)]
        return [heading(say(_("History")), 44),
                self._filters(say(_("Game")), titles, game, self._pick_game),
                self._filters(say(_("Player")), players, who, self._pick_player),
                panel(self._title(everything, game, who), [self._table(shown, dict(colours),
                                                                       say)]),
                back]

    def _title(self, everything, game: str | None, who: str | None) -> str:
        title = dict(everything.games).get(game or "", "")
        game = self.words(games.title(game, title)) if title else ""
        who = dict(everything.players).get(who or "", "")
        return " · ".join(p for p in (self.words(_("Every night")), game, who) if p)

    @staticmethod
    def _filters(label: str, choices, chosen: str | None, pick) -> ft.Control:
        """One button per choice, the chosen one filled: a tap at 2 m, no menu to open."""
        buttons = [(ft.FilledButton if (key or None) == chosen else ft.OutlinedButton)(
            text, on_click=pick(key or None)) for key, text in choices]
        return ft.Row([line(label, 20, width=80), *buttons], wrap=True, spacing=8)

    def _pick_game(self, key: str | None):
        def handler(e=None):
            self.game = key
            self.refresh(force=True)
        return handler

    def _pick_player(self, key: str | None):
        def handler(e=None):
            self.who = key
            self.refresh(force=True)
        return handler

    @staticmethod
    def _table(history, colours: dict, say) -> ft.Control:
        if not history.records:
            return line(say(_("Nobody has played this game yet.")), 22)
        rows = []
        for r in history.records:
            total = r.game == ""
            title = games.title(r.game, r.title) if r.game else r.title  # the game's words
            # the numbers as the record holds them (an average as "2.5"), never regrouped
            average = "" if r.average is None else f"{r.average:g}"
            said = say(_("{player}, {title}: {plays} played, {wins} won, best {best}, average "
                         "{average}, last played {night}", player=r.player, title=title,
                         plays=str(r.plays), wins=str(r.wins), best=str(r.best),
                         average=average, night=r.last_night)
                       if r.best is not None else
                       _("{player}, {title}: {plays} played, {wins} won, last played {night}",
                         player=r.player, title=title, plays=str(r.plays), wins=str(r.wins),
                         night=r.last_night))
            who = (ft.Row([ft.Container(width=18, height=18, border_radius=9,
                                        bgcolor=player_colour(colours.get(r.player, 0))),
                           ft.Text(r.player, size=24, weight=ft.FontWeight.BOLD,
                                   semantics_label=said)], spacing=8, tight=True)
                   if total else ft.Text("", semantics_label=said))
            cells = [who, line(say(title), 22 if total else 20,
                               weight=ft.FontWeight.BOLD if total else None),
                     line(str(r.plays), 22), line(str(r.wins), 22, color=ACCENT),
                     line("" if r.best is None else str(r.best), 22),
                     line("" if r.average is None else f"{r.average:g}", 22),
                     line(r.last_night, 20)]
            rows.append(ft.DataRow([ft.DataCell(c) for c in cells],
                                   color=ft.Colors.with_opacity(0.08, ACCENT) if total else None))
        heads = ((_("Player"), False), (_("Game"), False), (_("Played"), True),
                 (_("Won"), True), (_("Best"), True), (_("Average"), True),
                 (_("Last night"), False))
        return ft.DataTable(columns=[ft.DataColumn(line(say(h), 20, weight=ft.FontWeight.BOLD),
                                                   numeric=numeric)
                                     for h, numeric in heads],
                            rows=rows, column_spacing=28, heading_row_height=48,
                            data_row_min_height=44, data_row_max_height=52)

    async def _home(self, e=None) -> None:
        await self.s.navigate("/table")

    async def _tonight(self, e=None) -> None:
        await self.s.navigate("/table/tonight")


def _told_apart(players) -> list[tuple[str, str]]:
    """Two players by one name (two phones, both "Ana") get a number: "Ana", "Ana (2)"."""
    seen: dict[str, int] = {}
    out = []
    for who, name in players:
        seen[name.casefold()] = seen.get(name.casefold(), 0) + 1
        n = seen[name.casefold()]
        out.append((who, name if n == 1 else f"{name} ({n})"))
    return out
