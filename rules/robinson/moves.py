"""The moves of the round assistant: the phases, the Action phase's Actions, and every change
to the tracked state by hand (an Event, a card, a fight).

Each move is ``move(state, action) -> state``; who may make it and in which phases is declared
once, in ``game.py``. What a move checks here depends on its arguments (the character it names,
the faces entered, the food there is). The camp's moves are in ``camp.py``, the Night in
``night.py``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, Action, RuleError
from rules.words import plural

from .action_dice import ACTION_TITLES, ACTIONS, resolve_action_dice
from .args import is_int, own_character, read_bool, read_choice, read_int
from .camp import flush_future
from .data import DIE_TITLES, MORALE_MAX, WEATHER_DICE, WEATHER_DIE_NAMES
from .state import PHASE_TITLES, PHASES, State
from .text import MORALE_AT_TOP, cap, dice_words, signed
from .tracks import (add_determination, check_death, morale_tokens, move_morale,
                     set_character, wound, wound_each)
from .weather import faces_clouds, resolve_weather

RESOLVE_FIRST = {
    "morale": "Resolve the Morale phase first: the First Player gains or discards "
              "Determination tokens.",
    "weather": "Resolve the Weather phase first: enter the dice faces, then confirm.",
    "night": "Resolve the Night phase first: eating, the camp, sleeping, food rotting.",
}
"""Morale, Weather and Night end by resolving them, never by moving on."""


def lead_refusal(state: State, actor: str, doing: str) -> str | None:
    """Group decisions belong to the First Player ("manages Determination tokens during the
    Morale phase and resolves any disagreements") or the table screen."""
    if actor in (TABLE, state.first_player):
        return None
    return f"Only the First Player ({state.first_player}) or the table screen {doing}."


# --- the phases -------------------------------------------------------------------------------

def next_phase(state: State, action: Action) -> State:
    """Advance to the next phase ("executed in this order"); round 1 skips its Event phase."""
    if state.phase == "setup":
        return replace(state, phase="morale", last_steps=(
            "Round 1 begins; its Event phase is skipped.",))
    following = PHASES[PHASES.index(state.phase) + 1]
    steps: list[str] = []
    if state.phase == "action":  # "After all Actions are completed"
        state = flush_future(state, steps)
    steps.append(f"{PHASE_TITLES[following]} begins.")
    return replace(state, phase=following, last_steps=tuple(steps))


def morale_plan(state: State) -> tuple[int, int | None]:
    """(the level the Morale phase resolves, the tokens it gives; None at +3: a choice).

    "Solo game: Morale +1 at the start of every Morale phase."
    """
    level = min(MORALE_MAX, state.morale + 1) if state.solo else state.morale
    return level, (None if level == MORALE_MAX else morale_tokens(level))


def top_morale(state: State, choice: Any, steps: list[str]) -> State:
    """"at the highest level, they can choose to gain 2 tokens or heal 1 Wound"."""
    ch = state.character_of(state.first_player)
    who = f"{state.first_player} ({ch.title})"
    if choice not in ("determination", "heal"):
        raise RuleError(f"Morale is +3: {state.first_player} chooses to gain 2 Determination "
                        "tokens ('determination') or heal 1 Wound ('heal').")
    if choice == "determination":
        steps.append(f"Morale +3: {who} gains 2 Determination tokens.")
        return add_determination(state, ch, 2)
    if ch.wounds == 0:
        raise RuleError(f"{cap(ch.title)} has no Wound to heal; "
                        "gain 2 Determination tokens instead.")
    steps.append(f"Morale +3: {who} heals 1 Wound ({ch.wounds} to {ch.wounds - 1}).")
    return set_character(state, replace(ch, wounds=ch.wounds - 1))


def morale_level_tokens(state: State, level: int, tokens: int, steps: list[str]) -> State:
    """Gain or discard the level's tokens; "If the First Player must discard more ... they
    discard all they have and receive 1 Wound for each lacking token"."""
    ch = state.character_of(state.first_player)
    who = f"{state.first_player} ({ch.title})"
    if tokens > 0:
        steps.append(f"Morale {signed(level)}: {who} gains "
                     f"{plural(tokens, 'Determination token')}.")
        return add_determination(state, ch, tokens)
    if tokens == 0:
        steps.append("Morale 0: nothing is gained or discarded.")
        return state
    owed = -tokens
    paid = min(owed, ch.determination)
    state = add_determination(state, ch, -paid)
    if paid == owed:
        steps.append(f"Morale {signed(level)}: {who} discards "
                     f"{plural(paid, 'Determination token')}.")
        return state
    steps.append(f"Morale {signed(level)}: {who} must discard {owed} Determination "
                 f"tokens and has {paid}.")
    return wound_each(state, (ch,), owed - paid, f"{plural(owed - paid, 'token')} lacking",
                      steps)


def resolve_morale(state: State, action: Action) -> State:
    """The Morale phase: the First Player gains or discards the level's Determination tokens;
    at the top level, a choice: gain 2 tokens or heal 1 Wound."""
    steps: list[str] = []
    if state.solo:
        state, text = move_morale(state, +1, "Solo game, start of the Morale phase")
        steps.append(text)
    level = state.morale
    if level == MORALE_MAX:
        state = top_morale(state, action.args.get("choice"), steps)
    elif "choice" in action.args:
        raise RuleError(f"Morale is {signed(level)}: the choice is only offered at +3.")
    else:
        state = morale_level_tokens(state, level, morale_tokens(level), steps)
    state = check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="production")
        steps.append("Production phase begins.")
    return replace(state, last_steps=tuple(steps))


