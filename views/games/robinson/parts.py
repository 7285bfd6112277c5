"""Robinson Crusoe: what the island's pieces share: the words, what a person is choosing, and
the hand every piece draws with.

Everything drawn reads the game's view (the same island for every seat) and sends moves; the
rules decide. The buttons a screen offers are the moves the rules list for it now
(``legal_moves``): a panel never compares phases. ``Choosing`` is only what a person is in
the middle of choosing (the faces read off the real dice, who goes hungry tonight) and which
folds are open, never game state. Dice rolled "in the app" are rolled by the companion when
the move arrives.

The screen is drawn in pieces (``Piece``), each a class of its own module, redrawn from its
own value only when that value changed (``views.screen.SubParts``): the board's top line,
Morale and the counters (counters.py), the Weather (weather.py), the Action phase's dice and
Actions (actions.py), the Night (night.py), the characters (characters.py), the steps that move
the game on and the notes around them (steps.py); ``Island`` (island.py) holds a screen's
pieces. The pictures themselves are in ``board`` (board.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Callable

import flet as ft

from companion.language import Speaker, from_json

from ..base import Choices
from ...widgets import line, thumb_style
from . import board

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po): the same
# msgids as the rules' (rules/robinson/text.py), so each is one catalog entry
_ = Speaker("robinson", "rules.robinson")
THE_CHARACTER = {"Carpenter": _("the Carpenter"), "Cook": _("the Cook"),
                 "Explorer": _("the Explorer"), "Soldier": _("the Soldier"),
                 "Friday": _("Friday")}
"""A character inside a sentence, as ``title`` writes it."""
THE_CHARACTER_START = {"Carpenter": _("The Carpenter"), "Cook": _("The Cook"),
                       "Explorer": _("The Explorer"), "Soldier": _("The Soldier"),
                       "Friday": _("Friday")}
"""A character at the start of a sentence."""
DIE_WORDS = {"rain": _("Rain die"), "winter": _("Winter die"), "animals": _("Hungry Animals die")}


Act = Callable[[str, dict], object]

BEAST_CARD = {"strength": 0, "weapon_loss": 0, "food": 0, "fur": 0, "palisade_loss": 0}


@dataclass(frozen=True)
class Choosing(Choices):
    """What a screen's player is in the middle of choosing, and which folds are open (the
    panel's own choices: in its inputs)."""

    weather_faces: tuple[tuple[str, int], ...] = ()  # (die, face) tapped off the real dice
    dice_char: str | None = None  # whose pawn the action dice are for
    dice_action: str | None = None
    dice_faces: tuple[tuple[str, int], ...] = ()
    hungry: tuple[str, ...] = ()  # who does not eat tonight
    move_camp: bool = False
    move_natural: bool = False  # the tile the camp moves to has a natural Shelter
    goal_confirm: bool = False
    hunt_char: str | None = None
    beast: tuple[tuple[str, int], ...] = tuple(BEAST_CARD.items())  # the Beast card's numbers
    show_rare: bool = False  # the folded tiles (rare counters at 0) are open
    show_more: bool = False  # the phone's Hunting and Building are open


def with_pair(pairs: tuple[tuple[str, int], ...], key: str, value: int) -> tuple:
    """``pairs`` (a frozen dict) with ``key`` set to ``value``."""
    return tuple({**dict(pairs), key: value}.items())


class Picked(dict):
    """The entries of the game's view one piece draws, compared with ``==`` as a dict. An
    entry the piece did not pick is not there, and asking for it (``get`` too) is an error:
    a piece cannot draw what its value misses."""

    def __init__(self, view, keys: tuple[str, ...]) -> None:
        super().__init__((k, view[k]) for k in keys if k in view)
        self.picked = frozenset(keys)

    def get(self, key, default=None):
        if key not in self.picked:
            raise KeyError(f"{key!r} is not among the entries of the view this piece draws")
        return super().get(key, default)


@dataclass(frozen=True)
class Seen:
    """What one piece of the island shows: the entries of the view it draws, the moves it may
    offer of those the rules list for its screen now, the choices it draws (by name) and, for
    a piece that colours, each player's colour."""

    view: Picked
    legal: frozenset[str] = frozenset()
    drawn: SimpleNamespace = field(default_factory=SimpleNamespace)
    colours: tuple[tuple[str, int], ...] = ()


