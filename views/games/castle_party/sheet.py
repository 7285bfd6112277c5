"""Castle Party on the table: the score sheet, and the Final Score read out as a show.

"Each player adds up their Final Score ... and notes down the results in the corresponding
boxes": the sheet is those boxes, categories down, players across, the totals at the foot.
Once the party is over the table reads it out one category at a time; the totals and the
winner stay hidden until the last category, then the winner is marked and a bar chart shows
the totals in the players' colours.
"""
from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.language import Speaker, from_json, host_words

from ...ballot import big_button
from ...widgets import ACCENT, line
from .parts import colour_of, initial_dot

# Castle Party's catalog: the same msgids as its rules (one catalog entry serves both)
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

CELL = 22  # the sheet's text, read from across the table
def english(message) -> str:
    """The default ``say``: the host's words (English unless the host picked another)."""
    return host_words()(message)


def points(n: int, say=english) -> str:
    """"3 points", "1 point", "-1 point" (as the screens always wrote them)."""
    return say(_n("{n} point", "{n} points", "count", n=n, count=abs(n)))


def category_name(category: dict, say=english) -> str:
    """A category of the score sheet in words: the rules' message the view carries."""
    return say(from_json(category["said"]) if category.get("said") else category["name"])


def result_words(view: dict, say=english) -> str:
    """Who wins, said again from the winners and the totals (the view's ``result`` is its
    English): the same sentences as the rules' result line for the table."""
    winners, totals = view.get("winners") or [], view["tally"]["totals"]
    if not (view["over"] and winners):
        return view.get("result") or ""
    best = _n("{n} point", "{n} points", "n", n=totals[winners[0]])
    if len(winners) == 1:
        return say(_("{name} wins with {points}!", name=winners[0], points=best))
    return say(_("{names} share the victory with {points}.", names=tuple(winners), points=best))


def category_line(name: str, values: list[int], players: list[str], say=english) -> str:
    """One category for everyone: "Skeletons ... — Ana: 0 · Bruno: 2"."""
    scores = " · ".join(say(_("{player}: {n}", player=p, n=v)) for p, v in zip(players, values))
    return say(_("{category} — {scores}", category=name, scores=scores))


def totals_line(totals: dict, players: list[str], say=english) -> str:
    scores = " · ".join(say(_("{player}: {points}", player=p, points=points(totals[p], say)))
                        for p in players)
    return say(_("Total — {scores}", scores=scores))


# The sheet is rows of cells that share their columns by flex, not a DataTable: a DataTable
# heading lays its label out at its own width (Flutter wraps it in a Row), so a long name ran
# into the next column at 1280x800. Here each column takes its share of the screen's width,
# and a name too long for it wraps (two lines at most, then an ellipsis; its reader hears it
# whole).
CATEGORY_FLEX, PLAYER_FLEX = 5, 4  # a 1024 px screen: "Bartholomew" whole on one line
NAME_LINES = 2
RULE = ft.Colors.WHITE_24


def name_text(name: str, size: int, **kw) -> ft.Text:
    """A player's name in a column as wide as the screen gives it: wrapped, then cut short
    with an ellipsis, and said whole to a screen reader."""
    return ft.Text(name, size=size, max_lines=NAME_LINES, overflow=ft.TextOverflow.ELLIPSIS,
                   semantics_label=name, **kw)


def _cell(content: ft.Control, flex: int) -> ft.Container:
    # no alignment: the cell's text starts at its reading direction's start (Arabic: the right)
    return ft.Container(content, expand=flex)


def header(players: list[str], where: dict, winners: list[str],
           say=english) -> ft.Control:
    cells = [_cell(line(say(_("Category")), CELL, weight=ft.FontWeight.BOLD), CATEGORY_FLEX)]
    for p in players:
        mark = [ft.Icon(ft.Icons.STAR, color=ACCENT, size=28)] if p in winners else []
        cells.append(_cell(ft.Row([initial_dot(p, colour_of(p, where, players), 16),
                                   name_text(p, CELL, weight=ft.FontWeight.BOLD, expand=True),
                                   *mark], spacing=6), PLAYER_FLEX))
    return _row(cells)


