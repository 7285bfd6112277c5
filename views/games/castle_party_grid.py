"""Castle Party: a whiteboard castle drawn as a grid of squares, and the guests as tiles.

On a phone every square is a 44 px button whose name says what it is ("Square C4: empty
(window)"), so a finger hits it and a screen reader and the tests find it; the grid scrolls
sideways under fixed row numbers when the castle is wider than the phone. The picture adds
colour, never alone: each kind of empty square shows its own mark (``^`` window, ``~`` moat,
``=`` drawbridge, a dim family letter on a Rave gathering point), a guest is a tile in its
family's colour with its letter, and a King/Queen or the Pumpkin King sits in a ring.

On the table every castle is drawn small (18 px squares) in a card of its player's colour.

Grids are made once per layout; ``paint`` only changes the squares' text, colour and border,
so a redraw sends a few bytes, not the whole board.
"""
from __future__ import annotations

from typing import Callable, Mapping

import flet as ft

Square = tuple[int, int]

KIND_COLOURS = {
    ".": ft.Colors.GREY_800,
    "^": ft.Colors.AMBER_900,
    "~": ft.Colors.BLUE_900,
    "=": ft.Colors.BROWN_700,
    "s": ft.Colors.BLUE_GREY_700,
    "w": ft.Colors.PURPLE_900,
    "v": ft.Colors.RED_900,
    "g": ft.Colors.CYAN_900,
    "f": ft.Colors.GREEN_900,
}
FAMILY_COLOURS = {  # a guest's tile: its family's colour, bright against the empty squares
    "S": ft.Colors.BLUE_GREY_400,
    "W": ft.Colors.PURPLE_400,
    "V": ft.Colors.RED_600,
    "G": ft.Colors.CYAN_700,
    "F": ft.Colors.GREEN_700,
    "U": ft.Colors.PINK_200,
    "P": ft.Colors.ORANGE_700,
}
EMPTY_MARKS = {".": " ", "^": "^", "~": "~", "=": "=", **{g: g for g in "swvgf"}}
RINGED = "swvgfP"  # a King/Queen, the Pumpkin King
LEGEND = ("Empty squares: ^ in front of a window, ~ moat, = drawbridge, s w v g f a gathering "
          "point of that family (Rave side). Guests: S W V G F the families (a ring: their "
          "King/Queen), U a Unicorn, P (in a ring) the Pumpkin King.")


def guest_colour(guest: str) -> str:
    return FAMILY_COLOURS.get(guest.upper() if guest not in "UP" else guest, ft.Colors.GREY)


def ink(guest: str) -> str:
    """The letter's colour on its tile: black on the light Unicorn, white elsewhere."""
    return ft.Colors.BLACK if guest == "U" else ft.Colors.WHITE


class Words:
    """Squares and guests in words, from the game's names (``service.game_data(code)``)."""

    def __init__(self, data: Mapping) -> None:
        self.monsters = data["monster_names"]
        self.columns = data["columns"]
        points, families = data["gathering_point_names"], data["family_names"]
        self.kinds = {".": "castle", "^": "window", "~": "moat", "=": "drawbridge",
                      **{g: f"{name.removeprefix('the ')}, the {families[g.upper()]}' "
                            f"gathering point" for g, name in points.items()}}

    def square(self, at: Square) -> str:
        """The square as a player reads it: column letter, then row number from 1 ("C4")."""
        return f"{self.columns[at[1]]}{at[0] + 1}"

    def guest(self, guest: str) -> str:
        """A guest in a short word: "Vampire", "Vampire King/Queen", "Unicorn", "Pumpkin King"."""
        if guest in self.monsters:
            return self.monsters[guest]
        if guest.upper() in self.monsters:
            return f"{self.monsters[guest.upper()]} King/Queen"
        return {"U": "Unicorn", "P": "Pumpkin King"}.get(guest, "empty")

    def with_article(self, guest: str) -> str:
        if guest in self.monsters or guest == "U":
            return f"a {self.guest(guest)}"
        return f"the {self.guest(guest)}"

    def square_words(self, kind: str, guest: str) -> str:
        """"empty (window)", "Vampire (castle)"."""
        return f"{self.guest(guest)} ({self.kinds.get(kind, 'no square')})"


