"""Castaways at the table, played through ``GAME`` from setup to the winner.

Every case is worked out by hand from the FAQ (rules-texts/castaways-faq.txt). Players are
the people (Ann, Ben, ...); Castaways are the characters on the cards ("Physical 1", ...).
"""
import json

import pytest

from rules import TABLE, Action, RuleError
from rules.castaways import GAME, outcast_panel_size
from testsupport.castaways import (P8, TEAM1, TEAM2, PICKS8, T, play, refused, dealt, pick, picked,
                                   started, to_phase, lineup, to_tribunal, vote, open_vote,
                                   vote_out, remove, merged_game, english, said)

OWNER = {c: p for p, cs in PICKS8.items() for c in cs}


# == Setup ===================================================================================


@pytest.mark.parametrize("n, each", [(5, 3), (6, 3), (7, 2), (8, 2), (9, 2), (10, 1), (18, 1)])
def test_setup_gives_each_player_their_count_of_castaways(n, each):
    players = tuple(f"Player {i}" for i in range(1, n + 1))
    state = GAME.setup(players, {})
    assert GAME.view(state, None)["castaways_per_player"] == each
    assert len(state.roster) == 18


@pytest.mark.parametrize("n", [4, 19])
def test_setup_refuses_fewer_than_5_or_more_than_18(n):
    with pytest.raises(RuleError, match="at least 5|at most 18"):
        GAME.setup(tuple(f"P{i}" for i in range(n)), {})


def test_nine_players_is_said_on_screen():
    state = GAME.setup(tuple(f"P{i}" for i in range(9)), {})
    assert any("9 players" in line for line in english(GAME.reminders(state)))
    assert any("9 players" in line for line in GAME.view(state, None)["notes"])
    assert not any("9 players" in line for line in GAME.view(GAME.setup(P8, {}), None)["notes"])


def test_eighteen_castaways_six_of_each_archetype_by_default():
    state = GAME.setup(P8, {})
    archetypes = [c.archetype for c in state.roster]
    assert (archetypes.count("Physical"), archetypes.count("Mental"),
            archetypes.count("Social")) == (6, 6, 6)


def test_the_table_names_the_castaways_and_their_traits():
    roster = [{"name": f"Cast {a[0]}{i}", "archetype": a, "traits": {"Strength": i}}
              for a in ("Physical", "Mental", "Social") for i in range(1, 7)]
    state = GAME.setup(P8, {"castaways": roster})
    assert state.roster[0].name == "Cast P1"
    assert state.roster[0].trait("strength") == 1


@pytest.mark.parametrize("roster, match", [
    ([{"name": "X", "archetype": "Physical"}] * 18, "same name"),
    ([{"name": f"C{i}", "archetype": "Physical"} for i in range(18)],
     "6 Physical Castaways; there are 18"),
    ([{"name": f"C{i}", "archetype": "Physical"} for i in range(17)], "18 Castaways"),
    ([{"name": f"C{i}", "archetype": "Hero"} for i in range(18)], "Physical, Mental or Social"),
])
def test_setup_refuses_a_wrong_roster(roster, match):
    with pytest.raises(RuleError, match=match):
        GAME.setup(P8, {"castaways": roster})


def test_players_and_castaways_never_share_a_name():
    roster = [{"name": f"C{a}{i}", "archetype": a}
              for a in ("Physical", "Mental", "Social") for i in range(6)]
    roster[0]["name"] = "Ann"
    with pytest.raises(RuleError, match="players and Castaways"):
        GAME.setup(P8, {"castaways": roster})


def test_players_arrange_themselves_into_teams():
    teams = {"Blood": ["Ann", "Ben", "Cat", "Dan"], "Water": ["Eve", "Fay", "Gus", "Hal"]}
    state = GAME.setup(P8, {"teams": teams})
    assert dict(state.player_team)["Dan"] == "Blood"
    assert state.options.team_names == ("Blood", "Water")


def test_a_team_lineup_holds_only_nine_castaways():
    # 6 players pick 3 each: a team of 4 would need 12 of its 9 Castaways.
    six = P8[:6]
    with pytest.raises(RuleError, match="would need 12"):
        GAME.setup(six, {"teams": {"Team 1": list(six[:4]), "Team 2": list(six[4:])}})


def test_nine_players_split_five_and_four_take_the_spare_card():
    nine = tuple(f"P{i}" for i in range(1, 10))
    state = dealt(players=nine)  # Team 1: P1 P3 P5 P7 P9 (needs 10); Team 2: P2 P4 P6 P8 (8)
    team1 = [p for p, t in state.player_team if t == "Team 1"]
    team2 = [p for p, t in state.player_team if t == "Team 2"]
    assert len(team1) == 5
    # A Team 1 player may not take Team 2's card while Team 1's stack has cards left.
    refused(state, Action("P1", "pick", {"card": 1, "team": "Team 2"}), "picks from")
    cards = iter(range(1, 10))
    for p in team1:
        for _ in range(2):
            if p == team1[-1] and _ == 1:
                break
            state = play(state, Action(p, "pick", {"card": next(cards)}))
    # Team 1's stack is empty; P9 still needs one: Team 2's spare card.
    state = play(state, Action(team1[-1], "pick", {"card": 1, "team": "Team 2"}))
    refused(state, Action(team1[-1], "pick", {"card": 2, "team": "Team 2"}), "already has")
    free = iter(range(2, 10))
    for p in team2:
        for _ in range(2):
            state = play(state, Action(p, "pick", {"card": next(free)}))
    assert state.phase == "team_leader"
    assert len(state.owners) == 18