# --- the Weather phase --------------------------------------------------------------------------

def read_faces(state: State, args: Mapping[str, Any]) -> dict[str, int]:
    """The faces of this round's Weather dice, each 0 to 5, no more and no fewer dice."""
    faces = args.get("faces", {})
    if not isinstance(faces, Mapping):
        raise RuleError("Name each Weather die and the face it shows (0 to 5).")
    wanted = state.dice_this_round
    for name in faces:
        if name not in WEATHER_DICE:
            raise RuleError(f"There is no Weather die {name!r} (rain, winter, animals).")
        if name not in wanted:
            raise RuleError(f"The {DIE_TITLES[name]} is not rolled in round {state.round}; "
                            f"this round: {dice_words(wanted)}.")
    for name in wanted:
        if name not in faces:
            raise RuleError(f"Enter the face of the {DIE_TITLES[name]} too; this round: "
                            f"{dice_words(wanted)}.")
        face = faces[name]
        if not is_int(face) or not 0 <= face <= 5:
            raise RuleError(f"A face of the {DIE_TITLES[name]} is numbered 0 to 5, "
                            f"not {face!r}.")
    return {name: faces[name] for name in WEATHER_DIE_NAMES if name in faces}


def weather_outcome(state: State, faces: Mapping[str, int]):
    """The Weather phase of ``state`` with these faces: (intro steps, WeatherResult)."""
    rain, snow, animals, words = faces_clouds(dict(faces))
    intro = [("Dice: " + "; ".join(words) + ".") if words else
             "No Weather die is rolled this round."]
    if state.placed_dice:
        intro.append(f"Placed on the Weather space by a game effect: "
                     f"{dice_words(state.placed_dice)} (rolled this round).")
    tokens = [plural(n, what) for n, what in ((state.rain_tokens, "rain cloud token"),
                                               (state.snow_tokens, "snow cloud token"),
                                               (state.storm_tokens, "storm token")) if n]
    if tokens:
        intro.append("Weather tokens: " + ", ".join(tokens) + ".")
    result = resolve_weather(
        rain_clouds=rain + state.rain_tokens, snow_clouds=snow + state.snow_tokens,
        animals=animals, storm=state.storm_tokens, roof=state.roof, palisade=state.palisade,
        weapon=state.weapon, wood=state.wood, food=state.food_total, shelter=state.covered)
    return tuple(intro), result


def roll_weather_dice(state: State, args: Mapping[str, Any], source: Any) -> dict[str, Any]:
    """"Roll in the app": a face for each Weather die this round, when none was entered."""
    if "faces" in args:
        return {}
    return {"faces": {d: source.face(6) for d in WEATHER_DIE_NAMES if d in state.dice_this_round}}


def roll_weather(state: State, action: Action) -> State:
    """Enter the faces of this round's Weather dice (rolled in the app or read off the real
    dice); the phase is shown step by step and applied by ``confirm_weather``."""
    faces = read_faces(state, action.args)
    intro, result = weather_outcome(state, faces)
    return replace(state, pending_weather=tuple(faces.items()),
                   last_steps=intro + result.steps + ("Confirm to apply.",))


