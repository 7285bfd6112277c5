"""A private vote (issue 36, ``VoteCall.private``): a vote among some players that the others
must not learn of, as the Werewolves' choice at night. The table and the other phones never
get it, nor its voters, nor its count, in the service's answers or in what their screens
draw; each voter's phone gets only its own ballot; nothing is read aloud: the last ballot and
the count the game receives are committed together. A request about it from anyone else is
answered as if there were no vote at all.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import importlib

import pytest

import views.games
from companion import games
from companion.ballots import REVEALED
from rules import VoteCall
from rules.base import BaseGame, move
from views.phone import PhoneRoom
from views.screen import Session, Urls
from views.table import TableRoom
from views.testing import NowherePage, nowhere, words

KEY = "night_test"
WOLVES = ("Ana", "Cid")  # dealt by the game's setup here: the test is about the vote
PLAYERS = ("Ana", "Bob", "Cid", "Dee")
QUESTION = "Whom do the Werewolves devour?"
SCREENS = "views.games.table_vote"  # screens that show the game's view plainly


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    night: bool = False
    victim: str | None = None


def dawn(before, action, after):
    return f"Dawn: {after.victim} was found devoured."  # what the game chooses to say


class Night(BaseGame):
    key, title, min_players, max_players = KEY, "Night", 4, 4
    moves = {m.name: m for m in (
        move("night", lambda state, action: replace(state, night=True)),
        move("vote_result", lambda state, action: replace(
            state, night=False, victim=max(action.args["tally"].items(),
                                           key=lambda kv: kv[1])[0]),
             args=["key", "tally"], internal=True, describe=dawn),
    )}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {"wolf": seat in WOLVES, "victim": state.victim}

    def vote_call(self, state):
        if not state.night:
            return None
        return VoteCall("night-1", QUESTION, ("Bob", "Dee"), WOLVES, private=True,
                        self_vote=True)


GAME = Night()


@pytest.fixture
def night(svc, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, KEY, games.Declared(KEY, __name__, SCREENS))
    monkeypatch.setitem(views.games.SCREENS, KEY, importlib.import_module(SCREENS))
    games.load.cache_clear()
    svc.offered.add(KEY)
    code = svc.create_room(svc.host_key, KEY)
    tokens = {name: svc.join(code, name)[1] for name in PLAYERS}
    svc.start(svc.host_key, code)
    svc.act(code, svc.host_key, "night")
    yield code, tokens
    games.load.cache_clear()


def screens(svc, code, tokens):
    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    drawn = {"table": TableRoom(session, svc.host_key, code)}
    drawn |= {name: PhoneRoom(session, code, [token]) for name, token in tokens.items()}
    for screen in drawn.values():
        screen.refresh(force=True)
    return {name: " | ".join(words(screen.root)) for name, screen in drawn.items()}


def test_only_its_voters_get_a_private_vote(svc, night):
    code, tokens = night
    assert svc.vote(code) is None  # the table: no vote
    for name, token in tokens.items():
        vote = svc.vote(code, token)
        assert (vote is not None) == (name in WOLVES)
    assert svc.vote(code, tokens["Ana"]).call.voters == WOLVES


def test_the_table_and_the_others_screens_draw_nothing_of_it(svc, night):
    code, tokens = night
    shown = screens(svc, code, tokens)
    for name in ("table", "Bob", "Dee"):
        assert QUESTION not in shown[name] and "Werewolves" not in shown[name], shown[name]
        assert "of 2 have voted" not in shown[name] and "Still voting" not in shown[name]
    for name in WOLVES:
        assert QUESTION in shown[name] and "Vote for Bob" in shown[name]
    svc.cast(code, tokens["Ana"], ["Bob"])
    shown = screens(svc, code, tokens)
    assert "1 of 2" not in " ".join(shown.values())  # its count goes nowhere
    assert "Nobody can see how you voted." in shown["Ana"]


@pytest.mark.parametrize("who", ["Bob", "table"])
def test_anyone_else_hears_of_no_vote_at_all(svc, night, refused, who):
    code, tokens = night
    if who == "table":
        for ask in (svc.close_vote, svc.reveal_next, svc.finish_reveal):
            refused(ask, svc.host_key, code, match="^(There is no open vote|Close the vote)")
        refused(svc.cast_for, svc.host_key, code, "Ana", ["Bob"],
                match="^There is no open vote: the ballot box is closed.$")
    else:  # the same sentence as when no vote is open: nothing learnt by trying
        refused(svc.cast, code, tokens[who], ["Dee"],
                match="^There is no open vote: the ballot box is closed.$")


def test_the_last_ballot_hands_the_count_to_the_game_at_once(svc, night):
    code, tokens = night
    history = svc.history(code)
    assert not any(QUESTION in line or "Vote opened" in line for line in history)
    svc.cast(code, tokens["Ana"], ["Bob"])
    assert svc.state(code).night  # one of two: nothing happens
    assert svc.cast(code, tokens["Cid"], ["Bob"]) is None  # the vote is over for its voters
    assert svc.state(code).victim == "Bob" and not svc.state(code).night
    assert svc.history(code)[len(history):] == ["Dawn: Bob was found devoured."]
    row = svc.store.one("SELECT status, applied, open_ballots FROM votes")
    assert (row["status"], row["applied"], row["open_ballots"]) == (REVEALED, 1, None)
    restarted = type(svc)(type(svc.store)(svc.store.path))  # committed together
    assert restarted.state(code).victim == "Bob" and restarted.vote(code) is None
    restarted.store.close()


def test_a_private_vote_is_never_an_open_vote():
    with pytest.raises(ValueError, match="private vote"):
        VoteCall("k", "?", ("a", "b"), ("x",), private=True, open_vote=True,
                 reveal="all_at_once")
