"""Castaways on the table screen: ``TablePanel``, its pieces and what each is drawn from. The
game's screens are described in __init__.py; the panel's base (its choices, the moves it
sends) is in controls.py, and each piece in its own module: the show and the action bar in
show.py, the stage and the die in stage.py, the lineups and the players in lineups.py, the
Selected Castaways in selection.py, the Challenge helpers in challenge.py, the Advantage
cards, the Team Swap and the Team Leader card in cards.py.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

import flet as ft

from ..base import Shown, colours
from .cards import Cards
from .challenge import Challenge
from .controls import TableControls
from .lineups import Lineups
from .phone import castaways_of
from .selection import Selection
from .show import TableActions, final_show, head_tiles, merge_show, tribunal_steps
from .stage import Stage

__all__ = ["TablePanel"]

# what of the game's view each piece shows (its value holds those, and what else it reads)
HEAD = ("castaways_left", "castaways_per_player", "merged", "merge_at", "team_leader",
        "in_round", "last_roll")
SHOW = ("merge_checklist", "merge_checklist_said", "final", "winner")
STAGE = ("pending_evacuations", "picks", "leader_tie", "forced_play", "players", "challenge",
         "tribunal")
LINEUPS = ("teams", "team_leader", "players")
SELECTED = ("teams", "departed", "in_place_choice", "in_place_choice_said")
CHALLENGE = ("merged", "team_names", "challenge", "last_roll")
LEADER = ("leader_order", "team_leader")
PEOPLE = ("players", "departed", "owner_choice", "owner_choice_said", "notes", "notes_said")


def part_of(view: Mapping, keys: tuple[str, ...]) -> dict:
    """The part of the view a piece shows (a key the view lacks stays missing)."""
    return {k: view[k] for k in keys if k in view}


@dataclass(frozen=True)
class Camp(Shown):
    """What the table's panel draws from."""

    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)


class TablePanel(TableActions, Stage, Lineups, Selection, Challenge, Cards, TableControls):
    """The table screen's Castaways panel: its pieces, top down, each redrawn from its own
    value only when that value changed (``views.screen.SubParts``)."""

    def __init__(self, screen) -> None:
        super().__init__(screen)
        # a slot each; the lineups come first, but for the secret picks (face-down cards):
        # then the stage goes before them
        self.head, self.show, self.stage_first, self.lineups, self.stage = (
            ft.Column(spacing=s) for s in (6, 8, 8, 8, 8))
        self.dice_piece, self.selection_piece, self.challenge_piece = (
            ft.Column() for _ in range(3))  # lasting panels, shown while they apply
        self.advantages_piece, self.swap_piece, self.leader_piece = (
            ft.Column() for _ in range(3))
        self.people = ft.Column(spacing=8)
        self._build_dice()
        self._build_selection()
        self._build_challenge()
        self._build_cards()
        self.root = ft.Column([
            self.head, self.error, self.show, self.stage_first, self.lineups, self.stage,
            self.dice_piece, self.selection_piece, self.challenge_piece, self.advantages_piece,
            self.swap_piece, self.leader_piece, self.people], spacing=14, visible=False)

    def inputs(self, view, vote=None) -> Camp:
        """The view, the moves, the table's choices (but for a Castaway that has left the
        game, and a step the rules no longer offer) and the players' colours."""
        legal = self.offered()
        alive = {c["name"] for c in castaways_of(view)}
        mine = self.choices
        mine = replace(mine, selected=tuple(c for c in mine.selected if c in alive),
                       confirm=mine.confirm if mine.confirm and mine.confirm[1] in alive
                       else None, asking=mine.asking if mine.asking in legal else None)
        return Camp(view, legal, mine, colours(self.screen))

    def draw(self, shown: Camp) -> list[ft.Control]:
        """Each piece from its own value: the part of the view it shows, the moves and the
        table's choices it reads, the players' colours where it shows players."""
        self.shown = shown
        self.view = view = shown.view
        legal, mine, where = shown.legal, shown.choices, dict(shown.colours)
        piece, say = self.pieces.draw, self.say
        steps = (view["tribunal"]["step"],) if view.get("tribunal") else None
        piece(self.head, (part_of(view, HEAD), steps, where), lambda v: head_tiles(
            v[0], v[2], say) + ([tribunal_steps({"step": v[1][0]}, say)] if v[1] else []))
        piece(self.show, (part_of(view, SHOW), "confirm_merge" in legal, where),
              lambda v: (merge_show(v[0], say) if v[0]["merge_checklist"] and v[1] else []) +
              (final_show(v[0], v[2], say) if v[0].get("final") else []))
        stage = (part_of(view, STAGE), legal, where)
        picks = bool(view.get("picks"))
        piece(self.stage_first, (picks, stage), lambda v: self._stage(*v[1][::2]) if v[0]
              else [])
        piece(self.lineups, (part_of(view, LINEUPS), "adjust_health" in legal, mine.selected,
                             where),
              lambda v: self._lineups(v[0], v[3]) if v[0].get("teams") else [])
        piece(self.stage, (picks, stage), lambda v: [] if v[0] else self._stage(*v[1][::2]))
        piece(self.dice_piece, view.get("dice"), self._draw_dice)
        piece(self.selection_piece, (part_of(view, SELECTED), legal, mine.selected,
                                     mine.confirm) if "adjust_health" in legal else None,
              lambda v: self._draw_selection(v[0]) if v else [])
        piece(self.challenge_piece, (part_of(view, CHALLENGE), legal)
              if "challenge_penalty" in legal else None,  # the card is revealed
              lambda v: self._draw_challenge(v[0]) if v else [])
        trib = view.get("tribunal") or {}
        piece(self.advantages_piece, (trib.get("advantages"), trib.get("advantage_round"),
                                      "return_advantage" in legal)
              if "play_advantage" in legal else None,
              lambda v: self._draw_advantages({"advantages": v[0], "advantage_round": v[1]})
              if v else [])
        swap = view.get("team_swap")
        piece(self.swap_piece, (swap, legal) if "team_swap" in legal or swap else None,
              lambda v: self._draw_swap({"team_swap": v[0]}) if v else [])
        piece(self.leader_piece, (part_of(view, LEADER), legal, where) if view["in_round"]
              else None, lambda v: self._draw_leader(v[0], v[2]) if v else [])
        piece(self.people, part_of(view, PEOPLE), self._people)
        return [self.root]
