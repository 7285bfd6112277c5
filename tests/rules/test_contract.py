"""The game contract, checked over every registered game (docs/architecture.md, "The game
contract"), with the checks any game's own tests can run (``rules.testing``). A registered game
that cannot be loaded, or has no contract plays, fails here: it is never skipped."""
from __future__ import annotations

import pytest

from companion import games
from rules.base import BaseGame, move
from rules.testing import SEEDS, Play, check_play, check_setup, plain

KEYS = list(games.REGISTRY)


def game_of(key: str) -> BaseGame:
    game = games.load(key).game
    assert isinstance(game, BaseGame), (f"{key} could not be loaded ({games.load(key).error}) "
                                        "or is not built on rules.base.BaseGame")
    return game


@pytest.mark.parametrize("key", KEYS)
def test_setup_for_the_smallest_and_the_largest_table(key):
    check_setup(game_of(key))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_moves_describe_and_view_agree_with_apply(key, seed):
    game = game_of(key)
    plays = games.plays(key)
    assert plays is not None, (f"{key} has no contract plays: its declaration names no "
                               "'plays' module (companion/own_games.py, or its entry point)")
    check_play(game, plays(seed))


@pytest.mark.parametrize("view", [{"seen": {"Ana"}}, {1: "Ana"}, {"ratio": float("nan")},
                                  {"state": BaseGame()}, [("Ana", b"secret")]])
def test_a_view_is_plain_data_strictly(view):
    """What ``json.dumps(view, default=str)`` let through (a set, a number key made text, a
    whole object) is not plain data: a screen would get a string, not the value."""
    with pytest.raises(AssertionError, match="view"):
        plain(view)


def test_plain_data_passes():
    plain({"seats": ["Ana", "Bo"], "order": ("Ana",), "score": {"Ana": 1.5}, "over": None})


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


def one_move_game(**declared) -> BaseGame:
    class OneMove(BaseGame):
        key, title, min_players, max_players = "one", "One move", 1, 2
        moves = {"it": move("it", lambda state, action: state, by="player", **declared)}

        def new_game(self, players, options):
            return Play(players)
    return OneMove()


@pytest.mark.parametrize("declared, awaited", [({}, True), ({"secret": True}, False),
                                                ({"secret": True, "awaited": True}, True)])
def test_a_secret_move_is_not_awaited_unless_the_game_says(declared, awaited):
    """A device handed around passes itself on to the player the game waits for, naming
    them: a secret move ("I am asleep", a Werewolf's choice) must not make it name its actor."""
    game = one_move_game(**declared)
    assert game.awaits(game.setup(("Ana",), {}), "Ana") == awaited
