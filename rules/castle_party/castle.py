"""A Castle Party whiteboard as text: the layout of its squares and the guests drawn on them.

A castle is two grids of the same shape, one character per square, one line per row (spaces
between characters are allowed and ignored):

- the **layout** (what is printed on the whiteboard): ``.`` a castle square, ``^`` a castle
  square just in front of a window, ``~`` the moat, ``=`` the drawbridge, ``#`` no square; on the
  Rave side ``s w v g f`` a square of the gathering point of the Skeletons, Witches, Vampires,
  Ghosts or Frankensteins (those squares are inside the castle);
- the **guests** (what the player drew): ``.`` empty, ``S W V G F`` a guest of that family,
  ``s w v g f`` that family's King/Queen, ``U`` a Unicorn, ``P`` the Pumpkin King.

Squares are addressed as ``(row, column)`` counted from 0 at the top left. In sentences a square
is named the way a player reads the grid: column letter, then row number from 1 (``(3, 2)`` is
"C4").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from rules import RuleError
from rules.words import Message, Speaker

# Castle Party's catalog: a castle's refusals are messages, each screen says them in its language
_ = Speaker("castle_party", "rules.castle_party")

Square = tuple[int, int]

# Layout characters.
CASTLE = "."
WINDOW = "^"
MOAT = "~"
DRAWBRIDGE = "="
NO_SQUARE = "#"
GATHERING_POINTS = "swvgf"
LAYOUT_CHARS = CASTLE + WINDOW + MOAT + DRAWBRIDGE + NO_SQUARE + GATHERING_POINTS
INSIDE = CASTLE + WINDOW + GATHERING_POINTS  # "5 gathering points within the castle"

# Guest characters.
EMPTY = "."
FAMILIES = "SWVGF"  # the rulebook's order: Skeletons, Witches, Vampires, Ghosts, Frankensteins
KINGS = "swvgf"
UNICORN = "U"
PUMPKIN_KING = "P"
GUEST_CHARS = EMPTY + FAMILIES + KINGS + UNICORN + PUMPKIN_KING
SQUARE_WANTED = _("Name a square of the whiteboard by its row and column.")
MAX_UNICORNS = 5  # "5 Unicorn cards ... removed from the game once they have been used"

FAMILY_NAMES = {
    "S": "Skeletons",
    "W": "Witches",
    "V": "Vampires",
    "G": "Ghosts",
    "F": "Frankensteins",
}
MONSTER_NAMES = {
    "S": "Skeleton",
    "W": "Witch",
    "V": "Vampire",
    "G": "Ghost",
    "F": "Frankenstein",
}
GATHERING_POINT_NAMES = {
    "s": "the DJ",
    "w": "the Hors d'oeuvres table",
    "v": "the Punch",
    "g": "the Mirrored ball",
    "f": "the Wall of speakers",
}
SQUARE_KINDS = {
    CASTLE: "castle square",
    WINDOW: "castle square in front of a window",
    MOAT: "moat",
    DRAWBRIDGE: "drawbridge",
    NO_SQUARE: "no square",
    **{g: f"gathering point of the {FAMILY_NAMES[g.upper()]} ({GATHERING_POINT_NAMES[g]})"
       for g in GATHERING_POINTS},
}


GUEST_WORDS = {  # a guest as the object of a sentence (the same msgids as text.GUEST_WORDS)
    "S": _("a Skeleton"), "W": _("a Witch"), "V": _("a Vampire"), "G": _("a Ghost"),
    "F": _("a Frankenstein"),
    "s": _("the Skeleton King/Queen"), "w": _("the Witch King/Queen"),
    "v": _("the Vampire King/Queen"), "g": _("the Ghost King/Queen"),
    "f": _("the Frankenstein King/Queen"),
    UNICORN: _("a Unicorn"), PUMPKIN_KING: _("the Pumpkin King"),
}
KING_CARDS = {"s": _("Skeleton King/Queen"), "w": _("Witch King/Queen"),
              "v": _("Vampire King/Queen"), "g": _("Ghost King/Queen"),
              "f": _("Frankenstein King/Queen")}
"""A King/Queen card's name: "There is only one {king} card"."""
POINT_WORDS = {"s": _("the DJ"), "w": _("the Hors d'oeuvres table"), "v": _("the Punch"),
               "g": _("the Mirrored ball"), "f": _("the Wall of speakers")}
