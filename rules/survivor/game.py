"""The game Survivor: The Tribe Has Spoken, as the companion runs it beside the cards.

The table keeps its cards; the companion keeps what the whole table must agree on: whose turn
it is, which Survivor Character Cards are still face up, Vote Cards, the Tribal Council cards
left in the Draw Pile, and each Tribal Council from "Welcome to Tribal Council" to "The Tribe
Has Spoken!", with the secret vote on the phones. Then the Final Tribal Council and the Sole
Survivor.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from .council import (
    CHARACTERS_EACH, MAX_PLAYERS, MIN_PLAYERS, deck_seeding, draw_pile_action_cards,
    seeding_sentence, tribal_council_cards,
)
from .moves import _MOVES, _PHASE_WORDS, _check_actor, _council_call, _final_call
from .moves import _vote_result_actor
from .screens import _council_view, _describe, _final_view, _reminders, _unconfirmed
from .state import (
    COUNCIL, FINAL, FINAL_LEADER_OPTIONS, IDOLS, JURY_VOTE, READING, TIE_BREAK, TURN, VOTE,
    Options, State,
)


class Survivor:
    """Survivor: The Tribe Has Spoken, for 3 to 6 players (the companion's ``rules.Game``).

    Moves are in :mod:`rules.survivor.moves`; views, reminders and history lines in
    :mod:`rules.survivor.screens`.
    """

    key = "survivor"
    title = "Survivor: The Tribe Has Spoken"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any] | None = None) -> State:
        """Each player takes 2 Survivor Character Cards and 1 Vote Card; the Tribal Council
        cards for this many players go into the Draw Pile."""
        if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
            raise RuleError("List the players in seat order, clockwise.")
        players = tuple(players)
        if any(not isinstance(p, str) or not p.strip() for p in players):
            raise RuleError("Every player needs a name.")
        if len(set(players)) != len(players):
            raise RuleError("Two players have the same name; tell them apart.")
        if TABLE in players:
            raise RuleError(f'"{TABLE}" is the table screen\'s name; a player needs another.')
        single, double = tribal_council_cards(len(players))
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise RuleError("Survivor's options must name each setting with its value.")
        options = dict(options)
        unknown = set(options) - {"self_vote", "final_leader"}
        if unknown:
            raise RuleError(f"Survivor has no option called {sorted(unknown)[0]!r}.")
        self_vote = options.get("self_vote", True)
        if not isinstance(self_vote, bool):
            raise RuleError("Say yes or no: may players vote for themselves?")
        final_leader = options.get("final_leader", "tribal_council_leader")
        if final_leader not in FINAL_LEADER_OPTIONS:
            raise RuleError('The Final Tribal Council Leader option is "tribal_council_leader" '
                            'or "seat_order".')
        return State(players=players, characters=(CHARACTERS_EACH,) * len(players),
                      vote_cards=(1,) * len(players),
                      options=Options(self_vote, final_leader),
                      single_left=single, double_left=double)

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(action, Action) or not isinstance(action.args, Mapping):
            raise RuleError("That is not a move.")
        if not isinstance(action.actor, str):
            raise RuleError("Say who makes the move.")
        if not isinstance(action.move, str):
            raise RuleError("Say which move.")
        _check_actor(state, action.actor)
        moves = _MOVES[state.phase]
        if action.move not in moves:
            if any(action.move in m for m in _MOVES.values()):
                raise RuleError(f"Not now: {_PHASE_WORDS[state.phase]}.")
            raise RuleError(f"Survivor has no move called {action.move!r}.")
        _vote_result_actor(action)
        return moves[action.move](state, action)

    def view(self, state: State, seat: str | None) -> dict:
        single, double = tribal_council_cards(len(state.players))
        data: dict[str, Any] = {
            "game": self.key,
            "phase": state.phase,
            "players": [
                {"name": p, "characters": c, "vote_cards": v, "still_in": c > 0,
                 "juror": p in state.jury}
                for p, c, v in zip(state.players, state.characters, state.vote_cards)
            ],
            "turn": state.turn,
            "tribal_council_cards": {
                "single": single, "double": double,
                "single_left": state.single_left, "double_left": state.double_left,
                "draw_pile_empty": state.single_left + state.double_left == 0,
            },
            "draw_pile_action_cards": draw_pile_action_cards(len(state.players)),
            "seeding": list(deck_seeding(len(state.players))),
            "seeding_sentence": seeding_sentence(len(state.players)),
            "jury": list(state.jury),
            "council": None,
            "final": None,
            "winner": state.winner,
            "options": {"self_vote": state.options.self_vote,
                        "final_leader": state.options.final_leader},
            "unconfirmed": _unconfirmed(state.options),
            "reminders": list(self.reminders(state)),
        }
        if state.council is not None:
            data["council"] = _council_view(state, state.council, seat)
        if state.final is not None:
            data["final"] = _final_view(state.final)
        if seat is not None and seat in state.players:
            council = state.council if state.phase == COUNCIL else None
            final = state.final
            data["you"] = {
                "name": seat,
                "characters": state.characters_of(seat),
                "vote_cards": state.vote_cards_of(seat),
                "still_in": state.characters_of(seat) > 0,
                "juror": seat in state.jury,
                "your_turn": state.phase == TURN and state.turn == seat,
                "tribal_council_leader": council is not None and council.leader == seat,
                "must_choose": (council is not None and council.choice is not None
                                and council.leader == seat),
                "final_tribal_council_leader": final is not None and final.leader == seat
                                               and state.phase == FINAL,
                "must_break_tie": (final is not None and final.step == TIE_BREAK
                                   and final.leader == seat),
            }
        return data

    def reminders(self, state: State) -> tuple[str, ...]:
        """The phase banner and checklist, in the rulebook's words (speeches quoted)."""
        return tuple(_reminders(state))

    def vote_call(self, state: State) -> VoteCall | None:
        """The Tribal Council vote (from "time to vote!" until the box's ballots are counted,
        which may be after the Idol moment), or the jury's vote at the Final Tribal Council."""
        if state.phase == COUNCIL:
            council = state.council
            if council.step in (VOTE, IDOLS, READING) and council.ballots is None:
                return _council_call(state)
        if state.phase == FINAL and state.final.step == JURY_VOTE:
            return _final_call(state)
        return None

    def describe(self, state: State, action: Action) -> str:
        """The history line: what happened and what it caused, never a secret."""
        try:
            after = self.apply(state, action)
        except RuleError as e:
            return f"Refused: {e}"
        return _describe(state, action, after)


GAME = Survivor()
