"""Castaways on the one game contract (issue 9): the dice and shuffles a move asks for, the
moves legal now for each seat, the history line written from the two states, the setup
options' schema, and what the view tells the screens. Each test quotes the rule text it
checks (rules-texts/castaways-faq.txt)."""
import copy
import random

import pytest

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.castaways import GAME

from testsupport.castaways import (P8, ROSTER, STRONG, WEAK, T, coconut_challenge, dealt, lineup,
                                   open_vote, picked, play, refused, started, to_phase,
                                   to_tribunal, vote, vote_out)


class Dice:
    """The companion's dice and shuffles, made repeatable: faces in the order given, then
    shuffles from a seeded random."""

    def __init__(self, *faces: int, seed: int = 1) -> None:
        self.faces = list(faces)
        self.random = random.Random(seed)

    def rolls(self, n: int, sides: int = 6) -> list[int]:
        out, self.faces = self.faces[:n], self.faces[n:]
        return out + [self.random.randint(1, sides) for _ in range(n - len(out))]

    def shuffled(self, items):
        items = list(items)
        self.random.shuffle(items)
        return items


def chance(state, action, dice):
    return GAME.with_chance(state, action, dice)


# == Dice and shuffles: asked by the move, filled in by the companion ========================


@pytest.mark.parametrize("seed", range(5))
def test_the_app_deals_each_team_three_of_each_archetype(seed):
    """"Split the 3 archetypes into their respective piles of 6 Castaways each, face down.
    Divide each stack into 2 piles ... so that each team has a 3 Physical + 3 Mental + 3
    Social characters.\""""
    state = GAME.setup(P8, {})
    action = chance(state, T("deal"), Dice(seed=seed))
    for team, cards in action.args["teams"].items():
        kinds = [c.split()[0] for c in cards]
        assert (kinds.count("Physical"), kinds.count("Mental"), kinds.count("Social")) == (3, 3, 3)
    after = GAME.apply(state, action)
    assert after.phase == "picks"
    assert sorted(c for _, stack in after.stacks for c in stack) == sorted(
        c.name for c in state.roster)


def test_a_deal_made_with_the_real_cards_is_kept_as_given():
    """"Each team must then deal their stack face down onto the table in front of them": a
    deal the table enters is the deal, nothing is shuffled over it."""
    state = GAME.setup(P8, {})
    teams = dealt().stacks
    given = T("deal", teams={t: list(cards) for t, cards in teams})
    assert chance(state, given, Dice()) == given


def test_the_team_leader_die_is_rolled_for_each_team_in_the_app_or_read_off_the_die():
    """"The dice is rolled to start the game to see which team will take ownership of the
    Team Leader card." Rolled in the app: a die for each team; read off the real die: kept."""
    state = to_phase_team_leader()
    rolled = chance(state, T("roll_team_leader"), Dice(2, 5))
    assert rolled.args == {"rolls": {"Team 1": 2, "Team 2": 5}}
    after = GAME.apply(state, rolled)
    assert after.team_leader == "Ben"  # Team 2 rolled highest: its first player holds it
    assert GAME.view(after, None)["dice"] is None  # the die is done with
    typed = T("roll_team_leader", rolls={"Team 1": 3, "Team 2": 3})
    assert chance(state, typed, Dice(6, 1)) == typed
    tied = GAME.apply(state, typed)
    assert GAME.view(tied, None)["last_roll"] == {"Team 1": 3, "Team 2": 3}
    assert GAME.view(tied, None)["dice"]["for"] == ["Team 1", "Team 2"]


def to_phase_team_leader():
    return picked()