def test_the_deal_gives_each_team_three_of_each_archetype():
    state = GAME.setup(P8, {})
    bad1 = TEAM1[:6] + ["Social 1", "Social 2", "Physical 4"]
    bad2 = [c for c in TEAM1 + TEAM2 if c not in bad1]
    refused(state, T("deal", teams={"Team 1": bad1, "Team 2": bad2}), "3 Physical")
    refused(state, T("deal", teams={"Team 1": TEAM1, "Team 2": TEAM1}), "only once")
    refused(state, Action("Ann", "deal", {"teams": {}}), "Only the table")


# == Secret picks ============================================================================


def test_each_player_picks_face_down_on_their_own_phone():
    state = pick(dealt(), "Ann", "Physical 1")
    ann = GAME.view(state, "Ann")
    assert ann["me"]["castaways"] == ["Physical 1"]
    assert ann["me"]["picks_left"] == 1
    cards = ann["picks"]["face_down"][0]["cards"]
    assert cards[0] == {"card": 1, "taken": True, "castaway": "Physical 1"}
    # Cat sees the card is taken, not what it is, and not who took it.
    cat = GAME.view(state, "Cat")
    assert cat["picks"]["face_down"][0]["cards"][0] == {"card": 1, "taken": True,
                                                          "castaway": None}
    assert "Physical 1" not in json.dumps(cat["picks"])
    assert said(GAME, dealt(), Action("Ann", "pick", {"card": 1})) == \
        "Ann picked a face-down Castaway."


def test_picks_refuse_a_taken_card_the_other_team_and_too_many():
    state = pick(dealt(), "Ann", "Physical 1")
    refused(state, Action("Cat", "pick", {"card": 1}), "already taken")
    refused(state, Action("Ann", "pick", {"card": 2, "team": "Team 2"}), "picks from")
    refused(state, Action("Ann", "pick", {"card": 10}), "from 1 to 9")
    refused(state, T("pick", card=2), "own phone")
    state = pick(state, "Ann", "Physical 2")
    refused(state, Action("Ann", "pick", {"card": 3}), "already has 2")


def test_ownership_is_secret_until_the_castaway_leaves():
    state = started()
    table = GAME.view(state, None)
    assert all(c["owner"] is None for t in table["teams"] for c in t["lineup"])
    ann = GAME.view(state, "Ann")
    mine = {c["name"]: c["owner"] for t in ann["teams"] for c in t["lineup"] if c["mine"]}
    assert mine == {"Physical 1": "Ann", "Physical 2": "Ann"}
    others = [c["owner"] for t in ann["teams"] for c in t["lineup"] if not c["mine"]]
    assert set(others) == {None}
    # Castaways owned by nobody are allowed: Social 3 and Social 6 here.
    assert {c for c in TEAM1 + TEAM2 if c not in OWNER} == {"Social 3", "Social 6"}


def test_the_face_up_lineup_does_not_give_away_the_face_down_order():
    shuffled = list(reversed(TEAM1))
    state = dealt(team1=shuffled)
    assert lineup(state, "Team 1") == tuple(TEAM1)  # roster order, not the deal


# == Team Leader =============================================================================


def test_the_team_leader_die_highest_team_holds_the_card_first():
    state = play(picked(), T("roll_team_leader", rolls={"Team 1": 2, "Team 2": 5}))
    # Order alternates teams around the table, Team 2 first: Ben, Ann, Dan, Cat, ...
    assert state.leader_order == ("Ben", "Ann", "Dan", "Cat", "Fay", "Eve", "Hal", "Gus")
    assert state.team_leader == "Ben"
    assert (state.phase, state.round) == ("daily_mail", 1)


def test_the_team_leader_die_tied_rolls_again():
    state = play(picked(), T("roll_team_leader", rolls={"Team 1": 4, "Team 2": 4}))
    assert state.phase == "team_leader"
    assert "roll again" in " ".join(english(GAME.reminders(state)))
    refused(state, T("roll_team_leader", rolls={"Team 1": 7, "Team 2": 4}), "1 to 6")


def test_the_table_sets_the_leader_order_and_the_card_passes_each_round():
    state = started()
    order = ["Ann", "Cat", "Eve", "Gus", "Ben", "Dan", "Fay", "Hal"]
    state = play(state, T("set_leader_order", order=order))
    refused(state, T("set_leader_order", order=order[:-1]), "every player")
    assert state.team_leader == "Ann"
    state = to_tribunal(state, "Team 1")  # Ann's team won: Ann adjudicates
    assert state.tribunal.leader == "Ann"
    state = open_vote(state)
    state = vote(state, {"Physical 4": 4})
    state = play(state, T("next_phase"))
    assert (state.round, state.team_leader) == (2, "Cat")


# == Health ==================================================================================


def test_health_never_leaves_the_gauge():
    state = started()
    state = play(state, T("adjust_health", castaway="Physical 1", delta=3))
    assert dict(state.health)["Physical 1"] == 10
    state = play(state, T("adjust_health", castaways=["Physical 1", "Mental 1"], delta=-10),
                 T("adjust_health", castaway="Physical 1", delta=-4))
    assert dict(state.health)["Physical 1"] == 0
    refused(state, T("set_health", castaway="Mental 1", value=11), "0 to 10")
    refused(state, T("set_health", castaway="Mental 1", value=-1), "0 to 10")
    refused(state, T("adjust_health", castaway="Nobody", delta=-1), "no Castaway")
    refused(state, T("adjust_health", castaway="Mental 1", delta="x"), "whole number")


