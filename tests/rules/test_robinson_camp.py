"""Robinson Crusoe: the camp (Shelter, natural Shelter, Roof and Palisade), Friday's settings,
Future Resources, Hunting, shortages that become Wounds, dice placed on the Weather space and the
setup and clean-up reminders, case by case from shared/rules-texts/robinson-crusoe.txt."""
import pytest

from rules import TABLE, Action, RuleError
from rules.robinson import GAME, fight_beast, resolve_weather
from rules.robinson.text import FRIDAY_SETTINGS
from testsupport.robinson import english, reminders


def act(state, move, actor=TABLE, **args):
    return GAME.apply(state, Action(actor, move, args))


def start(players=("Ann", "Bob", "Cat"), **options):
    return act(GAME.setup(players, options), "next_phase")


def wounds(state):
    return {ch.name: ch.wounds for ch in state.characters}


def finish(state):
    """Resolve the current phase quietly (blank Weather faces, a fed group, the camp stays)."""
    if state.phase in ("event", "production", "action"):
        return act(state, "next_phase")
    if state.phase == "morale":
        return act(state, "resolve_morale")
    if state.phase == "weather":
        if state.pending_weather is None and state.dice_this_round:
            quiet = {"rain": 0, "winter": 4, "animals": 0}
            state = act(state, "roll_weather", faces={d: quiet[d] for d in state.dice_this_round})
        return act(state, "confirm_weather")
    state = act(state, "resources", nonperishable_food=len(state.eaters))
    return act(state, "night")


def skip_to(state, round_, phase):
    while (state.round, state.phase) != (round_, phase):
        state = finish(state)
    return state


def at(phase, players=("Ann", "Bob", "Cat"), round_=1, **options):
    return skip_to(start(players, **options), round_, phase)


# --- Roof and Palisade belong to the Shelter ----------------------------------------------------

def test_building_the_shelter_puts_roof_and_palisade_at_level_zero():
    """"For Shelter: Discard resources, flip the Camp token to its Shelter side ... Also place
    black markers on the topmost spaces of the Roof and Palisade level tracks (level 0)."
    A Roof and Palisade standing on a natural Shelter start again at 0 too."""
    s = act(act(start(), "camp_tile", natural_shelter=True), "levels", roof=2, palisade=1)
    s = act(s, "shelter", built=True)
    assert (s.shelter, s.roof, s.palisade) == (True, 0, 0)
    assert "Roof and Palisade start at level 0 (they were 2 and 1)." in english(s.last_steps)[0]


@pytest.mark.parametrize("item", ["roof", "palisade"])
def test_without_a_shelter_there_is_no_roof_or_palisade_to_raise(item):
    """"Roof: Protects from weather. Requires Shelter." "Palisade: Protects from Storms and
    other effects. Requires Shelter." """
    s = start()
    with pytest.raises(RuleError, match="needs a Shelter"):
        act(s, "levels", **{item: 1})
    s = act(at("production"), "resources", wood=9)
    with pytest.raises(RuleError, match="needs a Shelter"):
        act(act(s, "next_phase"), "build", item=item, pay="wood")


def test_without_a_shelter_the_roof_protects_from_nothing():
    """"Count total Clouds (Rain and Winter). Compare to your current Roof level." - and the Roof
    "Requires Shelter": with none, every cloud is unprotected."""
    sheltered = resolve_weather(rain_clouds=2, roof=2, wood=2, food=2)
    assert (sheltered.wood, sheltered.food, sheltered.wounds) == (2, 2, 0)
    bare = resolve_weather(rain_clouds=2, roof=2, wood=2, food=2, shelter=False)
    assert (bare.wood, bare.food, bare.wounds) == (0, 0, 0)
    assert english(bare.steps)[0] == ("No Shelter: Roof 2 and Palisade 0 protect from nothing (they need "
                             "a Shelter).")


