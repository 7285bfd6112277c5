"""What every game's panel shares: its screen, the moves it may offer now, one way to act.

A panel asks ``offered()`` which moves its screen may make now (the rules' ``legal_moves``
for the table, or for this phone's seat) and shows a button exactly for those; it makes a
move with ``send(error, move, args)``, the one path every screen uses: the companion checks
the credential, the rules check the move, and a refusal becomes the sentence on ``error``
and changes nothing. It redraws through its screen's parts (``signature`` and ``draw``).
"""
from __future__ import annotations

from typing import Any, Mapping


class GamePanel:
    """The panel contract: the screens call these methods directly, so a panel that leaves one
    out gets the default below, and a misspelt name in a panel is an unused method, not a
    feature silently dropped by a lookup."""

    # table: the game's setup form, shown in the seating panel until the game starts
    setup_form: Any = None

    def __init__(self, screen) -> None:
        self.screen = screen

    def options(self) -> dict:
        """Table: the options the setup form gives ``start``."""
        return {}

    def fill_setup(self, options: Mapping[str, Any]) -> None:
        """Table: "Play again" puts the last game's options in the setup form, to confirm."""

    def draw_setup(self, seats) -> None:
        """Table: redraw the setup form for the seated players (e.g. a choice per player)."""

    def actions(self, view: Mapping[str, Any], vote) -> list:
        """Table: the game's next steps on the action bar."""
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

    def game_data(self) -> Mapping[str, Any]:
        """The game's fixed data (names, tables of the rulebook), from the companion."""
        return self.screen.service.game_data(self.screen.code)

    def send(self, error, move: str, args: Mapping[str, Any] | None = None) -> bool:
        """Make ``move``; True once accepted, else the refusal is shown on ``error``. A phone
        says its player's accepted move back to their screen reader (``move_taken``)."""
        taken = getattr(self.screen, "move_taken", None)
        lines = len(self.screen.service.history(self.screen.code)) if taken else 0
        done = bool(self.screen.attempt(error, self.screen.service.act, self.screen.code,
                                        self.credential, move, dict(args or {})))
        if done and taken:
            taken(lines)
        return done
