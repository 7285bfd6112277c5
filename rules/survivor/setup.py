"""The numbers of Survivor: The Tribe Has Spoken: Tribal Council cards, the deck, the tally.

Everything here is a pure function of plain values, so the rulebook's tables and tie rules
can be checked one line at a time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from rules import RuleError

MIN_PLAYERS = 3
MAX_PLAYERS = 6

ACTION_CARDS = 67
""""67 Action Cards" in the box, the Tribal Council and Vote Cards among them."""
TRIBAL_COUNCIL_CARDS_IN_BOX = 9
VOTE_CARDS_IN_BOX = 6
DEALT_EACH = 3
""""deal 3 of them face down to each player"."""

CHARACTERS_EACH = 2
""""the 2 Survivor Character Cards of that color"."""

# Players: (Single Elimination, Double Elimination) Tribal Council cards, from the Setup table.
_TRIBAL_COUNCIL_TABLE = {3: (4, 0), 4: (2, 2), 5: (2, 3), 6: (0, 5)}

SINGLE = "single"
DOUBLE = "double"
KIND_NAMES = {SINGLE: "Single", DOUBLE: "Double"}


def check_player_count(players: object) -> int:
    """The number of players, or a RuleError: the game is for "3 - 6 Players"."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RuleError("Say how many players there are, as a whole number.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(f"Survivor: The Tribe Has Spoken is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                        f"players, not {players}.")
    return players


def tribal_council_cards(players: int) -> tuple[int, int]:
    """(Single, Double) Elimination Tribal Council cards for this many players.

    Setup table: 3 players 4 + 0, 4 players 2 + 2, 5 players 2 + 3, 6 players 0 + 5.
    """
    return _TRIBAL_COUNCIL_TABLE[check_player_count(players)]


def draw_pile_action_cards(players: int) -> int:
    """Action cards left for the Draw Pile once every player has been dealt 3.

    67 Action Cards, less the 9 Tribal Council and 6 Vote Cards taken out, is 52; less 3 each.
    """
    players = check_player_count(players)
    return ACTION_CARDS - TRIBAL_COUNCIL_CARDS_IN_BOX - VOTE_CARDS_IN_BOX - DEALT_EACH * players


def deck_seeding(players: int) -> tuple[int, ...]:
    """How many Action cards go above each Tribal Council card, from the top of the Draw Pile.

    "place 1 face down at the bottom of the Action Card deck. Insert the remaining Tribal
    Council Cards face down into the deck, spacing them evenly(ish)": the Action cards are cut
    into as many piles as there are Tribal Council cards, each pile followed by one Tribal
    Council card, so the last one lies at the bottom. The piles differ by at most one card; the
    bigger ones go on top. For 3 players: (11, 11, 11, 10).
    """
    single, double = tribal_council_cards(players)
    piles = single + double
    cards = draw_pile_action_cards(players)
    size, bigger = divmod(cards, piles)
    return tuple(size + 1 if i < bigger else size for i in range(piles))


def seeding_sentence(players: int) -> str:
    """The seeding as an instruction for the table."""
    piles = deck_seeding(players)
    if len(set(piles)) == 1:
        sizes = f"{piles[0]}"
    else:
        sizes = ", ".join(str(p) for p in piles[:-1]) + f" and {piles[-1]}"
    return (f"Deal the Draw Pile's {sum(piles)} Action cards into {len(piles)} piles of {sizes} "
            f"cards. Put a shuffled Tribal Council card face down under each pile and stack the "
            f"piles in that order, so that one Tribal Council card lies at the very bottom.")


@dataclass(frozen=True)
class Tally:
    """Who a Tribal Council votes out, as far as the votes decide it.

    ``out``: voted out for sure, in the order they go; ``groups`` splits ``out`` into the
    players voted out together (a tie that is voted out whole) in that order.
    ``leader_picks``: how many more the Tribal Council Leader chooses, from ``pick_from``.
    ``pick_reason``: "tie" (a tie in the votes) or "unclear" (players with no votes, or who
    played an Immunity Idol, must make up the number). ``counted`` and ``voided`` are the
    votes that count and the votes for players who played an Idol ("DO NOT count!").
    """

    out: tuple[str, ...]
    leader_picks: int
    pick_from: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...] = ()
    pick_reason: str = ""
    counted: tuple[tuple[str, int], ...] = ()
    voided: tuple[tuple[str, int], ...] = ()