def test_without_a_shelter_the_palisade_protects_from_nothing():
    """"Resolve Storm tokens: decrease Palisade level by 1. If you can't, each player gets 1
    Wound." - a Palisade "Requires Shelter"."""
    assert resolve_weather(storm=True, palisade=2).wounds == 0
    bare = resolve_weather(storm=True, palisade=2, shelter=False)
    assert (bare.palisade, bare.wounds, bare.palisade_lost) == (0, 1, 0)


def test_losing_the_shelter_resets_roof_and_palisade():
    """Roof and Palisade "Requires Shelter": when the Shelter goes, they go."""
    s = act(act(start(), "shelter", built=True), "levels", roof=3, palisade=2)
    s = act(s, "shelter", built=False)
    assert (s.shelter, s.roof, s.palisade) == (False, 0, 0)
    assert english(s.last_steps) == ("The camp has lost its Shelter, and the Roof and Palisade with it "
                            "(Roof 3 to 0, Palisade 2 to 0).",)


def test_losing_the_shelter_on_a_natural_shelter_keeps_roof_and_palisade():
    """"Roof: ... Requires Shelter." The natural Shelter of the camp's tile still is one."""
    s = act(act(start(), "shelter", built=True), "camp_tile", natural_shelter=True)
    s = act(act(s, "levels", roof=2, palisade=1), "shelter", built=False)
    assert (s.roof, s.palisade, s.covered) == (2, 1, True)


# --- a camp on an Island tile with a natural Shelter ---------------------------------------------

def test_a_natural_shelter_covers_the_night():
    """Night step 3: "If you haven't built Shelter (and your Camp isn't on an Island tile with
    Shelter), each player gets 1 Wound." """
    s = act(at("night"), "resources", food=3)
    assert set(wounds(act(s, "night")).values()) == {1}
    s = act(start(), "camp_tile", natural_shelter=True)
    s = act(skip_to(s, 1, "night"), "resources", food=3)
    assert "natural Shelter" in " ".join(reminders(s))
    s = act(s, "night")
    assert set(wounds(s).values()) == {0}
    assert "Sleep: the natural Shelter of the camp's Island tile protects everyone." in english(s.last_steps)


def test_a_natural_shelter_holds_a_roof_and_palisade_and_they_protect():
    """"unless you had a Roof or Palisade built on an Island tile with Shelter" - such a tile holds
    them, and "Compare to your current Roof level" / the Storm lowers that Palisade."""
    s = act(start(), "camp_tile", natural_shelter=True)
    s = act(s, "levels", roof=2, palisade=1)
    s = skip_to(act(s, "weather_tokens", rain=2, storm=1), 1, "weather")
    preview = GAME.view(s, None)["weather_preview"]
    assert (preview["wounds"], preview["palisade"]) == (0, 0)


def test_moving_away_from_a_natural_shelter_without_a_built_one_loses_roof_and_palisade():
    """"If you haven't built Shelter: No consequences for moving, unless you had a Roof or
    Palisade built on an Island tile with Shelter, in which case you lose both (levels drop to
    0)." """
    s = act(act(start(), "camp_tile", natural_shelter=True), "levels", roof=2, palisade=1)
    s = act(skip_to(s, 1, "night"), "resources", food=3)
    s = act(s, "night", move_camp=True)
    assert (s.roof, s.palisade, s.natural_shelter) == (0, 0, False)
    assert set(wounds(s).values()) == {1}  # the new tile has no Shelter: sleeping in the open


def test_moving_to_a_tile_with_a_natural_shelter_sleeps_under_it_that_night():
    """Night step 2 (move the camp) comes before step 3 (sleeping in the open)."""
    s = act(at("night"), "resources", food=3)
    s = act(s, "night", move_camp=True, natural_shelter=True)
    assert s.natural_shelter and set(wounds(s).values()) == {0}
    assert "The camp moves to a tile with a natural Shelter; with no Roof or Palisade nothing " \
           "is lost." in english(s.last_steps)


