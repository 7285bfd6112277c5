"""Counting an Outcast Tribunal, and the size of the Outcast Panel."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from rules import RuleError
from rules.words import Speaker

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")


@dataclass(frozen=True)
class TribunalOutcome:
    """What a count of votes decides: exactly one of these is set.

    ``out``: the Castaway voted out. ``revote_between``: the Castaways tied on most votes,
    the only ones the players may vote for in the revote. ``dice_for``: the Castaways the
    Tribunal Leader rolls the die for (lowest out).
    """

    out: str | None = None
    revote_between: tuple[str, ...] = ()
    dice_for: tuple[str, ...] = ()


def _tally(votes: Any) -> dict[str, int]:
    if not isinstance(votes, Mapping):
        raise RuleError(_("The votes must be counted per Castaway."))
    tally = {}
    for castaway, n in votes.items():
        if not isinstance(castaway, str) or not castaway:
            raise RuleError(_("Every vote must name a Castaway."))
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise RuleError(_("The votes for {castaway} must be a whole number, not below zero.",
                               castaway=castaway))
        tally[castaway] = n
    return tally


def tribunal_outcome(
    votes: Mapping[str, int], *, revote: bool = False, attending: Iterable[str] = ()
) -> TribunalOutcome:
    """The outcome of one vote at an Outcast Tribunal.

    - Most votes: that Castaway is out.
    - "If voting is tied, then revote. However now the Players can only vote for the two
      Castaways that just received the highest votes": ``revote_between`` (every Castaway
      tied on most votes; usually two).
    - "If voting is tied again the these two Castaways are now safe and all the other
      remaining Castaways attending ... are now eligible to be eliminated. The Tribunal
      Leader will now roll the dice for each": ``dice_for`` is ``attending`` less the tied.
      If nobody else attends, the die is rolled for the tied ones (somebody must go; the
      text does not cover it).
    - No Castaway eligible (an empty ``votes``): "the Tribunal Leader will roll a dice for
      each of the Castaways at the Outcast Tribunal": ``dice_for`` is ``attending``.

    ``votes`` maps each Castaway on the ballot to its votes (0 allowed); ``attending`` are the
    Castaways at the Tribunal who can go to the die.
    """
    tally = _tally(votes)
    if isinstance(attending, (str, bytes)):
        raise RuleError(_("List the attending Castaways by name."))
    present = tuple(dict.fromkeys(attending))
    if any(not isinstance(c, str) for c in present):
        raise RuleError(_("List the attending Castaways by name."))
    if present:
        stray = [c for c in tally if c not in present]
        if stray:
            raise RuleError(_("{castaway} is not at this Outcast Tribunal.", castaway=stray[0]))
    if not tally:
        if not present:
            raise RuleError(_("Nobody is at this Outcast Tribunal."))
        return TribunalOutcome(dice_for=present)
    top = max(tally.values())
    tied = tuple(c for c, n in tally.items() if n == top)
    if len(tied) == 1:
        return TribunalOutcome(out=tied[0])
    if not revote:
        return TribunalOutcome(revote_between=tied)
    others = tuple(c for c in present if c not in tied)
    return TribunalOutcome(dice_for=others or tied)


def largest_odd(n: int) -> int:
    return n if n % 2 else n - 1


def outcast_panel_size(players_at_merge: int) -> int:
    """"The Outcast Panel is made up of the highest odd amount of Players that made it to
    merge", less the two finalists: 8 players, 1 out pre-merge, 7 at the merge → 5.

    Needs at least 3 players at the merge (two finalists and one on the panel).
    """
    if isinstance(players_at_merge, bool) or not isinstance(players_at_merge, int):
        raise RuleError(_("The number of players at the merge must be a whole number."))
    if players_at_merge < 3:
        raise RuleError(_("An Outcast Panel needs at least 3 players at the merge."))
    return largest_odd(players_at_merge) - 2
