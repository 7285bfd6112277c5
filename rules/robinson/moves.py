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
from rules.words import Items, Speaker

from .action_dice import ACTION_TITLES, ACTIONS, resolve_action_dice
from .args import is_int, own_character, read_bool, read_choice, read_int
from .camp import flush_future
from .data import MORALE_MAX, WEATHER_DICE, WEATHER_DIE_NAMES
from .state import PHASES, State
from .text import (DIE_WORDS, MORALE_AT_TOP_MESSAGE, PHASE_BEGINS, THE_DIE,
                   THE_DIE_START, TOKEN_WORDS, dice_message, semicolons, signed, the_character,
                   tokens, wounds)
from .tracks import (add_determination, check_death, morale_tokens, move_morale,
                     set_character, wound, wound_each)
from .weather import faces_clouds, resolve_weather

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n

RESOLVE_FIRST = {
    "morale": _("Resolve the Morale phase first: the First Player gains or discards "
                "Determination tokens."),
    "weather": _("Resolve the Weather phase first: enter the dice faces, then confirm."),
    "night": _("Resolve the Night phase first: eating, the camp, sleeping, food rotting."),
}
"""Morale, Weather and Night end by resolving them, never by moving on."""

LEAD_DOES = {  # a whole sentence for each decision, so that a translation can agree in it
    "next_phase": lambda fp: _("Only the First Player ({player}) or the table screen moves "
                               "the game to the next phase.", player=fp),
    "resolve_morale": lambda fp: _("Only the First Player ({player}) or the table screen "
                                   "resolves the Morale phase.", player=fp),
    "roll_weather": lambda fp: _("Only the First Player ({player}) or the table screen enters "
                                 "the Weather dice.", player=fp),
    "confirm_weather": lambda fp: _("Only the First Player ({player}) or the table screen "
                                    "confirms the weather.", player=fp),
    "night": lambda fp: _("Only the First Player ({player}) or the table screen resolves the "
                          "Night.", player=fp),
    "goal_met": lambda fp: _("Only the First Player ({player}) or the table screen marks the "
                             "scenario's goal as met.", player=fp),
}


def lead_refusal(state: State, actor: str, doing: str):
    """Group decisions belong to the First Player ("manages Determination tokens during the
    Morale phase and resolves any disagreements") or the table screen. ``doing``: the move."""
    if actor in (TABLE, state.first_player):
        return None
    return LEAD_DOES[doing](state.first_player)


# --- the phases -------------------------------------------------------------------------------

def next_phase(state: State, action: Action) -> State:
    """Advance to the next phase ("executed in this order"); round 1 skips its Event phase."""
    if state.phase == "setup":
        return replace(state, phase="morale", last_steps=(
            _("Round 1 begins; its Event phase is skipped."),))
    following = PHASES[PHASES.index(state.phase) + 1]
    steps: list = []
    if state.phase == "action":  # "After all Actions are completed"
        state = flush_future(state, steps)
    steps.append(PHASE_BEGINS[following])
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
    who = _("{player} ({character})", player=state.first_player,
            character=the_character(ch))
    if choice not in ("determination", "heal"):
        raise RuleError(_("Morale is +3: {player} chooses to gain 2 Determination tokens "
                          "('determination') or heal 1 Wound ('heal').",
                          player=state.first_player))
    if choice == "determination":
        steps.append(_("Morale +3: {who} gains 2 Determination tokens.", who=who))
        return add_determination(state, ch, 2)
    if ch.wounds == 0:
        raise RuleError(_("{character} has no Wound to heal; gain 2 Determination tokens "
                          "instead.", character=the_character(ch, start=True)))
    steps.append(_("Morale +3: {who} heals 1 Wound ({old} to {new}).", who=who, old=ch.wounds,
                   new=ch.wounds - 1))
    return set_character(state, replace(ch, wounds=ch.wounds - 1))