def test_moving_with_a_built_shelter_onto_a_natural_one_still_halves():
    """"If you have built Shelter: Decrease both Roof and Palisade levels by half (rounded
    down)." """
    s = act(act(start(), "shelter", built=True), "levels", roof=4, palisade=3)
    s = act(skip_to(s, 1, "night"), "resources", food=3)
    s = act(s, "night", move_camp=True, natural_shelter=True)
    assert (s.roof, s.palisade, s.shelter, s.natural_shelter) == (2, 2, True, True)


def test_the_new_tile_is_named_only_when_the_camp_moves():
    """"Move Camp (Optional): You can move your Camp to an adjacent Island tile." """
    s = act(at("night"), "resources", food=3)
    with pytest.raises(RuleError, match="only when the camp moves"):
        act(s, "night", natural_shelter=True)


def test_marking_the_tile_without_a_natural_shelter_takes_its_roof_and_palisade():
    """"Roof: ... Requires Shelter." "Palisade: ... Requires Shelter." """
    s = act(act(start(), "camp_tile", natural_shelter=True), "levels", roof=1)
    s = act(s, "camp_tile", natural_shelter=False)
    assert (s.roof, s.palisade) == (0, 0)
    with pytest.raises(RuleError, match="no natural Shelter"):
        act(s, "camp_tile", natural_shelter=False)


def test_the_camp_tile_can_be_marked_at_setup():
    """"Take Island tile number 8 ... Place the Camp token (Camp side up) on this tile." """
    s = act(GAME.setup(("Ann",), {}), "camp_tile", natural_shelter=True)
    assert s.natural_shelter and s.phase == "setup"
    assert any("Island tile 8, which has a natural Shelter" in line
               for line in reminders(s))


# --- Friday: three settings ----------------------------------------------------------------------

@pytest.mark.parametrize("setting,eats,sleeps,weather", [
    ({}, False, False, False),
    ({"friday_eats": True}, True, False, False),
    ({"friday_sleeps_out": True}, False, True, False),
    ({"friday_weather": True}, False, False, True),
    ({"friday_counts_as_player": True}, True, True, True),
    ({"friday_counts_as_player": True, "friday_eats": False}, False, True, True),
])
def test_friday_eats_sleeps_out_and_takes_weather_wounds_by_three_settings(
        setting, eats, sleeps, weather):
    """"Discard 1 food per player", "each player gets 1 Wound" (sleeping in the open and the
    Weather) - Friday is no player; each of the three is its own setting."""
    s = act(act(start(("Ann", "Bob"), **setting), "shelter", built=True), "levels", roof=9,
            weapon=2)
    s = skip_to(s, 7, "weather")
    s = act(act(s, "roll_weather", faces={"rain": 0, "winter": 4, "animals": 5}),
            "confirm_weather")  # the beast of strength 3 against Weapon 2: 1 Wound each
    s = act(s, "shelter", built=False)
    assert s.character("Friday").wounds == (1 if weather else 0)
    before = s.character("Friday").wounds
    s = act(s, "resources", food=2)
    need = GAME.view(s, None)["night"]["food_needed"]
    assert need == (3 if eats else 2)
    s = act(s, "night", not_eating=["Friday"] if eats else [])
    assert s.character("Friday").wounds - before == (2 if eats else 0) + (1 if sleeps else 0)


def test_friday_settings_are_said_on_screen_with_their_defaults():
    """"In a 2-player game, you gain an additional character: Friday." - the texts say "each
    player" for eating, sleeping and the Weather; the three settings are said with defaults."""
    s = GAME.setup(("Ann", "Bob"), {"friday_sleeps_out": True})
    line = ("Friday, settings chosen at setup (default no for each): eats 1 food at night: no; "
            "takes the Wound for sleeping in the open: yes; takes the Weather phase's Wounds: no.")
    assert line in reminders(s) and line in english(GAME.view(s, None)["unconfirmed"])
    assert line in reminders(skip_to(act(s, "next_phase"), 1, "night"))
    assert GAME.view(s, None)["options"]["friday_sleeps_out"] is True


