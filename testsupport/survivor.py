"""Survivor games set up and played move by move for the rules tests (tests/rules): a move
applied, a Tribal Council voted."""
from __future__ import annotations

from rules import TABLE, Action
from rules.survivor import GAME
from rules import TABLE, Action


P4 = ("Ann", "Bob", "Cid", "Dee")


def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def new(players=P4, first=None, **options):
    state = GAME.setup(players, options)
    return act(state, TABLE, "start", **({"first_player": first} if first else {}))


def ballots(state, votes):
    call = GAME.vote_call(state)
    assert call is not None
    return act(state, TABLE, "vote_result", key=call.key, tally=votes)


def council(state, kind, votes, idols=(), advantage=()):
    """A whole Tribal Council up to the tally: Tribal Advantage cards, vote, Idols, open the box."""
    leader = state.turn
    state = act(state, leader, "draw_tribal_council", kind=kind)
    for player, gained in advantage:
        state = act(state, player, "play_tribal_advantage", votes=gained)
    state = act(act(state, leader, "begin_discussion"), leader, "start_vote")
    state = ballots(state, votes)
    for player in idols:
        state = act(state, player, "play_idol")
    return act(state, leader, "open_box")


def turn_over(state, *players):
    for player in players:
        state = act(state, TABLE, "turn_over", player=player)
    return state
