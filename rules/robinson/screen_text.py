"""The sentences of the screens' header and "Now" panel, worked out from the state, so that a
screen draws them without knowing the phases: what phase it is, what to do in it, the label of
the button that moves on, and what a screen that cannot make the phase's move reads instead.
Each is a message of the game's catalog (the view carries it as plain data)."""
from __future__ import annotations

from typing import Any

from rules.words import Speaker

from .data import SCENARIOS
from .reminders import reminders
from .state import PHASES, State
from .text import SCENARIO_WORDS, PHASE_NAMES, PHASE_WORDS, THE_CHARACTER, dice_message

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")

NEXT = {"setup": _("Start round 1"), "event": _("Go to the Morale phase"),
        "production": _("Go to the Action phase"), "action": _("Go to the Weather phase")}
"""The label of the button that moves the game on, in the phases that end that way."""

PHASE_MOVE = {"morale": "resolve_morale", "weather": "confirm_weather", "night": "night"}
"""The move that ends each of the other phases (the rest end by ``next_phase``)."""


def phase_track(state: State) -> list[dict[str, Any]]:
    """The round's six phases as the board's track: each phase's name and where the round is
    ("now", "done", "skipped": round 1's Event phase, "next"; all "next" before round 1 and
    "done" once the game is over)."""
    out = []
    for p in PHASES:
        if state.phase == "setup":
            where = "next"
        elif state.phase == "over":
            where = "done"
        elif p == state.phase:
            where = "now"
        elif PHASES.index(p) < PHASES.index(state.phase):
            where = "skipped" if p == "event" and state.round == 1 else "done"
        else:
            where = "next"
        out.append({"phase": p, "name": PHASE_NAMES[p], "where": where})
    return out


def header(state: State) -> dict[str, Any]:
    """The round and phase in big, the scenario and this round's dice."""
    card = SCENARIOS[state.scenario]
    fp = state.first_player
    head = (_("Setup — round 1 of {rounds} comes next", rounds=state.rounds)
            if state.phase == "setup" else
            _("Round {round} of {rounds} — {phase}", round=state.round, rounds=state.rounds,
              phase=PHASE_WORDS[state.phase]))
    ch = state.character_of(fp)
    return {"head": head,
            "scenario": _("Scenario {number}: {name}, last round {rounds}. First Player: "
                          "{player} ({character}).", number=card.number, name=SCENARIO_WORDS.get(card.number, card.name),
                          rounds=state.rounds, player=fp,
                          character=THE_CHARACTER.get(ch.name, ch.name)),
            "dice": (_("Weather dice this round: {dice}.",
                       dice=dice_message(state.dice_this_round))
                     if state.dice_this_round else _("Weather dice this round: none."))}


WAITING = {
    "morale": lambda fp: _("The First Player ({player}) resolves it.", player=fp),
    "weather": lambda fp: _("The First Player ({player}) or the table rolls or enters the "
                            "Weather dice, then confirms them.", player=fp),
    "night": lambda fp: _("The First Player ({player}) or the table resolves the Night.",
                          player=fp),
    "over": lambda fp: "",
}


def now(state: State) -> dict[str, Any]:
    """The "Now" panel: its title, its lines (the first one said big), the button that moves
    on (``next``, or None), the move that ends the phase (``move``) and what a screen that
    may not make that move reads instead (``waiting``)."""
    fp = state.first_player
    waiting = WAITING.get(state.phase, lambda fp: _(
        "The First Player ({player}) or the table moves on when the group is ready.",
        player=fp))(fp)
    last = state.round == state.rounds
    return {"title": _("Now: {phase}", phase=PHASE_WORDS[state.phase]),
            "lines": list(reminders(state)[1:]),
            "next": NEXT.get(state.phase), "move": PHASE_MOVE.get(state.phase, "next_phase"),
            "waiting": waiting,
            "night_button": (_("Resolve the Night (the last round)") if last else
                             _("Resolve the Night"))}
