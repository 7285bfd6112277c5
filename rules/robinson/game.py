"""GAME: the Robinson Crusoe round assistant — what the table screen says and shows.

The moves live in ``moves.py``; this module words the phase banner and checklist
(``reminders``), the one view every seat shares (``view``) and the history line (``describe``).
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from .camp import RESOURCES, discard_costs
from .data import (SCENARIOS, WEAPON_COST_WOOD, WEATHER_DICE, WEATHER_DIE_NAMES,
                   roof_palisade_cost)
from .hunting import HUNTING_CHOICE
from .moves import (CLEAN_UP, MOVES, _dice_words, _signed, morale_plan, night_needs,
                    weather_outcome)
from .setup import FRIDAY_SETTINGS, _setup
from .state import PHASE_TITLES, PHASES, State
from .tracks import ACTIONS, action_dice
from .weather import plural

SHORTAGE_CHOICE = ("Choice: a resource or level discarded beyond what the camp has costs each "
                   "player 1 Wound for each one lacking, as in the Weather phase (Friday is no "
                   "player).")
FUTURE_RULE = ("Resources gained in the Action phase go to Future Resources: they cannot pay "
               "for another Action in this phase and arrive when it ends.")


# --- the words on the table screen ----------------------------------------------------------

def _unconfirmed(state: State) -> list[str]:
    notes = []
    deaths = ", ".join(f"{ch.name} {ch.death_at}" for ch in state.characters)
    notes.append(f"Wounds to death are unconfirmed (the sources disagree); this game uses "
                 f"{deaths}. Check your character cards and change them in the setup options.")
    notes.append(f"The Build Wound die is unconfirmed: {state.build_wound_faces} Wound faces of 6 "
                 "here (the sources say 2 or 4).")
    if state.scenario == 6:
        notes.append("Scenario 6's weather schedule is unconfirmed: "
                     + ("as entered by the table." if state.weather_edited else
                        "the default copies scenario 1; enter the one printed on your sheet."))
    if state.character("Friday") is not None:
        notes.append(friday_settings(state))
    return notes


def friday_settings(state: State) -> str:
    """Friday's three settings in one sentence, each with its default."""
    said = "; ".join(f"{words}: {'yes' if getattr(state, key) else 'no'}"
                     for key, words in FRIDAY_SETTINGS.items())
    return f"Friday, settings chosen at setup (default no for each): {said}."


def _schedule_words(weather: tuple[frozenset[str], ...]) -> str:
    spans, start = [], 1
    for r in range(2, len(weather) + 2):
        if r > len(weather) or weather[r - 1] != weather[start - 1]:
            dice = _dice_words(weather[start - 1])
            spans.append(f"round {start} {dice}" if start == r - 1 else
                         f"rounds {start}–{r - 1} {dice}")
            start = r
    return "; ".join(spans)


def _setup_lines(state: State) -> list[str]:
    card = SCENARIOS[state.scenario]
    lines = []
    cast = "; ".join(f"{ch.player} plays {ch.title}" for ch in state.characters if ch.player)
    lines.append(f"Characters: {cast}. Each takes the matching Invention card, 2 pawns and "
                 "a Wound marker on the leftmost space of the life track.")
    if state.character("Friday"):
        lines.append("Friday joins the group: his card, the white pawn and a Wound marker on "
                     "his life track.")
    if state.solo:
        lines.append("Solo game: Morale rises by 1 at the start of every Morale phase.")
    lines.append("Inventions: the 9 Invention cards marked with the special symbol plus 5 other "
                 "random ones, face up on the board; the rest shuffled face up as the Invention "
                 "deck.")
    lines.append("Starting Items: shuffle the 8 Starting Item cards, draw 2, face up beside the "
                 "board with two black markers on each to track uses; the rest go back to the "
                 "box.")
    book, adventure = card.event_deck
    lines.append(f"Event deck: shuffle {book} Book cards and {adventure} Adventure-icon "
                 f"cards together ({book + adventure} cards).")
    lines.append("Food crates: the Wreckage card goes on the rightmost space of the Threat "
                 "Action field.")
    if len(state.players) == 4:
        lines.append("4 players: place the Arranging the Camp card on its space (gain 2 "
                     "Determination or +1 Morale, not both).")
    lines.append(f"Weather dice: {_schedule_words(state.weather)}.")
    lines.append(f"{state.first_player} (the youngest player) is the First Player and manages "
                 "Determination in the Morale phase.")
    lines.append("Morale starts at 0, Weapon at 0; the camp starts on Island tile 8"
                 + (", which has a natural Shelter." if state.natural_shelter else
                    ". If the tile shows a natural Shelter, mark it on the camp."))
    lines.extend(_unconfirmed(state))
    lines.append("When the board is ready, start round 1 (its Event phase is skipped).")
    return lines


