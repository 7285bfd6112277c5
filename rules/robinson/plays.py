"""Random plays of Robinson Crusoe: whole rounds played phase by phase (the logic of
tests/rules/test_robinson_properties.py), with stray moves, other players' moves and hand
changes to the island mixed in, to the end of the game (a death, the last night or the goal).

"Each round of Robinson Crusoe is divided into six crucial phases, executed in this order"
- the plays drive those phases in order, so the contract is checked in each of them."""
from __future__ import annotations

import random

from rules import TABLE, Action, RuleError
from rules.robinson import GAME
from rules.robinson.night import night_needs
from rules.testing import Play

NAMES = ("Ann", "Bob", "Cat", "Dan")


def phase_move(rng: random.Random, state) -> Action:
    """The move that moves the phase on, mostly made by the table or the First Player."""
    actor = rng.choice([TABLE, TABLE, state.first_player, rng.choice(state.players)])
    if state.phase == "morale":
        top = GAME.view(state, None)["morale_phase"]["choice"]
        return Action(actor, "resolve_morale",
                      {"choice": rng.choice(["determination", "heal"])} if top else {})
    if state.phase == "weather" and state.pending_weather is None and state.dice_this_round:
        return Action(actor, "roll_weather", {"faces": {d: rng.randrange(6)
                                                        for d in state.dice_this_round}})
    if state.phase == "weather":
        return Action(actor, "confirm_weather")
    if state.phase == "night":
        short = night_needs(state)[1]
        return Action(actor, "night", {"not_eating": [c.name for c in state.eaters][:short],
                                       "move_camp": rng.random() < 0.2})
    return Action(actor, "next_phase")


def stray_move(rng: random.Random, state) -> Action:
    """A move of the island by hand, or one of the Action phase's, by anyone at the table."""
    actor = rng.choice([TABLE, *state.players, "Stranger"])
    ch = rng.choice([c.name for c in state.characters])
    return rng.choice([
        Action(actor, "resources", {rng.choice(["wood", "food", "fur"]): rng.randint(-1, 3)}),
        Action(actor, "levels", {rng.choice(["roof", "palisade", "weapon"]): rng.randint(-1, 2)}),
        Action(actor, "shelter", {"built": rng.random() < 0.8}),
        Action(actor, "camp_tile", {"natural_shelter": rng.random() < 0.5}),
        Action(actor, "wound", {"character": ch, "count": rng.randint(1, 2)}),
        Action(actor, "heal", {"character": ch}),
        Action(actor, "determination", {"character": ch, "by": rng.randint(-1, 2)}),
        Action(actor, "morale", {"by": rng.choice([-1, 1])}),
        Action(actor, "weather_tokens", {rng.choice(["rain", "snow", "storm"]): 1}),
        Action(actor, "place_weather_die", {"die": rng.choice(["rain", "winter", "animals"])}),
        Action(actor, "rest", {"character": ch}),
        Action(actor, "arrange_camp", {"character": ch}),
        Action(actor, "build", {"item": rng.choice(["roof", "palisade", "weapon"]),
                                "pay": rng.choice(["wood", "fur"])}),
        Action(actor, "hunt", {"character": ch, "strength": rng.randint(0, 4)}),
        Action(actor, "action_dice", {"character": ch, "action": rng.choice(
            ["gather", "explore", "build"]), "wound": rng.randrange(6),
            "success": rng.randrange(6), "adventure": rng.randrange(6)}),
        Action(actor, "goal_met"),
    ])


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = NAMES[:rng.randint(1, 4)]
    options = {"scenario": rng.randint(1, 6), "friday_counts_as_player": rng.random() < 0.3}
    state = GAME.setup(players, options)
    actions: list[Action] = []
    for _ in range(400):
        if state.result is not None:
            break
        stray = rng.random() < (0.35 if state.round < 3 else 0.1)
        action = stray_move(rng, state) if stray else phase_move(rng, state)
        if action.move == "goal_met" and rng.random() < 0.9:
            continue  # the goal is met late, if at all: the plays should see many rounds
        actions.append(action)
        try:
            state = GAME.apply(state, action)
        except RuleError:
            pass
    return Play(players, options, actions)
