"""Castaways on the table screen, its lasting controls and the moves they send.

The controls are made once (text fields keep what the table typed across redraws); what
they show is drawn by ``TablePanel`` (table.py). Every move goes to the companion, which
checks it against the rules; dice the rules ask for are rolled by the companion when the
table taps "Roll in the app", or typed off the real die.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.language import Speaker

from ..base import Choices, GamePanel
from ..setup import FormField
from ...widgets import ErrorLine, line, panel
from .parts import Unreadable, counts, faces, names, requirements
from .phone import castaways_of
from .setup import Roster, TeamNames, team_players

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")


@dataclass(frozen=True)
class Picks(Choices):
    """The table's own choices: the ticked Castaways, a removal waiting for "Yes" and a
    table step waiting for "Yes"."""

    selected: tuple[str, ...] = ()
    confirm: tuple[str, str] | None = None  # (how, Castaway) awaiting "Yes"
    asking: str | None = None  # a table step waiting for "Yes"


class TableControls(GamePanel):
    """The table's lasting controls, and the handlers of their buttons."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.top = self.data["gauge_max"]
        self.view: dict = {}
        self.error = ErrorLine()
        self.choices = Picks()
        say = self.say  # the controls' words, said once as they are made
        self.team_names = TeamNames(say)  # team 1's players are read by its name
        self.head = ft.Column(spacing=6)
        self.show = ft.Column(spacing=8)  # the merge, the Final, the winner: big
        self.stage = ft.Column(spacing=8)
        self.faces = ft.TextField(label=say(_("Dice faces read off the real die")), width=320)
        self.dice_for = ft.Column(spacing=4)
        self.dice_box = panel(say(_("The die")), [  # "Roll in the app" is in the action bar
            self.dice_for,
            ft.Row([self.faces, ft.OutlinedButton(say(_("Use the faces typed")),
                                                  on_click=self._use_faces)], wrap=True)])
        self.lineups = ft.Column(spacing=8)
        self.set_value = ft.TextField(label=say(_("Health value (0 to 10)")), width=200)
        self.picked = ft.Column(spacing=6)
        self.confirm_slot = ft.Column(spacing=6)
        # (not "actions": that name is the table screen's hook for the action bar)
        self.selection = panel(say(_("Selected Castaways")), [
            self.picked,
            ft.Row([self.set_value, ft.OutlinedButton(say(_("Set health")),
                                                      on_click=self._set_health)], wrap=True),
            self.confirm_slot])
        self._build_challenge()
        self._build_tribunal_and_camp()
        self.people = ft.Column(spacing=8)
        self.root = ft.Column([
            self.head, self.error, self.show, self.lineups, self.stage, self.dice_box,
            self.selection, self.challenge, self.advantages, self.swap, self.leader,
            self.people], spacing=14, visible=False)

    # -- setup: the options are the schema's form (views/games/setup.py) -------------------
    def setup_intro(self) -> list[ft.Control]:
        return [line(self.say(_("Castaways setup")), 20, weight=ft.FontWeight.BOLD),
                line(self.say(self.data["player_counts"]), 16)]

    def setup_field(self, option) -> FormField | None:
        """The team names, team 1's players and the Castaways are typed, and read as the
        game reads them (setup.py)."""
        name = option["name"]
        if name == "team_names":
            return self.team_names
        if name == "teams":
            return team_players(self.team_names, self.say, lambda: [
                s.name for s in self.screen.service.seats(self.screen.code)])
        return Roster(self.data["archetypes"], self.data["per_archetype"], self.say) \
            if name == "castaways" else None

    def _build_challenge(self) -> None:
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

    def _build_tribunal_and_camp(self) -> None:
        """The Advantage cards, the Team Leader card and the Team Swap (lasting controls)."""
        say = self.say

        def field(words, width: int) -> ft.TextField:
            return ft.TextField(label=say(words), width=width)
        self.adv_player = field(_("Advantage card played by (player)"), 300)
        self.adv_card = field(_("Card name (optional)"), 300)
        self.adv_safe = field(_("Made safe (Castaways, comma-separated)"), 420)
        self.adv_leave = field(_("Sent back to camp by Leave Tribunal (Castaways)"), 420)
        self.adv_extra = field(_("Extra votes (players, like Ben 1)"), 420)
        self.adv_lose = field(_("Lose their vote (players)"), 420)
        self.adv_unsafe = field(_("No longer safe (second round only; Castaways)"), 420)
        self.adv_played = ft.Column(spacing=6)
        self.advantages = panel(say(_("Advantage cards (in order of play)")), [
            self.adv_played, ft.Row([self.adv_player, self.adv_card], wrap=True),
            self.adv_safe, self.adv_leave, self.adv_extra, self.adv_lose, self.adv_unsafe,
            ft.FilledButton(say(_("Play this Advantage card")),
                            on_click=self._play_advantage)])
        self.order = field(_("Team Leader order (players, comma-separated)"), 420)
        self.leader_line = ft.Column(spacing=4)
        self.pass_button = ft.OutlinedButton(say(_("Pass the Team Leader card on")),
                                             on_click=self._do("pass_leader"))
        self.order_row = ft.Row([self.order, ft.TextButton(
            say(_("Set the Team Leader order")), on_click=self._set_order)], wrap=True)
        self.leader = panel(say(_("Team Leader card")), [self.leader_line, self.pass_button,
                                                         self.order_row])
        self.swap_holder = field(_("Team Swap card holder (player)"), 280)
        self.swap_captain = field(_("Second captain (player)"), 280)
        self.swap_slot = ft.Column(spacing=6)
        self.swap_form = ft.Row([self.swap_holder, self.swap_captain,
                                 ft.OutlinedButton(say(_("Play the Team Swap")),
                                                   on_click=self._swap)],
                                wrap=True)
        self.swap = panel(say(_("Team Swap")), [self.swap_slot, self.swap_form])

    # -- the choices, as drawn (``TablePanel.inputs`` lets go of what the game took away) ---
    @property
    def selected(self) -> tuple[str, ...]:
        return self.shown.choices.selected if self.shown else ()

    @property
    def confirm(self) -> tuple[str, str] | None:
        return self.shown.choices.confirm if self.shown else None

    @property
    def asking(self) -> str | None:
        return self.shown.choices.asking if self.shown else None

    def _chose(self, **choices) -> None:
        """Change the table's choices (from what it shows) and draw them."""
        self.choices = self.shown.choices if self.shown else self.choices
        self.choose(**choices)
        self.screen.refresh()

    # -- sending moves ----------------------------------------------------------------------
    def _act(self, move: str, args: dict | None = None) -> bool:
        return self.send(self.error, move, args)

    def _say(self, message) -> None:
        self.error.show(self.say(message))
        self.screen.s.page.update()

    def _do(self, move: str, **args):
        def handler(e=None):
            self._act(move, args)
        return handler

    def _mark(self, player: str, count: int):
        def handler(e=None):
            self._act("mark_must_play", {"player": player, "count": max(0, count)})
        return handler

    def _toggle(self, name: str):
        def handler(e=None):
            sel = self.selected
            self._chose(selected=tuple(c for c in sel if c != name) if name in sel
                        else (*sel, name), confirm=None)
        return handler

    def _health(self, delta: int):
        def handler(e=None):
            self._act("adjust_health", {"castaways": list(self.selected), "delta": delta})
        return handler

    def _set_health(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say(_("Tick one Castaway to set its health."))
        try:
            value = int((self.set_value.value or "").strip())
        except ValueError:
            return self._say(_("Type the health as a whole number, like 4."))
        if self._act("set_health", {"castaway": self.selected[0], "value": value}):
            self.set_value.value = ""

    def _untick(self, e=None) -> None:
        self._chose(selected=(), confirm=None)

    def _ask(self, how: str, castaway: str):
        def handler(e=None):
            self._chose(confirm=(how, castaway))
        return handler

    def _cancel(self, e=None) -> None:
        self._chose(confirm=None)

    def _confirmed(self, e=None) -> None:
        how, c = self.confirm
        if how == "medical":
            ok = self._act("medical_evacuation", {"castaway": c})
        else:
            ok = self._act("remove_castaway", {"castaway": c, "reason": how})
        self._chose(confirm=None, selected=tuple(x for x in self.selected if not ok or x != c))

    def _instead(self, move: str, castaway: str, safe: str, extra: dict):
        def handler(e=None):
            self._act(move, {"castaway": castaway, "instead_of": safe, **extra})
            self._chose(confirm=None)
        return handler

    def _move_up(self, e=None) -> None:
        c = self.selected[0]
        for t in self.view["teams"]:
            order = [x["name"] for x in t["lineup"]]
            if c in order:
                i = order.index(c)
                if i == 0:
                    return self._say(_("{castaway} is already first in the lineup.",
                                             castaway=c))
                order[i - 1], order[i] = order[i], order[i - 1]
                self._act("arrange_lineup", {"team": t["name"], "order": order})
                return

    def _with_selected(self, move: str):
        def handler(e=None):
            self._act(move, {"castaways": list(self.selected)})
        return handler

    def _winner_selected(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say(_("Tick the one Castaway who won the Challenge."))
        self._act("challenge_result", {"winner": self.selected[0]})

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

    def _set_order(self, e=None) -> None:
        self._act("set_leader_order", {"order": names(self.order.value)})

    def _swap(self, e=None) -> None:
        self._act("team_swap", {"holder": (self.swap_holder.value or "").strip(),
                                "captain": (self.swap_captain.value or "").strip()})

    # -- moves that read the ticked Castaways or typed values ------------------------------
    def _use_faces(self, e=None) -> None:
        dice = self.view.get("dice") or {}
        who = dice.get("for") or []
        try:
            values = faces(self.faces.value, len(who))
        except Unreadable as err:
            return self._say(err.args[0])
        self.faces.value = ""
        self._roll(dict(zip(who, values)))

    def _roll(self, rolls: dict | None = None) -> None:
        """The die the rules ask for now: rolled in the app (no faces) or read off the die."""
        move = "roll_team_leader" if "roll_team_leader" in self.legal else "roll_off"
        self._act(move, {"rolls": rolls} if rolls else {})

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

    def _play_advantage(self, e=None) -> None:
        args = {"player": (self.adv_player.value or "").strip(),
                "card": (self.adv_card.value or "").strip(),
                "safe": names(self.adv_safe.value),
                "leave_tribunal": names(self.adv_leave.value),
                "extra_votes": counts(self.adv_extra.value),
                "lose_vote": names(self.adv_lose.value),
                "unsafe": names(self.adv_unsafe.value)}
        if self._act("play_advantage", args):
            for f in (self.adv_player, self.adv_card, self.adv_safe, self.adv_leave,
                      self.adv_extra, self.adv_lose, self.adv_unsafe):
                f.value = ""
            self.screen.s.page.update()