def _morale_lines(state: State) -> list[str]:
    fp = state.first_player
    fp_ch = state.character_of(fp)
    level, tokens = morale_plan(state)
    lines = []
    if state.solo:
        lines.append(f"Solo game: Morale rises first ({_signed(state.morale)} to "
                     f"{_signed(level)}).")
    if tokens is None:
        lines.append(f"Morale +3: {fp} chooses to gain 2 Determination tokens or heal "
                     f"1 Wound of {fp_ch.title}.")
    elif tokens > 0:
        lines.append(f"Morale {_signed(level)}: {fp} gains "
                     f"{plural(tokens, 'Determination token')}.")
    elif tokens == 0:
        lines.append("Morale 0: nothing to gain or discard.")
    else:
        short = max(0, -tokens - fp_ch.determination)
        lines.append(f"Morale {_signed(level)}: {fp} discards "
                     f"{plural(-tokens, 'Determination token')}"
                     + (f"; {fp} has {fp_ch.determination}, so {fp_ch.title} takes "
                        f"{plural(short, 'Wound')}." if short else "."))
    return lines


def _action_lines(state: State) -> list[str]:
    wood, fur = roof_palisade_cost(len(state.players))
    lines = ["Plan: each player assigns 2 pawns. Threat Action, Hunting (2 pawns), "
             "Building, Gathering, Exploration, Arranging the Camp, Rest.",
             "1 pawn on Building, Gathering or Exploration: roll its action dice (Wound, "
             "Success, Adventure, in that order); 2 pawns succeed without dice.",
             "Resolve in order: Threat, Hunting, Building, Gathering, Exploration, "
             "Arranging the Camp, Rest.",
             FUTURE_RULE,
             f"Roof or Palisade (needs the Shelter): {wood} wood or {fur} fur a level; "
             "Weapon: 1 wood.",
             "Hunting: the Beast's strength against the Weapon level, 1 Wound for the player "
             "fighting per level lacking; then Weapon loss, food and fur, Palisade loss.",
             HUNTING_CHOICE,
             f"Build action dice: {state.build_wound_faces} Wound faces of 6 (unconfirmed)."]
    waiting = {k: n for k, n in state.future.items() if n}
    if waiting:
        lines.append("In Future Resources now: " + ", ".join(
            f"{n} {RESOURCES[k]}" for k, n in waiting.items()) + ".")
    lines.append("Then go on to the Weather phase.")
    return lines


def _weather_lines(state: State) -> list[str]:
    dice = state.dice_this_round
    lines = [f"Roll: {_dice_words(dice)}" + (" (roll in the app or enter the faces of the real "
                                            "dice)." if dice else ".")]
    if state.placed_dice:
        lines.append(f"Placed on the Weather space by a game effect: "
                     f"{_dice_words(state.placed_dice)}; always rolled, whatever the Scenario "
                     "card says.")
    if state.rain_tokens or state.snow_tokens or state.storm_tokens:
        lines.append(f"Weather tokens: {state.rain_tokens} rain, {state.snow_tokens} snow, "
                     f"{state.storm_tokens} storm.")
    lines.append(f"Roof {state.roof}, Palisade {state.palisade}, Weapon {state.weapon}; "
                 f"{state.wood} wood, {state.food_total} food."
                 + ("" if state.covered else " No Shelter: the Roof and Palisade protect from "
                    "nothing."))
    if state.pending_weather is not None or not dice:
        _, result = weather_outcome(state, dict(state.pending_weather or ()))
        lines.extend(result.steps)
        lines.append("Confirm the weather to apply it.")
    return lines


def _night_lines(state: State) -> list[str]:
    need, short = night_needs(state)
    lines = []
    if short:
        lines.append(f"Eat: {plural(state.food_total, 'food', 'food')} for "
                     f"{plural(need, 'character')} - name {short} who "
                     f"{'does' if short == 1 else 'do'} not eat (2 Wounds each).")
    else:
        lines.append(f"Eat: {plural(need, 'food', 'food')} for {plural(need, 'character')}.")
    lines.append("Move the camp? With a built Shelter, Roof and Palisade lose half (rounded "
                 "down); without one, a Roof or Palisade on a natural Shelter is lost.")
    lines.append("Sleep: the Shelter protects." if state.shelter else
                 "Sleep: the natural Shelter of the camp's tile protects."
                 if state.natural_shelter else
                 "Sleeping in the open: no Shelter, each player takes 1 Wound.")
    if state.food:
        lines.append(f"Food rots: {plural(state.food, 'food', 'food')} will be discarded.")
    lines.append(CLEAN_UP if state.round < state.rounds else
                 "This is the last round: unless the goal is met, the group loses tonight.")
    return lines


