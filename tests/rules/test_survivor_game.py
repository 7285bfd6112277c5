"""Survivor: The Tribe Has Spoken — a game at the table, move by move, as the rulebook says."""
import json

import pytest

from rules import TABLE, Action, RuleError
from rules.survivor import GAME
from rules.testing import said as said_message
from testsupport.survivor import P4, act, ballots, council, new, turn_over

P3 = ("Ann", "Bob", "Cid")
P5 = ("Ann", "Bob", "Cid", "Dee", "Eve")


def english(lines) -> tuple:
    """The rules' sentences are messages: their English, to compare with the rule text."""
    return tuple(map(str, lines))


def said(game, before, action) -> str:
    """The history line's English."""
    return str(said_message(game, before, action))


def to_vote(state, kind="single"):
    """The player whose turn it is draws a Tribal Council card; welcome, discussion, vote."""
    leader = state.turn
    state = act(state, leader, "draw_tribal_council", kind=kind)
    state = act(state, leader, "begin_discussion")
    return act(state, leader, "start_vote")


def characters(state):
    return dict(zip(state.players, state.characters))


def box(state):
    """Each voter's votes in the Voting Box the table is waiting for."""
    call = GAME.vote_call(state)
    return {v: call.votes_of(v) for v in call.voters}


# --- Setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [(), ("Ann",), ("Ann", "Bob"),
                                     ("A", "B", "C", "D", "E", "F", "G")])
def test_setup_refuses_other_than_3_to_6_players(players):
    with pytest.raises(RuleError, match="3 to 6 players"):
        GAME.setup(players, {})


def test_setup_refuses_unclear_players_and_options():
    for players in [("Ann", "Ann", "Bob"), ("Ann", "", "Bob"), ("Ann", TABLE, "Bob"), "AnnBobCid"]:
        with pytest.raises(RuleError):
            GAME.setup(players, {})
    for options in [{"colour": "red"}, {"self_vote": "no"}, {"empty_draw_pile": "triple"},
                    {"final_leader": "oldest"}]:
        with pytest.raises(RuleError):
            GAME.setup(P4, options)


def test_each_player_has_2_survivor_characters_and_1_vote_card():
    state = GAME.setup(P5, {})
    assert state.characters == (2,) * 5
    assert state.vote_cards == (1,) * 5
    assert (state.single_left, state.double_left) == (2, 3)


def test_setup_reminders_say_which_tribal_council_cards_and_how_to_seed_them():
    text = "\n".join(english(GAME.reminders(GAME.setup(P3, {}))))
    assert "4 Single and 0 Double Elimination" in text
    assert "11, 11, 11 and 10" in text
    assert "at the very bottom" in text


def test_only_the_table_starts_and_the_first_player_can_be_picked():
    state = GAME.setup(P4, {})
    with pytest.raises(RuleError):
        act(state, "Ann", "start")
    with pytest.raises(RuleError):
        act(state, TABLE, "start", first_player="Zed")
    assert act(state, TABLE, "start", first_player="Cid").turn == "Cid"
    assert act(state, TABLE, "start").turn == "Ann"


# --- Taking your turn ------------------------------------------------------------------------

def test_turn_reminder_steal_play_then_draw():
    assert "Ann's turn: Steal, Play (or don't), then Draw!" in english(GAME.reminders(new()))


def test_play_continues_clockwise():
    state = new()
    order = []
    for _ in range(5):
        order.append(state.turn)
        state = act(state, state.turn, "draw_action")
    assert order == ["Ann", "Bob", "Cid", "Dee", "Ann"]


def test_only_the_player_whose_turn_it_is_draws():
    state = new()
    with pytest.raises(RuleError, match="Ann's turn"):
        act(state, "Bob", "draw_action")
    with pytest.raises(RuleError, match="not playing"):
        act(state, "Zed", "draw_action")
    assert act(state, TABLE, "draw_action").turn == "Bob"  # the table screen may record it


def test_unknown_moves_and_moves_out_of_phase_are_refused():
    with pytest.raises(RuleError, match="no move called"):
        act(new(), "Ann", "dance")
    with pytest.raises(RuleError, match="Not now"):
        act(new(), "Ann", "play_idol")
    with pytest.raises(RuleError):
        act(GAME.setup(P4, {}), "Ann", "draw_action")


