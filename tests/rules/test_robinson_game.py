"""Robinson Crusoe round assistant (GAME), worked out by hand from the rule texts."""
import json

import pytest

from rules import TABLE, Action, RuleError
from rules.robinson import GAME, SCENARIOS
from testsupport.robinson import act, start, wounds, finish_phase, skip_to, at_morale, at_night
from testsupport.robinson import at_action
from testsupport.robinson import english, reminders


def safe_camp(state):
    """A Shelter with a high Roof, Palisade and Weapon: the weather cannot hurt (no snow)."""
    state = act(state, "shelter", built=True)
    return act(state, "levels", roof=9, palisade=9, weapon=3)


# --- setup ---------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 5, 6])
def test_one_to_four_players(count):
    with pytest.raises(RuleError, match="1 to 4 players"):
        GAME.setup(tuple(f"P{i}" for i in range(count)), {})


def test_characters_default_in_seat_order():
    s = GAME.setup(("Ann", "Bob", "Cat", "Dan"), {})
    assert [(c.player, c.name) for c in s.characters] == [
        ("Ann", "Carpenter"), ("Bob", "Cook"), ("Cat", "Explorer"), ("Dan", "Soldier")]


def test_characters_drawn_at_the_table():
    s = GAME.setup(("Ann", "Bob", "Cat"),
                   {"characters": {"Ann": "Soldier", "Bob": "Explorer", "Cat": "Cook"}})
    assert s.character_of("Ann").name == "Soldier"


def test_two_players_draw_from_carpenter_cook_explorer_and_friday_joins():
    """"In a 2-player game, draw from only the Carpenter, Cook, and Explorer" … "Friday"."""
    s = GAME.setup(("Ann", "Bob"), {"characters": {"Ann": "Explorer", "Bob": "Cook"}})
    assert [c.name for c in s.characters] == ["Explorer", "Cook", "Friday"]
    assert s.character("Friday").player is None
    with pytest.raises(RuleError, match="2-player"):
        GAME.setup(("Ann", "Bob"), {"characters": {"Ann": "Soldier", "Bob": "Cook"}})


def test_friday_only_in_small_games():
    assert GAME.setup(("Ann", "Bob", "Cat"), {}).character("Friday") is None
    assert GAME.setup(("Ann",), {}).character("Friday") is None
    assert GAME.setup(("Ann",), {"friday": True}).character("Friday") is not None
    with pytest.raises(RuleError, match="Friday"):
        GAME.setup(("Ann", "Bob", "Cat"), {"friday": True})


@pytest.mark.parametrize("players,options", [
    (("Ann", "Ann"), {}),
    (("table",), {}),
    (("",), {}),
    (("Ann", "Bob"), {"characters": {"Ann": "Cook", "Bob": "Cook"}}),
    (("Ann", "Bob"), {"characters": {"Ann": "Cook"}}),
    (("Ann", "Bob"), {"characters": {"Ann": "Cook", "Bob": "Friday"}}),
    (("Ann",), {"scenario": 7}),
    (("Ann",), {"scenario": "1"}),
    (("Ann",), {"first_player": "Zed"}),
    (("Ann",), {"colour": "red"}),
    (("Ann",), {"scenario6_weather": [[]] * 12}),
    (("Ann",), {"scenario": 6, "scenario6_weather": [[]] * 11}),
    (("Ann",), {"scenario": 6, "scenario6_weather": [["hail"]] * 12}),
    (("Ann",), {"wounds_to_death": {"Carpenter": 20}}),
    (("Ann",), {"wounds_to_death": {"Captain": 12}}),
    (("Ann",), {"build_wound_faces": 3}),
    (("Ann",), {"friday_counts_as_player": "yes"}),
])
def test_bad_setups_are_refused(players, options):
    with pytest.raises(RuleError):
        GAME.setup(players, options)


@pytest.mark.parametrize("scenario,book", [(1, 6), (2, 5), (3, 4), (4, 4), (5, 5), (6, 6)])
def test_event_deck_is_half_the_rounds_rounded_up_of_each_pile(scenario, book):
    view = GAME.view(GAME.setup(("Ann",), {"scenario": scenario}), None)
    assert view["scenario"]["event_deck"] == {"book": book, "adventure": book, "total": 2 * book}
    assert view["last_round"] == SCENARIOS[scenario].rounds


