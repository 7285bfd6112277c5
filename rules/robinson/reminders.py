"""The phase banner and checklist: what the table should do now, in words (messages of the
game's catalog; ``str()`` of each is its English)."""
from __future__ import annotations

from rules.words import Items, Speaker

from .data import SCENARIOS
from .moves import morale_plan
from .night import night_needs
from .state import State
from .text import (SCENARIO_WORDS, CHARACTER_WORDS, CLEAN_UP, FUTURE_RULE, PHASE_WORDS, THE_CHARACTER, amounts,
                   characters,
                   dice_message, food, friday_settings_message, schedule_message, semicolons,
                   signed, tokens, wounds)

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n


def unconfirmed(state: State) -> list:
    notes = []
    deaths = Items(_("{character} {n}", character=CHARACTER_WORDS.get(ch.name, ch.name),
                     n=ch.death_at) for ch in state.characters)
    notes.append(_("Wounds to death are unconfirmed (the sources disagree); this game uses "
                   "{deaths}. Check your character cards and change them in the setup options.",
                   deaths=deaths))
    notes.append(_("The Build Wound die is unconfirmed: {faces} Wound faces of 6 here (the "
                   "sources say 2 or 4).", faces=state.build_wound_faces))
    if state.scenario == 6:
        notes.append(_("Scenario 6's weather schedule is unconfirmed: as entered by the table.")
                     if state.weather_edited else
                     _("Scenario 6's weather schedule is unconfirmed: the default copies "
                       "scenario 1; enter the one printed on your sheet."))
    if state.character("Friday") is not None:
        notes.append(friday_settings(state))
    return notes


def friday_settings(state: State):
    """Friday's three settings in one sentence, each with its default."""
    return friday_settings_message(state)


def _setup_lines(state: State) -> list:
    card = SCENARIOS[state.scenario]
    lines = []
    cast = semicolons([_("{player} plays {character}", player=ch.player,
                         character=THE_CHARACTER.get(ch.name, ch.name))
                       for ch in state.characters if ch.player])
    lines.append(_("Characters: {cast}. Each takes the matching Invention card, 2 pawns and a "
                   "Wound marker on the leftmost space of the life track.", cast=cast))
    if state.character("Friday"):
        lines.append(_("Friday joins the group: his card, the white pawn and a Wound marker on "
                       "his life track."))
    if state.solo:
        lines.append(_("Solo game: Morale rises by 1 at the start of every Morale phase."))
    lines.append(_("Inventions: the 9 Invention cards marked with the special symbol plus 5 "
                   "other random ones, face up on the board; the rest shuffled face up as the "
                   "Invention deck."))
    lines.append(_("Starting Items: shuffle the 8 Starting Item cards, draw 2, face up beside "
                   "the board with two black markers on each to track uses; the rest go back to "
                   "the box."))
    book, adventure = card.event_deck
    lines.append(_("Event deck: shuffle {book} Book cards and {adventure} Adventure-icon cards "
                   "together ({total} cards).", book=book, adventure=adventure,
                   total=book + adventure))
    lines.append(_("Food crates: the Wreckage card goes on the rightmost space of the Threat "
                   "Action field."))
    if len(state.players) == 4:
        lines.append(_("4 players: place the Arranging the Camp card on its space (gain 2 "
                       "Determination or +1 Morale, not both)."))
    lines.append(_("Weather dice: {schedule}.", schedule=schedule_message(state.weather)))
    lines.append(_("{player} (the youngest player) is the First Player and manages "
                   "Determination in the Morale phase.", player=state.first_player))
    lines.append(_("Morale starts at 0, Weapon at 0; the camp starts on Island tile 8, which "
                   "has a natural Shelter.") if state.natural_shelter else
                 _("Morale starts at 0, Weapon at 0; the camp starts on Island tile 8. If the "
                   "tile shows a natural Shelter, mark it on the camp."))
    lines.extend(unconfirmed(state))
    lines.append(_("When the board is ready, start round 1 (its Event phase is skipped)."))
    return lines


def _morale_lines(state: State) -> list:
    fp = state.first_player
    fp_ch = state.character_of(fp)
    level, owed = morale_plan(state)
    lines = []
    if state.solo:
        lines.append(_("Solo game: Morale rises by 1 first ({old} to {new}).",
                       old=signed(state.morale), new=signed(level)))
    if owed is None:
        lines.append(_("Morale +3: {player} chooses 2 Determination tokens or healing 1 Wound "
                       "of {character}.", player=fp,
                       character=THE_CHARACTER.get(fp_ch.name, fp_ch.name)))
    elif owed > 0:
        lines.append(_("Morale {level}: {player} gains {tokens}.", level=signed(level),
                       player=fp, tokens=tokens(owed)))
    elif owed == 0:
        lines.append(_("Morale 0: nothing to gain or discard."))
    else:
        short = max(0, -owed - fp_ch.determination)
        lines.append(
            _("Morale {level}: {player} discards {tokens}; {player} has {have}, so {character} "
              "takes {wounds}.", level=signed(level), player=fp, tokens=tokens(-owed),
              have=fp_ch.determination, character=THE_CHARACTER.get(fp_ch.name, fp_ch.name),
              wounds=wounds(short)) if short else
            _("Morale {level}: {player} discards {tokens}.", level=signed(level), player=fp,
              tokens=tokens(-owed)))
    return lines