def test_drawing_a_tribal_council_card_makes_the_drawer_the_leader():
    state = act(new(first="Bob"), "Bob", "draw_tribal_council", kind="double")
    assert state.phase == "tribal_council"
    assert state.council.leader == "Bob"
    assert state.council.kind == "double"
    assert (state.single_left, state.double_left) == (2, 1)
    assert "Welcome to Tribal Council" in "\n".join(english(GAME.reminders(state)))


def test_no_tribal_council_card_of_a_kind_that_is_used_up():
    state = new(P3)  # 4 Single, 0 Double
    with pytest.raises(RuleError, match="No Double Elimination"):
        act(state, "Ann", "draw_tribal_council", kind="double")
    with pytest.raises(RuleError):
        act(state, "Ann", "draw_tribal_council", kind="triple")


# --- Tribal Council: advantages, the vote ----------------------------------------------------

def test_tribal_council_steps_welcome_discussion_vote():
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    with pytest.raises(RuleError):
        act(state, "Ann", "start_vote")  # "Allow discussion until you decide..."
    with pytest.raises(RuleError, match="Tribal Council Leader"):
        act(state, "Bob", "begin_discussion")
    state = act(state, "Ann", "begin_discussion")
    assert "Now let's discuss who should be voted out" in "\n".join(english(GAME.reminders(state)))
    assert GAME.vote_call(state) is None
    state = act(state, "Ann", "start_vote")
    call = GAME.vote_call(state)
    assert call.key == "tribal-council-1"
    assert call.candidates == P4
    assert call.voters == P4  # "Everyone must vote."
    assert box(state) == {"Ann": 1, "Bob": 1, "Cid": 1, "Dee": 1}
    assert call.reveal == "one_by_one"


def test_tribal_advantage_votes_must_be_used_at_this_tribal_council():
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    state = act(state, "Bob", "play_tribal_advantage", votes=1)
    state = act(state, "Ann", "begin_discussion")
    state = act(state, TABLE, "play_tribal_advantage", player="Bob", votes=1)
    state = act(state, "Ann", "start_vote")
    assert box(state) == {"Ann": 1, "Bob": 3, "Cid": 1, "Dee": 1}
    assert GAME.view(state, None)["council"]["advantage_votes"] == {"Bob": 2}
    with pytest.raises(RuleError, match="NOT once voting has started"):
        act(state, "Cid", "play_tribal_advantage", votes=1)


def test_gained_votes_do_not_carry_over_to_the_next_tribal_council():
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    state = act(state, "Bob", "play_tribal_advantage", votes=2)
    state = act(act(state, "Ann", "begin_discussion"), "Ann", "start_vote")
    state = act(ballots(state, {"Cid": 4, "Dee": 2}), "Ann", "open_box")
    state = act(state, "Ann", "end_tribal_council")
    state = to_vote(state)  # Bob leads the next one
    assert box(state) == {"Ann": 1, "Bob": 1, "Cid": 1, "Dee": 1}


def test_a_player_plays_only_their_own_cards():
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    with pytest.raises(RuleError, match="own cards"):
        act(state, "Bob", "play_tribal_advantage", player="Cid", votes=1)
    with pytest.raises(RuleError):
        act(state, "Bob", "play_tribal_advantage", votes=0)


def test_extra_vote_cards_are_secret_used_now_or_saved():
    """ "If you have Extra Vote Cards, you can use them against the same player, a different
    player, or save them for later." """
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    state = act(state, "Cid", "use_extra_votes", count=2)
    state = act(state, "Cid", "use_extra_votes", count=1)  # changed mind: save one for later
    with pytest.raises(RuleError, match="Say which player"):
        act(state, TABLE, "use_extra_votes", count=1)
    with pytest.raises(RuleError, match="own cards"):
        act(state, "Bob", "use_extra_votes", player="Cid", count=3)
    line = said(GAME, state, Action("Dee", "use_extra_votes", {"count": 3}))
    assert "Dee" not in line and "3" not in line
    table = json.dumps(GAME.view(state, None))
    assert '"your_extra_vote_cards"' not in table
    assert GAME.view(state, "Cid")["council"]["your_extra_vote_cards"] == 1
    assert GAME.view(state, "Bob")["council"]["your_extra_vote_cards"] == 0
    state = act(act(state, "Ann", "begin_discussion"), "Ann", "start_vote")
    assert box(state) == {"Ann": 1, "Bob": 1, "Cid": 2, "Dee": 1}
    assert GAME.view(state, "Cid")["council"]["your_votes"] == 2
    state = ballots(state, {"Bob": 5})
    with pytest.raises(RuleError, match="has gone round"):
        act(state, "Cid", "use_extra_votes", count=0)


