"""The screens: the table deals, calls the team vote and sends the mission (the companion's
ballot box does the voting); a phone shows its own role, which only that phone is sent.

Each panel draws from its inputs: ``GamePanel.inputs`` gives a ``Shown`` (the view, the moves
offered now, the panel's own choices), and ``draw`` and ``actions`` read that value alone."""
from __future__ import annotations

import flet as ft

from views.ballot import big_button
from views.games.base import GamePanel, Shown
from views.widgets import ErrorLine, line, panel

from rules.words import Speaker

_ = Speaker("resistance", "resistance")  # the game's own catalog (resistance/locale)

STEPS = (("deal", _("Deal the roles in secret")), ("team", _("Vote on the team")),
         ("mission", _("Send the team on the mission")))


def results(view: dict, say) -> list[ft.Control]:
    """What the table has learnt: who approved the team, how many Fail cards were played."""
    out = []
    if view["approvals"] is not None:
        out.append(line(say(_("Approved the team: {names}", names=tuple(view["approvals"]))
                            if view["approvals"] else _("Approved the team: nobody"))))
    if view["fails"] is not None:
        out.append(line(say(_("The mission's Fail cards: {n}", n=view["fails"]))))
    return out


class TablePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.said = ft.Column(spacing=4)
        self.root = ft.Column([self.said, self.error])

    def draw(self, shown: Shown) -> None:
        view = shown.view
        said = [line(self.say(_("The roles are dealt.") if view["dealt"] else
                              _("The roles are not dealt yet.")))]
        self.said.controls = [panel(self.say(_("The Resistance")), said + results(view, self.say))]

    def actions(self, shown: Shown) -> list[ft.Control]:
        return [big_button(self.say(words), self._send(name)) for name, words in STEPS
                if name in shown.legal]

    def _send(self, name: str):
        def handler(e=None) -> None:
            self.send(self.error, name)
        return handler


class PhonePanel(GamePanel):
    def draw(self, shown: Shown) -> list[ft.Control]:
        view = shown.view
        role = {"spy": _("You are the spy."), "resistance": _("You are in the Resistance."),
                None: _("Your role is not dealt yet.")}[view["role"]]
        return [panel(self.say(_("Your role")), [line(self.say(role), 22)]),
                *results(view, self.say)]
