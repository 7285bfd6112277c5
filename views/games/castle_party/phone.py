"""Castle Party on a player's phone: your whiteboard, your move first.

At the top, what this phone may do now (turn over the Shape, speak about a special action,
score the Event of a Clock: phone_moves.py; add the group the table entered, or plan and draw
a group: phone_group.py); then the whole castle in the phone's width (tap a square, then pick
a guest from the coloured family tiles; the choices show the squares around it at 44 px, so a
tap that landed one square off is put right there: phone_castle.py); then your score with the
rulebook's breakdown, your special actions, and the app's reading of what the rulebook leaves
open, folded (phone_score.py). For the Toast, every empty square shows what the Pumpkin King
would score there. Every move goes to the rules through ``screen.attempt``; the buttons
offered are the moves ``service.legal_moves`` lists for this seat.

The panel is one part of the phone's screen; each piece of it is redrawn from its own value
(``views.screen.SubParts``), which the piece's module says and draws from alone.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import flet as ft

from companion.language import Speaker

from ..base import Choices, GamePanel, Shown
from ...screen import SubParts
from ...widgets import ErrorLine
from .grid import Words, fit_cell
from .parts import own_castle, point_words, round_words, said, speaker
from .phone_castle import Dialog, PhoneCastle, painted
from .phone_group import Adding, GroupBar, adding, bar, ghost
from .phone_moves import REVEAL, SPEAKING, YourMove, revealing, scoring, speaking
from .phone_score import (Sheet, beyond_of, more_of, note_of, noted_of, result_of, score_of,
                          specials_of)

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")


@dataclass(frozen=True)
class Whiteboard(Choices):
    """A player's own choices on their phone."""

    grid: tuple | None = None  # the castle's (layout, square size) the choices below are on
    selected: tuple[int, int] | None = None  # the square whose dialog is open
    grouping: bool = False  # planning a whole group
    plan: tuple[tuple[tuple[int, int], str], ...] = ()  # the planned guests, by square
    toasting: bool = False  # picking the Pumpkin King's square
    # adding the group the table entered (for one Shape): where its ringed guest goes, how it
    # is turned, the Masked Ball's change, or drawing it square by square instead
    shape: int | None = None
    anchor: tuple[int, int] | None = None
    turns: int | None = None
    mask: tuple[int, str] | None = None
    by_hand: bool = False


@dataclass(frozen=True)
class Castle(Shown):
    """What a player's phone draws from."""

    cell: int = 18  # the square size: the whole castle in the phone's width


def settled(mine: Whiteboard, view: dict, legal: frozenset[str], cell: int) -> Whiteboard:
    """The choices that still hold in this state of the game: the Toast only while it may be
    scored, a group planned only while one may be drawn, the group's turn and place only for
    its Shape, squares only on the castle as drawn."""
    castle = own_castle(view)
    if "score_event" not in legal or "toast" not in castle["events_left"]:
        mine = replace(mine, toasting=False)
    if not ("place_group" in legal or speaker(view) is not None):  # the party has ended
        mine = replace(mine, grouping=False, plan=())
    shape = view["group"]["shape"] if view["group"] else None
    if shape != mine.shape:  # a new Shape: start from this player's side again
        mine = replace(mine, shape=shape, anchor=None, turns=None, mask=None, by_hand=False)
    grid = (tuple(view["layout"]), cell)
    if grid != mine.grid:
        mine = replace(mine, grid=grid, selected=None, plan=())
    return mine