@pytest.mark.parametrize("key", ["friday_eats", "friday_sleeps_out", "friday_weather"])
def test_friday_settings_are_true_or_false(key):
    """"Place a Wound marker on the leftmost space of Friday's life track." - settings, not guesses."""
    with pytest.raises(RuleError, match=f"^Friday {FRIDAY_SETTINGS[key]}: answer yes or no"):
        GAME.setup(("Ann", "Bob"), {key: "yes"})


# --- Future Resources ---------------------------------------------------------------------------

def test_resources_gained_in_the_action_phase_wait_until_it_ends():
    """"Resources gained in the same Action phase cannot be used for other Actions in that same
    phase." ... "Move all resources and tokens from Future Resources to Available Resources." """
    s = act(act(at("action"), "shelter", built=True), "resources", wood=3)
    assert (s.wood, s.future_wood) == (0, 3)
    with pytest.raises(RuleError, match="3 more wood are in Future Resources"):
        act(s, "build", item="roof", pay="wood")
    with pytest.raises(RuleError, match="Shelter costs 2 wood"):
        act(act(s, "shelter", built=False), "shelter", built=True, wood=2)
    s = act(s, "next_phase")
    assert (s.wood, s.future_wood, s.phase) == (3, 0, "weather")
    assert english(s.last_steps)[0] == "Future Resources move to Available Resources: 3 wood."


def test_production_gains_are_ready_at_once():
    """"All resources gained are placed in the Available Resources space and are immediately
    ready for use." """
    s = act(at("production"), "resources", wood=2)
    assert (s.wood, s.future_wood) == (2, 0)


def test_future_resources_are_shown():
    """"Resources gained go to the Future Resources space" - shown on the table until the phase ends."""
    s = act(at("action"), "resources", food=2, fur=1)
    view = GAME.view(s, None)
    assert view["future"] == {"wood": 0, "food": 2, "nonperishable_food": 0, "fur": 1}
    assert "In Future Resources now: 2 food, 1 fur." in reminders(s)


# --- Hunting -------------------------------------------------------------------------------------

def test_the_beast_fight_in_the_cards_order():
    """"1. Compare Beast's strength to your Weapon level. If Weapon level is lower, the player
    fighting gets 1 Wound per lacking level. 2. Decrease Weapon level as shown on the card.
    3. Gain food and fur ... 4. Decrease Palisade level if indicated." """
    f = fight_beast(strength=4, weapon=2, weapon_loss=1, food=3, fur=1, palisade_loss=1,
                    palisade=2)
    assert (f.wounds, f.each_wounds, f.weapon, f.palisade, f.food, f.fur) == (2, 0, 1, 1, 3, 1)
    assert english(f.steps)[0] == ("Strength 4 against Weapon 2: 2 levels lacking, the player fighting "
                          "takes 2 Wounds.")
    assert [s.split(":")[0].split(" ")[0] for s in english(f.steps)[:4]] == [
        "Strength", "Weapon", "Gain", "Palisade"]


def test_a_weapon_at_least_as_strong_as_the_beast_takes_no_wound():
    """"If Weapon level is lower, the player fighting gets 1 Wound per lacking level." """
    assert fight_beast(strength=3, weapon=4).wounds == 0
    assert fight_beast(strength=3, weapon=3).wounds == 0


def test_levels_the_beast_takes_below_zero_cost_wounds():
    """"2. Decrease Weapon level as shown on the card." "4. Decrease Palisade level if indicated."
    Below 0: the fighter for the Weapon, each player for the Palisade (the screen says so)."""
    f = fight_beast(strength=0, weapon=1, weapon_loss=3, palisade_loss=2, palisade=1)
    assert (f.wounds, f.each_wounds, f.weapon, f.palisade) == (2, 1, 0, 0)


@pytest.mark.parametrize("kwargs", [{"strength": -1, "weapon": 0}, {"strength": "3", "weapon": 0},
                                    {"strength": 2, "weapon": 0, "food": True}])
def test_a_beast_card_off_the_table_is_refused(kwargs):
    """"Compare Beast's strength to your Weapon level." - a strength is a whole number from 0."""
    with pytest.raises(RuleError):
        fight_beast(**kwargs)


