"""The moves of the round assistant: setup, the six phases, every change to the tracked state.

Co-operative: every seat sees the same island and there is no vote. The table screen (TABLE)
may make every move; a player may make the moves about the whole group and those about their
own character (anyone may move Friday, who belongs to no player); the decisions the rulebook
gives the First Player ("manages Determination tokens during the Morale phase and resolves any
disagreements") are made by the First Player or the table screen.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from rules import RuleError

from .camp import (LEVELS, RESOURCES, _build, _camp_tile, _hunt, _levels, _resources, _shelter,
                   flush_future)
from .data import DIE_TITLES, MORALE_MAX, WEATHER_DICE, WEATHER_DIE_NAMES
from .helpers import (_bool, _cap, _character, _check_death, _choice, _determination, _in_phase,
                      _int, _is_int, _lead, _move_morale, _own, _set_character, _signed,
                      _wound, _wound_each)
from .state import PHASE_TITLES, PHASES, State
from .tracks import ACTION_TITLES, ACTIONS, morale_tokens, resolve_action_dice
from .weather import faces_clouds, plural, resolve_weather


# --- moves ----------------------------------------------------------------------------------

def _next_phase(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Advance to the next phase. Morale, Weather and Night end by resolving them."""
    _lead(state, actor, "moves the game to the next phase")
    if state.phase == "setup":
        return replace(state, phase="morale", last_steps=(
            "Round 1 begins; its Event phase is skipped.",))
    if state.phase == "morale":
        raise RuleError("Resolve the Morale phase first: the First Player gains or discards "
                        "Determination tokens.")
    if state.phase == "weather":
        raise RuleError("Resolve the Weather phase first: enter the dice faces, then confirm.")
    if state.phase == "night":
        raise RuleError("Resolve the Night phase first: eating, the camp, sleeping, food "
                        "rotting.")
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


def _resolve_morale(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """The Morale phase: the First Player gains or discards the level's Determination tokens;
    "If the First Player must discard more … they discard all they have and receive 1 Wound
    for each lacking token." At the top level: gain 2 tokens or heal 1 Wound."""
    _in_phase(state, "morale")
    _lead(state, actor, "resolves the Morale phase")
    steps: list[str] = []
    if state.solo:
        state, text = _move_morale(state, +1, "Solo game, start of the Morale phase")
        steps.append(text)
    level = state.morale
    tokens = None if level == MORALE_MAX else morale_tokens(level)
    ch = state.character_of(state.first_player)
    who = f"{state.first_player} ({ch.title})"
    if tokens is None:
        choice = args.get("choice")
        if choice not in ("determination", "heal"):
            raise RuleError(f"Morale is +3: {state.first_player} chooses to gain 2 Determination "
                            "tokens ('determination') or heal 1 Wound ('heal').")
        if choice == "heal":
            if ch.wounds == 0:
                raise RuleError(f"{_cap(ch.title)} has no Wound to heal; "
                                "gain 2 Determination tokens instead.")
            state = _set_character(state, replace(ch, wounds=ch.wounds - 1))
            steps.append(f"Morale +3: {who} heals 1 Wound ({ch.wounds} to {ch.wounds - 1}).")
        else:
            state = _determination(state, ch, 2)
            steps.append(f"Morale +3: {who} gains 2 Determination tokens.")
    else:
        if "choice" in args:
            raise RuleError(f"Morale is {_signed(level)}: the choice is only offered at +3.")
        if tokens > 0:
            state = _determination(state, ch, tokens)
            steps.append(f"Morale {_signed(level)}: {who} gains "
                         f"{plural(tokens, 'Determination token')}.")
        elif tokens == 0:
            steps.append("Morale 0: nothing is gained or discarded.")
        else:
            owed = -tokens
            paid = min(owed, ch.determination)
            state = _determination(state, ch, -paid)
            if paid == owed:
                steps.append(f"Morale {_signed(level)}: {who} discards "
                             f"{plural(paid, 'Determination token')}.")
            else:
                steps.append(f"Morale {_signed(level)}: {who} must discard {owed} Determination "
                             f"tokens and has {paid}.")
            if paid < owed:
                state = _wound_each(state, (ch,), owed - paid,
                                    f"{plural(owed - paid, 'token')} lacking", steps)
    state = _check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="production")
        steps.append("Production phase begins.")
    return replace(state, last_steps=tuple(steps))


