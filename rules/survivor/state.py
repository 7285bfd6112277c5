"""The state of a game of Survivor: The Tribe Has Spoken, as small immutable values.

The companion only tracks what the table shares: who is still in (face-up Survivor Character
Cards), Vote Cards, the Tribal Council cards still in the Draw Pile, whose turn it is, the
Tribal Council under way and the Final Tribal Council. Hands of Action cards stay in the
players' hands, where they belong.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules import RuleError

from .tally_votes import Tally

# Phases of the game.
SETUP = "setup"
TURN = "turn"
COUNCIL = "tribal_council"
FINAL = "final_tribal_council"
OVER = "over"

# Steps of a Tribal Council, in the rulebook's order.
WELCOME = "welcome"  # "Welcome to Tribal Council. If anyone has a Tribal Advantage Card..."
DISCUSSION = "discussion"  # "Now let's discuss who should be voted out."
VOTE = "vote"  # "It is... time to vote!"
IDOLS = "idols"  # "Everyone, open your eyes. If anyone has an Immunity Idol..."
READING = "reading"  # "Okay, I'll open the box and tally the votes!"
CHOICE = "choice"  # the Tribal Council Leader decides
SPOKEN = "spoken"  # "The Tribe Has Spoken!": Vote Cards back, cards discarded

# Why the Tribal Council Leader is choosing.
TIE = "tie"  # "Ties"
UNCLEAR = "unclear"  # "Unclear Who Is Voted Out?"
THREE_LEFT = "three_left"  # "only 3 players left and 2 players would be eliminated"
FINAL_LEADER = "final_leader"  # two eliminated at once: who leads the Final Tribal Council

# Steps of the Final Tribal Council.
QUESTIONS = "questions"
JURY_VOTE = "jury_vote"
TIE_BREAK = "tie_break"
DONE = "done"

FINAL_LEADER_OPTIONS = ("tribal_council_leader", "seat_order")


@dataclass(frozen=True)
class Options:
    """Values the rule text leaves open; each has a default the table can change at setup."""

    self_vote: bool = True
    """May a player vote for themselves? The text does not forbid it (the Voting Box has a
    slot for every player)."""
    final_leader: str = "tribal_council_leader"
    """Two players are eliminated at the same moment and the Final Tribal Council starts: the
    text names "the player most recently eliminated" as its leader. "tribal_council_leader":
    the Tribal Council Leader chooses which of the two; "seat_order": the first of them
    clockwise from the Tribal Council Leader."""


@dataclass(frozen=True)
class Choice:
    """A decision waiting for the Tribal Council Leader: pick ``picks`` of ``pick_from``."""

    picks: int
    pick_from: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Council:
    """One Tribal Council, from the welcome to "The Tribe Has Spoken!"."""

    number: int
    kind: str  # SINGLE or DOUBLE
    leader: str
    step: str = WELCOME
    advantage: tuple[tuple[str, int], ...] = ()
    """Votes gained from Tribal Advantage cards, played face up: public."""
    extra: tuple[tuple[str, int], ...] = ()
    """Extra Vote cards each player chose to use now: secret to that player's phone."""
    allotment: tuple[tuple[str, int], ...] = ()
    """Each voter's votes, fixed when the vote starts: a Vote Card plus extra votes."""
    ballots: tuple[tuple[str, int], ...] | None = None
    """The counted ballots from the Voting Box; nobody sees them before the box is opened."""
    idols: tuple[str, ...] = ()
    result: Tally | None = None
    queue: tuple[tuple[str, ...], ...] = ()
    """Groups still to be voted out, in order (each group goes at the same time)."""
    pick: Choice | None = None
    """A choice that comes after the queue (the rung of the tally the leader picks from)."""
    choice: Choice | None = None
    """The choice the leader must make now."""
    voted_out: tuple[str, ...] = ()
    """Players who turned over a Survivor Character Card at this Tribal Council, in order."""
    eliminated: tuple[str, ...] = ()
    """Players whose last Survivor Character Card was turned over here."""


@dataclass(frozen=True)
class Final:
    """The Final Tribal Council: the jury chooses the Sole Survivor from the final two."""

    finalists: tuple[str, str]
    jury: tuple[str, ...]
    leader: str
    step: str = QUESTIONS
    votes: tuple[tuple[str, int], ...] | None = None
    winner: str | None = None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]  # in seat order, clockwise ("Play continues clockwise")
    characters: tuple[int, ...]  # face-up Survivor Character Cards of each player
    vote_cards: tuple[int, ...]  # Vote Cards of each player
    options: Options = Options()
    phase: str = SETUP
    turn: str | None = None
    single_left: int = 0  # Tribal Council cards still in the Draw Pile
    double_left: int = 0
    councils: int = 0  # Tribal Councils held so far
    jury: tuple[str, ...] = ()  # eliminated players, in the order they went out
    council: Council | None = None  # the Tribal Council under way, or the last one
    final: Final | None = None

    def left_of(self, player: str) -> str:
        """The next player still in, clockwise ("the player on your left"), never ``player``."""
        i = self.index(player)
        n = len(self.players)
        for step in range(1, n):
            other = self.players[(i + step) % n]
            if self.characters_of(other) > 0:
                return other
        raise RuleError("Nobody else is left in the game.")  # unreachable: 2 left ends the game

    def index(self, player: str) -> int:
        return self.players.index(player)

    def characters_of(self, player: str) -> int:
        return self.characters[self.players.index(player)]

    def vote_cards_of(self, player: str) -> int:
        return self.vote_cards[self.players.index(player)]

    @property
    def still_in(self) -> tuple[str, ...]:
        """Players with at least one Survivor Character Card face up, in seat order."""
        return tuple(p for p, n in zip(self.players, self.characters) if n > 0)

    @property
    def winner(self) -> str | None:
        return self.final.winner if self.final else None


def pair_value(pairs: tuple[tuple[str, int], ...], player: str) -> int:
    """A player's number in a tuple of (player, number) pairs; 0 when not listed."""
    return dict(pairs).get(player, 0)


def with_pair(pairs: tuple[tuple[str, int], ...], player: str,
              value: int) -> tuple[tuple[str, int], ...]:
    """The pairs with ``player``'s number set to ``value`` (dropped when 0)."""
    kept = tuple((p, n) for p, n in pairs if p != player)
    return kept + (((player, value),) if value else ())
