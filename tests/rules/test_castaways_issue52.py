"""Castaways, issue 52: the Tribunal stays with the opposing team, no Team Swap after the
merge, an empty box said in words, and the readings the fifth audit found played but said
nowhere. Each test quotes its sentence of rules-texts/castaways-faq.txt (line number)."""
import pytest

from rules import TABLE
from rules.castaways import GAME

from testsupport.castaways import T, lineup, open_vote, play, refused, remove, started, to_tribunal
from testsupport.castaways import ten_players


def english(lines) -> tuple:
    """The rules' lines as their English (``str`` of each message)."""
    return tuple(str(line) for line in lines)


def team_of(state, player):
    return dict(state.player_team)[player]


# == l.77: the duty of adjudicating stays with the opposing team ===========================

@pytest.mark.parametrize("how", ["quit", "medical_evacuation"])
def test_the_adjudicator_leaving_during_the_tribunal_hands_the_duty_to_the_opposing_team(how):
    """l.77: "The Team Leader cannot also oversee the Outcast Tribunal, so they will simply
    hand the Team Leader card and the duty of adjudicating the tribunal to a player from the
    opposing team, most likely the Player that would be receiving it next." Team 1 is at the
    Tribunal; Ann (Team 1) handed the card to Ben (Team 2). Ben's last Castaway leaves during
    the Tribunal: the duty goes to Dan, the next player of Team 2 - never Cat (Team 1), who
    votes there."""
    state = to_tribunal(started(), "Team 2")
    assert state.tribunal.leader == "Ben"
    for c in ("Physical 4", "Physical 5"):  # Ben's two Castaways
        move = (T("remove_castaway", castaway=c, reason="quit") if how == "quit"
                else T("medical_evacuation", castaway=c))
        state = play(state, move)
    assert "Ben" in dict(state.eliminated)
    assert state.tribunal.leader == "Dan" and state.team_leader == "Dan"
    assert team_of(state, "Dan") != state.tribunal.team
    words = GAME.view(state, None)["tribunal"]["handoff"]
    assert words == ("Ben left the game during the Outcast Tribunal, so the Team Leader card "
                     "and the duty of adjudicating it went to Dan, the next player of the other "
                     "team (Team 2).")
    assert words in english(GAME.reminders(state))
    # Dan runs it: Cat (at the Tribunal) cannot open the vote in Dan's place
    state = open_vote(state)
    assert state.tribunal.step == "vote"


def test_the_adjudicator_never_becomes_a_voter_of_the_tribunal_in_random_order():
    """l.77 again, over every player of the opposing team leaving in turn: whoever holds the
    duty is of the opposing team while one is left."""
    state = to_tribunal(started(), "Team 2")  # Team 1 at the Tribunal
    for c in ("Physical 4", "Physical 5", "Physical 6", "Mental 4"):  # Ben's, then Dan's
        state = play(state, T("remove_castaway", castaway=c, reason="quit"))
        assert team_of(state, state.tribunal.leader) == "Team 2"


def test_with_no_player_of_the_opposing_team_left_the_losing_teams_own_player_adjudicates():
    """Reading: l.77's "a player from the opposing team" with none left - the losing team's
    own Team Leader holds the card, adjudicates and votes; the table's line says so."""
    state = remove(ten_players(), "Physical 4", "Physical 5", "Physical 6", "Mental 4",
                   "Mental 5")  # every Team 2 player out
    state = to_tribunal(state, "Team 2")  # Team 1 at the Tribunal
    leader = state.tribunal.leader
    assert team_of(state, leader) == "Team 1" and leader in state.tribunal.voters
    words = GAME.view(state, None)["tribunal"]["handoff"]
    assert words == (f"No player of the other team is left in the game. Choice: {leader}, of "
                     "Team 1, holds the Team Leader card, adjudicates this Outcast Tribunal and "
                     "votes at it.")
    assert words in english(GAME.reminders(state))
    assert any("opposing team" in r and "own" in r for r in GAME.readings)


# == l.47: a Team Swap under way has no effect once the teams merge =========================