def test_zero_at_the_challenge_must_be_healed_before_next_rounds_challenge():
    # "A Castaway's health hits 0 during a challenge. They must receive +1 health before the
    # next round's challenge."
    state = to_phase(started(), "challenge")
    state = play(state, T("set_health", castaway="Mental 2", value=0))
    assert state.zero_since == (("Mental 2", (1, 2)),)
    state = to_tribunal(state, "Team 1")
    state = vote(open_vote(state), {"Physical 4": 4})
    state = to_phase(play(state, T("next_phase")), "camp")      # round 2: no warning yet
    assert state.pending_evacuations == ()
    assert any("Mental 2 is at 0 health" in r for r in english(GAME.reminders(state)))
    state = play(state, T("next_phase"))                         # round 2 challenge: due
    assert state.pending_evacuations == ("Mental 2",)
    refused(state, T("next_phase"), "confirm the Medical Evacuation")
    # Too late to heal now: the Castaway was still at 0 when the stage came.
    state = play(state, T("adjust_health", castaway="Mental 2", delta=1))
    assert state.pending_evacuations == ("Mental 2",)
    state = play(state, T("medical_evacuation", castaway="Mental 2"))
    gone = dict(GAME.view(state, None)["departed"][-1])
    gone.pop("how_said")  # (``how`` as a message, for the screens)
    assert gone == {
        "name": "Mental 2", "owner": "Eve", "unowned": False, "round": 2,
        "how": "medical evacuation", "instead_of": None, "archetype": "Mental"}


def test_plus_one_in_time_makes_the_castaway_safe_and_a_new_zero_starts_a_new_lock():
    # "The Castaway receives +1 health from a Camp Life card that is played - THEY ARE SAFE.
    # Another player immediately plays a Camp Life cards that deals -1 health to all ... this
    # is a 'new' 0 and must therefore receive health before the Camp Life stage of the next
    # round"
    state = to_phase(started(), "challenge")
    state = play(state, T("set_health", castaway="Mental 2", value=0))
    state = to_tribunal(state, "Team 1")
    state = vote(open_vote(state), {"Physical 4": 4})
    state = to_phase(play(state, T("next_phase")), "camp")
    state = play(state, T("adjust_health", castaway="Mental 2", delta=1))
    assert state.zero_since == ()
    state = play(state, T("adjust_health", castaways=list(lineup(state, "Team 1")), delta=-1))
    assert state.zero_since == (("Mental 2", (2, 1)),)
    state = to_phase(play(state, T("next_phase")), "challenge")  # round 2 challenge: not due
    assert state.pending_evacuations == ()
    state = to_tribunal(state, "Team 1")
    state = vote(open_vote(state), {"Physical 5": 4})
    state = play(state, T("next_phase"))                          # round 3 Daily Mail
    assert state.pending_evacuations == ()
    state = play(state, T("next_phase"))                          # round 3 Camp: due
    assert state.pending_evacuations == ("Mental 2",)


def test_a_castaway_already_at_zero_does_not_restart_its_lock():
    state = to_phase(started(), "camp")
    state = play(state, T("set_health", castaway="Mental 2", value=0))
    state = play(state, T("next_phase"), T("adjust_health", castaway="Mental 2", delta=-2))
    assert dict(state.zero_since)["Mental 2"] == (1, 1)


# == The last Social Castaway ================================================================


def test_the_last_social_of_a_team_is_safe_from_medical_evacuation_before_the_merge():
    # "If a team has only 1 Social Castaway left and a Camp Life card is played, e.g. Medical
    # Evacuation, then the Social Castaway is safe"
    state = remove(started(), "Social 2", "Social 3")     # Team 1 keeps only Social 1; 16 left
    refused(state, T("medical_evacuation", castaway="Social 1"), "last Social Castaway")
    refused(state, T("remove_castaway", castaway="Social 1"), "last Social Castaway")
    assert GAME.view(state, None)["teams"][0]["lineup"][-1]["last_social_safe"] is True


def test_at_eleven_castaways_the_last_social_can_go_and_the_merge_follows_at_once():
    # "If the castaway headcount is at 11 ... then the social castaway can be eliminated and
    # teams will immediately merge."
    state = remove(started(), "Social 2", "Social 3", "Physical 4", "Physical 5", "Physical 6",
                   "Mental 4", "Mental 5")
    assert len(state.lineups[0][1]) + len(state.lineups[1][1]) == 11
    state = play(state, T("medical_evacuation", castaway="Social 1"))
    assert state.merged
    assert state.merge_checklist
    assert len(lineup(state, "Merged tribe")) == 10


def test_the_lock_of_a_protected_last_social_starts_again_instead_of_evacuating():
    state = remove(to_phase(started(), "camp"), "Social 2", "Social 3")
    state = play(state, T("set_health", castaway="Social 1", value=0))
    state = to_tribunal(state, "Team 1")
    state = vote(open_vote(state), {"Physical 4": 4})
    state = to_phase(play(state, T("next_phase")), "camp")
    assert state.pending_evacuations == ()
    assert dict(state.zero_since)["Social 1"] == (2, 1)


