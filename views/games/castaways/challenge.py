"""Castaways on the table screen, the Challenge helpers: penalties, obstacle stages, part of
the field cut by the die, the Coconut Toss. A piece of ``TablePanel`` (table.py), lasting
(what the table typed stays) and drawn from its value.
"""
from __future__ import annotations

from typing import Any

import flet as ft

from companion.language import Items, Speaker

from ...widgets import ACCENT, line, panel
from .parts import Unreadable, cut_lines, faces, holder_lines, requirements
from .phone import castaways_of

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


class Challenge:
    """The Challenge helpers panel and the handlers of its buttons."""

    def _build_challenge(self) -> ft.Control:
        """The Challenge helpers: penalties, obstacle stages, the field cut by the die, the
        Coconut Toss (lasting controls; their slots are redrawn)."""
        say = self.say
        self.penalty = ft.TextField(label=say(_("Penalty (health points)")), value="1",
                                    width=200)
        self.penalty_buttons = ft.Column(spacing=6)
        self.stage_req = ft.TextField(
            label=say(_("Obstacle stage traits, e.g. Strength 7, Speed 6, Balance 7")),
            width=420)
        self.coconut_fields: dict[str, ft.TextField] = {}
        self.coconut_rows = ft.Column(spacing=6)
        self.tiebreak = ft.TextField(label=say(_("Coconut Toss tiebreak dice, one per team")),
                                     width=320)
        self.holders_line = ft.Column(spacing=4)
        self.coconut = ft.Column([
            line(say(_(
                "Coconut Toss: each team's bag holders are its 3 strongest competing Castaways "
                "(never a sit-out). Each team throws the die at the OTHER team's bag holders; "
                "the fewest throws to knock out all 3 wins. Tick the bag holders, then roll in "
                "the app, or type the throws read off the real die.")), 16),
            self.holders_line, self.coconut_rows, self.tiebreak,
            ft.Row([ft.FilledButton(say(_("Roll the Coconut Toss in the app")),
                                    on_click=lambda e: self._coconut(typed=False)),
                    ft.OutlinedButton(say(_("Score the throws typed")),
                                      on_click=lambda e: self._coconut(typed=True))],
                   wrap=True)], spacing=6)
        self.cut_out = ft.TextField(label=say(_("How many of the ticked go out")), width=260)
        self.cut_faces = ft.TextField(label=say(_("Die faces for them, read off the real die")),
                                      width=320)
        self.cut_lines = ft.Column(spacing=4)
        self.cut = ft.Column([
            self.cut_lines, ft.Row([self.cut_out, self.cut_faces], wrap=True),
            ft.Row([ft.FilledButton(say(_("Roll the die in the app for them")),
                                    on_click=lambda e: self._cut(None)),
                    ft.OutlinedButton(say(_("Use these die faces")),
                                      on_click=self._cut_faces)],
                   wrap=True)], spacing=6)
        self.challenge = panel(say(_("Challenge helpers")), [
            ft.Row([self.penalty], wrap=True), self.penalty_buttons,
            ft.Row([self.stage_req,
                    ft.OutlinedButton(say(_("Score the stage for the ticked Castaways")),
                                      on_click=self._obstacle)], wrap=True),
            self.cut, self.coconut])
        return self.challenge

    def _draw_challenge(self, view: dict) -> list[ft.Control]:
        say = self.say
        buttons: list[ft.Control] = []
        if not view["merged"]:
            buttons += [ft.OutlinedButton(say(_("Penalty to {team} (skips sit-outs and ticked)",
                                                team=t)),
                                          on_click=self._penalty(t))
                        for t in view["team_names"]]
        buttons.append(ft.OutlinedButton(say(_("Penalty to the ticked Castaways")),
                                         on_click=self._penalty(None)))
        self.penalty_buttons.controls = [
            line(say(_("A team penalty skips Castaways that sat out; tick those that never got "
                       "to compete to skip them too.")), 16), ft.Row(buttons, wrap=True)]
        ch = view["challenge"]
        self.cut.visible = "challenge_roll_off" in self.legal
        self.cut_lines.controls = cut_lines(ch, say) + (
            [line(say(_("The die showed: {rolls}", rolls=rolled(view["last_roll"]))),
                  18, color=ACCENT)] if view["last_roll"] else [])
        self.cut_out.visible = bool(ch) and not ch["reroll"]
        self.coconut.visible = "coconut_toss" in self.legal
        if self.coconut.visible:
            self._draw_coconut(view)
        return [self.challenge]

    def _draw_coconut(self, view: dict) -> None:
        self.holders_line.controls = holder_lines(view["challenge"]["bag_holders"],
                                                  self.say) + [
            ft.TextButton(self.say(_("Tick the strongest as bag holders")),
                          on_click=self._tick_holders)]
        if not self.coconut_fields:
            a, b = view["team_names"]
            for t, rival in ((a, b), (b, a)):
                self.coconut_fields[t] = ft.TextField(
                    label=self.say(_("{team}'s throws at {rival}'s bag holders, in order",
                                     team=t, rival=rival)), width=380)
            self.coconut_rows.controls = list(self.coconut_fields.values())

    def _penalty(self, team: str | None):
        def handler(e=None):
            try:
                points = int((self.penalty.value or "").strip())
            except ValueError:
                return self._say(_("Type the penalty as a number of health points, like 1."))
            args: dict[str, Any] = {"delta": -abs(points)}
            if team is None:
                args["castaways"] = list(self.selected)
            else:
                args["team"] = team
                lineup = next((t["lineup"] for t in self.view["teams"] if t["name"] == team), [])
                mine = {c["name"] for c in lineup}
                args["did_not_compete"] = [c for c in self.selected if c in mine]
            self._act("challenge_penalty", args)
        return handler

    def _obstacle(self, e=None) -> None:
        try:
            need = requirements(self.stage_req.value)
        except Unreadable as err:
            return self._say(err.args[0])
        self._act("obstacle_stage", {"requirements": need, "castaways": list(self.selected)})

    def _tick_holders(self, e=None) -> None:
        holders = (self.view.get("challenge") or {}).get("bag_holders") or {}
        self._chose(selected=tuple(c for h in holders.values() for c in h["sure"]), confirm=None)

    def _coconut(self, typed: bool) -> None:
        """The ticked bag holders, with the throws typed off the real die, or none: then the
        companion rolls them for the move."""
        team_of = {c["name"]: c["team"] for c in castaways_of(self.view)}
        args: dict[str, Any] = {"holders": {t: [c for c in self.selected if team_of.get(c) == t]
                                            for t in self.coconut_fields}}
        try:
            if typed:
                args["rolls"] = {t: [int(x) for x in (f.value or "").replace(",", " ").split()]
                                 for t, f in self.coconut_fields.items()}
            tie = (self.tiebreak.value or "").strip()
            if tie:
                args["tiebreak"] = dict(zip(self.coconut_fields, faces(tie, 2)))
        except (ValueError, Unreadable) as err:
            return self._say(err.args[0] if isinstance(err, Unreadable) else
                             _("Type the dice rolls as numbers, like 4 6 2."))
        self._act("coconut_toss", args)

    def _cut(self, values: list[int] | None) -> None:
        """Part of the field cut by the die: the ticked ones (or those tied again)."""
        ch = self.view.get("challenge") or {}
        who = list(ch.get("reroll") or self.selected)
        args: dict[str, Any] = ({"rolls": dict(zip(who, values))} if values is not None
                                else {"castaways": who})
        if not ch.get("reroll"):
            try:
                args["out"] = int((self.cut_out.value or "").strip())
            except ValueError:
                return self._say(_("Type how many of the ticked Castaways go out, like 2."))
        if self._act("challenge_roll_off", args):
            self.cut_faces.value = ""
            self._chose(selected=())

    def _cut_faces(self, e=None) -> None:
        ch = self.view.get("challenge") or {}
        try:
            values = faces(self.cut_faces.value, len(ch.get("reroll") or self.selected))
        except Unreadable as err:
            return self._say(err.args[0])
        self._cut(values)


def rolled(rolls: dict) -> Items:
    """The die as it showed, for each: "Team 1 4, Team 2 2" (a name and its face)."""
    # Translators: whose roll and the face it showed: "Team 1 4"
    return Items(_("{name} {face}", name=w, face=v) for w, v in rolls.items())
