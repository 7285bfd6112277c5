"""The printed components as data: scenarios, characters' life tracks, the dice faces.

Values come from the rule summary and the facts sheet beside it
(``shared/rules-texts/robinson-crusoe*.``). Where the sources disagree the value here is a
*default* that the table may change in the setup options, and ``UNCONFIRMED`` says so.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType

WEATHER_DIE_NAMES = ("rain", "winter", "animals")
"""The three Weather dice: Rain (orange), Winter (white), Hungry Animals (red)."""

DIE_TITLES = MappingProxyType({
    "rain": "Rain die",
    "winter": "Winter die",
    "animals": "Hungry Animals die",
})

ANIMAL_EFFECTS = ("none", "food", "palisade", "beast")
"""What the Hungry Animals die asks: nothing, discard 1 food, Palisade −1, a strength-3 beast."""

BEAST_STRENGTH = 3
"""The Hungry Animals die's beast: "fight a strength-3 beast"."""


@dataclass(frozen=True)
class WeatherFace:
    """One face of a Weather die: the clouds it shows and the Hungry Animals effect."""

    label: str
    rain_clouds: int = 0
    snow_clouds: int = 0
    animals: str = "none"


_RAIN1 = WeatherFace("1 rain cloud", rain_clouds=1)
_RAIN2 = WeatherFace("2 rain clouds", rain_clouds=2)
_SNOW1 = WeatherFace("1 snow cloud", snow_clouds=1)
_SNOW2 = WeatherFace("2 snow clouds", snow_clouds=2)

RAIN_DIE = (_RAIN1, _RAIN1, _RAIN1, _RAIN2, _RAIN2, _SNOW1)
"""Rain die: 1 rain cloud ×3, 2 rain clouds ×2, 1 snow cloud ×1."""

WINTER_DIE = (_SNOW1, _SNOW1, _SNOW2, _SNOW2, _RAIN2, _RAIN2)
"""Winter die: 1 snow cloud ×2, 2 snow clouds ×2, 2 rain clouds ×2."""

ANIMALS_DIE = (
    WeatherFace("blank"),
    WeatherFace("blank"),
    WeatherFace("Palisade −1", animals="palisade"),
    WeatherFace("Palisade −1", animals="palisade"),
    WeatherFace("discard 1 food", animals="food"),
    WeatherFace("fight a beast of strength 3", animals="beast"),
)
"""Hungry Animals die: blank ×2, Palisade −1 ×2, discard 1 food ×1, a strength-3 beast ×1."""

WEATHER_DICE = MappingProxyType({"rain": RAIN_DIE, "winter": WINTER_DIE, "animals": ANIMALS_DIE})
"""Each Weather die as its six faces; a die is rolled by picking a face index 0…5."""


@dataclass(frozen=True)
class Scenario:
    """A Scenario card: its number, name, number of rounds and the Weather dice of each round."""

    number: int
    name: str
    rounds: int
    weather: tuple[frozenset[str], ...]  # weather[r - 1]: the dice rolled in round r

    @property
    def event_deck(self) -> tuple[int, int]:
        """(Book cards, Adventure-icon cards): "Divide the number of rounds … by 2 (rounded up)"."""
        half = math.ceil(self.rounds / 2)
        return half, half


def _schedule(rounds: int, *spans: tuple[int, int, frozenset[str]]) -> tuple[frozenset[str], ...]:
    dice = [frozenset()] * rounds
    for first, last, names in spans:
        for r in range(first, last + 1):
            dice[r - 1] = names
    return tuple(dice)


ALL_THREE = frozenset(WEATHER_DIE_NAMES)

SCENARIOS = MappingProxyType({
    1: Scenario(1, "Castaways", 12, _schedule(
        12, (4, 6, frozenset({"rain"})), (7, 12, ALL_THREE))),
    2: Scenario(2, "Cursed Island", 10, _schedule(10, (6, 10, frozenset({"winter"})))),
    3: Scenario(3, "Jenny needs help!", 8, _schedule(8, (5, 8, frozenset({"animals"})))),
    4: Scenario(4, "Volcano Island", 8, _schedule(8, (4, 8, frozenset({"rain"})))),
    5: Scenario(5, "Cannibal Island", 9, _schedule(9)),
    # Family Robinson: "as printed on the scenario sheet (unconfirmed)". Until the table edits it
    # the default borrows the Castaways pattern, which has the same 12 rounds.
    6: Scenario(6, "Family Robinson", 12, _schedule(
        12, (4, 6, frozenset({"rain"})), (7, 12, ALL_THREE))),
})


@dataclass(frozen=True)
class CharacterCard:
    """A character's life track: morale arrows (at remaining life) and Wounds to death.

    "A Wound that passes a morale arrow lowers Morale by 1." Arrows are given at *remaining*
    life, so their place on the track follows the (unconfirmed) number of Wounds to death.
    """

    name: str
    arrows: tuple[int, ...]  # remaining life at each morale arrow
    death_range: tuple[int, int]  # what the sources say, lowest and highest
    default_death: int

    def arrow_wounds(self, death_at: int) -> frozenset[int]:
        """The Wound counts that sit on a morale arrow for a track ending at ``death_at``."""
        return frozenset(death_at - r for r in self.arrows)


CHARACTERS = MappingProxyType({
    "Carpenter": CharacterCard("Carpenter", (8, 5, 3), (12, 13), 13),
    "Cook": CharacterCard("Cook", (9, 6, 4, 2), (12, 13), 13),
    "Explorer": CharacterCard("Explorer", (6, 1), (11, 12), 12),
    "Soldier": CharacterCard("Soldier", (7, 3), (11, 13), 12),
    "Friday": CharacterCard("Friday", (), (3, 4), 4),
})
PLAYABLE = ("Carpenter", "Cook", "Explorer", "Soldier")
TWO_PLAYER_CHARACTERS = ("Carpenter", "Cook", "Explorer")
"""In a 2-player game, "draw from only the Carpenter, Cook, and Explorer"."""

MORALE_MIN, MORALE_MAX = -3, 3

BUILD_WOUND_FACES = (2, 4)
"""The Build action's Wound die: the sources say 2 or 4 faces of 6 (unconfirmed)."""


def roof_palisade_cost(players: int) -> tuple[int, int]:
    """(wood, or fur) for one level of Roof or Palisade.

    "1–2 players 2 wood or 1 fur; 3 players 3 wood or 2 fur; 4 players 4 wood or 3 fur."
    """
    return {1: (2, 1), 2: (2, 1), 3: (3, 2), 4: (4, 3)}[players]


WEAPON_COST_WOOD = 1
"""Weapons: "Increases Weapon level. Costs 1 wood." """
