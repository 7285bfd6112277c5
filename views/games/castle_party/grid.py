"""Castle Party: a whiteboard castle drawn as a grid of squares, and the guests as tiles.

On a phone the whole castle fits the width (13 columns in 360 px: squares of about 21 px), and
every square is a button whose name says what it is ("Square C4: empty (window)"), so a screen
reader and the tests find it. A finger is wider than such a square, so a tap opens the square's
choices with a ``Zoom`` of the squares around it at 44 px: a tap that landed one square off
is put right there, in place. The picture adds colour, never alone: each kind of empty square
shows its own mark (``^`` window, ``~`` moat, ``=`` drawbridge, a dim family picture on a Rave
gathering point), a guest is a tile in its family's colour with its family's picture (a bone-
less stick figure for the Skeletons, a wand for the Witches, a moon for the Vampires, a cloud
for the Ghosts, a bolt for the Frankensteins, sparkles for the Unicorn, a party popper for the
Pumpkin King), and a King/Queen or the Pumpkin King sits in a ring.

On the table every castle is drawn small in a card of its player's colour.

Grids are made once per layout; ``paint`` only changes the squares' text, colour and border,
so a redraw sends a few bytes, not the whole board.
"""
from __future__ import annotations

from typing import Callable, Mapping

import flet as ft

from companion.language import Speaker, host_words

from ...widgets import PAGE_PADDING, printed

# Castle Party's catalog: the same msgids as its rules where they say the same thing
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

Square = tuple[int, int]

# Three greys under the colours, each 3:1 from the next in relative luminance, so every region
# stands apart from its neighbours in greyscale too (WCAG 1.4.11; tests/views/
# test_castle_colours.py): the castle's floor dark, the moat between, the drawbridge and the
# Rave's gathering points light. The squares in front of a window are floor with a window's
# frame (``WINDOW``): a fourth grey cannot be 3:1 from all three of its neighbours.
KIND_COLOURS = {
    ".": "#141414",
    "^": "#141414",
    "~": "#2C68AC",
    "=": "#E0C097",
    "s": "#CFD8DC",
    "w": "#E1BEE7",
    "v": "#FFCDD2",
    "g": "#B2EBF2",
    "f": "#C8E6C9",
}
LIGHT_KINDS = "=swvgf"
WINDOW = "#FFE082"  # the frame (table) and the ^ (phone) of a window square
FAMILY_COLOURS = {  # a guest's tile: its family's colour, bright against the empty squares
    "S": ft.Colors.BLUE_GREY_400,
    "W": ft.Colors.PURPLE_400,
    "V": ft.Colors.RED_600,
    "G": ft.Colors.CYAN_700,
    "F": ft.Colors.GREEN_700,
    "U": ft.Colors.PINK_200,
    "P": ft.Colors.ORANGE_700,
}
# each family's picture: a shape, not a letter (the guest's name goes with it for a reader)
FAMILY_ICONS = {
    "S": ft.Icons.ACCESSIBILITY_NEW,  # Skeletons: a figure of bones
    "W": ft.Icons.AUTO_FIX_HIGH,  # Witches: a wand
    "V": ft.Icons.BEDTIME,  # Vampires: the moon
    "G": ft.Icons.CLOUD,  # Ghosts: a white shape
    "F": ft.Icons.BOLT,  # Frankensteins: the bolt that wakes them
    "U": ft.Icons.AUTO_AWESOME,  # the Unicorn: sparkles
    "P": ft.Icons.CELEBRATION,  # the Pumpkin King: the party's host
}
EMPTY_MARKS = {".": " ", "^": "^", "~": "~", "=": "="}
RINGED = "swvgfP"  # a King/Queen, the Pumpkin King
LEGEND = _("Empty squares: ^ in front of a window, ~ moat, = drawbridge, a dim family picture "
           "a gathering point of that family (Rave side). Guests: each family in its colour "
           "with its picture (Skeletons a figure, Witches a wand, Vampires a moon, Ghosts a "
           "cloud, Frankensteins a bolt; in a ring: their King/Queen), the Unicorn sparkles, "
           "the Pumpkin King (in a ring) a party popper. Tap a square: its choices show the "
           "squares around it large, to tap the right one.")