def _reminders(state: State) -> tuple[str, ...]:
    card = SCENARIOS[state.scenario]
    if state.phase == "over":
        return ((("Victory! " if state.result == "victory" else "Defeat. ") + state.end_reason),)
    head = (f"Round {state.round} of {state.rounds} — {PHASE_TITLES[state.phase]}"
            if state.phase != "setup" else
            f"Setup — scenario {card.number}: {card.name}, {state.rounds} rounds")
    lines = [head]
    if state.phase == "setup":
        lines += _setup_lines(state)
    elif state.phase == "event":
        lines += ["Draw the top Event card and resolve its Event effect. An Adventure or Mystery "
                  "card: resolve its Event effect, discard it and draw again.",
                  "Adventure icon: place its token on the Action field; Book icon: read the "
                  "Scenario card.",
                  "Place the card on the rightmost space of the Threat Action field; a card "
                  "sliding off resolves its Threat effect.",
                  "Then go on to the Morale phase."]
    elif state.phase == "morale":
        lines += _morale_lines(state)
    elif state.phase == "production":
        lines += ["Take 1 resource for each food or wood source on the Camp's Island tile.",
                  "Then go on to the Action phase."]
    elif state.phase == "action":
        lines += _action_lines(state)
    elif state.phase == "weather":
        lines += _weather_lines(state)
    elif state.phase == "night":
        lines += _night_lines(state)
    if state.phase in ("weather", "night") and state.character("Friday"):
        lines.append(friday_settings(state))
    return tuple(lines)


def _weather_preview(state: State) -> dict[str, Any] | None:
    """The Weather phase worked out before it is confirmed (nothing to enter: at once)."""
    if state.phase != "weather" or (state.pending_weather is None and state.dice_this_round):
        return None
    faces = dict(state.pending_weather or ())
    intro, result = weather_outcome(state, faces)
    return {"faces": faces, "steps": list(intro + result.steps), "wounds": result.wounds,
            "wood": result.wood, "food": result.food, "palisade": result.palisade}


def _characters_view(state: State) -> list[dict[str, Any]]:
    return [{"name": ch.name, "player": ch.player, "wounds": ch.wounds,
             "death_at": ch.death_at, "life_left": ch.death_at - ch.wounds,
             "arrows": sorted(ch.arrows),
             "next_arrow": min((a for a in ch.arrows if a > ch.wounds), default=None),
             "determination": ch.determination, "dead": ch.dead,
             "eats": ch in state.eaters, "sleeps_out": ch in state.sleepers,
             "weather_wounds": ch in state.weather_group}
            for ch in state.characters]


def _camp_view(state: State) -> dict[str, Any]:
    return {"shelter": state.shelter, "natural_shelter": state.natural_shelter,
            "covered": state.covered, "roof": state.roof, "palisade": state.palisade,
            "weapon": state.weapon}


