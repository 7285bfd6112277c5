"""Castaways on the table screen, the panel's base: its setup form, the table's own choices
and the moves its buttons send.

Its pieces (table.py) keep their lasting controls (text fields keep what the table typed
across redraws). Every move goes to the companion, which checks it against the rules; dice
the rules ask for are rolled by the companion when the table taps "Roll in the app", or
typed off the real die.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.language import Speaker

from ..base import Choices, GamePanel
from ..setup import FormField
from ...screen import SubParts
from ...widgets import ErrorLine, line
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
    """The panel's base: its setup form, its choices, and the handlers every piece uses."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.top = self.data["gauge_max"]
        self.view: dict = {}
        self.error = ErrorLine()
        self.choices = Picks()
        self.team_names = TeamNames(self.say)  # team 1's players are read by its name
        self.pieces = SubParts()  # each piece of the panel redrawn from its own value

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

    def _with_selected(self, move: str):
        def handler(e=None):
            self._act(move, {"castaways": list(self.selected)})
        return handler

    def _winner_selected(self, e=None) -> None:
        if len(self.selected) != 1:
            return self._say(_("Tick the one Castaway who won the Challenge."))
        self._act("challenge_result", {"winner": self.selected[0]})

    def _toggle(self, name: str):
        def handler(e=None):
            sel = self.selected
            self._chose(selected=tuple(c for c in sel if c != name) if name in sel
                        else (*sel, name), confirm=None)
        return handler

