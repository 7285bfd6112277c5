"""The game Survivor: The Tribe Has Spoken, as the companion runs it beside the cards.

The table keeps its cards; the companion keeps what the whole table must agree on: whose turn
it is, which Survivor Character Cards are still face up, Vote Cards, the Tribal Council cards
left in the Draw Pile, and each Tribal Council from "Welcome to Tribal Council" to "The Tribe
Has Spoken!", with the secret vote on the phones. Then the Final Tribal Council and the Sole
Survivor.

Every move is declared once below: who makes it, in which phase, with which arguments, the
guard of the game (:mod:`.guards`), the move itself (:mod:`.moves`) and its history line
(:mod:`.history`).
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import Outcome, Placing, VoteCall
from rules.base import ANYONE, BaseGame, Move, Option, move
from rules.words import Speaker

from . import guards, history, moves
from .readings import READINGS
from .setup import CHARACTERS_EACH, MAX_PLAYERS, MIN_PLAYERS, TRIBAL_COUNCIL_TABLE
from .setup import tribal_council_cards
from .state import (
    COUNCIL, DISCUSSION, FINAL, FINAL_LEADER_OPTIONS, IDOLS, JURY_VOTE, READING, SETUP,
    SPOKEN, TURN, VOTE, WELCOME, Options, State,
)
from .text import (
    FINAL_LEADER_LABEL, FINAL_LEADER_SENTENCE, FINAL_LEADER_WORDS, SELF_VOTE_LABEL,
    SELF_VOTE_SENTENCE, not_now, reminders, yours,
)
from .view import view
from .voting_box import council_call, final_call

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")


def declare(name: str, run, **kw) -> Move:
    """A move of Survivor; out of its phase it is refused with where the game is now."""
    return move(name, run, not_now=not_now, **kw)


OPTIONS = (
    Option("self_vote", "bool", True, SELF_VOTE_SENTENCE,
           label=SELF_VOTE_LABEL),
    Option("final_leader", "choice", "tribal_council_leader", FINAL_LEADER_SENTENCE,
           allowed=FINAL_LEADER_OPTIONS, label=FINAL_LEADER_LABEL,
           words=tuple(FINAL_LEADER_WORDS.items())),
)

COUNCIL_MOVES = (
    declare("begin_discussion", moves.begin_discussion, by=ANYONE, phases=[COUNCIL],
            allowed=guards.leader_at(WELCOME, "begin_discussion"),
            describe=history.begin_discussion),
    declare("play_tribal_advantage", moves.play_tribal_advantage, by=ANYONE, phases=[COUNCIL],
            args=["player", "votes"], allowed=guards.tribal_advantage,
            describe=history.play_tribal_advantage, awaited=False),
    # Extra Vote cards and Idols are a player's own choice: nobody waits for them
    declare("use_extra_votes", moves.use_extra_votes, by=ANYONE, phases=[COUNCIL],
            args=["player", "count"], allowed=guards.extra_votes, awaited=False,
            secret=True),  # "So no one can hear how many votes are being cast"
    declare("start_vote", moves.start_vote, by=ANYONE, phases=[COUNCIL],
            allowed=guards.leader_at(DISCUSSION, "start_vote"),
            describe=history.start_vote),
    declare("open_eyes", moves.open_eyes, phases=[COUNCIL], args=["key", "voted"],
            allowed=guards.eyes_open, describe=history.open_eyes,
            not_yours=_("The table screen sees the Voting Box: it opens everyone's eyes once "
                        "everyone has voted.")),
    declare("play_idol", moves.play_idol, by=ANYONE, phases=[COUNCIL], args=["player"],
            allowed=guards.immunity_idol, describe=history.play_idol, awaited=False),
    declare("open_box", moves.open_box, by=ANYONE, phases=[COUNCIL],
            allowed=guards.leader_at(IDOLS, "open_box"), describe=history.open_box),
    declare("choose", moves.choose, by=ANYONE, phases=[COUNCIL], args=["players", "player", "by"],
            allowed=guards.leader_decides, describe=history.choose),
    declare("end_tribal_council", moves.end_tribal_council, by=ANYONE, phases=[COUNCIL],
            allowed=guards.leader_at(SPOKEN, "end_tribal_council"),
            describe=history.end_tribal_council),
)

MOVES = (
    declare("start", moves.start, phases=[SETUP], args=["first_player"], describe=history.start,
            not_yours=_("The table screen starts the game once the cards are set up.")),
    declare("draw_action", moves.draw_action, by=ANYONE, phases=[TURN], allowed=guards.whose_turn,
            describe=history.draw_action),
    declare("draw_tribal_council", moves.draw_tribal_council, by=ANYONE, phases=[TURN],
            args=["kind"], allowed=guards.whose_turn, describe=history.draw_tribal_council),
    declare("turn_over", moves.turn_over, phases=[TURN], args=["player"],
            describe=history.turn_over,
            not_yours=_("The table screen records a card turned over by an Action card.")),
    declare("take_vote_card", moves.take_vote_card, phases=[TURN, COUNCIL], args=["player", "to"],
            allowed=guards.card_moves_vote_card, describe=history.take_vote_card,
            not_yours=_("The table screen records a Vote Card that changes hands.")),
    *COUNCIL_MOVES,
    declare("vote_result", moves.vote_result, phases=[COUNCIL, FINAL], args=["key", "tally"],
            allowed=guards.box_awaited, describe=history.vote_result, internal=True,
            not_yours=_("Votes come from the Voting Box, not from a player.")),
    declare("start_jury_vote", moves.start_jury_vote, by=ANYONE, phases=[FINAL],
            allowed=guards.jury_called, describe=history.start_jury_vote),
    declare("break_tie", moves.break_tie, by=ANYONE, phases=[FINAL], args=["winner", "by"],
            allowed=guards.tie_broken, describe=history.break_tie),
)


class Survivor(BaseGame):
    """Survivor: The Tribe Has Spoken, for 3 to 6 players."""

    key = "survivor"
    title = _("Survivor: The Tribe Has Spoken")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    readings = READINGS  # readings.py: docs/readings.md lists these
    moves = {m.name: m for m in MOVES}
    data = {
        "tribal_council_cards": [{"players": n, "single": s, "double": d}
                                 for n, (s, d) in sorted(TRIBAL_COUNCIL_TABLE.items())],
    }
    """Fixed data the screens draw from (through ``TableService.game_data``)."""

    def new_game(self, players: tuple[str, ...], options: Mapping[str, Any]) -> State:
        """Each player takes 2 Survivor Character Cards and 1 Vote Card; the Tribal Council
        cards for this many players go into the Draw Pile."""
        single, double = tribal_council_cards(len(players))
        return State(players=players, characters=(CHARACTERS_EACH,) * len(players),
                     vote_cards=(1,) * len(players), options=Options(**options),
                     single_left=single, double_left=double)

    def phase(self, state: State) -> str:
        return state.phase

    def view(self, state: State, seat: str | None) -> dict:
        return view(state, seat)

    def reminders(self, state: State) -> tuple[str, ...]:
        """The phase banner and checklist, in the rulebook's words (speeches quoted)."""
        return tuple(reminders(state))

    def reminders_for(self, state: State, seat: str) -> tuple:
        """The reminders as ``seat``'s phone says them: to "you" (``text.yours``)."""
        return tuple(yours(line, seat) for line in reminders(state))

    def outcome(self, state: State) -> Outcome | None:
        """"The player with the most votes is declared the Sole Survivor and winner of the
        game!": the other finalist second, then the jury by how long each lasted (the last out
        third). The jury's count is numbers only, never who voted for whom."""
        if state.winner is None:
            return None
        final = state.final
        runner_up = next(p for p in final.finalists if p != state.winner)
        order = [state.winner, runner_up, *reversed(state.jury)]
        order += [p for p in state.players if p not in order]
        place = {p: i + 1 for i, p in enumerate(order)}
        votes = dict(final.votes or ())
        won, lost = votes.get(state.winner, 0), votes.get(runner_up, 0)
        count = (f", {won} jury votes to {lost}" if won != lost else
                 f", chosen by the Final Tribal Council Leader after a {won} to {lost} tie")
        return Outcome(tuple(Placing(p, place[p], p == state.winner) for p in state.players),
                       f"{state.winner} is the Sole Survivor{count}.",
                       {"jury_votes": votes, "finalists": list(final.finalists)})

    def vote_call(self, state: State) -> VoteCall | None:
        """The Tribal Council vote (from "time to vote!" until the box's ballots are counted,
        which may be after the Idol moment), or the jury's vote at the Final Tribal Council."""
        if state.phase == COUNCIL:
            council = state.council
            if council.step in (VOTE, IDOLS, READING) and council.ballots is None:
                return council_call(state)
        if state.phase == FINAL and state.final.step == JURY_VOTE:
            return final_call(state)
        return None

GAME = Survivor()
