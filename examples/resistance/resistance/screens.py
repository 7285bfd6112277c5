"""The screens: the table deals, calls the team vote and sends the mission (the companion's
ballot box does the voting); a phone shows its own role, which only that phone is sent.

Each panel draws from its inputs: ``GamePanel.inputs`` gives a ``Shown`` (the view, the moves
offered now, the panel's own choices), and ``draw`` and ``actions`` read that value alone."""
from __future__ import annotations

import flet as ft

from views.ballot import big_button
from views.games.base import GamePanel, Shown
from views.widgets import ErrorLine, line, panel

STEPS = (("deal", "Deal the roles in secret"), ("team", "Vote on the team"),
         ("mission", "Send the team on the mission"))


def results(view: dict) -> list[ft.Control]:
    """What the table has learnt: who approved the team, how many Fail cards were played."""
    out = []
    if view["approvals"] is not None:
        out.append(line("Approved the team: " + (", ".join(view["approvals"]) or "nobody")))
    if view["fails"] is not None:
        out.append(line(f"The mission's Fail cards: {view['fails']}"))
    return out


class TablePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.said = ft.Column(spacing=4)
        self.root = ft.Column([self.said, self.error])

    def draw(self, shown: Shown) -> None:
        view = shown.view
        said = [line("The roles are dealt." if view["dealt"] else "The roles are not dealt yet.")]
        self.said.controls = [panel("The Resistance", said + results(view))]

    def actions(self, shown: Shown) -> list[ft.Control]:
        return [big_button(words, self._send(name)) for name, words in STEPS
                if name in shown.legal]

    def _send(self, name: str):
        def handler(e=None) -> None:
            self.send(self.error, name)
        return handler


class PhonePanel(GamePanel):
    def draw(self, shown: Shown) -> list[ft.Control]:
        view = shown.view
        role = {"spy": "You are the spy.", "resistance": "You are in the Resistance.",
                None: "Your role is not dealt yet."}[view["role"]]
        return [panel("Your role", [line(role, 22)]), *results(view)]
