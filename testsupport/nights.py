"""Whole games of a night played through the companion (tests/companion: the night's record,
its export): a contract play replayed with its ballots, to the end."""
from __future__ import annotations

import random
import secrets

from companion.errors import Refused
from companion.games import plays as plays_for
from companion.testing import play_vote
from rules import TABLE


# Castaways' contract plays never reach the Final Outcast Tribunal: its Outcome is tested in
# tests/rules/test_outcomes.py from a whole game played move by move
GAMES = ("survivor", "robinson", "castle_party")


def play_through(svc, key: str, seed: int, phones: dict | None = None,
                 renamed: dict | None = None):
    """A contract play of ``key`` replayed through the companion, ballots and all. ``phones``:
    the player key each player's own phone keeps; ``renamed``: a player's name tonight."""
    play = plays_for(key)(seed)
    phones, renamed = phones or {}, renamed or {}
    code = svc.create_room(svc.host_key, key)
    tokens = {name: svc.join(code, renamed.get(name, name), None, None, phones.get(name))[1]
              for name in play.players}
    svc.start(svc.host_key, code, play.options)
    rng = random.Random(seed)
    for action in play.actions:
        if action.move == "vote_result":
            continue
        credential = svc.host_key if action.actor == TABLE else tokens.get(action.actor)
        args = {k: renamed.get(v, v) if isinstance(v, str) else v
                for k, v in action.args.items()}
        try:
            svc.act(code, credential, action.move, args)
        except Refused:
            continue
        play_vote(svc, code, rng)
    return code, tokens


def finished_play(svc, key: str, phones: dict | None = None, renamed: dict | None = None):
    for seed in range(12):
        code, tokens = play_through(svc, key, seed, phones, renamed)
        if svc.outcome(code) is not None:
            return code, tokens
    raise AssertionError(f"no contract play of {key} reaches the end in 12 seeds")


# --- across nights: a player is their phone's player, whatever name they go by ------------
def phone_keys() -> dict:
    """A phone of their own for every name the contract plays use."""
    names = ("Ann", "Bob", "Cat", "Dan", "Cid", "Dee", "Eve", "Fay", "P0", "P1", "P2", "P3")
    return {name: secrets.token_urlsafe(18) for name in names}