def test_a_player_without_a_vote_card_still_passes_the_box():
    """ "Then, pass the box to the player on your left (even if they don't have a Vote
    Card) ... Everyone must vote ... Why? So no one can hear how many votes are being cast."
    Dee, whose Vote Card went to Ann, is a voter like everyone, with a ballot of no votes."""
    state = act(new(), TABLE, "take_vote_card", player="Dee", to="Ann")
    assert state.vote_cards == (2, 1, 1, 0)
    with pytest.raises(RuleError, match="Dee has no Vote Card left"):
        act(state, TABLE, "take_vote_card", player="Dee")
    state = to_vote(state)
    assert GAME.vote_call(state).voters == P4
    assert box(state) == {"Ann": 2, "Bob": 1, "Cid": 1, "Dee": 0}
    assert GAME.view(state, None)["council"]["voters"] == list(P4)
    assert GAME.view(state, "Dee")["council"]["your_votes"] == 0


def test_extra_votes_do_not_make_a_player_a_voter():
    """ "If you have Extra Vote Cards, you can use them": whether a player without a Vote
    Card readies Extra Vote cards or not, every seat sees the same voters (the secret is how
    many votes Dee casts, and it stays on Dee's phone)."""
    without = act(new(), TABLE, "take_vote_card", player="Dee")
    readied = act(act(without, "Ann", "draw_tribal_council", kind="single"), "Dee",
                  "use_extra_votes", count=1)
    readied = act(act(readied, "Ann", "begin_discussion"), "Ann", "start_vote")
    plain = to_vote(without)
    assert box(readied)["Dee"] == 1 and box(plain)["Dee"] == 0
    assert GAME.vote_call(readied).voters == GAME.vote_call(plain).voters == P4
    for seat in (None, "Ann", "Bob", "Cid"):
        assert GAME.view(readied, seat) == GAME.view(plain, seat)
    # at the box, with no Vote Card, Dee may still use Extra Vote cards, or save them all
    state = act(plain, "Dee", "use_extra_votes", count=2)
    assert box(state)["Dee"] == 2
    assert box(act(state, "Dee", "use_extra_votes", count=0))["Dee"] == 0


def test_the_vote_result_comes_from_the_voting_box_only():
    state = to_vote(new())
    call = GAME.vote_call(state)
    with pytest.raises(RuleError, match="Voting Box"):
        act(state, "Ann", "vote_result", key=call.key, tally={"Bob": 4})
    with pytest.raises(RuleError, match="not waiting for"):
        act(state, TABLE, "vote_result", key="final-tribal-council", tally={"Bob": 4})
    with pytest.raises(RuleError, match="only 4 could"):
        act(state, TABLE, "vote_result", key=call.key, tally={"Bob": 5})
    with pytest.raises(RuleError, match="not on the ballot"):
        act(state, TABLE, "vote_result", key=call.key, tally={"Zed": 1})
    with pytest.raises(RuleError, match="whole number"):
        act(state, TABLE, "vote_result", key=call.key, tally={"Bob": "4"})
    with pytest.raises(RuleError):
        act(state, TABLE, "vote_result", key=call.key, tally=[["Bob", 4]])


def test_self_vote_is_an_option():
    assert GAME.vote_call(to_vote(new())).self_vote is True
    state = to_vote(new(self_vote=False))
    assert GAME.vote_call(state).self_vote is False
    assert any("vote for themselves" in line for line in GAME.view(state, None)["unconfirmed"])


# --- The Idol moment and the tally -----------------------------------------------------------

