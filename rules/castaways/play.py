"""The ``GAME`` object the companion runs: the ``rules.Game`` protocol over the rules in
``game`` and the screens in ``screens``."""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from . import screens
from .game import MOVES, final_key, new_game, tribunal_key, tribunal_votes
from .roster import MAX_PLAYERS, MIN_PLAYERS
from .state import FINAL, OVER, TRIBUNAL, VOTE, State


class CastawaysGame:
    """Castaways (5–18 players): the ``rules.Game`` the companion runs."""

    key = "castaways"
    title = "Castaways"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        return new_game(players, options)

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise RuleError("This is not a game of Castaways.")
        if not isinstance(action, Action):
            raise RuleError("That is not a move.")
        handler = MOVES.get(action.move) if isinstance(action.move, str) else None
        if handler is None:
            raise RuleError(f"Castaways has no move called {action.move!r}.")
        if not isinstance(action.args, Mapping):
            raise RuleError("A move's details must be a list of names and values.")
        actor = action.actor
        if actor != TABLE and actor not in state.players:
            raise RuleError(f"{actor} is not playing this game.")
        if state.phase == OVER:
            raise RuleError("The game is over.")
        return handler(state, actor, action.args)

    def view(self, state: State, seat: str | None) -> Mapping[str, Any]:
        return screens.view(state, seat)

    def reminders(self, state: State) -> tuple[str, ...]:
        return screens.reminders(state)

    def vote_call(self, state: State) -> VoteCall | None:
        trib = state.tribunal
        if state.phase == TRIBUNAL and trib is not None and trib.step == VOTE:
            voters, extra = tribunal_votes(state, trib)
            question = ("Revote: which Castaway do you vote out? Only "
                        + " or ".join(trib.candidates) + " can be voted for."
                        if trib.revote else "Which Castaway do you vote out of the game?")
            return VoteCall(key=tribunal_key(state), question=question,
                            candidates=trib.candidates, voters=voters,
                            extra_votes={p: n for p, n in extra.items() if n},
                            reveal="one_by_one")
        if state.phase == FINAL and state.final is not None and state.final.voting:
            return VoteCall(key=final_key(state),
                            question="Which player should win Castaways?",
                            candidates=state.final.finalists, voters=state.final.panel,
                            reveal="one_by_one")
        return None

    def describe(self, state: State, action: Action) -> str:
        return screens.describe(self, state, action)


GAME = CastawaysGame()
