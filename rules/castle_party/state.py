"""The state of a Castle Party game: the whiteboards, the Shape in play, the Clocks.

Plain frozen data; the moves (moves.py) return new states.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules import RuleError
from rules.words import Speaker

from .castle import Castle, Square
from .figure import Figure

_ = Speaker("castle_party", "rules.castle_party")
from .scoring import EVENTS, SPECIAL_ACTIONS, Score, score

CLOCKS = 3
SHAPE_CARDS = 20  # "20 Shape cards"
PILE = SHAPE_CARDS // 4  # "the Shape cards are shuffled and split into four face-down piles"


def clock_window(clock: int) -> tuple[int, int]:
    """How many Shapes come before Clock ``clock`` (1-3): "A Clock card is added to three of
    the piles and they are then each shuffled separately. After that, a single deck is formed
    by placing the first pile (the one without the clock card) on top of the other three
    piles." Clock 1 lies among the Shapes 6-10, so it comes after 5 to 10 Shapes; Clock 2
    after 10 to 15; Clock 3 after 15 to 20."""
    return PILE * clock, PILE * (clock + 1)
SIDES = ("basic", "rave")
SIDE_NAMES = {"basic": "basic side", "rave": "Rave side"}
ORDINALS = {1: "first", 2: "second", 3: "third"}


@dataclass(frozen=True)
class EventRecord:
    """An Event noted on a whiteboard: its points, at which Clock, and where the Pumpkin King
    was drawn (Toast only)."""

    event: str
    points: int
    clock: int
    at: Square | None = None


@dataclass(frozen=True)
class Whiteboard:
    """One player's whiteboard: the castle, the special actions ticked, the Events noted.

    ``beyond``: guests of a group that hung past the edge of the whiteboard (in the moat, not on
    a printed square). ``at_clock``: the castle as it was when the last Clock appeared, which
    that Clock's Event scores. ``facing``: how many quarter turns this player gave the last
    group they added, so that their phone shows the next one the same way round.
    """

    player: str
    castle: Castle
    used: tuple[str, ...] = ()
    events: tuple[EventRecord, ...] = ()
    beyond: tuple[str, ...] = ()
    at_clock: Castle | None = None
    facing: int = 0  # quarter turns this player last gave a group: their side of the table

    @property
    def unused_special_actions(self) -> int:
        return len(SPECIAL_ACTIONS) - len(self.used)

    @property
    def events_left(self) -> tuple[str, ...]:
        done = {record.event for record in self.events}
        return tuple(event for event in EVENTS if event not in done)

    @property
    def finished(self) -> bool:
        """The last remaining Event is noted: the castle is final."""
        return len(self.events) == CLOCKS

    @property
    def event_castle(self) -> Castle:
        """The castle an Event scores: as it was when the Clock appeared."""
        return self.at_clock if self.at_clock is not None else self.castle

    def score(self, gathering: str = "on") -> Score:
        return score(
            self.castle,
            unused_special_actions=self.unused_special_actions,
            events={record.event: record.points for record in self.events},
            gathering=gathering,
            beyond=self.beyond,
        )


@dataclass(frozen=True)
class ShapeTurn:
    """The Shape card in play: its number in the game, who turned it over, and its round of
    special actions ("the player that revealed the Shape card in play announces whether they
    wish to perform a special action or pass. If they pass, the next player to their left may
    perform the special action or pass, and so on"); the ``figure`` of Monster cards the table
    screen entered (figure.py), and who has ``added`` it to their castle."""

    number: int
    revealer: str
    passed: tuple[str, ...] = ()
    used_by: str | None = None
    action: str | None = None
    figure: Figure | None = None
    added: tuple[str, ...] = ()
    before: Figure | None = None
    """The figure as it lay when Lights Out or a Change in Orientation was used on it: what
    the figure entered again must keep (its shape and orientation; its shape and Monsters)."""


@dataclass(frozen=True)
class PartyState:
    """The whole game: players in seating order (play passes to the left, down this list), the
    side, the whiteboards, the Shapes and Clocks turned over."""

    players: tuple[str, ...]
    side: str
    layout_is_default: bool
    whiteboards: tuple[Whiteboard, ...]
    clocks: int = 0
    first: int = 0  # index of the player who went first
    shapes: int = 0  # Shape cards turned over so far
    turn: ShapeTurn | None = None  # the Shape in play (None before the first, after a Clock)
    gathering: str = "on"  # the Rave reading of "in contact with their favorite gathering point"
    specials: tuple[tuple[int, str, str], ...] = ()  # (Shape number, player, special action)
    # the King/Queen and Unicorn cards of the groups of earlier Shapes: "removed from the game
    # once they have been used", so no later group holds them again
    used_cards: tuple[str, ...] = ()

    @property
    def layout(self) -> tuple[str, ...]:
        return self.whiteboards[0].castle.layout

    @property
    def ended(self) -> bool:
        """"The game comes to an end at the moment that the third and final Clock appears"."""
        return self.clocks == CLOCKS

    @property
    def over(self) -> bool:
        """The third Clock has appeared and each player has scored their last remaining Event."""
        return self.ended and all(w.finished for w in self.whiteboards)

    @property
    def started(self) -> bool:
        return self.clocks > 0 or self.shapes > 0 or any(
            not w.castle.is_empty() or w.used or w.events or w.beyond for w in self.whiteboards
        )

    @property
    def next_revealer(self) -> str:
        """Who turns over the next card: the first player, then "the player to the left of the
        one who played the last Shape card" (a Clock is no Shape: its revealer goes again)."""
        return self.players[(self.first + self.shapes) % len(self.players)]

    def speaking_order(self) -> tuple[str, ...]:
        """The revealer of the Shape in play, then to the left."""
        if self.turn is None:
            return ()
        start = self.players.index(self.turn.revealer)
        return self.players[start:] + self.players[:start]

    @property
    def speaker(self) -> str | None:
        """Who may now use a special action on the Shape in play, or pass; None once one was
        used or all have passed. A player with no special action left is skipped."""
        turn = self.turn
        if turn is None or turn.used_by is not None:
            return None
        for player in self.speaking_order():
            if player not in turn.passed and self.whiteboard(player).unused_special_actions:
                return player
        return None

    @property
    def still_to_add(self) -> tuple[str, ...]:
        """The players who have not added the group the table entered (none without one)."""
        turn = self.turn
        if turn is None or turn.figure is None:
            return ()
        return tuple(p for p in self.players if p not in turn.added)

    def whiteboard(self, player: str) -> Whiteboard:
        for board in self.whiteboards:
            if board.player == player:
                return board
        raise RuleError(_("{name} is not playing at this table.", name=player))

    def waiting_for_event(self) -> tuple[str, ...]:
        """The players who still owe an Event for a revealed Clock."""
        return tuple(w.player for w in self.whiteboards if len(w.events) < self.clocks)

    def scores(self) -> dict[str, Score]:
        return {w.player: w.score(self.gathering) for w in self.whiteboards}

    def winners(self) -> tuple[str, ...]:
        """The highest Final Score; players tied at the top share the victory."""
        totals = {player: s.total for player, s in self.scores().items()}
        best = max(totals.values())
        return tuple(player for player in self.players if totals[player] == best)

    def with_board(self, board: Whiteboard) -> "PartyState":
        return replace(
            self,
            whiteboards=tuple(board if w.player == board.player else w for w in self.whiteboards),
        )