def test_the_votes_stay_secret_until_the_box_is_opened():
    state = ballots(to_vote(new()), {"Bob": 3, "Cid": 1})
    assert GAME.vote_call(state) is None
    assert state.council.step == "idols"
    for seat in (None, "Ann", "Bob"):
        view = GAME.view(state, seat)["council"]
        assert view["votes"] is None and view["box_opened"] is False
    assert said(GAME, state, Action("Ann", "open_box")).startswith("The votes: Bob 3, Cid 1")
    line = said(GAME, to_vote(new()), Action(TABLE, "vote_result",
                                                {"key": "tribal-council-1",
                                                 "tally": {"Bob": 3, "Cid": 1}}))
    assert "Bob" not in line


def test_idols_are_played_after_the_vote_and_before_the_tally():
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    with pytest.raises(RuleError, match="after the vote"):
        act(state, "Bob", "play_idol")
    state = ballots(to_vote(new()), {"Bob": 3, "Cid": 1})
    assert "Immunity Idol" in "\n".join(english(GAME.reminders(state)))
    state = act(state, "Bob", "play_idol")
    with pytest.raises(RuleError, match="already played"):
        act(state, "Bob", "play_idol")
    state = act(state, "Ann", "open_box")
    # Bob's 3 votes do not count: Cid goes.
    assert state.council.voted_out == ("Cid",)
    assert characters(state) == {"Ann": 2, "Bob": 2, "Cid": 1, "Dee": 2}
    with pytest.raises(RuleError, match="too late"):
        act(state, "Dee", "play_idol")


def test_the_companion_flow_idols_while_the_box_is_closed_then_reading():
    # The ballot box closes on the phones; the table opens its eyes for Idols; the leader
    # opens the box; the ballots are read; only then does the result reach the game.
    state = to_vote(new())
    key = GAME.vote_call(state).key
    state = act(state, TABLE, "open_eyes", key=key, voted=list(P4))
    assert GAME.vote_call(state).key == key  # the same vote is still wanted
    state = act(state, "Dee", "play_idol")
    state = act(state, "Ann", "open_box")
    assert state.council.step == "reading"
    assert GAME.vote_call(state).key == key
    with pytest.raises(RuleError):
        act(state, "Cid", "play_idol")
    state = ballots(state, {"Dee": 3, "Ann": 1})
    assert state.council.voted_out == ("Ann",)
    assert GAME.view(state, None)["council"]["voided"] == {"Dee": 3}


def test_single_elimination_tie_the_leader_chooses_on_their_own_phone():
    state = council(new(), "single", {"Bob": 2, "Cid": 2})
    assert state.council.step == "choice"
    view = GAME.view(state, None)["council"]["choice"]
    assert view == {"picks": 1, "pick_from": ["Bob", "Cid"], "reason": "tie", "by": "Ann",
                    "question": view["question"]}
    assert GAME.view(state, "Ann")["you"]["must_choose"] is True
    assert GAME.view(state, "Bob")["you"]["must_choose"] is False
    with pytest.raises(RuleError, match="Only Ann"):
        act(state, "Bob", "choose", players=["Cid"])
    with pytest.raises(RuleError, match="Only Ann"):
        act(state, TABLE, "choose", players=["Cid"])
    with pytest.raises(RuleError, match="not among"):
        act(state, "Ann", "choose", players=["Dee"])
    with pytest.raises(RuleError, match="exactly 1 player"):
        act(state, "Ann", "choose", players=["Bob", "Cid"])
    state = act(state, "Ann", "choose", players=["Cid"])
    assert state.council.voted_out == ("Cid",)
    assert state.council.step == "spoken"
    assert "The Tribe Has Spoken! Cid turns over" in "\n".join(english(GAME.reminders(state)))


def test_double_elimination_two_tied_at_the_top_are_both_voted_out():
    state = council(new(), "double", {"Bob": 2, "Cid": 2})
    assert state.council.voted_out == ("Bob", "Cid")
    assert characters(state) == {"Ann": 2, "Bob": 1, "Cid": 1, "Dee": 2}


def test_double_elimination_three_tied_the_leader_picks_two():
    state = council(new(), "double", {"Bob": 1, "Cid": 1, "Dee": 1, "Ann": 1})
    assert state.council.choice.picks == 2
    with pytest.raises(RuleError, match="different"):
        act(state, "Ann", "choose", players=["Bob", "Bob"])
    state = act(state, "Ann", "choose", players=["Dee", "Bob"])
    assert state.council.voted_out == ("Bob", "Dee")