"""A gathering point's name, as ``GATHERING_POINT_NAMES``."""


def guest_words(guest: str) -> Message:
    """``guest_name`` as a message: "a Vampire", "the Vampire King/Queen"."""
    return GUEST_WORDS.get(guest, _("nobody"))


FIVE_UNICORNS = _("There are only five Unicorn cards: no castle holds a sixth.")


def family_of(guest: str) -> str | None:
    """The family letter (``S W V G F``) of a monster or King/Queen; None for the others."""
    if guest and guest in FAMILIES + KINGS:
        return guest.upper()
    return None


def guest_name(guest: str) -> str:
    """A guest in words: "a Vampire", "the Vampire King/Queen", "a Unicorn", "the Pumpkin King"."""
    if guest in FAMILIES:
        return f"a {MONSTER_NAMES[guest]}"
    if guest in KINGS:
        return f"the {MONSTER_NAMES[guest.upper()]} King/Queen"
    if guest == UNICORN:
        return "a Unicorn"
    if guest == PUMPKIN_KING:
        return "the Pumpkin King"
    return "nobody"


def column_name(column: int) -> str:
    """A, B, ..., Z, AA, AB, ... for columns 0, 1, ..."""
    name = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def square_name(at: Square) -> str:
    """The square as a player reads it: column letter then row number from 1 ("C4")."""
    row, column = at
    return f"{column_name(column)}{row + 1}"


def _rows(text: str, what: str) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise RuleError(_("The layout must be text, one line per row.") if what == "layout"
                        else _("The guests must be text, one line per row."))
    rows = []
    for line in text.splitlines():
        row = "".join(line.split())  # spaces between characters are ignored
        if row:
            rows.append(row)
    return tuple(rows)


