"""Castaways, issue 12: the Coconut Toss, the merge at 10, a due Medical Evacuation before the
Challenge, the next most appropriate Castaway, a Challenge field cut by the die, why the die
decides, and the open choices said on screen. Each test quotes the rule text it checks
(rules-texts/castaways-faq.txt)."""
import pytest

from rules.castaways import GAME
from testsupport.castaways import (ROSTER, STRONG, WEAK, T, coconut_challenge, lineup, merged_game,
                                   open_vote, play, refused, remove, started, ten_players,
                                   to_phase, to_tribunal, vote, vote_out,
                                   english, said)


def texts(state):
    return " ".join(english(GAME.reminders(state)))


# == The Coconut Toss ========================================================================


def test_each_team_throws_at_the_opposing_teams_bag_holders():
    """"The two teams will compete to see which team can knock out all 3 opposing bag holders
    with the least amount of dice rolls." Team 1 throws at Team 2's weak holders (Strength 2:
    a bag drops at 3), Team 2 at Team 1's strong ones (9, 8, 7: drops at 10, 9, 8)."""
    state = coconut_challenge()
    state = play(state, T("coconut_toss", holders={"Team 1": STRONG, "Team 2": WEAK},
                          rolls={"Team 1": [3, 3, 3], "Team 2": [5, 5, 5, 4, 4, 4]}))
    # Strong holders make their own team win: Team 1 needed 3 throws, Team 2 needed 6.
    assert state.challenge_winner == "Team 1"
    assert str(state.challenge_note) == (
        "Coconut Toss: Team 1 knocked out Team 2's bag holders in 3 throws, Team 2 knocked out "
        "Team 1's in 6: Team 1 wins.")
    assert str(state.challenge_note) in texts(state)


def test_throws_are_counted_against_the_rival_strength_not_their_own():
    """"for them to drop the bag they must have more coconuts in it than they are able to
    hold. Eg. A Castaway with a strength of 7 will drop their bag once a value of 8 or more
    has been totalled." Three 3s knock out Team 2's holders, never Team 1's own."""
    state = coconut_challenge()
    refused(state, T("coconut_toss", holders={"Team 1": STRONG, "Team 2": WEAK},
                     rolls={"Team 1": [3, 3, 3], "Team 2": [3, 3, 3]}),
            "Team 2's throws at Team 1's bag holders: Bag holder 1 still holds the bag")


def test_equal_throws_go_to_the_higher_endurance_of_a_teams_own_bag_holders():
    """"If the two teams have rolled an equal amount, then the tiebreaker is to add the
    Endurance values of each of the 3 bag holders. The team with the highest sum value is
    the winning team and is safe." Team 1's holders: Endurance 1+2+3; Team 2's: 4+5+6."""
    roster = [{**c, "traits": {"Strength": 2, "Endurance": c["traits"]["Endurance"]}}
              for c in ROSTER]
    state = coconut_challenge(started(castaways=roster))
    state = play(state, T("coconut_toss", holders={"Team 1": STRONG, "Team 2": WEAK},
                          rolls={"Team 1": [3, 3, 3], "Team 2": [6, 6, 6]}))
    assert state.challenge_winner == "Team 2"
    assert "Endurance 6 to 15" in str(state.challenge_note)


def test_the_bag_holders_are_the_three_strongest_never_a_sit_out():
    """"Select the 3 Castaways with the greatest strength trait ... However, you still cannot
    pick any Castaway that was chosen to sit out of the challenge due to uneven team
    numbers.\""""
    state = coconut_challenge()
    assert GAME.view(state, None)["challenge"]["bag_holders"] == {
        "Team 1": {"sure": STRONG, "tied": []}, "Team 2": {"sure": WEAK, "tied": []}}
    refused(state, T("coconut_toss", holders={"Team 1": ["Physical 1", "Physical 2",
                                                         "Mental 1"], "Team 2": WEAK},
                     rolls={"Team 1": [3, 3, 3], "Team 2": [5, 5, 5, 4, 4, 4]}),
            "Physical 3 is stronger than Mental 1")
    # Team 1 has 9 against 8: it sits Physical 1 out, and the Mentals tie for the last place.
    state = to_phase(remove(started(castaways=ROSTER), "Physical 4"), "challenge")
    state = play(state, T("sit_out", castaways=["Physical 1"]), T("reveal_challenge"))
    assert GAME.view(state, None)["challenge"]["bag_holders"]["Team 1"] == {
        "sure": ["Physical 2", "Physical 3"], "tied": ["Mental 1", "Mental 2", "Mental 3"]}
    team2 = ["Physical 5", "Physical 6", "Social 6"]  # Strength 2, 2 and 1: not the 3 strongest
    refused(state, T("coconut_toss", holders={"Team 1": STRONG, "Team 2": team2},
                     rolls={"Team 1": [3, 3, 3], "Team 2": [6] * 6}), "sat out")
    state = play(state, T("coconut_toss",
                          holders={"Team 1": ["Physical 2", "Physical 3", "Mental 2"],
                                   "Team 2": ["Physical 5", "Physical 6", "Mental 4"]},
                          rolls={"Team 1": [3, 3, 2], "Team 2": [5, 4, 4, 4, 4]}))
    # Team 1 at Strength 2, 2, 1: 3, 3, 2 = 3 throws. Team 2 at 8, 7, 3: 5+4, 4+4, 4 = 5.
    assert state.challenge_winner == "Team 1"


