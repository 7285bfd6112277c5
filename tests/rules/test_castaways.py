"""Castaways: the public rules API, case by case from the FAQ (rules-texts/castaways-faq.txt).

Players are the people; Castaways are the characters on the cards.
"""
import pytest

from rules import RuleError
from rules.castaways import (
    GAUGE_MAX,
    GAUGE_MIN,
    check_sit_outs,
    castaways_per_player,
    coconut_rolls_needed,
    coconut_toss,
    dice_rolloff,
    forced_play_order,
    highest_roll,
    obstacle_stage,
    on_gauge,
    outcast_panel_size,
    tribunal_outcome,
)

# -- "The number of Castaways that are picked by each Player is determined by the player count"


@pytest.mark.parametrize("players, each",
                         [(5, 3), (6, 3), (7, 2), (8, 2), (10, 1), (14, 1), (18, 1)])
def test_castaways_per_player_follows_the_table(players, each):
    assert castaways_per_player(players) == each


def test_nine_players_is_not_in_the_text_and_gets_two_each():
    # "7-8 – 2 ... 10-18 – 1": 9 is skipped; 2 each uses the 18 Castaways exactly.
    assert castaways_per_player(9) == 2
    assert 9 * castaways_per_player(9) == 18


@pytest.mark.parametrize("players", [0, 4, 19, 30, -5])
def test_fewer_than_5_or_more_than_18_players_cannot_play(players):
    with pytest.raises(RuleError, match="at least 5|at most 18"):
        castaways_per_player(players)


@pytest.mark.parametrize("players", ["8", 8.0, True, None])
def test_the_player_count_is_a_whole_number(players):
    with pytest.raises(RuleError):
        castaways_per_player(players)


# -- "The Outcast Panel is made up of the highest odd amount of Players that made it to merge"


def test_outcast_panel_from_the_text_example():
    # "You started with 8 Players, One was eliminated pre-merge, Seven Players made it to
    # merge, Two are competing at the Final Outcast Tribunal ... Outcast Panel ... 5 Players"
    assert outcast_panel_size(7) == 5


@pytest.mark.parametrize("at_merge, panel",
                         [(3, 1), (4, 1), (5, 3), (6, 3), (8, 5), (9, 7), (10, 7)])
def test_outcast_panel_is_odd_so_a_draw_is_not_possible(at_merge, panel):
    assert outcast_panel_size(at_merge) == panel
    assert panel % 2 == 1


@pytest.mark.parametrize("at_merge", [2, 1, 0, -1, "7", True])
def test_outcast_panel_needs_three_players_at_the_merge(at_merge):
    with pytest.raises(RuleError):
        outcast_panel_size(at_merge)


# -- Forced Play: "starting with the current Team Leader, followed by the next player set to
#    become Team Leader, and so on"

ORDER = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def test_forced_play_starts_with_the_current_team_leader():
    assert forced_play_order(ORDER, "Cat", ["Ben", "Cat", "Eve"]) == ["Cat", "Eve", "Ben"]


def test_forced_play_skips_to_the_next_player_set_to_become_leader():
    # The leader holds no '!' card: the next player in the card's order who holds one starts.
    assert forced_play_order(ORDER, "Dan", ["Ann", "Cat"]) == ["Ann", "Cat"]
    assert forced_play_order(ORDER, "Fay", ["Eve", "Fay", "Ann"]) == ["Fay", "Ann", "Eve"]


def test_forced_play_accepts_a_mapping_of_holders_and_no_holders():
    assert forced_play_order(ORDER, "Ann", {"Fay": 2, "Ben": 1}) == ["Ben", "Fay"]
    assert forced_play_order(ORDER, "Ann", []) == []


@pytest.mark.parametrize("order, leader, holders", [
    (ORDER, "Zed", ["Ann"]),          # the leader is not in the order
    (ORDER, "Ann", ["Zed"]),          # a holder is not in the order
    (["Ann", "Ann"], "Ann", []),      # a player twice in the order
    (ORDER, "Ann", "Ben"),            # a bare string is not a list of players
    ("AnnBen", "Ann", []),
])
def test_forced_play_refuses_bad_input(order, leader, holders):
    with pytest.raises(RuleError):
        forced_play_order(order, leader, holders)


# -- Outcast Tribunal counting


def test_most_votes_is_out():
    result = tribunal_outcome({"Jade": 3, "Kai": 1, "Lou": 0})
    assert (result.out, result.revote_between, result.dice_for) == ("Jade", (), ())


