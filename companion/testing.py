"""A game's play through the real companion, for tests: the project's, and those of a game
kept in its own package (with ``rules.testing`` for the contract and ``views.testing`` for the
screens).
"""
from __future__ import annotations

from typing import Any

from rules import TABLE
# the rules' checks of a game, for views.testing.check_game (views import nothing of rules)
from rules.testing import check_contract, check_readings  # noqa: F401

from .ballots import CLOSED, OPEN, allotment
from .errors import Refused


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
