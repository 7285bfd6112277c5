"""Castaways on the table screen, the lineups face up with their gauges (two teams side by
side, one tribe after the merge) and the players: who leads, who is out, the Castaways that
left with their owners revealed, the setup notes. Pieces of ``TablePanel`` (table.py).
"""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from ...widgets import line, panel
from .parts import ARCHETYPES, WARN, bold, castaway_tile, gone_how, person, said
from .phone import owner_words

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


class Lineups:
    """The lineups and the players, drawn from their values."""

    def _lineups(self, view: dict, where: dict) -> list[ft.Control]:
        """The lineups face up, with their gauges: two teams side by side (one tribe after
        the merge), each headed by its players in their colours, the Team Leader starred."""
        teams = view["teams"]
        tick = "adjust_health" in self.legal
        leader = view.get("team_leader")

        def tile(c: dict, width: int) -> ft.Control:
            return castaway_tile(c, self.top, selected=c["name"] in self.selected,
                                 on_select=self._toggle(c["name"]) if tick else None,
                                 width=width, say=self.say)

        def players(team: str) -> ft.Row:
            return ft.Row([person(p["name"], where, 14, lead=p["name"] == leader,
                                  say=self.say)
                           for p in view["players"] if p["team"] == team and p["in_game"]],
                          wrap=True, spacing=6, run_spacing=4)

        width = 232 if len(teams) == 1 else 196
        cols = []
        for t in teams:
            alone = ([line(said(self.say, t, "no_players"), 16, color=WARN)]
                     if t.get("no_players") else [])
            cols.append(ft.Column([
                ft.Row([bold(self.say(_n("{team} · {count} Castaway",
                                         "{team} · {count} Castaways", "count",
                                         team=t["name"], count=len(t["lineup"]))), 24),
                        players(t["name"])], wrap=True, spacing=12), *alone,
                ft.Row([tile(c, width) for c in t["lineup"]], wrap=True, spacing=8,
                       run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)],
                spacing=6, expand=True))
        return [ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)]

    def _people(self, view: dict) -> list[ft.Control]:
        rows, say = [], self.say
        for p in view["players"]:
            marks = [p["team"] or ""]
            if p["team_leader"]:
                marks.append(say(_("Team Leader")))
            if p["tribunal_leader"]:
                marks.append(say(_("Tribunal Leader")))
            if not p["in_game"]:
                marks.append(say(_("out of the game")))
            # a player and their marks, one after the other ("Ana · Team 1 · Team Leader")
            rows.append(line(" · ".join([p["name"], *(m for m in marks if m)]), 18))
        out: list[ft.Control] = [panel(say(_("Players")), rows)]
        if view["departed"]:
            out.append(panel(say(_("Left the game (owner revealed)")), [
                line(said(say, view, "owner_choice"), 15),
                *[line(say(_("{castaway} ({archetype}) · {gone}", castaway=d["name"],
                             archetype=ARCHETYPES.get(d["archetype"], d["archetype"]),
                             gone=gone_words(d, named=False))), 18)
                  for d in view["departed"]]]))
        out.append(panel(say(_("Setup notes")), [line(n, 15) for n in said(say, view, "notes")]))
        return out


def gone_words(d: dict, named: bool = True):
    """How a Castaway left, in words: "Physical 4 (voted out, round 3) · Ben's Castaway", or
    without its name "voted out, round 3 · Ben's Castaway"."""
    how = gone_how(d)
    if named and d.get("instead_of"):
        return _("{castaway} ({how}, in place of {safe}, round {round}) · {owner}",
                 castaway=d["name"], how=how, safe=d["instead_of"], round=d["round"],
                 owner=owner_words(d))
    if named:
        return _("{castaway} ({how}, round {round}) · {owner}", castaway=d["name"], how=how,
                 round=d["round"], owner=owner_words(d))
    if d.get("instead_of"):
        return _("{how}, round {round}, in place of {safe} · {owner}", how=how,
                 round=d["round"], safe=d["instead_of"], owner=owner_words(d))
    return _("{how}, round {round} · {owner}", how=how, round=d["round"], owner=owner_words(d))
