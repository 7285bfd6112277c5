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

from rules import TABLE, RuleError

from .data import (BUILD_WOUND_FACES, CHARACTERS, DIE_TITLES, MORALE_MAX, MORALE_MIN, PLAYABLE,
                   SCENARIOS, TWO_PLAYER_CHARACTERS, WEAPON_COST_WOOD, WEATHER_DICE,
                   WEATHER_DIE_NAMES, roof_palisade_cost)
from .state import PHASE_TITLES, PHASES, Character, State
from .tracks import ACTION_TITLES, ACTIONS, morale_tokens, resolve_action_dice
from .weather import faces_clouds, plural, resolve_weather

OPTIONS = ("scenario", "characters", "first_player", "friday", "friday_counts_as_player",
           "wounds_to_death", "build_wound_faces", "scenario6_weather")


# --- small readers of arguments: every bad value is a RuleError ---------------------------

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(args: Mapping[str, Any], key: str, default: int | None = None, *,
         lo: int | None = None, hi: int | None = None) -> int:
    value = args.get(key, default)
    if not _is_int(value):
        raise RuleError(f"'{key}' must be a whole number, not {value!r}.")
    if lo is not None and value < lo:
        raise RuleError(f"'{key}' must be at least {lo}, not {value}.")
    if hi is not None and value > hi:
        raise RuleError(f"'{key}' must be at most {hi}, not {value}.")
    return value