def confirm_weather(state: State, action: Action) -> State:
    """Apply the Weather phase: discard, lower the Palisade, give the Wounds, clear the Weather
    space ("Discard all tokens from the Weather space at the end of this phase")."""
    if state.pending_weather is None and state.dice_this_round:
        raise RuleError("Enter the faces of this round's Weather dice first: "
                        f"{dice_words(state.dice_this_round)}.")
    intro, result = weather_outcome(state, dict(state.pending_weather or ()))
    steps = list(intro + result.steps)
    # Perishable food goes first: it would rot at Night anyway.
    from_perishable = min(state.food, result.food_discarded)
    state = replace(state, wood=result.wood, palisade=result.palisade,
                    food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food
                    - (result.food_discarded - from_perishable))
    state = wound_each(state, state.weather_group, result.wounds, "Weather", steps)
    placed = state.placed_dice
    state = replace(state, rain_tokens=0, snow_tokens=0, storm_tokens=0, pending_weather=None,
                    placed_dice=frozenset())
    steps.append("The weather tokens are discarded"
                 + (f" and the {dice_words(placed)} taken off the Weather space." if placed
                    else "."))
    state = check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="night")
        steps.append("Night phase begins.")
    return replace(state, last_steps=tuple(steps))


def place_weather_die(state: State, action: Action) -> State:
    """A game effect places a Weather die on the Weather space (or the table takes back one
    placed by mistake). "Check the Scenario card to see which Weather dice to roll this round
    ... Also, check the Weather space on the main board": a die placed there is rolled this
    round, even in a round whose schedule rolls none."""
    die = read_choice(action.args, "die", WEATHER_DIE_NAMES)
    placed = read_bool(action.args, "placed", True)
    title = DIE_TITLES[die]
    if placed and die in state.dice_this_round:
        raise RuleError(f"The {title} is rolled this round already"
                        + (" (the Scenario card)." if die in state.weather[state.round - 1]
                           else "."))
    if not placed and die not in state.placed_dice:
        raise RuleError(f"The {title} is not on the Weather space.")
    dice = state.placed_dice | {die} if placed else state.placed_dice - {die}
    steps = [f"The {title} is placed on the Weather space: it is rolled in this round's "
             "Weather phase." if placed else f"The {title} is taken off the Weather space."]
    if state.pending_weather is not None:
        steps.append("Enter the Weather dice again.")
    return replace(state, placed_dice=frozenset(dice), pending_weather=None,
                   last_steps=tuple(steps))


WEATHER_TOKENS = {"rain": "rain cloud tokens", "snow": "snow cloud tokens",
                  "storm": "storm tokens"}


def weather_tokens(state: State, action: Action) -> State:
    """Place or remove weather tokens (extra rain or snow clouds) and storm tokens."""
    if not action.args:
        raise RuleError(f"Say what changes: {', '.join(WEATHER_TOKENS)}.")
    new = {}
    for key, by in {k: read_int(action.args, k) for k in action.args}.items():
        old = getattr(state, f"{key}_tokens")
        if old + by < 0:
            raise RuleError(f"There {'is' if old == 1 else 'are'} only {old} "
                            f"{WEATHER_TOKENS[key]}; you cannot take away {-by}.")
        new[key] = old + by
    steps = [f"{cap(WEATHER_TOKENS[k])} {getattr(state, f'{k}_tokens')} to {v}."
             for k, v in new.items() if v != getattr(state, f"{k}_tokens")]
    return replace(state, **{f"{k}_tokens": v for k, v in new.items()},
                   last_steps=tuple(steps) or ("No change.",))


# --- the Action phase -------------------------------------------------------------------------

ACTION_FACES = ("wound", "success", "adventure")


def roll_action_dice(state: State, args: Mapping[str, Any], source: Any) -> dict[str, Any]:
    """"Roll in the app": the Wound, Success and Adventure dice, when no face was entered (a
    face read off a real die is kept as entered)."""
    if any(k in args for k in ACTION_FACES):
        return {}
    return {k: source.face(6) for k in ACTION_FACES}


