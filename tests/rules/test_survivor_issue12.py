"""Survivor: The Tribe Has Spoken — everyone votes, the box's moments, the table device.

Each test quotes the rule text it checks.
"""
import json

import pytest

from rules import TABLE, Action, RuleError
from rules.survivor import GAME
from rules.testing import said as said_message

P4 = ("Ann", "Bob", "Cid", "Dee")

def english(lines) -> tuple:
    """The rules' sentences are messages: their English, to compare with the rule text."""
    return tuple(map(str, lines))


def said(game, before, action) -> str:
    """The history line's English."""
    return str(said_message(game, before, action))



def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def new(players=P4, **options):
    return act(GAME.setup(players, options), TABLE, "start")


def discussion(state, kind="single"):
    leader = state.turn
    state = act(state, leader, "draw_tribal_council", kind=kind)
    return act(state, leader, "begin_discussion")


def to_vote(state, kind="single"):
    return act(discussion(state, kind), state.turn, "start_vote")


def box_back(state, voted=None):
    """The table screen sees the Voting Box come back and says who has voted."""
    call = GAME.vote_call(state)
    return act(state, TABLE, "open_eyes", key=call.key,
               voted=list(call.voters if voted is None else voted))


def read(state, votes):
    call = GAME.vote_call(state)
    return act(state, TABLE, "vote_result", key=call.key, tally=votes)


def turn_over(state, *players):
    for player in players:
        state = act(state, TABLE, "turn_over", player=player)
    return state


# --- "Everyone must vote." ----------------------------------------------------------------------

def test_a_box_holding_fewer_votes_than_the_voters_hold_is_not_read():
    """ "Everyone must vote. I'll go first." / "All players vote." """
    state = to_vote(new())
    with pytest.raises(RuleError, match="Everyone must vote: the box holds 3 votes of 4"):
        read(state, {"Bob": 2, "Cid": 1})
    with pytest.raises(RuleError, match="pass-and-play"):
        read(state, {})
    after = read(state, {"Bob": 3, "Cid": 1})
    assert dict(after.council.ballots) == {"Ann": 0, "Bob": 3, "Cid": 1, "Dee": 0}


def test_tribal_advantage_votes_must_be_in_the_box_too():
    """ "If any votes are gained from a Tribal Advantage Card, they MUST be used during the
    current Tribal Council." """
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    state = act(state, "Bob", "play_tribal_advantage", votes=2)
    state = act(act(state, "Ann", "begin_discussion"), "Ann", "start_vote")
    assert GAME.vote_call(state).votes_of("Bob") == 3
    with pytest.raises(RuleError, match="Everyone must vote"):
        read(state, {"Cid": 4})  # Bob's 2 gained votes are missing
    assert read(state, {"Cid": 4, "Dee": 2}).council.step == "idols"


def test_every_juror_must_point_at_the_final_tribal_council():
    """ "When every member of the Jury has a finger in the air ... every member of the Jury
    SIMULTANEOUSLY points at the player they think should WIN." """
    state = act(turn_over(new(), "Dee", "Dee", "Cid", "Cid"), TABLE, "start_jury_vote")
    with pytest.raises(RuleError, match="Everyone must vote"):
        read(state, {"Ann": 1})
    assert read(state, {"Ann": 2}).winner == "Ann"
    assert said(GAME, state, Action(TABLE, "vote_result", {
        "key": "final-tribal-council", "tally": {"Ann": 2}})) == (
        "The jury points: Ann 2, Bob 0. Ann is the Sole Survivor!")


def test_the_vote_calls_declare_that_the_box_may_not_close_short():
    """ "Everyone must vote." The companion's ballot box offers pass-and-play for the missing
    voters instead of closing short (``VoteCall.complete``)."""
    assert GAME.vote_call(to_vote(new())).complete is True
    final = act(turn_over(new(), "Dee", "Dee", "Cid", "Cid"), TABLE, "start_jury_vote")
    assert GAME.vote_call(final).complete is True


# --- The box goes round: eyes closed, no Idols ----------------------------------------------------