def test_double_elimination_top_goes_first_then_the_leader_picks_among_the_tied_second():
    state = council(new(), "double", {"Bob": 2, "Cid": 1, "Dee": 1})
    assert state.council.voted_out == ("Bob",)  # already turned over
    assert state.council.choice.pick_from == ("Cid", "Dee")
    state = act(state, "Ann", "choose", player="Dee")
    assert state.council.voted_out == ("Bob", "Dee")


def test_unclear_the_leader_chooses_from_non_immune_players_with_no_votes():
    state = council(new(), "single", {"Bob": 4}, idols=("Bob",))
    assert state.council.choice.reason == "unclear"
    assert state.council.choice.pick_from == ("Ann", "Cid", "Dee")
    state = act(state, "Ann", "choose", players=["Ann"])  # the leader may choose themselves
    assert state.council.voted_out == ("Ann",)


def test_unclear_players_who_played_idols_only_when_nobody_else_is_left():
    state = council(new(), "double", {"Bob": 2, "Cid": 2}, idols=("Ann", "Bob", "Cid"))
    assert state.council.voted_out == ("Dee",)
    assert state.council.choice.pick_from == ("Ann", "Bob", "Cid")


def test_nobody_has_a_vote_the_box_still_goes_round_and_the_leader_decides():
    """ "Everyone must vote": with every Vote Card gone the box still goes round (an Extra
    Vote card may go in at the box); empty, it leaves the leader to decide ("Unclear")."""
    state = new(P3)
    for player in P3:
        state = act(state, TABLE, "take_vote_card", player=player)
    state = to_vote(state)
    assert GAME.vote_call(state).voters == P3
    assert box(state) == {"Ann": 0, "Bob": 0, "Cid": 0}
    state = act(ballots(state, {}), "Ann", "open_box")
    assert state.council.choice.pick_from == P3


# --- After the vote --------------------------------------------------------------------------

def test_vote_cards_return_and_play_continues_to_the_leaders_left():
    state = act(new(first="Cid"), TABLE, "take_vote_card", player="Bob", to="Cid")
    state = council(state, "single", {"Ann": 4})
    assert state.vote_cards == (1, 1, 1, 1)
    with pytest.raises(RuleError, match="Cid, the Tribal Council Leader"):
        act(state, "Bob", "end_tribal_council")
    state = act(state, "Cid", "end_tribal_council")
    assert (state.phase, state.turn) == ("turn", "Dee")


def test_a_player_with_both_characters_turned_over_is_out_and_joins_the_jury():
    state = turn_over(new(first="Cid"), "Dee")
    state = council(state, "single", {"Dee": 4})
    assert state.council.eliminated == ("Dee",)
    assert state.jury == ("Dee",)
    assert state.vote_cards == (1, 1, 1, 0)  # no Vote Card back for Dee
    state = act(state, "Cid", "end_tribal_council")
    assert state.turn == "Ann"  # Dee, on Cid's left, is out: Ann plays next
    state = act(state, "Ann", "draw_tribal_council", kind="single")
    with pytest.raises(RuleError, match="out of the game"):
        act(state, "Dee", "play_tribal_advantage", votes=1)
    state = act(act(state, "Ann", "begin_discussion"), "Ann", "start_vote")
    assert "Dee" not in GAME.vote_call(state).voters
    assert "Dee" not in GAME.vote_call(state).candidates


def test_the_leader_voted_out_at_their_own_tribal_council_still_decides():
    state = turn_over(new(), "Ann")
    state = council(state, "double", {"Ann": 2, "Bob": 1, "Cid": 1})
    assert state.council.eliminated == ("Ann",)
    state = act(state, "Ann", "choose", player="Bob")
    state = act(state, "Ann", "end_tribal_council")
    assert state.turn == "Bob"


def test_an_action_card_can_turn_over_a_character_on_a_turn():
    state = turn_over(new(), "Ann", "Ann")
    assert state.jury == ("Ann",)
    assert state.turn == "Bob"
    with pytest.raises(RuleError, match="out of the game"):
        turn_over(state, "Ann")
    with pytest.raises(RuleError, match="table screen"):
        act(state, "Bob", "turn_over", player="Cid")


