"""Robinson Crusoe: the public rules API, case by case from the rule texts.

Texts: shared/rules-texts/robinson-crusoe.txt ("Facing the Weather", "Morale Phase", "Rolling
Action Dice") and robinson-crusoe-facts.md (dice faces, the weather order, the schedules).
"""
from collections import Counter

import pytest

from rules import RuleError
from rules.robinson import (ANIMALS_DIE, RAIN_DIE, SCENARIOS, WEATHER_DICE, WINTER_DIE,
                            action_dice, morale_tokens, resolve_action_dice, resolve_weather,
                            weather_dice)
from testsupport.robinson import english

NONE = frozenset()
RAIN = frozenset({"rain"})
ALL = frozenset({"rain", "winter", "animals"})


# --- weather_dice: "Check the Scenario card to see which Weather dice to roll this round" ----

def test_castaways_rolls_nothing_then_rain_then_all_three():
    """Scenario 1: rounds 1–3 none; 4–6 rain die; 7–12 all three."""
    assert [weather_dice(1, r) for r in range(1, 13)] == [NONE] * 3 + [RAIN] * 3 + [ALL] * 6


def test_each_scenario_schedule():
    assert [weather_dice(2, r) for r in range(1, 11)] == [NONE] * 5 + [frozenset({"winter"})] * 5
    assert [weather_dice(3, r) for r in range(1, 9)] == [NONE] * 4 + [frozenset({"animals"})] * 4
    assert [weather_dice(4, r) for r in range(1, 9)] == [NONE] * 3 + [RAIN] * 5
    assert [weather_dice(5, r) for r in range(1, 10)] == [NONE] * 9


def test_scenario_lengths():
    assert {n: s.rounds for n, s in SCENARIOS.items()} == {1: 12, 2: 10, 3: 8, 4: 8, 5: 9, 6: 12}


def test_scenario_six_has_a_default_schedule_for_its_twelve_rounds():
    for r in range(1, 13):
        assert weather_dice(6, r) <= ALL
    with pytest.raises(RuleError):
        weather_dice(6, 13)


@pytest.mark.parametrize("scenario,round_", [(1, 0), (1, 13), (2, 11), (3, 9), (5, 10),
                                             (0, 1), (7, 1), ("1", 1), (1, "4"), (1, True)])
def test_weather_dice_refuses_what_is_not_on_a_scenario_card(scenario, round_):
    with pytest.raises(RuleError):
        weather_dice(scenario, round_)


# --- the dice faces -----------------------------------------------------------------------

def test_rain_die_faces():
    """Rain: 1 rain cloud ×3, 2 rain clouds ×2, 1 snow cloud ×1."""
    assert Counter((f.rain_clouds, f.snow_clouds) for f in RAIN_DIE) == {
        (1, 0): 3, (2, 0): 2, (0, 1): 1}


def test_winter_die_faces():
    """Winter: 1 snow cloud ×2, 2 snow clouds ×2, 2 rain clouds ×2."""
    assert Counter((f.rain_clouds, f.snow_clouds) for f in WINTER_DIE) == {
        (0, 1): 2, (0, 2): 2, (2, 0): 2}


def test_hungry_animals_die_faces():
    """Blank ×2, Palisade −1 ×2, discard 1 food ×1, fight a strength-3 beast ×1; no clouds."""
    assert Counter(f.animals for f in ANIMALS_DIE) == {
        "none": 2, "palisade": 2, "food": 1, "beast": 1}
    assert all(f.rain_clouds == f.snow_clouds == 0 for f in ANIMALS_DIE)


def test_every_die_has_six_faces():
    assert {name: len(faces) for name, faces in WEATHER_DICE.items()} == {
        "rain": 6, "winter": 6, "animals": 6}


# --- resolve_weather, step by step --------------------------------------------------------

def test_no_weather_changes_nothing():
    r = resolve_weather(wood=3, food=2, palisade=1)
    assert (r.wood, r.food, r.palisade, r.wounds) == (3, 2, 1, 0)


def test_snow_discards_one_wood_per_snow_cloud():
    """Step 2: "Discard 1 wood for each Winter Cloud." The Roof covers them for step 3 only."""
    r = resolve_weather(snow_clouds=2, roof=2, wood=3)
    assert (r.wood, r.wounds) == (1, 0)