def _row(cells: list[ft.Control], colour=None) -> ft.Container:
    return ft.Container(ft.Row(cells, spacing=16,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(12, 8, 12, 8), bgcolor=colour,
                        border=ft.Border(top=ft.BorderSide(1, RULE)))


def sheet_row(label: str, said: str, values: list[str], bold: bool = False,
              winners_at: tuple[int, ...] = (), current: bool = False,
              heard: list[str] | None = None) -> ft.Control:
    """A row of the sheet; its first cell reads the whole row out to a screen reader, each
    value its player's name with it (``heard``): no table roles here, so a row of 0s would
    otherwise be the same word read over and over."""
    weight = ft.FontWeight.BOLD if bold or current else None
    size = CELL + 6 if bold else CELL
    cells = [_cell(ft.Text(label, size=size, weight=weight, semantics_label=said),
                   CATEGORY_FLEX)]
    cells += [_cell(line(v, size + (6 if i in winners_at else 0),
                         weight=ft.FontWeight.BOLD if i in winners_at else weight,
                         color=ACCENT if i in winners_at else None,
                         semantics_label=heard[i] if heard else None), PLAYER_FLEX)
              for i, v in enumerate(values)]
    return _row(cells, ft.Colors.with_opacity(0.18, ACCENT) if current else None)


def score_sheet(view: dict, where: dict, read: int | None = None, say=english) -> ft.Control:
    """Categories x players with a totals row; ``read``: only the categories read out so far,
    the totals hidden until the last one (None: everything, live)."""
    tally, players = view["tally"], view["players"]
    cats = tally["categories"]
    shown = len(cats) if read is None else read
    done = shown == len(cats)
    winners = view["winners"] if done and view["over"] else []
    rows = []

    def heard(values) -> list[str]:
        return [say(_("{player}: {n}", player=p, n=v)) for p, v in zip(players, values)]
    for i, c in enumerate(cats[:shown]):
        values = [tally["points"][p][i] for p in players]
        name = category_name(c, say)
        rows.append(sheet_row(name, category_line(name, values, players, say),
                              [str(v) for v in values],
                              current=read is not None and i == shown - 1 and not done,
                              heard=heard(values)))
    if done:
        rows.append(sheet_row(say(_("Total")), totals_line(tally["totals"], players, say),
                              [str(tally["totals"][p]) for p in players], bold=True,
                              winners_at=tuple(players.index(w) for w in winners),
                              heard=heard([tally["totals"][p] for p in players])))
    else:
        rows.append(sheet_row(say(_("Total")), say(_("Total — hidden until the last category")),
                              ["?" for _ in players], bold=True,
                              heard=heard(["?"] * len(players))))
    head = header(players, where, winners, say)
    head.border = None  # the sheet's own border above it
    # as wide as the screen gives it: the columns share that width by their flex
    return ft.Container(ft.Column([head, *rows], spacing=0, tight=True),
                        border=ft.Border.all(1, RULE), border_radius=ft.BorderRadius.all(10),
                        clip_behavior=ft.ClipBehavior.ANTI_ALIAS)


def totals_chart(view: dict, where: dict, say=english) -> ft.Control:
    """The totals as bars in the players' colours (flet-charts)."""
    players, totals = view["players"], view["tally"]["totals"]
    low, high = min(0, *totals.values()), max(1, *totals.values())
    groups = [fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
        from_y=0, to_y=totals[p], width=56, color=colour_of(p, where, players),
        border_radius=ft.BorderRadius.all(6),
        tooltip=say(_("{player}: {points}", player=p, points=points(totals[p], say))))])
        for i, p in enumerate(players)]
    bottom = fch.ChartAxis(labels=[fch.ChartAxisLabel(value=i,
                                                      label=line(say(_(
                                                          "{player}: {n}", player=p,
                                                          n=totals[p])), 20))
                                   for i, p in enumerate(players)], label_size=36)
    return ft.Container(fch.BarChart(
        groups=groups, bottom_axis=bottom, min_y=low, max_y=high + 2,
        left_axis=fch.ChartAxis(label_size=40), interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.WHITE_12, width=1,
                                                 interval=5),
        baseline_y=0), width=400, height=320, padding=10)


class Readout:
    """The Final Score read out at the table: one category at a time, the totals hidden until
    the end, then the winner, the whole sheet and the chart. How many categories are read out
    is the table's own choice: drawn from ``read``, changed through ``read_out(n)`` (the table
    redraws the panel and its action bar)."""

    def __init__(self, read_out, say=english) -> None:
        self.read_out, self.say = read_out, say

    def controls(self, view: dict, where: dict, read: int) -> list[ft.Control]:
        cats, players, say = view["tally"]["categories"], view["players"], self.say
        n = len(cats)
        if read >= n:
            return [line(result_words(view, say), 44, weight=ft.FontWeight.BOLD, color=ACCENT),
                    ft.Row([totals_chart(view, where, say), score_sheet(view, where, n, say)],
                           wrap=True,
                           spacing=24, run_spacing=16,
                           vertical_alignment=ft.CrossAxisAlignment.START)]
        parts = [line(say(_("The Final Score, one category at a time")), 30,
                      weight=ft.FontWeight.BOLD),
                 line(say(_n("Read out: {read} of {n} category",
                             "Read out: {read} of {n} categories", "n", read=read, n=n)), 22)]
        if read:
            i = read - 1
            values = [view["tally"]["points"][p][i] for p in players]
            parts.append(self._card(category_name(cats[i], say), values, players, where))
        parts.append(score_sheet(view, where, read, say))
        return parts

    def _card(self, name: str, values: list[int], players: list[str], where) -> ft.Control:
        """The category just read, big: its name, then each player's points."""
        tiles = [ft.Container(ft.Row([initial_dot(p, colour_of(p, where, players), 24),
                                      line(p, 26), line(str(v), 48, weight=ft.FontWeight.BOLD)],
                                     spacing=10, tight=True),
                              padding=ft.Padding(10, 4, 16, 4), border_radius=40,
                              border=ft.Border.all(3, colour_of(p, where, players)))
                 for p, v in zip(players, values)]
        return ft.Container(ft.Column([
            ft.Text(name, size=40, weight=ft.FontWeight.BOLD,
                    semantics_label=category_line(name, values, players, self.say)),
            ft.Row(tiles, wrap=True, spacing=16, run_spacing=8)], spacing=12, tight=True),
            padding=16, border_radius=14, bgcolor=ft.Colors.with_opacity(0.14, ACCENT))

    def actions(self, view: dict, read: int) -> list[ft.Control]:
        total = len(view["tally"]["categories"])
        if read < total:
            return [big_button(self.say(_("Read out the next category")),
                               self._to(min(read + 1, total))),
                    big_button(self.say(_("Show the whole tally")), self._to(total),
                               outlined=True)]
        return [big_button(self.say(_("Read it out again")), self._to(0), outlined=True)]

    def _to(self, read: int):
        def handler(e=None):
            self.read_out(read)
        return handler