# == Camp: '!' cards and Forced Play =========================================================


def test_cards_with_an_exclamation_mark_must_be_played_this_round():
    state = to_phase(started(), "camp")
    state = play(state, T("mark_must_play", player="Cat", count=1))
    refused(state, T("next_phase"), "Cat still holds a '!' card")
    state = play(state, Action("Cat", "play_card", {"must_play": True}))
    assert play(state, T("next_phase")).phase == "challenge"


def test_forced_play_goes_in_team_leader_order_and_refuses_any_other_play():
    # Round 1: Ann holds the Team Leader card; the card passes Ann, Ben, Cat, Dan, Eve, ...
    state = to_phase(started(), "camp")
    state = play(state, T("mark_must_play", player="Eve", count=1),
                 T("mark_must_play", player="Ben", count=2),
                 T("start_forced_play"))
    assert state.forced.order == ("Ben", "Eve")
    assert GAME.view(state, "Ben")["me"]["forced_play_turn"] is True
    assert GAME.view(state, "Eve")["me"]["forced_play_turn"] is False
    # "no player who is positioned further down the order is then allowed to jump in"
    refused(state, Action("Eve", "play_card", {"must_play": True}), "Ben's turn")
    refused(state, Action("Ann", "play_card", {}), "Ben's turn")
    refused(state, Action("Ben", "play_card", {"must_play": False}), "must play a '!' card")
    refused(state, T("next_phase"), "Forced Play must be completed")
    state = play(state, Action("Ben", "play_card", {"must_play": True}))
    assert GAME.view(state, None)["forced_play"]["turn"] == "Ben"     # Ben holds 2
    state = play(state, T("play_card", player="Ben", must_play=True))
    assert GAME.view(state, None)["forced_play"]["turn"] == "Eve"
    state = play(state, Action("Eve", "play_card", {"must_play": True, "card": "Storm"}))
    assert state.forced is None
    state = play(state, Action("Ann", "play_card", {"card": "Fishing"}))  # free plays again
    assert play(state, T("next_phase")).phase == "challenge"


def test_forced_play_starts_with_the_current_leader_when_they_hold_one():
    state = to_phase(started(), "camp")
    state = play(state, T("mark_must_play", player="Hal", count=1),
                 T("mark_must_play", player="Ann", count=1),
                 T("mark_must_play", player="Dan", count=1), T("start_forced_play"))
    assert state.forced.order == ("Ann", "Dan", "Hal")


def test_forced_play_needs_a_holder():
    refused(to_phase(started(), "camp"), T("start_forced_play"), "nothing to force")


# == The Challenge ===========================================================================


def test_unequal_teams_sit_out_before_the_card_is_seen_and_never_twice_in_a_row():
    state = to_phase(remove(started(), "Physical 4"), "challenge")   # 9 against 8
    refused(state, T("reveal_challenge"), "Team 1 must sit out 1")
    refused(state, T("sit_out", castaways=["Physical 5"]), "not in the team")
    state = play(state, T("sit_out", castaways=["Mental 1"]), T("reveal_challenge"))
    refused(state, T("sit_out", castaways=["Mental 2"]), "before the Challenge card")
    state = play(state, T("challenge_result", winner="Team 1"), T("next_phase"))
    state = vote(open_vote(state), {"Physical 5": 4})
    state = to_phase(play(state, T("next_phase")), "challenge")       # 9 against 7
    refused(state, T("sit_out", castaways=["Mental 1", "Mental 2"]), "twice in a row")
    state = play(state, T("sit_out", castaways=["Mental 2", "Mental 3"]))
    assert state.sit_outs == ("Mental 2", "Mental 3")


def test_even_teams_sit_nobody_out():
    state = to_phase(started(), "challenge")
    refused(state, T("sit_out", castaways=["Mental 1"]), "teams are even")


def test_penalties_skip_sit_outs_and_castaways_who_never_competed():
    state = to_phase(remove(started(), "Physical 4"), "challenge")
    state = play(state, T("sit_out", castaways=["Mental 1"]), T("reveal_challenge"),
                 T("challenge_result", winner="Team 2"),
                 T("challenge_penalty", team="Team 1", delta=-2,
                   did_not_compete=["Social 3"]))
    health = dict(state.health)
    assert health["Mental 1"] == 10   # sat out
    assert health["Social 3"] == 10   # never got to compete
    assert health["Physical 1"] == 8
    refused(state, T("challenge_penalty", castaways=["Mental 1"], delta=-1), "sat out")


def test_obstacle_stage_costs_one_health_per_trait_not_met():
    roster = [{"name": f"{a} {i}", "archetype": a,
               "traits": {"Strength": i + 3, "Speed": 6, "Balance": 7, "Endurance": 5}}
              for a in ("Physical", "Mental", "Social") for i in range(1, 7)]
    state = to_phase(started(castaways=roster), "challenge")
    state = play(state, T("reveal_challenge"),
                 T("obstacle_stage", requirements={"Strength": 7, "Speed": 6, "Balance": 7},
                   castaways=["Physical 3", "Physical 4"]))
    # Physical 3 has Strength 6: it fails Strength only. Physical 4 has 7: it passes.
    assert dict(state.health)["Physical 3"] == 9
    assert dict(state.health)["Physical 4"] == 10


