"""Preparation (Setup): the players, their characters, the scenario and the setup options.

Options the rule texts leave open are settings with a default; the screens say which. Each
option is declared once, with its schema (``OPTIONS``); ``new_game`` reads the options the
base has checked and filled in, and keeps the checks that span several options.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import RuleError
from rules.base import Option
from rules.words import Items, Speaker

from .args import is_int
from .data import (BUILD_WOUND_FACES, CHARACTERS, PLAYABLE, SCENARIOS, TWO_PLAYER_CHARACTERS,
                   WEATHER_DIE_NAMES)
from .state import Character, State
from .text import CHARACTER_WORDS, FRIDAY_SETTINGS, SCENARIO_WORDS, scenario_message

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")

# folds of the setup form: settings a table seldom changes (``Option.fold``: "Show ...")
FRIDAY_FOLD = _("Friday's settings")
UNCONFIRMED = _("the unconfirmed values")
FRIDAY_LABELS = {"friday_eats": _("Friday eats 1 food at night"),
                 "friday_sleeps_out": _("Friday takes the Wound for sleeping in the open"),
                 "friday_weather": _("Friday takes the Weather phase's Wounds")}
"""Each of Friday's three settings as the form names it ("Friday " + ``FRIDAY_SETTINGS``)."""
DEATH_LABELS = {name: _("{character}: Wounds to death ({low}–{high})",
                        character=CHARACTER_WORDS.get(name, name), low=card.death_range[0],
                        high=card.death_range[1]) for name, card in CHARACTERS.items()}

OPTIONS = (
    Option("scenario", "int", 1, _("The Scenario card played: 1 to 6."), (1, 6),
           _("Scenario"),
           words=tuple((n, _("Scenario {number}: {name}", number=n,
                             name=SCENARIO_WORDS.get(n, c.name)))
                       for n, c in SCENARIOS.items()),
           buttons=True, notes=tuple((n, scenario_message(c)) for n, c in SCENARIOS.items())),
    Option("characters", "mapping", None,
           _("Each player's Character card, drawn at the table (empty: Carpenter, Cook, "
             "Explorer, Soldier in seat order; 2 players draw from the Carpenter, Cook and "
             "Explorer)."),
           label=_("Characters")),
    Option("first_player", "player", None, _("The First Player: the youngest player."),
           label=_("First Player"), words=((None, _("The first seated")),)),
    Option("friday", "bool", None,
           _("Friday joins a 2-player game (the rules; without him is a house rule); in a solo "
             "game, by choice."), label=_("Friday"),
           words=((None, _("As the rules say: in a 2-player game")), (True, _("Friday joins")),
                  (False, _("Without Friday")))),
    Option("friday_counts_as_player", "bool", False,
           _("Friday counts as a player for eating, sleeping in the open and the Weather "
             "(sets the default of his three settings)."),
           label=_("Friday counts as a player"), fold=FRIDAY_FOLD),
    *(Option(key, "bool", None, _("Yes, no, or as \"Friday counts as a player\" says."),
             label=FRIDAY_LABELS[key],
             words=((None, _("As \"Friday counts as a player\" says")), (True, _("Yes")),
                    (False, _("No"))), fold=FRIDAY_FOLD)
      for key in FRIDAY_SETTINGS),
    Option("wounds_to_death", "mapping", None,
           _("The sources disagree: the defaults are filled in; change them to match your "
             "cards. Wounds to death of each character:"), label=_("Wounds to death"),
           fold=UNCONFIRMED,
           parts=tuple(Option(name, "int", card.default_death, "", card.death_range,
                              DEATH_LABELS[name]) for name, card in CHARACTERS.items())),
    Option("build_wound_faces", "choice", BUILD_WOUND_FACES[0],
           _("Wound faces on the Build action's Wound die, unconfirmed: the sources say 2 or "
             "4."),
           BUILD_WOUND_FACES, _("Build Wound die"), fold=UNCONFIRMED,
           words=tuple((n, _("{n} Wound faces (default)", n=n) if n == BUILD_WOUND_FACES[0]
                        else _("{n} Wound faces", n=n)) for n in BUILD_WOUND_FACES)),
    Option("scenario6_weather", "list", None,
           _("Scenario 6's weather schedule as printed on its sheet: one list of dice per "
             "round."),
           label=_("Scenario 6 weather")),
)
"""The setup options: kinds ``"mapping"`` and ``"list"`` are checked here, in ``new_game``."""


