"""Castaways on the table screen, the show: the state strip at the top (Castaways left, the
merge, the Team Leader, the last die), the merge and the Final as big moments, the Outcast
Tribunal's steps, and the table's next steps for the fixed action bar.

The action bar offers only what ``legal_moves`` lists for the table now; where the rules
would refuse to move the round on, it says what holds it instead, in the rules' words.
"""
from __future__ import annotations

import flet as ft

from ...ballot import big_button, plural
from ...widgets import ACCENT, ERROR, line
from .parts import WARN, bold, dice_row, person

TRIBUNAL_STEPS = (("incite", "Tribal Twist Incite"), ("vote_twist", "Vote Twist"),
                  ("advantages", "Advantage cards"), ("vote", "Vote"), ("dice", "Die"),
                  ("done", "Out"))


def tile(controls: list[ft.Control], colour: str = ft.Colors.WHITE_24) -> ft.Container:
    return ft.Container(ft.Row(controls, spacing=8, tight=True,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding(12, 6, 12, 6), border_radius=10,
                        border=ft.Border.all(2, colour))


def head_tiles(view: dict, positions: dict) -> list[ft.Control]:
    """The game at a glance: how many Castaways are left and the merge, the Team Leader
    (starred, in their colour), the die as it last showed."""
    if view["castaways_left"]:
        left = f"{view['castaways_left']} Castaways in the game"
        merge = "merged" if view["merged"] else f"merge at {view['merge_at']}"
        tiles = [tile([ft.Icon(ft.Icons.GROUPS, size=28), bold(left, 24),
                       line(merge, 20, color=ACCENT)])]
    else:
        tiles = [tile([ft.Icon(ft.Icons.STYLE, size=28), bold(
            f"Each player picks {plural(view['castaways_per_player'], 'Castaway')}", 24)])]
    leader = view.get("team_leader")
    if leader and view["in_round"]:
        tiles.append(tile([person(leader, positions, 20, lead=True),
                           bold(f"Team Leader: {leader}", 24)], ACCENT))
    if view["last_roll"]:
        tiles.append(tile([line("The die showed:", 18), dice_row(view["last_roll"], 44)]))
    return [ft.Row(tiles, wrap=True, spacing=10, run_spacing=8)]


def merge_show(view: dict) -> list[ft.Control]:
    """The merge, big: one tribe now, and the checklist to do at the table."""
    items = [line(f"{i}. {item}", 22) for i, item in enumerate(view["merge_checklist"], 1)]
    return [ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.CALL_MERGE, size=48, color=ACCENT),
                bold("Merge! One tribe now: the checklist", 40)], wrap=True),
        *items], spacing=8, tight=True),
        padding=18, border_radius=14, border=ft.Border.all(3, ACCENT),
        bgcolor=ft.Colors.with_opacity(0.12, ACCENT))]


def final_show(view: dict, positions: dict) -> list[ft.Control]:
    """The Final Outcast Tribunal, big: the two finalists face the Outcast Panel; then the
    winner, the biggest thing on the screen."""
    f = view["final"]
    if view["winner"]:
        w = view["winner"]
        return [ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=72, color=ACCENT),
                    bold(f"{w} wins Castaways!", 56)], wrap=True),
            person(w, positions, 32),
            line("Every owner is revealed in the lineups below.", 20)], spacing=10, tight=True),
            padding=20, border_radius=14, border=ft.Border.all(4, ACCENT))]
    a, b = f["finalists"]
    out: list[ft.Control] = [
        bold("Final Outcast Tribunal", 40),
        ft.Row([person(a, positions, 32), bold("vs", 32), person(b, positions, 32)],
               wrap=True, spacing=16),
        line(f"{a} and {b} pitch their case to the Outcast Panel.", 26,
             weight=ft.FontWeight.BOLD),
        line("Outcast Panel: " + ", ".join(f["panel"]), 22),
        ft.Row([person(p, positions, 20) for p in f["panel"]], wrap=True, spacing=8)]
    if f["before_merge"]:
        out.append(line(f["before_merge"], 18))
    if f["last_tally"]:
        ranked = sorted(((c, n) for c, n in f["last_tally"].items() if n), key=lambda x: -x[1])
        out.append(line("Last count: " + ", ".join(f"{c} {plural(n, 'vote')}"
                                                   for c, n in ranked), 22))
    if f["voting"]:
        out.append(line("The Outcast Panel votes on their phones for the player who should "
                        "win.", 22, color=ACCENT))
    return [ft.Container(ft.Column(out, spacing=10, tight=True), padding=18, border_radius=14,
                         border=ft.Border.all(3, ACCENT))]


