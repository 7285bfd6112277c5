"""The phase banner and checklist: what the table should do now, in words."""
from __future__ import annotations

from rules.words import plural

from .camp import RESOURCES
from .data import SCENARIOS
from .moves import morale_plan
from .night import night_needs
from .state import PHASE_TITLES, State
from .text import CLEAN_UP, FRIDAY_SETTINGS, FUTURE_RULE, dice_words, schedule_words, signed

def unconfirmed(state: State) -> list[str]:
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
    lines.append(f"Weather dice: {schedule_words(state.weather)}.")
    lines.append(f"{state.first_player} (the youngest player) is the First Player and manages "
                 "Determination in the Morale phase.")
    lines.append("Morale starts at 0, Weapon at 0; the camp starts on Island tile 8"
                 + (", which has a natural Shelter." if state.natural_shelter else
                    ". If the tile shows a natural Shelter, mark it on the camp."))
    lines.extend(unconfirmed(state))
    lines.append("When the board is ready, start round 1 (its Event phase is skipped).")
    return lines


def _morale_lines(state: State) -> list[str]:
    fp = state.first_player
    fp_ch = state.character_of(fp)
    level, tokens = morale_plan(state)
    lines = []
    if state.solo:
        lines.append(f"Solo game: Morale rises by 1 first ({signed(state.morale)} to "
                     f"{signed(level)}).")
    if tokens is None:
        lines.append(f"Morale +3: {fp} chooses 2 Determination tokens or healing 1 Wound of "
                     f"{fp_ch.title}.")
    elif tokens > 0:
        lines.append(f"Morale {signed(level)}: {fp} gains "
                     f"{plural(tokens, 'Determination token')}.")
    elif tokens == 0:
        lines.append("Morale 0: nothing to gain or discard.")
    else:
        short = max(0, -tokens - fp_ch.determination)
        lines.append(f"Morale {signed(level)}: {fp} discards "
                     f"{plural(-tokens, 'Determination token')}"
                     + (f"; {fp} has {fp_ch.determination}, so {fp_ch.title} takes "
                        f"{plural(short, 'Wound')}." if short else "."))
    return lines


def _action_lines(state: State) -> list[str]:
    """The Action phase in a few lines; the costs, the Beast fight and the choices are said
    beside their controls."""
    lines = ["Plan the pawns (2 each), then resolve in order: Threat, Hunting, Building, "
             "Gathering, Exploration, Arranging the Camp, Rest.",
             "1 pawn on Building, Gathering or Exploration rolls its action dice (Wound, "
             "Success, Adventure, in that order); 2 pawns succeed without dice.",
             FUTURE_RULE]
    waiting = {k: n for k, n in state.future.items() if n}
    if waiting:
        lines.append("In Future Resources now: " + ", ".join(
            f"{n} {RESOURCES[k]}" for k, n in waiting.items()) + ".")
    lines.append("Then go on to the Weather phase.")
    return lines


def _weather_lines(state: State) -> list[str]:
    """Which dice to roll and what waits on the Weather space; the steps are drawn, numbered,
    under the dice."""
    dice = state.dice_this_round
    lines = [f"Roll: {dice_words(dice)}." if dice else "No Weather die this round."]
    if state.placed_dice:
        lines.append(f"On the Weather space by a game effect: {dice_words(state.placed_dice)}. "
                     "Always rolled, whatever the Scenario card says.")
    if state.rain_tokens or state.snow_tokens or state.storm_tokens:
        lines.append(f"Weather tokens: {state.rain_tokens} rain, {state.snow_tokens} snow, "
                     f"{state.storm_tokens} storm.")
    if dice and state.pending_weather is None:
        lines.append("Roll them in the app or enter the faces of the real dice.")
    else:
        lines.append("Read the steps, then confirm the weather to apply it.")
    return lines


def _night_lines(state: State) -> list[str]:
    need, short = night_needs(state)
    lines = [f"Food: {state.food_total} for {plural(need, 'character')} — choose {short} who "
             f"{'does' if short == 1 else 'do'} not eat (2 Wounds each)." if short else
             f"Eat: {need} food for {plural(need, 'character')} ({state.food_total} in the "
             "camp)."]
    lines.append("Move the camp? With a built Shelter, Roof and Palisade lose half (rounded "
                 "down); without one, a Roof or Palisade on a natural Shelter is lost.")
    lines.append("Sleep: the Shelter protects everyone." if state.shelter else
                 "Sleep: the natural Shelter of the camp's tile protects everyone."
                 if state.natural_shelter else
                 "Sleep: no Shelter, so each player takes 1 Wound.")
    if state.food:
        lines.append(f"Food rots: {plural(state.food, 'food', 'food')} is discarded after "
                     "eating.")
    lines.append(CLEAN_UP if state.round < state.rounds else
                 "This is the last round: unless the goal is met, the group loses tonight.")
    return lines


def reminders(state: State) -> tuple[str, ...]:
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
