"""Robinson Crusoe: the island's pieces for one screen, each drawn into a lasting slot of its
own from its own value (``views.screen.SubParts``): a change redraws the pieces it concerns,
and the others keep their controls (not sent again; a press on their way still lands)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from ...screen import SubParts
from .actions import ActionDice, Actions
from .characters import Characters
from .counters import Counters, Morale, Round
from .night import Night
from .parts import Act, Piece
from .steps import Goal, LastSteps, NextSteps, Over, Readings, Waiting
from .weather import Weather, WeatherSteps

PIECES: dict[str, type[Piece]] = {
    "round": Round, "morale": Morale, "counters": Counters, "characters": Characters,
    "last_steps": LastSteps, "over": Over, "goal": Goal, "readings": Readings,
    # the phase's box: what this screen may do in this phase (on a phone also the steps that
    # move the game on, and what it waits for if the phase's move is not its own), then what
    # the weather does, step by step (after the move that applies it, on a phone)
    "weather": Weather, "action_dice": ActionDice, "actions": Actions, "night": Night,
    "next_steps": NextSteps, "waiting": Waiting, "weather_steps": WeatherSteps}
PHASE = ("weather", "action_dice", "actions", "night", "next_steps", "waiting",
         "weather_steps")
TABLE = ("round", "morale", "counters", "weather", "action_dice", "actions", "night",
         "weather_steps", "characters", "last_steps", "goal", "readings")
PHONE = ("over", "weather", "action_dice", "actions", "night", "next_steps", "waiting",
         "weather_steps", "last_steps", "round", "morale", "counters", "characters",
         "readings")


class Island:
    """The island drawn on one screen (``table``: the table's, else a phone's, whose
    character is ``me``): ``slot(name)`` is where a piece is drawn, ``phase`` the slot of the
    phase's box; ``draw(shown)`` draws each piece whose value changed."""

    def __init__(self, act: Act, changed: Callable[[], None], *, table: bool, data: dict,
                 owner, me: str | None = None, player: str | None = None,
                 say: Callable = str) -> None:
        self.table, self.me, self.player = table, me, player
        names = TABLE if table else PHONE
        self.pieces = {name: PIECES[name](act, changed, table=table, data=data, owner=owner,
                                          me=me, player=player, say=say) for name in names}
        # the table's steps are its action bar's, drawn by the bar (``steps``)
        self.next = self.pieces.get("next_steps") or NextSteps(
            act, changed, table=table, data=data, owner=owner, me=me, player=player, say=say)
        self.drawn = SubParts()
        gap = 12 if table else 10  # the column the pieces stand in: its spacing
        # (hidden until drawn: an empty slot takes no room)
        self.slots = {name: ft.Column(spacing=8, tight=True, visible=False) if name in PHASE
                      else ft.Column(spacing=gap, visible=False) for name in names}
        self.box = ft.Container(ft.Column([self.slots[n] for n in PHASE if n in names],
                                          spacing=8, tight=True),
                                padding=10, border_radius=10,
                                border=ft.Border.all(1, ft.Colors.WHITE_24),
                                bgcolor=ft.Colors.with_opacity(0.05, ft.Colors.WHITE))
        self.phase = ft.Column(spacing=gap, visible=False)

    def slot(self, name: str) -> ft.Column:
        return self.slots[name]

    def draw(self, shown) -> None:
        """Each piece from its own value out of the panel's inputs (an ``Isle``); the phase's
        box while the game is on and something is in it."""
        over = bool(shown.view["result"])
        for name, piece in self.pieces.items():
            if name not in PHASE or not over:  # the end draws no phase
                self.drawn.draw(self.slots[name], piece.value(shown), piece.draw)
        inside = not over and any(self.slots[n].visible for n in PHASE if n in self.slots)
        self.drawn.draw(self.phase, inside, lambda inside: [self.box] if inside else [])

    def steps(self, shown) -> list[tuple[str, Callable, bool]]:
        """(label, handler, filled) for each step that moves the game on now."""
        return self.next.steps(self.next.value(shown))