# == The merge comes at 10 at once ===========================================================


def at_eleven_at_a_tribunal():
    state = started()
    for c in ("Physical 4", "Physical 5", "Physical 1", "Physical 2", "Physical 6",
              "Mental 4", "Social 3"):
        state = vote_out(state, c)
    return to_tribunal(state, "Team 1")  # 11 Castaways; Team 2 at the Tribunal


@pytest.mark.parametrize("leaving", [
    T("remove_castaway", castaway="Mental 5", reason="quit"),
    T("medical_evacuation", castaway="Mental 5"),
])
def test_the_eighth_out_at_a_tribunal_merges_the_teams_at_once(leaving):
    """"Once 8 Castaways have been removed (whether votes, medical evacuation or quitting) and
    we are down to the final 10. At this point the teams will merge and become one team
    immediately." Only "If the Double Vote Out happens at 11 Castaways ... merge will happen
    with 9 Castaways, instead of 10.\""""
    state = play(at_eleven_at_a_tribunal(), T("tribal_twist"))
    state = play(state, leaving)
    assert state.merged and len(lineup(state, "Merged tribe")) == 10
    assert state.tribunal.step == "done" and state.tribunal.merge_closed
    refused(state, T("open_vote"), "at this point")
    refused(state, T("double_vote_out"), "merged during this Outcast Tribunal")
    assert "Choice: it holds no further vote" in texts(state)
    assert "The teams merge. The Outcast Tribunal holds no further vote." in said(GAME,
        play(at_eleven_at_a_tribunal(), T("tribal_twist")), leaving)
    state = play(state, T("confirm_merge"), T("next_phase"))
    assert state.phase == "camp_life" and len(lineup(state, "Merged tribe")) == 10


def test_a_vote_out_at_eleven_still_waits_for_the_tribunals_end():
    """"If the Double Vote Out happens at 11 Castaways, then simply allow the double vote out
    to happen" - the Vote Twist read after the vote may still call it."""
    state = vote(open_vote(at_eleven_at_a_tribunal()), {"Social 6": 2})
    assert not state.merged
    state = play(state, T("double_vote_out"), T("open_vote"))
    assert GAME.vote_call(state) is not None


# == A due Medical Evacuation comes before the Challenge =====================================


def test_no_sit_out_card_or_result_while_a_medical_evacuation_is_due():
    """"if still 0 at the same stage of the next round - that Castaway will be medically
    evacuated from the game" and "The competing teams must have equal numbers of Castaways,
    therefore the teams must decide which Castaway(s) they will sit out ... before seeing the
    Challenge card.\""""
    state = to_phase(remove(started(), "Physical 4"), "challenge")     # 9 against 8
    state = play(state, T("sit_out", castaways=["Mental 1"]),
                 T("set_health", castaway="Mental 2", value=0), T("reveal_challenge"),
                 T("challenge_result", winner="Team 1"), T("next_phase"))
    state = vote(open_vote(state), {"Physical 5": 4})
    state = to_phase(play(state, T("next_phase")), "challenge")       # round 2: 9 against 7
    assert state.pending_evacuations == ("Mental 2",)
    for move in (T("sit_out", castaways=["Mental 2", "Mental 3"]), T("reveal_challenge"),
                 T("challenge_result", winner="Team 2")):
        refused(state, move, "confirm the Medical Evacuation before the Challenge")
    assert "the Medical Evacuation comes first" in texts(state)
    assert GAME.view(state, None)["challenge"]["evacuation_first"]
    state = play(state, T("medical_evacuation", castaway="Mental 2"))  # now 8 against 7
    state = play(state, T("sit_out", castaways=["Mental 3"]), T("reveal_challenge"))
    assert state.sit_outs == ("Mental 3",)