def test_scenario_six_schedule_is_editable_and_flagged():
    schedule = [[]] * 5 + [["winter"]] * 7
    s = GAME.setup(("Ann",), {"scenario": 6, "scenario6_weather": schedule})
    assert s.weather[5] == frozenset({"winter"}) and s.weather[4] == frozenset()
    assert any("Scenario 6" in line for line in english(GAME.view(s, None)["unconfirmed"]))
    assert any("Scenario 6" in line for line in reminders(s))


def test_the_arranging_the_camp_card_in_a_four_player_game():
    assert GAME.view(GAME.setup(("A", "B", "C", "D"), {}), None)["arranging_camp_card"]
    assert not GAME.view(GAME.setup(("A", "B", "C"), {}), None)["arranging_camp_card"]
    assert any("Arranging the Camp card" in r for r in reminders(GAME.setup(
        ("A", "B", "C", "D"), {})))


def test_the_first_player_is_chosen_at_setup():
    assert GAME.setup(("Ann", "Bob"), {"first_player": "Bob"}).first_player == "Bob"


def test_unconfirmed_values_are_settings_with_defaults_and_said_so():
    s = GAME.setup(("Ann", "Bob"), {"wounds_to_death": {"Friday": 3, "Cook": 12}})
    assert (s.character("Friday").death_at, s.character("Cook").death_at,
            s.character("Carpenter").death_at) == (3, 12, 13)
    text = " ".join(reminders(s))
    assert "unconfirmed" in text.lower() and "Build Wound die" in text and "Friday" in text
    assert len(english(GAME.view(s, None)["unconfirmed"])) == 3


def test_morale_arrows_follow_the_wounds_to_death():
    """Arrows at remaining life: Cook 9, 6, 4, 2; with 12 Wounds to death they sit at 3, 6, 8, 10."""
    s = GAME.setup(("Ann", "Bob"), {"characters": {"Ann": "Cook", "Bob": "Explorer"},
                                    "wounds_to_death": {"Cook": 12}})
    assert sorted(s.character("Cook").arrows) == [3, 6, 8, 10]
    assert sorted(s.character("Explorer").arrows) == [6, 11]  # 12 − 6, 12 − 1
    assert s.character("Friday").arrows == frozenset()


# --- the round ------------------------------------------------------------------------------

def test_round_one_skips_the_event_phase():
    s = GAME.setup(("Ann",), {})
    assert s.phase == "setup"
    assert act(s, "next_phase").phase == "morale"


def test_the_phases_in_order_and_the_first_player_passes_clockwise():
    s = safe_camp(start(("Ann", "Bob", "Cat"), first_player="Bob"))
    seen = []
    while s.round == 1:
        seen.append(s.phase)
        s = finish_phase(s)
    assert seen == ["morale", "production", "action", "weather", "night"]
    assert (s.round, s.phase, s.first_player) == (2, "event", "Cat")
    s = skip_to(s, 3, "event")
    assert s.first_player == "Ann"  # clockwise wraps round the table


def test_morale_weather_and_night_end_only_by_resolving_them():
    s = start()
    with pytest.raises(RuleError, match="Morale"):
        act(s, "next_phase")
    s = skip_to(s, 1, "weather")
    with pytest.raises(RuleError, match="Weather"):
        act(s, "next_phase")
    s = skip_to(s, 1, "night")
    with pytest.raises(RuleError, match="Night"):
        act(s, "next_phase")


def test_only_the_first_player_or_the_table_moves_the_phases():
    s = start(("Ann", "Bob"))
    with pytest.raises(RuleError, match="First Player"):
        act(s, "resolve_morale", actor="Bob")
    assert act(s, "resolve_morale", actor="Ann").phase == "production"


def test_moves_belong_to_their_phase():
    s = start()
    with pytest.raises(RuleError, match="Action phase"):
        act(s, "rest", character="Carpenter")
    with pytest.raises(RuleError, match="Weather phase"):
        act(s, "roll_weather", faces={})
    with pytest.raises(RuleError, match="Finish the setup"):
        act(GAME.setup(("Ann",), {}), "wound", character="Carpenter")


def test_unknown_actors_moves_and_arguments_are_refused():
    s = start()
    for action in (Action("Zed", "next_phase", {}), Action(TABLE, "dance", {}),
                   Action(TABLE, "resolve_morale", {"colour": 1}),
                   Action(TABLE, "vote_result", {"key": "x", "tally": {}}),
                   Action(TABLE, "wound", {"character": "Friday"}),
                   Action(TABLE, "wound", {"character": "Cook", "count": 0}),
                   Action(TABLE, "wound", {"character": "Cook", "count": "2"})):
        with pytest.raises(RuleError):
            GAME.apply(s, action)