class Hand:
    """What every piece draws with on one screen: its words, its sizes, its small controls,
    and its taps.

    ``act(move, args)`` sends a move through the screen's one path (a refusal becomes the
    sentence on that screen) and returns something truthy once accepted. ``changed()`` asks the
    screen to draw again after a local choice. ``me`` is the phone's character (None: the
    table), ``player`` its player. ``data`` is the game's fixed data (the dice's names).
    ``owner`` is the panel that holds what the screen's player is choosing (``owner.choices``,
    a ``Choosing``, changed only through ``owner.choose``).
    """

    def __init__(self, act: Act, changed: Callable[[], None], *, table: bool, data: dict,
                 owner, me: str | None = None, player: str | None = None,
                 say: Callable = str) -> None:
        self.act, self.changed, self.owner = act, changed, owner
        self.say = say  # the screen's words: a message in its language
        self.table, self.me, self.player = table, me, player
        self.die_titles: dict[str, str] = dict(data["die_titles"])
        self.size = 22 if table else 17
        self.big = 30 if table else 22

    # --- what someone is in the middle of choosing (read when tapped) ------------------------
    @property
    def choices(self) -> Choosing:
        return self.owner.choices

    def choose(self, **changes) -> None:
        self.owner.choose(**changes)

    def _choose(self, fn: Callable[[], None]):
        def handler(e=None):
            fn()
            self.changed()
        return handler

    def _set(self, **changes):
        """A tap that changes the choices to ``changes``."""
        return self._choose(lambda: self.choose(**changes))

    def _toggle(self, flag: str):
        return self._choose(lambda: self.choose(**{flag: not getattr(self.choices, flag)}))

    def _move(self, move: str, args: dict | Callable[[], dict] | None = None,
              then: Callable[[], None] | None = None):
        def handler(e=None):
            payload = args() if callable(args) else dict(args or {})
            if self.act(move, payload) and then:
                then()
                self.changed()
        return handler

    # --- words -----------------------------------------------------------------------------
    def s(self, message) -> str:
        """A message of the game's catalog in this screen's language."""
        return self.say(message)

    def name(self, ch: str) -> str:
        """"The Cook", "Friday": a character at the start of a sentence, said."""
        return self.say(THE_CHARACTER_START.get(ch, ch))

    def die_names(self) -> dict[str, str]:
        """Each Weather die's name in this screen's words."""
        return {d: self.s(DIE_WORDS.get(d, name)) for d, name in self.die_titles.items()}

    def w(self, said) -> str:
        """A sentence of the view (a message as plain data) in this screen's language."""
        return self.say(from_json(said))

    # --- small controls ----------------------------------------------------------------------
    def t(self, text: str, size: int | None = None, **kw) -> ft.Text:
        return line(text, size or self.size, **kw)

    def bold(self, text: str, size: int | None = None) -> ft.Text:
        return line(text, size or self.size, weight=ft.FontWeight.BOLD)

    def button(self, label: str, handler, filled: bool = False) -> ft.Control:
        cls = ft.FilledButton if filled else ft.OutlinedButton
        return cls(label, on_click=handler, style=self.style())

    def style(self) -> ft.ButtonStyle:
        """A button's label size; on a phone padded to a thumb's height, however big the
        browser's text (its label never runs over the button's edge)."""
        text = ft.TextStyle(size=self.size - 2)
        return ft.ButtonStyle(text_style=text) if self.table else thumb_style(text_style=text)

    @staticmethod
    def row(controls: list[ft.Control]) -> ft.Row:
        return ft.Row(controls, wrap=True, spacing=8, run_spacing=8)

    def chosen(self, label: str, handler) -> ft.Control:
        """A choice already made: said in words ("chosen"), not by colour alone."""
        return ft.FilledButton(self.s(_("{label} (chosen)", label=label)), on_click=handler,
                               style=self.style())

    def step(self, words: str, plus: bool, handler) -> ft.Control:
        return board.stepper(words, ft.Icons.ADD if plus else ft.Icons.REMOVE, handler,
                             24 if self.table else 20)


class Piece(Hand):
    """One piece of the island as the player sees it, drawn from its value alone (``value``:
    a ``Seen``): the entries of the view named in ``KEYS``, the moves of ``MOVES`` the rules
    list now, the choices named in ``CHOSEN``, the players' colours if ``COLOURS``. Reading
    anything else while drawing is an error, not a stale drawing."""

    KEYS: tuple[str, ...] = ()
    MOVES: frozenset[str] = frozenset()
    CHOSEN: tuple[str, ...] = ()
    COLOURS = False

    def value(self, shown) -> object:
        """What this piece shows, out of its panel's inputs (an ``Isle``)."""
        return Seen(Picked(shown.view, self.KEYS), shown.legal & self.MOVES,
                    SimpleNamespace(**{f: getattr(shown.choices, f) for f in self.CHOSEN}),
                    tuple(shown.colours) if self.COLOURS else ())

    def draw(self, seen: Seen) -> list[ft.Control]:
        self.view, self.legal, self.drawn = seen.view, seen.legal, seen.drawn
        self.positions = dict(seen.colours)
        return self.controls()

    def controls(self) -> list[ft.Control]:
        """The piece, drawn from ``self.view``, ``self.legal`` and ``self.drawn``."""
        raise NotImplementedError

    def can(self, move: str) -> bool:
        """The rules list ``move`` for this screen now (one of the piece's ``MOVES``)."""
        if move not in self.MOVES:
            raise KeyError(f"{move!r} is not among the moves this piece offers")
        return move in self.legal

    def chars(self) -> list[dict]:
        return self.view.get("characters", [])

    def mine(self) -> list[dict]:
        """The characters this screen may move: all on the table; on a phone its own and Friday."""
        if self.table:
            return self.chars()
        return [c for c in self.chars() if c["name"] == self.me or c["player"] is None]
