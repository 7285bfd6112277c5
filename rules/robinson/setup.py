"""Setup: the players, their characters, the scenario and the setup options.

Options the rule texts leave open are settings with a default; the screens say which.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, RuleError

from .data import (BUILD_WOUND_FACES, CHARACTERS, PLAYABLE, SCENARIOS, TWO_PLAYER_CHARACTERS,
                   WEATHER_DIE_NAMES)
from .helpers import _is_int
from .state import Character, State

FRIDAY_SETTINGS = {
    "friday_eats": "eats 1 food at night",
    "friday_sleeps_out": "takes the Wound for sleeping in the open",
    "friday_weather": "takes the Weather phase's Wounds",
}
"""Friday and "each player": three settings, each off by default (he is no player)."""

OPTIONS = ("scenario", "characters", "first_player", "friday", "friday_counts_as_player",
           *FRIDAY_SETTINGS, "wounds_to_death", "build_wound_faces", "scenario6_weather")


def _check_players(players: Any) -> tuple[str, ...]:
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
    return players


def _read_characters(players: tuple[str, ...], chosen: Any) -> Mapping[str, str]:
    """"Each player draws a random Character card. In a 2-player game, draw from only the
    Carpenter, Cook, and Explorer." The draw happens at the table; the app records it."""
    allowed = TWO_PLAYER_CHARACTERS if len(players) == 2 else PLAYABLE
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
    return chosen


def _flag(options: Mapping[str, Any], key: str, default: bool) -> bool:
    value = options.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(f"'{key}' must be true or false, not {value!r}.")
    return value


def _read_friday(players: tuple[str, ...], options: Mapping[str, Any]) -> tuple[bool, dict]:
    """(Friday joins, his three settings). "In a 2-player game, you gain an additional
    character: Friday." ``friday_counts_as_player`` sets the default of all three settings."""
    friday = _flag(options, "friday", len(players) == 2)
    if friday and len(players) > 2:
        raise RuleError("Friday joins only a 2-player game (or, by choice, a solo game).")
    every = _flag(options, "friday_counts_as_player", False)
    return friday, {key: _flag(options, key, every) for key in FRIDAY_SETTINGS}


def _read_deaths(options: Mapping[str, Any]) -> Mapping[str, int]:
    deaths = options.get("wounds_to_death", {})
    if not isinstance(deaths, Mapping):
        raise RuleError("'wounds_to_death' must name a character and its Wounds to death.")
    for name, value in deaths.items():
        card = CHARACTERS.get(name) if isinstance(name, str) else None
        if card is None:
            raise RuleError(f"There is no character {name!r}.")
        lo, hi = card.death_range
        if not _is_int(value) or not lo <= value <= hi:
            raise RuleError(f"{card.name} dies after {lo} to {hi} Wounds (the sources "
                            f"disagree), not {value!r}.")
    return deaths


def _setup(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    players = _check_players(players)
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

    chosen = _read_characters(players, options.get("characters"))
    friday, friday_settings = _read_friday(players, options)
    deaths = _read_deaths(options)
    build_faces = options.get("build_wound_faces", 2)
    if not _is_int(build_faces) or build_faces not in BUILD_WOUND_FACES:
        raise RuleError("The Build Wound die has 2 or 4 Wound faces (the sources disagree), "
                        f"not {build_faces!r}.")
    first = options.get("first_player", players[0])
    if first not in players:
        raise RuleError(f"The First Player must be one of the players, not {first!r}.")

    names = [chosen[p] for p in players] + (["Friday"] if friday else [])
    characters = []
    for name in names:
        death = deaths.get(name, CHARACTERS[name].default_death)
        owner = next((p for p in players if chosen[p] == name), None)
        characters.append(Character(name, owner, 0, death,
                                    CHARACTERS[name].arrow_wounds(death)))
    return State(
        players=players, characters=tuple(characters), scenario=number, rounds=card.rounds,
        weather=weather, first_player=first, build_wound_faces=build_faces,
        weather_edited=edited is not None, death_defaults=not any(n in deaths for n in names),
        **friday_settings)


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