ZOOM_CELL = 44  # a finger's square, in the zoom
ZOOM_COLUMNS, ZOOM_ROWS = 5, 3  # fits an alert dialog on a 360 px phone


def guest_icon(guest: str) -> str:
    """The picture of a guest's family (a King/Queen has its family's)."""
    return FAMILY_ICONS[guest if guest in "UP" else guest.upper()]


# the row numbers' column: two digits at 13 px capped at 130% (the words' cap) need about 20
NUMBERS = 22


def fit_cell(width: float | None, columns: int, gap: int = 2) -> int:
    """The square size that fits ``columns`` squares (and the row numbers) in a phone's width,
    at most a finger's 44 px."""
    usable = (width or 390) - 2 * PAGE_PADDING - NUMBERS - 4  # the row numbers, and a gap
    return max(16, min(44, int(usable / columns) - gap))


def mark_colour(kind: str) -> str:
    """An empty square's mark: the window's in its frame colour, dark on the light squares."""
    if kind == "^":
        return WINDOW
    return ft.Colors.BLACK_54 if kind in LIGHT_KINDS else ft.Colors.WHITE_38


def guest_colour(guest: str) -> str:
    return FAMILY_COLOURS.get(guest.upper() if guest not in "UP" else guest, ft.Colors.GREY)


def ink(guest: str) -> str:
    """The letter's colour on its tile: black on the light Unicorn, white elsewhere."""
    return ft.Colors.BLACK if guest == "U" else ft.Colors.WHITE


GUEST_WORDS = {  # a guest in a short word
    "S": _("Skeleton"), "W": _("Witch"), "V": _("Vampire"), "G": _("Ghost"),
    "F": _("Frankenstein"),
    "s": _("Skeleton King/Queen"), "w": _("Witch King/Queen"), "v": _("Vampire King/Queen"),
    "g": _("Ghost King/Queen"), "f": _("Frankenstein King/Queen"),
    "U": _("Unicorn"), "P": _("Pumpkin King"),
}
EMPTY_WORD = _("empty")
ARTICLE_WORDS = {  # the rules' msgids (text.GUEST_WORDS): a guest as a move's object
    "S": _("a Skeleton"), "W": _("a Witch"), "V": _("a Vampire"), "G": _("a Ghost"),
    "F": _("a Frankenstein"),
    "s": _("the Skeleton King/Queen"), "w": _("the Witch King/Queen"),
    "v": _("the Vampire King/Queen"), "g": _("the Ghost King/Queen"),
    "f": _("the Frankenstein King/Queen"),
    "U": _("a Unicorn"), "P": _("the Pumpkin King"),
}
KIND_WORDS = {
    ".": _("castle"), "^": _("window"), "~": _("moat"), "=": _("drawbridge"),
    "s": _("DJ, the Skeletons' gathering point"),
    "w": _("Hors d'oeuvres table, the Witches' gathering point"),
    "v": _("Punch, the Vampires' gathering point"),
    "g": _("Mirrored ball, the Ghosts' gathering point"),
    "f": _("Wall of speakers, the Frankensteins' gathering point"),
}
NO_SQUARE = _("no square")


def english(message) -> str:
    """The default ``say``: the host's words."""
    return host_words()(message)


class Words:
    """Squares and guests in words, in a screen's language (``say``); the columns' letters
    from the game's data (``service.game_data(code)``)."""

    def __init__(self, data: Mapping, say=english, rtl: bool | None = None) -> None:
        self.columns = data["columns"]
        self.say = say
        # a right-to-left screen (Arabic; a panel's ``rtl``, or its words'): the castle,
        # printed cardboard, still reads A to M
        self.rtl = bool(getattr(say, "rtl", False) if rtl is None else rtl)

    def square(self, at: Square) -> str:
        """The square as a player reads it: column letter, then row number from 1 ("C4")."""
        return f"{self.columns[at[1]]}{at[0] + 1}"

    def guest_word(self, guest: str):
        """A guest in a short word, as a message: "Vampire", "Vampire King/Queen"."""
        return GUEST_WORDS.get(guest, EMPTY_WORD)

    def guest(self, guest: str) -> str:
        """A guest in a short word: "Vampire", "Vampire King/Queen", "Unicorn", "Pumpkin King"."""
        return self.say(self.guest_word(guest))

    def article_word(self, guest: str):
        return ARTICLE_WORDS.get(guest, EMPTY_WORD)

    def with_article(self, guest: str) -> str:
        return self.say(self.article_word(guest))

    def square_words(self, kind: str, guest: str) -> str:
        """"empty (window)", "Vampire (castle)"."""
        return self.say(_("{guest} ({kind})", guest=self.guest_word(guest),
                          kind=KIND_WORDS.get(kind, NO_SQUARE)))