def test_coconut_toss_picks_the_winning_team():
    roster = [{"name": f"{a} {i}", "archetype": a, "traits": {"Strength": 5, "Endurance": 4}}
              for a in ("Physical", "Mental", "Social") for i in range(1, 7)]
    state = play(to_phase(started(castaways=roster), "challenge"), T("reveal_challenge"))
    holders = {"Team 1": ["Physical 1", "Physical 2", "Physical 3"],
               "Team 2": ["Physical 4", "Physical 5", "Physical 6"]}
    # Strength 5: a bag drops at 6. Team 1 needs 6 rolls (3+3, 3+3, 3+3); Team 2 needs 3.
    state = play(state, T("coconut_toss", holders=holders,
                          rolls={"Team 1": [3, 3, 3, 3, 3, 3], "Team 2": [6, 6, 6]}))
    assert state.challenge_winner == "Team 2"


def test_post_merge_challenge_winner_takes_the_safety_amulet():
    state = merged_game()
    winner = lineup(state, "Merged tribe")[0]
    state = to_tribunal(state, winner)
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"))
    assert winner in GAME.view(state, None)["tribunal"]["safe"]
    state = play(state, T("open_vote"))
    assert winner not in GAME.vote_call(state).candidates


# == The Outcast Tribunal ====================================================================


def test_the_tribal_twist_incite_card_comes_first_then_the_vote_twist():
    state = to_tribunal(started(), "Team 1")
    refused(state, T("play_advantage", player="Ben", safe=["Physical 4"]), "before the vote")
    refused(state, T("vote_twist", timing="before"), "at this point")
    state = play(state, T("tribal_twist", card="Incite"))
    refused(state, T("vote_twist", timing="during"), "before or after")
    state = play(state, T("vote_twist", timing="before"))
    assert "Read and resolve the Vote Twist now" in " ".join(english(GAME.reminders(state)))


def test_the_losing_team_votes_one_vote_per_player_however_many_castaways():
    # "Even if you have 2 castaways still in the game, YOU as the player still only have 1 vote."
    state = open_vote(to_tribunal(started(), "Team 1"))
    call = GAME.vote_call(state)
    assert call.voters == ("Ben", "Dan", "Fay", "Hal")
    assert call.votes_per_voter == 1 and dict(call.extra_votes) == {}
    assert set(call.candidates) == set(TEAM2)
    assert call.reveal == "one_by_one"
    refused(state, T("vote_result", key=call.key, tally={"Physical 4": 5}), "More votes")
    refused(state, T("vote_result", key=call.key, tally={"Physical 1": 1}), "not on the ballot")
    refused(state, T("vote_result", key="other", tally={"Physical 4": 1}), "not for the vote")


def test_the_team_leader_hands_the_tribunal_to_the_next_player_of_the_other_team():
    # Ann (Team 1) holds the card; Team 1 loses: Ben, next in order and on Team 2, adjudicates.
    state = to_tribunal(started(), "Team 2")
    assert state.tribunal.leader == "Ben"
    assert state.team_leader == "Ben"
    refused(state, Action("Ann", "tribal_twist", {}), "Only the Tribunal Leader")
    state = play(state, Action("Ben", "tribal_twist", {}))
    assert state.tribunal.step == "vote_twist"


def test_advantage_cards_make_castaways_safe_and_grant_votes():
    state = to_tribunal(started(), "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 Action("Ben", "play_advantage", {"card": "Idol", "safe": ["Physical 4"]}),
                 T("play_advantage", player="Dan", card="Extra vote", extra_votes={"Dan": 1}),
                 Action("Fay", "play_advantage", {"leave_tribunal": ["Mental 5"]}))
    # "Once that Castaway is safe, they are no longer eligible to claim advantages."
    refused(state, Action("Hal", "play_advantage", {"safe": ["Physical 4"]}), "already safe")
    refused(state, Action("Ann", "play_advantage", {"safe": ["Social 4"]}), "not at this")
    state = play(state, T("open_vote"))
    call = GAME.vote_call(state)
    assert "Physical 4" not in call.candidates and "Mental 5" not in call.candidates
    assert dict(call.extra_votes) == {"Dan": 1}
    assert "Mental 5" in GAME.view(state, None)["tribunal"]["at_camp"]


def test_a_later_conflicting_advantage_is_returned_never_the_first():
    state = to_tribunal(started(), "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Ben", safe=["Physical 4"]),
                 T("play_advantage", player="Dan", safe=["Physical 5"]))
    refused(state, T("return_advantage", index=1), "played first takes effect")
    state = play(state, T("return_advantage", index=2))
    assert [a.player for a in state.tribunal.advantages] == ["Ben"]
    assert "Physical 5" in GAME.view(state, None)["tribunal"]["ballot"]


def test_the_last_social_is_off_the_ballot_and_not_taken_into_consideration_for_advantages():
    state = remove(started(), "Social 5", "Social 6")  # Team 2 keeps only Social 4
    state = to_tribunal(state, "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"))
    refused(state, T("play_advantage", player="Ben", safe=["Social 4"]), "last Social")
    state = play(state, T("open_vote"))
    assert "Social 4" not in GAME.vote_call(state).candidates


