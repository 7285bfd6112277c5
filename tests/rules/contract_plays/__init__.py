"""Random plays of each game for the contract test: ``plays(seed) -> Play``.

A play is the players, the setup options and a list of actions; actions the rules refuse
are skipped as the play is replayed, so a play may be rough, as long as it reaches the
game's phases. Each game's module is ``tests/rules/contract_plays/<game key>.py``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from rules import Action


@dataclass
class Play:
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)


def plays_for(key: str) -> Callable[[int], Play] | None:
    try:
        return importlib.import_module(f"{__name__}.{key}").plays
    except ModuleNotFoundError:
        return None


def play_vote(sv, code: str, rng, step=lambda label: None) -> None:
    """The companion's ballot box does its part of a play: every voter's ballot in (chosen
    at random), two read, the rest read until decided, counted. ``step(label)`` is called as
    the vote opens, closes, is being read and is counted (the gallery photographs them)."""
    from companion.ballots import CLOSED, OPEN, allotment
    from companion.errors import Refused

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
