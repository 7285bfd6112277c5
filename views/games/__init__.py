"""The screens of each game: registry key → a module (or package) with ``TablePanel`` and
``PhonePanel``, the module its declaration names (companion/games.py).

The project's own games keep their screens here, named after their registry key, the way
rules/ holds its rules: table_vote.py is one module; a game with
more screens is a package (castaways/, castle_party/, robinson/, survivor/) whose __init__.py
gives ``TablePanel`` and ``PhonePanel`` (and ``record_card``) from modules named after their
role (Survivor's table.py, phone.py, parts.py; Robinson's board.py, panels.py, parts.py).
base.py is shared by every game. The room screens
(views/table.py, views/phone.py) do everything shared — QR code, seats, the secret ballot, the
timer, history and undo — and give the game panel a slot of its own.

Every panel is a ``views.games.base.GamePanel``; what is "optional" below has a default there
(nothing to show, no options), and the screens call it directly. A panel's own choices (a
player picked, a step waiting for "Yes", a fold open) are one frozen ``base.Choices`` value,
``self.choices``, part of its inputs: ``choose(field=...)`` changes it, and the screen's next
``refresh()`` draws it.

``TablePanel(screen)`` — on the table screen (``screen`` is the TableRoom):
    ``root``: a lasting control, made once in ``__init__``; text fields live inside it so
        nobody loses what they typed when the room redraws.
    optional ``inputs(view, vote) -> value``: what the panel draws from, one comparable value
        (a frozen dataclass): ``view`` is the game's ``view(state, None)``, ``vote`` the
        room's current ballot box vote. The default is a ``base.Shown``: the view, the moves
        offered (``offered()``) and the panel's own choices (``choices``); a panel that draws
        more (colours, the page's width, who has voted) subclasses ``Shown``. The value is
        compared with the last one: equal, the panel is not redrawn.
    ``draw(shown) -> None``: update the controls inside ``root`` from ``shown`` (what
        ``inputs`` returned) and nothing else.
    optional ``actions(shown) -> list[ft.Control]``: the table's next steps in this game,
        from the same value (48 px buttons: ``views.ballot.big_button``), shown in the table
        screen's action bar, which stays in one place at the bottom of the screen;
    optional ``vote_headline(view, vote) -> (sentence, names) | None``: the result line of a
        counted vote, for a game whose rules set some votes aside (Survivor's Idols);
    ``setup_form`` (a lasting control shown before the start), ``draw_setup(seats)``
        (called when the seated players change, to update that form) and ``options() -> dict``
        (the options for ``GAME.setup``; raise ``companion.errors.Refused`` with a sentence for
        a bad entry): ``GamePanel`` draws them from the game's option schemas
        (views/games/setup.py); a panel adds only ``setup_intro()`` (lines above the options),
        ``setup_beside(option)`` (controls after an option's field) and
        ``setup_field(option)`` (its own ``setup.FormField`` for an option typed in the game's
        own words, such as characters in seat order; None: the form's field);
    optional ``fill_setup(options: dict) -> None``: put ``options`` (what ``options()`` gave
        the last time this game was started at this table: "Play again") into the setup
        form's fields, once, when the room's screen opens, so the table only taps Start; an
        option the form has no field for, or does not know, is left out. It only fills the
        form: the game starts with what ``options()`` reads from it when the table taps Start.
``PhonePanel(screen)`` — on a player's phone (``screen`` is the PhoneRoom):
    optional ``inputs(view) -> value`` (``view`` is the game's view for this seat only; the
    default as on the table) and ``draw(shown)``, drawing from that value alone and returning
    the new controls, or None after updating a lasting ``root``;
    a tap that stays on the phone (no request) calls ``screen.touched()``, so a shared
    device does not blank a seat's screen while its player is busy with it;
    optional ``ballot_marks(view) -> {candidate: words}``: marks on this seat's own ballot
    (a Castaways player's own Castaways: "your Castaway"), shown to this seat only.
    optional ``news(view) -> tuple[str, ...]``: what the player's screen reader hears, each
    sentence once, when it appears: a move that becomes theirs ("Your turn: ..."), each reveal
    step that concerns them, the result ("You win", "You are out", the final score). Called
    after ``draw``. The phone says the reminder line and the player's own move taken itself.

A game's module (or package) may also give
``record_card(result, colour_of) -> ft.Control | None``: a finished game of the night's record
(``companion.night.GameResult``) drawn for the Tonight screen, such as Castle Party's score
sheet as a chart; ``colour_of(name)`` is a player's colour.

Text is drawn with the fonts the phones already have (Roboto and Material Icons, served from
this machine): a character outside them (→, ✓, ■…) shows as an empty box at a table with no
internet. tests/views/test_glyphs.py checks every string in views/ and rules/.

Both panels are ``views.games.base.GamePanel``s: ``offered()`` is what the screen may do now
(the rules' legal moves for the table or this seat: a panel shows a button for exactly
these), ``game_data()`` the game's fixed data, and ``send(error, move, args)`` the one path
every move takes, which shows a refusal as a sentence on ``error`` and changes nothing. The
companion checks the credential (the host key on the table, the seat pass on a phone) and
the rules check the move: a panel never decides what is allowed, and never holds a rule.
"""
from __future__ import annotations

import importlib
import logging
from types import ModuleType

from companion import games
from companion.errors import Refused
from companion.language import COMPANION, HOME, Speaker

_ = Speaker(COMPANION, HOME)  # the companion's catalog

log = logging.getLogger(__name__)
SCREENS: dict[str, ModuleType] = {}  # key -> its screens module, for every playable game
BROKEN: dict[str, str] = {}  # key -> why its rules or its screens could not be loaded


def found() -> dict[str, ModuleType]:
    """Import the screens of every registered game (companion/games.py names them), again
    after ``games.discover()``. A game that fails to import is not offered: its error is
    kept for the table's list, its traceback logged once."""
    SCREENS.clear()
    BROKEN.clear()
    for entry in games.entries():
        if not entry.playable:
            BROKEN[entry.key] = entry.error
            continue
        try:
            SCREENS[entry.key] = importlib.import_module(entry.declared.screens)
        except Exception as e:  # a typo in a game's screens must be seen, not vanish
            log.error("The screens of game %r could not be loaded from %s", entry.key,
                      entry.declared.screens, exc_info=True)
            BROKEN[entry.key] = f"{type(e).__name__}: {e}"
    return SCREENS


def screens_of(key: str) -> ModuleType:
    """The screens of a room's game, or a refusal that says the game is broken on this host
    (its package failed since the room was opened): the screen says so, not a traceback."""
    if key not in SCREENS:
        raise Refused(_("{game} could not be loaded on this host.", game=key))
    return SCREENS[key]


found()