def test_the_tribunal_leader_rolls_for_each_castaway_the_die_decides_for():
    """"The Tribunal Leader will now roll the dice for each of the eligible Castaways. The
    character with the lowest rolled value is out of the game.\""""
    state = open_vote(to_tribunal(started(), "Team 1"))
    state = vote(vote(state, {"Physical 4": 2, "Physical 5": 2}),
                 {"Physical 4": 2, "Physical 5": 2})
    dice_for = state.tribunal.dice_for
    assert GAME.view(state, None)["dice"]["for"] == list(dice_for)
    faces = [6] * (len(dice_for) - 1) + [1]
    rolled = chance(state, Action("Ann", "roll_off", {}), Dice(*faces))
    assert rolled.args["rolls"] == dict(zip(dice_for, faces))
    after = GAME.apply(state, rolled)
    assert after.tribunal.outs == (dice_for[-1],)


def test_the_team_swap_split_is_random_but_even_by_archetype():
    """"One by one, split each of the 3 archetype groups randomly, but evenly, into two new
    teams. Any odd castaway joins the card holder's team.\""""
    state = swap_picked()
    action = chance(state, T("swap_split"), Dice(seed=3))
    holder = state.swap.holder_team
    split = action.args["teams"]
    for kind in ("Physical", "Mental", "Social"):
        mine = sum(1 for c in split[holder] if c.startswith(kind))
        theirs = sum(1 for c in split[state.swap.captain_team] if c.startswith(kind))
        assert mine - theirs in (0, 1)
    after = GAME.apply(state, action)
    assert after.swapped and after.swap is None


def swap_picked():
    state = started(team_swap=True)
    state = vote_out(vote_out(state, "Physical 4"), "Social 6")
    state = play(to_phase(state, "camp"), Action("Eve", "team_swap", {"captain": "Fay"}))
    while state.swap.to_pick:
        turn = GAME.view(state, None)["team_swap"]["turn"]
        state = play(state, Action(turn, "swap_pick", {"player": state.swap.to_pick[0]}))
    return state


def test_the_coconut_toss_rolled_in_the_app_throws_until_all_three_bags_drop():
    """"When competing 1 team will roll the dice until all 3 players are eliminated.
    Starting at the first Castaway, knocking them out, then moving onto the next, and again to
    the final. They will tally their sum total of dice rolls needed to knock out all 3." Team
    1 throws 3s at Team 2's weak holders (Strength 2): one each; Team 2 throws 6s at Team 1's
    strong ones (9, 8, 7): two each."""
    state = coconut_challenge()
    holders = {"Team 1": STRONG, "Team 2": WEAK}
    rolled = chance(state, T("coconut_toss", holders=holders), Dice(3, 3, 3, *[6] * 6))
    assert rolled.args["rolls"] == {"Team 1": [3, 3, 3], "Team 2": [6] * 6}
    assert "tiebreak" not in rolled.args
    assert GAME.apply(state, rolled).challenge_winner == "Team 1"


def test_the_coconut_toss_tiebreak_die_is_rolled_again_until_one_is_higher():
    """"If the Endurance values are equal, then we move to the final tie breaker where each
    team will roll the dice. Highest value wins and is safe." Equal dice roll again."""
    roster = [dict(c, traits={"Strength": 2, "Endurance": 1}) for c in ROSTER]
    state = coconut_challenge(started(castaways=roster))
    holders = {"Team 1": STRONG, "Team 2": WEAK}
    rolled = chance(state, T("coconut_toss", holders=holders), Dice(*[3] * 6, 4, 4, 2, 5))
    assert rolled.args["tiebreak"] == {"Team 1": 2, "Team 2": 5}
    assert GAME.apply(state, rolled).challenge_winner == "Team 2"


def test_the_challenge_roll_off_is_rolled_for_the_tied_castaways():
    """"there are 4 Castaways with the same value that is being looked at, then the dice is
    rolled for each Castaway. The two Castaways with the lowest rolled value are out.\""""
    state = play(to_phase(started(), "challenge"), T("reveal_challenge"))
    four = list(lineup(state, "Team 1"))[:4]
    rolled = chance(state, T("challenge_roll_off", castaways=four, out=2), Dice(5, 1, 6, 2))
    assert rolled.args["rolls"] == dict(zip(four, [5, 1, 6, 2]))
    after = GAME.apply(state, rolled)
    assert set(after.challenge_out) == {four[1], four[3]}
    refused(state, T("challenge_roll_off", castaways=four[:2], out=1,
                     rolls={four[0]: 1, four[2]: 2}), "each ticked Castaway")


