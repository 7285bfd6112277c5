"""Pure game rules: no I/O, no clock, no randomness, no Flet.

Every game is a module (or package) that offers the same small surface, in the manner of
boardgame.io: a setup, moves, phases, and a per-seat view that strips secrets. The
companion keeps each room's action log and folds it over the game's initial state; dice
and shuffles arrive inside the actions, rolled by the companion or read off real dice.

A game module exposes one object, ``GAME``, that satisfies :class:`Game`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Protocol

from .words import Message

if TYPE_CHECKING:  # rules.base builds on this module: its types are named here for readers
    from .base import Move, Option

TABLE = "table"
"""The actor name of the table screen (the host key holder); every other actor is a player."""


class RuleError(ValueError):
    """An action the rules do not allow. The message is a sentence a player can read."""


@dataclass(frozen=True)
class Action:
    """One move: who made it (``TABLE`` or a player's name), its name and its arguments.

    Arguments are plain JSON values, so the action log can be stored and replayed.
    """

    actor: str
    move: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"actor": self.actor, "move": self.move, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Action":
        return cls(data["actor"], data["move"], dict(data.get("args") or {}))


@dataclass(frozen=True)
class Ballot:
    """How a ballot says what is cast, in the game's own words: by default a vote for a
    player ("Vote for Bruno", "you have 2 votes", "Bruno: 2 votes"); a mission's cards would
    be ``Ballot("Play", "card", "cards")`` ("Play Fail", "Fail: 1 card").

    In every language, a game gives them as messages of its own catalog (``_`` its
    ``Speaker``): ``Ballot(_("Play {candidate}"), _n("{n} card", "{n} cards", "n"))``:
    ``choose`` a whole button with ``{candidate}``, ``one`` a plural message whose count is
    its ``n`` (each language's plural forms; ``many`` is then not used). Plain strings are
    said as they are (a game with no catalog)."""

    choose: str | Message = "Vote for"  # the candidate's button: "<choose> <candidate>"
    one: str | Message = "vote"
    many: str | Message = "votes"

    def count(self, n: int) -> str | Message:
        """ "1 vote", "2 votes" (or "1 card", "2 cards"; a message said by the screen)."""
        if isinstance(self.one, Message):
            return replace(self.one, values=self.one.values + ((self.one.count or "n", n),))
        return f"{n} {self.one if n == 1 else self.many}"

    def button(self, candidate: str) -> str | Message:
        """The candidate's button: "Play Fail" (a message said by the screen)."""
        if isinstance(self.choose, Message):
            return replace(self.choose,
                           values=self.choose.values + (("candidate", candidate),))
        return f"{self.choose} {candidate}"


COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class VoteCall:
    """A secret vote the game asks the table to hold with the companion's ballot box.

    ``key`` names the vote inside the game (two calls with the same key are the same vote).
    ``voters`` are players; ``extra_votes`` maps a player to votes beyond ``votes_per_voter``
    (``votes_of``). A voter may have no vote at all (``votes_per_voter`` 0 and no extra
    votes): they still vote, with a ballot that casts nothing, so that the round of voters
    never tells how many votes are in the box (Survivor's box goes to a player "even if they
    don't have a Vote Card").
    ``reveal`` is ``"one_by_one"`` (read at a tribunal) or ``"all_at_once"`` (a jury pointing
    on "3… 2… 1…"). ``readable`` is False while the game has steps between the close of the box
    and its reading (Survivor's Immunity Idols); ``stop_early`` lets the table stop reading once
    the ballots left cannot change who has the most votes (False when every vote matters, as in
    a Double Elimination). ``complete`` means everyone must vote: the box is never closed
    short, and the table offers pass-and-play to whoever has not voted. When the ballots are
    counted, the companion applies
    ``Action(TABLE, "vote_result", {"key": key, "tally": {candidate: votes}})``.
    ``ballot`` is how the ballot says what is cast (``Ballot``: votes by default, or cards);
    ``colours`` gives a candidate that is not a player a colour of its own, ``"#rrggbb"``
    (Success blue, Fail red), on the phone's ballot and the table's bars; a player keeps
    their seat's colour.
    ``open_vote`` makes it an open vote (The Resistance's team vote, a show of hands): the
    ballots are cast in secret, so nobody follows anybody, and revealed all at once with
    each voter's name; the result then also carries ``"ballots": {voter: [choices]}``. An
    open vote is revealed ``"all_at_once"``.
    ``private`` makes it a vote among some players that the others must not learn of (the
    Werewolves' choice at night): the table screen and the other phones never see it, its
    voters nor its count; each voter's phone shows only their own ballot; nothing is read
    aloud: when the last voter has voted the companion hands the count to the game at once
    (``vote_result``), and the game says what it chooses. It cannot be closed short, nor
    passed around one device (pass-and-play would show the table who votes).
    """

    key: str
    question: str
    candidates: tuple[str, ...]
    voters: tuple[str, ...]
    votes_per_voter: int = 1
    extra_votes: Mapping[str, int] = field(default_factory=dict)
    self_vote: bool = False
    reveal: str = "one_by_one"
    readable: bool = True
    stop_early: bool = True
    complete: bool = False
    ballot: Ballot = Ballot()
    colours: Mapping[str, str] = field(default_factory=dict)
    open_vote: bool = False
    private: bool = False

    def __post_init__(self) -> None:
        if self.open_vote and self.reveal != "all_at_once":
            raise ValueError("An open vote is revealed all at once, with the voters' names.")
        if self.private and self.open_vote:
            raise ValueError("A private vote is never shown, so it cannot be an open vote.")
        for candidate, colour in self.colours.items():
            if candidate not in self.candidates or not COLOUR.match(str(colour)):
                raise ValueError(f"A vote's colour is a candidate's, as #rrggbb: not "
                                 f"{candidate!r}: {colour!r}.")

    def votes_of(self, voter: str) -> int:
        """How many votes ``voter`` casts in this vote (0: a ballot that casts nothing)."""
        return self.votes_per_voter + int(self.extra_votes.get(voter, 0))


@dataclass(frozen=True)
class Placing:
    """One player's end of a game: their place (1 is first; tied players share a place;
    ``None`` where the game gives no places, as a co-operative one), whether they won, and
    their score where the game keeps one."""

    player: str
    place: int | None
    won: bool
    score: int | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out, for the night's record: each player's ``Placing`` in
    seat order, one line that says it ("Ana wins with 42 points"), and what else the game
    records (``details``: plain JSON, e.g. a score sheet, the round, the jury's count; a
    vote's numbers only, never who voted for whom)."""

    placings: tuple[Placing, ...]
    summary: str
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.placings if p.won)


def ranked(scores: Mapping[str, int]) -> tuple[Placing, ...]:
    """Places by score, highest first, ties sharing a place (40, 40, 35: 1st, 1st, 3rd); the
    players at the top win."""
    best = max(scores.values(), default=None)
    return tuple(Placing(p, 1 + sum(1 for other in scores.values() if other > s), s == best, s)
                 for p, s in scores.items())


class Game(Protocol):
    """What every game module offers the companion (as its ``GAME`` object); every game
    gets it by being a ``rules.base.BaseGame``."""

    key: str  # registry key, e.g. "survivor"
    title: str  # "Survivor: The Tribe Has Spoken"
    min_players: int
    max_players: int
    late_join: bool  # players may sit down after the start
    data: Mapping[str, Any]  # fixed data the screens draw from
    readings: tuple[str, ...]  # its readings of open rules (rules.base.BaseGame.readings)
    # its setup options (each a ``rules.base.Option``), in the order the setup form shows
    # them: the companion sends each one's ``schema()`` to the screens with ``data``
    options: tuple[Option, ...]
    # its moves by name (each a ``rules.base.Move``: who may make it, in which phases, whether
    # it is secret, awaited or internal): the companion asks whether the game has a move
    # (``change_places``: players may change places during it)
    moves: Mapping[str, Move]

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> Any:
        """The initial state for these players; raises RuleError for a wrong count, a
        missing, shared or reserved name, or a bad option."""

    def apply(self, state: Any, action: Action) -> Any:
        """The state after ``action``, or RuleError. Never mutates ``state``."""

    def phase(self, state: Any) -> str:
        """The phase ``state`` is in, by the game's own name for it (a move's ``phases``)."""

    def view(self, state: Any, seat: str | None) -> Mapping[str, Any]:
        """What a seat may see (``None``: the table screen, which sees no private secret)."""

    def reminders(self, state: Any) -> tuple[str, ...]:
        """What the table should do now, in words (phase banner and checklist)."""

    def vote_call(self, state: Any) -> VoteCall | None:
        """The secret vote the game waits for, if any."""

    def outcome(self, state: Any) -> Outcome | None:
        """How the game came out, once it is over (None while it is played)."""

    def ballot_refusal(self, state: Any, call: VoteCall, voter: str,
                       choices: Any) -> str | None:
        """Why the rules refuse ``voter``'s ballot in ``call`` (a sentence for that voter's
        own screen), or None."""

    def describe(self, before: Any, action: Action, after: Any) -> str:
        """The history line for ``action`` that led from ``before`` to ``after`` (the caller
        has applied it: ``after`` is always given; must not leak secrets)."""

    def legal_moves(self, state: Any, actor: str) -> tuple[str, ...]:
        """The moves ``actor`` (``TABLE`` or a player) may make now."""

    def awaits(self, state: Any, actor: str) -> bool:
        """Whether the game waits for ``actor`` now."""

    def reminders_for(self, state: Any, seat: str) -> tuple[str, ...]:
        """The reminders as ``seat``'s own phone says them."""

    def with_chance(self, state: Any, action: Action, source: Any) -> Action:
        """``action`` with the dice and shuffles its move asks for."""