def test_a_player_keeps_to_their_own_character_but_anyone_moves_friday():
    s = start(("Ann", "Bob"))
    with pytest.raises(RuleError, match="Ann"):
        act(s, "wound", actor="Bob", character="Carpenter")
    assert wounds(act(s, "wound", actor="Bob", character="Friday"), "Friday") == 1
    assert wounds(act(s, "wound", actor="Ann", character="Carpenter"), "Carpenter") == 1


# --- Morale phase ----------------------------------------------------------------------------


@pytest.mark.parametrize("level,tokens", [(1, 1), (2, 2), (0, 0)])
def test_the_first_player_gains_the_tokens_of_the_level(level, tokens):
    s = act(at_morale(level), "resolve_morale")
    assert s.character("Carpenter").determination == tokens
    assert s.phase == "production"


def test_the_first_player_discards_the_tokens_of_a_low_level():
    s = act(at_morale(-2), "determination", character="Carpenter", by=5)
    s = act(s, "resolve_morale")
    assert (s.character("Carpenter").determination, wounds(s, "Carpenter")) == (3, 0)


def test_short_of_tokens_discard_all_and_take_a_wound_for_each_lacking_one():
    """"they discard all they have and receive 1 Wound for each lacking token"."""
    s = act(at_morale(-3), "determination", character="Carpenter", by=1)
    s = act(s, "resolve_morale")
    assert (s.character("Carpenter").determination, wounds(s, "Carpenter")) == (0, 2)
    assert wounds(s, "Cook") == 0  # only the First Player pays
    assert any("2 tokens lacking" in step for step in english(s.last_steps))


def test_at_the_top_level_the_first_player_chooses():
    """"at the highest level, they can choose to gain 2 tokens or heal 1 Wound"."""
    s = at_morale(3)
    with pytest.raises(RuleError):
        act(s, "resolve_morale")
    with pytest.raises(RuleError, match="no Wound"):
        act(s, "resolve_morale", choice="heal")
    assert act(s, "resolve_morale", choice="determination").character(
        "Carpenter").determination == 2
    hurt = act(s, "wound", character="Carpenter", count=2)
    assert wounds(act(hurt, "resolve_morale", choice="heal"), "Carpenter") == 1


def test_the_choice_exists_only_at_the_top():
    with pytest.raises(RuleError, match="only offered"):
        act(at_morale(2), "resolve_morale", choice="heal")


def test_solo_morale_rises_first():
    """"Solo game: Morale +1 at the start of every Morale phase." 0 → +1: gain 1 token."""
    s = act(start(("Ann",)), "resolve_morale")
    assert (s.morale, s.character("Carpenter").determination) == (1, 1)


def test_solo_at_plus_two_rises_to_the_choice():
    s = at_morale(2, ("Ann",))
    assert GAME.view(s, None)["morale_phase"] == {"level": 3, "tokens": None, "choice": True}
    s = act(s, "resolve_morale", choice="determination")
    assert (s.morale, s.character("Carpenter").determination) == (3, 2)


def test_morale_never_moves_past_either_end():
    s = start()
    assert act(s, "morale", by=9).morale == 3
    assert act(s, "morale", by=-9).morale == -3


# --- the life track and its morale arrows ----------------------------------------------------

def test_a_wound_passing_a_morale_arrow_lowers_morale():
    """Carpenter (13 Wounds to death): arrows at remaining life 8, 5, 3 = Wounds 5, 8, 10."""
    s = act(start(), "wound", character="Carpenter", count=4)
    assert s.morale == 0
    s = act(s, "wound", character="Carpenter")
    assert s.morale == -1


def test_healing_back_past_an_arrow_does_not_raise_morale_and_passing_again_lowers_it():
    s = act(start(), "wound", character="Carpenter", count=5)
    s = act(s, "heal", character="Carpenter")
    assert (wounds(s, "Carpenter"), s.morale) == (4, -1)
    s = act(s, "wound", character="Carpenter")
    assert s.morale == -2


