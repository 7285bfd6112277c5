"""Survivor: The Tribe Has Spoken on the table screen: ``TablePanel``, its pieces and what
each is drawn from. The game's screens are described in __init__.py; the phone is in
phone.py, the parts both share in parts.py; the panel's pieces each in a module of its own:
the tribe, setup, turns, the Final and the action bar in rounds.py, Tribal Council in
council.py, the table device handed to one player in handed.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import flet as ft

from ..base import Choices, GamePanel, Shown, colours
from companion.language import Speaker

from ...ballot import winners
from ...screen import SubParts
from ...widgets import ErrorLine, line, panel
from .council import Council
from .handed import Handed
from .parts import colour_of
from .rounds import Rounds

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po), shared with its rules
_ = Speaker("survivor", "rules.survivor")

__all__ = ["TablePanel"]

# what of the game's view the stage shows, by what is on it (its value holds those)
STAGE = {"over": ("final", "winner"), "final": ("final", "council", "jury"),
         "council": ("council", "players"), "setup": ("tribal_council_cards", "seeding"),
         "turn": ("tribal_council_cards", "turn", "players")}


def part_of(view: Mapping, keys: tuple[str, ...]) -> dict:
    """The part of the view a piece shows (a key the view lacks stays missing)."""
    return {k: view[k] for k in keys if k in view}


@dataclass(frozen=True)
class Table(Choices):
    """The table's own choices."""

    taking: str | None = None  # whose Vote Card a card takes (the table picks who gets it)
    # the table device handed to one player: (what, who, shown) with what "extra" (their
    # secret Extra Vote cards), "choose" (the leader's choice) or "tie" (the final tie)
    handed: tuple[str, str, bool] | None = None
    handed_count: int | None = None  # Extra Vote cards set while handed (secret)
    picked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tribe(Shown):
    """What the table's panel draws from."""

    box: tuple | None = None  # the ballot box's vote: (key, status, who voted)
    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


class TablePanel(Rounds, Council, Handed, GamePanel):
    """The table screen: the tribe, setup, turns, each Tribal Council as a show, the Final
    Tribal Council; the next steps go to the action bar (``actions``). Its pieces, top down,
    each redrawn from its own value only when that value changed (``views.screen.SubParts``):
    the tribe, the table device in one player's hands (then alone), the stage."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.error = ErrorLine()
        self.choices = Table()
        self.pieces = SubParts()
        self.tribe, self.handed, self.stage = (ft.Column(spacing=12) for _ in range(3))
        self.root = ft.Column([self.error, self.tribe, self.handed, self.stage], spacing=12)

    def setup_intro(self) -> list[ft.Control]:
        say = self.say
        table = "; ".join(say(_("{players} players: {single} Single + {double} Double",
                                players=t["players"], single=t["single"], double=t["double"]))
                          for t in self.game_data().get("tribal_council_cards", []))
        return [line(say(_("Survivor is for 3 to 6 players, each with 2 Survivor Character "
                           "Cards and 1 Vote Card."))),
                line(say(_("Tribal Council cards: {table}.", table=table)), 16)]

    # --- drawing ---------------------------------------------------------------------------
    def inputs(self, view, vote=None) -> Tribe:
        return Tribe(view, self.offered(), self.choices,
                     vote and (vote.key, vote.status, vote.voted), colours(self.screen))

    def draw(self, shown: Tribe) -> list[ft.Control]:
        """Each piece from its own value: the players and their roles; the table's choices
        while the device is handed (then nothing else); what is on the stage now, the part of
        the view it shows, the moves, the box, and the players' colours."""
        self.shown, view, mine = shown, shown.view, shown.choices
        legal, where = shown.legal, dict(shown.colours)
        piece, say = self.pieces.draw, self.say
        handed = mine.handed is not None
        piece(self.handed, (mine, legal, part_of(view, ("council", "final"))) if handed
              else None, lambda v: [panel(say(_("On the table device")), self._handed(v[2]))]
              if v else [])
        piece(self.tribe, None if handed else (
            view["players"], tuple(self._role(view, p) for p in view["players"]), where),
              lambda v: [self._tribe(v[0], v[1])] if v else [])
        now = self._stage_now(view, legal)
        piece(self.stage, None if handed else (
            now, part_of(view, STAGE[now]), legal, shown.box if now == "council" else None,
            mine.taking, where), lambda v: self._draw_stage(*v[:4]) if v else [])
        return [self.root]

    def _stage_now(self, view: dict, legal: frozenset[str]) -> str:
        """What is on the stage: the winner, the Final, a Tribal Council, setup or a turn."""
        if view.get("winner"):
            return "over"
        if view.get("final"):
            return "final"
        if view.get("council_open"):
            return "council"
        return "setup" if "start" in legal else "turn"

    def _draw_stage(self, now: str, view: dict, legal: frozenset[str],
                    box: tuple | None) -> list[ft.Control]:
        """The stage, below the tribe (the moves offered, ``legal``, are the panel's as drawn:
        ``self.legal``)."""
        if now == "council":
            return self._council(view, box)
        return {"over": self._over, "final": self._final, "setup": self._setup,
                "turn": self._turn}[now](view)

    def colour(self, name: str) -> str:
        return colour_of(dict(self.shown.colours), name)

    def _act(self, move: str, **args):
        def handler(e=None):
            self.choose(taking=None)
            self._send(move, args)
        return handler

    def vote_headline(self, view: dict, vote) -> tuple[str, list[str]] | None:
        """"Votes for a player who played an Immunity Idol do not count": the result line
        says who has the most votes that count."""
        idols = set((view.get("council") or {}).get("idols") or ())
        if not idols:
            return None
        counts = {c: n for c, n in vote.final_tally().items() if c not in idols}
        top = winners(counts)
        return (self.say(_("Most votes that count: {players}", players=tuple(top)) if top
                         else _("No vote counts: every vote was for an Idol")), top)

    def _send(self, move: str, args: dict) -> object:
        return self.send(self.error, move, args)
