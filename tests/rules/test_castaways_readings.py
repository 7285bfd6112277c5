"""Castaways, issue 35: the readings the app chose where the FAQ is open, each said on the
screen, each tested here so that a change of behaviour fails (rules-texts/castaways-faq.txt)."""
from rules.castaways import GAME

from testsupport.castaways import (T, lineup, open_vote, play, remove, started, ten_players,
                                   to_tribunal, vote)


def english(lines) -> tuple:
    """The rules' lines as their English (``str`` of each message)."""
    return tuple(str(line) for line in lines)


def texts(state):
    return " ".join(english(GAME.reminders(state)))


def notes(state):
    return GAME.view(state, None)["notes"]


def at_team2_tribunal():
    """Team 2 (Ben, Dan, Fay, Hal: 4 votes) at the Outcast Tribunal, the vote open."""
    return open_vote(to_tribunal(started(), "Team 1"))


def test_three_tied_on_most_votes_all_go_to_the_revote():
    """"If voting is tied, then revote. However now the Players can only vote for the two
    Castaways that just received the highest votes." Three tied: all three are in the revote
    (Choice), and the screen says so."""
    state = vote(at_team2_tribunal(), {"Physical 4": 1, "Physical 5": 1, "Physical 6": 1})
    call = GAME.vote_call(state)
    assert call.candidates == ("Physical 4", "Physical 5", "Physical 6")
    words = ('Choice: Physical 4, Physical 5 and Physical 6 tied on most votes, so all 3 are '
             'in the revote (the text speaks of "the two Castaways that just received the '
             'highest votes").')
    assert GAME.view(state, None)["tribunal"]["revote_reading"] == words
    assert words in english(GAME.reminders(state))
    assert any(n.startswith("Choice: three or more tied on most votes all go to the revote")
               for n in notes(state))
    # two tied: nothing more to say
    two = vote(at_team2_tribunal(), {"Physical 4": 2, "Physical 5": 2})
    assert GAME.view(two, None)["tribunal"]["revote_reading"] is None


def test_tied_again_with_nobody_else_at_the_tribunal_the_die_decides_between_the_tied():
    """"If voting is tied again the these two Castaways are now safe and all the other
    remaining Castaways attending the Outcast Tribunal are now eligible to be eliminated."
    With nobody else to go to the die, the die decides between the two tied (Choice)."""
    state = to_tribunal(started(), "Team 1")
    safe = [c for c in lineup(state, "Team 2") if c not in ("Physical 4", "Physical 5")]
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Ben", safe=safe), T("open_vote"))
    state = vote(vote(state, {"Physical 4": 2, "Physical 5": 2}),
                 {"Physical 4": 2, "Physical 5": 2})
    assert state.tribunal.step == "dice"
    assert set(state.tribunal.dice_for) == {"Physical 4", "Physical 5"}
    reason = GAME.view(state, None)["tribunal"]["dice_reason"]
    assert reason == ("Tied again, and every other Castaway at the Tribunal is safe, so none "
                      "can go to the die instead. Choice: Ann rolls the die for the tied "
                      "Physical 4, Physical 5; the lowest is out.")
    state = play(state, T("roll_off", rolls={"Physical 4": 2, "Physical 5": 5}))
    assert state.departed[-1].castaway == "Physical 4"


def test_a_player_may_abstain_at_an_outcast_tribunal_but_not_at_the_final():
    """"Each Player only casts 1 vote per Outcast Tribunal" - a limit, not "everyone must
    vote": the box may be closed short (the table asks first), and a count short of the voters
    is read. The Final is decided by the whole panel ("so that a draw is not possible")."""
    state = at_team2_tribunal()
    call = GAME.vote_call(state)
    assert len(call.voters) == 4 and not call.complete
    state = vote(state, {"Physical 4": 2})          # 2 of 4 voted
    assert state.departed[-1].castaway == "Physical 4"
    assert any(n.startswith("Choice: a player may abstain at an Outcast Tribunal")
               for n in notes(state))
    final = remove(ten_players(), "Physical 1", "Physical 4", "Physical 2", "Physical 5",
                   "Physical 3", "Physical 6", "Mental 4", "Mental 5")
    final = play(final, T("open_final_vote"))
    assert GAME.vote_call(final).complete


def test_the_eighth_castaway_out_can_be_the_third_last_players_then_the_final_comes_unmerged():
    """"Once 8 Castaways have been removed ... the teams will merge" and "Immediately after the
    3rd last Player is out fo the game ... we go straight to the Final Outcast Tribunal". When
    one exit does both, the Final comes at once, with no merge (Choice), and the Final says
    so."""
    state = remove(ten_players(), "Physical 1", "Physical 4", "Physical 2", "Physical 5",
                   "Physical 3", "Physical 6", "Mental 4")
    assert not state.merged and state.phase != "final"
    state = remove(state, "Mental 5")               # the 8th out: Jon, the 3rd-last player
    assert state.phase == "final" and not state.merged
    assert sum(len(lu) for _, lu in state.lineups) == 10
    words = GAME.view(state, None)["final"]["before_merge"]
    assert words.endswith("The Castaway that brought the game to the merge's count also put "
                          "the 3rd-last player out: the Final comes at once, with no merge.")
    assert words in english(GAME.reminders(state))
    assert not state.merge_checklist