def swap_under_way_at_eleven():
    """Round 3, Camp, 11 Castaways; Eve played the Team Swap with Fay as captain and one
    player is picked."""
    from rules import Action
    from testsupport.castaways import to_phase, vote_out
    state = vote_out(vote_out(started(team_swap=True), "Physical 4"), "Social 6")
    state = remove(to_phase(state, "camp"), "Physical 1", "Physical 2", "Mental 4", "Mental 5",
                   "Physical 5")
    assert state.round == 3 and not state.merged
    state = play(state, Action("Eve", "team_swap", {"captain": "Fay"}),
                 Action("Eve", "swap_pick", {"player": "Cat"}))
    assert state.swap is not None and state.swap.to_pick
    return state


def test_a_team_swap_under_way_has_no_effect_once_the_teams_merge():
    """l.47: "NOTE: The Team Swap card can only be played from round 3 onwards, and has no
    effect once the merge stage has been reached." A Castaway quits at 11 during the
    schoolyard pick: the teams merge at once, the pick and the split are no longer moves, and
    the merge checklist says the swap had no effect."""
    from rules import Action
    state = remove(swap_under_way_at_eleven(), "Physical 3")
    assert state.merged and state.swap is None
    assert [t for t, _ in state.lineups] == ["Merged tribe"]
    legal = set(GAME.legal_moves(state, "Fay")) | set(GAME.legal_moves(state, "Eve")) | set(
        GAME.legal_moves(state, TABLE))
    assert "swap_pick" not in legal and "swap_split" not in legal
    gone = "The Team Swap has no effect after the merge: the teams are one tribe now."
    refused(state, Action("Fay", "swap_pick", {"player": "Dan"}), gone)
    refused(state, T("swap_split", teams={"Team 1": [], "Team 2": []}), gone)
    assert GAME.view(state, None)["team_swap"] is None
    words = ("The Team Swap under way has no effect: the teams merged before it was done "
             "(\"has no effect once the merge stage has been reached\"). Discard the card.")
    assert words in GAME.view(state, None)["merge_checklist"]
    assert words in english(GAME.reminders(state))
    state = play(state, T("confirm_merge"))
    assert words not in english(GAME.reminders(state))


# == an empty box closed short ===============================================================

def test_an_empty_box_closed_short_says_it_holds_no_votes():
    """l.63: "Each Player only casts 1 vote per Outcast Tribunal" - the table may close the box
    short (a reading); closed with no vote in it, the line is a sentence, as Survivor's."""
    from rules.testing import said
    state = open_vote(to_tribunal(started(), "Team 1"))
    key = GAME.vote_call(state).key
    for tally in ({}, {"Physical 4": 0}):
        line = str(said(GAME, state, T("vote_result", key=key, tally=tally)))
        assert line.startswith("The box holds no votes.")
        assert "Votes read: ." not in line and "Votes read" not in line
    line = str(said(GAME, state, T("vote_result", key=key, tally={"Physical 4": 2})))
    assert line.startswith("Votes read: Physical 4 2.")


# == readings played but said nowhere, now chosen and said ===================================

def test_tied_again_while_every_other_castaway_present_is_safe_only_the_tied_roll():
    """l.75: "If voting is tied again the these two Castaways are now safe and all the other
    remaining Castaways attending the Outcast Tribunal are now eligible to be eliminated."
    The others attending are safe (an Advantage): none is eligible, so the two tied roll -
    and the line says the others are safe, not that nobody else is there."""
    state = to_tribunal(started(), "Team 1")
    safe = [c for c in lineup(state, "Team 2") if c not in ("Physical 4", "Physical 5")]
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Ben", safe=safe), T("open_vote"))
    for _ in range(2):
        state = play(state, T("vote_result", key=GAME.vote_call(state).key,
                              tally={"Physical 4": 2, "Physical 5": 2}))
    assert set(state.tribunal.dice_for) == {"Physical 4", "Physical 5"}
    reason = GAME.view(state, None)["tribunal"]["dice_reason"]
    assert "every other Castaway at the Tribunal is safe" in reason
    assert "nobody else is at the Tribunal" not in reason
    assert any(r.startswith("Tied again while every other Castaway present is safe")
               for r in GAME.readings)


