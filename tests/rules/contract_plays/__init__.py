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


def policy_for(key: str) -> Callable[[Any, Any], Action] | None:
    """A game's policy for a whole game played through the companion, if its module has one:
    ``policy(state, rng) -> Action``, the next move for the state the companion holds. A
    recorded play diverges once the ballot box casts other votes than the recording did; a
    policy follows the game wherever the votes took it, to the end."""
    try:
        return getattr(importlib.import_module(f"{__name__}.{key}"), "policy", None)
    except ModuleNotFoundError:
        return None


def play_through(sv, code: str, key: str, play: Play, tokens: dict[str, str], rng,
                 at=lambda label: None, steps: int = 800) -> None:
    """Start the room's game with the play's options and play it through the companion, the
    ballot box casting every vote (``play_vote``). ``at(label)`` is called at the start
    ("start-<phase>"), at each phase the game enters for the first time ("phase-<phase>"), at
    each step of a vote (see ``play_vote``) and at the end ("end"): the gallery photographs
    the screens there, the layout test measures them.

    A game with a ``policy`` (see ``policy_for``) is played to its end, or ``steps`` moves;
    the others replay the play's recorded actions, skipping those the game refuses."""
    from companion import games
    from companion.errors import Refused
    from rules import TABLE

    game = games.load(key).game

    def act(action: Action) -> bool:
        credential = sv.host_key if action.actor == TABLE else tokens.get(action.actor)
        try:
            sv.act(code, credential, action.move, dict(action.args))
            return True
        except Refused:
            return False

    sv.start(sv.host_key, code, play.options)
    seen = {game.phase(sv.state(code))}
    at(f"start-{game.phase(sv.state(code))}")

    def moved() -> None:
        play_vote(sv, code, rng, at)
        now = game.phase(sv.state(code))
        if now not in seen:
            seen.add(now)
            at(f"phase-{now}")

    policy = policy_for(key)
    if policy is None:
        for action in play.actions:
            # a recorded vote_result is not replayed: the ballot box makes its own
            if action.move != "vote_result" and act(action):
                moved()
    else:
        for _ in range(steps):
            state = sv.state(code)
            if game.outcome(state) is not None:
                break
            action = policy(state, rng)
            if action.move == "vote_result" or act(action):  # the ballot box casts the vote
                moved()
    at("end")
