"""A game's play through the real companion, for tests: the project's, and those of a game
kept in its own package (with ``rules.testing`` for the contract and ``views.testing`` for the
screens). ``play_through`` plays a game's contract play (or its ``policy``) through a room.
"""
from __future__ import annotations

from typing import Any

from rules import TABLE, Action
# the rules' checks of a game, for views.testing.check_game (views import nothing of rules)
from rules.testing import check_contract, check_readings  # noqa: F401

from .. import games
from ..ballots import CLOSED, OPEN, allotment
from ..errors import Refused


def act(sv, code: str, tokens: dict[str, str], action: Any) -> bool:
    """Make one action of a play (``rules.Action``) with the credential of its actor: the
    host key for the table, the seat's token for a player. False: the companion refused it."""
    credential = sv.host_key if action.actor == TABLE else tokens.get(action.actor)
    try:
        sv.act(code, credential, action.move, dict(action.args))
        return True
    except Refused:
        return False


def play_vote(sv, code: str, rng, step=lambda label: None) -> None:
    """The companion's ballot box does its part of a play: every voter's ballot in (chosen
    at random), two read, the rest read until decided, counted. ``step(label)`` is called as
    the vote opens, closes, is being read and is counted (the gallery photographs them)."""
    vote = sv.vote(code)
    if vote is None or vote.status not in (OPEN, CLOSED) or not sv.readable(code, vote):
        return
    step(f"vote-open-{vote.key}")
    try:
        for voter in vote.waiting_for:
            choices = [c for c in vote.call.candidates if c != voter or vote.call.self_vote]
            count = allotment(vote.call, voter)
            sv.cast_for(sv.host_key, code, voter, [rng.choice(choices) for _ in range(count)])
        if sv.vote(code).status == OPEN:
            sv.close_vote(sv.host_key, code)
        step("vote-closed")
        for _ in range(2):
            if not sv.vote(code).decided:
                sv.reveal_next(sv.host_key, code)
        step("vote-reading")
        while not sv.vote(code).decided:
            sv.reveal_next(sv.host_key, code)
        sv.finish_reveal(sv.host_key, code)
        step("vote-counted")
    except Refused:
        pass  # the game holds the box (an Idol step, a vote called off): the play goes on


def play_through(sv, code: str, key: str, play: Any, tokens: dict[str, str], rng,
                 at=lambda label: None, steps: int = 800) -> None:
    """Start the room's game with the play's options (a ``rules.testing.Play``) and play it
    through the companion, the ballot box casting every vote (``play_vote``). ``at(label)``
    is called at the start ("start-<phase>"), at each phase the game enters for the first
    time ("phase-<phase>"), at each step of a vote (see ``play_vote``) and at the end
    ("end"): the gallery photographs the screens there, the layout test measures them.

    A game whose plays module has a ``policy`` (``games.policy``) is played to its end, or
    ``steps`` moves; the others replay the play's recorded actions, skipping those the game
    refuses."""
    game = games.load(key).game

    def do(action: Action) -> bool:
        return act(sv, code, tokens, action)

    sv.start(sv.host_key, code, play.options)
    seen = {game.phase(sv.state(code))}
    at(f"start-{game.phase(sv.state(code))}")

    def moved() -> None:
        play_vote(sv, code, rng, at)
        now = game.phase(sv.state(code))
        if now not in seen:
            seen.add(now)
            at(f"phase-{now}")

    policy = games.policy(key)
    if policy is None:
        for action in play.actions:
            # a recorded vote_result is not replayed: the ballot box makes its own
            if action.move != "vote_result" and do(action):
                moved()
    else:
        for _ in range(steps):
            state = sv.state(code)
            if game.outcome(state) is not None:
                break
            action = policy(state, rng)
            if action.move == "vote_result" or do(action):  # the ballot box casts the vote
                moved()
    at("end")
