"""Castle Party: a whiteboard castle drawn as a grid of square buttons.

Every square is a button whose name says what it is ("Square C4: empty (window)"), so a screen
reader and the tests find it; the picture adds colour, but never alone: each kind of empty
square shows its own mark (``^`` window, ``~`` moat, ``=`` drawbridge, a dim family letter on
a Rave gathering point) and a King/Queen or the Pumpkin King sits in a ring.

The grid is made once per layout; ``paint`` only changes the squares' text, label and border,
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
    "s": ft.Colors.BLUE_GREY_600,
    "w": ft.Colors.PURPLE_800,
    "v": ft.Colors.RED_900,
    "g": ft.Colors.CYAN_900,
    "f": ft.Colors.GREEN_900,
}
EMPTY_MARKS = {".": " ", "^": "^", "~": "~", "=": "=", **{g: g for g in "swvgf"}}
LEGEND = ("Empty squares: ^ in front of a window, ~ moat, = drawbridge, s w v g f a gathering "
          "point of that family (Rave side). Guests: S W V G F the families (a ring: their "
          "King/Queen), U a Unicorn, P (in a ring) the Pumpkin King.")


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


class CastleGrid:
    """A lasting grid of square buttons for one layout; ``on_tap(square)`` on every tap."""

    def __init__(self, layout: tuple[str, ...], on_tap: Callable[[Square], None], words: Words,
                 width: int = 340) -> None:
        self.layout, self.words = tuple(layout), words
        columns = max(len(row) for row in self.layout)
        label_w = 20
        self.cell = max(22, min(40, (width - label_w) // columns - 1))
        self.cells: dict[Square, tuple[ft.Container, ft.Container, ft.Text]] = {}
        header = [ft.Container(width=label_w)] + [
            ft.Container(ft.Text(words.columns[c], size=11, color=ft.Colors.WHITE_54),
                         width=self.cell, alignment=ft.Alignment.CENTER)
            for c in range(columns)]
        rows: list[ft.Control] = [ft.Row(header, spacing=1)]
        for r, line in enumerate(self.layout):
            controls: list[ft.Control] = [
                ft.Container(ft.Text(str(r + 1), size=11, color=ft.Colors.WHITE_54),
                             width=label_w, alignment=ft.Alignment.CENTER_RIGHT)]
            for c, kind in enumerate(line):
                if kind == "#":  # no square here: nothing to tap
                    controls.append(ft.Container(width=self.cell, height=self.cell))
                    continue
                text = ft.Text(EMPTY_MARKS.get(kind, " "), size=self.cell * 0.55,
                               weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                               semantics_label=f"Square {words.square((r, c))}: "
                                               f"{words.square_words(kind, '.')}")
                ring = ft.Container(text, width=self.cell - 3, height=self.cell - 3,
                                    alignment=ft.Alignment.CENTER,
                                    border_radius=ft.BorderRadius.all(self.cell))
                box = ft.Container(ring, width=self.cell, height=self.cell,
                                   bgcolor=KIND_COLOURS.get(kind, ft.Colors.GREY_800),
                                   alignment=ft.Alignment.CENTER,
                                   border_radius=ft.BorderRadius.all(3),
                                   on_click=lambda e, at=(r, c): on_tap(at))
                self.cells[(r, c)] = (box, ring, text)
                controls.append(box)
            rows.append(ft.Row(controls, spacing=1))
        self.root = ft.Column(rows, spacing=1, tight=True)

    def paint(self, guests: list[str], *, selected: Square | None = None,
              planned: Mapping[Square, str] | None = None,
              toast: Mapping[Square, int] | None = None) -> None:
        """Show the guests; ``planned``: a group being planned; ``toast``: points per square."""
        planned = planned or {}
        for (r, c), (box, ring, text) in self.cells.items():
            kind = self.layout[r][c]
            guest = guests[r][c] if r < len(guests) and c < len(guests[r]) else "."
            name = self.words.square((r, c))
            label = f"Square {name}: {self.words.square_words(kind, guest)}"
            mark, dim, ringed = EMPTY_MARKS.get(kind, " "), True, False
            if guest != ".":
                mark, dim, ringed = guest.upper(), False, guest in "swvgfP"
            elif (r, c) in planned:
                mark, dim = planned[(r, c)].upper(), False
                ringed = planned[(r, c)] in "swvgf"
                label += f", planned: {self.words.guest(planned[(r, c)])}"
            elif toast is not None and (r, c) in toast:
                if toast[(r, c)]:  # a zero keeps the square's own mark: the good spots stand out
                    mark, dim = str(toast[(r, c)]), False
                label += f", Toast here: {toast[(r, c)]} point{'' if toast[(r, c)] == 1 else 's'}"
            if (r, c) == selected:
                label += ", selected"
            text.value = mark
            text.semantics_label = label
            text.italic = (r, c) in planned
            text.color = (ft.Colors.ORANGE_300 if guest == "P" else
                          ft.Colors.WHITE_38 if dim else
                          ft.Colors.LIGHT_GREEN_200 if (r, c) in planned else ft.Colors.WHITE)
            ring.border = ft.Border.all(1.5, text.color) if ringed else None
            box.border = (ft.Border.all(3, ft.Colors.WHITE) if (r, c) == selected else
                          ft.Border.all(2, ft.Colors.LIGHT_GREEN_200) if (r, c) in planned
                          else None)