def test_a_medical_evacuation_due_at_the_tribunal_comes_before_the_vote():
    """"if still 0 at the same stage of the next round - that Castaway will be medically
    evacuated from the game\""""
    state = to_tribunal(started(), "Team 1")
    state = play(state, T("set_health", castaway="Mental 5", value=0))
    state = vote(open_vote(state), {"Physical 4": 4})
    state = to_tribunal(play(state, T("next_phase")), "Team 1")
    assert state.pending_evacuations == ("Mental 5",)
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"))
    refused(state, T("open_vote"), "confirm the Medical Evacuation before the vote")


# == The last Social at 12 or more ===========================================================


def test_the_next_most_appropriate_castaway_goes_in_place_of_the_last_social():
    """"if there are 12+ castaways in the game and still more pre-merge rounds to go to reach
    the merge then the social castaway is safe from this elimination card, and the next most
    appropriate castaway is out.\""""
    state = remove(started(), "Social 2", "Social 3")           # 16 left; Social 1 is safe
    state = play(state, T("set_health", castaway="Physical 2", value=4),
                 T("set_health", castaway="Mental 3", value=4))
    refused(state, T("medical_evacuation", castaway="Social 1"),
            r"next most appropriate Castaway is out instead \(Physical 2 proposed\)")
    card = next(c for c in GAME.view(state, None)["teams"][0]["lineup"]
                if c["name"] == "Social 1")
    assert card["in_its_place"] == ["Physical 2", "Mental 3"]   # proposed first, then tied
    refused(state, T("remove_castaway", castaway="Social 1", reason="quit"), "last Social")
    refused(state, T("medical_evacuation", castaway="Mental 3", instead_of="Physical 1"),
            "not a last Social")
    action = T("medical_evacuation", castaway="Mental 3", instead_of="Social 1")
    assert "Mental 3 is out of the game (medical evacuation, in place of Social 1, the last " \
           "Social; Eve's Castaway)." in said(GAME, state, action)
    state = play(state, action)
    assert state.departed[-1].instead_of == "Social 1"
    assert "Social 1" in lineup(state, "Team 1")
    state = play(state, T("remove_castaway", castaway="Mental 2", reason="card",
                          instead_of="Social 1"))
    assert GAME.view(state, None)["departed"][-1]["instead_of"] == "Social 1"


def test_no_plus_one_warning_for_a_last_social_safe_at_zero():
    """"the social castaway is safe from this elimination card" - so its zero-health lock asks
    for nothing; another Castaway at 0 still gets the warning."""
    state = remove(to_phase(started(), "camp"), "Social 2", "Social 3")
    state = play(state, T("set_health", castaway="Social 1", value=0),
                 T("set_health", castaway="Mental 1", value=0))
    said = texts(state)
    assert "Mental 1 is at 0 health: it must receive +1" in said
    assert "Social 1 is at 0 health: it must receive" not in said
    assert "Social 1 is at 0 health and, as the last Social Castaway of Team 1, safe" in said
    cards = {c["name"]: c for t in GAME.view(state, None)["teams"] for c in t["lineup"]}
    assert cards["Social 1"]["zero_lock"] is None and cards["Mental 1"]["zero_lock"]


# == Removing half a Challenge field by the die ==============================================


def test_tied_castaways_roll_and_the_lowest_are_out_of_the_challenge():
    """"if you have 7 Castaways in the challenge and need to remove half, and have easily
    removed the first two 2 Castaways as they had the lowest values, and still have another 2
    to remove, but there are 4 Castaways with the same value that is being looked at, then
    the dice is rolled for each Castaway. The two Castaways with the lowest rolled value are
    out.\""""
    state = merged_game()
    field = lineup(state, "Merged tribe")[:4]
    state = play(to_phase(state, "challenge"), T("reveal_challenge"))
    state = play(state, T("challenge_roll_off", out=2, rolls=dict(zip(field, [2, 5, 1, 6]))))
    assert set(state.challenge_out) == {field[0], field[2]}    # rolled 2 and 1
    assert set(GAME.view(state, None)["challenge"]["out_of_challenge"]) == {field[0], field[2]}
    assert set(field) <= set(lineup(state, "Merged tribe"))     # out of the Challenge only
    refused(state, T("challenge_roll_off", out=1, rolls={field[0]: 3, field[1]: 4}),
            "already out of this Challenge")


