"""The screens of each game: registry key → a module (or package) with ``TablePanel`` and
``PhonePanel``.

Adding a game's screens is one module or one package here, named after its registry key in
companion/games.py, the way rules/ holds its rules: table_vote.py is one module; a game with
more screens is a package (castaways/, castle_party/, robinson/, survivor/) whose __init__.py
gives ``TablePanel`` and ``PhonePanel`` (and ``record_card``) from modules named after their
role (table.py, phone.py, parts.py...). base.py is shared by every game. The room screens
(views/table.py, views/phone.py) do everything shared — QR code, seats, the secret ballot, the
timer, history and undo — and give the game panel a slot of its own.

``TablePanel(screen)`` — on the table screen (``screen`` is the TableRoom):
    ``root``: a lasting control, made once in ``__init__``; text fields live inside it so
        nobody loses what they typed when the room redraws.
    ``signature(view, vote) -> object``: what the panel would show; unchanged → no redraw.
    ``draw(view, vote) -> None``: update the controls inside ``root`` from ``view`` (the
        game's ``view(state, None)``) and ``vote`` (the room's current ballot box vote).
    optional ``actions(view, vote) -> list[ft.Control]``: the table's next steps in this
        game (48 px buttons: ``views.ballot.big_button``), shown in the table screen's action
        bar, which stays in one place at the bottom of the screen;
    optional ``vote_headline(view, vote) -> (sentence, names) | None``: the result line of a
        counted vote, for a game whose rules set some votes aside (Survivor's Idols);
    optional ``setup_form`` (a lasting control shown before the start), ``draw_setup(seats)``
        (called when the seated players change, to update that form) and ``options() -> dict``
        (the options for ``GAME.setup``; raise ``companion.errors.Refused`` with a sentence for
        a bad entry);
    optional ``fill_setup(options: dict) -> None``: put ``options`` (what ``options()`` gave
        the last time this game was started at this table: "Play again") into the setup
        form's fields, once, when the room's screen opens, so the table only taps Start; an
        option the form has no field for, or does not know, is left out. It only fills the
        form: the game starts with what ``options()`` reads from it when the table taps Start.
``PhonePanel(screen)`` — on a player's phone (``screen`` is the PhoneRoom):
    ``signature(view) -> object`` (``view`` is the game's view for this seat only) and
    ``draw(view)``, returning the new controls, or None after updating a lasting ``root``;
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
from types import ModuleType

from companion.games import REGISTRY

GAMES = tuple(REGISTRY)  # the one registry of games (companion/games.py)


def _load(key: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__name__}.{key}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{key}":
            raise  # a broken screen module must fail loudly, not vanish
        return None  # its screens are not written yet: the table lists it as coming


SCREENS: dict[str, ModuleType] = {k: m for k in GAMES if (m := _load(k)) is not None}
