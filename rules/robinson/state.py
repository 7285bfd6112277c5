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
    rain_tokens: int = 0  # weather tokens: extra rain clouds
    snow_tokens: int = 0  # weather tokens: extra snow clouds
    storm_tokens: int = 0
    pending_weather: tuple[tuple[str, int], ...] | None = None  # faces entered, not confirmed
    last_steps: tuple[str, ...] = ()  # what the last move did, in words
    result: str | None = None  # None while playing, then "victory" or "defeat"
    end_reason: str = ""
    # Setup options the texts leave open (see GAME.setup).
    friday_counts_as_player: bool = False
    build_wound_faces: int = 2
    weather_edited: bool = False
    death_defaults: bool = True

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def food_total(self) -> int:
        return self.food + self.nonperishable_food

    def character(self, name: str) -> Character | None:
        for ch in self.characters:
            if ch.name == name:
                return ch
        return None

    def character_of(self, player: str) -> Character:
        return next(ch for ch in self.characters if ch.player == player)

    @property
    def group(self) -> tuple[Character, ...]:
        """The characters hit by "each player" effects (weather, eating, sleeping).

        The rule summary says "each player"; the facts sheet says "each character". Friday is no
        player, so by default he is left out (an unconfirmed setup option puts him in).
        """
        return tuple(ch for ch in self.characters
                     if ch.player is not None or self.friday_counts_as_player)