def test_lowest_rolls_tied_at_the_cut_roll_again_for_the_places_left():
    """"The two Castaways with the lowest rolled value are out" - lowest tied: those roll
    again, as "the rule is always 'highest value wins/is safe'"."""
    state = play(to_phase(started(), "challenge"), T("reveal_challenge"))
    four = ["Mental 1", "Mental 2", "Mental 3", "Social 1"]
    refused(state, T("challenge_roll_off", out=4, rolls=dict.fromkeys(four, 3)),
            "from 1 to 3")
    refused(state, T("challenge_roll_off", out=1, rolls={"Mental 1": 3}), "two or more")
    state = play(state, T("challenge_roll_off", out=2, rolls=dict(zip(four, [1, 3, 3, 3]))))
    assert state.challenge_out == ("Mental 1",)
    assert state.challenge_reroll == ("Mental 2", "Mental 3", "Social 1")
    assert "roll again for Mental 2, Mental 3, Social 1; 1 of them goes out" in texts(state)
    refused(state, T("challenge_roll_off", rolls={"Mental 2": 1, "Mental 3": 2}),
            "Roll again once for each of")
    line = said(GAME, state, T("challenge_roll_off",
                                  rolls={"Mental 2": 4, "Mental 3": 2, "Social 1": 5}))
    assert line == ("Challenge roll-off: Mental 2 4, Mental 3 2, Social 1 5. Out of the "
                    "Challenge: Mental 3.")
    state = play(state, T("challenge_roll_off",
                          rolls={"Mental 2": 4, "Mental 3": 2, "Social 1": 5}))
    assert state.challenge_out == ("Mental 1", "Mental 3") and not state.challenge_reroll
    state = play(state, T("challenge_result", winner="Team 2"), T("next_phase"))
    state = play(vote(open_vote(state), {"Physical 1": 4}), T("next_phase"))
    assert state.challenge_out == ()  # a new Challenge starts with a full field


def test_a_sat_out_castaway_is_not_in_the_field():
    """"Any Castaway that sat out due to odd character count" does not compete."""
    state = to_phase(remove(started(), "Physical 4"), "challenge")
    state = play(state, T("sit_out", castaways=["Mental 1"]), T("reveal_challenge"))
    refused(state, T("challenge_roll_off", out=1, rolls={"Mental 1": 2, "Mental 2": 5}),
            "sat out")


# == Why the die decides =====================================================================


def test_tied_again_is_said_only_for_a_tie():
    """"If voting is tied again the these two Castaways are now safe ... The Tribunal Leader
    will now roll the dice for each of the eligible Castaways.\""""
    state = open_vote(to_tribunal(started(), "Team 1"))
    state = vote(vote(state, {"Physical 4": 2, "Physical 5": 2}),
                 {"Physical 4": 2, "Physical 5": 2})
    reason = GAME.view(state, None)["tribunal"]["dice_reason"]
    assert reason.startswith("Tied again: Ann rolls the die for Physical 6, ")
    others = state.tribunal.dice_for
    state = play(state, T("roll_off", rolls={c: 1 if i < 2 else 6
                                             for i, c in enumerate(others)}))
    assert GAME.view(state, None)["tribunal"]["dice_reason"].startswith(
        "Lowest rolls tied: Ann rolls again for Physical 6, Mental 4;")


def test_nobody_eligible_says_why_the_die_decides():
    """"If there are no Castaways eligible to be voted for due to Advantage Cards, Safety
    Amulets, etc. then all of the Castaways are now at risk of elimination as the Tribunal
    Leader will roll a dice for each of the Castaways at the Outcast Tribunal\""""
    state = remove(started(), "Physical 4", "Physical 5", "Physical 6", "Mental 4", "Social 5",
                   "Social 6")
    state = to_tribunal(state, "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Fay", safe=["Mental 5"]),
                 T("play_advantage", player="Hal", safe=["Mental 6"]), T("open_vote"))
    reason = GAME.view(state, None)["tribunal"]["dice_reason"]
    assert reason.startswith("Nobody can be voted for: Ann rolls the die for every Castaway")
    assert "Tied again" not in texts(state)


