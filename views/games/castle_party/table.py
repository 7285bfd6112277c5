"""Castle Party on the table screen, read from 2 m: the Shapes and Clocks, who turns over the
next card or speaks now, who still owes an Event, every castle drawn in its player's colour,
the score sheet, and once the party is over the Final Score read out one category at a time.

The table's next steps (a Shape turned over, a pass, a Clock, the read-out) are the moves
``service.legal_moves`` lists for the table, offered in the action bar (``actions``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import flet as ft

from companion.language import Items, Speaker, from_json

from ..base import Choices, GamePanel, Shown, colours
from ...ballot import big_button
from ...screen import SubParts
from ...widgets import ACCENT, PAGE_PADDING, SEATING_WIDTH, ErrorLine, Fold, line, panel
from .figure import Cells, FigureEditor, figure_picture
from .grid import MiniCastle, Words
from .parts import (ACTION_WORDS, ORDINAL_WORDS, breakdown, colour_of, event_lines,
                    fold_words, initial_dot, points, said, speaker)
from .sheet import Readout, name_text, score_sheet

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n


CARD_FRAME = 26  # a castle card's padding and border, left and right together


def castle_cell(width: float | None, players: int, columns: int) -> int:
    """The square size of the castles on the table screen: every castle side by side in the
    screen's width, read from 2 m on a TV (at most 32 px: the score stays near), never under
    18 px (a laptop's castles wrap to a second row instead)."""
    room = ((width or 1280) - 2 * PAGE_PADDING - 12 * (players - 1)) / max(players, 1) \
        - CARD_FRAME
    return max(18, min(32, int(room / columns) - 1))


class CastleCard:
    """One player's castle on the table: their colour and name, the castle drawn small, the
    special actions used, the Events noted; the breakdown once the Final Score is read out."""

    def __init__(self, player: str, layout: tuple[str, ...], colour: str,
                 cell: int = 18, rtl: bool = False) -> None:
        self.mini = MiniCastle(layout, cell=cell, rtl=rtl)
        # as wide as the card: the name takes what the dot and the points leave, and wraps
        self.head = ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        self.details = ft.Column(spacing=2, tight=True)
        width = max(len(row) for row in layout) * (cell + 1) + CARD_FRAME
        # read one castle at a time, not line by line across the castles side by side
        self.root = ft.Container(
            ft.Semantics(content=ft.Column([self.head, self.mini.root, self.details], spacing=8,
                                           tight=True), container=True),
            padding=10, border_radius=12, border=ft.Border.all(3, colour), width=max(260, width))
        self.player, self.colour = player, colour

    def draw(self, castle: dict, data: dict, words: Words, *, hide: bool, full: bool) -> None:
        score, say = castle["score"], words.say
        # the points under the name, not beside it: a 1024 px screen's card left the name
        # a few letters' room ("Maximili ano Fer...")
        named = [name_text(self.player, 26, weight=ft.FontWeight.BOLD)]
        if not hide:
            named.append(ft.Text(points(score["total"], say), size=26,
                                 weight=ft.FontWeight.BOLD, color=self.colour))
        self.head.controls = [initial_dot(self.player, self.colour),
                              ft.Column(named, spacing=0, tight=True, expand=True)]
        self.mini.paint(castle["guests"])
        used = Items(ACTION_WORDS[k] for k, v in castle["special_actions"].items() if v)
        parts = [line(say(_("Special actions used: {actions}", actions=used) if used
                          else _("Special actions used: none")), 16)]
        parts += [line(t, 16) for t in event_lines(castle, words, say)]
        if castle["beyond"]:
            parts.append(line(say(_("Past the edge, in the moat: {n}",
                                    n=len(castle["beyond"]))), 16))
        if castle["owes_event"]:
            parts.append(line(say(_("{name} still owes an Event", name=self.player)), 20,
                              color=ACCENT, weight=ft.FontWeight.BOLD))
        if full:
            parts += [line(t, 15) for t in breakdown(score, say)]
        self.details.controls = parts


@dataclass(frozen=True)
class Entering(Choices):
    """The table's own choices: the group it enters on its grid (for one Shape: a new Shape
    starts with an empty grid), entering it again, and the Final Score read out so far."""

    shape: int | None = None  # the Shape whose group the grid holds
    cells: Cells = ()
    pen: str | None = None  # the guest picked (None: the first family)
    reentering: bool = False  # entering the group again (Lights Out, a slip)
    read: int = 0  # categories of the Final Score read out


@dataclass(frozen=True)
class Party(Shown):
    """What the table's panel draws from."""

    colours: tuple[tuple[str, int], ...] = ()  # each player's colour (Seat.colour)
    cell: int = 18  # the castles' square size: a window made wider draws them larger


class TablePanel(GamePanel):
    def __init__(self, screen) -> None:
        self.screen = screen
        self.data = screen.service.game_data(screen.code)
        self.words = Words(self.data, self.say, rtl=self.rtl)
        self.error = ErrorLine()
        self.view: dict = {}
        self.choices = Entering()
        self.readout = Readout(lambda read: self._chose(read=read), self.say)
        self.cards: dict[str, CastleCard] = {}
        self.editor = FigureEditor(self.data, self.words, self._chose)
        self.layout_box = self._layout_box()
        self.layout = ft.Column()  # the layout box's piece, while the table may set its grid
        self.pieces = SubParts()  # each piece below redrawn from its own value
        self.status = ft.Column(spacing=6)
        self.figure = ft.Column(spacing=8)
        self.show = ft.Column(spacing=12)
        self.castles = ft.Row(wrap=True, spacing=12, run_spacing=12,
                              vertical_alignment=ft.CrossAxisAlignment.START)
        self.sheet = ft.Column(spacing=8)
        self.readings = ft.Column(spacing=4)
        self.root = ft.Column([self.error, self.status, self.figure, self.show, self.castles,
                               self.sheet, self.layout, self.readings], spacing=14)

    # setup: the options are the schema's form (views/games/setup.py) -------------------
    def setup_intro(self) -> list[ft.Control]:
        say = self.say
        return [line(say(_("Castle Party: 2 to 4 players.")), 20, weight=ft.FontWeight.BOLD),
                line(say(_("Shape deck: shuffle the 20 Shape cards into four piles of five, "
                           "shuffle a Clock into three of them, and put the pile without a "
                           "Clock on top.")), 16)]

    def setup_beside(self, option: str) -> list[ft.Control]:
        return [ft.OutlinedButton(self.say(_("Copy the default layout into the field")),
                                  on_click=self._copy_default)] if option == "layout" else []

    def _layout_box(self) -> ft.Container:
        """In play, before anybody draws: the table can still set its own grid."""
        say = self.say
        self.layout_edit = ft.TextField(
            label=say(_("Castle layout for every player (empty: tap below for the default)")),
            multiline=True, min_lines=3,
            max_lines=14, width=SEATING_WIDTH, text_size=14)
        self.layout_error = ErrorLine()
        self.layout_note = line("", 16, italic=True)
        return panel(say(_("Castle layout (before anybody draws)")), [
            self.layout_note,
            line(say(_("Type your board's grid: . castle square, ^ in front of a window, ~ moat, "
                       "= drawbridge, # no square; s w v g f a Rave gathering point. Undo takes "
                       "a change back.")), 16),
            self.layout_edit,
            ft.Row([ft.FilledButton(say(_("Use this layout for every castle")),
                                    on_click=self._set_layout),
                    ft.OutlinedButton(say(_("Put the default grid in the field")),
                                      on_click=self._default_layout)],
                   wrap=True),
            self.layout_error])

    def _copy_default(self, e=None) -> None:
        fields = self.setup_fields.fields
        fields["layout"].put(self.data["default_layouts"][fields["side"].read()])

    def _set_layout(self, e=None) -> None:
        self.send(self.layout_error, "set_layout", {"layout": self.layout_edit.value or ""})

    def _default_layout(self, e=None) -> None:
        self.layout_edit.value = self.data["default_layouts"][self.view.get("side", "basic")]

    # drawing ---------------------------------------------------------------------------
    def inputs(self, view, vote=None) -> Party:
        """The view, the moves, the table's choices (those of this Shape, and the read-out
        once the party is over) and the players' colours; the castles' square size, from
        the page's width."""
        if not view:
            return Party(view)
        shape = view["group"]["shape"] if view["group"] else None
        mine = self.choices
        if mine.shape != shape:  # a new Shape starts with an empty grid
            mine = replace(mine, shape=shape, cells=(), reentering=False)
        if not view["over"]:
            mine = replace(mine, read=0)
        cell = castle_cell(self.width(), len(view["castles"]),
                           max(len(row) for row in view["layout"]))
        return Party(view, self.offered(), mine, colours(self.screen), cell)

    def _chose(self, **choices) -> None:
        """The table changed its choices (a square tapped, a category read out): drawn now,
        with the action bar."""
        self.choose(**choices)
        self.screen.refresh()

    def draw(self, shown: Party) -> list[ft.Control]:
        """Each piece from its value: what it shows of the view, the moves and the table's
        choices."""
        self.shown, self.view = shown, shown.view
        view, mine = shown.view, shown.choices
        if not view:
            return []
        self.choices = mine  # those of this Shape from now on
        where = dict(shown.colours)
        legal = shown.legal
        self.pieces.draw(self.status, (view, legal, where), lambda v: self._draw_status(*v))
        self.pieces.draw(self.figure, (view["group"], view["players"], legal, mine.reentering,
                                       mine.cells, mine.pen, where), self._draw_figure)
        self.pieces.draw(self.show, (view, mine.read, where),
                         lambda v: self.readout.controls(v[0], v[2], v[1])
                         if v[0]["over"] else [])
        n = len(view["tally"]["categories"])
        hide = view["over"] and mine.read < n
        self.pieces.draw(self.castles, (view["castles"], tuple(view["layout"]), view["players"],
                                        where, hide, view["over"] and not hide, shown.cell),
                         lambda v: self._draw_castles(*v))
        sheet = {k: view[k] for k in ("tally", "players", "over", "winners")}
        self.pieces.draw(self.sheet, (sheet, where), lambda v: [] if v[0]["over"] else [
            line(self.say(_("Scores so far (live, changing as castles change)")), 22,
                 weight=ft.FontWeight.BOLD), score_sheet(*v, say=self.say)])
        note = self.data.get("said_approximation_note")
        self.pieces.draw(self.layout, ("set_layout" in legal, self.say(
            (from_json(note) if note else self.data["approximation_note"])
            if view["layout_is_default"] else _("This table set its own layout."))),
            self._draw_layout)
        self.pieces.draw(self.readings, tuple(said(view, "choices", self.say)),
                         lambda choices: [Fold(self.say(_("How this app reads the rulebook")),
                                               [line(t, 16) for t in choices], 18,
                                               **fold_words(self.say))])
        return [self.root]

    def _draw_layout(self, shown: tuple[bool, str]) -> list[ft.Control]:
        """In play, before anybody draws: the table's own grid (the box lasts: what the table
        typed in it stays)."""
        settable, note = shown
        self.layout_note.value = note
        return [self.layout_box] if settable else []

    def _draw_status(self, view: dict, legal: frozenset[str], where: dict) -> list[ft.Control]:
        """The game at a glance: Shapes, Clocks, whose turn or who owes an Event."""
        n, total, say = view["clocks_revealed"], view["clocks_total"], self.say
        clocks = [ft.Icon(ft.Icons.ALARM, size=36,
                          color=ACCENT if i < n else ft.Colors.WHITE_24) for i in range(total)]
        strip = ft.Row([
            ft.Icon(ft.Icons.STYLE, size=36),
            line(say(_("Shapes {n} of {total}", n=view["shapes_revealed"],
                       total=view["shape_cards"])), 30,
                 weight=ft.FontWeight.BOLD),
            ft.Container(width=24), *clocks,
            line(say(_("Clocks {n} of {total}", n=n, total=total)), 30,
                 weight=ft.FontWeight.BOLD),
            ft.Container(width=24), *self._who(view, where)],
            wrap=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        parts: list[ft.Control] = [strip]
        if view["turn"] and "set_layout" in legal:  # in play the phase line says it
            parts.append(line(said(view, "turn", say), 24, weight=ft.FontWeight.BOLD))
        if view.get("next_card_waits"):  # the refusal the next card would get, said first
            parts.append(line(said(view, "next_card_waits", say), 22,
                              weight=ft.FontWeight.BOLD, color=ACCENT))
        if not view["waiting_for_event"] and n and not view["over"]:
            parts.append(line(say(_("Every player has scored an Event for the {ordinal} Clock.",
                                    ordinal=ORDINAL_WORDS[n])), 20))
        return parts

    # the group laid out on the table ------------------------------------------------------
    def _draw_figure(self, shown: tuple) -> list[ft.Control]:
        """Enter the group once the cards are laid out (the editor's lasting grid painted
        with the table's cards); then the group as entered, and who has added it to their
        castle."""
        group, players, legal, reentering, cells, pen, where = shown
        self.editor.show(cells, pen)
        if not group:
            return []
        say = self.say
        if "set_group" in legal and (group["figure"] is None or reentering):
            return [panel(say(_("Shape {shape}: enter the group laid out on the table, as seen "
                                "from this screen (pick a guest, tap its squares)",
                                shape=group["shape"])), [
                ft.Row([self.editor.grid,
                        ft.Column([self.editor.palette, self.editor.clear_button],
                                  spacing=10, tight=True)],
                       spacing=28, wrap=True, vertical_alignment=ft.CrossAxisAlignment.START)])]
        if group["figure"] is None:
            return []
        chips = []
        for p in players:
            done = p in group["added"]
            chips.append(ft.Row([
                initial_dot(p, colour_of(p, where, players), 16),
                line(say(_("{player}: added", player=p) if done else
                         _("{player}: still to add", player=p)), 22,
                     weight=ft.FontWeight.BOLD if not done else None,
                     color=None if done else ACCENT),
                ft.Icon(ft.Icons.CHECK_CIRCLE if done else ft.Icons.EDIT,
                        color=ft.Colors.GREEN_300 if done else ACCENT, size=26)],
                spacing=6, tight=True))
        parts: list[ft.Control] = [ft.Row([
            figure_picture(group["turned"][0], self.words, 44),
            ft.Column([line(say(_("Shape {shape}'s group, as seen from this screen",
                                  shape=group["shape"])), 22,
                            weight=ft.FontWeight.BOLD),
                       ft.Row(chips, spacing=22, wrap=True)], spacing=6, tight=True)],
            spacing=28, vertical_alignment=ft.CrossAxisAlignment.START, wrap=True)]
        if "set_group" in legal:
            parts.append(ft.OutlinedButton(
                say(_("Enter it again (Lights Out, Change in Orientation, a slip)")), height=48,
                on_click=self._enter_again))
        return parts

    def _enter_again(self, e=None) -> None:
        self._chose(reentering=True, cells=FigureEditor.loaded(self.view["group"]["figure"]))

    def _keep_figure(self, e=None) -> None:
        self._chose(reentering=False, cells=())

    def _enter_group(self, e=None) -> None:
        if self.send(self.screen.error, "set_group",
                     {"group": FigureEditor.group(self.choices.cells)}):
            self._chose(reentering=False, cells=())

    def _who(self, view: dict, where: dict) -> list[ft.Control]:
        """Who the table waits for, with their colours."""
        players, waiting, say = view["players"], view["waiting_for_event"], self.say
        if waiting:
            return [*[initial_dot(p, colour_of(p, where, players)) for p in waiting],
                    line(say(_("Waiting for an Event from {names}", names=tuple(waiting))), 30,
                         color=ACCENT, weight=ft.FontWeight.BOLD)]
        who = speaker(view)
        if who:
            return [initial_dot(who, colour_of(who, where, players)),
                    line(say(_("{name} speaks now: a special action or pass", name=who)), 30,
                         color=ACCENT, weight=ft.FontWeight.BOLD)]
        nxt = view["next_revealer"]
        if nxt:
            return [initial_dot(nxt, colour_of(nxt, where, players)),
                    line(say(_("Next card: {name}", name=nxt)), 30, weight=ft.FontWeight.BOLD)]
        return []

    def _draw_castles(self, castles: list[dict], layout: tuple[str, ...], players: list[str],
                      where: dict, hide: bool, full: bool, cell: int) -> list[ft.Control]:
        """Every castle in its card (made once per layout, colour and square size; painted
        with what changed)."""
        cards = []
        for castle in castles:
            player = castle["player"]
            colour = colour_of(player, where, players)
            card = self.cards.get(player)
            if card is None or (card.mini.layout, card.colour, card.mini.cell) != (
                    layout, colour, cell):
                card = self.cards[player] = CastleCard(
                    player, layout, colour, cell, self.words.rtl)
            card.draw(castle, self.data, self.words, hide=hide, full=full)
            cards.append(card.root)
        return cards

    # the action bar --------------------------------------------------------------------
    def actions(self, shown: Party) -> list[ft.Control]:
        """The table's next steps, from the moves the rules list for the table now."""
        view, legal, mine = shown.view, shown.legal, shown.choices
        if not view:
            return []
        if view["over"]:
            return self.readout.actions(view, mine.read)
        steps: list[ft.Control] = []
        group, say = view["group"], self.say
        if group and "set_group" in legal and (group["figure"] is None or mine.reentering):
            n = len(mine.cells)
            steps.append(big_button(say(_n("Enter the group ({n} card)",
                                           "Enter the group ({n} cards)", "n", n=n)),
                                    self._enter_group, outlined=n == 0))
            if mine.reentering:
                steps.append(big_button(say(_("Keep the group as it was")), self._keep_figure,
                                        outlined=True))
        if group and "pass_special" in legal and group["speaker"]:
            steps += [big_button(say(_("{name} passes", name=group["speaker"])),
                                 self._act("pass_special", {})),
                      big_button(say(_("Everybody left passes")),
                                 self._act("pass_special", {"everyone": True}), outlined=True)]
        if "reveal_shape" in legal:
            steps.append(big_button(say(_("{name} turned over a Shape card",
                                          name=view["next_revealer"])),
                                    self._act("reveal_shape", {})))
        if "reveal_clock" in legal:
            n = view["clocks_revealed"]
            steps.append(big_button(say(_("Mark the {ordinal} Clock as revealed",
                                          ordinal=ORDINAL_WORDS[n + 1])),
                                    self._act("reveal_clock", {}), outlined=True))
        return steps

    def _act(self, move: str, args: dict):
        def handler(e=None):
            self.send(self.screen.error, move, args)
        return handler