def test_hunting_wounds_the_fighter_and_puts_food_and_fur_in_future_resources():
    """"Gain food and fur, placing them in the Future Resources space." """
    s = act(at("action"), "levels", weapon=1)
    s = act(s, "hunt", actor="Bob", character="Cook", strength=3, weapon_loss=1, food=2, fur=1)
    assert wounds(s) == {"Carpenter": 0, "Cook": 2, "Explorer": 0}
    assert (s.weapon, s.food, s.future_food, s.future_fur) == (0, 0, 2, 1)
    assert english(s.last_steps)[0] == "The Cook fights the Beast."
    assert "The Cook is hurt: 2 Wounds (Cook 0 to 2)." in english(s.last_steps)
    s = act(s, "next_phase")
    assert (s.food, s.fur) == (2, 1)


def test_hunting_lowers_the_palisade_or_wounds_each_player():
    """"4. Decrease Palisade level if indicated." With none to lower: 1 Wound for each player."""
    s = act(act(at("action"), "shelter", built=True), "levels", weapon=5)
    s = act(s, "hunt", character="Cook", strength=2, palisade_loss=1)
    assert wounds(s) == {"Carpenter": 1, "Cook": 1, "Explorer": 1}


def test_hunting_belongs_to_the_action_phase_and_the_fighters_own_screen():
    """"Hunting: Always requires 2 pawns." - one of the Action phase's Actions."""
    with pytest.raises(RuleError, match="Action phase"):
        act(start(), "hunt", character="Cook", strength=1)
    with pytest.raises(RuleError, match="Bob"):
        act(at("action"), "hunt", actor="Ann", character="Cook", strength=1)
    s = act(at("action", ("Ann", "Bob")), "hunt", actor="Bob", character="Friday", strength=1)
    assert wounds(s) == {"Carpenter": 0, "Cook": 0, "Friday": 1}


# --- a resource or level that would go below 0 ---------------------------------------------------

def test_a_discard_beyond_the_store_says_and_applies_the_wounds():
    """"If you can't, each player gets 1 Wound for each lacking resource." """
    s = act(act(start(), "resources", wood=1), "resources", wood=-3)
    assert s.wood == 0
    assert wounds(s) == {"Carpenter": 2, "Cook": 2, "Explorer": 2}
    assert english(s.last_steps) == ("Wood 1 to 0.", "Wood: 2 lacking.",
                            "2 resources lacking: 2 Wounds each (Carpenter 0 to 2, Cook 0 to 2, "
                            "Explorer 0 to 2).")


def test_a_level_below_zero_says_and_applies_the_wounds():
    """"decrease Palisade level by 1. If you can't, each player gets 1 Wound." """
    s = act(start(), "levels", weapon=-1)
    assert s.weapon == 0 and set(wounds(s).values()) == {1}
    assert "Weapon level: 1 level below 0." in english(s.last_steps)


def test_a_card_can_name_the_character_who_pays():
    """"each player gets 1 Wound for each lacking resource" - unless the card names who pays."""
    s = act(start(), "resources", fur=-2, wounded="Explorer")
    assert wounds(s) == {"Carpenter": 0, "Cook": 0, "Explorer": 2}
    with pytest.raises(RuleError):
        act(start(), "resources", fur=-1, wounded="Captain")


def test_food_discards_take_perishable_then_non_perishable_food():
    """"Unless you have food that doesn't rot ... all remaining food ... is discarded": a discard
    takes the food that would rot first."""
    s = act(start(), "resources", food=1, nonperishable_food=1)
    s = act(s, "resources", food=-2)
    assert (s.food, s.nonperishable_food) == (0, 0) and set(wounds(s).values()) == {0}


def test_friday_is_no_player_for_a_shortage():
    """"If you can't, each player gets 1 Wound" - Friday is no player."""
    s = act(start(("Ann", "Bob")), "resources", wood=-1)
    assert wounds(s) == {"Carpenter": 1, "Cook": 1, "Friday": 0}


