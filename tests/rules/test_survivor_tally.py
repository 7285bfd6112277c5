"""Survivor: The Tribe Has Spoken — the numbers: setup table, deck seeding, and the tally.

Each case is worked out by hand from the rule text ("Tally the Votes", "Voting Someone Out",
"Ties", "Unclear Who Is Voted Out?").
"""
import pytest

from rules import RuleError
from rules.survivor import deck_seeding, draw_pile_action_cards, tally, tribal_council_cards

P4 = ("Ann", "Bob", "Cid", "Dee")


# --- Setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players, cards", [(3, (4, 0)), (4, (2, 2)), (5, (2, 3)), (6, (0, 5))])
def test_tribal_council_cards_follow_the_setup_table(players, cards):
    assert tribal_council_cards(players) == cards


@pytest.mark.parametrize("players", [0, 1, 2, 7, 12, -3])
def test_the_game_is_for_3_to_6_players(players):
    with pytest.raises(RuleError, match="3 to 6 players"):
        tribal_council_cards(players)


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_must_be_a_whole_number(players):
    with pytest.raises(RuleError):
        tribal_council_cards(players)


@pytest.mark.parametrize("players, cards", [(3, 43), (4, 40), (5, 37), (6, 34)])
def test_draw_pile_is_52_action_cards_less_3_dealt_to_each_player(players, cards):
    # 67 Action Cards - 9 Tribal Council - 6 Vote Cards = 52; "deal 3 of them ... to each player"
    assert draw_pile_action_cards(players) == cards


@pytest.mark.parametrize("players, piles", [
    (3, (11, 11, 11, 10)),
    (4, (10, 10, 10, 10)),
    (5, (8, 8, 7, 7, 7)),
    (6, (7, 7, 7, 7, 6)),
])
def test_deck_seeding_one_at_the_bottom_the_rest_spaced_evenly(players, piles):
    seeding = deck_seeding(players)
    assert seeding == piles
    # one Tribal Council card under each pile: as many piles as Tribal Council cards ...
    assert len(seeding) == sum(tribal_council_cards(players))
    # ... holding every Action card of the Draw Pile, so the last card lies at the bottom
    assert sum(seeding) == draw_pile_action_cards(players)
    assert max(seeding) - min(seeding) <= 1


# --- Single Elimination ----------------------------------------------------------------------

def test_single_the_player_with_the_most_votes_is_voted_out():
    result = tally({"Ann": 1, "Bob": 3}, double=False, players=P4)
    assert result.out == ("Bob",)
    assert result.leader_picks == 0
    assert result.pick_from == ()


def test_single_tie_the_leader_decides_which_of_the_tied_is_voted_out():
    result = tally({"Ann": 2, "Bob": 2, "Cid": 1}, double=False, players=P4)
    assert result.out == ()
    assert result.leader_picks == 1
    assert result.pick_from == ("Ann", "Bob")
    assert result.pick_reason == "tie"


def test_single_three_tied_the_leader_still_picks_one():
    result = tally({"Ann": 1, "Bob": 1, "Cid": 1, "Dee": 1}, double=False, players=P4)
    assert (result.out, result.leader_picks, result.pick_from) == ((), 1, P4)


def test_votes_for_a_player_who_plays_an_idol_do_not_count():
    result = tally({"Ann": 3, "Bob": 1}, double=False, players=P4, idols=("Ann",))
    assert result.out == ("Bob",)
    assert result.counted == (("Bob", 1),)
    assert result.voided == (("Ann", 3),)


def test_an_idol_can_turn_a_clear_vote_into_a_tie():
    result = tally({"Ann": 3, "Bob": 1, "Cid": 1}, double=False, players=P4, idols=("Ann",))
    assert (result.out, result.leader_picks, result.pick_from) == ((), 1, ("Bob", "Cid"))


def test_unclear_nobody_got_votes_the_leader_chooses_from_non_immune_players():
    result = tally({"Ann": 2}, double=False, players=P4, idols=("Ann",))
    assert result.out == ()
    assert result.leader_picks == 1
    assert result.pick_from == ("Bob", "Cid", "Dee")  # not Ann, who played an Idol
    assert result.pick_reason == "unclear"


def test_unclear_the_only_non_immune_player_is_voted_out_even_with_no_votes():
    result = tally({"Ann": 2, "Bob": 1}, double=False, players=("Ann", "Bob", "Cid"),
                   idols=("Ann", "Bob"))
    assert result.out == ("Cid",)
    assert result.leader_picks == 0


def test_unclear_finally_the_leader_chooses_from_the_players_who_played_idols():
    result = tally({"Ann": 2, "Bob": 1}, double=False, players=("Ann", "Bob", "Cid"),
                   idols=("Ann", "Bob", "Cid"))
    assert (result.out, result.leader_picks) == ((), 1)
    assert result.pick_from == ("Ann", "Bob", "Cid")
    assert result.pick_reason == "unclear"


