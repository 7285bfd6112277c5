"""GAME: the Robinson Crusoe round assistant on the one game contract (``rules.base``).

Every move is declared once below: who may make it, in which phases, with which arguments,
and the game's own guard (the First Player's decisions). The moves themselves are in
``moves.py``, ``camp.py`` and ``night.py``; the banner in ``reminders.py``; what the screens
show in ``view.py``; the setup options in ``setup.py``.

Co-operative: every seat sees the same island and there is no vote. The table screen may make
every move; a player may make the moves about the whole group and those about their own
character (anyone may move Friday, who belongs to no player); the decisions the rulebook gives
the First Player ("manages Determination tokens during the Morale phase and resolves any
disagreements") are made by the First Player or the table screen.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, Outcome, Placing, VoteCall
from rules.base import ANYONE, BaseGame, move
from rules.words import Speaker

from . import camp, moves, night
from .camp import LEVELS, RESOURCES
from .data import (BUILD_WOUND_FACES, CHARACTERS, DIE_TITLES, PLAYABLE, SCENARIOS,
                   TWO_PLAYER_CHARACTERS, WEATHER_DIE_NAMES)
from .moves import ACTION_FACES, RESOLVE_FIRST, WEATHER_TOKENS, lead_refusal
from .readings import READINGS
from .reminders import reminders
from .setup import OPTIONS, new_game
from .state import PHASES, State
from .text import FRIDAY_SETTINGS, PHASE_WORDS, scenario_summary, sentences, yours
from .view import view

PLAYING = PHASES
SETUP_AND_PLAYING = ("setup", *PHASES)
# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")

GAME_OVER = _("The game is over; nothing more changes.")
NOT_STARTED = _("Finish the setup first: start round 1. (Once the game is over, nothing more "
                "changes.)")
BELONGS = {  # a whole sentence for each phase a move belongs to
    "morale": _("That belongs to the Morale phase."),
    "weather": _("That belongs to the Weather phase."),
    "night": _("That belongs to the Night phase."),
    "action": _("That belongs to the Action phase."),
}


MOVE_WORDS = {
    "next_phase": _("next phase"), "resolve_morale": _("resolve morale"),
    "roll_weather": _("roll weather"), "confirm_weather": _("confirm weather"),
    "night": _("night"), "action_dice": _("action dice"), "rest": _("rest"),
    "arrange_camp": _("arrange camp"), "build": _("build"), "hunt": _("hunt"),
    "shelter": _("shelter"), "resources": _("resources"), "levels": _("levels"),
    "camp_tile": _("camp tile"), "determination": _("determination"),
    "place_weather_die": _("place weather die"), "weather_tokens": _("weather tokens"),
    "wound": _("wound"), "heal": _("heal"), "morale": _("morale"), "goal_met": _("goal met"),
}
"""Each move as a history line names it."""


def history_line(before: State, action: Action, after: State):
    """Where and who, the move, then what it did (the steps the move wrote in ``after``).
    Nothing in this game is secret."""
    who = _("Table") if action.actor == TABLE else str(action.actor)
    where = (_("Round {round}, {phase}", round=before.round, phase=PHASE_WORDS[before.phase])
             if before.phase != "setup" else PHASE_WORDS["setup"])
    return _("{where} — {who}: {move}. {steps}", where=where, who=who,
             move=MOVE_WORDS.get(action.move) or action.move.replace("_", " "),
             steps=sentences(after.last_steps))


def by_lead(doing: str):
    """The guard of a First Player's decision: the First Player or the table screen."""
    return lambda state, actor: lead_refusal(state, actor, doing)


def next_phase_refusal(state: State, actor: str) -> str | None:
    """The First Player moves on; Morale, Weather and Night end only by resolving them."""
    return (lead_refusal(state, actor, "next_phase")
            or RESOLVE_FIRST.get(state.phase))


def in_phase(phase: str) -> dict[str, Any]:
    """A move of one phase, and the sentence for any other."""
    return {"phases": [phase], "not_now": BELONGS[phase]}


def declare(name: str, run, *, args=(), **guards):
    """A move anyone at the table may try (the table, any player): the guards and the move
    itself say who may make it with which arguments."""
    return move(name, run, by=ANYONE, args=args, describe=history_line, **guards)


ANY_TIME = {"phases": SETUP_AND_PLAYING, "not_now": GAME_OVER}
IN_ROUND = {"phases": PLAYING, "not_now": NOT_STARTED}
# the board kept by whoever tends it (a Wound, a resource, the Morale track): awaited from
# nobody, so a device handed around does not pass itself on for it
UPKEEP_ANY_TIME = {**ANY_TIME, "awaited": False}
UPKEEP_IN_ROUND = {**IN_ROUND, "awaited": False}

