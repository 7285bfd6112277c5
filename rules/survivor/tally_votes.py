"""Tally the Votes, Ties, and Unclear Who Is Voted Out? — one ladder of votes.

A pure function of plain values, so each tie rule of the rulebook can be checked on its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from rules import RuleError


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


def _check(votes: object, double: object, players: tuple[str, ...],
           idols: tuple[str, ...]) -> None:
    """Refuse a tally whose votes or Idols are not about the players still in."""
    if not isinstance(double, bool):
        raise RuleError("Say whether the Tribal Council is a Double Elimination.")
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
    players = _names(players, "players")
    idols = _names(idols, "players who played an Idol")
    _check(votes, double, players, idols)
    immune = set(idols)
    counted = tuple((p, votes.get(p, 0)) for p in players if p not in immune and votes.get(p, 0))
    voided = tuple((p, votes.get(p, 0)) for p in players if p in immune and votes.get(p, 0))
    rungs = [tuple(p for p, n in counted if n == count)
             for count in sorted({n for _, n in counted}, reverse=True)]
    vote_rungs = len(rungs)
    rungs += [tuple(p for p in players if p not in immune and not votes.get(p, 0)),
              tuple(p for p in players if p in immune)]
    places = min(2 if double else 1, len(players))
    out: list[str] = []
    groups: list[tuple[str, ...]] = []
    for index, rung in enumerate(rungs):
        if places == 0:
            break
        if not rung:
            continue
        if len(rung) > places:
            reason = "tie" if index < vote_rungs else "unclear"
            return Tally(tuple(out), places, rung, tuple(groups), reason, counted, voided)
        out += rung
        groups.append(rung)
        places -= len(rung)
    return Tally(tuple(out), 0, (), tuple(groups), "", counted, voided)
