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
from rules.words import join_names, plural

from .args import own_character, read_bool, read_character, read_choice, read_int
from .data import WEAPON_COST_WOOD, roof_palisade_cost
from .hunting import fight_beast
from .state import Character, State
from .text import cap, choice_words
from .tracks import check_death, wound_each

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
        raise RuleError("The camp already has a Shelter." if built else
                        "The camp has no Shelter.")
    if not built and (wood or fur):
        raise RuleError("Losing the Shelter costs nothing.")
    if wood > state.wood or fur > state.fur:
        raise RuleError(f"The Shelter costs {wood} wood and {fur} fur; there are "
                        f"{state.wood} wood and {state.fur} fur available.")
    before = (state.roof, state.palisade)
    state = replace(state, shelter=built, wood=state.wood - wood, fur=state.fur - fur)
    if built:
        state = replace(state, roof=0, palisade=0)
        return replace(state, last_steps=(
            f"The Shelter is built (paid {wood} wood and {fur} fur); Roof and Palisade "
            "start at level 0" + (f" (they were {before[0]} and {before[1]})."
                                  if any(before) else "."),))
    if state.natural_shelter:
        return replace(state, last_steps=(
            "The camp has lost its Shelter; the natural Shelter of its Island tile still "
            f"holds Roof {state.roof} and Palisade {state.palisade}.",))
    state = replace(state, roof=0, palisade=0)
    return replace(state, last_steps=(
        "The camp has lost its Shelter, and the Roof and Palisade with it"
        + (f" (Roof {before[0]} to 0, Palisade {before[1]} to 0)." if any(before) else "."),))


def camp_tile(state: State, action: Action) -> State:
    """Say whether the camp's Island tile shows a natural Shelter (at setup, or when it turns
    out to have one). The camp then "sleeps" under it and may build a Roof and Palisade."""
    args = action.args
    natural = read_bool(args, "natural_shelter", True)
    if natural == state.natural_shelter:
        raise RuleError("The camp's Island tile already shows a natural Shelter." if natural
                        else "The camp's Island tile shows no natural Shelter.")
    state = replace(state, natural_shelter=natural)
    if natural:
        return replace(state, last_steps=(
            "The camp's Island tile has a natural Shelter: it covers the camp at night and "
            "holds a Roof and a Palisade.",))
    steps = ["The camp's Island tile has no natural Shelter."]
    if not state.shelter and (state.roof or state.palisade):
        steps.append(f"Without a Shelter the Roof and Palisade go (Roof {state.roof} to 0, "
                     f"Palisade {state.palisade} to 0).")
        state = replace(state, roof=0, palisade=0)
    return replace(state, last_steps=tuple(steps))


def _no_cover(item: str) -> RuleError:
    return RuleError(f"The {item.title()} needs a Shelter: build the Shelter first (or camp on "
                     "an Island tile with a natural Shelter).")


def _short_note(state: State, pay: str) -> str:
    waiting = state.future.get(pay, 0)
    return (f" ({waiting} more {pay} {'is' if waiting == 1 else 'are'} in Future Resources "
            "until the Action phase ends)" if waiting else "")


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
            raise RuleError("A Weapon level costs 1 wood.")
        cost = WEAPON_COST_WOOD
    else:
        if not state.covered:
            raise _no_cover(item)
        wood, fur = roof_palisade_cost(len(state.players))
        cost = wood if pay == "wood" else fur
    have = getattr(state, pay)
    if have < cost:
        raise RuleError(f"The {item.title()} costs {cost} {pay}; there is only {have}"
                        f"{_short_note(state, pay)}.")
    level = getattr(state, item)
    state = replace(state, **{pay: have - cost, item: level + 1})
    return replace(state, last_steps=(
        f"Build: {item.title()} {level} to {level + 1}, paying {cost} {pay}.",))


# --- resources and levels by hand: gains, discards, shortages -----------------------------------

def _wounded(state: State, args: Mapping[str, Any]) -> tuple[Character, ...]:
    """Who pays a shortage: each player (the default, as in the Weather phase), or one
    character named by the card."""
    if args.get("wounded") is None:
        return state.each_player
    return (read_character(state, {"character": args["wounded"]}),)