def test_a_leader_who_goes_out_at_the_tribunal_leaves_the_card_for_a_round():
    """l.45: "the current Team Leader, followed by the next player set to become Team Leader".
    Ben received the card at Team 1's Tribunal (l.77) and went out there: Dan received it
    there and holds it for the next round (Choice), then it passes on to Eve."""
    state = to_tribunal(started(), "Team 2")
    state = remove(state, "Physical 4", "Physical 5")  # Ben's last Castaways
    assert state.team_leader == "Dan"
    state = play(open_vote(state), T("vote_result", key="tribunal-1-1",
                                     tally={"Physical 1": 4}))
    state = play(state, T("next_phase"))
    assert state.round == 2 and state.team_leader == "Dan"
    words = ("Ben went out at the Outcast Tribunal holding the Team Leader card. Choice: Dan, "
             "who received it there, holds it for this round before it passes on.")
    assert words in english(GAME.reminders(state))
    state = open_vote(to_tribunal(state, "Team 2"))  # Team 1's Tribunal: Dan adjudicates
    assert state.tribunal.leader == "Dan"
    state = play(state, T("vote_result", key=GAME.vote_call(state).key,
                          tally={"Physical 3": 3}))
    state = play(state, T("next_phase"))
    assert state.round == 3 and state.team_leader == "Eve"
    assert words not in english(GAME.reminders(state))
    assert any(r.startswith("A Team Leader who goes out at the Outcast Tribunal")
               for r in GAME.readings)


def test_a_protected_last_social_at_zero_health_is_said_safe_and_its_lock_restarts():
    """l.25: "If a team has only 1 Social Castaway left and a Camp Life card is played, e.g.
    Medical Evacuation, then the Social Castaway is safe"; l.33: "if still 0 at the same
    stage of the next round - that Castaway will be medically evacuated". With 16 Castaways
    Social 1 is Team 1's last Social: safe, its lock starting again (Choice), said so."""
    from testsupport.castaways import to_phase
    state = remove(started(), "Social 2", "Social 3")
    state = play(to_phase(state, "camp"), T("set_health", castaway="Social 1", value=0))
    words = ("Social 1 is at 0 health and, as the last Social Castaway of Team 1, safe from "
             "Medical Evacuation. Choice: its zero-health lock starts again each time it falls "
             "due, until the merge.")
    assert words in english(GAME.reminders(state))
    state = to_tribunal(state, "Team 1")
    state = open_vote(state)
    state = play(state, T("vote_result", key=GAME.vote_call(state).key,
                          tally={"Physical 4": 4}))
    state = to_phase(play(state, T("next_phase")), "camp")  # round 2's Camp: due, and safe
    assert "Social 1" not in state.pending_evacuations and "Social 1" in dict(state.lineups)[
        "Team 1"]
    assert words in english(GAME.reminders(state))
    assert any(r.startswith("A team's last Social at 0 health") for r in GAME.readings)


def test_a_last_social_cannot_quit_before_the_merge_and_is_told_why():
    """l.25: "There must always be 1 Social Castaway up until the teams have merged." The
    refusal says quitting, not "safe from this"."""
    state = remove(started(), "Social 2", "Social 3")
    refused(state, T("remove_castaway", castaway="Social 1", reason="quit"),
            "Social 1 is the last Social Castaway of Team 1 and cannot quit before the merge")
    with pytest.raises(Exception) as e:
        play(state, T("remove_castaway", castaway="Social 1", reason="quit"))
    assert "safe from this" not in str(e.value)
    assert any("holds for quitting too" in r for r in GAME.readings)


def test_the_outcome_says_outcast_panel_and_the_readings_say_the_ranking():
    """l.81: "The Outcast Panel will then vote for the final time" - not a jury."""
    assert any(r.startswith("The night's record places the Final's other finalist second")
               for r in GAME.readings)