def test_a_refused_move_rolls_nothing():
    """"The dice is a fringe component that is sometimes called into action": never for a
    move the rules refuse (the guards are read before any die)."""
    state = started()
    with pytest.raises(MoveNotAllowed):
        chance(state, T("roll_team_leader"), Dice(1, 2))


# == Legal moves: what each seat may do now ==================================================


def legal(state, actor=TABLE):
    return set(GAME.legal_moves(state, actor))


def test_forced_play_offers_the_card_only_to_the_player_whose_turn_it_is():
    """"Forced Play states that the players are forced to play their 'must play' cards
    starting with the current Team Leader, followed by the next player set to become Team
    Leader ... no player who is positioned further down the order is then allowed to jump
    in and play their card just because it now benefits them. Once Forced Play is actioned
    it must be completed, before any other card is played.\""""
    state = to_phase(started(), "camp")
    state = play(state, T("mark_must_play", player="Eve", count=1),
                 T("mark_must_play", player="Ben", count=1), T("start_forced_play"))
    assert "play_card" in legal(state, "Ben")
    assert "play_card" not in legal(state, "Eve")
    assert "next_phase" not in legal(state)
    assert "start_forced_play" not in legal(state)
    waiting = GAME.view(state, None)["next_step"]
    # (beside each, its message for the screens: ``label_said``, ``waiting_said``)
    assert {k: waiting[k] for k in ("label", "waiting")} == {
        "label": "Next: the Challenge", "waiting": "Forced Play must be completed first."}
    with pytest.raises(MoveNotAllowed, match="Ben's turn"):
        GAME.apply(state, Action("Eve", "play_card", {"must_play": True}))


def test_only_the_tribunal_leader_adjudicates_the_outcast_tribunal():
    """"The Team Leader cannot also oversee the Outcast Tribunal, so they will simply hand the
    Team Leader card and the duty of adjudicating the tribunal to a player from the opposing
    team": Ann's team won, so Ann adjudicates Team 2's Tribunal."""
    state = to_tribunal(started(), "Team 1")
    assert "tribal_twist" in legal(state, "Ann")
    assert "tribal_twist" in legal(state)  # the table acts for the Tribunal Leader
    assert "tribal_twist" not in legal(state, "Ben")
    assert "open_vote" not in legal(state, "Ann")  # not before the Vote Twist


def test_a_player_out_of_the_game_is_offered_no_move():
    """"Any cards in the possession of the eliminated Player will be returned to the bottom of
    the Camp Life draw pile ... The eliminated Player may not choose to give their cards to a
    fellow Player once eliminated": their phone only watches."""
    state = to_phase(started(), "camp")
    state = play(state, T("remove_castaway", castaway="Physical 4", reason="quit"),
                 T("remove_castaway", castaway="Physical 5", reason="quit"))
    assert "Ben" in dict(state.eliminated)
    assert legal(state, "Ben") == set()
    assert "play_card" in legal(state, "Dan")


def test_the_merge_checklist_holds_the_round_until_it_is_confirmed():
    """"At this point the teams will merge and become one team immediately. Be sure to make
    the necessary changes to the cards..." The table confirms the checklist first."""
    state = to_phase(started(), "camp")
    for c in ("Physical 4", "Physical 5", "Physical 6", "Mental 4", "Mental 5", "Physical 1",
              "Physical 2", "Mental 1"):
        state = play(state, T("remove_castaway", castaway=c, reason="quit"))
    assert state.merge_checklist
    assert "confirm_merge" in legal(state) and "next_phase" not in legal(state)
    assert GAME.view(state, None)["next_step"]["waiting"] == "Confirm the merge checklist first."