def guest_tile(guest: str, label: str, on_click, words: Words) -> ft.Control:
    """One guest to pick: a tile in its family's colour, its letter big and its name under
    it; the tile's name for a screen reader is what the tap does ("Draw a Vampire")."""
    name = words.guest(guest).replace(" King/Queen", "\nKing/Queen")
    text = ft.Text(spans=[ft.TextSpan(guest.upper(), ft.TextStyle(size=26,
                                                                  weight=ft.FontWeight.BOLD)),
                          ft.TextSpan(f"\n{name}", ft.TextStyle(size=12))],
                   color=ink(guest), text_align=ft.TextAlign.CENTER, semantics_label=label)
    king = guest in RINGED
    return ft.Container(text, width=88, height=76, bgcolor=guest_colour(guest),
                        border_radius=ft.BorderRadius.all(12), alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(3, ft.Colors.WHITE) if king else None,
                        on_click=on_click)


def guest_tiles(data: Mapping, words: Words, label: Callable[[str], str],
                handler: Callable[[str], Callable]) -> list[ft.Control]:
    """The guest picker: the five families, their Kings/Queens (ringed), the Unicorn."""
    def row(guests) -> ft.Control:
        return ft.Row([guest_tile(g, label(g), handler(g), words) for g in guests],
                      wrap=True, spacing=8, run_spacing=8)
    return [row(data["families"]), row(data["kings"]), row("U")]


class CastleGrid:
    """A lasting grid of 44 px square buttons for one layout; ``on_tap(square)`` on every
    tap. Wider than the phone, it scrolls sideways; the row numbers stay."""

    CELL = 44
    GAP = 2

    def __init__(self, layout: tuple[str, ...], on_tap: Callable[[Square], None],
                 words: Words) -> None:
        self.layout, self.words = tuple(layout), words
        cell, gap = self.CELL, self.GAP
        columns = max(len(row) for row in self.layout)
        self.cells: dict[Square, tuple[ft.Container, ft.Container, ft.Text]] = {}
        header = ft.Row([ft.Container(ft.Text(words.columns[c], size=13,
                                              color=ft.Colors.WHITE_54),
                                      width=cell, height=20, alignment=ft.Alignment.CENTER)
                         for c in range(columns)], spacing=gap)
        rows: list[ft.Control] = [header]
        for r, line in enumerate(self.layout):
            rows.append(ft.Row([self._square((r, c), kind, on_tap)
                                for c, kind in enumerate(line)], spacing=gap))
        numbers = ft.Column(
            [ft.Container(height=20)] + [
                ft.Container(ft.Text(str(r + 1), size=13, color=ft.Colors.WHITE_54),
                             width=22, height=cell, alignment=ft.Alignment.CENTER_RIGHT)
                for r in range(len(self.layout))], spacing=gap)
        board = ft.Row([ft.Column(rows, spacing=gap, tight=True)], scroll=ft.ScrollMode.AUTO,
                       expand=True)
        self.root = ft.Row([numbers, board], spacing=4,
                           vertical_alignment=ft.CrossAxisAlignment.START)

    def _square(self, at: Square, kind: str, on_tap) -> ft.Control:
        cell = self.CELL
        if kind == "#":  # no square here: nothing to tap
            return ft.Container(width=cell, height=cell)
        text = ft.Text(EMPTY_MARKS.get(kind, " "), size=22, weight=ft.FontWeight.BOLD,
                       text_align=ft.TextAlign.CENTER,
                       semantics_label=f"Square {self.words.square(at)}: "
                                       f"{self.words.square_words(kind, '.')}")
        tile = ft.Container(text, width=cell - 6, height=cell - 6,
                            alignment=ft.Alignment.CENTER,
                            border_radius=ft.BorderRadius.all(6))
        box = ft.Container(tile, width=cell, height=cell,
                           bgcolor=KIND_COLOURS.get(kind, ft.Colors.GREY_800),
                           alignment=ft.Alignment.CENTER, border_radius=ft.BorderRadius.all(4),
                           on_click=lambda e, at=at: on_tap(at))
        self.cells[at] = (box, tile, text)
        return box

    def paint(self, guests: list[str], *, selected: Square | None = None,
              planned: Mapping[Square, str] | None = None,
              toast: Mapping[Square, int] | None = None) -> None:
        """Show the guests; ``planned``: a group being planned; ``toast``: points per square."""
        planned = planned or {}
        for (r, c), (box, tile, text) in self.cells.items():
            kind = self.layout[r][c]
            guest = guests[r][c] if r < len(guests) and c < len(guests[r]) else "."
            label = f"Square {self.words.square((r, c))}: {self.words.square_words(kind, guest)}"
            shown = guest if guest != "." else planned.get((r, c), ".")
            mark, colour = EMPTY_MARKS.get(kind, " "), ft.Colors.WHITE_38
            if shown != ".":
                mark, colour = shown.upper(), ink(shown)
            if guest == "." and (r, c) in planned:
                label += f", planned: {self.words.guest(planned[(r, c)])}"
            elif guest == "." and toast is not None and (r, c) in toast:
                if toast[(r, c)]:  # a zero keeps the square's own mark: the good spots stand out
                    mark, colour = str(toast[(r, c)]), ft.Colors.AMBER_200
                label += f", Toast here: {toast[(r, c)]} point{'' if toast[(r, c)] == 1 else 's'}"
            if (r, c) == selected:
                label += ", selected"
            text.value, text.semantics_label, text.color = mark, label, colour
            text.italic = guest == "." and (r, c) in planned
            tile.bgcolor = None if shown == "." else guest_colour(shown)
            tile.opacity = 0.6 if guest == "." and (r, c) in planned else 1.0
            tile.border = ft.Border.all(2.5, ft.Colors.WHITE) if shown in RINGED else None
            tile.border_radius = ft.BorderRadius.all(cell_radius(shown))
            box.border = (ft.Border.all(3, ft.Colors.WHITE) if (r, c) == selected else
                          ft.Border.all(3, ft.Colors.LIGHT_GREEN_200) if (r, c) in planned
                          else None)


