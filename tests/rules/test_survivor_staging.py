"""What the Survivor screens draw from the view (issue 10: staging for a real table): the
Tribal Council's steps as a track with a marker, and the leader's decision asked as "you" on
the leader's own screen, never on anyone else's.
"""
from __future__ import annotations

from rules import TABLE, Action
from rules.survivor import GAME

from testsupport.survivor import act, council, new


def track(state, seat=None) -> list[tuple[str, bool, bool]]:
    return [(s["name"], s["now"], s["done"])
            for s in GAME.view(state, seat)["council"]["steps"]]


def now(state) -> list[str]:
    return [name for name, here, _ in track(state) if here]


def test_the_step_track_follows_the_rulebook_order_with_one_marker():
    """The Tribal Council's steps, in the rulebook's order: "Welcome to Tribal Council",
    "Now let's discuss who should be voted out", "It is... time to vote!", "If anyone has an
    Immunity Idol and wants to play it, now would be the time to do so", "Okay, I'll open the
    box and tally the votes!", then "The Tribe Has Spoken!"."""
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    assert [name for name, _, _ in track(state)] == [
        "Welcome", "Discussion", "Vote", "Immunity Idols", "Tally", "The Tribe Has Spoken"]
    assert now(state) == ["Welcome"]
    state = act(state, "Ann", "begin_discussion")
    assert now(state) == ["Discussion"]
    assert [done for _, _, done in track(state)] == [True, False, False, False, False, False]
    state = act(state, "Ann", "start_vote")
    assert now(state) == ["Vote"]
    key = GAME.vote_call(state).key
    state = act(state, TABLE, "open_eyes", key=key, voted=list(state.players))
    assert now(state) == ["Immunity Idols"]
    state = act(state, "Ann", "open_box")
    assert now(state) == ["Tally"]
    state = GAME.apply(state, Action(TABLE, "vote_result", {"key": key, "tally": {"Bob": 4}}))
    assert now(state) == ["The Tribe Has Spoken"]
    assert all(done for _, here, done in track(state) if not here)


def test_a_tie_puts_the_marker_on_the_leader_deciding():
    """ "Single Elimination Tribal Council: The Tribal Council Leader gets to decide which of
    the tied players is voted out." The track shows that step only while the leader decides."""
    state = council(new(), "single", {"Bob": 2, "Cid": 2})
    assert now(state) == ["Leader decides"]
    assert [n for n, _, _ in track(state)][-2:] == ["Leader decides", "The Tribe Has Spoken"]
    state = act(state, "Ann", "choose", players=["Bob"])
    assert "Leader decides" not in [n for n, _, _ in track(state)]


def test_the_leader_is_asked_as_you_and_only_on_their_own_screen():
    """ "If 3 or more players are tied with the most votes, the Tribal Council Leader gets to
    decide which 2 of the tied players are voted out." The leader's own screen asks them
    directly; the table and the other players read who decides."""
    state = council(new(), "double", {"Ann": 1, "Bob": 1, "Cid": 1, "Dee": 1})
    mine = GAME.view(state, "Ann")["council"]
    assert mine["your_question"] == ("Which 2 players of the tied Ann, Bob, Cid and Dee are "
                                     "voted out?")
    assert not mine["your_question"].startswith("Ann")
    assert mine["choice"]["question"].startswith("Ann decides which 2 players")
    for seat in (None, "Bob", "Cid", "Dee"):
        assert "your_question" not in GAME.view(state, seat)["council"]


def test_the_table_device_handed_to_the_leader_still_gets_the_question():
    """The same decision "on the table device handed to them": the table's view has the
    question that names the leader (the hand-over screen shows whose decision it is)."""
    state = council(new(), "single", {"Bob": 2, "Cid": 2})
    choice = GAME.view(state, None)["council"]["choice"]
    assert choice["by"] == "Ann" and choice["pick_from"] == ["Bob", "Cid"]
    assert "Ann decides which 1 player of the tied Bob and Cid is voted out." == \
        choice["question"]