def test_a_tie_revote_between_the_top_two_then_dice_for_the_others():
    state = open_vote(to_tribunal(started(), "Team 1"))
    state = vote(state, {"Physical 4": 2, "Physical 5": 2})
    call = GAME.vote_call(state)
    assert call.candidates == ("Physical 4", "Physical 5")
    assert "Only Physical 4 or Physical 5" in str(call.question)
    refused(state, T("vote_result", key=call.key, tally={"Physical 6": 1}), "not on the ballot")
    state = vote(state, {"Physical 4": 2, "Physical 5": 2})
    # The two are safe; the die is rolled for the 7 others on the ballot.
    others = ("Physical 6", "Mental 4", "Mental 5", "Mental 6", "Social 4", "Social 5",
              "Social 6")
    assert state.tribunal.dice_for == others
    assert GAME.vote_call(state) is None
    refused(state, Action("Ben", "roll_off", {"rolls": {c: 3 for c in others}}),
            "Only the Tribunal Leader")  # Ann's team won: Ann adjudicates
    refused(state, T("roll_off", rolls={"Physical 4": 1}), "once for each")
    rolls = dict(zip(others, [5, 2, 2, 6, 4, 3, 6]))
    state = play(state, Action("Ann", "roll_off", {"rolls": rolls}))
    assert state.tribunal.dice_for == ("Mental 4", "Mental 5")   # lowest tied: roll again
    state = play(state, T("roll_off", rolls={"Mental 4": 4, "Mental 5": 1}))
    assert state.tribunal.step == "done"
    assert state.departed[-1].castaway == "Mental 5"
    assert state.departed[-1].how == "roll-off"


def test_nobody_eligible_means_a_die_for_every_castaway_at_the_tribunal():
    state = remove(started(), "Physical 4", "Physical 5", "Physical 6", "Mental 4", "Social 5",
                   "Social 6")  # Team 2: Mental 5, Mental 6, Social 4 (the last Social)
    state = to_tribunal(state, "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Fay", safe=["Mental 5"]),
                 T("play_advantage", player="Hal", safe=["Mental 6"]), T("open_vote"))
    # The last Social stays safe; the die is rolled for the other two, safe or not.
    assert state.tribunal.step == "dice"
    assert state.tribunal.dice_for == ("Mental 5", "Mental 6")


def test_a_second_round_of_advantages_when_the_table_agreed_at_setup():
    state = remove(started(second_advantage_round=True), "Physical 4", "Physical 5",
                   "Physical 6", "Mental 4", "Social 5", "Social 6")
    state = to_tribunal(state, "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Fay", safe=["Mental 5"]),
                 T("play_advantage", player="Hal", safe=["Mental 6"]), T("open_vote"))
    assert state.tribunal.step == "advantages" and state.tribunal.advantage_round == 2
    state = play(state, T("play_advantage", player="Fay", unsafe=["Mental 6"]), T("open_vote"))
    # Only Mental 6 can be voted for: it is out without a ballot.
    assert state.departed[-1].castaway == "Mental 6"


def test_losing_a_vote_and_a_lost_player_can_not_vote():
    state = to_tribunal(started(), "Team 1")
    state = play(state, T("tribal_twist"), T("vote_twist", timing="after"),
                 T("play_advantage", player="Ben", lose_vote=["Hal"]), T("open_vote"))
    assert GAME.vote_call(state).voters == ("Ben", "Dan", "Fay")


def test_when_a_player_loses_their_last_castaway_they_are_out():
    state = vote_out(started(), "Physical 4")
    assert "Ben" not in [p for p, _ in state.eliminated]
    state = vote_out(state, "Physical 5")
    assert [p for p, _ in state.eliminated] == ["Ben"]
    assert not GAME.view(state, None)["players"][1]["in_game"]
    state = to_phase(state, "camp")
    refused(state, Action("Ben", "play_card", {}), "out of the game")


def test_an_eliminated_players_cards_go_to_the_bottom_of_the_pile():
    state = vote_out(started(), "Physical 4")
    state = to_tribunal(state, "Team 1")
    state = vote(open_vote(state), {"Physical 5": 4})
    assert any("Ben's cards go to the bottom of the Camp Life draw pile" in line
               for line in english(GAME.reminders(state)))


# == The merge ===============================================================================


def test_the_teams_merge_at_ten_castaways_with_the_checklist():
    state = started()
    for c in ("Physical 4", "Physical 5", "Physical 1", "Physical 2", "Physical 6", "Mental 4",
              "Social 3"):
        state = vote_out(state, c)
    assert not state.merged
    state = to_tribunal(state, "Team 1")   # Ben and Dan are out: Fay and Hal vote
    state = vote(open_vote(state), {"Social 6": 2})
    assert not state.merged   # the merge follows the Tribunal
    state = play(state, T("next_phase"))
    assert state.merged and state.merge_checklist
    reminders = " ".join(english(GAME.reminders(state)))
    assert "Remove the Daily Mail" in reminders and "merge Challenge cards" in reminders
    refused(state, T("next_phase"), "merge checklist")
    state = play(state, T("confirm_merge"))
    assert (state.phase, state.round) == ("camp_life", 9)   # no more Daily Mail
    assert lineup(state, "Merged tribe") and len(state.lineups) == 1
    assert state.players_at_merge == ("Cat", "Eve", "Fay", "Gus", "Hal")  # Ann, Ben, Dan out