def test_snow_without_enough_wood_wounds_each_character_per_lacking_wood():
    """"If you can't, each player gets 1 Wound" — for each wood lacking."""
    r = resolve_weather(snow_clouds=3, roof=3, wood=1)
    assert (r.wood, r.wounds) == (0, 2)


def test_clouds_the_roof_covers_cost_nothing():
    r = resolve_weather(rain_clouds=2, roof=2, wood=1, food=1)
    assert (r.wood, r.food, r.wounds) == (1, 1, 0)


def test_each_unprotected_cloud_costs_one_food_and_one_wood():
    """Step 3: 3 clouds against Roof 1 = 2 unprotected clouds: 2 food and 2 wood."""
    r = resolve_weather(rain_clouds=3, roof=1, wood=5, food=5)
    assert (r.wood, r.food, r.wounds) == (3, 3, 0)


def test_each_lacking_resource_is_one_wound():
    """"each player gets 1 Wound for each lacking resource": 2 food and 1 wood lacking = 3."""
    r = resolve_weather(rain_clouds=2, wood=1, food=0)
    assert (r.wood, r.food, r.wounds) == (0, 0, 3)


def test_snow_clouds_count_again_against_the_roof_after_taking_their_wood():
    """1 snow cloud, no Roof: step 2 takes the only wood; step 3 wants 1 food and 1 wood."""
    r = resolve_weather(snow_clouds=1, wood=1, food=1)
    assert (r.wood, r.food, r.wounds) == (0, 0, 1)


def test_rain_and_snow_add_up_against_the_roof():
    r = resolve_weather(rain_clouds=1, snow_clouds=1, roof=1, wood=4, food=4)
    # snow: 1 wood; 2 clouds − Roof 1 = 1 unprotected: 1 food and 1 wood
    assert (r.wood, r.food, r.wounds) == (2, 3, 0)


def test_hungry_animals_take_one_food():
    assert resolve_weather(animals="food", food=2).food == 1


def test_hungry_animals_come_after_the_clouds():
    """The clouds took the last food, so the animals' food is lacking: 1 Wound."""
    r = resolve_weather(rain_clouds=1, animals="food", wood=1, food=1)
    assert (r.food, r.wounds) == (0, 1)


def test_hungry_animals_lower_the_palisade_or_wound():
    assert resolve_weather(animals="palisade", palisade=2).palisade == 1
    r = resolve_weather(animals="palisade", palisade=0)
    assert (r.palisade, r.wounds) == (0, 1)


@pytest.mark.parametrize("weapon,wounds", [(0, 3), (1, 2), (2, 1), (3, 0), (5, 0)])
def test_the_beast_of_strength_three_wounds_per_missing_weapon_level(weapon, wounds):
    """"each character takes (3 − Weapon level) Wounds if positive (no weapon loss)"."""
    r = resolve_weather(animals="beast", weapon=weapon, food=1, wood=1)
    assert (r.wounds, r.food, r.wood) == (wounds, 1, 1)


def test_the_storm_comes_last_and_lowers_the_palisade():
    assert resolve_weather(storm=True, palisade=2).palisade == 1


def test_the_storm_after_the_animals_took_the_last_palisade_level():
    """Animals first: Palisade 1 → 0; then the storm finds no Palisade: 1 Wound."""
    r = resolve_weather(animals="palisade", storm=True, palisade=1)
    assert (r.palisade, r.wounds) == (0, 1)


def test_several_storm_tokens():
    r = resolve_weather(storm=3, palisade=1)
    assert (r.palisade, r.wounds) == (0, 2)


def test_everything_at_once():
    """3 rain + 2 snow, Roof 1, beast, storm; 2 wood, 1 food, Weapon 0, no Palisade.

    Snow: 2 wood → 0. Clouds: 5 − 1 = 4 unprotected: 1 food discarded, 3 food and 4 wood lacking
    (7). Beast: 3. Storm: 1. Each character takes 11 Wounds.
    """
    r = resolve_weather(rain_clouds=3, snow_clouds=2, animals="beast", storm=True, roof=1,
                        wood=2, food=1)
    assert (r.wood, r.food, r.palisade, r.wounds) == (0, 0, 0, 11)
    assert len(english(r.steps)) == 5
    assert english(r.steps)[0].startswith("Snow: 2 snow clouds")
    assert "7 resources lacking" in english(r.steps)[1]
    assert "3 Wounds" in english(r.steps)[2]
    assert english(r.steps)[3].startswith("Storm")
    assert english(r.steps)[-1] == "In all, each character takes 11 Wounds."