# == History lines ===========================================================================


def test_the_history_line_is_written_from_both_states_and_changes_nothing():
    """"Be sure to keep the identity secret so that no one knows each others characters": the
    line of a pick never says which card or which Castaway."""
    state = dealt()
    action = Action("Ann", "pick", {"card": 4})
    after = GAME.apply(state, action)
    before = copy.deepcopy(state)
    assert str(GAME.describe(state, action, after)) == "Ann picked a face-down Castaway."
    assert state == before
    state = picked()
    roll = T("roll_team_leader", rolls={"Team 1": 6, "Team 2": 1})
    line = str(GAME.describe(state, roll, GAME.apply(state, roll)))
    assert line == "Team Leader dice: Team 1 6, Team 2 1. Ann holds the Team Leader card."


# == Setup options: a schema with defaults ===================================================


def test_setup_options_have_a_schema_with_the_texts_defaults():
    """"It is advised that the card is left out of your first game or two" (the Team Swap
    off by default); a second round of Advantage cards "must be stated at the start of the
    game as this is not a rule that is part of the 'base game'" (off by default)."""
    schema = {o.name: o for o in GAME.options}
    assert schema["team_swap"].default is False
    assert schema["second_advantage_round"].default is False
    assert all(o.sentence for o in GAME.options)
    with pytest.raises(RuleError, match="yes or no"):
        GAME.setup(P8, {"team_swap": "maybe"})
    with pytest.raises(RuleError, match="no setup option"):
        GAME.setup(P8, {"house_rules": True})


# == What the view tells the screens =========================================================


def test_a_phone_is_offered_the_other_teams_spare_card_only_at_nine():
    """"5-6 - Each Player will choose 3 Castaways ... 7-8 - ... 2 ... 10-18 - ... 1": nine
    players pick 2 each (Choice), so a team of 5 takes its last pick from the other team's
    spare face-down card once its own stack is empty."""
    nine = tuple(f"P{i}" for i in range(1, 10))
    state = dealt(players=nine)
    assert {c["team"] for c in GAME.view(state, "P9")["picks"]["choices"]} == {"Team 1"}
    cards = iter(range(1, 10))
    for p in ("P1", "P3", "P5", "P7"):
        state = play(state, *[Action(p, "pick", {"card": next(cards)}) for _ in range(2)])
    state = play(state, Action("P9", "pick", {"card": next(cards)}))
    choices = GAME.view(state, "P9")["picks"]["choices"]
    assert {c["team"] for c in choices} == {"Team 2"} and len(choices) == 9


def test_no_zero_health_lock_is_shown_once_no_round_is_left():
    """"if still 0 at the same stage of the next round - that Castaway will be medically
    evacuated": at the Final Outcast Tribunal no next round comes, so no lock is shown."""
    state = started()
    for c in ("Social 3", "Social 6", "Physical 4", "Physical 3", "Physical 6", "Mental 2",
              "Physical 1", "Mental 5", "Mental 3", "Physical 2", "Physical 5", "Mental 1",
              "Mental 4"):
        state = vote_out(state, c)
    state = play(state, T("set_health", castaway="Social 1", value=0))
    locked = {c["name"]: c["zero_lock"] for t in GAME.view(state, None)["teams"]
              for c in t["lineup"]}
    assert locked["Social 1"] is not None
    state = to_tribunal(state, "Social 2")
    state = vote(open_vote(state), {"Mental 6": 3})
    assert state.phase == "final" and dict(state.health)["Social 1"] == 0
    cards = [c for t in GAME.view(state, None)["teams"] for c in t["lineup"]]
    assert "Social 1" in [c["name"] for c in cards]
    assert all(c["zero_lock"] is None for c in cards)