def guest_tile(guest: str, label: str, on_click, words: Words) -> ft.Control:
    """One guest to pick: a tile in its family's colour, its picture big and its name under
    it; the tile's name for a screen reader is what the tap does ("Draw a Vampire")."""
    name = words.guest(guest).replace(" King/Queen", "\nKing/Queen")
    text = ft.Text(name, size=12, color=ink(guest), text_align=ft.TextAlign.CENTER,
                   semantics_label=label)
    king = guest in RINGED
    return ft.Container(ft.Column([ft.Icon(guest_icon(guest), size=28, color=ink(guest)), text],
                                  spacing=0, tight=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        width=88, height=76, bgcolor=guest_colour(guest),
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


class Cell:
    """One square as drawn: its kind's colour, and on it a guest's tile (colour, picture, a
    ring for the ringed), a planned guest (faded), a mark or a number. ``text`` carries the
    square's name for a reader."""

    def __init__(self, kind: str, size: int, on_click=None) -> None:
        self.kind, self.size = kind, size
        self.icon = ft.Icon(ft.Icons.CLOUD, size=round(size * 0.68), visible=False)
        self.text = ft.Text(EMPTY_MARKS.get(kind, " "), size=max(10, round(size * 0.5)),
                            weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                            color=mark_colour(kind))
        inset = max(2, size // 8)
        self.tile = ft.Container(ft.Stack([self.icon, self.text],
                                          alignment=ft.Alignment.CENTER),
                                 width=size - inset, height=size - inset,
                                 alignment=ft.Alignment.CENTER,
                                 border_radius=ft.BorderRadius.all(6))
        self.box = ft.Container(self.tile, width=size, height=size,
                                bgcolor=KIND_COLOURS.get(kind, ft.Colors.GREY_800),
                                alignment=ft.Alignment.CENTER,
                                border_radius=ft.BorderRadius.all(4), on_click=on_click)

    def paint(self, shown: str, *, planned: bool = False, mark: str | None = None,
              label: str = "", outline: str | None = None) -> None:
        """``shown``: the guest on the square, or planned for it ("." none); ``mark``: a
        number to show instead (the Toast's points)."""
        text, icon, tile = self.text, self.icon, self.tile
        gathering = self.kind in "swvgf" and shown == "."
        if shown != ".":
            icon.icon, icon.color, icon.visible = guest_icon(shown), ink(shown), True
        elif gathering:  # a Rave gathering point: its family's picture, dim
            icon.icon, icon.visible = guest_icon(self.kind), True
            icon.color = ft.Colors.with_opacity(0.45, ft.Colors.BLACK)  # on a light square
        else:
            icon.visible = False
        if mark is not None:
            icon.visible = False
        text.value = mark if mark is not None else (
            " " if shown != "." or gathering else EMPTY_MARKS.get(self.kind, " "))
        text.color = ft.Colors.AMBER_200 if mark is not None else mark_colour(self.kind)
        text.semantics_label = label
        tile.bgcolor = None if shown == "." else guest_colour(shown)
        tile.opacity = 0.6 if planned else 1.0
        tile.border = (ft.Border.all(max(1.5, self.size / 18), ft.Colors.WHITE)
                       if shown in RINGED else None)
        tile.border_radius = ft.BorderRadius.all(self.size if shown in RINGED else
                                                 max(2, self.size // 7))
        width = 3 if self.size >= 30 else 2
        self.box.border = ft.Border.all(width, outline) if outline else None


class CastleGrid:
    """A lasting grid of square buttons for one layout, sized to fit the phone's width
    (``cell``: see ``fit_cell``); ``on_tap(square)`` on every tap."""

    GAP = 2

    def __init__(self, layout: tuple[str, ...], on_tap: Callable[[Square], None],
                 words: Words, cell: int = 44) -> None:
        self.layout, self.words, self.cell = tuple(layout), words, cell
        gap = self.GAP
        columns = max(len(row) for row in self.layout)
        self.cells: dict[Square, Cell] = {}
        header = ft.Row([ft.Container(ft.Text(words.columns[c], size=min(13, cell * 0.6),
                                              color=ft.Colors.WHITE_54),
                                      width=cell, height=18, alignment=ft.Alignment.CENTER)
                         for c in range(columns)], spacing=gap)
        rtl = words.rtl
        rows: list[ft.Control] = [printed(header, rtl)]
        for r, line in enumerate(self.layout):
            rows.append(printed(ft.Row([self._square((r, c), kind, on_tap)
                                        for c, kind in enumerate(line)], spacing=gap), rtl))
        # the row numbers on one line in a column of fixed width (``NUMBERS``, which
        # ``fit_cell`` leaves them): "10" whole at the capped 200% text, never "1" cut, and the
        # board no wider than the phone
        numbers = ft.Column(
            [ft.Container(height=18)] + [
                ft.Container(ft.Text(str(r + 1), size=min(13, cell * 0.6), no_wrap=True,
                                     color=ft.Colors.WHITE_54),
                             width=NUMBERS, height=cell, alignment=ft.Alignment.CENTER_RIGHT)
                for r in range(len(self.layout))], spacing=gap)
        # wider than the phone only when a table's own board has more columns than fit
        board = printed(ft.Row([printed(ft.Column(rows, spacing=gap, tight=True), rtl)],
                               scroll=ft.ScrollMode.AUTO, expand=True), rtl)
        self.root = printed(ft.Row([numbers, board], spacing=4,
                                   vertical_alignment=ft.CrossAxisAlignment.START), rtl)

    def _square(self, at: Square, kind: str, on_tap) -> ft.Control:
        if kind == "#":  # no square here: nothing to tap
            return ft.Container(width=self.cell, height=self.cell)
        cell = Cell(kind, self.cell, on_click=lambda e, at=at: on_tap(at))
        cell.text.semantics_label = label_of(self.words, "Square", at,
                                             self.words.square_words(kind, "."))
        self.cells[at] = cell
        return cell.box

    def paint(self, guests: list[str], *, selected: Square | None = None,
              planned: Mapping[Square, str] | None = None,
              toast: Mapping[Square, int] | None = None) -> None:
        """Show the guests; ``planned``: a group being planned; ``toast``: points per square."""
        for at, cell in self.cells.items():
            paint_square(cell, at, self.layout, guests, self.words, "Square",
                         selected=selected, planned=planned, toast=toast)


def label_of(words: Words, name: str, at: Square, what: str) -> str:
    """"Square C4: empty (window)" on the grid, "Zoomed C4: ..." in the zoom."""
    if name == "Zoomed":
        return words.say(_("Zoomed {square}: {what}", square=words.square(at), what=what))
    return words.say(_("Square {square}: {what}", square=words.square(at), what=what))


def paint_square(cell: Cell, at: Square, layout, guests, words: Words, name: str, *,
                 selected=None, planned=None, toast=None) -> None:
    """One square of the castle as the grid and the zoom show it (``name`` starts its label:
    "Square C4: ...", "Zoomed C4: ...")."""
    planned = planned or {}
    r, c = at
    kind = layout[r][c]
    guest = guests[r][c] if r < len(guests) and c < len(guests[r]) else "."
    label = label_of(words, name, at, words.square_words(kind, guest))
    shown = guest if guest != "." else planned.get(at, ".")
    mark = None
    say = words.say
    if guest == "." and at in planned:
        label = say(_("{label}, planned: {guest}", label=label,
                      guest=words.guest_word(planned[at])))
    elif guest == "." and toast is not None and at in toast:
        if toast[at]:  # a zero keeps the square's own mark: the good spots stand out
            mark = str(toast[at])
        label = say(_n("{label}, Toast here: {n} point", "{label}, Toast here: {n} points", "n",
                       label=label, n=toast[at]))
    if at == selected:
        label = say(_("{label}, selected", label=label))
    outline = (ft.Colors.WHITE if at == selected else
               ft.Colors.LIGHT_GREEN_200 if at in planned else None)
    cell.paint(shown, planned=guest == "." and at in planned, mark=mark, label=label,
               outline=outline)


class Zoom:
    """The squares around a tapped one at a finger's size (``ZOOM_COLUMNS`` by ``ZOOM_ROWS``,
    the tapped one outlined): shown with the square's choices, a tap here moves them to the
    square the finger meant. Made for each tap: fifteen squares, a few hundred bytes."""

    def __init__(self, at: Square, layout, guests, words: Words,
                 on_tap: Callable[[Square], None], **paint) -> None:
        rows, columns = len(layout), max(len(row) for row in layout)
        top = min(max(0, at[0] - ZOOM_ROWS // 2), max(0, rows - ZOOM_ROWS))
        left = min(max(0, at[1] - ZOOM_COLUMNS // 2), max(0, columns - ZOOM_COLUMNS))
        grid = []
        for r in range(top, min(rows, top + ZOOM_ROWS)):
            row = []
            for c in range(left, min(columns, left + ZOOM_COLUMNS)):
                kind = layout[r][c] if c < len(layout[r]) else "#"
                if kind == "#":
                    row.append(ft.Container(width=ZOOM_CELL, height=ZOOM_CELL))
                    continue
                cell = Cell(kind, ZOOM_CELL, on_click=lambda e, sq=(r, c): on_tap(sq))
                paint_square(cell, (r, c), layout, guests, words, "Zoomed", **paint)
                row.append(cell.box)
            grid.append(printed(ft.Row(row, spacing=2, tight=True), words.rtl))
        self.root = printed(ft.Column(grid, spacing=2, tight=True), words.rtl)


def cell_radius(guest: str) -> int:
    """A King/Queen or the Pumpkin King in a ring (round), the others square-ish."""
    return 40 if guest in RINGED else 6


class MiniCastle:
    """A castle drawn small on the table screen: squares by kind, guests in their family's
    colour with their picture; made once per layout, ``paint`` changes only what moved."""

    def __init__(self, layout: tuple[str, ...], cell: int = 18, rtl: bool = False) -> None:
        self.layout, self.cell = tuple(layout), cell
        self.cells: dict[Square, tuple[ft.Container, ft.Icon]] = {}
        rows = []
        for r, line in enumerate(self.layout):
            row = []
            for c, kind in enumerate(line):
                icon = ft.Icon(ft.Icons.CLOUD, size=round(cell * 0.8), visible=False)
                box = ft.Container(icon, width=cell, height=cell, alignment=ft.Alignment.CENTER,
                                   bgcolor=None if kind == "#" else KIND_COLOURS.get(kind),
                                   border_radius=ft.BorderRadius.all(2))
                self.cells[(r, c)] = (box, icon)
                row.append(box)
            # printed cardboard: columns A to M left to right on an Arabic table too
            rows.append(printed(ft.Row(row, spacing=1, tight=True), rtl))
        self.root = printed(ft.Column(rows, spacing=1, tight=True), rtl)

    def paint(self, guests: list[str]) -> None:
        for (r, c), (box, icon) in self.cells.items():
            kind = self.layout[r][c]
            guest = guests[r][c] if r < len(guests) and c < len(guests[r]) else "."
            if kind == "#":
                continue
            icon.visible = guest != "."
            if guest != ".":
                icon.icon, icon.color = guest_icon(guest), ink(guest)
            box.bgcolor = KIND_COLOURS.get(kind) if guest == "." else guest_colour(guest)
            box.border = (ft.Border.all(1.5, ft.Colors.WHITE) if guest in RINGED else
                          ft.Border.all(max(2, self.cell // 8), WINDOW)
                          if kind == "^" and guest == "." else None)
            box.border_radius = ft.BorderRadius.all(cell_radius(guest) // 4)