def test_many_wounds_pass_many_arrows_but_morale_stops_at_minus_three():
    """Cook 0 → 11 Wounds passes the arrows at 4, 7, 9 and 11: −4, held at −3."""
    s = act(start(), "wound", character="Cook", count=11)
    assert (wounds(s, "Cook"), s.morale) == (11, -3)


def test_heal_no_more_than_the_wounds():
    s = act(start(), "wound", character="Cook", count=1)
    with pytest.raises(RuleError, match="only 1 Wound"):
        act(s, "heal", character="Cook", count=2)


def test_a_death_is_defeat_and_ends_the_game():
    """"Players lose immediately if any one of the Character's (or Friday's) life track reaches
    its end." Friday dies at 4 Wounds by default."""
    s = act(start(("Ann", "Bob")), "wound", character="Friday", count=9)
    assert (wounds(s, "Friday"), s.result, s.phase) == (4, "defeat", "over")
    assert "Friday died" in english(s.end_reason)
    with pytest.raises(RuleError, match="over"):
        act(s, "morale", by=1)
    assert reminders(s)[0].startswith("Defeat.")


# --- Weather phase ---------------------------------------------------------------------------

def test_the_app_says_which_dice_to_roll():
    s = skip_to(safe_camp(start()), 4, "weather")
    assert GAME.view(s, None)["weather_dice"] == ["rain"]
    assert "Rain die" in reminders(s)[1]
    s = skip_to(s, 7, "weather")
    assert GAME.view(s, None)["weather_dice"] == ["rain", "winter", "animals"]


def test_the_faces_must_be_those_of_this_rounds_dice():
    s = skip_to(safe_camp(start()), 4, "weather")
    for faces in ({}, {"rain": 0, "winter": 0}, {"rain": 6}, {"rain": "2"}, {"hail": 0}):
        with pytest.raises(RuleError):
            act(s, "roll_weather", faces=faces)
    with pytest.raises(RuleError, match="faces"):
        act(s, "confirm_weather")


def weather_round(**camp):
    """Round 7 (all three dice), Weather phase, with the camp set as given."""
    s = skip_to(safe_camp(start()), 7, "weather")
    s = act(s, "levels", roof=camp.get("roof", 0) - 9, palisade=camp.get("palisade", 0) - 9,
            weapon=camp.get("weapon", 0) - 3)
    if not camp.get("shelter", True):
        s = act(s, "shelter", built=False)
    return s


def test_weather_is_shown_then_applied_on_confirmation():
    """Round 7: Rain 2 rain clouds, Winter 2 snow clouds, animals: 1 food; Roof 1; 3 wood,
    1 perishable and 2 non-perishable food; a rain token and a storm token, Palisade 1.

    Snow: 2 wood (3 → 1). Clouds 2 + 1 token + 2 = 5 − Roof 1 = 4 unprotected: 3 food and 1 wood
    discarded, 1 food and 3 wood lacking: 4 Wounds. Animals: no food left: 1 Wound. Storm:
    Palisade 1 → 0. Each character takes 5 Wounds.
    """
    s = weather_round(roof=1, palisade=1)
    s = act(s, "resources", wood=3, food=1, nonperishable_food=2)
    s = act(s, "weather_tokens", rain=1, storm=1)
    s = act(s, "roll_weather", faces={"rain": 3, "winter": 2, "animals": 4})
    assert s.wood == 3 and s.rain_tokens == 1  # nothing applied yet
    preview = GAME.view(s, None)["weather_preview"]
    assert preview["wounds"] == 5 and preview["palisade"] == 0
    assert english(preview["steps"])[0] == ("Dice: Rain die: 2 rain clouds; Winter die: 2 snow clouds; "
                                   "Hungry Animals die: discard 1 food.")
    before = {ch.name: ch.wounds for ch in s.characters}
    s = act(s, "confirm_weather")
    assert (s.wood, s.food, s.nonperishable_food, s.palisade) == (0, 0, 0, 0)
    assert all(ch.wounds == before[ch.name] + 5 for ch in s.characters)
    assert (s.rain_tokens, s.snow_tokens, s.storm_tokens) == (0, 0, 0)
    assert s.phase == "night"


