"""What every screen shows: the island as plain data (the same for every seat, since the game
is co-operative and hides nothing), with the sentences the screens draw."""
from __future__ import annotations

from typing import Any

from rules.words import to_json

from .action_dice import ACTIONS, action_dice
from .camp import discard_costs
from .data import (SCENARIOS, WEAPON_COST_WOOD, WEATHER_DICE, WEATHER_DIE_NAMES,
                   roof_palisade_cost)
from .moves import morale_plan, weather_outcome
from .night import night_needs
from .reminders import unconfirmed
from .screen_text import header, now, phase_track
from .state import PHASES, State
from .text import (
    ARROW_CHOICE, FOOD_CHOICE, FRIDAY_SETTINGS, FUTURE_RULE, HUNTING_CHOICE, NO_FRIDAY_CHOICE,
    PHASE_WORDS, SHORTAGE_CHOICE, TOP_MORALE_CHOICE,
)


def weather_preview(state: State) -> dict[str, Any] | None:
    """The Weather phase worked out before it is confirmed (nothing to enter: at once)."""
    if state.phase != "weather" or (state.pending_weather is None and state.dice_this_round):
        return None
    faces = dict(state.pending_weather or ())
    intro, result = weather_outcome(state, faces)
    return {"faces": faces, "steps": [to_json(s) for s in intro + result.steps],
            "wounds": result.wounds,
            "wood": result.wood, "food": result.food, "palisade": result.palisade}


def characters_view(state: State) -> list[dict[str, Any]]:
    return [{"name": ch.name, "player": ch.player, "wounds": ch.wounds,
             "death_at": ch.death_at, "life_left": ch.death_at - ch.wounds,
             "arrows": sorted(ch.arrows),
             "next_arrow": min((a for a in ch.arrows if a > ch.wounds), default=None),
             "determination": ch.determination, "dead": ch.dead,
             "eats": ch in state.eaters, "sleeps_out": ch in state.sleepers,
             "weather_wounds": ch in state.weather_group}
            for ch in state.characters]


def camp_view(state: State) -> dict[str, Any]:
    return {"shelter": state.shelter, "natural_shelter": state.natural_shelter,
            "covered": state.covered, "roof": state.roof, "palisade": state.palisade,
            "weapon": state.weapon}


def dice_and_costs(state: State) -> dict[str, Any]:
    """The dice faces (Weather and action dice) and the building costs at this table."""
    wood, fur = roof_palisade_cost(len(state.players))
    action = {a: action_dice(a, build_wound_faces=state.build_wound_faces) for a in ACTIONS}
    return {
        "dice": {"weather": {name: [f.label for f in faces] for name, faces
                             in WEATHER_DICE.items()},
                 "action": {a: {"wound": list(d.wound), "success": list(d.success),
                                "adventure": list(d.adventure)} for a, d in action.items()}},
        "costs": {"roof_or_palisade": {"wood": wood, "fur": fur},
                  "weapon": {"wood": WEAPON_COST_WOOD}},
    }


def view(state: State) -> dict[str, Any]:
    """The island as every seat sees it: the game is co-operative and hides nothing."""
    card = SCENARIOS[state.scenario]
    level, tokens = morale_plan(state)
    need, short = night_needs(state)
    book, adventure = card.event_deck
    return {
        "game": "robinson",
        "scenario": {"number": card.number, "name": card.name, "rounds": state.rounds,
                     "weather": [sorted(d) for d in state.weather],
                     "weather_unconfirmed": state.scenario == 6,
                     "event_deck": {"book": book, "adventure": adventure,
                                    "total": book + adventure}},
        "round": state.round,
        "last_round": state.rounds,
        "phase": state.phase,
        "phase_title": to_json(PHASE_WORDS[state.phase]),
        "phases": list(PHASES),
        "phase_track": [{**p, "name": to_json(p["name"])} for p in phase_track(state)],
        "first_player": state.first_player,
        "players": [{"name": p, "character": state.character_of(p).name,
                     "determination": state.character_of(p).determination}
                    for p in state.players],
        "characters": characters_view(state),
        "morale": state.morale,
        "morale_phase": {"level": level, "tokens": tokens, "choice": tokens is None},
        "resources": {"wood": state.wood, "food": state.food,
                      "nonperishable_food": state.nonperishable_food, "fur": state.fur,
                      "food_total": state.food_total},
        "future": dict(state.future),
        "discard_costs": discard_costs(state),
        "camp": camp_view(state),
        "weather_tokens": {"rain": state.rain_tokens, "snow": state.snow_tokens,
                           "storm": state.storm_tokens},
        "weather_dice": [d for d in WEATHER_DIE_NAMES if d in state.dice_this_round],
        "placed_dice": [d for d in WEATHER_DIE_NAMES if d in state.placed_dice],
        "weather_preview": weather_preview(state),
        "night": {"food_needed": need, "food": state.food_total, "cannot_eat": short},
        **dice_and_costs(state),
        "solo": state.solo,
        "friday": state.character("Friday") is not None,
        "arranging_camp_card": len(state.players) == 4,
        "last_steps": [to_json(s) for s in state.last_steps],
        "result": state.result,
        "end_reason": to_json(state.end_reason),
        "unconfirmed": [to_json(n) for n in unconfirmed(state)],
        "choices": {k: to_json(m) for k, m in choices(state).items()},
        "header": {k: to_json(m) for k, m in header(state).items()},
        "now": {k: [to_json(m) for m in v] if k == "lines" else to_json(v)
                for k, v in now(state).items()},
        "options": {**{key: getattr(state, key) for key in FRIDAY_SETTINGS},
                    "build_wound_faces": state.build_wound_faces,
                    "wounds_to_death": {ch.name: ch.death_at for ch in state.characters},
                    "death_defaults": state.death_defaults},
    }


def choices(state: State) -> dict:
    """The app's readings of what the rules leave open, for the "How this app reads the rules"
    fold (a 2-player game without Friday is a house rule, said only then)."""
    out = {"future": FUTURE_RULE, "hunting": HUNTING_CHOICE, "shortage": SHORTAGE_CHOICE,
           "arrows": ARROW_CHOICE, "top_morale": TOP_MORALE_CHOICE, "food": FOOD_CHOICE}
    if len(state.players) == 2 and state.character("Friday") is None:
        out["no_friday"] = NO_FRIDAY_CHOICE
    return out