def _read_faces(state: State, args: Mapping[str, Any]) -> dict[str, int]:
    faces = args.get("faces", {})
    if not isinstance(faces, Mapping):
        raise RuleError("'faces' must name each Weather die and the face it shows (0 to 5).")
    wanted = state.dice_this_round
    for name in faces:
        if name not in WEATHER_DICE:
            raise RuleError(f"There is no Weather die {name!r} (rain, winter, animals).")
        if name not in wanted:
            raise RuleError(f"The {DIE_TITLES[name]} is not rolled in round {state.round}; "
                            f"this round: {_dice_words(wanted)}.")
    for name in wanted:
        if name not in faces:
            raise RuleError(f"Enter the face of the {DIE_TITLES[name]} too; this round: "
                            f"{_dice_words(wanted)}.")
        face = faces[name]
        if not _is_int(face) or not 0 <= face <= 5:
            raise RuleError(f"A face of the {DIE_TITLES[name]} is numbered 0 to 5, "
                            f"not {face!r}.")
    return {name: faces[name] for name in WEATHER_DIE_NAMES if name in faces}


def _dice_words(dice: frozenset[str]) -> str:
    return ", ".join(DIE_TITLES[d] for d in WEATHER_DIE_NAMES if d in dice) or "no Weather die"


def weather_outcome(state: State, faces: Mapping[str, int]):
    """The Weather phase of ``state`` with these faces: (intro steps, WeatherResult)."""
    rain, snow, animals, words = faces_clouds(dict(faces))
    intro = [("Dice: " + "; ".join(words) + ".") if words else
             "No Weather die is rolled this round."]
    if state.placed_dice:
        intro.append(f"Placed on the Weather space by a game effect: "
                     f"{_dice_words(state.placed_dice)} (rolled this round).")
    tokens = []
    if state.rain_tokens:
        tokens.append(plural(state.rain_tokens, "rain cloud token"))
    if state.snow_tokens:
        tokens.append(plural(state.snow_tokens, "snow cloud token"))
    if state.storm_tokens:
        tokens.append(plural(state.storm_tokens, "storm token"))
    if tokens:
        intro.append("Weather tokens: " + ", ".join(tokens) + ".")
    result = resolve_weather(
        rain_clouds=rain + state.rain_tokens, snow_clouds=snow + state.snow_tokens,
        animals=animals, storm=state.storm_tokens, roof=state.roof, palisade=state.palisade,
        weapon=state.weapon, wood=state.wood, food=state.food_total, shelter=state.covered)
    return tuple(intro), result