def _bool(args: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(f"'{key}' must be true or false, not {value!r}.")
    return value


def _choice(args: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = args.get(key)
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"'{key}' must be one of {', '.join(choices)}, not {value!r}.")
    return value


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


# --- who may act ---------------------------------------------------------------------------

def _lead(state: State, actor: str, doing: str) -> None:
    """Group decisions belong to the First Player (or the table screen)."""
    if actor not in (TABLE, state.first_player):
        raise RuleError(f"Only the First Player ({state.first_player}) or the table screen "
                        f"{doing}.")


def _own(state: State, actor: str, ch: Character) -> None:
    """A character's own track: its player, the table screen, or anyone for Friday."""
    if actor == TABLE or ch.player is None or ch.player == actor:
        return
    raise RuleError(f"Only {ch.player} (who plays {ch.title}) or the table screen can do that "
                    f"for {ch.title}.")


def _character(state: State, args: Mapping[str, Any]) -> Character:
    name = args.get("character")
    ch = state.character(name) if isinstance(name, str) else None
    if ch is None:
        names = ", ".join(c.name for c in state.characters)
        raise RuleError(f"There is no character {name!r} in this game (here: {names}).")
    return ch


def _in_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        wanted = " or ".join(PHASE_TITLES[p] for p in phases)
        raise RuleError(f"That belongs to the {wanted}; this is the {PHASE_TITLES[state.phase]}.")


# --- the tracks: Wounds with their morale arrows, Morale, Determination ---------------------

def _set_character(state: State, ch: Character) -> State:
    return replace(state, characters=tuple(ch if c.name == ch.name else c
                                           for c in state.characters))


def _move_morale(state: State, by: int, why: str) -> tuple[State, str]:
    """"Morale never moves past either end." """
    new = max(MORALE_MIN, min(MORALE_MAX, state.morale + by))
    if new == state.morale:
        end = "top" if by > 0 else "bottom"
        return state, f"{why}: Morale stays at {_signed(new)} (the {end} of the track)."
    return replace(state, morale=new), f"{why}: Morale {_signed(state.morale)} to {_signed(new)}."


def _wound(state: State, name: str, count: int, steps: list[str]) -> State:
    """``count`` Wounds to one character, one space at a time; each arrow passed lowers Morale.

    "A Wound that passes a morale arrow lowers Morale by 1." The marker stops at the end of the
    track: the character is dead.
    """
    for _ in range(count):
        ch = state.character(name)
        if ch.dead:
            break
        ch = replace(ch, wounds=ch.wounds + 1)
        state = _set_character(state, ch)
        if ch.wounds in ch.arrows:
            state, text = _move_morale(state, -1, f"{ch.title}'s Wound passes a morale arrow")
            steps.append(text[0].upper() + text[1:])
    return state


def _wound_each(state: State, chars: tuple[Character, ...], count: int, why: str,
                steps: list[str]) -> State:
    if count <= 0 or not chars:
        return state
    before = {ch.name: ch.wounds for ch in chars}
    arrow_steps: list[str] = []
    for ch in chars:
        state = _wound(state, ch.name, count, arrow_steps)
    moved = ", ".join(f"{ch.name} {before[ch.name]} to {state.character(ch.name).wounds}"
                      for ch in chars)
    each = " each" if len(chars) > 1 else ""
    steps.append(f"{why}: {plural(count, 'Wound')}{each} ({moved}).")
    steps.extend(arrow_steps)
    return state


def _check_death(state: State, steps: list[str]) -> State:
    """"Players lose immediately if any one of the Character's (or Friday's) life track reaches
    its end." """
    dead = [ch for ch in state.characters if ch.dead]
    if not dead or state.result is not None:
        return state
    who = " and ".join(ch.title for ch in dead)
    reason = f"{who[0].upper() + who[1:]} died: the whole group loses."
    steps.append(reason)
    return replace(state, result="defeat", end_reason=reason, phase="over",
                   pending_weather=None)


def _determination(state: State, ch: Character, by: int) -> State:
    return _set_character(state, replace(ch, determination=ch.determination + by))


# --- setup ----------------------------------------------------------------------------------

def _setup(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    if not isinstance(players, (tuple, list)):
        raise RuleError("The players must be a list of names.")
    players = tuple(players)
    if not 1 <= len(players) <= 4:
        raise RuleError(f"Robinson Crusoe is played by 1 to 4 players, not {len(players)}.")
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise RuleError(f"A player needs a name, not {p!r}.")
        if p == TABLE:
            raise RuleError(f"'{TABLE}' is the table screen's name; choose another player name.")
    if len(set(players)) != len(players):
        raise RuleError("Two players have the same name; give each player their own name.")
    if not isinstance(options, Mapping):
        raise RuleError("The setup options must be a set of named values.")
    unknown = sorted(set(options) - set(OPTIONS), key=str)
    if unknown:
        raise RuleError(f"Robinson Crusoe has no setup option {unknown[0]!r}.")

    number = options.get("scenario", 1)
    if not _is_int(number) or number not in SCENARIOS:
        raise RuleError(f"Choose a scenario from 1 to 6, not {number!r}.")
    card = SCENARIOS[number]

    weather = card.weather
    edited = options.get("scenario6_weather")
    if edited is not None:
        if number != 6:
            raise RuleError("Only scenario 6 (Family Robinson) has an editable weather schedule.")
        weather = _read_schedule(edited, card.rounds)

    # Characters: "Each player draws a random Character card. In a 2-player game, draw from
    # only the Carpenter, Cook, and Explorer." The draw happens at the table; we record it.
    allowed = TWO_PLAYER_CHARACTERS if len(players) == 2 else PLAYABLE
    chosen = options.get("characters")
    if chosen is None:
        chosen = dict(zip(players, allowed))
    if not isinstance(chosen, Mapping) or set(chosen) != set(players):
        raise RuleError("Give every player exactly one character.")
    for p in players:
        if chosen[p] not in allowed:
            raise RuleError(f"{p} cannot play {chosen[p]!r}: "
                            f"{'in a 2-player game ' if len(players) == 2 else ''}"
                            f"the characters are {', '.join(allowed)}.")
    if len(set(chosen.values())) != len(players):
        raise RuleError("Two players cannot play the same character.")

    friday = options.get("friday", len(players) == 2)
    if not isinstance(friday, bool):
        raise RuleError(f"'friday' must be true or false, not {friday!r}.")
    if friday and len(players) > 2:
        raise RuleError("Friday joins only a 2-player game (or, by choice, a solo game).")
    friday_counts = options.get("friday_counts_as_player", False)
    if not isinstance(friday_counts, bool):
        raise RuleError(f"'friday_counts_as_player' must be true or false, not {friday_counts!r}.")

    deaths = options.get("wounds_to_death", {})
    if not isinstance(deaths, Mapping):
        raise RuleError("'wounds_to_death' must name a character and its Wounds to death.")
    names = [chosen[p] for p in players] + (["Friday"] if friday else [])
    for name, value in deaths.items():
        card_ = CHARACTERS.get(name) if isinstance(name, str) else None
        if card_ is None:
            raise RuleError(f"There is no character {name!r}.")
        lo, hi = card_.death_range
        if not _is_int(value) or not lo <= value <= hi:
            raise RuleError(f"{card_.name} dies after {lo} to {hi} Wounds (the sources "
                            f"disagree), not {value!r}.")

    build_faces = options.get("build_wound_faces", 2)
    if not _is_int(build_faces) or build_faces not in BUILD_WOUND_FACES:
        raise RuleError("The Build Wound die has 2 or 4 Wound faces (the sources disagree), "
                        f"not {build_faces!r}.")

    first = options.get("first_player", players[0])
    if first not in players:
        raise RuleError(f"The First Player must be one of the players, not {first!r}.")

    characters = []
    for name in names:
        card_ = CHARACTERS[name]
        death = deaths.get(name, card_.default_death)
        owner = next((p for p in players if chosen[p] == name), None)
        characters.append(Character(name, owner, 0, death, card_.arrow_wounds(death)))

    return State(
        players=players, characters=tuple(characters), scenario=number, rounds=card.rounds,
        weather=weather, first_player=first, friday_counts_as_player=friday_counts,
        build_wound_faces=build_faces, weather_edited=edited is not None,
        death_defaults=not any(n in deaths for n in names))


def _read_schedule(value: Any, rounds: int) -> tuple[frozenset[str], ...]:
    """Scenario 6's schedule as the table reads it off the sheet: one list of dice per round."""
    if not isinstance(value, (list, tuple)) or len(value) != rounds:
        raise RuleError(f"The weather schedule needs one list of dice for each of the {rounds} "
                        "rounds.")
    out = []
    for r, dice in enumerate(value, start=1):
        if not isinstance(dice, (list, tuple)) or not all(
                isinstance(d, str) and d in WEATHER_DIE_NAMES for d in dice):
            raise RuleError(f"Round {r}: the Weather dice are rain, winter and animals, "
                            f"not {dice!r}.")
        out.append(frozenset(dice))
    return tuple(out)


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
    return replace(state, phase=following, last_steps=(f"{PHASE_TITLES[following]} begins.",))


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
                raise RuleError(f"{ch.title[0].upper() + ch.title[1:]} has no Wound to heal; "
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
    wanted = state.weather[state.round - 1]
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
        weapon=state.weapon, wood=state.wood, food=state.food_total)
    return tuple(intro), result


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
    """Apply the Weather phase: discard, lower the Palisade, give the Wounds, discard the
    weather tokens ("Discard all tokens from the Weather space at the end of this phase")."""
    _in_phase(state, "weather")
    _lead(state, actor, "confirms the weather")
    if state.pending_weather is None:
        if state.weather[state.round - 1]:
            raise RuleError("Enter the faces of this round's Weather dice first: "
                            f"{_dice_words(state.weather[state.round - 1])}.")
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
    state = _wound_each(state, state.group, result.wounds, "Weather", steps)
    state = replace(state, rain_tokens=0, snow_tokens=0, storm_tokens=0, pending_weather=None)
    steps.append("The weather tokens are discarded.")
    state = _check_death(state, steps)
    if state.result is None:
        state = replace(state, phase="night")
        steps.append("Night phase begins.")
    return replace(state, last_steps=tuple(steps))


def night_needs(state: State) -> tuple[int, int]:
    """(food needed, characters who cannot eat): "Discard 1 food per player"."""
    need = len(state.group)
    return need, max(0, need - state.food_total)


def _night(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """The Night phase in order: eat, move the camp (optional), sleep, food rots, clean up."""
    _in_phase(state, "night")
    _lead(state, actor, "resolves the Night")
    move_camp = _bool(args, "move_camp", False)
    not_eating = args.get("not_eating", [])
    if not isinstance(not_eating, (list, tuple)) or not all(isinstance(n, str)
                                                            for n in not_eating):
        raise RuleError("'not_eating' must list the characters who do not eat.")
    eaters = state.group
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
    steps: list[str] = []

    # 1. Eat: perishable food first, it rots tonight anyway.
    eat = need - short
    from_perishable = min(state.food, eat)
    state = replace(state, food=state.food - from_perishable,
                    nonperishable_food=state.nonperishable_food - (eat - from_perishable))
    if eat:
        steps.append(f"Eat: {plural(eat, 'character')} eat{'s' if eat == 1 else ''} "
                     f"{plural(eat, 'food', 'food')}.")
    hungry = tuple(state.character(n) for n in not_eating)
    for ch in hungry:
        state = _wound_each(state, (ch,), 2,
                            f"{ch.title[0].upper() + ch.title[1:]} does not eat", steps)

    # 2. Move the camp: "Decrease both Roof and Palisade levels by half (rounded down)" — they
    #    lose half their level rounded down (Roof 3 → 2, Roof 4 → 2, Palisade 1 → 1).
    if move_camp:
        if state.shelter:
            roof, pal = state.roof - state.roof // 2, state.palisade - state.palisade // 2
            steps.append(f"The camp moves with its Shelter: Roof {state.roof} to {roof}, "
                         f"Palisade {state.palisade} to {pal}.")
        else:
            roof = pal = 0
            steps.append("The camp moves; without a Shelter nothing comes along"
                         + (f" (Roof {state.roof} to 0, Palisade {state.palisade} to 0)."
                            if state.roof or state.palisade else "."))
        state = replace(state, roof=roof, palisade=pal)

    # 3. Sleeping in the open: "If you haven't built Shelter … each player gets 1 Wound."
    if state.shelter:
        steps.append("Sleep: the Shelter protects everyone.")
    else:
        state = _wound_each(state, state.group, 1, "Sleeping in the open", steps)

    # 4. Food rots: perishable food is discarded; non-perishable food and the rest stay.
    if state.food:
        steps.append(f"Food rots: {plural(state.food, 'food', 'food')} discarded"
                     + (f"; {state.nonperishable_food} non-perishable food stays."
                        if state.nonperishable_food else "."))
        state = replace(state, food=0)

    # 5. Clean up: the Round marker moves on; the First Player token passes clockwise.
    state = _check_death(state, steps)
    if state.result is None:
        if state.round == state.rounds:
            reason = (f"Round {state.rounds}, the last round, has ended without the scenario's "
                      "goal: the group loses.")
            steps.append(reason)
            state = replace(state, result="defeat", end_reason=reason, phase="over")
        else:
            seat = state.players.index(state.first_player)
            first = state.players[(seat + 1) % len(state.players)]
            state = replace(state, round=state.round + 1, phase="event", first_player=first)
            steps.append(f"Round {state.round} begins; {first} is the First Player.")
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
    steps = [f"{ch.title[0].upper() + ch.title[1:]} rolls the {ACTION_TITLES[action]} dice."]
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
        raise RuleError(f"{ch.title[0].upper() + ch.title[1:]} has no Wound to heal.")
    state = _set_character(state, replace(ch, wounds=ch.wounds - 1))
    return replace(state, last_steps=(
        f"{ch.title[0].upper() + ch.title[1:]} rests and heals 1 Wound "
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
        steps.append(f"{ch.title[0].upper() + ch.title[1:]} arranges the camp: "
                     "2 Determination tokens.")
    if choice in ("morale", "both"):
        state, text = _move_morale(state, +1, "Arranging the Camp")
        steps.append(text)
    return replace(state, last_steps=tuple(steps))


def _build(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Build a Roof or Palisade level ("Requires Shelter"; 1–2 players 2 wood or 1 fur, 3
    players 3 wood or 2 fur, 4 players 4 wood or 3 fur) or a Weapon level (1 wood)."""
    _in_phase(state, "action")
    item = _choice(args, "item", ("roof", "palisade", "weapon"))
    pay = _choice(args, "pay", ("wood", "fur"))
    if item == "weapon":
        if pay != "wood":
            raise RuleError("A Weapon level costs 1 wood.")
        cost = WEAPON_COST_WOOD
    else:
        if not state.shelter:
            raise RuleError(f"The {item.title()} needs a Shelter: build the Shelter first.")
        wood, fur = roof_palisade_cost(len(state.players))
        cost = wood if pay == "wood" else fur
    have = getattr(state, pay)
    if have < cost:
        raise RuleError(f"The {item.title()} costs {cost} {pay}; there is only {have}.")
    level = getattr(state, item)
    state = replace(state, **{pay: have - cost, item: level + 1})
    return replace(state, last_steps=(
        f"Build: {item.title()} {level} to {level + 1}, paying {cost} {pay}.",))


def _shelter(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Build the Shelter (paying the cost printed on the board) or mark it lost."""
    built = _bool(args, "built", True)
    wood = _int(args, "wood", 0, lo=0)
    fur = _int(args, "fur", 0, lo=0)
    if built == state.shelter:
        raise RuleError("The camp already has a Shelter." if built else
                        "The camp has no Shelter.")
    if not built and (wood or fur):
        raise RuleError("Losing the Shelter costs nothing.")
    if wood > state.wood or fur > state.fur:
        raise RuleError(f"The Shelter costs {wood} wood and {fur} fur; there are "
                        f"{state.wood} wood and {state.fur} fur.")
    state = replace(state, shelter=built, wood=state.wood - wood, fur=state.fur - fur)
    if built:
        return replace(state, last_steps=(
            f"The Shelter is built (paid {wood} wood and {fur} fur); Roof and Palisade "
            "start at level 0.",))
    return replace(state, last_steps=("The camp has lost its Shelter.",))


def _adjust(state: State, args: Mapping[str, Any], fields: dict[str, str],
            check: Callable[[str, int], None] | None = None) -> tuple[State, list[str]]:
    if not args:
        raise RuleError(f"Say what changes: {', '.join(fields)}.")
    changes = {key: _int(args, key) for key in args}
    new = {}
    for key, by in changes.items():
        old = getattr(state, key)
        if old + by < 0:
            raise RuleError(f"There {'is' if old == 1 else 'are'} only {old} "
                            f"{fields[key]}; you cannot take away {-by}.")
        if check and by > 0:
            check(key, by)
        new[key] = old + by
    steps = [f"{fields[k].capitalize()} {getattr(state, k)} to {v}."
             for k, v in new.items() if v != getattr(state, k)]
    return replace(state, **new), steps


_RESOURCES = {"wood": "wood", "food": "food", "nonperishable_food": "non-perishable food",
              "fur": "fur"}
_LEVELS = {"roof": "Roof level", "palisade": "Palisade level", "weapon": "Weapon level"}
_TOKENS = {"rain": "rain cloud tokens", "snow": "snow cloud tokens", "storm": "storm tokens"}


def _resources(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Gain or discard wood, food (perishable or not) and fur: e.g. Production, Gathering."""
    state, steps = _adjust(state, args, _RESOURCES)
    return replace(state, last_steps=tuple(steps) or ("No change.",))


def _levels(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Raise or lower the Roof, Palisade or Weapon level (Roof and Palisade need a Shelter)."""
    def check(key: str, by: int) -> None:
        if key in ("roof", "palisade") and not state.shelter:
            raise RuleError(f"The {key.title()} needs a Shelter.")
    state, steps = _adjust(state, args, _LEVELS, check)
    return replace(state, last_steps=tuple(steps) or ("No change.",))


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
        raise RuleError(f"{ch.title[0].upper() + ch.title[1:]} has only "
                        f"{plural(ch.wounds, 'Wound')} to heal.")
    state = _set_character(state, replace(ch, wounds=ch.wounds - count))
    return replace(state, last_steps=(
        f"{ch.title[0].upper() + ch.title[1:]} heals {plural(count, 'Wound')} "
        f"({ch.wounds} to {ch.wounds - count}).",))


def _determination_move(state: State, actor: str, args: Mapping[str, Any]) -> State:
    """Gain or spend Determination tokens."""
    ch = _character(state, args)
    _own(state, actor, ch)
    by = _int(args, "by")
    if ch.determination + by < 0:
        raise RuleError(f"{ch.title[0].upper() + ch.title[1:]} has only "
                        f"{plural(ch.determination, 'Determination token')}.")
    state = _determination(state, ch, by)
    return replace(state, last_steps=(
        f"{ch.title[0].upper() + ch.title[1:]}: Determination {ch.determination} to "
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
    "night": (_night, frozenset({"not_eating", "move_camp"})),
    "action_dice": (_action_dice,
                    frozenset({"character", "action", "wound", "success", "adventure"})),
    "rest": (_rest, frozenset({"character"})),
    "arrange_camp": (_arrange_camp, frozenset({"character", "choice"})),
    "build": (_build, frozenset({"item", "pay"})),
    "shelter": (_shelter, frozenset({"built", "wood", "fur"})),
    "resources": (_resources, frozenset(_RESOURCES)),
    "levels": (_levels, frozenset(_LEVELS)),
    "weather_tokens": (_weather_tokens, frozenset(_TOKENS)),
    "wound": (_wound_move, frozenset({"character", "count"})),
    "heal": (_heal, frozenset({"character", "count"})),
    "determination": (_determination_move, frozenset({"character", "by"})),
    "morale": (_morale_move, frozenset({"by"})),
    "goal_met": (_goal_met, frozenset()),
}
