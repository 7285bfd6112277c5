"""The sentences of the screens' header and "Now" panel, worked out from the state, so that a
screen draws them without knowing the phases: what phase it is, what to do in it, the label of
the button that moves on, and what a screen that cannot make the phase's move reads instead."""
from __future__ import annotations

from typing import Any

from .data import SCENARIOS
from .reminders import reminders
from .state import PHASE_TITLES, PHASES, State
from .text import dice_words, title

NEXT = {"setup": "Start round 1", "event": "Go to the Morale phase",
        "production": "Go to the Action phase", "action": "Go to the Weather phase"}
"""The label of the button that moves the game on, in the phases that end that way."""

PHASE_MOVE = {"morale": "resolve_morale", "weather": "confirm_weather", "night": "night"}
"""The move that ends each of the other phases (the rest end by ``next_phase``)."""


def phase_track(state: State) -> list[dict[str, str]]:
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
        out.append({"phase": p, "name": p.title(), "where": where})
    return out


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
    return {"title": f"Now: {PHASE_TITLES[state.phase]}", "lines": list(reminders(state)[1:]),
            "next": NEXT.get(state.phase), "move": PHASE_MOVE.get(state.phase, "next_phase"),
            "waiting": waiting,
            "night_button": "Resolve the Night" + (" (the last round)" if last else "")}
