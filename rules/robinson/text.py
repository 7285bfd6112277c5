"""The sentences the rules say more than once, and the small words they are built from."""
from __future__ import annotations

from dataclasses import replace

from rules.words import Items, Message, Speaker, second_person

from .data import DIE_TITLES, WEATHER_DIE_NAMES

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n

SHORTAGE_CHOICE = _("Choice: a resource or level discarded beyond what the camp has costs each "
                    "player 1 Wound for each one lacking, as in the Weather phase (Friday is no "
                    "player).")
FUTURE_RULE = _("Resources gained in the Action phase go to Future Resources: they cannot pay "
                "for another Action in this phase and arrive when it ends.")
HUNTING_CHOICE = _("Choice: a Weapon level the Beast card takes below 0 is 1 Wound for the "
                   "player fighting; a Palisade level below 0 is 1 Wound for each player.")
ARROW_CHOICE = _("Choice: a Wound \"passes\" a morale arrow when the Wound marker reaches the "
                 "arrow's space (Morale -1 then), not only when it moves beyond it; healing "
                 "back does not raise Morale.")
TOP_MORALE_CHOICE = _("Choice: at Morale +3 the Wound healed is the First Player's own "
                      "character's (\"they can choose to gain 2 tokens or heal 1 Wound\": the "
                      "First Player, who manages the Determination tokens).")
FOOD_CHOICE = _("Choice: food is eaten and discarded perishable first, then non-perishable: "
                "what rots tonight goes before what keeps.")
NO_FRIDAY_CHOICE = _("House rule: this 2-player game plays without Friday (\"In a 2-player "
                     "game, you gain an additional character: Friday\").")
CLEAN_UP = _("Clean up: remove the black markers from the Character cards (used skills), move "
             "the Round marker, pass the First Player token clockwise.")
PHASE_WORDS = {"setup": _("Setup"), "event": _("Event phase"), "morale": _("Morale phase"),
               "production": _("Production phase"), "action": _("Action phase"),
               "weather": _("Weather phase"), "night": _("Night phase"),
               "over": _("Game over")}
"""Each phase's title (``state.PHASE_TITLES`` in words of every language)."""
PHASE_BEGINS = {"morale": _("Morale phase begins."),
                "production": _("Production phase begins."),
                "action": _("Action phase begins."), "weather": _("Weather phase begins."),
                "night": _("Night phase begins."), "event": _("Event phase begins.")}
PHASE_NAMES = {"event": _("Event"), "morale": _("Morale"), "production": _("Production"),
               "action": _("Action"), "weather": _("Weather"), "night": _("Night")}
"""The phases as the board's phase track names them."""
YES, NO = _("yes"), _("no")
RESOURCE_WORDS = {"wood": _("wood"), "food": _("food"),
                  "nonperishable_food": _("non-perishable food"), "fur": _("fur")}
RESOURCE_START = {"wood": _("Wood"), "food": _("Food"),
                  "nonperishable_food": _("Non-perishable food"), "fur": _("Fur")}
LEVEL_WORDS = {"roof": _("Roof level"), "palisade": _("Palisade level"),
               "weapon": _("Weapon level")}
TOKEN_WORDS = {"rain": _("Rain cloud tokens"), "snow": _("Snow cloud tokens"),
               "storm": _("Storm tokens")}
ARGUMENT_WORDS = {  # a move's argument as a refusal names it (never its key)
    "wood": _("The wood"), "fur": _("The fur"), "food": _("The food"),
    "nonperishable_food": _("The non-perishable food"), "built": _("Built"),
    "natural_shelter": _("Natural shelter"), "move_camp": _("Moving the camp"),
    "item": _("The item"), "pay": _("The payment"), "strength": _("The Beast's strength"),
    "weapon_loss": _("The Weapon level lost"), "palisade_loss": _("The Palisade level lost"),
    "die": _("The Weather die"), "placed": _("Placed"), "action": _("The Action"),
    "choice": _("The choice"), "count": _("The count"), "by": _("The change"),
    "morale": _("The Morale"), "determination": _("The Determination"),
    "wounds": _("The Wounds"), "roof": _("The Roof"), "palisade": _("The Palisade"),
    "weapon": _("The Weapon"), "rain": _("Rain"), "snow": _("Snow"), "storm": _("Storm"),
}
"""What a refusal calls each argument a move reads: the key is the rules' own name."""
DIE_WORDS = {"rain": _("Rain die"), "winter": _("Winter die"), "animals": _("Hungry Animals die")}
"""Each Weather die's name, as the Scenario card lists the dice."""
SCENARIO_WORDS = {1: _("Castaways"), 2: _("Cursed Island"), 3: _("Jenny needs help!"),
                  4: _("Volcano Island"), 5: _("Cannibal Island"), 6: _("Family Robinson")}