def test_a_tie_means_a_revote_between_the_top_two():
    # "If voting is tied, then revote. However now the Players can only vote for the two
    # Castaways that just received the highest votes."
    result = tribunal_outcome({"Jade": 2, "Kai": 2, "Lou": 1},
                              attending=("Jade", "Kai", "Lou", "Max"))
    assert result.out is None
    assert result.revote_between == ("Jade", "Kai")
    assert result.dice_for == ()


def test_a_three_way_tie_revotes_between_all_tied_on_most():
    result = tribunal_outcome({"Jade": 1, "Kai": 1, "Lou": 1})
    assert result.revote_between == ("Jade", "Kai", "Lou")


def test_a_revote_with_a_clear_result_puts_that_castaway_out():
    assert tribunal_outcome({"Jade": 3, "Kai": 2}, revote=True).out == "Jade"


def test_a_tie_again_makes_the_two_safe_and_the_die_decides_among_the_others():
    # "If voting is tied again the these two Castaways are now safe and all the other
    # remaining Castaways attending the Outcast Tribunal are now eligible to be eliminated."
    result = tribunal_outcome({"Jade": 2, "Kai": 2}, revote=True,
                              attending=("Jade", "Kai", "Lou", "Max"))
    assert result.out is None
    assert result.revote_between == ()
    assert result.dice_for == ("Lou", "Max")


def test_a_tie_again_with_nobody_else_there_rolls_for_the_tied():
    # Not in the text: somebody must go, so the die is rolled for the two.
    result = tribunal_outcome({"Jade": 2, "Kai": 2}, revote=True, attending=("Jade", "Kai"))
    assert result.dice_for == ("Jade", "Kai")


def test_nobody_eligible_means_a_die_for_every_attending_castaway():
    # "If there are no Castaways eligible to be voted for ... the Tribunal Leader will roll a
    # dice for each of the Castaways at the Outcast Tribunal"
    result = tribunal_outcome({}, attending=("Jade", "Kai", "Lou"))
    assert result.dice_for == ("Jade", "Kai", "Lou")
    assert result.out is None and result.revote_between == ()


def test_nobody_voting_at_all_is_a_tie_between_every_castaway():
    assert tribunal_outcome({"Jade": 0, "Kai": 0}).revote_between == ("Jade", "Kai")


@pytest.mark.parametrize("votes, attending", [
    ({"Jade": -1, "Kai": 2}, ()),
    ({"Jade": "2"}, ()),
    ({"Jade": True}, ()),
    ({"Zed": 2}, ("Jade", "Kai")),     # a vote for someone not at this Tribunal
    ({}, ()),                           # nobody there at all
    (["Jade"], ()),
    ({"Jade": 1}, "Jade"),
])
def test_tribunal_outcome_refuses_bad_input(votes, attending):
    with pytest.raises(RuleError):
        tribunal_outcome(votes, attending=attending)


# -- The die: "the rule is always 'highest value wins/is safe'"


def test_roll_off_lowest_is_out():
    assert dice_rolloff({"Lou": 4, "Max": 2, "Ned": 6}).out == ("Max",)


def test_roll_off_lowest_tied_roll_again():
    result = dice_rolloff({"Lou": 2, "Max": 2, "Ned": 6})
    assert result.out == ()
    assert result.reroll == ("Lou", "Max")
    assert result.reroll_out == 1


def test_challenge_roll_off_two_lowest_are_out():
    # "there are 4 Castaways with the same value ... the dice is rolled for each Castaway. The
    # two Castaways with the lowest rolled value are out."
    assert set(dice_rolloff({"A": 5, "B": 1, "C": 3, "D": 6}, lowest_out=2).out) == {"B", "C"}


def test_challenge_roll_off_tie_at_the_cut_rerolls_for_the_last_place():
    result = dice_rolloff({"A": 5, "B": 1, "C": 3, "D": 3}, lowest_out=2)
    assert result.out == ("B",)
    assert result.reroll == ("C", "D")
    assert result.reroll_out == 1


@pytest.mark.parametrize("rolls, k", [({"A": 0, "B": 3}, 1), ({"A": 7}, 1), ({"A": 3}, 2),
                                      ({}, 1), ({"A": 3, "B": 4}, 0), ({"A": "3"}, 1)])
def test_roll_off_refuses_bad_dice(rolls, k):
    with pytest.raises(RuleError):
        dice_rolloff(rolls, lowest_out=k)


def test_highest_roll_wins_and_a_tie_rolls_again():
    assert highest_roll({"Team 1": 5, "Team 2": 2}) == ("Team 1", ())
    assert highest_roll({"Team 1": 4, "Team 2": 4}) == (None, ("Team 1", "Team 2"))