def morale_level_tokens(state: State, level: int, tokens: int, steps: list[str]) -> State:
    """Gain or discard the level's tokens; "If the First Player must discard more ... they
    discard all they have and receive 1 Wound for each lacking token"."""
    ch = state.character_of(state.first_player)
    who = _("{player} ({character})", player=state.first_player,
            character=the_character(ch))
    if tokens > 0:
        steps.append(_("Morale {level}: {who} gains {tokens}.", level=signed(level), who=who,
                       tokens=tokens_of(tokens)))
        return add_determination(state, ch, tokens)
    if tokens == 0:
        steps.append(_("Morale 0: nothing is gained or discarded."))
        return state
    owed = -tokens
    paid = min(owed, ch.determination)
    state = add_determination(state, ch, -paid)
    if paid == owed:
        steps.append(_("Morale {level}: {who} discards {tokens}.", level=signed(level), who=who,
                       tokens=tokens_of(paid)))
        return state
    steps.append(_("Morale {level}: {who} must discard {owed} Determination tokens and has "
                   "{paid}.", level=signed(level), who=who, owed=owed, paid=paid))
    return wound_each(state, (ch,), owed - paid,
                      _n("{n} token lacking", "{n} tokens lacking", "n", n=owed - paid), steps)


def resolve_morale(state: State, action: Action) -> State:
    """The Morale phase: the First Player gains or discards the level's Determination tokens;
    at the top level, a choice: gain 2 tokens or heal 1 Wound."""
    steps: list = []
    if state.solo:
        state, text = move_morale(state, +1, _("Solo game, start of the Morale phase"))
        steps.append(text)
    level = state.morale
    if level == MORALE_MAX:
        state = top_morale(state, action.args.get("choice"), steps)
    elif "choice" in action.args:
        raise RuleError(_("Morale is {level}: the choice is only offered at +3.",
                          level=signed(level)))
    else:
        state = morale_level_tokens(state, level, morale_tokens(level), steps)
    state = check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="production")
        steps.append(PHASE_BEGINS["production"])
    return replace(state, last_steps=tuple(steps))


# --- the Weather phase --------------------------------------------------------------------------

def read_faces(state: State, args: Mapping[str, Any]) -> dict[str, int]:
    """The faces of this round's Weather dice, each 0 to 5, no more and no fewer dice."""
    faces = args.get("faces", {})
    if not isinstance(faces, Mapping):
        raise RuleError(_("Name each Weather die and the face it shows (0 to 5)."))
    wanted = state.dice_this_round
    for name in faces:
        if name not in WEATHER_DICE:
            raise RuleError(_("There is no Weather die {name} (rain, winter, animals).",
                              name=repr(name)))
        if name not in wanted:
            raise RuleError(_("{die} is not rolled in round {round}; this round: {dice}.",
                              die=THE_DIE_START[name], round=state.round,
                              dice=dice_message(wanted)))
    for name in wanted:
        if name not in faces:
            raise RuleError(_("Enter the face of {die} too; this round: {dice}.",
                              die=THE_DIE[name], dice=dice_message(wanted)))
        face = faces[name]
        if not is_int(face) or not 0 <= face <= 5:
            raise RuleError(_("A face of {die} is numbered 0 to 5, not {face}.",
                              die=THE_DIE[name], face=repr(face)))
    return {name: faces[name] for name in WEATHER_DIE_NAMES if name in faces}


def weather_outcome(state: State, faces: Mapping[str, int]):
    """The Weather phase of ``state`` with these faces: (intro steps, WeatherResult)."""
    rain, snow, animals, words = faces_clouds(dict(faces))
    intro = [_("Dice: {faces}.", faces=semicolons(words)) if words else
             _("No Weather die is rolled this round.")]
    if state.placed_dice:
        intro.append(_("Placed on the Weather space by a game effect: {dice} (rolled this "
                       "round).", dice=dice_message(state.placed_dice)))
    held = [said(n) for n, said in (
        (state.rain_tokens, lambda n: _n("{n} rain cloud token", "{n} rain cloud tokens", "n",
                                         n=n)),
        (state.snow_tokens, lambda n: _n("{n} snow cloud token", "{n} snow cloud tokens", "n",
                                         n=n)),
        (state.storm_tokens, lambda n: _n("{n} storm token", "{n} storm tokens", "n", n=n)))
        if n]
    if held:
        intro.append(_("Weather tokens: {tokens}.", tokens=Items(held)))
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
                   last_steps=intro + result.steps + (_("Confirm to apply."),))