def test_eyes_open_only_once_every_voter_has_voted():
    """ "When the Voting Box is in front of you, open your eyes and put your Vote Card in the
    slot ... pass the box to the player on your left ... and close your eyes. Everyone must
    vote." Then: "Everyone, open your eyes." """
    state = to_vote(new())
    with pytest.raises(RuleError, match="table screen sees the Voting Box"):
        act(state, "Ann", "open_eyes")  # the leader's phone cannot see the box
    with pytest.raises(RuleError, match="Everyone must vote: Cid and Dee have not voted"):
        box_back(state, voted=["Ann", "Bob"])
    with pytest.raises(RuleError, match="Say which Voting Box"):
        act(state, TABLE, "open_eyes", key="tribal-council-9", voted=list(P4))
    with pytest.raises(RuleError, match="Say who has voted"):
        act(state, TABLE, "open_eyes", key=GAME.vote_call(state).key, voted="everyone")
    state = box_back(state)
    assert state.council.step == "idols"
    assert "Everyone has voted" in said(GAME, to_vote(new()), Action(
        TABLE, "open_eyes", {"key": "tribal-council-1", "voted": list(P4)}))


def test_idols_are_refused_while_the_box_goes_round():
    """ "Everyone, open your eyes. If anyone has an Immunity Idol and wants to play it, now
    would be the time to do so." """
    state = to_vote(new())
    for actor, args in (("Bob", {}), (TABLE, {"player": "Bob"})):
        with pytest.raises(RuleError, match="still going round"):
            act(state, actor, "play_idol", **args)
    state = act(box_back(state), "Bob", "play_idol")
    assert state.council.idols == ("Bob",)


# --- Extra Vote cards, played at the box -----------------------------------------------------------

def test_extra_vote_cards_are_played_at_the_box():
    """ "When the Voting Box is in front of you ... If you have Extra Vote Cards, you can use
    them against the same player, a different player, or save them for later." """
    state = to_vote(new())
    state = act(state, "Cid", "use_extra_votes", count=2)
    assert GAME.vote_call(state).votes_of("Cid") == 3
    assert GAME.view(state, "Cid")["council"]["your_votes"] == 3
    state = act(state, "Cid", "use_extra_votes", count=1)  # saves one for later
    assert GAME.vote_call(state).votes_of("Cid") == 2
    with pytest.raises(RuleError, match="Everyone must vote"):
        read(state, {"Bob": 4})  # Cid's Extra Vote is missing
    state = box_back(state)
    with pytest.raises(RuleError, match="has gone round"):
        act(state, "Cid", "use_extra_votes", count=0)


def test_extra_votes_at_the_box_without_a_vote_card():
    """ "pass the box to the player on your left (even if they don't have a Vote Card)":
    the box comes to a player without a Vote Card too, and "When the Voting Box is in front
    of you ... If you have Extra Vote Cards, you can use them", or save them all."""
    state = act(new(), TABLE, "take_vote_card", player="Dee")
    assert ("Choice: ready Extra Vote cards on your phone now or when the box comes to "
            "you.") in english(GAME.reminders(discussion(state)))
    state = act(discussion(state), "Dee", "use_extra_votes", count=1)
    state = act(state, "Ann", "start_vote")
    assert GAME.vote_call(state).voters == P4
    state = act(state, "Dee", "use_extra_votes", count=0)  # saved for later: no vote in the box
    assert GAME.vote_call(state).voters == P4
    assert GAME.vote_call(state).votes_of("Dee") == 0
    state = act(state, "Dee", "use_extra_votes", count=2)
    assert GAME.vote_call(state).votes_of("Dee") == 2

    state = to_vote(act(new(), TABLE, "take_vote_card", player="Dee"))
    assert GAME.vote_call(state).votes_of("Dee") == 0
    state = act(state, "Dee", "use_extra_votes", count=1)
    assert GAME.vote_call(state).votes_of("Dee") == 1