def tribunal_steps(t: dict) -> ft.Row:
    """The Outcast Tribunal's steps in order, the current one lit (the die only when it
    decides)."""
    steps = [(k, w) for k, w in TRIBUNAL_STEPS if k != "dice" or t["step"] == "dice"]
    keys = [k for k, _ in steps]
    now = keys.index(t["step"]) if t["step"] in keys else 0
    chips = []
    for i, (k, words) in enumerate(steps):
        lit = i == now
        chips.append(ft.Container(
            ft.Text(f"{i + 1}. {words}", size=20 if lit else 16,
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
        view, legal = shown.view, shown.legal
        out: list[ft.Control] = []
        for c in view["pending_evacuations"]:
            out.append(big_button(f"Confirm the Medical Evacuation of {c}",
                                  self._do("medical_evacuation", castaway=c)))
        if view["merge_checklist"] and "confirm_merge" in legal:
            out.append(big_button("Merge checklist done", self._do("confirm_merge")))
        if "deal" in legal:
            out.append(big_button("Deal the Castaways", self._do("deal")))
        if view.get("dice") and ({"roll_team_leader", "roll_off"} & legal):
            out.append(big_button("Roll in the app", lambda e: self._roll()))
        out += self._camp_actions(view) + self._challenge_actions(view)
        out += self._tribunal_actions(view)
        if "swap_split" in legal:
            out.append(big_button("Split the Castaways in the app", self._do("swap_split")))
        if "open_final_vote" in legal:
            out.append(big_button("Open the Outcast Panel's vote", self._do("open_final_vote")))
        step = view.get("next_step")
        if step and "next_phase" in legal:
            out.append(big_button(step["label"], self._do("next_phase"), outlined=bool(out)))
        elif step and step["waiting"]:
            out.append(line(step["waiting"], 18, color=WARN))
        return out

    def _camp_actions(self, view: dict) -> list[ft.Control]:
        fp, legal = view.get("forced_play"), self.legal
        if fp and "play_card" in legal:
            return [big_button(f"{fp['turn']} played their '!' card",
                               self._do("play_card", player=fp["turn"], must_play=True))]
        if "start_forced_play" in legal:
            return [big_button("Start Forced Play", self._do("start_forced_play"))]
        return []

    def _challenge_actions(self, view: dict) -> list[ft.Control]:
        legal, out = self.legal, []
        if "sit_out" in legal:
            out.append(big_button("Sit out the ticked Castaways",
                                  self._with_selected("sit_out")))
        if "reveal_challenge" in legal:
            out.append(big_button("Reveal the Challenge card", self._do("reveal_challenge")))
        if "challenge_result" in legal and view["merged"]:
            out.append(big_button("The ticked Castaway won (Individual Safety Amulet)",
                                  self._winner_selected))
        elif "challenge_result" in legal:
            out += [big_button(f"{t} won the Challenge",
                               self._do("challenge_result", winner=t))
                    for t in view["team_names"]]
        return out

    def _tribunal_actions(self, view: dict) -> list[ft.Control]:
        legal, t = self.legal, view.get("tribunal") or {}
        out: list[ft.Control] = []
        if "tribal_twist" in legal:
            out.append(big_button("Tribal Twist Incite card played", self._do("tribal_twist")))
        if "vote_twist" in legal:
            out += [big_button("Vote Twist: read before the vote",
                               self._do("vote_twist", timing="before")),
                    big_button("Vote Twist: read after the vote",
                               self._do("vote_twist", timing="after"))]
        if "open_vote" in legal and t.get("lone") and self.asking == "open_vote":
            # puts the lone Castaway out without a ballot and reveals its owner: ask first
            out += [line(f"Put {t['ballot'][0]} out without a ballot?", 20, color=ERROR),
                    big_button(f"Yes, {t['ballot'][0]} is out", self._do("open_vote")),
                    big_button("No, not yet", self._ask_step(None), outlined=True)]
        elif "open_vote" in legal:
            out.append(big_button("Open the vote", self._ask_step("open_vote") if t.get("lone")
                                  else self._do("open_vote")))
        if "double_vote_out" in legal:
            out.append(big_button("Double Vote Out", self._do("double_vote_out"),
                                  outlined=True))
        return out

    def _ask_step(self, step: str | None):
        def handler(e=None):
            self._chose(asking=step)
        return handler