def confirm_weather(state: State, action: Action) -> State:
    """Apply the Weather phase: discard, lower the Palisade, give the Wounds, clear the Weather
    space ("Discard all tokens from the Weather space at the end of this phase")."""
    if state.pending_weather is None and state.dice_this_round:
        raise RuleError(_("Enter the faces of this round's Weather dice first: {dice}.",
                          dice=dice_message(state.dice_this_round)))
    intro, result = weather_outcome(state, dict(state.pending_weather or ()))
    steps = list(intro + result.steps)
    # Perishable food goes first: it would rot at Night anyway.
    from_perishable = min(state.food, result.food_discarded)
    state = replace(state, wood=result.wood, palisade=result.palisade,
                    food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food
                    - (result.food_discarded - from_perishable))
    state = wound_each(state, state.weather_group, result.wounds, _("Weather"), steps)
    placed = state.placed_dice
    state = replace(state, rain_tokens=0, snow_tokens=0, storm_tokens=0, pending_weather=None,
                    placed_dice=frozenset())
    steps.append(_("The weather tokens are discarded and the {dice} taken off the Weather "
                   "space.", dice=dice_message(placed)) if placed else
                 _("The weather tokens are discarded."))
    state = check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="night")
        steps.append(PHASE_BEGINS["night"])
    return replace(state, last_steps=tuple(steps))


def place_weather_die(state: State, action: Action) -> State:
    """A game effect places a Weather die on the Weather space (or the table takes back one
    placed by mistake). "Check the Scenario card to see which Weather dice to roll this round
    ... Also, check the Weather space on the main board": a die placed there is rolled this
    round, even in a round whose schedule rolls none."""
    die = read_choice(action.args, "die", WEATHER_DIE_NAMES)
    placed = read_bool(action.args, "placed", True)
    if placed and die in state.dice_this_round:
        raise RuleError(
            _("{die} is rolled this round already (the Scenario card).", die=THE_DIE_START[die])
            if die in state.weather[state.round - 1] else
            _("{die} is rolled this round already.", die=THE_DIE_START[die]))
    if not placed and die not in state.placed_dice:
        raise RuleError(_("{die} is not on the Weather space.", die=THE_DIE_START[die]))
    dice = state.placed_dice | {die} if placed else state.placed_dice - {die}
    steps = [_("The {die} is placed on the Weather space: it is rolled in this round's Weather "
               "phase.", die=DIE_WORDS[die]) if placed else
             _("The {die} is taken off the Weather space.", die=DIE_WORDS[die])]
    if state.pending_weather is not None:
        steps.append(_("Enter the Weather dice again."))
    return replace(state, placed_dice=frozenset(dice), pending_weather=None,
                   last_steps=tuple(steps))


NO_CHANGE = _("No change.")
ROLLS = {  # whole sentences: the Action's dice agree in every language
    "gather": lambda who: _("{character} rolls the Gathering Resources dice.", character=who),
    "explore": lambda who: _("{character} rolls the Exploration dice.", character=who),
    "build": lambda who: _("{character} rolls the Building dice.", character=who),
}


def tokens_of(n: int):
    return tokens(n)


WEATHER_TOKENS = {"rain": "rain cloud tokens", "snow": "snow cloud tokens",
                  "storm": "storm tokens"}
TOKEN_KEYS = Items((_("rain"), _("snow"), _("storm")))
"""The keys of ``WEATHER_TOKENS`` as a refusal lists them."""
ONLY_TOKENS = {  # "There is only 1 rain cloud tokens": the English as it always was
    "rain": lambda old, by: _n("There is only {n} rain cloud tokens; you cannot take away "
                                "{by}.", "There are only {n} rain cloud tokens; you cannot "
                                "take away {by}.", "n", n=old, by=by),
    "snow": lambda old, by: _n("There is only {n} snow cloud tokens; you cannot take away "
                                "{by}.", "There are only {n} snow cloud tokens; you cannot "
                                "take away {by}.", "n", n=old, by=by),
    "storm": lambda old, by: _n("There is only {n} storm tokens; you cannot take away "
                                 "{by}.", "There are only {n} storm tokens; you cannot take "
                                 "away {by}.", "n", n=old, by=by),
}