# -- Health gauges


def test_a_gauge_never_leaves_0_to_10():
    assert (GAUGE_MIN, GAUGE_MAX) == (0, 10)
    assert on_gauge(-3) == 0
    assert on_gauge(14) == 10
    assert on_gauge(6) == 6


# -- Challenges


def test_obstacle_stage_from_the_text_example():
    # "Strength 7 Speed 6 Balance 7 ... If the Castaway cannot meet that value for Strength,
    # then they lose a point and move on to Speed. If they equal or exceed that value then
    # they move onto Balance ... In total that Castaway would only have lost 1 health point"
    need = {"Strength": 7, "Speed": 6, "Balance": 7}
    lost = obstacle_stage(need, {
        "Jade": {"Strength": 6, "Speed": 6, "Balance": 7},   # fails Strength only
        "Kai": {"Strength": 9, "Speed": 8, "Balance": 8},    # meets or exceeds all
        "Lou": {"Strength": 1, "Speed": 1, "Balance": 1},    # fails all three
    })
    assert lost == {"Jade": 1, "Kai": 0, "Lou": 3}


def test_obstacle_stage_needs_the_traits():
    with pytest.raises(RuleError, match="no Balance"):
        obstacle_stage({"Balance": 7}, {"Jade": {"Strength": 6}})
    with pytest.raises(RuleError):
        obstacle_stage({}, {"Jade": {"Strength": 6}})


def test_a_bag_holder_drops_only_with_more_coconuts_than_strength():
    # "A Castaway with a strength of 7 will drop their bag once a value of 8 or more"
    assert coconut_rolls_needed([7], [4, 3, 1]) == 3           # 4+3 = 7 holds, +1 = 8 drops
    assert coconut_rolls_needed([7], [6, 2]) == 2               # 8 drops
    # Next holder starts with an empty bag.
    assert coconut_rolls_needed([2, 3, 1], [3, 4, 2]) == 3


def test_coconut_rolls_must_end_when_the_last_holder_drops():
    with pytest.raises(RuleError, match="still holds"):
        coconut_rolls_needed([7, 5], [6, 2, 3])
    with pytest.raises(RuleError, match="before the last roll"):
        coconut_rolls_needed([2], [3, 1])
    with pytest.raises(RuleError):
        coconut_rolls_needed([2], [7])


def test_coconut_toss_fewest_rolls_wins():
    assert coconut_toss({"Team 1": 9, "Team 2": 11}, {}).winner == "Team 1"


def test_coconut_toss_tie_goes_to_the_higher_endurance_sum():
    result = coconut_toss({"Team 1": 9, "Team 2": 9}, {"Team 1": 15, "Team 2": 17})
    assert (result.winner, result.decided_by) == ("Team 2", "endurance")


def test_coconut_toss_equal_endurance_goes_to_the_die():
    waiting = coconut_toss({"Team 1": 9, "Team 2": 9}, {"Team 1": 15, "Team 2": 15})
    assert waiting.winner is None and waiting.reroll == ("Team 1", "Team 2")
    decided = coconut_toss({"Team 1": 9, "Team 2": 9}, {"Team 1": 15, "Team 2": 15},
                           {"Team 1": 2, "Team 2": 5})
    assert (decided.winner, decided.decided_by) == ("Team 2", "dice")
    again = coconut_toss({"Team 1": 9, "Team 2": 9}, {"Team 1": 15, "Team 2": 15},
                         {"Team 1": 3, "Team 2": 3})
    assert again.winner is None and again.reroll == ("Team 1", "Team 2")


def test_sit_outs_even_the_numbers_and_never_twice_in_a_row():
    team = ("A", "B", "C", "D")
    assert check_sit_outs(["B"], team, 1, ["A"]) == ("B",)
    with pytest.raises(RuleError, match="twice in a row"):
        check_sit_outs(["A"], team, 1, ["A"])
    with pytest.raises(RuleError, match="exactly 2"):
        check_sit_outs(["B"], team, 2, [])
    with pytest.raises(RuleError, match="not in the team"):
        check_sit_outs(["Z"], team, 1, [])


def test_a_repeat_sit_out_only_when_it_cannot_be_avoided():
    # 3 must sit out of 4 and 2 sat out last time: one repeat cannot be avoided.
    assert len(check_sit_outs(["A", "C", "D"], ("A", "B", "C", "D"), 3, ["A", "B"])) == 3
    with pytest.raises(RuleError):
        check_sit_outs(["A", "B", "C"], ("A", "B", "C", "D"), 3, ["A", "B"])
