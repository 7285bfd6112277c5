"""Castle Party: the group laid out on the table, entered once and added by every phone.

``FigureEditor`` is the table screen's: pick a guest tile, then tap the squares of a small grid
where its cards lie as seen from the table screen; the action bar sends the figure. On a phone,
``figure_picture`` shows the group turned the way its player sees it, the guest that goes on
the tapped square ringed. The turning itself comes from the rules' view (``group["turned"]``):
these widgets only draw what they are given.
"""
from __future__ import annotations

from typing import Callable, Mapping

import flet as ft

from companion.language import Speaker

from ...widgets import printed
from .grid import EMPTY_WORD, RINGED, Words, guest_colour, guest_icon, guest_tile, ink

# Castle Party's catalog
_ = Speaker("castle_party", "rules.castle_party")

Square = tuple[int, int]
Cells = tuple[tuple[Square, str], ...]  # the grid's guests by square, as a frozen value


def figure_tile(guest: str, size: int, *, label: str, ring: bool = False,
                on_click=None) -> ft.Control:
    """One card of the group: its family's colour and picture; ``ring`` marks the guest that
    goes on the square a player taps."""
    picture = ft.Icon(guest_icon(guest), size=round(size * 0.62), color=ink(guest),
                      semantics_label=label)
    border = (ft.Border.all(4, ft.Colors.AMBER_300) if ring else
              ft.Border.all(2.5, ft.Colors.WHITE) if guest in RINGED else None)
    return ft.Container(picture, width=size, height=size, bgcolor=guest_colour(guest),
                        alignment=ft.Alignment.CENTER, border=border,
                        border_radius=ft.BorderRadius.all(size // 2 if guest in RINGED else 6),
                        on_click=on_click)


def figure_picture(members: list[list], words: Words, size: int = 40,
                   on_tap: Callable[[int], Callable] | None = None) -> ft.Control:
    """``[row, column, guest, index]`` from the anchor (``[0, 0]``, ringed) drawn as cards in
    their places; ``on_tap(index)`` makes each card a button (the Masked Ball's pick)."""
    top = min(m[0] for m in members)
    left = min(m[1] for m in members)
    rows = max(m[0] for m in members) - top + 1
    columns = max(m[1] for m in members) - left + 1
    at = {(m[0] - top, m[1] - left): m for m in members}
    grid = []
    for r in range(rows):
        cells = []
        for c in range(columns):
            m = at.get((r, c))
            if m is None:
                cells.append(ft.Container(width=size, height=size))
                continue
            anchor = (m[0], m[1]) == (0, 0)
            card = words.guest_word(m[2])
            label = words.say(_("Group card: {guest}, goes on the square you tap", guest=card)
                              if anchor else _("Group card: {guest}", guest=card))
            cells.append(figure_tile(m[2], size, label=label, ring=anchor,
                                     on_click=on_tap(m[3]) if on_tap else None))
        # a group card as printed: its shape is not mirrored on an Arabic screen
        grid.append(printed(ft.Row(cells, spacing=3, tight=True), words.rtl))
    return printed(ft.Column(grid, spacing=3, tight=True), words.rtl)


class FigureEditor:
    """The table screen's grid for the group laid out along the Shape card (``SIZE`` squares a
    side, 52 px each: a line of five cards fits): pick a guest, tap squares; a tap on a square holding the picked guest
    empties it. Its grid is made once and painted with ``show(cells, pen)``; a tap does not
    change it but says what it would be: ``changed(cells=..., pen=...)`` (the table's own
    choices, which its panel draws again, the action bar counting the cards)."""

    SIZE = 5
    CELL = 52

    def __init__(self, data: Mapping, words: Words, changed: Callable[..., None]) -> None:
        self.words, self.changed = words, changed
        self.cells: dict[Square, str] = {}  # as painted
        self.pen = self.first_pen = data["families"][0]
        self.boxes: dict[Square, tuple[ft.Container, ft.Text, ft.Icon]] = {}
        rows = []
        for r in range(self.SIZE):
            row = []
            for c in range(self.SIZE):
                # a reader gets the square's name from the text; the eye, the guest's picture
                text = ft.Text(" ", size=26, weight=ft.FontWeight.BOLD,
                               text_align=ft.TextAlign.CENTER)
                icon = ft.Icon(ft.Icons.CLOUD, size=32, visible=False)
                box = ft.Container(ft.Stack([icon, text], alignment=ft.Alignment.CENTER),
                                   width=self.CELL, height=self.CELL,
                                   alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.GREY_800,
                                   border_radius=ft.BorderRadius.all(6),
                                   on_click=lambda e, at=(r, c): self._tap(at))
                self.boxes[(r, c)] = (box, text, icon)
                row.append(box)
            # the group card copied as printed: a mirrored grid would enter it mirrored
            rows.append(printed(ft.Row(row, spacing=4, tight=True), words.rtl))
        self.grid = printed(ft.Column(rows, spacing=4, tight=True), words.rtl)
        self.tiles: dict[str, ft.Container] = {}
        palette = []
        for guests in (data["families"], data["kings"], "U"):
            row = []
            for g in guests:
                tile = guest_tile(g, words.say(_("Pick {guest}", guest=words.article_word(g))),
                                  self._pick(g), words)
                self.tiles[g] = tile
                row.append(tile)
            palette.append(ft.Row(row, spacing=8, run_spacing=8, wrap=True))
        self.palette = ft.Column(palette, spacing=8, tight=True)
        self.clear_button = ft.OutlinedButton(words.say(_("Clear the grid")), height=48, on_click=self._clear)
        self.paint()

    # what the table sends -----------------------------------------------------------------
    @staticmethod
    def group(cells: Cells) -> list[dict]:
        return [{"square": [r, c], "guest": g} for (r, c), g in sorted(cells)]

    @classmethod
    def loaded(cls, figure: list[list] | None) -> Cells:
        """Start from the figure entered before (entering it again after Lights Out), one
        square in from the top and the left, so a card can still be added on every side."""
        return tuple(sorted(((r + 1, c + 1), g) for r, c, g in figure or []
                            if r + 1 < cls.SIZE and c + 1 < cls.SIZE))

    def show(self, cells: Cells, pen: str | None) -> None:
        """Paint the grid with ``cells`` and the guest picked (None: the first family)."""
        self.cells, self.pen = dict(cells), pen or self.first_pen
        self.paint()

    # taps ---------------------------------------------------------------------------------
    def _pick(self, guest: str):
        def handler(e=None):
            self.changed(pen=guest)
        return handler

    def _tap(self, at: Square) -> None:
        cells = dict(self.cells)
        if cells.get(at) == self.pen:
            del cells[at]
        else:
            cells[at] = self.pen
        self.changed(cells=tuple(sorted(cells.items())))

    def _clear(self, e=None) -> None:
        self.changed(cells=())

    def paint(self) -> None:
        for (r, c), (box, text, icon) in self.boxes.items():
            guest = self.cells.get((r, c))
            name = self.words.guest_word(guest) if guest else EMPTY_WORD
            icon.visible = bool(guest)
            if guest:
                icon.icon, icon.color = guest_icon(guest), ink(guest)
            text.semantics_label = self.words.say(_("Group square {row}-{column}: {guest}",
                                                    row=r + 1, column=c + 1, guest=name))
            box.bgcolor = guest_colour(guest) if guest else ft.Colors.GREY_800
            box.border = ft.Border.all(3, ft.Colors.WHITE) if guest and guest in RINGED else None
        for g, tile in self.tiles.items():
            tile.border = ft.Border.all(5, ft.Colors.AMBER_300) if g == self.pen else (
                ft.Border.all(3, ft.Colors.WHITE) if g in RINGED else None)
