"""Robinson Crusoe, property tests: resources never go negative, every shortage becomes Wounds,
and any sequence of moves either applies or is refused with a RuleError."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.robinson import GAME, morale_tokens, resolve_weather
from rules.robinson.moves import weather_outcome
from rules.robinson.night import night_needs
from testsupport.robinson_moves import NAMES, draw_action
from testsupport.robinson import english

amount = st.integers(min_value=0, max_value=8)
animals = st.sampled_from(["none", "food", "palisade", "beast"])


@settings(max_examples=400, deadline=None)
@given(rain=amount, snow=amount, beast=animals, storm=st.integers(0, 3), roof=amount,
       palisade=amount, weapon=amount, wood=amount, food=amount)
def test_weather_discards_what_it_can_and_every_shortage_is_a_wound(
        rain, snow, beast, storm, roof, palisade, weapon, wood, food):
    r = resolve_weather(rain_clouds=rain, snow_clouds=snow, animals=beast, storm=storm,
                        roof=roof, palisade=palisade, weapon=weapon, wood=wood, food=food)
    unprotected = max(0, rain + snow - roof)
    wood_wanted = snow + unprotected
    food_wanted = unprotected + (beast == "food")
    palisade_wanted = (beast == "palisade") + storm
    beast_wounds = max(0, 3 - weapon) if beast == "beast" else 0
    # Discard what can be discarded ("you cannot choose Wounds instead")…
    assert r.wood == max(0, wood - wood_wanted)
    assert r.food == max(0, food - food_wanted)
    assert r.palisade == max(0, palisade - palisade_wanted)
    # …and each thing lacking is 1 Wound for each character.
    assert r.wounds == (max(0, wood_wanted - wood) + max(0, food_wanted - food)
                        + max(0, palisade_wanted - palisade) + beast_wounds)
    assert min(r.wood, r.food, r.palisade, r.wounds) >= 0
    assert r.wood_discarded == wood - r.wood and r.food_discarded == food - r.food
    assert all(isinstance(s, str) and s for s in english(r.steps))


# --- any sequence of moves (drawn by testsupport.robinson_moves) --------------------------------


def check_invariants(state):
    for name in ("wood", "food", "nonperishable_food", "fur", "roof", "palisade", "weapon",
                 "rain_tokens", "snow_tokens", "storm_tokens", "future_wood", "future_food",
                 "future_nonperishable_food", "future_fur"):
        assert getattr(state, name) >= 0, name
    # "Roof: ... Requires Shelter." "Palisade: ... Requires Shelter."
    if not (state.shelter or state.natural_shelter):
        assert state.roof == state.palisade == 0
    # Future Resources exist only inside the Action phase.
    if state.phase != "action" and state.result is None:
        assert not any(state.future.values())
    assert state.placed_dice <= {"rain", "winter", "animals"}
    assert -3 <= state.morale <= 3
    assert 1 <= state.round <= state.rounds
    for ch in state.characters:
        assert 0 <= ch.wounds <= ch.death_at and ch.determination >= 0
    if any(ch.dead for ch in state.characters):
        assert state.result == "defeat"
    assert (state.result is None) == (state.phase != "over")
    view = GAME.view(state, None)
    assert json.loads(json.dumps(view)) == view
    assert view == GAME.view(state, state.players[-1])
    assert all(isinstance(line, str) and line for line in english(GAME.reminders(state)))
    assert GAME.vote_call(state) is None


def check_shortages_became_wounds(before, action, after):
    """Every shortage of the phase just resolved, or of a discard beyond the store, shows up as
    Wounds on the tracks."""
    got = {ch.name: after.character(ch.name).wounds - ch.wounds for ch in before.characters}
    cap = {ch.name: ch.death_at - ch.wounds for ch in before.characters}
    if action.move == "confirm_weather":
        group = {ch.name for ch in before.weather_group}
        _, result = weather_outcome(before, dict(before.pending_weather or ()))
        for name in got:
            assert got[name] == (min(result.wounds, cap[name]) if name in group else 0)
        assert after.wood == result.wood and after.palisade == result.palisade
        assert after.food_total == result.food
        assert not after.placed_dice  # the Weather space is cleared
    elif action.move == "night":
        hungry = set(action.args.get("not_eating", ()))
        assert len(hungry) == night_needs(before)[1]
        sleepers = {ch.name for ch in before.sleepers}
        moved = action.args.get("move_camp", False)
        natural = action.args.get("natural_shelter", False) if moved else before.natural_shelter
        covered = before.shelter or natural
        for name in got:
            owed = (2 if name in hungry else 0) + (1 if name in sleepers and not covered else 0)
            # a death stops the night at once: no more Wounds matter
            assert got[name] == min(owed, cap[name]) or after.result == "defeat"
    elif action.move in ("resources", "levels"):
        check_discards(before, action, after, got, cap)
    elif action.move == "resolve_morale":
        level = min(3, before.morale + 1) if before.solo else before.morale
        first = before.character_of(before.first_player)
        if level < 3:
            owed = max(0, -morale_tokens(level) - first.determination)
            assert got[first.name] == min(owed, cap[first.name])


def check_discards(before, action, after, got, cap):
    """A discard beyond the store stops at 0; each one lacking is 1 Wound for each player (or
    the named character); a gain in the Action phase waits in Future Resources."""
    lacking = 0
    store = {k: getattr(before, k) for k in ("wood", "food", "nonperishable_food", "fur", "roof",
                                              "palisade", "weapon")}
    waits = before.phase == "action" and action.move == "resources"
    for key, by in action.args.items():
        if key == "wounded":
            continue
        if by >= 0:
            store[key] += 0 if waits else by
        elif key == "food":  # perishable first, then non-perishable
            fresh = min(store["food"], -by)
            kept = min(store["nonperishable_food"], -by - fresh)
            store["food"] -= fresh
            store["nonperishable_food"] -= kept
            lacking += -by - fresh - kept
        else:
            lacking += max(0, -by - store[key])
            store[key] = max(0, store[key] + by)
    for key, by in action.args.items():
        if key != "wounded" and by > 0 and waits:
            assert getattr(after, f"future_{key}") == getattr(before, f"future_{key}") + by
    for key in store:
        assert getattr(after, key) == store[key], key
    named = action.args.get("wounded")
    who = {named} if named else {ch.name for ch in before.each_player}
    for name in got:
        owed = lacking if name in who else 0
        assert got[name] == min(owed, cap[name]) or after.result == "defeat"


@settings(max_examples=150, deadline=None)
@given(data=st.data(), count=st.integers(1, 4), scenario=st.integers(1, 6),
       friday=st.fixed_dictionaries({k: st.booleans() for k in (
           "friday_eats", "friday_sleeps_out", "friday_weather")}))
def test_any_sequence_of_moves_applies_or_is_refused(data, count, scenario, friday):
    state = GAME.setup(NAMES[:count], {"scenario": scenario, **friday})
    state = GAME.apply(state, Action(TABLE, "next_phase", {}))
    check_invariants(state)
    for _ in range(data.draw(st.integers(10, 60))):
        action = draw_action(data, state)
        # The screens offer exactly the moves the rules list (legal_moves): a move refused by
        # its guards (name, actor, phase, the First Player) is never listed, any other is.
        listed = action.move in GAME.legal_moves(state, action.actor)
        try:
            after = GAME.apply(state, action)
        except MoveNotAllowed as err:
            assert str(err) and not listed
            continue
        except RuleError as err:
            assert str(err) and listed
            continue
        assert listed
        assert isinstance(english(GAME.describe(state, action, after)), str)
        check_invariants(after)
        check_shortages_became_wounds(state, action, after)
        state = after


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_fed_and_sheltered_group_plays_whole_scenarios(data):
    """Drive the phases in order with random dice: the game always reaches its end."""
    scenario = data.draw(st.integers(1, 6))
    players = NAMES[:data.draw(st.integers(1, 4))]
    state = GAME.apply(GAME.setup(players, {"scenario": scenario}), Action(TABLE, "next_phase"))
    for _ in range(200):
        if state.result:
            break
        if state.phase == "morale":
            choice = {"choice": "determination"} if GAME.view(state, None)["morale_phase"][
                "choice"] else {}
            action = Action(TABLE, "resolve_morale", choice)
        elif state.phase == "weather" and state.pending_weather is None:
            faces = {d: data.draw(st.integers(0, 5)) for d in state.weather[state.round - 1]}
            action = Action(TABLE, "roll_weather", {"faces": faces})
        elif state.phase == "weather":
            action = Action(TABLE, "confirm_weather")
        elif state.phase == "night":
            need, short = night_needs(state)
            action = Action(TABLE, "night", {"not_eating": [c.name for c in state.eaters][:short],
                                             "move_camp": data.draw(st.booleans())})
        elif state.phase == "action" and data.draw(st.booleans()):
            action = Action(TABLE, "resources", {"wood": data.draw(st.integers(0, 3)),
                                                 "food": data.draw(st.integers(0, 3))})
        else:
            action = Action(TABLE, "next_phase")
        before, state = state, GAME.apply(state, action)
        check_invariants(state)
        check_shortages_became_wounds(before, action, state)
    assert state.result == "defeat"  # nobody marked the goal: a death or the last night


@settings(max_examples=200, deadline=None)
@given(rain=amount, snow=amount, beast=animals, storm=st.integers(0, 3), roof=amount,
       palisade=amount, weapon=amount, wood=amount, food=amount)
def test_without_a_shelter_roof_and_palisade_count_as_nothing(
        rain, snow, beast, storm, roof, palisade, weapon, wood, food):
    """"Roof: ... Requires Shelter." "Palisade: ... Requires Shelter." Without one, the phase
    goes as if both stood at 0."""
    kw = dict(rain_clouds=rain, snow_clouds=snow, animals=beast, storm=storm, weapon=weapon,
              wood=wood, food=food)
    bare = resolve_weather(roof=roof, palisade=palisade, shelter=False, **kw)
    zero = resolve_weather(roof=0, palisade=0, **kw)
    assert (bare.wood, bare.food, bare.palisade, bare.wounds) == (
        zero.wood, zero.food, zero.palisade, zero.wounds)
