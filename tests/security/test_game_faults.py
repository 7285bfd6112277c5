"""A bug in a game's move, hit by a guest on purpose (issue 36): the move that crashes the
rules (any exception but their ``RuleError``) changes nothing, the phone gets a plain sentence
and not the exception's text, and the host's log has the traceback once, however often the
guest sends it: a player cannot flood the host's terminal, nor learn the game's internals.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import pytest

from companion import games
from companion.errors import Refused
from companion.play import MOVE_FAILED
from companion.rooms import TableService
from companion.store import Store
from rules.base import BaseGame, move

KEY = "buggy_share_test"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    share: int = 12


def split(state, action):
    """A bug: the game trusts its argument to be a number other than 0."""
    return replace(state, share=state.share // action.args["ways"])


class Buggy(BaseGame):
    key, title, min_players, max_players = KEY, "Buggy share", 1, 4
    moves = {"split": move("split", split, by="player", args=["ways"])}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {"share": state.share}


GAME = Buggy()


@pytest.fixture
def room(tmp_path, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, KEY, games.Declared(KEY, __name__, __name__))
    games.load.cache_clear()
    svc = TableService(Store(tmp_path / "companion.db"), offered=[KEY])
    code = svc.create_room(svc.host_key, KEY)
    token = svc.join(code, "Guest")[1]
    svc.start(svc.host_key, code)
    yield svc, code, token
    svc.store.close()
    games.load.cache_clear()


@pytest.mark.parametrize("ways", [0, "three", None, [1]])
def test_a_move_that_crashes_the_rules_is_one_sentence_and_one_traceback(room, caplog, ways):
    svc, code, token = room
    caplog.set_level(logging.ERROR)
    history = svc.history(code)
    for _ in range(20):
        with pytest.raises(Refused) as refused:
            svc.act(code, token, "split", {"ways": ways})
        assert str(refused.value) == MOVE_FAILED  # nothing of the exception reaches the phone
    assert svc.history(code) == history and svc.view(code, token) == {"share": 12}
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1, [r.getMessage() for r in caplog.records]
    assert KEY in tracebacks[0].getMessage() and "split" in caplog.text  # where, for the host
    svc.act(code, token, "split", {"ways": 3})  # the game goes on
    assert svc.view(code, token) == {"share": 4}
