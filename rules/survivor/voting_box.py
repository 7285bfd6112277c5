"""The Voting Box: who votes, with how many votes, and reading the box once it is full.

"Everyone must vote. I'll go first." Every Survivor vote is complete: the companion's box is
never closed short, and a box that holds fewer votes than the voters hold is not read.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import RuleError, VoteCall
from rules.words import Speaker

from .setup import SINGLE
from .state import READING, Council, State, pair_value

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")
_n = _.n

COUNCIL_KEY = "tribal-council-{number}"
FINAL_KEY = "final-tribal-council"


def votes_of(council: Council, player: str) -> int:
    """A voter's votes: Vote Cards and Tribal Advantage votes (fixed when the vote starts,
    and they MUST be used), plus the Extra Vote cards they play at the box."""
    return pair_value(council.allotment, player) + pair_value(council.extra, player)


def council_call(state: State) -> VoteCall:
    """The Tribal Council vote: every player still in passes the box ("pass the box to the
    player on your left (even if they don't have a Vote Card)"), so every one of them is a
    voter, and each casts their own Vote Cards, gained votes and Extra Vote cards: none is a
    vote every voter has (``votes_per_voter`` 0), so a voter with nothing to put in the box
    casts a ballot of no votes, the same step as everyone's ("So no one can hear how many
    votes are being cast")."""
    council = state.council
    voters = tuple(v for v, _ in council.allotment)
    return VoteCall(
        key=COUNCIL_KEY.format(number=council.number),
        question=(_("Tribal Council {number} (Single Elimination): who do you vote out?",
                    number=council.number) if council.kind == SINGLE else
                  _("Tribal Council {number} (Double Elimination): who do you vote out?",
                    number=council.number)),
        candidates=state.still_in,
        voters=voters,
        votes_per_voter=0,
        extra_votes={v: votes_of(council, v) for v in voters if votes_of(council, v)},
        self_vote=state.options.self_vote,
        reveal="one_by_one",
        # the box is read only after the Immunity Idol moment, and to the last vote: Idols
        # void votes, and a Double Elimination needs second place too
        readable=council.step == READING,
        stop_early=False,
        complete=True,
    )


def final_call(state: State) -> VoteCall:
    """The jury's vote: "every member of the Jury SIMULTANEOUSLY points"."""
    final = state.final
    return VoteCall(
        key=FINAL_KEY,
        question=_("Who should WIN Survivor?"),
        candidates=final.finalists,
        voters=final.jury,
        votes_per_voter=1,
        extra_votes={},
        self_vote=False,
        reveal="all_at_once",
        complete=True,
    )


def read_tally(args: Mapping[str, Any], call: VoteCall) -> tuple[tuple[str, int], ...]:
    """The counts of a Voting Box, read only if it holds every vote: "Everyone must vote." """
    if args.get("key") != call.key:
        raise RuleError(_("That result is for a vote the table is not waiting for."))
    counts = args.get("tally")
    if not isinstance(counts, Mapping):
        raise RuleError(_("The result must say how many votes each player got."))
    for name, count in counts.items():
        if name not in call.candidates:
            raise RuleError(_("The result names {player}, who was not on the ballot.",
                              player=name))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RuleError(_("{player}'s votes must be a whole number, not {value}.",
                              player=name, value=repr(count)))
    cast = sum(counts.values())
    allowed = sum(call.votes_per_voter + call.extra_votes.get(v, 0) for v in call.voters)
    if cast > allowed:
        raise RuleError(_n("The result holds {count} vote, but only {allowed} could be cast.",
                           "The result holds {count} votes, but only {allowed} could be cast.",
                           "count", count=cast, allowed=allowed))
    if cast < allowed:
        raise RuleError(_n("Everyone must vote: the box holds {count} vote of {allowed}, so it "
                           "is not read; finish the missing ballots by pass-and-play.",
                           "Everyone must vote: the box holds {count} votes of {allowed}, so "
                           "it is not read; finish the missing ballots by pass-and-play.",
                           "count", count=cast, allowed=allowed))
    return tuple((c, int(counts.get(c, 0))) for c in call.candidates)
