"""The table vote: no game at all, only secret votes the table asks for.

It is the smallest game there is, and the reference for the shape every game module takes:
the table asks a question, the companion's ballot box holds the vote, and the counted
result comes back as a ``vote_result`` move.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from rules import Action, RuleError, VoteCall
from rules.base import BaseGame, change_places, move
from rules.words import Items, Speaker

# the game's sentences are messages of its own catalog (rules/locale/*/table_vote.po)
_ = Speaker("table_vote", __name__)
_n = _.n


@dataclass(frozen=True)
class Result:
    question: str
    tally: tuple[tuple[str, int], ...]
    ballots: tuple[tuple[str, tuple[str, ...]], ...] = ()  # an open vote's: who cast what


@dataclass(frozen=True)
class State:
    asked: int = 0
    pending: VoteCall | None = None
    results: tuple[Result, ...] = ()


def _ask(state: State, args: Mapping[str, Any]) -> State:
    if state.pending is not None:
        raise RuleError(_("A vote is already under way; finish it or cancel it first."))
    question = str(args.get("question") or "").strip()
    if not question:
        raise RuleError(_("Type the question the table votes on."))
    candidates = tuple(str(c).strip() for c in args.get("candidates") or () if str(c).strip())
    if len(candidates) < 2:
        raise RuleError(_("A vote needs at least two candidates."))
    if len(set(candidates)) != len(candidates):
        raise RuleError(_("Each candidate can be on the ballot only once."))
    voters = tuple(args.get("voters") or ())
    if not voters:
        raise RuleError(_("Choose at least one voter."))
    if len(set(voters)) != len(voters):
        raise RuleError(_("Each voter can be listed only once."))
    per_voter = args.get("votes_per_voter", 1)
    extra = dict(args.get("extra_votes") or {})
    if not isinstance(per_voter, int) or per_voter < 1:
        raise RuleError(_("Each voter needs at least one vote."))
    if any(v not in voters or not isinstance(n, int) or n < 0 for v, n in extra.items()):
        raise RuleError(_("Extra votes go only to voters, and never below zero."))
    self_vote = bool(args.get("self_vote", False))
    open_vote = bool(args.get("open_vote", False))  # shown with names: always all at once
    reveal = "all_at_once" if open_vote else str(args.get("reveal") or "one_by_one")
    if not self_vote and len(voters) == 1 and set(candidates) <= set(voters):
        raise RuleError(_("Nobody is left to vote for when voters may not vote for themselves."))
    if reveal not in ("one_by_one", "all_at_once"):
        raise RuleError(_("Ballots are read one by one or all at once."))
    call = VoteCall(
        key=f"vote-{state.asked + 1}", question=question, candidates=candidates, voters=voters,
        votes_per_voter=per_voter, extra_votes={k: v for k, v in extra.items() if v},
        self_vote=self_vote, reveal=reveal, open_vote=open_vote,
    )
    return replace(state, asked=state.asked + 1, pending=call)


def _cancel(state: State, action: Action) -> State:
    return replace(state, pending=None)


def _vote_result(state: State, action: Action) -> State:
    if action.args.get("key") != state.pending.key:
        raise RuleError(_("That result is for a vote the table is not waiting for."))
    tally = dict(action.args.get("tally") or {})
    if set(tally) - set(state.pending.candidates):
        raise RuleError(_("The result names someone who was not on the ballot."))
    counted = tuple(sorted(((c, int(tally.get(c, 0))) for c in state.pending.candidates),
                           key=lambda pair: -pair[1]))
    ballots = _open_ballots(state.pending, action.args.get("ballots"))
    return replace(state, pending=None,
                   results=state.results + (Result(state.pending.question, counted, ballots),))


def _open_ballots(call: VoteCall, ballots: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """An open vote's ballots, by voter in ballot order; a secret vote has none to give."""
    if not call.open_vote:
        if ballots:
            raise RuleError(_("A secret vote's result never says who voted for whom."))
        return ()
    if not isinstance(ballots, Mapping) or set(ballots) - set(call.voters) or any(
            c not in call.candidates for cast in ballots.values() for c in cast):
        raise RuleError(_("An open vote's result gives each voter's ballot, and only those."))
    return tuple((v, tuple(ballots[v])) for v in call.voters if v in ballots)


def _describe_result(before: State, action: Action, after: State) -> str:
    tally = action.args.get("tally") or {}
    counted = Items(_("{candidate} {count}", candidate=c, count=n)
                    for c, n in sorted(tally.items(), key=lambda p: -p[1]))
    return _("Result: {tally}", tally=counted)


ASKING, VOTING = "asking", "voting"
ONLY_TABLE = _("Only the table screen can ask or count a vote.")
UNDER_WAY = _("A vote is already under way; finish it or cancel it first.")


class TableVote(BaseGame):
    """The reference game: two phases (asking, voting), three moves, no secrets of its own."""

    key = "table_vote"
    title = _("Table vote")
    min_players = 0
    max_players = 30
    late_join = True  # no fixed players: anyone who sits down can be asked to vote
    moves = {m.name: m for m in (
        move("ask", lambda state, action: _ask(state, action.args), phases=[ASKING],
             not_now=UNDER_WAY,
             not_yours=ONLY_TABLE,
             args=["question", "candidates", "voters", "votes_per_voter", "extra_votes",
                   "self_vote", "reveal", "open_vote"],
             describe=lambda before, action, after:
                 _("The table asked: {question}", question=after.pending.question)),
        move("cancel", _cancel, phases=[VOTING], not_now=_("No vote is under way."),
             not_yours=ONLY_TABLE,
             describe=lambda before, action, after: _("The table cancelled the vote.")),
        move("vote_result", _vote_result, phases=[VOTING], args=["key", "tally", "ballots"],
             not_now=_("That result is for a vote the table is not waiting for."),
             not_yours=ONLY_TABLE,
             describe=_describe_result, internal=True),
        # no turn order to keep: people may change places at any time
        change_places(lambda state, players: state),
    )}

    def new_game(self, players, options) -> State:
        return State()

    def phase(self, state: State) -> str:
        return VOTING if state.pending else ASKING

    def view(self, state: State, seat: str | None) -> dict:
        return {"pending": state.pending.question if state.pending else None,
                "results": [{"question": r.question, "tally": [list(p) for p in r.tally],
                             "ballots": [[v, list(c)] for v, c in r.ballots]}
                            for r in state.results]}

    def reminders(self, state: State) -> tuple[str, ...]:
        if state.pending:
            return (_("Voting: {question}", question=state.pending.question),)
        return (_("Ask the table a question to open a secret vote."),)

    def vote_call(self, state: State) -> VoteCall | None:
        return state.pending


GAME = TableVote()