def test_an_empty_box_leaves_the_choice_to_the_leader():
    result = tally({}, double=False, players=P4)
    assert (result.out, result.leader_picks, result.pick_from) == ((), 1, P4)


# --- Double Elimination ----------------------------------------------------------------------

def test_double_the_two_different_players_with_the_most_votes():
    result = tally({"Ann": 1, "Bob": 3, "Cid": 2}, double=True, players=P4)
    assert result.out == ("Bob", "Cid")
    assert result.groups == (("Bob",), ("Cid",))  # Bob, with the most votes, goes first
    assert result.leader_picks == 0


def test_double_three_or_more_tied_with_the_most_the_leader_picks_two():
    result = tally({"Ann": 2, "Bob": 2, "Cid": 2, "Dee": 1}, double=True, players=P4)
    assert (result.out, result.leader_picks) == ((), 2)
    assert result.pick_from == ("Ann", "Bob", "Cid")
    assert result.pick_reason == "tie"


def test_double_two_tied_with_the_most_are_both_voted_out():
    result = tally({"Ann": 2, "Bob": 2, "Cid": 1}, double=True, players=P4)
    assert result.out == ("Ann", "Bob")
    assert result.groups == (("Ann", "Bob"),)  # at the same time
    assert result.leader_picks == 0


def test_double_one_top_and_two_or_more_tied_second():
    # "the player with the most votes is voted out first. Then, the Tribal Council Leader
    # decides which of the tied players is also voted out."
    result = tally({"Ann": 3, "Bob": 1, "Cid": 1, "Dee": 1}, double=True, players=P4)
    assert result.out == ("Ann",)
    assert result.leader_picks == 1
    assert result.pick_from == ("Bob", "Cid", "Dee")
    assert result.pick_reason == "tie"


def test_double_unclear_only_one_player_got_votes():
    result = tally({"Cid": 4}, double=True, players=P4)
    assert result.out == ("Cid",)
    assert result.leader_picks == 1
    assert result.pick_from == ("Ann", "Bob", "Dee")
    assert result.pick_reason == "unclear"


def test_double_unclear_the_one_non_immune_player_with_no_votes_makes_up_the_second():
    result = tally({"Ann": 2, "Bob": 3}, double=True, players=("Ann", "Bob", "Cid"),
                   idols=("Bob",))
    assert result.out == ("Ann", "Cid")
    assert result.groups == (("Ann",), ("Cid",))


def test_double_unclear_idol_players_come_last():
    # Ann's 3 votes do not count; Dee is the only non-immune player; one more must go, and
    # only players who played an Idol are left to choose from.
    result = tally({"Ann": 3, "Bob": 1}, double=True, players=P4, idols=("Ann", "Bob", "Cid"))
    assert result.out == ("Dee",)
    assert result.leader_picks == 1
    assert result.pick_from == ("Ann", "Bob", "Cid")
    assert result.pick_reason == "unclear"


def test_double_idols_void_the_top_votes_and_the_next_two_go():
    result = tally({"Ann": 5, "Bob": 2, "Cid": 1}, double=True, players=P4, idols=("Ann",))
    assert result.out == ("Bob", "Cid")


def test_double_everyone_tied_at_zero_the_leader_picks_two():
    result = tally({"Ann": 0}, double=True, players=("Ann", "Bob", "Cid"))
    assert (result.out, result.leader_picks) == ((), 2)
    assert result.pick_from == ("Ann", "Bob", "Cid")
    assert result.pick_reason == "unclear"


def test_votes_listed_at_zero_count_as_no_votes():
    assert tally({"Ann": 0, "Bob": 1}, double=False, players=P4).out == ("Bob",)


# --- Bad input is refused in words -------------------------------------------------------------

@pytest.mark.parametrize("votes, idols, message", [
    ({"Zed": 1}, (), "Zed is not in the game"),
    ({"Ann": -1}, (), "whole number"),
    ({"Ann": 1.5}, (), "whole number"),
    ({"Ann": True}, (), "whole number"),
    ({"Ann": 1}, ("Zed",), "Zed is not in the game"),
])
def test_bad_votes_are_refused(votes, idols, message):
    with pytest.raises(RuleError, match=message):
        tally(votes, double=False, players=P4, idols=idols)


def test_bad_players_are_refused():
    with pytest.raises(RuleError):
        tally({}, double=False, players=("Ann", "Ann", "Bob"))
    with pytest.raises(RuleError):
        tally({}, double=False, players="Ann")
    with pytest.raises(RuleError):
        tally([("Ann", 1)], double=False, players=P4)
    with pytest.raises(RuleError):
        tally({}, double="yes", players=P4)
