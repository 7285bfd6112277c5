"""What every game's panel shares: its screen, the moves it may offer now, one way to act.

A panel asks ``offered()`` which moves its screen may make now (the rules' ``legal_moves``
for the table, or for this phone's seat) and shows a button exactly for those; it makes a
move with ``send(error, move, args)``, the one path every screen uses: the companion checks
the credential, the rules check the move, and a refusal becomes the sentence on ``error``
and changes nothing.

It is drawn as a part of its screen: ``inputs(view, vote)`` (a phone's: ``inputs(view)``)
returns one comparable value, by default a ``Shown``, holding everything the panel draws,
and ``draw(shown)`` draws from exactly that value; the screen redraws the panel when the value
changes, and only then. The panel's own choices (a player picked, a step waiting for "Yes")
are one frozen value, ``self.choices``, which is in the inputs: a choice changed with
``choose(...)`` is drawn at the screen's next ``refresh()``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Mapping

import flet as ft

from companion.language import host_words

from .setup import FormField, SetupForm


@dataclass(frozen=True)
class Choices:
    """A panel's own choices (nothing the rules know of): a game's panel subclasses it with
    its fields, all frozen values, and changes it only through ``GamePanel.choose``."""


@dataclass(frozen=True)
class Shown:
    """What a panel draws from: the game's view for its screen, the moves its screen may
    make now, and its own choices. A panel that draws more (the players' colours, the page's
    width, who has voted) subclasses it with those fields."""

    view: Mapping[str, Any]
    legal: frozenset[str] = frozenset()
    choices: Choices = Choices()


def colours(screen) -> tuple[tuple[str, int], ...]:
    """Each seated player's colour (a seat keeps its colour when the table moves it): for a
    panel's inputs (``dict(...)`` of it by name)."""
    return tuple((s.name, s.colour) for s in screen.service.seats(screen.code))


class GamePanel:
    """The panel contract: the screens call these methods directly, so a panel that leaves one
    out gets the default below, and a misspelt name in a panel is an unused method, not a
    feature silently dropped by a lookup."""

    # the panel's own choices, in its inputs (a subclass of ``Choices``)
    choices: Choices = Choices()
    # what the panel was last drawn from: what a tap on it acts upon
    shown: Shown | None = None

    def __init__(self, screen) -> None:
        self.screen = screen

    def say(self, message) -> str:
        """A message in this screen's language (a plain string as it is): a phone's own (its
        seat's, its pick or its browser's), the table's the host's (``companion
        --language``). A panel made anew when its phone switches language may say words
        once, as it is made."""
        return (getattr(self.screen, "words", None) or host_words())(message)

    @property
    def rtl(self) -> bool:
        """A right-to-left screen (Arabic): its layout mirrored, but for what stands for
        printed cardboard (``views.widgets.printed``)."""
        return bool(getattr(getattr(self.screen, "words", None) or host_words(), "rtl", False))

    def inputs(self, view: Mapping[str, Any], vote=None) -> object:
        """What the panel draws (``draw`` is given it): compared with the last value, an
        equal one skips the redraw. By default the view, the moves offered and the choices."""
        return Shown(view, self.offered(), self.choices)

    def draw(self, shown) -> list | None:
        """Draw from ``shown`` (what ``inputs`` returned) alone and return the controls
        (the project's panels return their pieces' kept ``root``, drawn by ``SubParts``).
        None means "my ``root``, updated in place": the older style, still taken from outside
        games written before (examples/), never used by the project's own panels."""
        raise NotImplementedError

    def choose(self, **changes) -> None:
        """Change the panel's own choices; the screen's next ``refresh()`` draws them."""
        self.choices = replace(self.choices, **changes)

    @property
    def legal(self) -> frozenset[str]:
        """The moves offered, as last drawn."""
        return self.shown.legal if self.shown is not None else frozenset()

    # --- table: the setup form, drawn from the game's option schemas (views/games/setup.py)
    @cached_property
    def setup_fields(self) -> SetupForm:
        """The fields of the game's setup options, made once (what the table typed stays)."""
        return SetupForm(self.game_data().get("options", ()), self.setup_beside,
                         self.setup_field, self.say)

    @cached_property
    def setup_form(self) -> ft.Control | None:
        """Table: the game's setup form, shown in the seating panel until the game starts:
        ``setup_intro()``, then each option's sentence and field (None: nothing to set up)."""
        parts = [*self.setup_intro(), *self.setup_fields.controls]
        return ft.Column(parts, spacing=8) if parts else None

    def setup_intro(self) -> list:
        """Table: what the game says above its options (the player counts, a picture)."""
        return []

    def setup_beside(self, option: str) -> list:
        """Table: what the game shows after an option's field (a button, a preview)."""
        return []

    def setup_field(self, option: Mapping[str, Any]) -> FormField | None:
        """Table: the panel's own field for an option (its schema) whose typed form needs
        the game's own reading, such as characters typed in seat order; None: the form's
        field for the option's kind."""
        return None

    def options(self) -> dict:
        """Table: the options the setup form gives ``start``."""
        return self.setup_fields.values()

    def fill_setup(self, options: Mapping[str, Any]) -> None:
        """Table: "Play again" puts the last game's options in the setup form, to confirm."""
        self.setup_fields.fill(options)

    def draw_setup(self, seats) -> None:
        """Table: redraw the setup form for the seated players (e.g. a choice per player)."""
        self.setup_fields.seat([s.name for s in seats])

    def actions(self, shown) -> list:
        """Table: the game's next steps on the action bar, drawn from the panel's inputs."""
        return []

    def vote_headline(self, view: Mapping[str, Any], vote) -> tuple[str, list[str]] | None:
        """Table: a counted vote's result line, for rules that set some votes aside."""
        return None

    def news(self, view: Mapping[str, Any]) -> tuple[str, ...]:
        """Phone: the facts its screen reader says when they are new."""
        return ()

    def ballot_marks(self, view: Mapping[str, Any]) -> Mapping[str, str] | None:
        """Phone: a word beside some choices of a ballot (e.g. "your Castaway")."""
        return None

    @property
    def credential(self) -> str | None:
        """The host key on the table screen, the seat pass on a phone."""
        return getattr(self.screen, "host_key", None) or self.screen.token

    def offered(self) -> frozenset[str]:
        """The moves this screen may make now."""
        return frozenset(self.screen.service.legal_moves(self.screen.code, self.credential))

    def width(self) -> int | None:
        """The page's width, for a panel that draws to fit it (in its inputs then: a window
        made wider, a phone turned, redraws it)."""
        return getattr(self.screen.s.page, "width", None)

    def game_data(self) -> Mapping[str, Any]:
        """The game's fixed data (names, tables of the rulebook), from the companion."""
        return self.screen.service.game_data(self.screen.code)

    def send(self, error, move: str, args: Mapping[str, Any] | None = None) -> bool:
        """Make ``move``; True once accepted, else the refusal is shown on ``error``. A phone
        says its player's accepted move back to their screen reader (``move_taken``)."""
        taken = getattr(self.screen, "move_taken", None)
        lines = len(self.screen.service.history_lines(self.screen.code)) if taken else 0
        done = bool(self.screen.attempt(error, self.screen.service.act, self.screen.code,
                                        self.credential, move, dict(args or {})))
        if done and taken:
            taken(lines)
        return done
