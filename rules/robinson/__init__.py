"""Robinson Crusoe: Adventures on the Cursed Island — the co-operative round assistant.

Public rules API (a contract; the project's tests call it):

- ``weather_dice(scenario, round)`` — the Weather dice the scenario rolls that round.
- ``resolve_weather(*, rain_clouds, snow_clouds, animals, storm, roof, palisade, weapon, wood,
  food)`` — the Weather phase in the official order, with each step in words.
- ``morale_tokens(level)`` — Determination tokens gained (negative: discarded) at a level.
- ``WEATHER_DICE`` / ``action_dice(action)`` — the dice faces as data (roll = pick a face index).
- ``resolve_action_dice(action, wound=, success=, adventure=)`` — one pawn's action dice.
- ``fight_beast(*, strength, weapon, weapon_loss, food, fur, palisade_loss, palisade)`` — the
  Hunting fight with a Beast card, in the card's order.
- ``GAME`` — the round assistant, built on ``rules.base.BaseGame``.
"""
from rules import RuleError

from .data import (ANIMALS_DIE, CHARACTERS, RAIN_DIE, SCENARIOS, WEATHER_DICE, WINTER_DIE,
                   CharacterCard, Scenario, WeatherFace, roof_palisade_cost)
from .game import GAME, RobinsonCrusoe
from .hunting import BeastFight, fight_beast
from .state import Character, State
from .action_dice import (ACTIONS, ActionDice, ActionDiceResult, action_dice,
                          resolve_action_dice)
from .tracks import morale_tokens
from .weather import WeatherResult, resolve_weather, weather_dice

__all__ = [
    "GAME", "RobinsonCrusoe", "RuleError", "State", "Character",
    "weather_dice", "resolve_weather", "WeatherResult", "morale_tokens",
    "WEATHER_DICE", "RAIN_DIE", "WINTER_DIE", "ANIMALS_DIE", "WeatherFace",
    "ACTIONS", "action_dice", "ActionDice", "resolve_action_dice", "ActionDiceResult",
    "SCENARIOS", "Scenario", "CHARACTERS", "CharacterCard", "roof_palisade_cost",
    "fight_beast", "BeastFight",
]