def _place_weather_die(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """A game effect places a Weather die on the Weather space (or the table takes back one
    placed by mistake). "Check the Scenario card to see which Weather dice to roll this round
    ... Also, check the Weather space on the main board": a die placed there is rolled this
    round, even in a round whose schedule rolls none."""
    pending = state.pending_weather is not None
    die = _choice(args, "die", WEATHER_DIE_NAMES)
    placed = _bool(args, "placed", True)
    scheduled = state.weather[state.round - 1]
    title = DIE_TITLES[die]
    if placed and die in state.dice_this_round:
        raise RuleError(f"The {title} is rolled this round already"
                        + (" (the Scenario card)." if die in scheduled else "."))
    if not placed and die not in state.placed_dice:
        raise RuleError(f"The {title} is not on the Weather space.")
    dice = state.placed_dice | {die} if placed else state.placed_dice - {die}
    steps = [f"The {title} is placed on the Weather space: it is rolled in this round's "
             "Weather phase." if placed else f"The {title} is taken off the Weather space."]
    if pending:
        steps.append("Enter the Weather dice again.")
    return replace(state, placed_dice=frozenset(dice), pending_weather=None,
                   last_steps=tuple(steps))


def _roll_weather(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Enter the faces of this round's Weather dice (rolled in the app or read off the real
    dice); the phase is shown step by step and applied by ``confirm_weather``."""
    _in_phase(state, "weather")
    _lead(state, actor, "enters the Weather dice")
    faces = _read_faces(state, args)
    intro, result = weather_outcome(state, faces)
    return replace(state, pending_weather=tuple(faces.items()),
                   last_steps=intro + result.steps + ("Confirm to apply.",))


def _confirm_weather(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Apply the Weather phase: discard, lower the Palisade, give the Wounds, clear the Weather
    space ("Discard all tokens from the Weather space at the end of this phase")."""
    _in_phase(state, "weather")
    _lead(state, actor, "confirms the weather")
    if state.pending_weather is None:
        if state.dice_this_round:
            raise RuleError("Enter the faces of this round's Weather dice first: "
                            f"{_dice_words(state.dice_this_round)}.")
        faces: dict[str, int] = {}
    else:
        faces = dict(state.pending_weather)
    intro, result = weather_outcome(state, faces)
    steps = list(intro + result.steps)
    # Perishable food goes first: it would rot at Night anyway.
    from_perishable = min(state.food, result.food_discarded)
    state = replace(state, wood=result.wood, palisade=result.palisade,
                    food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food
                    - (result.food_discarded - from_perishable))
    state = _wound_each(state, state.weather_group, result.wounds, "Weather", steps)
    placed = state.placed_dice
    state = replace(state, rain_tokens=0, snow_tokens=0, storm_tokens=0, pending_weather=None,
                    placed_dice=frozenset())
    steps.append("The weather tokens are discarded"
                 + (f" and the {_dice_words(placed)} taken off the Weather space." if placed
                    else "."))
    state = _check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="night")
        steps.append("Night phase begins.")
    return replace(state, last_steps=tuple(steps))


# --- Night -------------------------------------------------------------------------------------

def night_needs(state: State) -> tuple[int, int]:
    """(food needed, characters who cannot eat): "Discard 1 food per player"."""
    need = len(state.eaters)
    return need, max(0, need - state.food_total)


def _read_hungry(state: State, args: Mapping[str, Any]) -> list[str]:
    """The characters the table names as not eating: exactly as many as the food lacks."""
    not_eating = args.get("not_eating", [])
    if not isinstance(not_eating, (list, tuple)) or not all(isinstance(n, str)
                                                            for n in not_eating):
        raise RuleError("'not_eating' must list the characters who do not eat.")
    eaters = state.eaters
    need, short = night_needs(state)
    if len(set(not_eating)) != len(not_eating):
        raise RuleError("Name each character who does not eat only once.")
    for name in not_eating:
        if name not in {ch.name for ch in eaters}:
            raise RuleError(f"{name!r} is not one of the characters who eat tonight "
                            f"({', '.join(ch.name for ch in eaters)}).")
    if len(not_eating) != short:
        if short == 0:
            raise RuleError(f"There is food for everyone ({plural(state.food_total, 'food', 'food')}"
                            f" for {plural(need, 'character')}): everyone eats.")
        raise RuleError(f"There is {plural(state.food_total, 'food', 'food')} for "
                        f"{plural(need, 'character')}: name {short} who "
                        f"{'does' if short == 1 else 'do'} not eat.")
    return list(not_eating)


def _eat(state: State, not_eating: list[str], steps: list[str]) -> State:
    """1. "Discard 1 food per player ... each player who doesn't eat receives 2 Wounds." Perishable
    food goes first: it rots tonight anyway."""
    need, short = night_needs(state)
    eat = need - short
    from_perishable = min(state.food, eat)
    state = replace(state, food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food - (eat - from_perishable))
    if eat:
        steps.append(f"Eat: {plural(eat, 'character')} eat{'s' if eat == 1 else ''} "
                     f"{plural(eat, 'food', 'food')}.")
    for name in not_eating:
        ch = state.character(name)
        state = _wound_each(state, (ch,), 2, f"{_cap(ch.title)} does not eat", steps)
    return state