def test_the_screen_knows_what_one_more_discard_costs():
    """"If you can't, each player gets 1 Wound" - the -1 buttons say it before the tap."""
    s = act(start(), "resources", wood=1)
    costs = GAME.view(s, None)["discard_costs"]
    assert (costs["wood"], costs["food"], costs["weapon"]) == (0, 1, 1)


def test_a_shortage_can_kill():
    """"Players lose immediately if any one of the Character's ... life track reaches its end." """
    s = act(act(start(), "wound", character="Cook", count=12), "resources", fur=-1)
    assert s.result == "defeat" and "Cook died" in english(s.end_reason)


# --- dice placed on the Weather space ------------------------------------------------------------

def test_a_die_placed_on_the_weather_space_is_rolled_in_a_round_without_dice():
    """"Check the Scenario card to see which Weather dice to roll this round ... Also, check the
    Weather space on the main board" - a die placed there is rolled even in rounds 1-3 of
    scenario 1, which roll none."""
    s = act(start(), "place_weather_die", die="rain")
    assert GAME.view(s, None)["weather_dice"] == ["rain"]
    s = skip_to(s, 1, "weather")
    assert GAME.view(s, None)["weather_preview"] is None
    with pytest.raises(RuleError, match="Rain die"):
        act(s, "confirm_weather")
    s = act(s, "roll_weather", faces={"rain": 3})  # 2 rain clouds, no Roof: 2 food, 2 wood
    s = act(s, "confirm_weather")
    assert set(wounds(s).values()) == {4}
    assert not s.placed_dice  # "Discard all tokens from the Weather space at the end"
    s = skip_to(s, 2, "weather")
    assert GAME.view(s, None)["weather_dice"] == []


def test_a_placed_die_joins_the_scenarios_dice():
    """"Check the Scenario card to see which Weather dice to roll this round ... Also, check the
    Weather space on the main board"."""
    s = act(at("weather", round_=4), "place_weather_die", die="animals")
    assert GAME.view(s, None)["weather_dice"] == ["rain", "animals"]
    with pytest.raises(RuleError, match="Hungry Animals die too"):
        act(s, "roll_weather", faces={"rain": 0})
    with pytest.raises(RuleError, match="already"):
        act(s, "place_weather_die", die="rain")


def test_placing_a_die_after_the_faces_asks_for_them_again():
    """"Also, check the Weather space on the main board for any modifying tokens" - a die placed
    late is rolled too."""
    s = act(at("weather", round_=4), "roll_weather", faces={"rain": 0})
    s = act(s, "place_weather_die", die="winter")
    assert s.pending_weather is None and "Enter the Weather dice again." in english(s.last_steps)
    s = act(s, "place_weather_die", die="winter", placed=False)
    assert not s.placed_dice
    with pytest.raises(RuleError, match="not on the Weather space"):
        act(s, "place_weather_die", die="winter", placed=False)


# --- reminders: clean-up and setup ---------------------------------------------------------------

def test_clean_up_reminds_to_remove_the_black_markers_of_used_skills():
    """"Clean Up: Remove black markers from Character cards (marking used skills)." """
    s = act(at("night"), "resources", food=3)
    line = ("Clean up: remove the black markers from the Character cards (used skills), move "
            "the Round marker, pass the First Player token clockwise.")
    assert line in reminders(s)
    assert line in english(act(s, "night").last_steps)


def test_setup_lists_the_inventions_the_starting_items_and_the_food_crates():
    """"Take the 9 Invention cards marked with the special symbol ... plus 5 other random
    Invention cards." "Shuffle the 8 Starting Item cards, draw 2" "Place the Wreckage card "Food
    crates" in the rightmost space of the Threat Action field." """
    text = " ".join(reminders(GAME.setup(("Ann",), {})))
    assert "the 9 Invention cards marked with the special symbol plus 5 other random" in text
    assert "shuffle the 8 Starting Item cards, draw 2" in text
    assert "two black markers on each to track uses" in text
    assert "Food crates: the Wreckage card goes on the rightmost space of the Threat Action " \
           "field." in text