def test_steps_say_what_was_discarded():
    r = resolve_weather(rain_clouds=2, roof=1, wood=3, food=2)
    assert "discard 1 food and 1 wood" in english(r.steps)[1]
    assert english(r.steps)[-1] == "In all, no character takes a Wound."


@pytest.mark.parametrize("name", ["rain_clouds", "snow_clouds", "roof", "palisade", "weapon",
                                  "wood", "food", "storm"])
def test_negative_amounts_are_refused(name):
    with pytest.raises(RuleError, match="negative"):
        resolve_weather(**{name: -1})


@pytest.mark.parametrize("kwargs", [{"animals": "bear"}, {"animals": None}, {"wood": 1.5},
                                    {"food": "2"}, {"roof": None}, {"rain_clouds": True}])
def test_values_off_the_dice_are_refused(kwargs):
    with pytest.raises(RuleError):
        resolve_weather(**kwargs)


# --- morale_tokens --------------------------------------------------------------------------

def test_morale_track_tokens():
    """"−3 discard 3 … 0 nothing, +1 gain 1, +2 gain 2"."""
    assert [morale_tokens(level) for level in range(-3, 3)] == [-3, -2, -1, 0, 1, 2]


@pytest.mark.parametrize("level", [3, 4, -4, 10, True, "1", 1.0])
def test_morale_levels_outside_minus_three_to_plus_two_are_refused(level):
    """+3 is a choice (2 tokens or heal 1 Wound); the track has nothing beyond ±3."""
    with pytest.raises(RuleError):
        morale_tokens(level)


# --- action dice ---------------------------------------------------------------------------

@pytest.mark.parametrize("action,wound,success,adventure", [
    ("gather", 1, 5, 3), ("explore", 3, 5, 5), ("build", 2, 4, 3)])
def test_action_dice_faces(action, wound, success, adventure):
    dice = action_dice(action)
    assert dice.wound.count("Wound") == wound
    assert dice.success.count("Success") == success
    assert dice.adventure.count("Adventure") == adventure
    assert len(dice.wound) == len(dice.success) == len(dice.adventure) == 6


def test_the_build_wound_die_is_a_setting():
    assert action_dice("build", build_wound_faces=4).wound.count("Wound") == 4
    with pytest.raises(RuleError):
        action_dice("build", build_wound_faces=3)


def test_action_dice_resolve_wound_then_success_then_adventure():
    r = resolve_action_dice("explore", wound=0, success=0, adventure=0)
    assert (r.wound, r.success, r.determination, r.adventure) == (True, True, 0, True)
    assert [s.split(":")[0] for s in english(r.steps)] == ["Wound die", "Success die", "Adventure die"]


def test_a_failed_success_die_gives_two_determination_tokens():
    r = resolve_action_dice("gather", wound=5, success=5, adventure=5)
    assert (r.wound, r.success, r.determination, r.adventure) == (False, False, 2, False)


def test_build_wound_faces_change_what_a_face_means():
    assert not resolve_action_dice("build", wound=3, success=0, adventure=5).wound
    assert resolve_action_dice("build", wound=3, success=0, adventure=5,
                               build_wound_faces=4).wound


@pytest.mark.parametrize("kwargs", [{"wound": 6, "success": 0, "adventure": 0},
                                    {"wound": -1, "success": 0, "adventure": 0},
                                    {"wound": 0, "success": None, "adventure": 0},
                                    {"wound": 0, "success": 0, "adventure": "x"}])
def test_action_dice_faces_off_the_die_are_refused(kwargs):
    with pytest.raises(RuleError):
        resolve_action_dice("gather", **kwargs)


def test_only_gather_explore_and_build_roll_action_dice():
    with pytest.raises(RuleError):
        resolve_action_dice("hunt", wound=0, success=0, adventure=0)
