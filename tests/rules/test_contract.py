"""The game contract, checked over every registered game (ARCHITECTURE.md, "The game contract").

For each game built on ``rules.base.BaseGame``, in every state of random plays:
- ``legal_moves(state, actor)`` and ``apply`` agree: a move it does not list is refused
  by a guard (``MoveNotAllowed``); a move it lists is never refused for its name, actor or
  phase (it may still be refused for its arguments);
- ``describe`` writes a sentence and leaves the state as it was;
- ``view`` for every seat and for the table is plain data;
and ``setup`` works for the smallest and the largest table.
"""
from __future__ import annotations

import copy
import json

import pytest

from companion import games
from rules import TABLE, Action, RuleError
from rules.base import BaseGame, MoveNotAllowed

from contract_plays import plays_for

KEYS = list(games.REGISTRY)
STRANGER = "Stranger"
SEEDS = range(6)


def game_of(key: str) -> BaseGame:
    game = games.load(key).game
    if not isinstance(game, BaseGame):
        pytest.skip(f"{key} is not built on rules.base yet")
    return game


@pytest.mark.parametrize("key", KEYS)
def test_setup_for_the_smallest_and_the_largest_table(key):
    game = game_of(key)
    for n in {game.min_players, game.max_players}:
        state = game.setup(tuple(f"P{i}" for i in range(n)), {})
        json.dumps(game.view(state, None), default=str)
    with pytest.raises(RuleError):
        game.setup("not a list", {})
    with pytest.raises(RuleError):
        game.setup(tuple(f"P{i}" for i in range(max(game.min_players, 1))), ["not a mapping"])


def probe(game: BaseGame, state, players) -> None:
    """Every actor, every move name (and one that does not exist), with no arguments."""
    names = [m for m, d in game.moves.items() if not d.internal] + ["no_such_move"]
    for actor in (TABLE, *players, STRANGER):
        legal = set(game.legal_moves(state, actor))
        assert legal <= set(game.moves), legal
        for name in names:
            try:
                game.apply(state, Action(actor, name, {}))
            except MoveNotAllowed as e:
                assert name not in legal, f"{name} is listed for {actor} but refused: {e}"
            except RuleError:
                assert name in legal, f"{name} is not listed for {actor}, yet passed its guards"
            else:
                assert name in legal, f"{name} is not listed for {actor}, yet it was applied"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_moves_describe_and_view_agree_with_apply(key, seed):
    game = game_of(key)
    plays = plays_for(key)
    if plays is None:
        pytest.skip(f"no random plays for {key} in tests/rules/contract_plays/")
    play = plays(seed)
    state = game.setup(play.players, play.options)
    probe(game, state, play.players)
    for action in play.actions:
        try:
            after = game.apply(state, action)
        except RuleError:
            continue
        snapshot = copy.deepcopy(state)
        line = game.describe(state, action, after)
        # a line for every move, but a secret move's: it leaves none (Move.secret)
        assert isinstance(line, str) and bool(line.strip()) != game.moves[action.move].secret
        assert state == snapshot  # describing a move changes nothing
        state = after
        for seat in (None, *play.players):
            json.dumps(game.view(state, seat), default=str)
        probe(game, state, play.players)


def test_a_drawing_move_open_all_game_is_not_awaited():
    """A device handed around passes itself on only to a player the game waits for: in
    Castle Party, drawing in one's castle is open all party long and waits for nobody, while
    "the player that revealed the Shape card in play announces whether they wish to perform
    a special action or pass" is waited for."""
    game = games.load("castle_party").game
    state = game.setup(("Ann", "Bob"), {})
    assert "place" in game.legal_moves(state, "Bob")
    assert not game.moves["place"].awaited
    assert game.awaits(state, "Ann") and not game.awaits(state, "Bob")  # Ann turns the Shape