def test_weather_takes_perishable_food_first():
    s = weather_round(roof=0)
    s = act(s, "resources", wood=5, food=1, nonperishable_food=3)
    s = act(act(s, "roll_weather", faces={"rain": 3, "winter": 4, "animals": 0}),
            "confirm_weather")  # 4 rain clouds: 4 food, 4 wood
    assert (s.food, s.nonperishable_food, s.wood) == (0, 0, 1)
    s2 = weather_round(roof=2)
    s2 = act(s2, "resources", wood=5, food=3, nonperishable_food=3)
    s2 = act(act(s2, "roll_weather", faces={"rain": 3, "winter": 4, "animals": 0}),
             "confirm_weather")  # 2 unprotected
    assert (s2.food, s2.nonperishable_food) == (1, 3)


def test_a_weather_wound_passing_an_arrow_lowers_morale():
    s = weather_round(roof=9, weapon=2)
    s = act(s, "wound", character="Carpenter", count=4 - wounds(s, "Carpenter"))
    morale = s.morale
    s = act(act(s, "roll_weather", faces={"rain": 0, "winter": 4, "animals": 5}),
            "confirm_weather")  # the beast: 3 − Weapon 2 = 1 Wound each
    assert wounds(s, "Carpenter") == 5
    assert s.morale == morale - 1
    assert any("morale arrow" in step for step in english(s.last_steps))


def test_friday_takes_no_weather_wounds_unless_the_setting_says_so():
    for counts, friday_hurt in ((False, 0), (True, 3)):
        s = start(("Ann", "Bob"), friday_counts_as_player=counts)
        s = skip_to(safe_camp(s), 7, "weather")
        s = act(s, "levels", weapon=-3)
        s = act(act(s, "roll_weather", faces={"rain": 0, "winter": 4, "animals": 5}),
                "confirm_weather")
        assert wounds(s, "Friday") == friday_hurt
        assert wounds(s, "Carpenter") == 3


def test_rounds_without_dice_still_resolve_the_tokens():
    s = skip_to(safe_camp(start()), 1, "weather")
    s = act(s, "levels", palisade=-9)
    s = act(s, "weather_tokens", storm=1)
    assert GAME.view(s, None)["weather_preview"]["wounds"] == 1
    s = act(s, "confirm_weather")
    assert [ch.wounds for ch in s.characters] == [1, 1, 1]


# --- Night phase -------------------------------------------------------------------------------


def test_everyone_eats_and_the_rest_of_the_perishable_food_rots():
    s = act(at_night(), "resources", food=4, nonperishable_food=1, wood=2, fur=1)
    s = act(s, "night")
    assert (s.food, s.nonperishable_food, s.wood, s.fur) == (0, 1, 2, 1)
    assert [ch.wounds for ch in s.characters] == [0, 0, 0]


def test_non_perishable_food_is_eaten_after_the_perishable():
    s = act(act(at_night(), "resources", food=1, nonperishable_food=4), "night")
    assert (s.food, s.nonperishable_food) == (0, 2)


def test_short_of_food_the_table_names_who_does_not_eat():
    """"decide who doesn't eat; each player who doesn't eat receives 2 Wounds"."""
    s = act(at_night(), "resources", food=1)
    for bad in ([], ["Cook"], ["Cook", "Cook"], ["Cook", "Friday"], ["Cook", "Ann"]):
        with pytest.raises(RuleError):
            act(s, "night", not_eating=bad)
    s = act(s, "night", not_eating=["Cook", "Explorer"])
    assert [ch.wounds for ch in s.characters] == [0, 2, 2]
    assert s.food == 0


def test_with_food_for_everyone_nobody_goes_hungry():
    s = act(at_night(), "resources", food=3)
    with pytest.raises(RuleError, match="everyone eats"):
        act(s, "night", not_eating=["Cook"])


def test_sleeping_in_the_open():
    """No Shelter: each player gets 1 Wound (and no food: 2 more each)."""
    s = at_night(shelter=False)
    s = act(s, "night", not_eating=["Carpenter", "Cook", "Explorer"])
    assert [ch.wounds for ch in s.characters] == [3, 3, 3]


def test_friday_neither_eats_nor_sleeps_out_by_default():
    s = act(at_night(("Ann", "Bob"), shelter=False), "resources", food=2)
    assert GAME.view(s, None)["night"] == {"food_needed": 2, "food": 2, "cannot_eat": 0}
    s = act(s, "night")
    assert (wounds(s, "Friday"), wounds(s, "Carpenter")) == (0, 1)
    s = act(at_night(("Ann", "Bob"), shelter=False, friday_counts_as_player=True),
            "resources", food=2)
    s = act(s, "night", not_eating=["Friday"])
    assert (wounds(s, "Friday"), wounds(s, "Carpenter")) == (3, 1)