def test_extra_votes_for_a_player_without_a_phone_stay_secret():
    """Extra Vote cards are secret: "You CAN'T show another player your cards unless a card
    makes you." The table device, handed to the player, sets them in the player's name."""
    state = to_vote(new())
    with pytest.raises(RuleError, match="Say which player"):
        act(state, TABLE, "use_extra_votes", count=1)
    action = Action(TABLE, "use_extra_votes", {"player": "Dee", "count": 2})
    # "So no one can hear how many votes are being cast": a secret move leaves no line at all
    assert said(GAME, state, action) == ""
    assert GAME.moves["use_extra_votes"].secret
    state = GAME.apply(state, action)
    assert GAME.vote_call(state).votes_of("Dee") == 3
    table = json.dumps(GAME.view(state, None))
    assert "your_extra_vote_cards" not in table and "your_votes" not in table
    assert GAME.view(state, "Cid")["council"]["your_extra_vote_cards"] == 0
    assert GAME.view(state, "Dee")["council"]["your_extra_vote_cards"] == 2


# --- The leader decides, on a phone or on the table device -----------------------------------------

def test_the_leader_without_a_phone_settles_a_tie_on_the_table_device():
    """ "Single Elimination Tribal Council: The Tribal Council Leader gets to decide which of
    the tied players is voted out." """
    state = read(to_vote(new()), {"Bob": 2, "Cid": 2})
    state = act(state, "Ann", "open_box")
    assert state.council.choice.pick_from == ("Bob", "Cid")
    with pytest.raises(RuleError, match="Only Ann, the Tribal Council Leader, decides: on "
                                        "their phone, or on the table device"):
        act(state, TABLE, "choose", players=["Cid"])
    with pytest.raises(RuleError, match="Only Ann"):
        act(state, TABLE, "choose", players=["Cid"], by="Bob")
    action = Action(TABLE, "choose", {"players": ["Cid"], "by": "Ann"})
    assert said(GAME, state, action).startswith("Ann chose Cid on the table device.")
    state = GAME.apply(state, action)
    assert state.council.voted_out == ("Cid",)
    assert "on the table device handed to them" in " ".join(english(GAME.reminders(
        act(read(to_vote(new()), {"Bob": 2, "Cid": 2}), "Ann", "open_box"))))


def test_the_final_leader_without_a_phone_breaks_the_tie_on_the_table_device():
    """ "If both players in the final two get the same number of votes, the Final Tribal
    Council Leader breaks the tie by choosing the winner." """
    state = act(turn_over(new(), "Dee", "Dee", "Cid", "Cid"), TABLE, "start_jury_vote")
    state = read(state, {"Ann": 1, "Bob": 1})
    with pytest.raises(RuleError, match="Only Cid"):
        act(state, TABLE, "break_tie", winner="Bob", by="Dee")
    action = Action(TABLE, "break_tie", {"winner": "Bob", "by": "Cid"})
    assert said(GAME, state, action) == (
        "Cid broke the tie on the table device: Bob is the Sole Survivor!")
    assert GAME.apply(state, action).winner == "Bob"


# --- Time to Strategize, and setup -----------------------------------------------------------------

def test_the_limits_appear_with_the_turn_reminder():
    """ "You CAN'T give another player a card unless a card makes you. You CAN'T show another
    player your cards unless a card makes you. You CAN'T hide how many cards you have." """
    reminders = english(GAME.reminders(new()))
    assert reminders[0] == "Ann's turn: Steal, Play (or don't), then Draw!"
    assert reminders[1] == ("You CAN'T give another player a card unless a card makes you. "
                            "You CAN'T show another player your cards unless a card makes you. "
                            "You CAN'T hide how many cards you have.")


@pytest.mark.parametrize("options", [[("self_vote", True)], "self_vote", 3, ("final_leader",)])
def test_setup_options_must_be_a_mapping(options):
    """Setup options name each value the rule text leaves open; anything else is refused."""
    with pytest.raises(RuleError, match="options"):
        GAME.setup(P4, options)
    assert GAME.setup(P4, None).options.self_vote is True