def weather_tokens(state: State, action: Action) -> State:
    """Place or remove weather tokens (extra rain or snow clouds) and storm tokens."""
    if not action.args:
        raise RuleError(_("Say what changes: {keys}.", keys=TOKEN_KEYS))
    new = {}
    for key, by in {k: read_int(action.args, k) for k in action.args}.items():
        old = getattr(state, f"{key}_tokens")
        if old + by < 0:
            raise RuleError(ONLY_TOKENS[key](old, -by))
        new[key] = old + by
    steps = [_("{tokens} {old} to {new}.", tokens=TOKEN_WORDS[k],
               old=getattr(state, f"{k}_tokens"), new=v)
             for k, v in new.items() if v != getattr(state, f"{k}_tokens")]
    return replace(state, **{f"{k}_tokens": v for k, v in new.items()},
                   last_steps=tuple(steps) or (NO_CHANGE,))


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
    steps = [ROLLS[which](the_character(ch, start=True)), result.steps[0]]
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
        raise RuleError(_("{character} has no Wound to heal.",
                          character=the_character(ch, start=True)))
    state = set_character(state, replace(ch, wounds=ch.wounds - 1))
    return replace(state, last_steps=(
        _("{character} rests and heals 1 Wound ({old} to {new}).",
          character=the_character(ch, start=True), old=ch.wounds, new=ch.wounds - 1),))


def arrange_camp(state: State, action: Action) -> State:
    """Arranging the Camp: "Gain 2 Determination tokens and increase Morale by 1 (unless at max
    Morale, then just gain tokens)"; "in a 4-player game, choose one"."""
    ch = own_character(state, action)
    steps: list = []
    if len(state.players) == 4:
        choice = read_choice(action.args, "choice", ("determination", "morale"))
        if choice == "morale" and state.morale >= MORALE_MAX:
            raise RuleError(MORALE_AT_TOP_MESSAGE)  # "unless at max Morale, then just gain tokens"
    elif "choice" in action.args:
        raise RuleError(_("With 1 to 3 players Arranging the Camp gives both; there is no "
                          "choice."))
    else:
        choice = "both"
    if choice in ("determination", "both"):
        state = add_determination(state, ch, 2)
        steps.append(_("{character} arranges the camp: 2 Determination tokens.",
                       character=the_character(ch, start=True)))
    if choice in ("morale", "both"):
        state, text = move_morale(state, +1, _("Arranging the Camp"))
        steps.append(text)
    return replace(state, last_steps=tuple(steps))


# --- the tracks by hand (Events, Adventures, cards) -------------------------------------------

def wound_move(state: State, action: Action) -> State:
    """Wounds from a card, a beast or a fight; each arrow passed lowers Morale."""
    ch = own_character(state, action)
    count = read_int(action.args, "count", 1, lo=1)
    steps: list = []
    state = wound_each(state, (ch,), count, _("Wounds"), steps)
    state = check_death(state, steps)
    return replace(state, last_steps=tuple(steps))


def heal(state: State, action: Action) -> State:
    """Heal Wounds: the marker moves left; "healing back past [an arrow] does not raise" Morale."""
    ch = own_character(state, action)
    count = read_int(action.args, "count", 1, lo=1)
    if count > ch.wounds:
        raise RuleError(_n("{character} has only {n} Wound to heal.",
                            "{character} has only {n} Wounds to heal.", "n",
                            character=the_character(ch, start=True), n=ch.wounds))
    state = set_character(state, replace(ch, wounds=ch.wounds - count))
    return replace(state, last_steps=(
        _("{character} heals {wounds} ({old} to {new}).", character=the_character(ch, start=True),
          wounds=wounds(count), old=ch.wounds, new=ch.wounds - count),))


def determination(state: State, action: Action) -> State:
    """Gain or spend Determination tokens."""
    ch = own_character(state, action)
    by = read_int(action.args, "by")
    if ch.determination + by < 0:
        raise RuleError(_n("{character} has only {n} Determination token.",
                            "{character} has only {n} Determination tokens.", "n",
                            character=the_character(ch, start=True), n=ch.determination))
    state = add_determination(state, ch, by)
    return replace(state, last_steps=(
        _("{character}: Determination {old} to {new}.", character=the_character(ch, start=True),
          old=ch.determination, new=ch.determination + by),))


def morale(state: State, action: Action) -> State:
    """Raise or lower Morale (an Event, an Adventure...); it never moves past either end."""
    by = read_int(action.args, "by")
    if by == 0:
        raise RuleError(_("Say how far Morale moves."))
    state, text = move_morale(state, by, _("Morale {by}", by=signed(by)))
    return replace(state, last_steps=(text,))


def goal_met(state: State, action: Action) -> State:
    """"Players win immediately if they successfully fulfill the specific Scenario goal within
    the number of rounds allowed." """
    reason = _("The goal of scenario {scenario} is met in round {round}: victory!",
               scenario=state.scenario, round=state.round)
    return replace(state, result="victory", end_reason=reason, phase="over",
                   pending_weather=None, last_steps=(reason,))