def _move_camp(state: State, to_natural: bool, steps: list[str]) -> State:
    """2. "If you have built Shelter: Decrease both Roof and Palisade levels by half (rounded
    down)" - they lose half their level rounded down (Roof 3 to 2, Roof 4 to 2, Palisade 1 to
    1). "If you haven't built Shelter: No consequences for moving, unless you had a Roof or
    Palisade built on an Island tile with Shelter, in which case you lose both (levels drop to
    0)." ``to_natural``: the new tile shows a natural Shelter."""
    tile = " to a tile with a natural Shelter" if to_natural else ""
    if state.shelter:
        roof, pal = state.roof - state.roof // 2, state.palisade - state.palisade // 2
        steps.append(f"The camp moves{tile} with its Shelter: Roof {state.roof} to {roof}, "
                     f"Palisade {state.palisade} to {pal}.")
    else:
        roof = pal = 0
        steps.append(f"The camp moves{tile}; without a built Shelter the Roof and Palisade stay "
                     f"behind (Roof {state.roof} to 0, Palisade {state.palisade} to 0)."
                     if state.roof or state.palisade else
                     f"The camp moves{tile}; with no Roof or Palisade nothing is lost.")
    return replace(state, roof=roof, palisade=pal, natural_shelter=to_natural)


def _sleep(state: State, steps: list[str]) -> State:
    """3. "Sleeping in the Open: If you haven't built Shelter (and your Camp isn't on an Island
    tile with Shelter), each player gets 1 Wound." """
    if state.shelter:
        steps.append("Sleep: the Shelter protects everyone.")
        return state
    if state.natural_shelter:
        steps.append("Sleep: the natural Shelter of the camp's Island tile protects everyone.")
        return state
    return _wound_each(state, state.sleepers, 1, "Sleeping in the open", steps)


CLEAN_UP = ("Clean up: remove the black markers from the Character cards (used skills), move "
            "the Round marker, pass the First Player token clockwise.")


def _clean_up(state: State, steps: list[str]) -> State:
    """5. "Clean Up: Remove black markers from Character cards (marking used skills). Move the
    Round marker to the next round. Pass the First Player token clockwise." """
    state = _check_death(state, steps)
    if state.result is not None:
        return state
    if state.round == state.rounds:
        reason = (f"Round {state.rounds}, the last round, has ended without the scenario's "
                  "goal: the group loses.")
        steps.append(reason)
        return replace(state, result="defeat", end_reason=reason, phase="over")
    steps.append(CLEAN_UP)
    seat = state.players.index(state.first_player)
    first = state.players[(seat + 1) % len(state.players)]
    state = replace(state, round=state.round + 1, phase="event", first_player=first)
    steps.append(f"Round {state.round} begins; {first} is the First Player.")
    return state


