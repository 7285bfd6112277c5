"""The camp and its stores: the Shelter with its Roof and Palisade, a natural Shelter, building,
Hunting, resources with the Future Resources space, and shortages that become Wounds.

"Roof: Protects from weather. Requires Shelter." "Palisade: Protects from Storms and other
effects. Requires Shelter." So without a Shelter (built, or the natural Shelter of the camp's
Island tile) the Roof and the Palisade stand at 0 and protect from nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import Action, RuleError
from rules.words import Speaker

from .args import own_character, read_bool, read_character, read_choice, read_int
from .data import WEAPON_COST_WOOD, roof_palisade_cost
from .hunting import fight_beast
from .state import Character, State
from .text import (LEVEL_WORDS, RESOURCE_START, amounts, choice_words, levels as levels_of,
                   the_character)

from .tracks import check_death, wound_each

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n

RESOURCES = {"wood": "wood", "food": "food", "nonperishable_food": "non-perishable food",
             "fur": "fur"}
LEVELS = {"roof": "Roof level", "palisade": "Palisade level", "weapon": "Weapon level"}


# --- the Shelter, natural or built ------------------------------------------------------------

def shelter(state: State, action: Action) -> State:
    """Build the Shelter (paying the cost printed on the board) or mark it lost.

    "For Shelter: Discard resources, flip the Camp token to its Shelter side ... Also place black
    markers on the topmost spaces of the Roof and Palisade level tracks (level 0)." Losing it
    takes the Roof and Palisade with it, unless the camp's tile has a natural Shelter.
    """
    args = action.args
    built = read_bool(args, "built", True)
    wood = read_int(args, "wood", 0, lo=0)
    fur = read_int(args, "fur", 0, lo=0)
    if built == state.shelter:
        raise RuleError(_("The camp already has a Shelter.") if built else
                        _("The camp has no Shelter."))
    if not built and (wood or fur):
        raise RuleError(_("Losing the Shelter costs nothing."))
    if wood > state.wood or fur > state.fur:
        raise RuleError(_("The Shelter costs {wood} wood and {fur} fur; there are "
                          "{have_wood} wood and {have_fur} fur available.", wood=wood, fur=fur,
                          have_wood=state.wood, have_fur=state.fur))
    before = (state.roof, state.palisade)
    state = replace(state, shelter=built, wood=state.wood - wood, fur=state.fur - fur)
    if built:
        state = replace(state, roof=0, palisade=0)
        return replace(state, last_steps=(
            _("The Shelter is built (paid {wood} wood and {fur} fur); Roof and Palisade start "
              "at level 0 (they were {roof} and {palisade}).", wood=wood, fur=fur,
              roof=before[0], palisade=before[1]) if any(before) else
            _("The Shelter is built (paid {wood} wood and {fur} fur); Roof and Palisade start "
              "at level 0.", wood=wood, fur=fur),))
    if state.natural_shelter:
        return replace(state, last_steps=(
            _("The camp has lost its Shelter; the natural Shelter of its Island tile still "
              "holds Roof {roof} and Palisade {palisade}.", roof=state.roof,
              palisade=state.palisade),))
    state = replace(state, roof=0, palisade=0)
    return replace(state, last_steps=(
        _("The camp has lost its Shelter, and the Roof and Palisade with it (Roof {roof} to 0, "
          "Palisade {palisade} to 0).", roof=before[0], palisade=before[1]) if any(before) else
        _("The camp has lost its Shelter, and the Roof and Palisade with it."),))


def camp_tile(state: State, action: Action) -> State:
    """Say whether the camp's Island tile shows a natural Shelter (at setup, or when it turns
    out to have one). The camp then "sleeps" under it and may build a Roof and Palisade."""
    args = action.args
    natural = read_bool(args, "natural_shelter", True)
    if natural == state.natural_shelter:
        raise RuleError(_("The camp's Island tile already shows a natural Shelter.") if natural
                        else _("The camp's Island tile shows no natural Shelter."))
    state = replace(state, natural_shelter=natural)
    if natural:
        return replace(state, last_steps=(
            _("The camp's Island tile has a natural Shelter: it covers the camp at night and "
              "holds a Roof and a Palisade."),))
    steps = [_("The camp's Island tile has no natural Shelter.")]
    if not state.shelter and (state.roof or state.palisade):
        steps.append(_("Without a Shelter the Roof and Palisade go (Roof {roof} to 0, "
                       "Palisade {palisade} to 0).", roof=state.roof, palisade=state.palisade))
        state = replace(state, roof=0, palisade=0)
    return replace(state, last_steps=tuple(steps))


def _no_cover(item: str) -> RuleError:
    return RuleError(NO_COVER[item])


NO_COVER = {
    "roof": _("The Roof needs a Shelter: build the Shelter first (or camp on an Island tile "
              "with a natural Shelter)."),
    "palisade": _("The Palisade needs a Shelter: build the Shelter first (or camp on an Island "
                  "tile with a natural Shelter)."),
}
TOO_DEAR = {  # whole sentences: the item and the resource agree in every language
    ("roof", "wood"): lambda cost, have: _("The Roof costs {cost} wood; there is only {have}",
                                           cost=cost, have=have),
    ("roof", "fur"): lambda cost, have: _("The Roof costs {cost} fur; there is only {have}",
                                          cost=cost, have=have),
    ("palisade", "wood"): lambda cost, have: _("The Palisade costs {cost} wood; there is only "
                                               "{have}", cost=cost, have=have),
    ("palisade", "fur"): lambda cost, have: _("The Palisade costs {cost} fur; there is only "
                                              "{have}", cost=cost, have=have),
    ("weapon", "wood"): lambda cost, have: _("The Weapon costs {cost} wood; there is only "
                                             "{have}", cost=cost, have=have),
}
WAITING = {
    "wood": lambda n: _n(" ({n} more wood is in Future Resources until the Action phase ends)",
                         " ({n} more wood are in Future Resources until the Action phase ends)",
                         "n", n=n),
    "fur": lambda n: _n(" ({n} more fur is in Future Resources until the Action phase ends)",
                        " ({n} more fur are in Future Resources until the Action phase ends)",
                        "n", n=n),
}


BUILT = {  # whole sentences: the item and the resource agree in every language
    ("roof", "wood"): lambda old, new, cost: _("Build: Roof {old} to {new}, paying {cost} wood.",
                                               old=old, new=new, cost=cost),
    ("roof", "fur"): lambda old, new, cost: _("Build: Roof {old} to {new}, paying {cost} fur.",
                                              old=old, new=new, cost=cost),
    ("palisade", "wood"): lambda old, new, cost: _("Build: Palisade {old} to {new}, paying "
                                                   "{cost} wood.", old=old, new=new, cost=cost),
    ("palisade", "fur"): lambda old, new, cost: _("Build: Palisade {old} to {new}, paying "
                                                  "{cost} fur.", old=old, new=new, cost=cost),
    ("weapon", "wood"): lambda old, new, cost: _("Build: Weapon {old} to {new}, paying {cost} "
                                                 "wood.", old=old, new=new, cost=cost),
}


def build(state: State, action: Action) -> State:
    """Build a Roof or Palisade level ("Requires Shelter"; 1-2 players 2 wood or 1 fur, 3
    players 3 wood or 2 fur, 4 players 4 wood or 3 fur) or a Weapon level (1 wood).

    "Resources gained in the same Action phase cannot be used for other Actions in that same
    phase": only Available Resources pay.
    """
    args = action.args
    item = read_choice(args, "item", ("roof", "palisade", "weapon"))
    pay = read_choice(args, "pay", ("wood", "fur"))
    if item == "weapon":
        if pay != "wood":
            raise RuleError(_("A Weapon level costs 1 wood."))
        cost = WEAPON_COST_WOOD
    else:
        if not state.covered:
            raise _no_cover(item)
        wood, fur = roof_palisade_cost(len(state.players))
        cost = wood if pay == "wood" else fur
    have = getattr(state, pay)
    if have < cost:
        waiting = state.future.get(pay, 0)
        raise RuleError(_("{cost}{waiting}.", cost=TOO_DEAR[item, pay](cost, have),
                          waiting=WAITING[pay](waiting) if waiting else ""))
    level = getattr(state, item)
    state = replace(state, **{pay: have - cost, item: level + 1})
    return replace(state, last_steps=(BUILT[item, pay](level, level + 1, cost),))


# --- resources and levels by hand: gains, discards, shortages -----------------------------------

def _wounded(state: State, args: Mapping[str, Any]) -> tuple[Character, ...]:
    """Who pays a shortage: each player (the default, as in the Weather phase), or one
    character named by the card."""
    if args.get("wounded") is None:
        return state.each_player
    return (read_character(state, {"character": args["wounded"]}),)


def _pay_shortage(state: State, lacking: int, what, who: tuple[Character, ...],
                  steps: list) -> State:
    """"If you can't, each player gets 1 Wound" for each thing lacking."""
    if not lacking:
        return state
    state = wound_each(state, who, lacking, what, steps)
    return check_death(state, steps)


def _discard_food(state: State, n: int) -> tuple[State, int, object]:
    """Discard ``n`` food, perishable first: (state, lacking, words)."""
    fresh = min(state.food, n)
    kept = min(state.nonperishable_food, n - fresh)
    state = replace(state, food=state.food - fresh,
                    nonperishable_food=state.nonperishable_food - kept)
    short = n - fresh - kept
    return state, short, (
        _("Food: discard {n} ({fresh} perishable, {kept} non-perishable); {short} lacking.",
          n=n, fresh=fresh, kept=kept, short=short) if short else
        _("Food: discard {n} ({fresh} perishable, {kept} non-perishable).", n=n, fresh=fresh,
          kept=kept))


def _changes(args: Mapping[str, Any], fields: Mapping[str, str]) -> dict[str, int]:
    changes = {k: read_int(args, k) for k in args if k != "wounded"}
    if not changes:
        raise RuleError(_("Say what changes: {fields}.",
                          fields=tuple(choice_words(f) for f in fields)))
    return changes


def resources(state: State, action: Action) -> State:
    """Gain or discard wood, food (perishable or not) and fur: Production, Events, cards.

    In the Action phase gains go to Future Resources ("Resources gained go to the Future
    Resources space"). A discard beyond the store takes what there is, and each resource
    lacking is 1 Wound for each player (or for the character named in ``wounded``).
    """
    args = action.args
    changes = _changes(args, RESOURCES)
    who = _wounded(state, args)
    steps: list = []
    lacking = 0
    for key, by in changes.items():
        name = RESOURCE_START[key]
        if by > 0 and state.phase == "action":
            future = f"future_{key}"
            state = replace(state, **{future: getattr(state, future) + by})
            steps.append(_("{resource} +{by} into Future Resources (usable once the Action "
                           "phase ends).", resource=name, by=by))
        elif by >= 0 or key != "food":
            old = getattr(state, key)
            new = max(0, old + by)
            lacking += new - (old + by)
            state = replace(state, **{key: new})
            if new != old:
                steps.append(_("{resource} {old} to {new}.", resource=name, old=old, new=new))
            if new - (old + by):
                steps.append(_("{resource}: {n} lacking.", resource=name, n=new - (old + by)))
        else:
            state, short, text = _discard_food(state, -by)
            lacking += short
            steps.append(text)
    state = _pay_shortage(state, lacking, _n("{n} resource lacking", "{n} resources lacking",
                                             "n", n=lacking), who, steps)
    return replace(state, last_steps=tuple(steps) or (_("No change."),))


def levels(state: State, action: Action) -> State:
    """Raise or lower the Roof, Palisade or Weapon level (Roof and Palisade need a Shelter).

    A level that would go below 0 stops at 0, and each level lacking is 1 Wound for each
    player (or for the character named in ``wounded``), as the Storm's "decrease Palisade
    level by 1. If you can't, each player gets 1 Wound."
    """
    args = action.args
    changes = _changes(args, LEVELS)
    for key, by in changes.items():
        if key not in LEVELS:
            raise RuleError(_("There is no level {key}.", key=repr(key)))
        if key in ("roof", "palisade") and by > 0 and not state.covered:
            raise _no_cover(key)
    who = _wounded(state, args)
    steps: list = []
    lacking = 0
    for key, by in changes.items():
        old = getattr(state, key)
        new = max(0, old + by)
        lacking += new - (old + by)
        state = replace(state, **{key: new})
        if new != old:
            steps.append(_("{level} {old} to {new}.", level=LEVEL_WORDS[key], old=old, new=new))
        if new - (old + by):
            steps.append(_("{level}: {levels} below 0.", level=LEVEL_WORDS[key],
                           levels=levels_of(new - (old + by))))
    state = _pay_shortage(state, lacking, _n("{n} level lacking", "{n} levels lacking", "n",
                                             n=lacking), who, steps)
    return replace(state, last_steps=tuple(steps) or (_("No change."),))


def discard_costs(state: State) -> dict[str, int]:
    """The Wounds each player takes if one more of each resource or level is discarded now."""
    have = {"wood": state.wood, "food": state.food_total,
            "nonperishable_food": state.nonperishable_food, "fur": state.fur,
            "roof": state.roof, "palisade": state.palisade, "weapon": state.weapon}
    return {key: 0 if n else 1 for key, n in have.items()}


def flush_future(state: State, steps: list) -> State:
    """"Move all resources and tokens from Future Resources to Available Resources." """
    moved = {k: n for k, n in state.future.items() if n}
    if not moved:
        return state
    steps.append(_("Future Resources move to Available Resources: {resources}.",
                   resources=amounts(moved)))
    return replace(state, **{k: getattr(state, k) + n for k, n in moved.items()},
                   **{f"future_{k}": 0 for k in moved})


# --- Hunting ---------------------------------------------------------------------------------

def hunt(state: State, action: Action) -> State:
    """Hunting: fight the Beast drawn from the Hunting deck (see ``fight_beast``)."""
    args = action.args
    ch = own_character(state, action)
    fight = fight_beast(strength=read_int(args, "strength", lo=0),
                        weapon=state.weapon, weapon_loss=read_int(args, "weapon_loss", 0, lo=0),
                        food=read_int(args, "food", 0, lo=0), fur=read_int(args, "fur", 0, lo=0),
                        palisade_loss=read_int(args, "palisade_loss", 0, lo=0),
                        palisade=state.palisade)
    steps = [_("{character} fights the Beast.", character=the_character(ch, start=True))
             ] + list(fight.steps)
    state = replace(state, weapon=fight.weapon, palisade=fight.palisade,
                    future_food=state.future_food + fight.food,
                    future_fur=state.future_fur + fight.fur)
    state = wound_each(state, (ch,), fight.wounds,
                       _("{character} is hurt", character=the_character(ch, start=True)), steps)
    state = wound_each(state, state.each_player, fight.each_wounds, _("Palisade lacking"),
                       steps)
    state = check_death(state, steps)
    return replace(state, last_steps=tuple(steps))
