"""The secret ballot box: what a vote is, who may cast what, and how ballots are read.

The storage of ballots (no voter, no time, no order) is in store.py; this module holds the
checks and the counting, so every game uses the same ones.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from rules import VoteCall

from .errors import Refused

OPEN, CLOSED, REVEALED, CANCELLED = "open", "closed", "revealed", "cancelled"


def spec_to_json(call: VoteCall) -> dict:
    return {
        "key": call.key, "question": call.question, "candidates": list(call.candidates),
        "voters": list(call.voters), "votes_per_voter": call.votes_per_voter,
        "extra_votes": dict(call.extra_votes), "self_vote": call.self_vote, "reveal": call.reveal,
    }


def spec_from_json(data: Mapping) -> VoteCall:
    return VoteCall(
        key=data["key"], question=data["question"], candidates=tuple(data["candidates"]),
        voters=tuple(data["voters"]), votes_per_voter=int(data.get("votes_per_voter", 1)),
        extra_votes=dict(data.get("extra_votes") or {}), self_vote=bool(data.get("self_vote")),
        reveal=data.get("reveal", "one_by_one"),
    )


def allotment(call: VoteCall, voter: str) -> int:
    """How many votes this voter casts: the votes each voter has, plus any extra votes."""
    return call.votes_per_voter + int(call.extra_votes.get(voter, 0))


@dataclass(frozen=True)
class Vote:
    """One vote of a room as the table sees it: never what anyone chose before the reveal."""

    id: str
    key: str
    call: VoteCall
    status: str
    voted: frozenset[str]
    reveal_order: tuple[str, ...]  # the ballots' choices, shuffled when the vote closed
    revealed: int  # how many of reveal_order the table has read out
    applied: bool  # the result has been handed to the game

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """Voters who have not voted yet, in ballot order."""
        return tuple(v for v in self.call.voters if v not in self.voted)

    @property
    def ballots_expected(self) -> int:
        return sum(allotment(self.call, v) for v in self.call.voters)

    def shown(self) -> tuple[str, ...]:
        return self.reveal_order[: self.revealed]

    def running_tally(self) -> Counter:
        return Counter(self.shown())

    def final_tally(self) -> dict[str, int]:
        counts = Counter(self.reveal_order)
        return {c: counts.get(c, 0) for c in self.call.candidates}

    @property
    def decided(self) -> bool:
        """True once the ballots still unread cannot change who has the most votes."""
        if self.status != CLOSED and self.status != REVEALED:
            return False
        left = len(self.reveal_order) - self.revealed
        if left == 0:
            return True
        counts = sorted(self.running_tally().values(), reverse=True) + [0, 0]
        return counts[0] > counts[1] + left


def check_ballot(call: VoteCall, voter: str, choices: Sequence[str], already_voted: bool) -> None:
    """Refuse a ballot the vote does not allow; say why in a sentence."""
    if voter not in call.voters:
        raise Refused(f"{voter} is not voting in this vote.")
    if already_voted:
        raise Refused(f"{voter} has already voted. A ballot cannot be changed or cast twice.")
    expected = allotment(call, voter)
    if len(choices) != expected:
        raise Refused(f"{voter} casts {expected} vote{'s' if expected != 1 else ''}; "
                      f"this ballot has {len(choices)}.")
    for choice in choices:
        if choice not in call.candidates:
            raise Refused(f"{choice!s} is not on this ballot.")
        if choice == voter and not call.self_vote:
            raise Refused("In this vote nobody may vote for themselves.")
