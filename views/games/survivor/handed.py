"""Survivor on the table screen, the table device handed to one player without a phone: a
hand-over screen first (nothing secret on it), then that player's own screen (their secret
Extra Vote cards, the leader's choice, the Final's tie). A piece of ``TablePanel``
(table.py), drawn from its value.
"""
from __future__ import annotations

import flet as ft

from companion.language import Speaker

from ...widgets import heading, line
from .parts import big, choice_controls, tie_controls, toggled

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")
_n = _.n


class Handed:
    """The table device in one player's hands, and the handlers of its buttons."""

    def _hand_extra(self, players) -> list[ft.Control]:
        if "use_extra_votes" not in self.legal:
            return []
        return [ft.Row([ft.OutlinedButton(self.say(_("Pass the device to {player} for Extra "
                                                     "Vote cards", player=p)),
                                          on_click=self._hand("extra", p)) for p in players],
                       wrap=True)]

    def _hand(self, what: str, player: str | None, shown: bool = False):
        def handler(e=None):
            self.choose(handed=(what, player, shown) if player else None, handed_count=None,
                        picked=())
            self.error.show(None)
            self.screen.refresh()
        return handler

    def _handed(self, view: dict) -> list[ft.Control]:
        """A hand-over screen first (nothing secret on it), then that player's own screen."""
        what, player, shown = self.shown.choices.handed
        say = self.say
        back = ft.TextButton(say(_("Done: hide my screen") if shown else _("Cancel")),
                             on_click=self._hand(what, None))
        if not shown:
            return [big(say(_("Pass the device to {player}", player=player)), 34),
                    line(say(_("{player}: tap below when only you can see the screen.",
                               player=player)), 22),
                    ft.FilledButton(say(_("I am {player}: show my screen", player=player)),
                                    height=52, on_click=self._hand(what, player, True)), back]
        if what == "extra":
            if "use_extra_votes" not in self.legal:
                return [line(say(_("The Voting Box has gone round: no Extra Vote card now.")),
                             22), back]
            return self._extra_votes(player) + [back]
        if what == "tie":
            return self._tie_break(view, player) + [back]
        choice = (view.get("council") or {}).get("choice")
        if not choice or "choose" not in self.legal:
            return [line(say(_("There is nothing to decide now.")), 22), back]
        return choice_controls(choice, self.shown.choices.picked, self._pick,
                               self._confirm, say) + [back]

    def _extra_votes(self, player: str) -> list[ft.Control]:
        """ "If you have Extra Vote Cards, you can use them against the same player, a
        different player, or save them for later." Secret: shown only while handed."""
        count, say = self.shown.choices.handed_count, self.say
        counted = "" if count is None else say(_n(
            "Set: you play {count} Extra Vote card.", "Set: you play {count} Extra Vote cards.",
            "count", count=count))
        return [heading(say(_("{player}: your Extra Vote cards (secret)", player=player)), 26),
                line(say(_("How many do you play in the Voting Box at this Tribal Council? Keep "
                           "the others for later.")), 20),
                ft.Row([ft.Button(say(_("Play {count}", count=n)),
                                  on_click=self._set_extra(player, n))
                        for n in range(4)], wrap=True),
                line(counted, 22, weight=ft.FontWeight.BOLD)]

    def _set_extra(self, player: str, count: int):
        def handler(e=None):
            if self._send("use_extra_votes", {"player": player, "count": count}):
                self.choose(handed_count=count)
                self.screen.refresh()
        return handler

    def _pick(self, player: str):
        def handler(e=None):
            self.choose(picked=toggled(self.choices.picked, player))
            self.screen.refresh()
        return handler

    def _confirm(self, e=None) -> None:
        if self._send("choose", {"players": list(self.choices.picked),
                                 "by": self.choices.handed[1]}):
            self.choose(handed=None, picked=())
            self.screen.refresh()

    def _tie_break(self, view: dict, leader: str) -> list[ft.Control]:
        """The winner is named once, after a confirm: it ends the game."""
        f = view.get("final") or {}
        if "break_tie" not in self.legal:
            return [line(self.say(_("There is no tie to break now.")), 22)]
        return tie_controls(f["finalists"], self.shown.choices.picked[:1], self._pick_winner,
                            lambda p: self._win(p, leader), self.say)

    def _pick_winner(self, player: str | None):
        def handler(e=None):
            self.choose(picked=(player,) if player else ())
            self.screen.refresh()
        return handler

    def _win(self, winner: str, leader: str):
        def handler(e=None):
            if self._send("break_tie", {"winner": winner, "by": leader}):
                self.choose(handed=None, picked=())
                self.screen.refresh()
        return handler