def _view(state: State) -> dict[str, Any]:
    card = SCENARIOS[state.scenario]
    level, tokens = morale_plan(state)
    need, short = night_needs(state)
    book, adventure = card.event_deck
    wood, fur = roof_palisade_cost(len(state.players))
    action = {a: action_dice(a, build_wound_faces=state.build_wound_faces) for a in ACTIONS}
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
        "phase_title": PHASE_TITLES[state.phase],
        "phases": list(PHASES),
        "first_player": state.first_player,
        "players": [{"name": p, "character": state.character_of(p).name,
                     "determination": state.character_of(p).determination}
                    for p in state.players],
        "characters": _characters_view(state),
        "morale": state.morale,
        "morale_phase": {"level": level, "tokens": tokens, "choice": tokens is None},
        "resources": {"wood": state.wood, "food": state.food,
                      "nonperishable_food": state.nonperishable_food, "fur": state.fur,
                      "food_total": state.food_total},
        "future": dict(state.future),
        "discard_costs": discard_costs(state),
        "camp": _camp_view(state),
        "weather_tokens": {"rain": state.rain_tokens, "snow": state.snow_tokens,
                           "storm": state.storm_tokens},
        "weather_dice": [d for d in WEATHER_DIE_NAMES if d in state.dice_this_round],
        "placed_dice": [d for d in WEATHER_DIE_NAMES if d in state.placed_dice],
        "weather_preview": _weather_preview(state),
        "night": {"food_needed": need, "food": state.food_total, "cannot_eat": short},
        "dice": {"weather": {name: [f.label for f in faces] for name, faces
                             in WEATHER_DICE.items()},
                 "action": {a: {"wound": list(d.wound), "success": list(d.success),
                                "adventure": list(d.adventure)} for a, d in action.items()}},
        "costs": {"roof_or_palisade": {"wood": wood, "fur": fur},
                  "weapon": {"wood": WEAPON_COST_WOOD}},
        "solo": state.solo,
        "friday": state.character("Friday") is not None,
        "arranging_camp_card": len(state.players) == 4,
        "last_steps": list(state.last_steps),
        "result": state.result,
        "end_reason": state.end_reason,
        "unconfirmed": _unconfirmed(state),
        "choices": {"future": FUTURE_RULE, "hunting": HUNTING_CHOICE,
                    "shortage": SHORTAGE_CHOICE},
        "options": {**{key: getattr(state, key) for key in FRIDAY_SETTINGS},
                    "build_wound_faces": state.build_wound_faces,
                    "wounds_to_death": {ch.name: ch.death_at for ch in state.characters},
                    "death_defaults": state.death_defaults},
    }


class RobinsonCrusoe:
    """Robinson Crusoe: Adventures on the Cursed Island — the co-operative round assistant."""

    key = "robinson"
    title = "Robinson Crusoe: Adventures on the Cursed Island"
    min_players = 1
    max_players = 4

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """The island before round 1.

        Options (all optional): ``scenario`` 1–6 (default 1); ``characters`` {player:
        character} (default in seat order; 2 players: Carpenter, Cook, Explorer only);
        ``first_player`` (the youngest; default the first name); ``friday`` (default: a 2-player
        game); and the unconfirmed values ``wounds_to_death`` {character: n},
        ``build_wound_faces`` (2 or 4, default 2), ``scenario6_weather`` (12 lists of dice),
        Friday's ``friday_eats``, ``friday_sleeps_out``, ``friday_weather`` (each default
        false; ``friday_counts_as_player`` true turns all three on).
        """
        return _setup(players, options if options is not None else {})

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise RuleError("That is not a Robinson Crusoe game.")
        if not isinstance(action, Action) or not isinstance(action.move, str):
            raise RuleError("That is not a move.")
        args = action.args if action.args is not None else {}
        if not isinstance(args, Mapping):
            raise RuleError("A move's arguments must be named values.")
        if action.actor != TABLE and action.actor not in state.players:
            raise RuleError(f"{action.actor!r} is not at this table.")
        if state.result is not None:
            raise RuleError(f"The game is over. {state.end_reason}")
        if action.move == "vote_result":
            raise RuleError("Robinson Crusoe is co-operative: there is no vote.")
        if action.move not in MOVES:
            raise RuleError(f"Robinson Crusoe has no move {action.move!r}.")
        handler, allowed = MOVES[action.move]
        extra = sorted(set(args) - allowed, key=str)
        if extra:
            raise RuleError(f"The move {action.move!r} takes no {extra[0]!r}.")
        if state.phase == "setup" and action.move not in ("next_phase", "resources", "levels",
                                                          "shelter", "camp_tile",
                                                          "determination"):
            raise RuleError("Finish the setup first: start round 1.")
        return handler(state, action.actor, args)

    def view(self, state: State, seat: str | None) -> Mapping[str, Any]:
        """The same island for every seat: the game is co-operative and hides nothing."""
        return _view(state)

    def reminders(self, state: State) -> tuple[str, ...]:
        return _reminders(state)

    def vote_call(self, state: State) -> VoteCall | None:
        """Never: Robinson Crusoe has no secret vote."""
        return None

    def describe(self, state: State, action: Action) -> str:
        """The history line: who did what, then what it did, in words."""
        who = "Table" if action.actor == TABLE else str(action.actor)
        name = str(action.move).replace("_", " ")
        try:
            after = self.apply(state, action)
        except RuleError as err:
            return f"{who}: {name} — refused: {err}"
        where = (f"Round {state.round}, {PHASE_TITLES[state.phase]}"
                 if state.phase != "setup" else "Setup")
        return f"{where} — {who}: {name}. " + " ".join(after.last_steps)


GAME = RobinsonCrusoe()
