"""The secret ballot box: what a vote is, who may cast what, and how ballots are read.

The storage of ballots (no voter, no time, no order) is in store.py; this module holds the
checks and the counting, so every game uses the same ones.
"""
from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from rules import Ballot, VoteCall

from .errors import Refused
from .language import COMPANION, HOME, Speaker, from_json, to_json
from .store import dumps


_ = Speaker(COMPANION, HOME)  # the companion's catalog: its refusals and events
_n = _.n

OPEN, CLOSED, REVEALED, CANCELLED = "open", "closed", "revealed", "cancelled"


def spec_to_json(call: VoteCall) -> dict:
    """A vote's call as its row keeps it. The question and the ballot's words may be a
    game's messages: kept as their parts (``to_json``), said in each screen's language."""
    return {
        "key": call.key, "question": to_json(call.question),
        "candidates": list(call.candidates),
        "voters": list(call.voters), "votes_per_voter": call.votes_per_voter,
        "extra_votes": dict(call.extra_votes), "self_vote": call.self_vote, "reveal": call.reveal,
        "stop_early": call.stop_early,  # `readable` is read live from the game, never stored
        "complete": call.complete,
        "ballot": [to_json(w) for w in (call.ballot.choose, call.ballot.one, call.ballot.many)],
        "colours": dict(call.colours), "open_vote": call.open_vote, "private": call.private,
    }


def spec_from_json(data: Mapping) -> VoteCall:
    """``spec_to_json`` undone; a question kept as a plain string (a typed one, or a vote of
    before) reads as it is."""
    return VoteCall(
        key=data["key"], question=from_json(data["question"]),
        candidates=tuple(data["candidates"]),
        voters=tuple(data["voters"]), votes_per_voter=int(data.get("votes_per_voter", 1)),
        extra_votes=dict(data.get("extra_votes") or {}), self_vote=bool(data.get("self_vote")),
        reveal=data.get("reveal", "one_by_one"), stop_early=bool(data.get("stop_early", True)),
        complete=bool(data.get("complete", False)),
        ballot=Ballot(*map(from_json, data["ballot"])) if data.get("ballot") else Ballot(),
        colours=dict(data.get("colours") or {}), open_vote=bool(data.get("open_vote")),
        private=bool(data.get("private")),
    )


def allotment(call: VoteCall, voter: str) -> int:
    """How many votes this voter casts: the votes each voter has, plus any extra votes."""
    return call.votes_of(voter)


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
    # an open vote's ballots by voter, once the box is closed (empty while it is open, and
    # always for a secret vote: its box keeps no voter)
    ballots: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

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
        if not self.call.stop_early:
            return False
        counts = sorted(self.running_tally().values(), reverse=True) + [0, 0]
        return counts[0] > counts[1] + left


EMPTY = "----"  # an unfilled ballot slot; a filled one holds the candidate's number, 4 digits


def open_slots(db, vote_id: str, call: VoteCall) -> None:
    """Write every ballot slot of a new vote at once, empty, in one go.

    The slots take their places in the file now, before anyone votes, so where a ballot
    lies in the file says nothing about when it was cast.
    """
    if len(call.candidates) > 9999:
        raise Refused(_("A ballot holds at most 9999 candidates."))
    expected = sum(allotment(call, v) for v in call.voters)
    db["ballots"].insert_all({"id": secrets.token_hex(16), "vote": vote_id, "choice": EMPTY}
                             for _ in range(expected))


def resize_slots(db, vote: "Vote", call: VoteCall) -> None:
    """An open vote whose allotments changed (an Extra Vote card played at the box): add or
    remove empty slots. Only voters who have not voted may change what they cast."""
    changed = [v for v in call.voters if allotment(call, v) != allotment(vote.call, v)]
    done = [v for v in changed if v in vote.voted]
    if done:
        raise Refused(_("{voter} has already voted: their ballot cannot change.", voter=done[0]))
    delta = (sum(allotment(call, v) for v in call.voters) -
             sum(allotment(vote.call, v) for v in vote.call.voters))
    if delta > 0:
        db["ballots"].insert_all({"id": secrets.token_hex(16), "vote": vote.id,
                                  "choice": EMPTY} for _ in range(delta))
    elif delta < 0:
        empty = [r["id"] for r in db.query("SELECT id FROM ballots WHERE vote = ? AND "
                                           "choice = ? LIMIT ?", (vote.id, EMPTY, -delta))]
        db.execute(f"DELETE FROM ballots WHERE id IN ({','.join('?' * len(empty))})", empty)
    db["votes"].update(vote.id, {"spec": dumps(spec_to_json(call))})


def fill_slots(db, vote: "Vote", choices: Sequence[str]) -> None:
    """Put each choice in an empty slot picked at random.

    The value has the size of the empty marker, so SQLite overwrites the row where it lies.
    """
    empty = [r["id"] for r in db.query("SELECT id FROM ballots WHERE vote = ? AND choice = ?",
                                       (vote.id, EMPTY))]
    picker = secrets.SystemRandom()
    for choice, slot in zip(choices, picker.sample(empty, len(choices))):
        code = f"{vote.call.candidates.index(choice):04d}"
        db.execute("UPDATE ballots SET choice = ? WHERE id = ?", (code, slot))


def read_slots(db, vote: "Vote") -> list[str]:
    """The choices cast, in no particular order; the empty slots are wiped."""
    rows = list(db.query("SELECT choice FROM ballots WHERE vote = ? AND choice != ?",
                         (vote.id, EMPTY)))
    db.execute("DELETE FROM ballots WHERE vote = ? AND choice = ?", (vote.id, EMPTY))
    return [vote.call.candidates[int(r["choice"])] for r in rows]


def check_ballot(call: VoteCall, voter: str, choices: Sequence[str], already_voted: bool) -> None:
    """Refuse a ballot the vote does not allow; say why in a sentence."""
    if voter not in call.voters:
        raise Refused(_("{voter} is not voting in this vote.", voter=voter))
    if already_voted:
        raise Refused(_("{voter} has already voted. A ballot cannot be changed or "
                        "cast twice.", voter=voter))
    expected = allotment(call, voter)
    if len(choices) != expected:
        raise Refused(_n("{voter} casts {n} vote; this ballot has {has}.",
                         "{voter} casts {n} votes; this ballot has {has}.", "n",
                         voter=voter, n=expected, has=len(choices)))
    for choice in choices:
        if choice not in call.candidates:
            raise Refused(_("{choice} is not on this ballot.", choice=str(choice)))
        if choice == voter and not call.self_vote:
            raise Refused(_("In this vote nobody may vote for themselves."))