def cell_radius(guest: str) -> int:
    """A King/Queen or the Pumpkin King in a ring (round), the others square-ish."""
    return 40 if guest in RINGED else 6


class MiniCastle:
    """A castle drawn small on the table screen: squares by kind, guests in their family's
    colour with their letter; made once per layout, ``paint`` changes only what moved."""

    def __init__(self, layout: tuple[str, ...], cell: int = 18) -> None:
        self.layout = tuple(layout)
        self.cells: dict[Square, tuple[ft.Container, ft.Text]] = {}
        rows = []
        for r, line in enumerate(self.layout):
            row = []
            for c, kind in enumerate(line):
                text = ft.Text("", size=cell * 0.62, weight=ft.FontWeight.BOLD,
                               text_align=ft.TextAlign.CENTER)
                box = ft.Container(text, width=cell, height=cell, alignment=ft.Alignment.CENTER,
                                   bgcolor=None if kind == "#" else KIND_COLOURS.get(kind),
                                   border_radius=ft.BorderRadius.all(2))
                self.cells[(r, c)] = (box, text)
                row.append(box)
            rows.append(ft.Row(row, spacing=1, tight=True))
        self.root = ft.Column(rows, spacing=1, tight=True)

    def paint(self, guests: list[str]) -> None:
        for (r, c), (box, text) in self.cells.items():
            kind = self.layout[r][c]
            guest = guests[r][c] if r < len(guests) and c < len(guests[r]) else "."
            if kind == "#":
                continue
            text.value = "" if guest == "." else guest.upper()
            text.color = ink(guest)
            box.bgcolor = KIND_COLOURS.get(kind) if guest == "." else guest_colour(guest)
            box.border = ft.Border.all(1.5, ft.Colors.WHITE) if guest in RINGED else None
            box.border_radius = ft.BorderRadius.all(cell_radius(guest) // 4)
