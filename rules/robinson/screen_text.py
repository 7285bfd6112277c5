"""The sentences of the screens' header and "Now" panel, worked out from the state, so that a
screen draws them without knowing the phases: what phase it is, what to do in it, the label of
the button that moves on, and what a screen that cannot make the phase's move reads instead."""
from __future__ import annotations

from typing import Any

from rules.words import plural

from .data import SCENARIOS
from .moves import morale_plan
from .night import night_needs
from .state import PHASE_TITLES, PHASES, State
from .text import dice_words, signed, title

NEXT = {"setup": "Start round 1", "event": "Go to the Morale phase",
        "production": "Go to the Action phase", "action": "Go to the Weather phase"}
"""The label of the button that moves the game on, in the phases that end that way."""

PHASE_MOVE = {"morale": "resolve_morale", "weather": "confirm_weather", "night": "night"}
"""The move that ends each of the other phases (the rest end by ``next_phase``)."""


def phase_trail(state: State) -> str:
    """"Event (skipped) › MORALE (now) › Production › ...": the round's six phases."""
    out = []
    for p in PHASES:
        name = p.title()
        if state.phase in ("setup", "over"):
            out.append(name)
        elif p == state.phase:
            out.append(f"{name.upper()} (now)")
        elif PHASES.index(p) < PHASES.index(state.phase):
            out.append(f"{name} (skipped)" if p == "event" and state.round == 1
                       else f"{name} (done)")
        else:
            out.append(name)
    return " › ".join(out)


def header(state: State) -> dict[str, str]:
    """The round and phase in big, the phase trail, the scenario and this round's dice."""
    card = SCENARIOS[state.scenario]
    fp = state.first_player
    head = (f"Setup — round 1 of {state.rounds} comes next" if state.phase == "setup" else
            f"Round {state.round} of {state.rounds} — {PHASE_TITLES[state.phase]}")
    dice = dice_words(state.dice_this_round) if state.dice_this_round else "none"
    return {"head": head, "phases": phase_trail(state),
            "scenario": f"Scenario {card.number}: {card.name}, last round {state.rounds}. "
                        f"First Player: {fp} ({title(state.character_of(fp).name)}).",
            "dice": f"Weather dice this round: {dice}."}


def morale_lines(state: State) -> list[str]:
    fp = state.first_player
    ch = title(state.character_of(fp).name)
    level, tokens = morale_plan(state)
    lines = [f"Solo game: Morale rises by 1 first ({signed(state.morale)} to "
             f"{signed(level)})."] if state.solo else []
    if tokens is None:
        return lines + [f"Morale +3: {fp} chooses 2 Determination tokens or healing 1 Wound "
                        f"of {ch}."]
    words = ("nothing to gain or discard" if tokens == 0 else
             f"{fp} gains {plural(tokens, 'Determination token')}" if tokens > 0 else
             f"{fp} discards {plural(-tokens, 'Determination token')} (each one lacking is "
             f"a Wound for {ch})")
    return lines + [f"Morale {signed(level)}: {words}."]


def weather_lines(state: State) -> list[str]:
    dice = state.dice_this_round
    lines = [f"Roll: {dice_words(dice)}." if dice else "No Weather die this round."]
    if state.placed_dice:
        lines.append(f"On the Weather space by a game effect: {dice_words(state.placed_dice)}. "
                     "Always rolled, whatever the Scenario card says.")
    return lines


def night_lines(state: State) -> list[str]:
    need, short = night_needs(state)
    lines = [f"Food: {state.food_total} for {plural(need, 'character')} — choose {short} who "
             f"{'does' if short == 1 else 'do'} not eat (2 Wounds each)." if short else
             f"Eat: {need} food for {plural(need, 'character')} ({state.food_total} in the "
             "camp)."]
    lines.append("Sleep: the Shelter protects everyone." if state.shelter else
                 "Sleep: the natural Shelter of the camp's tile protects everyone."
                 if state.natural_shelter else
                 "Sleep: no Shelter, so each player takes 1 Wound.")
    if state.food:
        lines.append(f"Food rots: {state.food} food is discarded after eating.")
    return lines


PHASE_LINES = {
    "setup": lambda state: ["Set the board up as the list above says (the room's banner), "
                            "then start round 1. Its Event phase is skipped."],
    "event": lambda state: ["Draw the top Event card and resolve it; change the island "
                            "below for what it does."],
    "morale": morale_lines,
    "production": lambda state: ["Take 1 resource for each food or wood source on the Camp's "
                                 "Island tile (Gain buttons below)."],
    "action": lambda state: [
        "Plan the pawns, then resolve in order: Threat, Hunting, Building, Gathering, "
        "Exploration, Arranging the Camp, Rest. 1 pawn on Build, Gather or Explore rolls the "
        "action dice; 2 pawns succeed without dice.",
        "Gains of this phase go to Future Resources: they cannot pay for another Action now "
        "and arrive when the phase ends."],
    "weather": weather_lines,
    "night": night_lines,
    "over": lambda state: [],
}


def now(state: State) -> dict[str, Any]:
    """The "Now" panel: its title, its lines (the first one said big), the button that moves
    on (``next``, or None), the move that ends the phase (``move``) and what a screen that
    may not make that move reads instead (``waiting``)."""
    fp = state.first_player
    waiting = {"morale": f"The First Player ({fp}) resolves it.",
               "weather": f"The First Player ({fp}) or the table rolls or enters the Weather "
                          "dice, then confirms them.",
               "night": f"The First Player ({fp}) or the table resolves the Night.",
               "over": ""}.get(state.phase, f"The First Player ({fp}) or the table moves on "
                                             "when the group is ready.")
    last = state.round == state.rounds
    return {"title": f"Now: {PHASE_TITLES[state.phase]}", "lines": PHASE_LINES[state.phase](state),
            "next": NEXT.get(state.phase), "move": PHASE_MOVE.get(state.phase, "next_phase"),
            "waiting": waiting,
            "night_button": "Resolve the Night" + (" (the last round)" if last else "")}