# --- Down to 3 players -----------------------------------------------------------------------

def three_left(**options):
    """Ann, Bob, Cid in the game with one character each; Dee out. Ann's turn."""
    return turn_over(new(**options), "Dee", "Dee", "Ann", "Bob", "Cid")


def test_three_left_two_would_be_eliminated_at_once_the_leader_decides_which():
    state = council(three_left(), "double", {"Bob": 2, "Cid": 2}, advantage=[("Ann", 1)])
    assert state.council.choice.reason == "three_left"
    assert state.council.choice.pick_from == ("Bob", "Cid")
    state = act(state, "Ann", "choose", player="Cid")
    assert characters(state) == {"Ann": 1, "Bob": 1, "Cid": 0, "Dee": 0}
    assert state.phase == "final_tribal_council"
    assert state.final.finalists == ("Ann", "Bob")
    assert state.final.jury == ("Dee", "Cid")
    assert state.final.leader == "Cid"


def test_three_left_three_way_tie_the_leader_is_asked_once_which_one_is_eliminated():
    """ "If there are only 3 players left and 2 players would be eliminated at the same time
    (leaving you with only 1 player left in the game), the Tribal Council Leader decides which
    of the tied players is eliminated. Immediately begin The Final Tribal Council." """
    state = council(three_left(), "double", {"Ann": 1, "Bob": 1, "Cid": 1})
    # any 2 of the 3 would both be eliminated: one question, which 1 of the 3
    assert state.council.choice.reason == "three_left"
    assert (state.council.choice.picks, state.council.choice.pick_from) == (1, P3)
    question = GAME.view(state, None)["council"]["choice"]["question"]
    assert question == ("Only 3 players are left and 2 would be eliminated at the same time: "
                        "Ann decides which of the tied Ann, Bob and Cid is eliminated; the "
                        "Final Tribal Council begins at once.")
    with pytest.raises(RuleError, match="exactly 1 player"):
        act(state, "Ann", "choose", players=["Ann", "Cid"])
    state = act(state, "Ann", "choose", players=["Ann"])
    assert state.council.voted_out == ("Ann",)  # Bob and Cid keep their last card
    assert characters(state) == {"Ann": 0, "Bob": 1, "Cid": 1, "Dee": 0}
    assert state.final.finalists == ("Bob", "Cid")
    assert state.final.leader == "Ann"


def test_three_left_three_tied_but_one_has_two_characters_the_leader_picks_two():
    # Ann still has both characters: picking Ann and one other eliminates only one player,
    # so the leader first "decide[s] which 2 of the tied players are voted out".
    state = turn_over(new(), "Dee", "Dee", "Bob", "Cid")
    state = council(state, "double", {"Ann": 1, "Bob": 1, "Cid": 1})
    assert state.council.choice.reason == "tie"
    assert (state.council.choice.picks, state.council.choice.pick_from) == (2, P3)
    state = act(state, "Ann", "choose", players=["Ann", "Bob"])
    assert state.final.finalists == ("Ann", "Cid")  # Ann turned over one of her two


def test_three_left_one_of_the_two_still_has_both_characters():
    state = turn_over(new(), "Dee", "Dee", "Cid")
    state = council(state, "double", {"Bob": 2, "Cid": 2}, advantage=[("Bob", 1)])
    # both turn over; only Cid is eliminated, leaving 2 players
    assert characters(state) == {"Ann": 2, "Bob": 1, "Cid": 0, "Dee": 0}
    assert state.final.leader == "Cid"


def test_three_left_the_final_tribal_council_begins_after_just_the_first_is_voted_out():
    state = council(three_left(), "double", {"Bob": 2, "Cid": 1})
    assert state.council.voted_out == ("Bob",)
    assert characters(state)["Cid"] == 1  # never voted out: the game went straight on
    assert state.phase == "final_tribal_council"
    assert state.final.finalists == ("Ann", "Cid")


def test_three_left_single_elimination_leaves_the_final_two():
    state = council(three_left(), "single", {"Cid": 2, "Bob": 1})
    assert state.final.finalists == ("Ann", "Bob")
    assert state.final.leader == "Cid"
    assert "the Final Tribal Council begins" in said(GAME,
        ballots(to_vote(three_left()), {"Cid": 3}), Action("Ann", "open_box"))