def _pay_shortage(state: State, lacking: int, what: str, who: tuple[Character, ...],
                  steps: list[str]) -> State:
    """"If you can't, each player gets 1 Wound" for each thing lacking."""
    if not lacking:
        return state
    state = wound_each(state, who, lacking, f"{what} lacking", steps)
    return check_death(state, steps)


def _discard_food(state: State, n: int) -> tuple[State, int, str]:
    """Discard ``n`` food, perishable first: (state, lacking, words)."""
    fresh = min(state.food, n)
    kept = min(state.nonperishable_food, n - fresh)
    state = replace(state, food=state.food - fresh,
                    nonperishable_food=state.nonperishable_food - kept)
    return state, n - fresh - kept, (f"Food: discard {n} ({fresh} perishable, {kept} "
                                     "non-perishable)")


def _changes(args: Mapping[str, Any], fields: Mapping[str, str]) -> dict[str, int]:
    changes = {k: read_int(args, k) for k in args if k != "wounded"}
    if not changes:
        raise RuleError(f"Say what changes: {join_names([choice_words(f) for f in fields])}.")
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
    steps: list[str] = []
    lacking = 0
    for key, by in changes.items():
        name = RESOURCES[key]
        if by > 0 and state.phase == "action":
            future = f"future_{key}"
            state = replace(state, **{future: getattr(state, future) + by})
            steps.append(f"{cap(name)} +{by} into Future Resources (usable once the Action "
                         "phase ends).")
        elif by >= 0 or key != "food":
            old = getattr(state, key)
            new = max(0, old + by)
            lacking += new - (old + by)
            state = replace(state, **{key: new})
            if new != old:
                steps.append(f"{cap(name)} {old} to {new}.")
            if new - (old + by):
                steps.append(f"{cap(name)}: {new - (old + by)} lacking.")
        else:
            state, short, text = _discard_food(state, -by)
            lacking += short
            steps.append(text + (f"; {short} lacking." if short else "."))
    state = _pay_shortage(state, lacking, plural(lacking, "resource"), who, steps)
    return replace(state, last_steps=tuple(steps) or ("No change.",))


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
            raise RuleError(f"There is no level {key!r}.")
        if key in ("roof", "palisade") and by > 0 and not state.covered:
            raise _no_cover(key)
    who = _wounded(state, args)
    steps: list[str] = []
    lacking = 0
    for key, by in changes.items():
        old = getattr(state, key)
        new = max(0, old + by)
        lacking += new - (old + by)
        state = replace(state, **{key: new})
        if new != old:
            steps.append(f"{LEVELS[key]} {old} to {new}.")
        if new - (old + by):
            steps.append(f"{LEVELS[key]}: {plural(new - (old + by), 'level')} below 0.")
    state = _pay_shortage(state, lacking, plural(lacking, "level"), who, steps)
    return replace(state, last_steps=tuple(steps) or ("No change.",))


def discard_costs(state: State) -> dict[str, int]:
    """The Wounds each player takes if one more of each resource or level is discarded now."""
    have = {"wood": state.wood, "food": state.food_total,
            "nonperishable_food": state.nonperishable_food, "fur": state.fur,
            "roof": state.roof, "palisade": state.palisade, "weapon": state.weapon}
    return {key: 0 if n else 1 for key, n in have.items()}


def flush_future(state: State, steps: list[str]) -> State:
    """"Move all resources and tokens from Future Resources to Available Resources." """
    moved = {k: n for k, n in state.future.items() if n}
    if not moved:
        return state
    steps.append("Future Resources move to Available Resources: "
                 + ", ".join(f"{n} {RESOURCES[k]}" for k, n in moved.items()) + ".")
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
    steps = [f"{cap(ch.title)} fights the Beast."] + list(fight.steps)
    state = replace(state, weapon=fight.weapon, palisade=fight.palisade,
                    future_food=state.future_food + fight.food,
                    future_fur=state.future_fur + fight.fur)
    state = wound_each(state, (ch,), fight.wounds, f"{cap(ch.title)} is hurt", steps)
    state = wound_each(state, state.each_player, fight.each_wounds, "Palisade lacking", steps)
    state = check_death(state, steps)
    return replace(state, last_steps=tuple(steps))
