"""Random plays of each game for the contract test: ``plays(seed) -> Play``.

A play is the players, the setup options and a list of actions; actions the rules refuse
are skipped as the play is replayed, so a play may be rough, as long as it reaches the
game's phases. Each of the project's own games has its module here,
``tests/rules/contract_plays/<game key>.py``; a game from outside names its own in its entry
point (companion/games.py). ``Play`` is ``rules.testing.Play``.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

from companion import games
from companion.testing import act as companion_act
from companion.testing import play_vote  # noqa: F401  (the tests import it from here too)
from rules import Action
from rules.testing import Play


def own_module(key: str):
    """This folder's module for ``key``, or None: a module that fails to import fails loudly."""
    try:
        return importlib.import_module(f"{__name__}.{key}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{key}":
            raise
        return None


def plays_for(key: str) -> Callable[[int], Play] | None:
    """The game's plays: this folder's module, else the module its entry point names."""
    module = own_module(key)
    return module.plays if module is not None else games.plays(key)


def policy_for(key: str) -> Callable[[Any, Any], Action] | None:
    """A game's policy for a whole game played through the companion, if its module has one:
    ``policy(state, rng) -> Action``, the next move for the state the companion holds. A
    recorded play diverges once the ballot box casts other votes than the recording did; a
    policy follows the game wherever the votes took it, to the end."""
    return getattr(own_module(key), "policy", None)


def play_through(sv, code: str, key: str, play: Play, tokens: dict[str, str], rng,
                 at=lambda label: None, steps: int = 800) -> None:
    """Start the room's game with the play's options and play it through the companion, the
    ballot box casting every vote (``play_vote``). ``at(label)`` is called at the start
    ("start-<phase>"), at each phase the game enters for the first time ("phase-<phase>"), at
    each step of a vote (see ``play_vote``) and at the end ("end"): the gallery photographs
    the screens there, the layout test measures them.

    A game with a ``policy`` (see ``policy_for``) is played to its end, or ``steps`` moves;
    the others replay the play's recorded actions, skipping those the game refuses."""
    game = games.load(key).game

    def act(action: Action) -> bool:
        return companion_act(sv, code, tokens, action)

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