def _night(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """The Night phase in order: eat, move the camp (optional), sleep, food rots, clean up."""
    _in_phase(state, "night")
    _lead(state, actor, "resolves the Night")
    move_camp = _bool(args, "move_camp", False)
    to_natural = _bool(args, "natural_shelter", False)
    if "natural_shelter" in args and not move_camp:
        raise RuleError("Say whether the new tile has a natural Shelter only when the camp "
                        "moves.")
    not_eating = _read_hungry(state, args)
    steps: list[str] = []
    state = _eat(state, not_eating, steps)
    if move_camp:
        state = _move_camp(state, to_natural, steps)
    state = _sleep(state, steps)
    # 4. Food rots: perishable food is discarded; non-perishable food and the rest stay.
    if state.food:
        steps.append(f"Food rots: {plural(state.food, 'food', 'food')} discarded"
                     + (f"; {state.nonperishable_food} non-perishable food stays."
                        if state.nonperishable_food else "."))
        state = replace(state, food=0)
    state = _clean_up(state, steps)
    return replace(state, last_steps=tuple(steps))


def _action_dice(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """One pawn on Gather, Explore or Build: roll the Wound, Success and Adventure dice and
    "resolve them in that order"."""
    _in_phase(state, "action")
    ch = _character(state, args)
    _own(state, actor, ch)
    action = _choice(args, "action", ACTIONS)
    result = resolve_action_dice(action, wound=args.get("wound"), success=args.get("success"),
                                 adventure=args.get("adventure"),
                                 build_wound_faces=state.build_wound_faces)
    steps = [f"{_cap(ch.title)} rolls the {ACTION_TITLES[action]} dice."]
    steps.append(result.steps[0])
    if result.wound:
        state = _wound(state, ch.name, 1, steps)
    steps.append(result.steps[1])
    if result.determination:
        state = _determination(state, state.character(ch.name), result.determination)
    steps.append(result.steps[2])
    state = _check_death(state, steps)
    return replace(state, last_steps=tuple(steps))


def _rest(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Rest: "Heal 1 Wound by moving your Wound marker one space left." """
    _in_phase(state, "action")
    ch = _character(state, args)
    _own(state, actor, ch)
    if ch.wounds == 0:
        raise RuleError(f"{_cap(ch.title)} has no Wound to heal.")
    state = _set_character(state, replace(ch, wounds=ch.wounds - 1))
    return replace(state, last_steps=(
        f"{_cap(ch.title)} rests and heals 1 Wound "
        f"({ch.wounds} to {ch.wounds - 1}).",))


def _arrange_camp(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Arranging the Camp: "Gain 2 Determination tokens and increase Morale by 1 (unless at max
    Morale, then just gain tokens)"; "in a 4-player game, choose one"."""
    _in_phase(state, "action")
    ch = _character(state, args)
    _own(state, actor, ch)
    steps: list[str] = []
    if len(state.players) == 4:
        choice = _choice(args, "choice", ("determination", "morale"))
    else:
        if "choice" in args:
            raise RuleError("With 1 to 3 players Arranging the Camp gives both; there is no "
                            "choice.")
        choice = "both"
    if choice in ("determination", "both"):
        state = _determination(state, ch, 2)
        steps.append(f"{_cap(ch.title)} arranges the camp: "
                     "2 Determination tokens.")
    if choice in ("morale", "both"):
        state, text = _move_morale(state, +1, "Arranging the Camp")
        steps.append(text)
    return replace(state, last_steps=tuple(steps))


def _adjust(state: State, args: Mapping[str, Any],
            fields: dict[str, str]) -> tuple[State, list[str]]:
    if not args:
        raise RuleError(f"Say what changes: {', '.join(fields)}.")
    changes = {key: _int(args, key) for key in args}
    new = {}
    for key, by in changes.items():
        old = getattr(state, key)
        if old + by < 0:
            raise RuleError(f"There {'is' if old == 1 else 'are'} only {old} "
                            f"{fields[key]}; you cannot take away {-by}.")
        new[key] = old + by
    steps = [f"{fields[k].capitalize()} {getattr(state, k)} to {v}."
             for k, v in new.items() if v != getattr(state, k)]
    return replace(state, **new), steps


_TOKENS = {"rain": "rain cloud tokens", "snow": "snow cloud tokens", "storm": "storm tokens"}


def _weather_tokens(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Place or remove weather tokens (extra rain or snow clouds) and storm tokens."""
    renamed = {f"{k}_tokens": v for k, v in args.items() if k in _TOKENS}
    fields = {f"{k}_tokens": v for k, v in _TOKENS.items()}
    state, steps = _adjust(state, renamed, fields)
    return replace(state, last_steps=tuple(steps) or ("No change.",))


def _wound_move(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Wounds from a card, a beast or a fight; each arrow passed lowers Morale."""
    ch = _character(state, args)
    _own(state, actor, ch)
    count = _int(args, "count", 1, lo=1)
    steps: list[str] = []
    state = _wound_each(state, (ch,), count, "Wounds", steps)
    state = _check_death(state, steps)
    return replace(state, last_steps=tuple(steps))


def _heal(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Heal Wounds: the marker moves left; "healing back past [an arrow] does not raise" Morale."""
    ch = _character(state, args)
    _own(state, actor, ch)
    count = _int(args, "count", 1, lo=1)
    if count > ch.wounds:
        raise RuleError(f"{_cap(ch.title)} has only "
                        f"{plural(ch.wounds, 'Wound')} to heal.")
    state = _set_character(state, replace(ch, wounds=ch.wounds - count))
    return replace(state, last_steps=(
        f"{_cap(ch.title)} heals {plural(count, 'Wound')} "
        f"({ch.wounds} to {ch.wounds - count}).",))


def _determination_move(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Gain or spend Determination tokens."""
    ch = _character(state, args)
    _own(state, actor, ch)
    by = _int(args, "by")
    if ch.determination + by < 0:
        raise RuleError(f"{_cap(ch.title)} has only "
                        f"{plural(ch.determination, 'Determination token')}.")
    state = _determination(state, ch, by)
    return replace(state, last_steps=(
        f"{_cap(ch.title)}: Determination {ch.determination} to "
        f"{ch.determination + by}.",))


def _morale_move(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Raise or lower Morale (an Event, an Adventure…); it never moves past either end."""
    by = _int(args, "by")
    if by == 0:
        raise RuleError("Say how far Morale moves.")
    state, text = _move_morale(state, by, f"Morale {_signed(by)}")
    return replace(state, last_steps=(text,))


def _goal_met(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """"Players win immediately if they successfully fulfill the specific Scenario goal within
    the number of rounds allowed." """
    _lead(state, actor, "marks the scenario's goal as met")
    if state.phase == "setup":
        raise RuleError("The game has not started yet.")
    reason = f"The goal of scenario {state.scenario} is met in round {state.round}: victory!"
    return replace(state, result="victory", end_reason=reason, phase="over",
                   pending_weather=None, last_steps=(reason,))


MOVES: dict[str, tuple[Callable[[State, str, Mapping[str, Any]], State], frozenset[str]]] = {
    "next_phase": (_next_phase, frozenset()),
    "resolve_morale": (_resolve_morale, frozenset({"choice"})),
    "roll_weather": (_roll_weather, frozenset({"faces"})),
    "confirm_weather": (_confirm_weather, frozenset()),
    "night": (_night, frozenset({"not_eating", "move_camp", "natural_shelter"})),
    "action_dice": (_action_dice,
                    frozenset({"character", "action", "wound", "success", "adventure"})),
    "rest": (_rest, frozenset({"character"})),
    "arrange_camp": (_arrange_camp, frozenset({"character", "choice"})),
    "build": (_build, frozenset({"item", "pay"})),
    "shelter": (_shelter, frozenset({"built", "wood", "fur"})),
    "resources": (_resources, frozenset(RESOURCES) | {"wounded"}),
    "levels": (_levels, frozenset(LEVELS) | {"wounded"}),
    "camp_tile": (_camp_tile, frozenset({"natural_shelter"})),
    "hunt": (_hunt, frozenset({"character", "strength", "weapon_loss", "food", "fur",
                               "palisade_loss"})),
    "place_weather_die": (_place_weather_die, frozenset({"die", "placed"})),
    "weather_tokens": (_weather_tokens, frozenset(_TOKENS)),
    "wound": (_wound_move, frozenset({"character", "count"})),
    "heal": (_heal, frozenset({"character", "count"})),
    "determination": (_determination_move, frozenset({"character", "by"})),
    "morale": (_morale_move, frozenset({"by"})),
    "goal_met": (_goal_met, frozenset()),
}