def read_characters(players: tuple[str, ...], chosen: Any) -> Mapping[str, str]:
    """"Each player draws a random Character card. In a 2-player game, draw from only the
    Carpenter, Cook, and Explorer." The draw happens at the table; the app records it."""
    allowed = TWO_PLAYER_CHARACTERS if len(players) == 2 else PLAYABLE
    if chosen is None or (isinstance(chosen, Mapping) and not chosen):
        chosen = dict(zip(players, allowed))  # "empty: ... in seat order", as the option says
    if not isinstance(chosen, Mapping) or set(chosen) != set(players):
        raise RuleError(_("Give every player exactly one character."))
    for p in players:
        if not isinstance(chosen[p], str) or chosen[p] not in allowed:
            names = Items(CHARACTER_WORDS[c] for c in allowed)
            if not isinstance(chosen[p], str):
                raise RuleError(_("{player} cannot play that: in a 2-player game the characters "
                                  "are {names}.", player=p, names=names) if len(players) == 2
                                else _("{player} cannot play that: the characters are {names}.",
                                       player=p, names=names))
            raise RuleError(_("{player} cannot play {what}: in a 2-player game the characters "
                              "are {names}.", player=p, what=chosen[p], names=names)
                            if len(players) == 2 else
                            _("{player} cannot play {what}: the characters are {names}.",
                              player=p, what=chosen[p], names=names))
    if len(set(chosen.values())) != len(players):
        raise RuleError(_("Two players cannot play the same character."))
    return chosen


def read_friday(players: tuple[str, ...], options: Mapping[str, Any]) -> tuple[bool, dict]:
    """(Friday joins, his three settings). "In a 2-player game, you gain an additional
    character: Friday." ``friday_counts_as_player`` sets the default of all three settings."""
    friday = options["friday"]
    if friday is None:
        friday = len(players) == 2
    if friday and len(players) > 2:
        raise RuleError(_("Friday joins only a 2-player game (or, by choice, a solo game)."))
    every = options["friday_counts_as_player"]
    return friday, {key: every if options[key] is None else options[key]
                    for key in FRIDAY_SETTINGS}


def read_deaths(deaths: Any) -> Mapping[str, int]:
    if deaths is None:
        return {}
    if not isinstance(deaths, Mapping):
        raise RuleError(_("'wounds_to_death' must name a character and its Wounds to death."))
    for name, value in deaths.items():
        card = CHARACTERS.get(name) if isinstance(name, str) else None
        if card is None:
            raise RuleError(_("There is no character {name}.", name=repr(name)))
        lo, hi = card.death_range
        if not is_int(value) or not lo <= value <= hi:
            raise RuleError(_("{character} dies after {lo} to {hi} Wounds (the sources "
                              "disagree), not {value}.", character=CHARACTER_WORDS[card.name],
                              lo=lo, hi=hi, value=repr(value)))
    return deaths


def read_schedule(value: Any, number: int) -> tuple[frozenset[str], ...] | None:
    """Scenario 6's schedule as the table reads it off the sheet: one list of dice per round."""
    if value is None:
        return None
    if number != 6:
        raise RuleError(_("Only scenario 6 (Family Robinson) has an editable weather "
                          "schedule."))
    rounds = SCENARIOS[number].rounds
    if not isinstance(value, (list, tuple)) or len(value) != rounds:
        raise RuleError(_("The weather schedule needs one list of dice for each of the {rounds} "
                          "rounds.", rounds=rounds))
    out = []
    for r, dice in enumerate(value, start=1):
        if not isinstance(dice, (list, tuple)) or not all(
                isinstance(d, str) and d in WEATHER_DIE_NAMES for d in dice):
            raise RuleError(_("Round {round}: the Weather dice are rain, winter and animals, "
                              "not {dice}.", round=r, dice=repr(dice)))
        out.append(frozenset(dice))
    return tuple(out)


def new_game(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    """The island before round 1, from the players and the options (both checked by the
    base)."""
    card = SCENARIOS[options["scenario"]]
    edited = read_schedule(options["scenario6_weather"], card.number)
    chosen = read_characters(players, options["characters"])
    friday, friday_settings = read_friday(players, options)
    deaths = read_deaths(options["wounds_to_death"])
    build_faces = options["build_wound_faces"]
    if not is_int(build_faces):
        raise RuleError(_("The Build Wound die has 2 or 4 Wound faces (the sources disagree), "
                          "not {faces}.", faces=repr(build_faces)))
    first = options["first_player"] or players[0]
    if first not in players:
        raise RuleError(_("The First Player must be one of the players, not {first}.",
                          first=repr(first)))
    names = [chosen[p] for p in players] + (["Friday"] if friday else [])
    characters = []
    for name in names:
        death = deaths.get(name, CHARACTERS[name].default_death)
        owner = next((p for p in players if chosen[p] == name), None)
        characters.append(Character(name, owner, 0, death,
                                    CHARACTERS[name].arrow_wounds(death)))
    return State(
        players=players, characters=tuple(characters), scenario=card.number, rounds=card.rounds,
        weather=edited or card.weather, first_player=first, build_wound_faces=build_faces,
        weather_edited=edited is not None, death_defaults=not any(n in deaths for n in names),
        **friday_settings)