def test_a_double_vote_out_at_eleven_merges_at_nine():
    # "If the Double Vote Out happens at 11 Castaways, then simply allow the double vote out
    # to happen at the Outcast Tribunal, and then merge will happen with 9 Castaways"
    state = started()
    for c in ("Physical 4", "Physical 5", "Physical 1", "Physical 2", "Physical 6",
              "Mental 4", "Social 3"):
        state = vote_out(state, c)
    state = to_tribunal(state, "Team 1")  # 11 Castaways; Team 2: Mental 5, Mental 6, S4, S5, S6
    state = play(state, T("double_vote_out"))
    state = vote(open_vote(state), {"Social 6": 2})
    assert state.tribunal.step == "advantages"        # the second vote
    assert not state.merged
    state = play(state, T("open_vote"))
    state = vote(state, {"Mental 5": 2})
    assert state.tribunal.step == "done"
    state = play(state, T("next_phase"))
    assert state.merged and len(lineup(state, "Merged tribe")) == 9


def test_after_the_merge_everyone_attends_and_the_team_leader_adjudicates():
    state = merged_game()
    state = to_tribunal(state, lineup(state, "Merged tribe")[0])
    assert state.tribunal.team is None
    assert state.tribunal.leader == state.team_leader
    assert set(state.tribunal.voters) == set(state.players_at_merge)


# == Team Swap ===============================================================================


def test_team_swap_is_off_by_default_and_only_from_round_three():
    state = to_phase(started(), "camp")
    refused(state, Action("Ann", "team_swap", {"captain": "Ben"}), "not in this game")
    state = to_phase(started(team_swap=True), "camp")
    refused(state, Action("Ann", "team_swap", {"captain": "Ben"}), "from round 3")


def test_team_swap_has_no_effect_after_the_merge():
    state = to_phase(started(team_swap=True), "camp")
    for c in ("Physical 4", "Physical 5", "Physical 1", "Physical 2", "Physical 6",
              "Mental 4", "Social 3", "Social 6"):
        state = vote_out(state, c)
    refused(to_phase(state, "camp"), Action("Cat", "team_swap", {"captain": "Dan"}),
            "no effect after the merge")


def test_team_swap_schoolyard_pick_then_an_even_split_by_archetype():
    state = started(team_swap=True)
    state = vote_out(state, "Physical 4")
    state = vote_out(state, "Social 6")                   # round 3 now; 16 Castaways
    state = to_phase(state, "camp")
    assert state.round == 3
    state = play(state, Action("Eve", "team_swap", {"captain": "Fay"}))
    assert GAME.view(state, "Eve")["me"]["team_swap_turn"] is True
    refused(state, Action("Fay", "swap_pick", {"player": "Ann"}), "Eve's pick")
    refused(state, Action("Ann", "play_card", {}), "Finish the Team Swap")
    order = ["Ann", "Ben", "Cat", "Dan", "Gus", "Hal"]
    for p in order:
        turn = GAME.view(state, None)["team_swap"]["turn"]
        state = play(state, Action(turn, "swap_pick", {"player": p}))
    picked = dict(state.swap.picked)
    assert [p for p, t in picked.items() if t == "Team 1"] == ["Eve", "Ann", "Cat", "Gus"]
    alive = [c for _, lu in state.lineups for c in lu]
    physical = [c for c in alive if c.startswith("Physical")]   # 5: odd one to Eve's team
    mental = [c for c in alive if c.startswith("Mental")]       # 6
    social = [c for c in alive if c.startswith("Social")]       # 5
    team1 = physical[:3] + mental[:3] + social[:3]
    team2 = physical[3:] + mental[3:] + social[3:]
    refused(state, T("swap_split", teams={"Team 1": team2, "Team 2": team1}), "odd one joins")
    state = play(state, T("swap_split", teams={"Team 1": team1, "Team 2": team2}))
    assert lineup(state, "Team 1") == tuple(team1)
    teams_now = dict(state.player_team)
    assert teams_now["Fay"] == "Team 2" and teams_now["Ann"] == "Team 1"
    refused(state, Action("Gus", "team_swap", {"captain": "Hal"}), "already been played")


def test_team_swap_odd_player_joins_the_holders_team():
    # "Any odd player joins the card holder's team. The card holder picks first."
    state = started(team_swap=True)
    state = vote_out(state, "Physical 4")
    state = vote_out(state, "Physical 5")                 # Ben is out; round 3
    state = play(to_phase(state, "camp"), Action("Eve", "team_swap", {"captain": "Fay"}))
    turns = []
    for p in ["Ann", "Cat", "Dan", "Gus", "Hal"]:
        turns.append(GAME.view(state, None)["team_swap"]["turn"])
        state = play(state, T("swap_pick", player=p))
    assert turns == ["Eve", "Fay", "Eve", "Fay", "Eve"]
    teams = [t for _, t in state.swap.picked]
    assert (teams.count("Team 1"), teams.count("Team 2")) == (4, 3)   # Eve's team: 4
    refused(state, T("swap_pick", player="Ben"), "Every player has been picked")


def test_the_table_passes_the_leader_card_and_arranges_lineups():
    state = play(started(), T("pass_leader"))
    assert state.team_leader == "Ben"
    state = play(state, T("pass_leader", to="Gus"))
    assert state.team_leader == "Gus"
    refused(state, T("pass_leader", to="Zed"), "not playing")
    order = list(reversed(TEAM1))
    state = play(state, T("arrange_lineup", team="Team 1", order=order))
    assert lineup(state, "Team 1") == tuple(order)
    refused(state, T("arrange_lineup", team="Team 1", order=order[1:]), "every Castaway")