def test_two_eliminated_at_once_the_tribal_council_leader_names_the_final_leader():
    state = turn_over(new(), "Bob", "Cid")
    state = council(state, "double", {"Bob": 2, "Cid": 2})
    assert state.council.choice.reason == "final_leader"
    assert state.jury == ("Bob", "Cid")
    state = act(state, "Ann", "choose", player="Cid")
    assert state.final.leader == "Cid"
    assert state.final.finalists == ("Ann", "Dee")


def test_two_eliminated_at_once_seat_order_option():
    state = turn_over(new(first="Cid", final_leader="seat_order"), "Bob", "Dee")
    state = council(state, "double", {"Bob": 2, "Dee": 2})
    assert state.final.leader == "Dee"  # clockwise from Cid: Dee comes before Bob


def test_an_action_card_leaving_two_players_starts_the_final_tribal_council_at_once():
    state = turn_over(new(P3), "Bob", "Bob")
    assert state.phase == "final_tribal_council"
    assert state.final.leader == "Bob"
    assert state.final.finalists == ("Ann", "Cid")


# --- The Final Tribal Council ----------------------------------------------------------------

def final_of_five():
    """Eve, then Dee, then Cid are out (in that order); Ann and Bob are the final two."""
    return turn_over(new(P5), "Eve", "Eve", "Dee", "Dee", "Cid", "Cid")


def test_the_jury_is_every_eliminated_player_led_by_the_most_recent():
    state = final_of_five()
    assert state.final.jury == ("Eve", "Dee", "Cid")
    assert state.final.leader == "Cid"
    text = "\n".join(english(GAME.reminders(state)))
    for question in ("What was your strategy coming into the game?",
                     "What was your best move in the game?",
                     "How did you outplay your opponent?"):
        assert question in text
    assert GAME.vote_call(state) is None


def test_the_jury_votes_secretly_and_the_votes_are_revealed_all_at_once():
    state = final_of_five()
    with pytest.raises(RuleError, match="Final Tribal Council Leader"):
        act(state, "Ann", "start_jury_vote")
    state = act(state, "Cid", "start_jury_vote")
    assert "3... 2... 1..." in "\n".join(english(GAME.reminders(state)))
    call = GAME.vote_call(state)
    assert call.voters == ("Eve", "Dee", "Cid")
    assert call.candidates == ("Ann", "Bob")
    assert call.reveal == "all_at_once"
    state = ballots(state, {"Ann": 1, "Bob": 2})
    assert state.phase == "over"
    assert state.winner == "Bob"
    assert english(GAME.reminders(state)) == ("Bob is the Sole Survivor!",)
    with pytest.raises(RuleError, match="Not now"):
        act(state, TABLE, "draw_action")


def test_a_tie_is_broken_by_the_final_tribal_council_leader():
    state = turn_over(new(), "Dee", "Dee", "Cid", "Cid")
    state = act(state, TABLE, "start_jury_vote")
    state = ballots(state, {"Ann": 1, "Bob": 1})
    assert state.final.step == "tie_break"
    assert GAME.view(state, "Cid")["you"]["must_break_tie"] is True
    with pytest.raises(RuleError, match="Only Cid"):
        act(state, "Ann", "break_tie", winner="Ann")
    with pytest.raises(RuleError, match="Only Cid"):
        act(state, TABLE, "break_tie", winner="Ann")
    with pytest.raises(RuleError):
        act(state, "Cid", "break_tie", winner="Dee")
    # "They DON'T have to pick the player they originally voted for."
    state = act(state, "Cid", "break_tie", winner="Ann")
    assert state.winner == "Ann"


# --- The last Tribal Council -----------------------------------------------------------------