def _action_lines(state: State) -> list:
    """The Action phase in a few lines; the costs, the Beast fight and the choices are said
    beside their controls."""
    lines = [_("Plan the pawns (2 each), then resolve in order: Threat, Hunting, Building, "
               "Gathering, Exploration, Arranging the Camp, Rest."),
             _("1 pawn on Building, Gathering or Exploration rolls its action dice (Wound, "
               "Success, Adventure, in that order); 2 pawns succeed without dice."),
             FUTURE_RULE]
    waiting = {k: n for k, n in state.future.items() if n}
    if waiting:
        lines.append(_("In Future Resources now: {resources}.", resources=amounts(waiting)))
    lines.append(_("Then go on to the Weather phase."))
    return lines


def _weather_lines(state: State) -> list:
    """Which dice to roll and what waits on the Weather space; the steps are drawn, numbered,
    under the dice."""
    dice = state.dice_this_round
    lines = [_("Roll: {dice}.", dice=dice_message(dice)) if dice else
             _("No Weather die this round.")]
    if state.placed_dice:
        lines.append(_("On the Weather space by a game effect: {dice}. Always rolled, whatever "
                       "the Scenario card says.", dice=dice_message(state.placed_dice)))
    if state.rain_tokens or state.snow_tokens or state.storm_tokens:
        lines.append(_("Weather tokens: {rain} rain, {snow} snow, {storm} storm.",
                       rain=state.rain_tokens, snow=state.snow_tokens, storm=state.storm_tokens))
    if dice and state.pending_weather is None:
        lines.append(_("Roll them in the app or enter the faces of the real dice."))
    else:
        lines.append(_("Read the steps, then confirm the weather to apply it."))
    return lines


def _night_lines(state: State) -> list:
    need, short = night_needs(state)
    lines = [_n("Food: {food} for {characters} — choose {n} who does not eat (2 Wounds each).",
                "Food: {food} for {characters} — choose {n} who do not eat (2 Wounds each).",
                "n", food=state.food_total, characters=characters(need), n=short) if short else
             _("Eat: {need} food for {characters} ({food} in the camp).", need=need,
               characters=characters(need),
               food=state.food_total)]
    lines.append(_("Move the camp? With a built Shelter, Roof and Palisade lose half (rounded "
                   "down); without one, a Roof or Palisade on a natural Shelter is lost."))
    lines.append(_("Sleep: the Shelter protects everyone.") if state.shelter else
                 _("Sleep: the natural Shelter of the camp's tile protects everyone.")
                 if state.natural_shelter else
                 _("Sleep: no Shelter, so each player takes 1 Wound."))
    if state.food:
        lines.append(_("Food rots: {food} is discarded after eating.", food=food(state.food)))
    lines.append(CLEAN_UP if state.round < state.rounds else
                 _("This is the last round: unless the goal is met, the group loses tonight."))
    return lines


EVENT_LINES = (
    _("Draw the top Event card and resolve its Event effect. An Adventure or Mystery card: "
      "resolve its Event effect, discard it and draw again."),
    _("Adventure icon: place its token on the Action field; Book icon: read the Scenario card."),
    _("Place the card on the rightmost space of the Threat Action field; a card sliding off "
      "resolves its Threat effect."),
    _("Then go on to the Morale phase."),
)
PRODUCTION_LINES = (
    _("Take 1 resource for each food or wood source on the Camp's Island tile."),
    _("Then go on to the Action phase."),
)


def reminders(state: State) -> tuple:
    card = SCENARIOS[state.scenario]
    if state.phase == "over":
        return ((_("Victory! {reason}", reason=state.end_reason) if state.result == "victory"
                 else _("Defeat. {reason}", reason=state.end_reason)),)
    head = (_("Round {round} of {rounds} — {phase}", round=state.round, rounds=state.rounds,
              phase=PHASE_WORDS[state.phase])
            if state.phase != "setup" else
            _("Setup — scenario {number}: {name}, {rounds} rounds", number=card.number,
              name=SCENARIO_WORDS.get(card.number, card.name), rounds=state.rounds))
    lines = [head]
    if state.phase == "setup":
        lines += _setup_lines(state)
    elif state.phase == "event":
        lines += EVENT_LINES
    elif state.phase == "morale":
        lines += _morale_lines(state)
    elif state.phase == "production":
        lines += PRODUCTION_LINES
    elif state.phase == "action":
        lines += _action_lines(state)
    elif state.phase == "weather":
        lines += _weather_lines(state)
    elif state.phase == "night":
        lines += _night_lines(state)
    if state.phase in ("weather", "night") and state.character("Friday"):
        lines.append(friday_settings(state))
    return tuple(lines)