"""Each Scenario card's name."""
FACE_WORDS = {"1 rain cloud": _("1 rain cloud"), "2 rain clouds": _("2 rain clouds"),
              "1 snow cloud": _("1 snow cloud"), "2 snow clouds": _("2 snow clouds"),
              "blank": _("blank"), "Palisade \u22121": _("Palisade \u22121"),
              "discard 1 food": _("discard 1 food"),
              "fight a beast of strength 3": _("fight a beast of strength 3")}
"""Each Weather die face, as the die's label says it."""
THE_DIE = {"rain": _("the Rain die"), "winter": _("the Winter die"),
           "animals": _("the Hungry Animals die")}
THE_DIE_START = {"rain": _("The Rain die"), "winter": _("The Winter die"),
                 "animals": _("The Hungry Animals die")}
CHOICE_WORDS = {**THE_DIE,
                "nonperishable_food": _("non-perishable food"),
                "determination": _("Determination"), "morale": _("Morale"),
                "gather": _("gather"), "explore": _("explore"), "build": _("build"),
                "roof": _("roof"), "palisade": _("palisade"), "weapon": _("weapon"),
                "wood": _("wood"), "fur": _("fur"), "food": _("food")}
"""A value of a choice as a refusal lists it."""
CHARACTER_WORDS = {"Carpenter": _("Carpenter"), "Cook": _("Cook"), "Explorer": _("Explorer"),
                   "Soldier": _("Soldier"), "Friday": _("Friday")}
"""Each character's name, as a list of them shows it."""
THE_CHARACTER = {"Carpenter": _("the Carpenter"), "Cook": _("the Cook"),
                 "Explorer": _("the Explorer"), "Soldier": _("the Soldier"),
                 "Friday": _("Friday")}
"""A character inside a sentence (``Character.title``)."""
THE_CHARACTER_START = {"Carpenter": _("The Carpenter"), "Cook": _("The Cook"),
                       "Explorer": _("The Explorer"), "Soldier": _("The Soldier"),
                       "Friday": _("Friday")}
"""A character at the start of a sentence (``cap(Character.title)``)."""


def argument(key: str):
    """The argument ``key`` in words, at the start of a sentence."""
    return ARGUMENT_WORDS.get(key) or key.replace("_", " ").capitalize()


def choice_words(value: str):
    return CHOICE_WORDS.get(value) or value.replace("_", " ")


def either(words) -> object:
    """"a or b", "a, b or c": a choice's values as a refusal lists them (CLDR has no "or"
    list in Babel's lists for every language, so these are messages of their own)."""
    words = list(words)
    if len(words) == 2:
        return _("{first} or {second}", first=words[0], second=words[1])
    if len(words) == 3:
        return _("{first}, {second} or {third}", first=words[0], second=words[1],
                 third=words[2])
    return ", ".join(map(str, words[:-1])) + " or " + str(words[-1])


def character_names(characters) -> Items:
    """"Carpenter, Cook": the characters' names as a refusal lists them."""
    return Items(CHARACTER_WORDS.get(c.name, c.name) for c in characters)


def the_character(ch, start: bool = False):
    """"the Cook" ("The Cook" at the start of a sentence), "Friday"."""
    table = THE_CHARACTER_START if start else THE_CHARACTER
    return table.get(ch.name) or (cap(ch.title) if start else ch.title)


def dice_message(dice):
    """``dice_words`` as a message: the dice's names, or "no Weather die"."""
    names = [DIE_WORDS[d] for d in WEATHER_DIE_NAMES if d in dice]
    return Items(names) if names else _("no Weather die")


MORALE_AT_TOP_MESSAGE = _("Morale is at its top (+3): Arranging the Camp just gains 2 "
                          "Determination tokens (\"unless at max Morale, then just gain "
                          "tokens\"). Choose Determination.")
MORALE_AT_TOP = str(MORALE_AT_TOP_MESSAGE)
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