@pytest.mark.parametrize("roof,palisade,after", [(3, 1, (2, 1)), (4, 0, (2, 0)),
                                                 (1, 5, (1, 3)), (0, 2, (0, 1))])
def test_moving_the_camp_with_a_shelter_loses_half_rounded_down(roof, palisade, after):
    """Roof 3 → 2, Roof 4 → 2, Palisade 1 → 1."""
    s = act(at_night(), "resources", food=3)
    s = act(s, "levels", roof=roof, palisade=palisade)
    s = act(s, "night", move_camp=True)
    assert (s.roof, s.palisade) == after and s.shelter


def test_moving_without_a_shelter_leaves_roof_and_palisade_behind():
    s = act(at_night(), "resources", food=3)
    s = act(act(s, "levels", roof=2, palisade=1), "shelter", built=False)
    s = act(s, "night", move_camp=True)
    assert (s.roof, s.palisade) == (0, 0)


def test_the_night_of_the_last_round_without_the_goal_is_defeat():
    s = skip_to(safe_camp(start(("Ann",), scenario=3)), 8, "night")
    s = act(act(s, "resources", food=1), "night")
    assert (s.result, s.round, s.phase) == ("defeat", 8, "over")
    assert "last round" in english(s.end_reason)


def test_a_death_at_night_is_defeat():
    s = act(at_night(shelter=False), "wound", character="Explorer", count=10)
    s = act(s, "night", not_eating=["Carpenter", "Cook", "Explorer"])
    assert s.result == "defeat" and "Explorer died" in english(s.end_reason)


# --- the end -------------------------------------------------------------------------------------

def test_the_table_marks_the_goal_as_met_for_victory():
    s = skip_to(safe_camp(start(("Ann", "Bob"))), 5, "action")
    with pytest.raises(RuleError, match="First Player"):
        act(s, "goal_met", actor="Bob")
    s = act(s, "goal_met", actor="Ann")
    assert (s.result, s.phase) == ("victory", "over")
    assert reminders(s)[0].startswith("Victory!")


# --- Action phase helpers -------------------------------------------------------------------------


def test_action_dice_wound_then_success_then_adventure():
    s = act(at_action(), "action_dice", actor="Bob", character="Cook", action="explore",
            wound=0, success=5, adventure=0)
    assert wounds(s, "Cook") == 1
    assert s.character("Cook").determination == 2  # a failed Success die
    assert [step.split(":")[0] for step in english(s.last_steps)[1:]] == [
        "Wound die", "Success die", "Adventure die"]
    assert "Exploration Adventure deck" in english(s.last_steps)[-1]


def test_action_dice_for_another_players_character_are_refused():
    with pytest.raises(RuleError):
        act(at_action(), "action_dice", actor="Bob", character="Carpenter", action="gather",
            wound=0, success=0, adventure=0)


def test_build_wound_die_setting_reaches_the_game():
    faces = dict(action="build", wound=3, success=0, adventure=5)
    assert wounds(act(at_action(), "action_dice", character="Cook", **faces), "Cook") == 0
    assert wounds(act(at_action(build_wound_faces=4), "action_dice", character="Cook",
                      **faces), "Cook") == 1


def test_rest_heals_one_wound():
    s = act(at_action(), "wound", character="Cook", count=2)
    assert wounds(act(s, "rest", character="Cook"), "Cook") == 1
    with pytest.raises(RuleError, match="no Wound"):
        act(at_action(), "rest", character="Cook")


def test_arranging_the_camp_gives_both_with_up_to_three_players():
    s = act(at_action(), "arrange_camp", character="Cook")
    assert (s.character("Cook").determination, s.morale) == (2, 1)
    s = act(act(at_action(), "morale", by=3), "arrange_camp", character="Cook")
    assert (s.character("Cook").determination, s.morale) == (2, 3)  # at max: just the tokens


def test_arranging_the_camp_with_four_players_is_a_choice():
    s = at_action(("A", "B", "C", "D"))
    with pytest.raises(RuleError):
        act(s, "arrange_camp", character="Cook")
    assert act(s, "arrange_camp", character="Cook", choice="morale").morale == 1
    t = act(s, "arrange_camp", character="Cook", choice="determination")
    assert (t.morale, t.character("Cook").determination) == (0, 2)