class PhonePanel(GamePanel):
    """A player's whiteboard, drawn as one part of the phone's screen whose pieces
    (``views.screen.SubParts``) each redraw from their own value: the result, your move
    (``YourMove``), the group bar (``GroupBar``), the castle (``PhoneCastle``) and the lines
    around it (``Sheet``)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.words = Words(self.data, self.say, rtl=self.rtl)
        self.view: dict = {}
        self.choices = Whiteboard()
        self.error = ErrorLine()  # a refused move's sentence, under your move
        self.dialog = Dialog(self)
        self.moves, self.group = YourMove(self), GroupBar(self)
        self.castle, self.sheet = PhoneCastle(self), Sheet(self)
        self.pieces = SubParts()  # each piece below redrawn from its own value

        def slot(spacing: int = 10) -> ft.Column:
            return ft.Column(spacing=spacing)
        self.result, self.reveal, self.speak, self.events = slot(), slot(8), slot(8), slot(8)
        self.group_bar, self.grid, self.beyond, self.note = slot(8), slot(), slot(), slot()
        self.final, self.score, self.noted = slot(4), slot(4), slot(4)
        self.specials, self.more = slot(), slot()
        # the score's two places stay in the column when empty, as they always have: the
        # screens keep the spacing they were measured with
        self.root = ft.Column([
            self.result, ft.Column([self.final]), self.reveal, self.speak, self.events,
            self.error, self.group_bar, self.grid, self.beyond, self.note,
            ft.Column([self.score]), self.noted, self.specials, self.more], spacing=12)

    @property
    def page(self) -> ft.Page:
        return self.screen.s.page

    def choose_and_draw(self, **choices) -> None:
        """Change this player's choices and draw them."""
        self.choose(**choices)
        self.screen.refresh()

    def act(self, error: ErrorLine, move: str, args: dict) -> bool:
        return self.send(error, move, args)

    def touched(self) -> None:
        """A tap that stays on this phone (a square, a planned guest) still counts as use:
        a shared device keeps this player's screen open meanwhile."""
        handover = getattr(self.screen, "handover", None)
        if handover is not None:
            handover.touched()

    # drawing ---------------------------------------------------------------------------
    def inputs(self, view) -> Castle:
        """The view, the moves, this player's choices that still hold, and the square's
        size (a phone turned sideways draws its castle again to fit)."""
        if not view:
            return Castle(view)
        legal = self.offered()
        cell = fit_cell(self.width(), max(len(row) for row in view["layout"]))
        return Castle(view, legal, settled(self.choices, view, legal, cell), cell)

    def news(self, view: dict) -> tuple[str, ...]:
        """What this player's screen reader hears: their turn to turn a card over, to speak,
        to add the group, and the result with their Final Score (the reminder line says each
        Clock's Event)."""
        if not view:
            return ()
        castle, legal, say = own_castle(view), self.legal, self.say
        final = say(_("Your Final Score: {points}.",
                      points=point_words(castle["score"]["total"])))
        if view.get("result"):
            return (said(view, "result", say), final)
        facts = []
        now_adding = adding(view, legal, self.choices)
        if "reveal_shape" in legal and not now_adding:
            facts.append(say(REVEAL))
        if legal & SPEAKING:
            facts.append(round_words(view, say))
        if now_adding:
            facts.append(say(_("Your turn: add Shape {shape}'s group to your castle.",
                               shape=view["group"]["shape"])))
        if castle["finished"]:
            facts.append(final)
        return tuple(facts)

    def draw(self, shown: Castle) -> list[ft.Control]:
        """Each piece from its value: what it shows of the view, the moves and the choices."""
        self.shown, self.view = shown, shown.view
        view, legal, choices = shown.view, shown.legal, shown.choices
        if not view:
            return []
        self.choices = choices  # those that still hold, from now on
        castle, say, words, draw = own_castle(view), self.say, self.words, self.pieces.draw
        over = bool(view["over"])
        the_bar = bar(view, legal, choices)
        draw(self.result, result_of(view, say), self.sheet.result)
        draw(self.final, score_of(view, castle) if over else None, self.sheet.score)
        draw(self.reveal, revealing(legal, isinstance(the_bar, Adding)), self.moves.reveal)
        draw(self.speak, speaking(view, legal, say), self.moves.speak)
        draw(self.events, scoring(view, castle, legal, choices.toasting), self.moves.events)
        draw(self.group_bar, the_bar, self.group.draw)
        planned = (ghost(the_bar.anchor, the_bar.members) if isinstance(the_bar, Adding)
                   else dict(choices.plan))
        draw(self.grid, painted(view, choices, shown.cell, planned), self.castle.draw)
        draw(self.beyond, beyond_of(castle, words, say), self.sheet.beyond)
        draw(self.note, note_of(view, say), self.sheet.note)
        draw(self.score, None if over else score_of(view, castle), self.sheet.score)
        draw(self.noted, noted_of(castle, legal, words, say), self.sheet.noted)
        draw(self.specials, specials_of(view, castle, say), self.sheet.specials)
        draw(self.more, more_of(view, say), self.sheet.more)
        return [self.root]