@pytest.mark.parametrize("players", [P3, P4, P5, P5 + ("Fay",)])
def test_the_last_tribal_council_card_always_reaches_the_final_two(players):
    # Spread the votes as thinly as possible: each Tribal Council votes out whoever has the
    # most characters left. The Tribal Council cards for each player count still suffice:
    # they turn over 2n - 2 characters, and 2n - 2 leave at most 2 players in.
    state = new(players)
    while state.phase == "turn":
        kind = "double" if state.double_left else "single"
        ranked = sorted(state.still_in, key=lambda p: -state.characters_of(p))
        voters = len(state.still_in)
        votes = ({ranked[0]: voters - 1, ranked[1]: 1} if kind == "double"
                 else {ranked[0]: voters})
        state = council(state, kind, votes)
        if state.phase == "tribal_council":
            state = act(state, state.council.leader, "end_tribal_council")
    assert state.phase == "final_tribal_council"
    assert (state.single_left, state.double_left) == (0, 0)
    with pytest.raises(RuleError):
        act(state, "Ann", "draw_action")


# --- Views and history -----------------------------------------------------------------------

def test_views_are_plain_json_and_the_table_sees_no_secret():
    state = act(new(), "Ann", "draw_tribal_council", kind="double")
    state = act(state, "Bob", "use_extra_votes", count=2)
    state = act(act(state, "Ann", "begin_discussion"), "Ann", "start_vote")
    for seat in (None, *P4):
        json.dumps(GAME.view(state, seat))
    table = GAME.view(state, None)
    assert "you" not in table
    assert table["council"]["voters"] == list(P4)
    assert "your_votes" not in table["council"]
    assert GAME.view(state, "Bob")["council"]["your_votes"] == 3


def test_history_lines_name_what_happened_in_words():
    state = new()
    assert said(GAME, state, Action("Ann", "draw_tribal_council", {"kind": "double"})) == (
        "Ann drew a Double Elimination Tribal Council card and leads Tribal Council 1.")
    state = council(new(), "single", {"Bob": 3, "Cid": 1})
    assert "The Tribe Has Spoken! Bob" not in said(GAME, state, Action("Ann",
                                                                         "end_tribal_council"))
    line = said(GAME, ballots(to_vote(new()), {"Bob": 3, "Cid": 1}), Action("Ann", "open_box"))
    assert line == ("The votes: Bob 3, Cid 1. The Tribe Has Spoken! Bob turns over a Survivor "
                    "Character Card. Vote Cards go back to every player still in.")


def test_apply_never_changes_the_state_it_is_given():
    state = to_vote(new())
    before = state
    ballots(state, {"Bob": 4})
    assert state == before


# --- Readings said on screen (issue 35) ------------------------------------------------------

def test_seat_order_counts_the_tribal_council_leaders_own_seat_first():
    """"The player most recently eliminated is a member of the Jury AND the Final Tribal
    Council Leader." Two out at once, ``final_leader`` in seat order: clockwise from the Tribal
    Council Leader, their own seat first, so a leader who is out leads the Final."""
    state = turn_over(new(first="Cid", final_leader="seat_order"), "Bob", "Cid")
    state = council(state, "double", {"Bob": 2, "Cid": 2})   # Cid leads; Bob and Cid go out
    assert state.final.finalists == ("Ann", "Dee")
    assert state.final.leader == "Cid"                       # not Bob, the next seat on
    said = "\n".join(english(GAME.reminders(GAME.setup(P4, {"final_leader": "seat_order"}))))
    assert "the Tribal Council Leader's own seat first (a leader who is out leads it)" in said


def test_a_player_knocked_out_by_an_action_card_joins_the_jury():
    """"The Jury is made up of all the players who were voted out" - and "If both of your
    Survivor Character Cards have been turned over, you are eliminated ... But don't go too
    far, as you'll have an important role to play during the Final Tribal Council." A player
    knocked out by Action cards sits on the Jury too, and the history line says so."""
    before = turn_over(new(P5), "Eve")
    state = act(before, TABLE, "turn_over", player="Eve")
    assert state.jury == ("Eve",)
    line = str(GAME.describe(before, Action(TABLE, "turn_over", {"player": "Eve"}), state))
    assert line.startswith("An Action card turned over one of Eve's Survivor Character Cards. "
                           "Eve is eliminated and joins the jury. Choice: a player whose last "
                           "Survivor Character Card an Action card turns over is eliminated "
                           "and joins the Jury too")
    assert "joins the Jury too" in "\n".join(english(GAME.reminders(GAME.setup(P5, {}))))
    state = turn_over(state, "Dee", "Dee", "Cid", "Cid")
    assert state.final.jury == ("Eve", "Dee", "Cid")