def test_must_play_cards_are_marked_from_the_daily_mail():
    state = play(started(), T("mark_must_play", player="Gus", count=1))
    assert GAME.view(state, "Gus")["me"]["must_play"] == 1
    state = play(state, T("next_phase"))
    refused(state, Action("Gus", "play_card", {"must_play": True, "card": 7}), "words")
    refused(state, Action("Hal", "play_card", {"must_play": True}), "Hal holds no")
    state = play(state, Action("Gus", "play_card", {"must_play": True}))
    assert state.must_play == ()


# == The Final Outcast Tribunal ==============================================================


def test_a_whole_game_from_setup_to_the_winner():
    """8 players, Ann out before the merge, 7 at the merge: a panel of 5 ("You started with 8
    Players ... Seven Players made it to merge ... Outcast Panel will be made up of 5")."""
    state = started()
    for c in ("Physical 1", "Physical 2", "Social 3", "Social 6", "Physical 4", "Physical 3",
              "Physical 6", "Mental 2"):
        state = vote_out(state, c)
    assert state.merged and len(state.players_at_merge) == 7
    assert [p for p, _ in state.eliminated] == ["Ann"]
    for c in ("Physical 5", "Mental 1", "Mental 4", "Mental 3", "Mental 5"):
        state = vote_out(state, c)
    assert state.phase == "camp_life"
    # Fay still has Mental 6: voting it out makes Fay the third-last player out.
    state = to_tribunal(state, "Social 1")
    state = vote(open_vote(state), {"Mental 6": 3})   # Fay, Gus and Hal vote
    assert state.phase == "final"
    assert state.final.finalists == ("Gus", "Hal")
    assert state.final.panel == ("Ben", "Cat", "Dan", "Eve", "Fay")
    assert len(state.final.panel) == outcast_panel_size(7)
    assert "pitch" in " ".join(english(GAME.reminders(state)))
    state = play(state, T("open_final_vote"))
    call = GAME.vote_call(state)
    assert call.candidates == ("Gus", "Hal")           # players, not Castaways
    assert call.voters == ("Ben", "Cat", "Dan", "Eve", "Fay")
    refused(state, T("vote_result", key=call.key, tally={"Social 1": 3}), "not on the ballot")
    refused(state, T("vote_result", key=call.key, tally={"Gus": 4, "Hal": 2}), "More votes")
    # "The Outcast Panel is made up of the highest odd amount of Players ... so that a draw
    # is not possible": a count short of the whole panel decides nothing.
    refused(state, T("vote_result", key=call.key, tally={"Gus": 1, "Hal": 0}),
            "1 of 5 votes were counted")
    refused(state, T("vote_result", key=call.key, tally={"Gus": 2, "Hal": 1}),
            "whole Outcast Panel")
    refused(state, T("vote_result", key=call.key, tally={"Gus": 2, "Hal": 2}),
            "4 of 5 votes")
    assert call.complete   # the box is never closed short
    state = play(state, T("vote_result", key=call.key, tally={"Gus": 2, "Hal": 3}))
    assert (state.phase, state.winner) == ("over", "Hal")
    assert "Hal wins" in english(GAME.reminders(state))[0]
    # At the end every owner is revealed.
    table = GAME.view(state, None)
    assert {c["name"]: c["owner"] for t in table["teams"] for c in t["lineup"]} == {
        "Social 1": "Gus", "Social 2": "Gus", "Social 4": "Hal", "Social 5": "Hal"}
    refused(state, T("next_phase"), "game is over")
    json.dumps(table)


def test_the_panel_leaves_off_the_first_post_merge_player_when_the_count_is_even():
    state = started()
    for c in ("Social 3", "Social 6", "Physical 4", "Physical 3", "Physical 6", "Mental 2",
              "Physical 1", "Mental 5"):
        state = vote_out(state, c)
    assert len(state.players_at_merge) == 8   # nobody out before the merge: a panel of 5
    for c in ("Mental 3", "Physical 2", "Physical 5", "Mental 1", "Mental 4"):
        state = vote_out(state, c)
    state = to_tribunal(state, "Social 1")
    state = vote(open_vote(state), {"Mental 6": 3})
    assert state.phase == "final"
    assert [p for p, _ in state.eliminated] == ["Eve", "Ann", "Ben", "Cat", "Dan", "Fay"]
    assert state.final.panel == ("Ann", "Ben", "Cat", "Dan", "Fay")


# == Screens and history =====================================================================


def test_views_are_plain_json_and_reject_unknown_seats():
    state = to_tribunal(started(), "Team 1")
    for seat in (None,) + P8:
        json.dumps(GAME.view(state, seat))
    with pytest.raises(RuleError):
        GAME.view(state, "Zed")


def test_history_lines_say_who_left_and_whose_castaway_it_was():
    state = open_vote(to_tribunal(started(), "Team 1"))
    call = GAME.vote_call(state)
    line = said(GAME, state, T("vote_result", key=call.key, tally={"Physical 4": 4}))
    assert line == ("Votes read: Physical 4 4. Physical 4 is out of the game "
                    "(voted out; Ben's Castaway).")
    refused(state, T("next_phase"), "Finish the Outcast Tribunal first")


def test_moves_by_the_wrong_actor_are_refused():
    state = started()
    refused(state, Action("Ann", "next_phase", {}), "Only the table")
    refused(state, Action("Zed", "next_phase", {}), "not playing")
    refused(state, T("no_such_move"), "no move called")
    refused(state, Action(TABLE, "next_phase", ["x"]), "names and values")