def action_dice(state: State, action: Action) -> State:
    """One pawn on Gather, Explore or Build: roll the Wound, Success and Adventure dice and
    "resolve them in that order"."""
    args = action.args
    ch = own_character(state, action)
    which = read_choice(args, "action", ACTIONS)
    result = resolve_action_dice(which, wound=args.get("wound"), success=args.get("success"),
                                 adventure=args.get("adventure"),
                                 build_wound_faces=state.build_wound_faces)
    steps = [f"{cap(ch.title)} rolls the {ACTION_TITLES[which]} dice.", result.steps[0]]
    if result.wound:
        state = wound(state, ch.name, 1, steps)
    steps.append(result.steps[1])
    if result.determination:
        state = add_determination(state, state.character(ch.name), result.determination)
    steps.append(result.steps[2])
    state = check_death(state, steps)
    return replace(state, last_steps=tuple(steps))


def rest(state: State, action: Action) -> State:
    """Rest: "Heal 1 Wound by moving your Wound marker one space left." """
    ch = own_character(state, action)
    if ch.wounds == 0:
        raise RuleError(f"{cap(ch.title)} has no Wound to heal.")
    state = set_character(state, replace(ch, wounds=ch.wounds - 1))
    return replace(state, last_steps=(
        f"{cap(ch.title)} rests and heals 1 Wound ({ch.wounds} to {ch.wounds - 1}).",))


def arrange_camp(state: State, action: Action) -> State:
    """Arranging the Camp: "Gain 2 Determination tokens and increase Morale by 1 (unless at max
    Morale, then just gain tokens)"; "in a 4-player game, choose one"."""
    ch = own_character(state, action)
    steps: list[str] = []
    if len(state.players) == 4:
        choice = read_choice(action.args, "choice", ("determination", "morale"))
        if choice == "morale" and state.morale >= MORALE_MAX:
            raise RuleError(MORALE_AT_TOP)  # "unless at max Morale, then just gain tokens"
    elif "choice" in action.args:
        raise RuleError("With 1 to 3 players Arranging the Camp gives both; there is no "
                        "choice.")
    else:
        choice = "both"
    if choice in ("determination", "both"):
        state = add_determination(state, ch, 2)
        steps.append(f"{cap(ch.title)} arranges the camp: 2 Determination tokens.")
    if choice in ("morale", "both"):
        state, text = move_morale(state, +1, "Arranging the Camp")
        steps.append(text)
    return replace(state, last_steps=tuple(steps))


# --- the tracks by hand (Events, Adventures, cards) -------------------------------------------

def wound_move(state: State, action: Action) -> State:
    """Wounds from a card, a beast or a fight; each arrow passed lowers Morale."""
    ch = own_character(state, action)
    count = read_int(action.args, "count", 1, lo=1)
    steps: list[str] = []
    state = wound_each(state, (ch,), count, "Wounds", steps)
    state = check_death(state, steps)
    return replace(state, last_steps=tuple(steps))


def heal(state: State, action: Action) -> State:
    """Heal Wounds: the marker moves left; "healing back past [an arrow] does not raise" Morale."""
    ch = own_character(state, action)
    count = read_int(action.args, "count", 1, lo=1)
    if count > ch.wounds:
        raise RuleError(f"{cap(ch.title)} has only {plural(ch.wounds, 'Wound')} to heal.")
    state = set_character(state, replace(ch, wounds=ch.wounds - count))
    return replace(state, last_steps=(
        f"{cap(ch.title)} heals {plural(count, 'Wound')} ({ch.wounds} to {ch.wounds - count}).",))


def determination(state: State, action: Action) -> State:
    """Gain or spend Determination tokens."""
    ch = own_character(state, action)
    by = read_int(action.args, "by")
    if ch.determination + by < 0:
        raise RuleError(f"{cap(ch.title)} has only "
                        f"{plural(ch.determination, 'Determination token')}.")
    state = add_determination(state, ch, by)
    return replace(state, last_steps=(
        f"{cap(ch.title)}: Determination {ch.determination} to {ch.determination + by}.",))


def morale(state: State, action: Action) -> State:
    """Raise or lower Morale (an Event, an Adventure...); it never moves past either end."""
    by = read_int(action.args, "by")
    if by == 0:
        raise RuleError("Say how far Morale moves.")
    state, text = move_morale(state, by, f"Morale {signed(by)}")
    return replace(state, last_steps=(text,))


def goal_met(state: State, action: Action) -> State:
    """"Players win immediately if they successfully fulfill the specific Scenario goal within
    the number of rounds allowed." """
    reason = f"The goal of scenario {state.scenario} is met in round {state.round}: victory!"
    return replace(state, result="victory", end_reason=reason, phase="over",
                   pending_weather=None, last_steps=(reason,))
