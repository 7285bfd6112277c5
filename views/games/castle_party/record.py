"""Castle Party in the night's record: a finished game's score sheet as a chart, read at 2 m.

The rules' Outcome keeps each player's sheet as (category, points) lines. Here the categories
go across, each with a bar per player in the player's colour (below the line for the moat's
minus points), and the totals with the winners' stars under it; a category where nobody
scored is left out, so the chart shows what happened in that party.
"""
from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.language import Speaker

from ...widgets import ACCENT, line
from .parts import english, initial_dot, point_words

# Castle Party's catalog: the record keeps the sheets' English lines; their short names are
# said in the table's language here
_ = Speaker("castle_party", "rules.castle_party")

SHORT = {"Special actions not used": "Actions", "Guests in the moat": "Moat",
         "Guests on the drawbridge": "Drawbridge", "Toast to the Pumpkin King": "Toast"}


CATEGORY_WORDS = {
    "Skeletons": _("Skeletons"), "Witches": _("Witches"), "Vampires": _("Vampires"),
    "Ghosts": _("Ghosts"), "Frankensteins": _("Frankensteins"), "Unicorns": _("Unicorns"),
    "Actions": _("Actions"), "Moat": _("Moat"), "Drawbridge": _("Drawbridge"),
    "Fireworks": _("Fireworks"), "Conga": _("Conga"), "Toast": _("Toast"),
    "Dj": _("DJ"), "Punch": _("Punch"), "Mirrored ball": _("Mirrored ball"),
    "Hors d'oeuvres table": _("Hors d'oeuvres table"),
    "Wall of speakers": _("Wall of speakers"),
}
"""A category's short name (``category``) in words; a name not here is shown as it is."""


def category(label: str) -> str:
    """ "Skeletons: largest group of 2" -> "Skeletons"; "Vampires on the Punch" -> "Punch"."""
    name = label.split(":")[0]
    if " on the " in name and name not in SHORT:
        return name.split(" on the ")[1].capitalize()
    return SHORT.get(name, name)


def sheet_columns(sheets: dict[str, list]) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The categories someone scored in (in the sheet's order) and each player's points."""
    order: list[str] = []
    scored: dict[str, dict[str, int]] = {p: {} for p in sheets}
    for p, rows in sheets.items():
        for label, value in rows:
            name = category(label)
            if name not in order:
                order.append(name)
            scored[p][name] = scored[p].get(name, 0) + value
    kept = [c for c in order if any(scored[p].get(c, 0) for p in sheets)]
    return kept, scored


def record_card(result, colour_of, say=english) -> ft.Control | None:
    """The chart of one finished game; ``colour_of(name)`` gives a player's colour. (Not
    wrapped in ft.Semantics: a chart inside one draws as a grey box in Flet 1.0.5.)"""
    sheets = result.details.get("sheets")
    if not isinstance(sheets, dict) or not sheets:
        return None
    players = [p.player for p in result.players if p.player in sheets]
    cats, scored = sheet_columns(sheets)

    def name(c: str) -> str:
        return say(CATEGORY_WORDS.get(c, c))
    values = [scored[p].get(c, 0) for p in players for c in cats] or [0]
    groups = [fch.BarChartGroup(x=i, group_vertically=False, spacing=4, rods=[
        fch.BarChartRod(from_y=0, to_y=scored[p].get(c, 0), width=14, color=colour_of(p),
                        border_radius=ft.BorderRadius.all(3),
                        tooltip=say(_("{player}, {category}: {points}", player=p,
                                      category=name(c),
                                      points=point_words(scored[p].get(c, 0)))))
        for p in players]) for i, c in enumerate(cats)]
    bottom = fch.ChartAxis(labels=[fch.ChartAxisLabel(value=i, label=line(name(c), 18))
                                   for i, c in enumerate(cats)], label_size=32)
    chart = fch.BarChart(
        groups=groups, bottom_axis=bottom, left_axis=fch.ChartAxis(label_size=36),
        min_y=min(0, *values) - 1, max_y=max(1, *values) + 1, interactive=False, baseline_y=0,
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.WHITE_12, width=1, interval=5))
    said = say(_("Score sheet: {scores}", scores=say(_("; ")).join(
        say(_("{player} {points}", player=p, points=point_words(
            next(r.score for r in result.players if r.player == p) or 0)))
        for p in players)))
    totals = ft.Row([ft.Row([initial_dot(r.player, colour_of(r.player), 16),
                             line(f"{r.player} {r.score}", 24, weight=ft.FontWeight.BOLD),
                             *([ft.Icon(ft.Icons.STAR, color=ACCENT, size=26)] if r.won else [])],
                            spacing=6, tight=True)
                     for r in result.players if r.score is not None], wrap=True, spacing=20)
    width = max(360, 20 * len(cats) * (len(players) + 1) + 80)
    parts = [ft.Container(chart, width=width, height=220, padding=6)] if cats else []
    caption = ft.Text(say(_("Score sheet")), size=20, semantics_label=said)
    return ft.Column([caption, *parts, totals], spacing=6, tight=True)
