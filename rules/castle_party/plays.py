"""Random Castle Party games for the contract test: drawing, Shapes and their special actions,
the three Clocks and their Events, to the final tally.

As in tests/rules/test_castle_party_properties.py, most steps move the party on (the speaker
passes or uses a special action, a waiting player scores an Event, the next card is turned
over) and the others are noise (guests drawn, groups, erasures, a layout), some of it refused.
"""
from __future__ import annotations

import random

from rules import TABLE, Action, RuleError
from rules.castle_party import EVENTS, GAME, SPECIAL_ACTIONS
from rules.testing import Play

GUESTS = "SSWWVVGGFFswvgfUU"
SMALL_LAYOUT = "~ ~ ~ ~\n~ ^ . ~\n~ . . ~\n~ = = ~"


def toast_square(state, player: str, rng: random.Random) -> list[int]:
    castle = state.whiteboard(player).castle
    free = [list(at) for at in castle.squares()
            if castle.guest(at) == "." and castle.square(at) not in "swvgf"]
    return rng.choice(free) if free else [0, 0]


def nudge(state, rng: random.Random) -> Action:
    """A move that moves the party on."""
    speaker = state.speaker
    if speaker is not None:
        return rng.choice([
            Action(speaker, "pass_special", {}),
            Action(speaker, "special_action", {"action": rng.choice(SPECIAL_ACTIONS)}),
            Action(TABLE, "pass_special", {"everyone": True})])
    waiting = state.waiting_for_event()
    if waiting:
        player = rng.choice(waiting)
        event = rng.choice(state.whiteboard(player).events_left or EVENTS)
        args = {"event": event}
        if event == "toast":
            args["square"] = toast_square(state, player, rng)
        return Action(player, "score_event", args)
    turn = state.turn
    if turn is not None and turn.figure is None and rng.random() < 0.5:
        return Action(TABLE, "set_group", {"group": [
            {"square": [0, c], "guest": rng.choice(GUESTS)} for c in range(rng.randint(1, 4))]})
    still = state.still_to_add
    if still and rng.random() < 0.8:  # the next card waits for every castle
        if rng.random() < 0.2:
            return Action(rng.choice(still), "add_group", {"by_hand": True})
        rows, columns = len(state.layout), len(state.layout[0])
        return Action(rng.choice(still), "add_group", {
            "at": [rng.randrange(rows), rng.randrange(columns)], "turns": rng.randrange(4)})
    # the next card the deck can hold: a Clock only among the Shapes of its pile (now and then
    # the other card, refused)
    clock_may = "reveal_clock" in GAME.legal_moves(state, TABLE)
    shape_may = "reveal_shape" in GAME.legal_moves(state, TABLE)
    if (clock_may and (not shape_may or rng.random() < 0.3)) or rng.random() < 0.05:
        return Action(TABLE, "reveal_clock", {})
    return Action(rng.choice([TABLE, state.next_revealer]), "reveal_shape", {})


def noise(state, rng: random.Random) -> Action:
    """Drawing and erasing, now and then a wrong move or a wrong actor."""
    actor = rng.choice(state.players + (TABLE,))
    rows, columns = len(state.layout), len(state.layout[0])
    at = [rng.randint(-1, rows), rng.randint(-1, columns)]
    kind = rng.choice(["place", "place", "group", "remove", "layout", "clock", "figure",
                       "add", "add"])
    if kind == "figure":  # the table enters the group laid out (now and then a stranger tries)
        cells = [(0, 0), (0, 1), (1, 1), (2, 1), (1, 3)][:rng.randint(1, 5)]
        return Action(rng.choice([TABLE, TABLE, actor]), "set_group", {"group": [
            {"square": [r, c], "guest": rng.choice(GUESTS)} for r, c in cells]})
    if kind == "add":
        args = {"at": at, "turns": rng.choice([0, 1, 2, 3, 3, 4])}
        if rng.random() < 0.2:
            args["masked"] = {"index": rng.randint(-1, 3), "guest": rng.choice(GUESTS)}
        return Action(actor, "add_group", args)
    if kind == "place":
        return Action(actor, "place", {"square": at, "guest": rng.choice(GUESTS)})
    if kind == "group":
        cells = [(0, 0), (0, 1), (1, 0), (1, 1)][:rng.randint(1, 4)]
        return Action(actor, "place_group", {"group": [
            {"square": [at[0] + dr, at[1] + dc], "guest": rng.choice(GUESTS)} for dr, dc in cells]})
    if kind == "remove":
        return Action(actor, "remove", {"square": at})
    if kind == "layout":
        return Action(actor, "set_layout", {"layout": SMALL_LAYOUT})
    return Action(actor, "reveal_clock", {})


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(rng.randint(2, 4)))
    options = {"side": rng.choice(["basic", "rave"]),
               "gathering": rng.choice(["on", "touching"]),
               "first_player": rng.choice(players)}
    state = GAME.setup(players, options)
    actions = []
    while not state.over and len(actions) < 240:
        action = nudge(state, rng) if rng.random() < 0.6 else noise(state, rng)
        actions.append(action)
        try:
            state = GAME.apply(state, action)
        except RuleError:
            continue
    return Play(players, options, actions)