MOVES = (
    declare("next_phase", moves.next_phase, allowed=next_phase_refusal, **ANY_TIME),
    declare("resolve_morale", moves.resolve_morale, args=["choice"],
            allowed=by_lead("resolve_morale"), **in_phase("morale")),
    declare("roll_weather", moves.roll_weather, args=["faces"], chance=moves.roll_weather_dice,
            allowed=by_lead("roll_weather"), **in_phase("weather")),
    declare("confirm_weather", moves.confirm_weather,
            allowed=by_lead("confirm_weather"), **in_phase("weather")),
    declare("night", night.night, args=["not_eating", "move_camp", "natural_shelter"],
            allowed=by_lead("night"), **in_phase("night")),
    declare("action_dice", moves.action_dice, args=["character", "action", *ACTION_FACES],
            chance=moves.roll_action_dice, **in_phase("action")),
    declare("rest", moves.rest, args=["character"], **in_phase("action")),
    declare("arrange_camp", moves.arrange_camp, args=["character", "choice"],
            **in_phase("action")),
    declare("build", camp.build, args=["item", "pay"], **in_phase("action")),
    declare("hunt", camp.hunt, args=["character", "strength", "weapon_loss", "food", "fur",
                                     "palisade_loss"], **in_phase("action")),
    declare("shelter", camp.shelter, args=["built", "wood", "fur"], **UPKEEP_ANY_TIME),
    declare("resources", camp.resources, args=[*RESOURCES, "wounded"], **UPKEEP_ANY_TIME),
    declare("levels", camp.levels, args=[*LEVELS, "wounded"], **UPKEEP_ANY_TIME),
    declare("camp_tile", camp.camp_tile, args=["natural_shelter"], **UPKEEP_ANY_TIME),
    declare("determination", moves.determination, args=["character", "by"], **UPKEEP_ANY_TIME),
    declare("place_weather_die", moves.place_weather_die, args=["die", "placed"],
            **UPKEEP_IN_ROUND),
    declare("weather_tokens", moves.weather_tokens, args=list(WEATHER_TOKENS), **UPKEEP_IN_ROUND),
    declare("wound", moves.wound_move, args=["character", "count"], **UPKEEP_IN_ROUND),
    declare("heal", moves.heal, args=["character", "count"], **UPKEEP_IN_ROUND),
    declare("morale", moves.morale, args=["by"], **UPKEEP_IN_ROUND),
    declare("goal_met", moves.goal_met, allowed=by_lead("goal_met"),
            **UPKEEP_IN_ROUND),  # the First Player marks it when it happens
)


def screen_data() -> dict[str, Any]:
    """The printed components the screens draw before and during a game (plain data)."""
    return {
        "die_names": list(WEATHER_DIE_NAMES),
        "die_titles": dict(DIE_TITLES),
        "scenarios": [{"number": c.number, "name": c.name, "rounds": c.rounds,
                       "summary": scenario_summary(c)} for c in SCENARIOS.values()],
        "characters": [{"name": c.name, "death_range": list(c.death_range),
                        "default_death": c.default_death} for c in CHARACTERS.values()],
        "playable": list(PLAYABLE),
        "two_player_characters": list(TWO_PLAYER_CHARACTERS),
        "build_wound_faces": list(BUILD_WOUND_FACES),
        "friday_settings": dict(FRIDAY_SETTINGS),
    }


class RobinsonCrusoe(BaseGame):
    """Robinson Crusoe: Adventures on the Cursed Island — the co-operative round assistant."""

    key = "robinson"
    title = "Robinson Crusoe: Adventures on the Cursed Island"
    min_players = 1
    max_players = 4
    options = OPTIONS
    readings = READINGS  # readings.py: docs/readings.md lists these
    moves = {m.name: m for m in MOVES}
    data = screen_data()

    def new_game(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """The island before round 1 (see ``setup.OPTIONS`` for the options)."""
        return new_game(players, options)

    def phase(self, state: State) -> str:
        return state.phase

    def view(self, state: State, seat: str | None) -> Mapping[str, Any]:
        """The same island for every seat: the game is co-operative and hides nothing."""
        return view(state)

    def reminders(self, state: State) -> tuple:
        return reminders(state)

    def reminders_for(self, state: State, seat: str) -> tuple:
        """The reminders as ``seat``'s phone says them: to "you" (``text.yours``)."""
        return tuple(yours(line, seat) for line in reminders(state))

    def vote_call(self, state: State) -> VoteCall | None:
        """Never: Robinson Crusoe has no secret vote."""
        return None

    def outcome(self, state: State) -> Outcome | None:
        """The group wins or loses together ("the whole group loses"): no places, the round
        it ended in and why."""
        if state.result is None:
            return None
        won = state.result == "victory"
        return Outcome(tuple(Placing(p, None, won) for p in state.players), str(state.end_reason),
                       {"result": state.result, "round": state.round,
                        "scenario": state.scenario})

GAME = RobinsonCrusoe()