def _names(players: Iterable[object], what: str) -> tuple[str, ...]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise RuleError(f"The {what} must be a list of player names.")
    names = tuple(players)
    if any(not isinstance(p, str) or not p for p in names):
        raise RuleError(f"The {what} must be player names.")
    if len(set(names)) != len(names):
        raise RuleError(f"A player is named twice among the {what}.")
    return names


def tally(votes: Mapping[str, int], *, double: bool, players: Iterable[str],
          idols: Iterable[str] = ()) -> Tally:
    """Tally the votes of a Tribal Council ("Tally the Votes", "Ties", "Unclear Who Is Voted Out?").

    ``players`` are the players still in the game (in seat order), ``idols`` those who played
    an Immunity Idol: "Any votes for a player who plays an Idol DO NOT count!"

    Single Elimination: the player with the most votes; a tie, "the Tribal Council Leader gets
    to decide which of the tied players is voted out". Double Elimination, "the 2 different
    players with the most votes": 3 or more tied with the most, the leader picks 2 of them; 2
    tied, both; 1 with the most and 2 or more tied second, that one goes first and the leader
    picks among the tied. When it is unclear, the leader chooses "First ... from the
    (non-immune) players who got votes ... [then] the (non-immune) players who got no votes ...
    Finally ... from the players who played Immunity Idols."

    This is one ladder: the players who count are ranked by votes, most first, then come the
    non-immune players with no votes, then the players who played an Idol. Each rung that fits
    in the places still open is voted out whole; the first rung that does not fit is the
    leader's choice.
    """
    if not isinstance(double, bool):
        raise RuleError("Say whether the Tribal Council is a Double Elimination.")
    players = _names(players, "players")
    idols = _names(idols, "players who played an Idol")
    if not isinstance(votes, Mapping):
        raise RuleError("The votes must map each player to a number of votes.")
    for name, count in votes.items():
        if name not in players:
            raise RuleError(f"{name} is not in the game, so cannot receive votes.")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError(f"{name}'s votes must be a whole number, not {count!r}.")
    for name in idols:
        if name not in players:
            raise RuleError(f"{name} is not in the game, so cannot play an Immunity Idol.")
    immune = set(idols)
    counted = tuple((p, votes.get(p, 0)) for p in players if p not in immune and votes.get(p, 0))
    voided = tuple((p, votes.get(p, 0)) for p in players if p in immune and votes.get(p, 0))

    rungs: list[tuple[str, ...]] = []
    for count in sorted({n for _, n in counted}, reverse=True):
        rungs.append(tuple(p for p, n in counted if n == count))
    no_votes = tuple(p for p in players if p not in immune and not votes.get(p, 0))
    with_idols = tuple(p for p in players if p in immune)
    vote_rungs = len(rungs)
    rungs += [no_votes, with_idols]

    places = min(2 if double else 1, len(players))
    out: list[str] = []
    groups: list[tuple[str, ...]] = []
    for index, rung in enumerate(rungs):
        if places == 0:
            break
        if not rung:
            continue
        if len(rung) <= places:
            out += rung
            groups.append(rung)
            places -= len(rung)
            continue
        reason = "tie" if index < vote_rungs else "unclear"
        return Tally(tuple(out), places, rung, tuple(groups), reason, counted, voided)
    return Tally(tuple(out), 0, (), tuple(groups), "", counted, voided)
