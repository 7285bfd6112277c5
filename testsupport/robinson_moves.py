"""Moves drawn at random for a Robinson Crusoe game: mostly what its phase waits for, with
arguments mostly sensible, sometimes not (the property tests and the language tests)."""
from __future__ import annotations

from hypothesis import strategies as st

from rules import TABLE, Action
from rules.robinson.night import night_needs

NAMES = ("Ann", "Bob", "Cat", "Dan")
MOVES = ("next_phase", "resolve_morale", "roll_weather", "confirm_weather", "night",
         "action_dice", "rest", "arrange_camp", "build", "shelter", "resources", "levels",
         "weather_tokens", "wound", "heal", "determination", "morale", "goal_met", "vote_result",
         "sing", "hunt", "camp_tile", "place_weather_die")
PHASE_MOVES = {
    "event": ("next_phase", "weather_tokens", "morale", "resources", "place_weather_die"),
    "morale": ("resolve_morale", "resolve_morale", "determination"),
    "production": ("next_phase", "resources", "camp_tile"),
    "action": ("next_phase", "action_dice", "rest", "arrange_camp", "build", "shelter",
               "resources", "levels", "hunt", "camp_tile"),
    "weather": ("roll_weather", "roll_weather", "confirm_weather", "weather_tokens",
                "place_weather_die"),
    "night": ("night", "night", "resources"),
}
small = st.integers(min_value=-3, max_value=4)


def draw_action(data, state):
    """A move drawn with arguments that are mostly sensible for ``state``, sometimes not."""
    chars = [c.name for c in state.characters] + ["Captain"]
    actor = data.draw(st.sampled_from([TABLE, TABLE, state.first_player] + list(state.players)
                                      + ["Zed"]))
    if data.draw(st.integers(0, 2)):  # mostly the moves the phase is waiting for
        move = data.draw(st.sampled_from(PHASE_MOVES.get(state.phase, MOVES)))
    else:
        move = data.draw(st.sampled_from(MOVES))
    character = st.sampled_from(chars)
    if move == "resolve_morale":
        args = data.draw(st.sampled_from([{}, {"choice": "determination"}, {"choice": "heal"},
                                          {"choice": "fish"}]))
    elif move == "roll_weather":
        wanted = sorted(state.dice_this_round)
        if data.draw(st.booleans()):
            names = wanted
        else:
            names = data.draw(st.lists(st.sampled_from(["rain", "winter", "animals", "hail"]),
                                       unique=True, max_size=3))
        args = {"faces": {n: data.draw(st.integers(-1, 6)) if data.draw(st.integers(0, 9)) == 0
                          else data.draw(st.integers(0, 5)) for n in names}}
    elif move == "night":
        need, short = night_needs(state)
        group = [c.name for c in state.eaters]
        if data.draw(st.integers(0, 4)):
            not_eating = group[:short]
        else:
            not_eating = data.draw(st.lists(st.sampled_from(chars), max_size=3))
        args = {"not_eating": not_eating, "move_camp": data.draw(st.booleans())}
        if args["move_camp"] and data.draw(st.booleans()):
            args["natural_shelter"] = data.draw(st.booleans())
    elif move == "hunt":
        args = {"character": data.draw(character), "strength": data.draw(st.integers(-1, 6)),
                "weapon_loss": data.draw(st.integers(0, 3)), "food": data.draw(st.integers(0, 4)),
                "fur": data.draw(st.integers(0, 3)), "palisade_loss": data.draw(st.integers(0, 2))}
    elif move == "camp_tile":
        args = {"natural_shelter": data.draw(st.booleans())}
    elif move == "place_weather_die":
        args = {"die": data.draw(st.sampled_from(["rain", "winter", "animals", "hail"])),
                "placed": data.draw(st.booleans())}
    elif move == "action_dice":
        args = {"character": data.draw(character),
                "action": data.draw(st.sampled_from(["gather", "explore", "build", "hunt"])),
                "wound": data.draw(st.integers(0, 6)), "success": data.draw(st.integers(0, 5)),
                "adventure": data.draw(st.integers(0, 5))}
    elif move in ("rest", "wound", "heal"):
        args = {"character": data.draw(character)}
        if move != "rest" and data.draw(st.booleans()):
            args["count"] = data.draw(st.integers(-1, 6))
    elif move == "arrange_camp":
        args = {"character": data.draw(character)}
        if data.draw(st.booleans()):
            args["choice"] = data.draw(st.sampled_from(["determination", "morale", "x"]))
    elif move == "build":
        args = {"item": data.draw(st.sampled_from(["roof", "palisade", "weapon", "boat"])),
                "pay": data.draw(st.sampled_from(["wood", "fur"]))}
    elif move == "shelter":
        args = {"built": data.draw(st.booleans()), "wood": data.draw(st.integers(0, 3)),
                "fur": data.draw(st.integers(0, 1))}
    elif move == "resources":
        args = data.draw(st.dictionaries(
            st.sampled_from(["wood", "food", "nonperishable_food", "fur"]), small, min_size=1))
        if data.draw(st.integers(0, 3)) == 0:
            args["wounded"] = data.draw(character)
    elif move == "levels":
        args = data.draw(st.dictionaries(st.sampled_from(["roof", "palisade", "weapon"]), small,
                                         min_size=1))
        if data.draw(st.integers(0, 3)) == 0:
            args["wounded"] = data.draw(character)
    elif move == "weather_tokens":
        args = data.draw(st.dictionaries(st.sampled_from(["rain", "snow", "storm"]), small,
                                         min_size=1))
    elif move == "determination":
        args = {"character": data.draw(character), "by": data.draw(small)}
    elif move == "morale":
        args = {"by": data.draw(small)}
    else:
        args = {}
    return Action(actor, move, args)
