"""The island's state: small immutable values, one per game, folded from the action log."""
from __future__ import annotations

from dataclasses import dataclass

PHASES = ("event", "morale", "production", "action", "weather", "night")
"""The round's six phases, "executed in this order"."""

PHASE_TITLES = {
    "setup": "Setup",
    "event": "Event phase",
    "morale": "Morale phase",
    "production": "Production phase",
    "action": "Action phase",
    "weather": "Weather phase",
    "night": "Night phase",
    "over": "Game over",
}


@dataclass(frozen=True)
class Character:
    """A character card and its life track: Wounds taken, where death is, the morale arrows.

    ``player`` is None for Friday, who belongs to no player. ``arrows`` are the Wound counts
    that sit on a morale arrow. Determination tokens are kept with the character they belong to.
    """

    name: str
    player: str | None
    wounds: int
    death_at: int
    arrows: frozenset[int]
    determination: int = 0

    @property
    def dead(self) -> bool:
        """"Reaching the end kills the character and the whole group loses." """
        return self.wounds >= self.death_at

    @property
    def title(self) -> str:
        return self.name if self.name == "Friday" else f"the {self.name}"


@dataclass(frozen=True)
class State:
    """One game of Robinson Crusoe at one table."""

    players: tuple[str, ...]  # seating order, clockwise
    characters: tuple[Character, ...]  # the players' characters in seat order, then Friday
    scenario: int
    rounds: int
    weather: tuple[frozenset[str], ...]  # the Weather dice of each round (weather[r - 1])
    first_player: str
    round: int = 1
    phase: str = "setup"
    morale: int = 0
    wood: int = 0
    food: int = 0  # perishable: rots at Night
    nonperishable_food: int = 0  # "food that doesn't rot"
    fur: int = 0
    shelter: bool = False
    roof: int = 0
    palisade: int = 0
    weapon: int = 0
    natural_shelter: bool = False  # the Camp's Island tile shows a natural Shelter
    # Future Resources: gains of the Action phase, usable only once the phase ends.
    future_wood: int = 0
    future_food: int = 0
    future_nonperishable_food: int = 0
    future_fur: int = 0
    rain_tokens: int = 0  # weather tokens: extra rain clouds
    snow_tokens: int = 0  # weather tokens: extra snow clouds
    storm_tokens: int = 0
    placed_dice: frozenset[str] = frozenset()  # Weather dice game effects put on the Weather space
    pending_weather: tuple[tuple[str, int], ...] | None = None  # faces entered, not confirmed
    last_steps: tuple[str, ...] = ()  # what the last move did, in words
    result: str | None = None  # None while playing, then "victory" or "defeat"
    end_reason: str = ""
    # Setup options the texts leave open (see GAME.setup).
    friday_eats: bool = False
    friday_sleeps_out: bool = False  # Friday takes the sleeping-in-the-open Wound
    friday_weather: bool = False  # Friday takes the Weather phase's Wounds
    build_wound_faces: int = 2
    weather_edited: bool = False
    death_defaults: bool = True

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def food_total(self) -> int:
        return self.food + self.nonperishable_food

    @property
    def covered(self) -> bool:
        """A Shelter over the camp: the one built, or the natural Shelter of the camp's tile.

        "Roof: ... Requires Shelter." "Palisade: ... Requires Shelter." "Sleeping in the Open: If
        you haven't built Shelter (and your Camp isn't on an Island tile with Shelter)".
        """
        return self.shelter or self.natural_shelter

    @property
    def future(self) -> dict[str, int]:
        """The Future Resources space: {resource: amount} gained in this Action phase."""
        return {"wood": self.future_wood, "food": self.future_food,
                "nonperishable_food": self.future_nonperishable_food, "fur": self.future_fur}

    @property
    def dice_this_round(self) -> frozenset[str]:
        """The Scenario card's Weather dice for this round and those placed on the Weather
        space by game effects: a placed die is rolled even in a round that rolls none."""
        scheduled = self.weather[self.round - 1] if 1 <= self.round <= self.rounds else frozenset()
        return scheduled | self.placed_dice

    def character(self, name: str) -> Character | None:
        for ch in self.characters:
            if ch.name == name:
                return ch
        return None

    def character_of(self, player: str) -> Character:
        return next(ch for ch in self.characters if ch.player == player)

    @property
    def each_player(self) -> tuple[Character, ...]:
        """The players' characters: "each player gets 1 Wound". Friday is no player."""
        return tuple(ch for ch in self.characters if ch.player is not None)

    def _with_friday(self, included: bool) -> tuple[Character, ...]:
        return tuple(ch for ch in self.characters if ch.player is not None or included)

    @property
    def eaters(self) -> tuple[Character, ...]:
        """Night step 1, "Discard 1 food per player": Friday too if the setting says so."""
        return self._with_friday(self.friday_eats)

    @property
    def sleepers(self) -> tuple[Character, ...]:
        """Night step 3, sleeping in the open, "each player gets 1 Wound": Friday by setting."""
        return self._with_friday(self.friday_sleeps_out)

    @property
    def weather_group(self) -> tuple[Character, ...]:
        """The Weather phase's "each player gets 1 Wound": Friday too if the setting says so."""
        return self._with_friday(self.friday_weather)