@dataclass(frozen=True)
class Castle:
    """One whiteboard castle: ``layout`` and ``guests`` as equal-shaped tuples of row strings.

    Every Castle is legal: the constructor refuses a guest where there is no square, a guest on
    a gathering point of another family ("the spaces indicated for these gathering points cannot
    be occupied by any other kind of guest"), a second King/Queen of one family, more than five
    Unicorns or a second Pumpkin King (the King/Queen and Unicorn cards "are removed from the
    game once they have been used").
    """

    layout: tuple[str, ...]
    guests: tuple[str, ...]

    def __post_init__(self) -> None:
        _check(self)

    @classmethod
    def from_text(cls, layout: str, guests: str = "") -> "Castle":
        """The castle from its layout text and guest text (empty guest text: an empty castle)."""
        layout_rows = _rows(layout, "layout")
        guest_rows = _rows(guests, "guests")
        if not guest_rows:
            guest_rows = tuple(EMPTY * len(row) for row in layout_rows)
        return cls(layout_rows, guest_rows)

    @classmethod
    def empty(cls, layout: "str | tuple[str, ...]") -> "Castle":
        """An empty castle on this layout."""
        rows = _rows(layout, "layout") if isinstance(layout, str) else tuple(layout)
        return cls(rows, tuple(EMPTY * len(row) for row in rows))

    # -- reading the grid -------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return len(self.layout)

    @property
    def columns(self) -> int:
        return len(self.layout[0])

    def on_grid(self, at: Square) -> bool:
        row, column = at
        return 0 <= row < len(self.layout) and 0 <= column < len(self.layout[0])

    def square(self, at: Square) -> str:
        """The layout character at ``at`` (``#`` off the grid)."""
        row, column = at
        if 0 <= row < len(self.layout) and 0 <= column < len(self.layout[0]):
            return self.layout[row][column]
        return NO_SQUARE

    def guest(self, at: Square) -> str:
        """The guest character at ``at`` (``.`` off the grid)."""
        row, column = at
        if 0 <= row < len(self.guests) and 0 <= column < len(self.guests[0]):
            return self.guests[row][column]
        return EMPTY

    def squares(self) -> Iterator[Square]:
        """Every square that exists (``#`` excluded), row by row."""
        for row in range(self.rows):
            for column in range(self.columns):
                if self.layout[row][column] != NO_SQUARE:
                    yield (row, column)

    def is_inside(self, at: Square) -> bool:
        """Inside the castle walls: castle squares, window squares, gathering points."""
        return self.square(at) in INSIDE

    def occupied(self) -> Iterator[tuple[Square, str]]:
        """Every square with a guest, and the guest, row by row."""
        for row, line in enumerate(self.guests):
            for column, guest in enumerate(line):
                if guest != EMPTY:
                    yield (row, column), guest

    @property
    def gathering_points(self) -> str:
        """The gathering-point letters this layout has (empty on the basic side)."""
        return "".join(g for g in GATHERING_POINTS if any(g in row for row in self.layout))

    def is_empty(self) -> bool:
        return all(set(row) <= {EMPTY} for row in self.guests)

    # -- editing (every edit returns a new, checked Castle) -----------------------------------
    def check_square(self, at: Square) -> Square:
        """``at`` as a (row, column) pair of a square that exists, or RuleError."""
        if (
            not isinstance(at, (tuple, list))
            or len(at) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in at)
        ):
            raise RuleError(SQUARE_WANTED)
        at = (at[0], at[1])
        if not self.on_grid(at) or self.square(at) == NO_SQUARE:
            if self.on_grid(at):
                raise RuleError(no_square_at(at))
            raise RuleError(_("That square is off this whiteboard ({rows} rows of {columns} "
                              "squares).", rows=self.rows, columns=self.columns))
        return at

    def place(self, at: Square, guest: str) -> "Castle":
        """The castle with ``guest`` drawn on the empty square ``at``.

        "Each one is placed in a separate box on your whiteboard": an occupied square is
        refused (erase it first).
        """
        at = self.check_square(at)
        if not isinstance(guest, str) or len(guest) != 1 or guest not in GUEST_CHARS or guest == EMPTY:
            raise RuleError(_("A guest is one of S W V G F (a monster), s w v g f (its "
                              "King/Queen), U (a Unicorn) or P (the Pumpkin King)."))
        there = self.guest(at)
        if there != EMPTY:
            raise RuleError(_("{square} already holds {guest}.", square=square_name(at),
                              guest=guest_words(there)))
        return self._with(at, guest)

    def erase(self, at: Square) -> "Castle":
        """The castle with the square ``at`` wiped clean."""
        at = self.check_square(at)
        if self.guest(at) == EMPTY:
            raise RuleError(_("{square} is already empty.", square=square_name(at)))
        return self._with(at, EMPTY)

    def _with(self, at: Square, guest: str) -> "Castle":
        row, column = at
        line = self.guests[row]
        guests = list(self.guests)
        guests[row] = line[:column] + guest + line[column + 1:]
        return Castle(self.layout, tuple(guests))

    # -- text ---------------------------------------------------------------------------------
    def to_text(self) -> str:
        """The guests as text, spaces between the characters."""
        return "\n".join(" ".join(row) for row in self.guests)

    def __str__(self) -> str:
        return self.to_text()


def no_square_at(at: Square) -> Message:
    return _("There is no square at {square} on this whiteboard.", square=square_name(at))