def scenario_message(card):
    """The Scenario card in one sentence, as the setup form shows the one chosen."""
    book, adventure = card.event_deck
    values = dict(number=card.number, name=SCENARIO_WORDS.get(card.number, card.name),
                  rounds=card.rounds, schedule=schedule_message(card.weather), book=book,
                  adventure=adventure)
    return (_("Chosen: scenario {number}, {name} — {rounds} rounds; weather: {schedule} "
              "(unconfirmed default). Event deck: {book} Book + {adventure} Adventure-icon "
              "cards.", **values) if card.number == 6 else
            _("Chosen: scenario {number}, {name} — {rounds} rounds; weather: {schedule}. "
              "Event deck: {book} Book + {adventure} Adventure-icon cards.", **values))


def scenario_summary(card) -> str:
    """``scenario_message`` in English (the game's data is plain)."""
    return str(scenario_message(card))


# --- the pieces of the steps, reminders and history lines (messages) ---------------------------
def sentences(parts):
    """Sentences one after another, as the English wrote them: joined by a space."""
    parts = list(parts)
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = _("{first} {then}", first=out, then=part)
    return out


def semicolons(parts):
    """"a; b; c": parts joined as the English joined them."""
    parts = list(parts)
    out = parts[0]
    for part in parts[1:]:
        out = _("{first}; {then}", first=out, then=part)
    return out


def wounds(n: int):
    """"1 Wound", "3 Wounds"."""
    return _n("{n} Wound", "{n} Wounds", "n", n=n)


def tokens(n: int):
    """"1 Determination token", "2 Determination tokens"."""
    return _n("{n} Determination token", "{n} Determination tokens", "n", n=n)


def levels(n: int):
    return _n("{n} level", "{n} levels", "n", n=n)


def characters(n: int):
    return _n("{n} character", "{n} characters", "n", n=n)


def food(n: int):
    """"1 food", "3 food"."""
    return _n("{n} food", "{n} food", "n", n=n)


def amounts(amounts: dict):
    """"2 wood, 1 fur": resources as the Future Resources space holds them."""
    return Items(_("{n} {resource}", n=str(n), resource=RESOURCE_WORDS[k])
                 for k, n in amounts.items())


def schedule_message(weather: tuple[frozenset[str], ...]):
    """``schedule_words`` as a message."""
    spans, start = [], 1
    for r in range(2, len(weather) + 2):
        if r > len(weather) or weather[r - 1] != weather[start - 1]:
            dice = dice_message(weather[start - 1])
            spans.append(_("round {round} {dice}", round=start, dice=dice)
                         if start == r - 1 else
                         _("rounds {first}–{last} {dice}", first=start, last=r - 1, dice=dice))
            start = r
    return semicolons(spans)


def friday_settings_message(state):
    """Friday's three settings in one sentence, each with its default."""
    said = {key: YES if getattr(state, key) else NO for key in FRIDAY_SETTINGS}
    return _("Friday, settings chosen at setup (default no for each): eats 1 food at night: "
             "{friday_eats}; takes the Wound for sleeping in the open: {friday_sleeps_out}; "
             "takes the Weather phase's Wounds: {friday_weather}.", **said)


YOU = {
    ("{player} plays {character}", "player"): _("you play {character}"),
    ("{player} (the youngest player) is the First Player and manages Determination in the "
     "Morale phase.", "player"):
        _("You (the youngest player) are the First Player and manage Determination in the "
          "Morale phase."),
    ("Morale +3: {player} chooses 2 Determination tokens or healing 1 Wound of {character}.",
     "player"): _("Morale +3: you choose 2 Determination tokens or healing 1 Wound of "
                  "{character}."),
    ("Morale {level}: {player} gains {tokens}.", "player"):
        _("Morale {level}: you gain {tokens}."),
    ("Morale {level}: {player} discards {tokens}.", "player"):
        _("Morale {level}: you discard {tokens}."),
    ("Morale {level}: {player} discards {tokens}; {player} has {have}, so {character} takes "
     "{wounds}.", "player"):
        _("Morale {level}: you discard {tokens}; you have {have}, so {character} takes "
          "{wounds}."),
}
"""The lines a player's own phone says to "you", in every language: keyed by the third-person
message and the placeholder that names the seat."""


def yours(line, seat: str):
    """A reminder as ``seat``'s own phone says it: to "you" where the line (or a message inside
    it) has a second-person message (``YOU``); a plain string as English's second person."""
    if not isinstance(line, Message):
        return second_person(line, seat) if isinstance(line, str) else line
    values = tuple((k, yours(v, seat)) for k, v in line.values)
    for (text, name), mine in YOU.items():
        if line.text == text and line.get(name) == seat:
            return replace(mine, values=tuple((k, v) for k, v in values if k != name))
    return replace(line, values=values) if values != line.values else line
