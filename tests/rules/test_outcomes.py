"""How a finished game came out (``Game.outcome``), for the night's record."""
from __future__ import annotations

import pytest

from rules import Placing, ranked
from rules.castaways import GAME as CASTAWAYS
from rules.castle_party import GAME as CASTLE_PARTY
from rules.robinson import GAME as ROBINSON
from rules.survivor import GAME as SURVIVOR
from testsupport.castaways import T, open_vote, play, started, to_tribunal, vote, vote_out


def test_tied_scores_share_a_place_and_the_top_wins():
    """"In the event of a tie, the tied players share the victory" (Castle Party)."""
    assert ranked({"Ana": 40, "Bruno": 35, "Cid": 40, "Dee": 12}) == (
        Placing("Ana", 1, True, 40), Placing("Bruno", 3, False, 35),
        Placing("Cid", 1, True, 40), Placing("Dee", 4, False, 12))


@pytest.mark.parametrize("game, players", [
    (CASTAWAYS, tuple(f"P{i}" for i in range(8))), (SURVIVOR, ("Ana", "Bruno", "Cid")),
    (ROBINSON, ("Ana", "Bruno")), (CASTLE_PARTY, ("Ana", "Bruno"))])
def test_a_game_being_played_has_no_outcome(game, players):
    assert game.outcome(game.setup(players, {})) is None


def test_the_castaways_winner_then_the_other_finalist_then_the_last_out():
    """The whole game of test_castaways_game: Hal wins the panel's vote 3 to 2 over Gus; Fay
    went out last, Ann first ("Immediately after the 3rd last Player is out...")."""
    state = started()
    for c in ("Physical 1", "Physical 2", "Social 3", "Social 6", "Physical 4", "Physical 3",
              "Physical 6", "Mental 2", "Physical 5", "Mental 1", "Mental 4", "Mental 3",
              "Mental 5"):
        state = vote_out(state, c)
    state = to_tribunal(state, "Social 1")
    state = vote(open_vote(state), {"Mental 6": 3})
    assert CASTAWAYS.outcome(state) is None  # the Final Outcast Tribunal is still to vote
    state = play(state, T("open_final_vote"))
    key = CASTAWAYS.vote_call(state).key
    state = play(state, T("vote_result", key=key, tally={"Gus": 2, "Hal": 3}))
    outcome = CASTAWAYS.outcome(state)
    assert outcome.winners == ("Hal",)
    assert outcome.summary == "Hal wins the Outcast Panel's vote, 3 to 2."
    places = {p.player: p.place for p in outcome.placings}
    assert places["Hal"] == 1 and places["Gus"] == 2 and places["Fay"] == 3
    assert places["Ann"] == len(state.players)  # the first out, last
    assert sorted(places.values()) == list(range(1, len(state.players) + 1))
    assert outcome.details == {"jury_votes": {"Gus": 2, "Hal": 3},
                               "finalists": ["Gus", "Hal"]}


def test_robinson_is_won_or_lost_by_the_whole_group():
    """"Players win immediately if they successfully fulfill the specific Scenario goal"."""
    state = ROBINSON.apply(ROBINSON.setup(("Ana", "Bruno"), {}), T("next_phase"))  # round 1
    assert ROBINSON.outcome(state) is None
    state = ROBINSON.apply(state, T("goal_met"))
    outcome = ROBINSON.outcome(state)
    assert [(p.player, p.place, p.won) for p in outcome.placings] == [
        ("Ana", None, True), ("Bruno", None, True)]
    assert outcome.details["result"] == "victory" and outcome.details["round"] == 1