GATHERING_ONLY = {  # a whole sentence per gathering point: its name agrees with the sentence
    "s": lambda square: _("{square} belongs to the DJ, the Skeletons' gathering point: no other "
                          "kind of guest may stand there.", square=square),
    "w": lambda square: _("{square} belongs to the Hors d'oeuvres table, the Witches' gathering "
                          "point: no other kind of guest may stand there.", square=square),
    "v": lambda square: _("{square} belongs to the Punch, the Vampires' gathering point: no "
                          "other kind of guest may stand there.", square=square),
    "g": lambda square: _("{square} belongs to the Mirrored ball, the Ghosts' gathering point: "
                          "no other kind of guest may stand there.", square=square),
    "f": lambda square: _("{square} belongs to the Wall of speakers, the Frankensteins' "
                          "gathering point: no other kind of guest may stand there.",
                          square=square),
}


def _check_gathering_point(kind: str, guest: str, at: Square) -> None:
    """"the spaces indicated for these gathering points cannot be occupied by any other kind
    of guest"."""
    if kind in GATHERING_POINTS and family_of(guest) != kind.upper():
        raise RuleError(GATHERING_ONLY[kind](square_name(at)))


def _check_layout(layout: tuple[str, ...]) -> int:
    """Rows of one length, of layout characters, with a castle square; returns the width."""
    if not layout:
        raise RuleError(_("The castle layout has no rows."))
    width = len(layout[0]) if isinstance(layout[0], str) else -1
    for number, row in enumerate(layout, 1):
        if not isinstance(row, str) or len(row) != width or not row:
            raise RuleError(_("Row {number} of the layout has a different length: every row "
                              "needs the same number of squares ({width}).", number=number,
                              width=width))
        bad = set(row) - set(LAYOUT_CHARS)
        if bad:
            raise RuleError(_("Row {number} of the layout has {characters}: a layout uses "
                              "only {allowed}.", number=number,
                              characters=repr("".join(sorted(bad))),
                              allowed=" ".join(LAYOUT_CHARS)))
    if not any(ch in INSIDE for row in layout for ch in row):
        raise RuleError(_("The castle layout needs at least one castle square."))
    return width


def _check_cards(drawn: list[tuple[Square, str]]) -> None:
    """One card of each King/Queen, five Unicorns, one Pumpkin King: they "are removed from
    the game once they have been used"."""
    kings: dict[str, Square] = {}
    unicorns = 0
    pumpkin: Square | None = None
    for at, guest in drawn:
        if guest in KINGS:
            if guest in kings:
                raise RuleError(_("There is only one {king} card, already drawn at {square}.",
                                  king=KING_CARDS[guest], square=square_name(kings[guest])))
            kings[guest] = at
        elif guest == UNICORN:
            unicorns += 1
            if unicorns > MAX_UNICORNS:
                raise RuleError(FIVE_UNICORNS)
        elif guest == PUMPKIN_KING:
            if pumpkin is not None:
                raise RuleError(_("The Pumpkin King is toasted once a game: he is already at "
                                  "{square}.", square=square_name(pumpkin)))
            pumpkin = at


def _check(castle: Castle) -> None:
    layout, guests = castle.layout, castle.guests
    if not isinstance(layout, tuple) or not isinstance(guests, tuple):
        raise RuleError(_("A castle's layout and guests are tuples of rows."))
    width = _check_layout(layout)
    if len(guests) != len(layout):
        raise RuleError(_("The guests have {guests} rows but the layout has {layout}.",
                          guests=len(guests), layout=len(layout)))
    drawn: list[tuple[Square, str]] = []
    for row, (ground, line) in enumerate(zip(layout, guests)):
        if not isinstance(line, str) or len(line) != width:
            raise RuleError(_("Row {number} of the guests has a different length than the "
                              "layout ({width}).", number=row + 1, width=width))
        for column, (kind, guest) in enumerate(zip(ground, line)):
            if guest not in GUEST_CHARS:
                raise RuleError(_("{character} at {square} is no guest: guests are {allowed}.",
                                  character=repr(guest), square=square_name((row, column)),
                                  allowed=" ".join(GUEST_CHARS)))
            if guest == EMPTY:
                continue
            at = (row, column)
            if kind == NO_SQUARE:
                raise RuleError(no_square_at(at))
            _check_gathering_point(kind, guest, at)
            drawn.append((at, guest))
    _check_cards(drawn)
