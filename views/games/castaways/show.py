"""Castaways on the table screen, the show: the state strip at the top (Castaways left, the
merge, the Team Leader, the last die), the merge and the Final as big moments, the Outcast
Tribunal's steps, and the table's next steps for the fixed action bar.

The action bar offers only what ``legal_moves`` lists for the table now; where the rules
would refuse to move the round on, it says what holds it instead, in the rules' words.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.language import Items, Speaker

from ...ballot import big_button
from ...widgets import ACCENT, ERROR, line
from .parts import WARN, bold, dice_row, english, person, said, tally

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

TRIBUNAL_STEPS = (("incite", _("Tribal Twist Incite")), ("vote_twist", _("Vote Twist")),
                  ("advantages", _("Advantage cards")), ("vote", _("Vote")), ("dice", _("Die")),
                  ("done", _("Out")))


def tile(controls: list[ft.Control], colour: str = ft.Colors.WHITE_24) -> ft.Container:
    return ft.Container(ft.Row(controls, spacing=8, tight=True,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(12, 6, 12, 6), border_radius=10,
                        border=ft.Border.all(2, colour))


def head_tiles(view: dict, positions: dict, say: Callable = english) -> list[ft.Control]:
    """The game at a glance: how many Castaways are left and the merge, the Team Leader
    (starred, in their colour), the die as it last showed."""
    if view["castaways_left"]:
        left = say(_n("{count} Castaway in the game", "{count} Castaways in the game", "count",
                      count=view["castaways_left"]))
        merge = say(_("merged") if view["merged"] else
                    _("merge at {count}", count=view["merge_at"]))
        tiles = [tile([ft.Icon(ft.Icons.GROUPS, size=28), bold(left, 24),
                       line(merge, 20, color=ACCENT)])]
    else:
        tiles = [tile([ft.Icon(ft.Icons.STYLE, size=28), bold(say(_n(
            "Each player picks {count} Castaway", "Each player picks {count} Castaways",
            "count", count=view["castaways_per_player"])), 24)])]
    leader = view.get("team_leader")
    if leader and view["in_round"]:
        tiles.append(tile([person(leader, positions, 20, lead=True, say=say),
                           bold(say(_("Team Leader: {player}", player=leader)), 24)], ACCENT))
    if view["last_roll"]:
        tiles.append(tile([line(say(_("The die showed:")), 18),
                           dice_row(view["last_roll"], 44, say)]))
    return [ft.Row(tiles, wrap=True, spacing=10, run_spacing=8)]


def merge_show(view: dict, say: Callable = english) -> list[ft.Control]:
    """The merge, big: one tribe now, and the checklist to do at the table."""
    # Translators: a numbered step of a checklist: "1. Remove the Daily Mail: ..."
    items = [line(say(_("{position}. {step}", position=i, step=item)), 22)
             for i, item in enumerate(said(say, view, "merge_checklist"), 1)]
    return [ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.CALL_MERGE, size=48, color=ACCENT),
                bold(say(_("Merge! One tribe now: the checklist")), 40)], wrap=True),
        *items], spacing=8, tight=True),
        padding=18, border_radius=14, border=ft.Border.all(3, ACCENT),
        bgcolor=ft.Colors.with_opacity(0.12, ACCENT))]


def final_show(view: dict, positions: dict, say: Callable = english) -> list[ft.Control]:
    """The Final Outcast Tribunal, big: the two finalists face the Outcast Panel; then the
    winner, the biggest thing on the screen."""
    f = view["final"]
    if view["winner"]:
        w = view["winner"]
        return [ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=72, color=ACCENT),
                    bold(say(_("{player} wins Castaways!", player=w)), 56)], wrap=True),
            person(w, positions, 32, say=say),
            line(say(_("Every owner is revealed in the lineups below.")), 20)], spacing=10,
            tight=True),
            padding=20, border_radius=14, border=ft.Border.all(4, ACCENT))]
    a, b = f["finalists"]
    out: list[ft.Control] = [
        bold(say(_("Final Outcast Tribunal")), 40),
        ft.Row([person(a, positions, 32, say=say), bold(say(_("vs")), 32),
                person(b, positions, 32, say=say)], wrap=True, spacing=16),
        line(say(_("{one} and {other} pitch their case to the Outcast Panel.", one=a,
                   other=b)), 26, weight=ft.FontWeight.BOLD),
        line(say(_("Outcast Panel: {players}", players=Items(f["panel"]))), 22),
        ft.Row([person(p, positions, 20, say=say) for p in f["panel"]], wrap=True, spacing=8)]
    if f["before_merge"]:
        out.append(line(said(say, f, "before_merge"), 18))
    if f["last_tally"]:
        out.append(line(say(_("Last count: {tally}", tally=tally(f["last_tally"]))), 22))
    if f["voting"]:
        out.append(line(say(_("The Outcast Panel votes on their phones for the player who "
                              "should win.")), 22, color=ACCENT))
    return [ft.Container(ft.Column(out, spacing=10, tight=True), padding=18, border_radius=14,
                         border=ft.Border.all(3, ACCENT))]


def tribunal_steps(t: dict, say: Callable = english) -> ft.Row:
    """The Outcast Tribunal's steps in order, the current one lit (the die only when it
    decides)."""
    steps = [(k, w) for k, w in TRIBUNAL_STEPS if k != "dice" or t["step"] == "dice"]
    keys = [k for k, _ in steps]
    now = keys.index(t["step"]) if t["step"] in keys else 0
    chips = []
    for i, (k, words) in enumerate(steps):
        lit = i == now
        chips.append(ft.Container(
            ft.Text(say(_("{position}. {step}", position=i + 1, step=words)),
                    size=20 if lit else 16,
                    weight=ft.FontWeight.BOLD if lit else None,
                    color=ft.Colors.BLACK if lit else None),
            padding=ft.Padding(10, 4, 10, 4), border_radius=20,
            bgcolor=ACCENT if lit else None, opacity=0.5 if i < now else 1.0,
            border=ft.Border.all(1, ACCENT if i >= now else ft.Colors.WHITE_24)))
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


class TableActions:
    """The table's next steps in Castaways, for the action bar (only legal moves)."""

    def actions(self, shown) -> list[ft.Control]:
        self.shown = shown  # the same value the panel is drawn from
        view, legal, say = shown.view, shown.legal, self.say
        out: list[ft.Control] = []
        for c in view["pending_evacuations"]:
            out.append(big_button(say(_("Confirm the Medical Evacuation of {castaway}",
                                        castaway=c)),
                                  self._do("medical_evacuation", castaway=c)))
        if view["merge_checklist"] and "confirm_merge" in legal:
            out.append(big_button(say(_("Merge checklist done")), self._do("confirm_merge")))
        if "deal" in legal:
            out.append(big_button(say(_("Deal the Castaways")), self._do("deal")))
        if view.get("dice") and ({"roll_team_leader", "roll_off"} & legal):
            out.append(big_button(say(_("Roll in the app")), lambda e: self._roll()))
        out += self._camp_actions(view) + self._challenge_actions(view)
        out += self._tribunal_actions(view)
        if "swap_split" in legal:
            out.append(big_button(say(_("Split the Castaways in the app")),
                                  self._do("swap_split")))
        if "open_final_vote" in legal:
            out.append(big_button(say(_("Open the Outcast Panel's vote")),
                                  self._do("open_final_vote")))
        step = view.get("next_step")
        if step and "next_phase" in legal:
            out.append(big_button(said(say, step, "label"), self._do("next_phase"),
                                  outlined=bool(out)))
        elif step and step["waiting"]:
            out.append(line(said(say, step, "waiting"), 18, color=WARN))
        return out

    def _camp_actions(self, view: dict) -> list[ft.Control]:
        fp, legal = view.get("forced_play"), self.legal
        if fp and "play_card" in legal:
            return [big_button(self.say(_("{player} played their '!' card", player=fp["turn"])),
                               self._do("play_card", player=fp["turn"], must_play=True))]
        if "start_forced_play" in legal:
            return [big_button(self.say(_("Start Forced Play")), self._do("start_forced_play"))]
        return []

    def _challenge_actions(self, view: dict) -> list[ft.Control]:
        legal, out, say = self.legal, [], self.say
        if "sit_out" in legal:
            out.append(big_button(say(_("Sit out the ticked Castaways")),
                                  self._with_selected("sit_out")))
        if "reveal_challenge" in legal:
            out.append(big_button(say(_("Reveal the Challenge card")),
                                  self._do("reveal_challenge")))
        if "challenge_result" in legal and view["merged"]:
            out.append(big_button(say(_("The ticked Castaway won (Individual Safety Amulet)")),
                                  self._winner_selected))
        elif "challenge_result" in legal:
            out += [big_button(say(_("{team} won the Challenge", team=t)),
                               self._do("challenge_result", winner=t))
                    for t in view["team_names"]]
        return out

    def _tribunal_actions(self, view: dict) -> list[ft.Control]:
        legal, t, say = self.legal, view.get("tribunal") or {}, self.say
        out: list[ft.Control] = []
        if "tribal_twist" in legal:
            out.append(big_button(say(_("Tribal Twist Incite card played")),
                                  self._do("tribal_twist")))
        if "vote_twist" in legal:
            out += [big_button(say(_("Vote Twist: read before the vote")),
                               self._do("vote_twist", timing="before")),
                    big_button(say(_("Vote Twist: read after the vote")),
                               self._do("vote_twist", timing="after"))]
        if "open_vote" in legal and t.get("lone") and self.asking == "open_vote":
            # puts the lone Castaway out without a ballot and reveals its owner: ask first
            lone = t["ballot"][0]
            out += [line(say(_("Put {castaway} out without a ballot?", castaway=lone)), 20,
                         color=ERROR),
                    big_button(say(_("Yes, {castaway} is out", castaway=lone)),
                               self._do("open_vote")),
                    big_button(say(_("No, not yet")), self._ask_step(None), outlined=True)]
        elif "open_vote" in legal:
            out.append(big_button(say(_("Open the vote")),
                                  self._ask_step("open_vote") if t.get("lone")
                                  else self._do("open_vote")))
        if "double_vote_out" in legal:
            out.append(big_button(say(_("Double Vote Out")), self._do("double_vote_out"),
                                  outlined=True))
        return out

    def _ask_step(self, step: str | None):
        def handler(e=None):
            self._chose(asking=step)
        return handler
