"""The sentences the rules say more than once, and the small words they are built from."""
from __future__ import annotations

from .data import DIE_TITLES, WEATHER_DIE_NAMES

SHORTAGE_CHOICE = ("Choice: a resource or level discarded beyond what the camp has costs each "
                   "player 1 Wound for each one lacking, as in the Weather phase (Friday is no "
                   "player).")
FUTURE_RULE = ("Resources gained in the Action phase go to Future Resources: they cannot pay "
               "for another Action in this phase and arrive when it ends.")
HUNTING_CHOICE = ("Choice: a Weapon level the Beast card takes below 0 is 1 Wound for the "
                  "player fighting; a Palisade level below 0 is 1 Wound for each player.")
ARROW_CHOICE = ("Choice: a Wound \"passes\" a morale arrow when the Wound marker reaches the "
                "arrow's space (Morale -1 then), not only when it moves beyond it; healing back "
                "does not raise Morale.")
TOP_MORALE_CHOICE = ("Choice: at Morale +3 the Wound healed is the First Player's own "
                     "character's (\"they can choose to gain 2 tokens or heal 1 Wound\": the "
                     "First Player, who manages the Determination tokens).")
FOOD_CHOICE = ("Choice: food is eaten and discarded perishable first, then non-perishable: what "
               "rots tonight goes before what keeps.")
NO_FRIDAY_CHOICE = ("House rule: this 2-player game plays without Friday (\"In a 2-player game, "
                    "you gain an additional character: Friday\").")
CLEAN_UP = ("Clean up: remove the black markers from the Character cards (used skills), move "
            "the Round marker, pass the First Player token clockwise.")
ARGUMENT_WORDS = {  # a move's argument as a refusal names it (never its key)
    "wood": "The wood", "fur": "The fur", "food": "The food",
    "nonperishable_food": "The non-perishable food", "built": "Built",
    "natural_shelter": "Natural shelter", "move_camp": "Moving the camp",
    "item": "The item", "pay": "The payment", "strength": "The Beast's strength",
    "weapon_loss": "The Weapon level lost", "palisade_loss": "The Palisade level lost",
    "die": "The Weather die", "placed": "Placed", "action": "The Action",
    "choice": "The choice", "count": "The count", "by": "The change", "morale": "The Morale",
    "determination": "The Determination", "wounds": "The Wounds", "roof": "The Roof",
    "palisade": "The Palisade", "weapon": "The Weapon",
}
"""What a refusal calls each argument a move reads: the key is the rules' own name."""
CHOICE_WORDS = {**{d: f"the {t}" for d, t in DIE_TITLES.items()},
                "nonperishable_food": "non-perishable food", "determination": "Determination",
                "morale": "Morale"}
"""A value of a choice as a refusal lists it."""


def argument(key: str) -> str:
    """The argument ``key`` in words, at the start of a sentence."""
    return ARGUMENT_WORDS.get(key) or key.replace("_", " ").capitalize()


def choice_words(value: str) -> str:
    return CHOICE_WORDS.get(value) or value.replace("_", " ")


MORALE_AT_TOP = ("Morale is at its top (+3): Arranging the Camp just gains 2 Determination "
                 "tokens (\"unless at max Morale, then just gain tokens\"). Choose "
                 "Determination.")
FRIDAY_SETTINGS = {
    "friday_eats": "eats 1 food at night",
    "friday_sleeps_out": "takes the Wound for sleeping in the open",
    "friday_weather": "takes the Weather phase's Wounds",
}
"""Friday and "each player": three settings, each off by default (he is no player)."""

MINUS = "\u2212"


def signed(n: int) -> str:
    """+2, 0, -1 (with a true minus sign), as the Morale track prints its levels."""
    return f"+{n}" if n > 0 else str(n).replace("-", MINUS)


def cap(text: str) -> str:
    """"the Cook" at the start of a sentence: "The Cook"."""
    return text[:1].upper() + text[1:]


def title(name: str) -> str:
    """"the Cook", but "Friday"."""
    return name if name == "Friday" else f"the {name}"


def dice_words(dice) -> str:
    """"Rain die, Winter die", in the dice's order, or "no Weather die"."""
    return ", ".join(DIE_TITLES[d] for d in WEATHER_DIE_NAMES if d in dice) or "no Weather die"


def schedule_words(weather: tuple[frozenset[str], ...]) -> str:
    """"rounds 1-3 no Weather die; rounds 4-6 Rain die; ..." from a Scenario's schedule."""
    spans, start = [], 1
    for r in range(2, len(weather) + 2):
        if r > len(weather) or weather[r - 1] != weather[start - 1]:
            dice = dice_words(weather[start - 1])
            spans.append(f"round {start} {dice}" if start == r - 1 else
                         f"rounds {start}–{r - 1} {dice}")
            start = r
    return "; ".join(spans)


def scenario_summary(card) -> str:
    """The Scenario card in one sentence, as the setup form shows the one chosen."""
    book, adventure = card.event_deck
    return (f"Chosen: scenario {card.number}, {card.name} — {card.rounds} rounds; weather: "
            f"{schedule_words(card.weather)}"
            + (" (unconfirmed default)" if card.number == 6 else "")
            + f". Event deck: {book} Book + {adventure} Adventure-icon cards.")