def test_a_team_with_no_player_left_keeps_its_castaways_and_the_die_decides():
    """"Each Player only casts 1 vote per Outcast Tribunal" - with no player of the team
    left, nobody votes; its Castaways stay in the game and compete."""
    state = remove(ten_players(), "Physical 4", "Physical 5", "Physical 6", "Mental 4",
                   "Mental 5")
    assert not state.merged and len(lineup(state, "Team 2")) == 4
    words = ("No player of Team 2 is left in the game. Choice: its Castaways stay in and still "
             "compete; at its Outcast Tribunal nobody votes, so the die decides.")
    assert GAME.view(state, None)["teams"][1]["no_players"] == words
    assert GAME.view(state, None)["teams"][0]["no_players"] is None
    assert words in english(GAME.reminders(state))
    state = play(to_tribunal(state, "Team 1"), T("tribal_twist"),
                 T("vote_twist", timing="after"), T("open_vote"))
    assert state.tribunal.dice_for == ("Mental 6", "Social 4", "Social 5", "Social 6")
    assert GAME.view(state, None)["tribunal"]["dice_reason"].startswith(
        "Nobody here can vote, so the die decides (Choice)")


def test_a_final_before_the_merge_draws_its_panel_from_players_already_out():
    """"Immediately after the 3rd last Player is out fo the game we will have our final 2
    Players and then we go straight to the Final Outcast Tribunal." "The Outcast Panel is made
    up of the highest odd amount of Players that made it to merge" - nobody made it to a
    merge here, so the panel comes from the players already out."""
    state = remove(ten_players(), "Physical 1", "Physical 4", "Physical 2", "Physical 5",
                   "Physical 3", "Physical 6", "Mental 4", "Mental 5")
    assert state.phase == "final" and not state.merged
    assert state.final.finalists == ("Gus", "Ivy")
    assert state.final.panel == ("Ben", "Cat", "Dan", "Eve", "Fay", "Hal", "Jon")  # 7 of 8
    words = ("Choice: the Final came before the merge, so the Outcast Panel is the 7 players "
             "most recently out.")
    said = GAME.view(state, None)["final"]["before_merge"]
    assert said.startswith(words)  # and that the merge never came: test_castaways_readings
    assert said in english(GAME.reminders(state))


# == The other open choices, on screen =======================================================


def test_the_tribunal_hand_off_uses_the_next_players_team_leader_turn():
    """"The Team Leader cannot also oversee the Outcast Tribunal, so they will simply hand the
    Team Leader card and the duty of adjudicating the tribunal to a player from the opposing
    team, most likely the Player that would be receiving it next.\""""
    state = to_tribunal(started(), "Team 2")          # Ann (Team 1) holds the card
    words = GAME.view(state, None)["tribunal"]["handoff"]
    assert words == ("Ann's team is at the Outcast Tribunal, so the Team Leader card went to "
                     "Ben, the next player of the other team. Choice: that is Ben's turn with "
                     "the card; next round it passes on from them.")
    assert words in english(GAME.reminders(state))
    state = vote(open_vote(state), {"Physical 1": 4})
    state = play(state, T("next_phase"))
    assert state.team_leader == "Cat"                  # Ben's turn was at the Tribunal
    assert GAME.view(to_tribunal(started(), "Team 1"), None)["tribunal"]["handoff"] is None


def test_a_lone_eligible_castaway_is_out_without_a_ballot():
    """"If a card is played and it's rule states that a certain Castaway or group of Castaways
    are safe and cannot be voted for then only the Castaways that are eligible for voting will
    be taken into account." With one left, no ballot is needed."""
    state = to_tribunal(started(), "Team 1")
    safe = [c for c in lineup(state, "Team 2") if c != "Mental 6"]
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Ben", safe=safe))
    lone = GAME.view(state, None)["tribunal"]["lone"]
    assert lone == ("Only Mental 6 can be voted for. Choice: opening the vote puts Mental 6 out "
                    "without a ballot.")
    assert "out without a ballot." in said(GAME, state, T("open_vote"))
    state = play(state, T("open_vote"))
    assert state.departed[-1].castaway == "Mental 6" and GAME.vote_call(state) is None
    assert GAME.view(state, None)["tribunal"]["unballoted"] == [
        "Choice: Mental 6 was the only Castaway who could be voted for, so Mental 6 is out "
        "without a ballot."]


def test_the_owner_revealed_when_a_castaway_leaves_is_said_as_a_choice():
    """"we suggest taking a quick photo of your Castaway(s) ... as this can prove ownership" -
    the companion reveals the owner when a Castaway leaves, and says so."""
    state = started()
    view = GAME.view(state, None)
    assert view["owner_choice"].startswith("Choice: when a Castaway leaves the game its owner "
                                           "is revealed")
    assert view["owner_choice"] in view["notes"]
    assert not any("the text does not say" in n for n in view["notes"])
    gone = play(state, T("remove_castaway", castaway="Physical 4"))
    assert GAME.view(gone, "Cat")["departed"][0]["owner"] == "Ben"