@pytest.mark.parametrize("players,wood,fur", [(("A",), 2, 1), (("A", "B"), 2, 1),
                                              (("A", "B", "C"), 3, 2),
                                              (("A", "B", "C", "D"), 4, 3)])
def test_roof_and_palisade_cost_by_player_count(players, wood, fur):
    s = act(skip_to(start(players), 1, "production"), "resources", wood=wood, fur=fur)
    s = act(s, "next_phase")
    with pytest.raises(RuleError, match="Shelter"):
        act(s, "build", item="roof", pay="wood")
    s = act(s, "shelter", built=True)
    s = act(s, "build", item="roof", pay="wood")
    assert (s.roof, s.wood) == (1, 0)
    s = act(s, "build", item="palisade", pay="fur")
    assert (s.palisade, s.fur) == (1, 0)
    with pytest.raises(RuleError, match="costs"):
        act(s, "build", item="palisade", pay="fur")


def test_a_weapon_level_costs_one_wood():
    s = act(skip_to(start(), 1, "production"), "resources", wood=1)
    s = act(act(s, "next_phase"), "build", item="weapon", pay="wood")
    assert (s.weapon, s.wood) == (1, 0)


def test_resources_never_go_below_zero():
    """A discard beyond the store stops at 0 (the Wounds it costs: see test_robinson_camp)."""
    s = act(start(), "resources", wood=1)
    s = act(s, "resources", wood=-2)
    assert s.wood == 0
    s = act(s, "levels", weapon=-1)
    assert s.weapon == 0
    with pytest.raises(RuleError):
        act(s, "determination", character="Cook", by=-1)


# --- views and history --------------------------------------------------------------------------

def test_every_seat_sees_the_same_island_as_plain_data():
    s = act(at_action(("Ann", "Bob")), "wound", character="Cook")
    table = GAME.view(s, None)
    assert GAME.view(s, "Ann") == GAME.view(s, "Bob") == table
    assert json.loads(json.dumps(table)) == table
    assert table["characters"][1] == {
        "name": "Cook", "player": "Bob", "wounds": 1, "death_at": 13, "life_left": 12,
        "arrows": [4, 7, 9, 11], "next_arrow": 4, "determination": 0, "dead": False,
        "eats": True, "sleeps_out": True, "weather_wounds": True}
    assert table["characters"][2]["name"] == "Friday"
    assert not any(table["characters"][2][k] for k in ("eats", "sleeps_out", "weather_wounds"))


def test_no_vote_is_ever_called():
    assert GAME.vote_call(start()) is None


def test_history_lines_say_what_happened():
    s = start()
    wound = Action("Ann", "wound", {"character": "Carpenter", "count": 5})
    line = english(GAME.describe(s, wound, GAME.apply(s, wound)))
    assert line.startswith("Round 1, Morale phase — Ann: wound.")
    assert "morale arrow" in line


def test_a_whole_scenario_one_game_runs_to_its_end():
    """From setup to the night of round 12, with the weather of rounds 1 and 7 read off dice."""
    s = safe_camp(start(("Ann", "Bob", "Cat", "Dan")))
    s = skip_to(s, 7, "weather")
    s = act(s, "resources", wood=3, food=3)
    s = act(s, "roll_weather", faces={"rain": 5, "winter": 0, "animals": 5})
    s = act(s, "confirm_weather")  # 2 snow: 2 wood; clouds under Roof 9; beast vs Weapon 3
    assert (s.wood, s.food, s.phase) == (1, 3, "night")
    s = skip_to(s, 12, "night")
    s = act(act(s, "resources", food=4), "night")
    assert s.result == "defeat" and s.round == 12


def test_the_game_waits_for_the_first_player_not_for_the_board_keeping():
    """"Check the current Morale level on the main board. The First Player then either: ...":
    the game waits for the First Player; a Wound, a resource or the Morale track is kept by
    whoever tends the board, at any time, and awaited from nobody (a device handed around
    does not pass itself on for it)."""
    state = start(("Ann", "Bob", "Cat"))
    assert state.phase == "morale"
    assert GAME.awaits(state, state.first_player)
    others = [p for p in ("Ann", "Bob", "Cat") if p != state.first_player]
    assert not any(GAME.awaits(state, p) for p in others)
    assert {"wound", "heal", "morale", "resources"} <= set(GAME.legal_moves(state, others[0]))
