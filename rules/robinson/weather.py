"""The Weather phase: which dice a scenario rolls, and the phase resolved in the official order.

Order (rule summary, "Facing the Weather", and the facts sheet):

1. Roll the dice the scenario names for this round; add the weather tokens (extra clouds).
2. Snow: "Discard 1 wood for each Winter Cloud. If you can't, each player gets 1 Wound."
3. "Count total Clouds (Rain and Winter). Compare to your current Roof level. For each Cloud not
   protected by the Roof, discard 1 food and 1 wood. If you can't, each player gets 1 Wound for
   each lacking resource."
4. Hungry Animals: discard 1 food, or Palisade −1, or fight a strength-3 beast
   ((3 − Weapon) Wounds if positive). "If you can't resolve an effect, each player gets 1 Wound."
5. Storm: "decrease Palisade level by 1. If you can't, each player gets 1 Wound."
6. Discard the weather tokens. You must discard what you can; you cannot choose Wounds instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules import RuleError
from rules.words import Speaker

from .text import DIE_WORDS, FACE_WORDS

from .data import (ANIMAL_EFFECTS, BEAST_STRENGTH, DIE_TITLES, SCENARIOS, WEATHER_DICE,
                   WEATHER_DIE_NAMES, Scenario)


# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n


def scenario(number: int) -> Scenario:
    """The Scenario card ``number`` (1…6), or RuleError."""
    if not _is_int(number) or number not in SCENARIOS:
        raise RuleError(f"There is no scenario {number!r}: choose a scenario from 1 to 6.")
    return SCENARIOS[number]


def weather_dice(scenario: int, round: int) -> frozenset[str]:  # noqa: A002 (the contract's name)
    """The Weather dice the Scenario card rolls in ``round``: a subset of rain, winter, animals.

    "Check the Scenario card to see which Weather dice to roll this round." Scenario 6's schedule
    here is the default; the game's setup lets the table edit it (unconfirmed).
    """
    card = _scenario(scenario)
    if not _is_int(round) or not 1 <= round <= card.rounds:
        raise RuleError(
            f"Scenario {card.number} ({card.name}) has rounds 1 to {card.rounds}; "
            f"there is no round {round!r}.")
    return card.weather[round - 1]


_scenario = scenario


@dataclass(frozen=True)
class WeatherResult:
    """The Weather phase resolved: what is left after it, and the Wounds each character takes."""

    wood: int
    food: int
    palisade: int
    wounds: int  # Wounds EACH character takes
    steps: tuple  # each step of the phase in words (messages)
    wood_discarded: int = 0
    food_discarded: int = 0
    palisade_lost: int = 0


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(name: str, value: object) -> int:
    if not _is_int(value):
        raise RuleError(f"The {name.replace('_', ' ')} must be a whole number, not {value!r}.")
    if value < 0:
        raise RuleError(f"The {name.replace('_', ' ')} cannot be negative ({value}).")
    return value


def _discard(stock: int, wanted: int) -> tuple[int, int]:
    """(discarded, lacking): discard what you can; the rest is lacking."""
    taken = min(stock, wanted)
    return taken, wanted - taken


@dataclass
class _Phase:
    """The stores while the Weather phase is worked out, step by step."""

    wood: int
    food: int
    palisade: int
    wounds: int = 0
    steps: list = field(default_factory=list)


def _each_takes(n: int):
    return _n("each character takes {n} Wound", "each character takes {n} Wounds", "n", n=n)


def _snow_step(p: _Phase, snow: int) -> None:
    """Step 2 - snow: 1 wood per snow cloud."""
    if snow == 0:
        p.steps.append(_("Snow: no snow cloud, so no wood to discard."))
        return
    taken, lacking = _discard(p.wood, snow)
    p.wood -= taken
    clouds = _n("{n} snow cloud", "{n} snow clouds", "n", n=snow)
    if lacking:
        p.wounds += lacking
        p.steps.append(
            _("Snow: {clouds} — discard {wood}; only {taken} could be discarded, {lacking} "
              "lacking, so {each_takes}.", clouds=clouds, wood=_wood(snow), taken=taken,
              lacking=lacking, each_takes=_each_takes(lacking)) if taken else
            _("Snow: {clouds} — discard {wood}; none could be discarded, {lacking} lacking, "
              "so {each_takes}.", clouds=clouds, wood=_wood(snow), lacking=lacking,
              each_takes=_each_takes(lacking)))
    else:
        p.steps.append(_("Snow: {clouds} — discard {wood} (wood {old} to {new}).",
                         clouds=clouds, wood=_wood(snow), old=p.wood + taken, new=p.wood))


def _wood(n: int):
    return _n("{n} wood", "{n} wood", "n", n=n)


def _cloud_step(p: _Phase, clouds: int, roof: int) -> None:
    """Step 3 - every cloud the Roof does not cover costs 1 food and 1 wood."""
    unprotected = max(0, clouds - roof)
    if clouds == 0:
        p.steps.append(_("Rain and snow: no cloud, so the Roof has nothing to stop."))
        return
    said = _n("{n} cloud", "{n} clouds", "n", n=clouds)
    if unprotected == 0:
        p.steps.append(_("Rain and snow: {clouds}, all under Roof {roof} — nothing to "
                         "discard.", clouds=said, roof=roof))
        return
    food_taken, food_lacking = _discard(p.food, unprotected)
    wood_taken, wood_lacking = _discard(p.wood, unprotected)
    p.food -= food_taken
    p.wood -= wood_taken
    bare = _n("{n} unprotected cloud", "{n} unprotected clouds", "n", n=unprotected)
    lacking = food_lacking + wood_lacking
    if lacking:
        p.wounds += lacking
        p.steps.append(_("Rain and snow: {clouds} against Roof {roof} — {unprotected}: discard "
                         "{n} food and {n} wood; only {food} food and {wood} wood could be "
                         "discarded, {lacking}, so {each_takes}.", clouds=said, roof=roof,
                         unprotected=bare, n=unprotected, food=food_taken, wood=wood_taken,
                         lacking=_n("{n} resource lacking", "{n} resources lacking", "n",
                                    n=lacking), each_takes=_each_takes(lacking)))
    else:
        p.steps.append(_("Rain and snow: {clouds} against Roof {roof} — {unprotected}: discard "
                         "{n} food and {n} wood.", clouds=said, roof=roof, unprotected=bare,
                         n=unprotected))


def _animals_step(p: _Phase, animals: str, weapon: int) -> None:
    """Step 4 - the Hungry Animals die."""
    if animals == "none":
        p.steps.append(_("Hungry Animals: nothing to resolve."))
    elif animals == "food":
        if p.food:
            p.food -= 1
            p.steps.append(_("Hungry Animals: discard 1 food (food {old} to {new}).",
                             old=p.food + 1, new=p.food))
        else:
            p.wounds += 1
            p.steps.append(_("Hungry Animals: no food to discard, so each character takes "
                             "1 Wound."))
    elif animals == "palisade":
        if p.palisade:
            p.palisade -= 1
            p.steps.append(_("Hungry Animals: Palisade −1 ({old} to {new}).",
                             old=p.palisade + 1, new=p.palisade))
        else:
            p.wounds += 1
            p.steps.append(_("Hungry Animals: no Palisade to lower, so each character takes "
                             "1 Wound."))
    else:  # a beast of strength 3 against the Weapon level; no Weapon loss, no food or fur
        lacking = max(0, BEAST_STRENGTH - weapon)
        p.wounds += lacking
        p.steps.append(
            _("Hungry Animals: a beast of strength {strength} against Weapon {weapon} — "
              "{each_takes}.", strength=BEAST_STRENGTH, weapon=weapon,
              each_takes=_each_takes(lacking)) if lacking else
            _("Hungry Animals: a beast of strength {strength} against Weapon {weapon} — no "
              "Wound.", strength=BEAST_STRENGTH, weapon=weapon))


def _storm_step(p: _Phase, storms: int) -> None:
    """Step 5 - storm tokens, after everything else."""
    if storms == 0:
        p.steps.append(_("Storm: no storm token."))
    for _i in range(storms):
        if p.palisade:
            p.palisade -= 1
            p.steps.append(_("Storm: Palisade −1 ({old} to {new}).", old=p.palisade + 1,
                             new=p.palisade))
        else:
            p.wounds += 1
            p.steps.append(_("Storm: no Palisade to lower, so each character takes 1 Wound."))


def resolve_weather(*, rain_clouds: int = 0, snow_clouds: int = 0, animals: str = "none",
                    storm: bool | int = False, roof: int = 0, palisade: int = 0,
                    weapon: int = 0, wood: int = 0, food: int = 0,
                    shelter: bool = True) -> WeatherResult:
    """Resolve the Weather phase in the official order (snow, unprotected clouds, Hungry
    Animals, storm), discarding what can be discarded; every lacking resource or Palisade
    level is 1 Wound for each character.

    ``rain_clouds``/``snow_clouds`` count dice and weather tokens together; ``animals`` is the
    Hungry Animals face ("none", "food", "palisade" or "beast"); ``storm`` is a storm token
    (True) or a number of storm tokens. ``shelter`` False: the camp has no Shelter (built or
    natural), and "Roof: ... Requires Shelter", "Palisade: ... Requires Shelter": both count as
    0, protect from nothing, and are 0 after the phase.
    """
    rain = _amount("rain clouds", rain_clouds)
    snow = _amount("snow clouds", snow_clouds)
    roof = _amount("Roof level", roof)
    palisade = _amount("Palisade level", palisade)
    weapon = _amount("Weapon level", weapon)
    wood = _amount("wood", wood)
    food = _amount("food", food)
    storms = int(storm) if isinstance(storm, bool) else _amount("storm tokens", storm)
    if animals not in ANIMAL_EFFECTS:
        raise RuleError(
            f"The Hungry Animals die shows none, food, palisade or beast, not {animals!r}.")
    if not isinstance(shelter, bool):
        raise RuleError(f"Say whether the camp has a Shelter (true or false), not {shelter!r}.")

    p = _Phase(wood=wood, food=food, palisade=palisade)
    if not shelter:
        if roof or palisade:
            p.steps.append(_("No Shelter: Roof {roof} and Palisade {palisade} protect from "
                             "nothing (they need a Shelter).", roof=roof, palisade=palisade))
        roof = p.palisade = palisade = 0
    _snow_step(p, snow)
    _cloud_step(p, rain + snow, roof)
    _animals_step(p, animals, weapon)
    _storm_step(p, storms)
    p.steps.append(_n("In all, each character takes {n} Wound.",
                      "In all, each character takes {n} Wounds.", "n", n=p.wounds) if p.wounds
                   else _("In all, no character takes a Wound."))
    return WeatherResult(
        wood=p.wood, food=p.food, palisade=p.palisade, wounds=p.wounds, steps=tuple(p.steps),
        wood_discarded=wood - p.wood, food_discarded=food - p.food,
        palisade_lost=palisade - p.palisade)


def faces_clouds(faces: dict[str, int]) -> tuple[int, int, str, tuple[str, ...]]:
    """(rain clouds, snow clouds, animals effect, words) read off the rolled faces."""
    rain = snow = 0
    animals = "none"
    words = []
    for name in WEATHER_DIE_NAMES:
        if name in faces:
            face = WEATHER_DICE[name][faces[name]]
            rain += face.rain_clouds
            snow += face.snow_clouds
            if face.animals != "none":
                animals = face.animals
            words.append(_("{die}: {face}", die=DIE_WORDS[name],
                           face=FACE_WORDS.get(face.label, face.label)))
    return rain, snow, animals, tuple(words)
