"""Who may make each move of Survivor: The Tribe Has Spoken, and at which step.

Each guard is ``allowed(state, actor) -> sentence | None`` (see ``rules.base.Move``): the
sentence says why this actor may not make the move now. The same guards answer
``legal_moves``, so a screen offers a button exactly when the rules accept it. What depends
on a move's arguments (a player the table names, a number of votes) is checked in the move.
"""
from __future__ import annotations

from typing import Callable

from rules import TABLE
from rules.words import Speaker

from .state import (
    CHOICE, COUNCIL, DISCUSSION, IDOLS, JURY_VOTE, QUESTIONS, READING, TIE_BREAK, VOTE,
    WELCOME, State,
)
from .text import NOT_NOW, only_decider, out_of_the_game

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")

Guard = Callable[[State, str], "str | None"]


def step_refusal(state: State, *steps: str) -> str | None:
    """The Tribal Council is not at one of ``steps``: say what it is doing instead."""
    step = state.council.step
    return None if step in steps else NOT_NOW[step]


def whose_turn(state: State, actor: str) -> str | None:
    """ "Steal, Play (or don't), then Draw!": the player whose turn it is draws (the table
    screen may record it for them)."""
    if actor not in (TABLE, state.turn):
        return _("It is {player}'s turn: only {player} draws now.", player=state.turn)
    return None


# what only the Tribal Council Leader does, by move
LEADER_DOES = {
    "begin_discussion": lambda leader: _("{leader}, the Tribal Council Leader, starts the "
                                         "discussion.", leader=leader),
    "start_vote": lambda leader: _("{leader}, the Tribal Council Leader, decides when "
                                   "discussion is over.", leader=leader),
    "open_box": lambda leader: _("{leader}, the Tribal Council Leader, opens the box.",
                                 leader=leader),
    "end_tribal_council": lambda leader: _("{leader}, the Tribal Council Leader, ends Tribal "
                                           "Council.", leader=leader),
}


def leader_at(step: str, what: str) -> Guard:
    """A Tribal Council Leader's move ("you are responsible for starting the voting process,
    tallying the votes, and resolving ties"), made at ``step`` on their phone or the table."""
    def allowed(state: State, actor: str) -> str | None:
        leader = state.council.leader
        if actor not in (TABLE, leader):
            return LEADER_DOES[what](leader)
        return step_refusal(state, step)
    return allowed


def card_moves_vote_card(state: State, actor: str) -> str | None:
    """A card may move a Vote Card on a turn, or at a Tribal Council before voting starts."""
    if state.phase == COUNCIL and state.council.step not in (WELCOME, DISCUSSION):
        return _("Voting has started: no card can move a Vote Card now.")
    return None


def player_refusal(state: State, player: str) -> str | None:
    """A player whose Survivor Character Cards are all turned over plays no card."""
    return out_of_the_game(player) if state.characters_of(player) == 0 else None


def tribal_advantage(state: State, actor: str) -> str | None:
    """ "You can play as many Tribal Advantage Cards as you would like during this
    discussion, but NOT once voting has started!" """
    if state.council.step not in (WELCOME, DISCUSSION):
        return _("Tribal Advantage cards can be played before the vote, NOT once voting has "
                 "started.")
    return None if actor == TABLE else player_refusal(state, actor)


def extra_votes_refusal(state: State, player: str) -> str | None:
    """May ``player`` set their Extra Vote cards now? Any player still in: the box comes to
    each of them, "even if they don't have a Vote Card"."""
    return out_of_the_game(player) if state.characters_of(player) == 0 else None


def extra_votes(state: State, actor: str) -> str | None:
    """Extra Vote cards are readied before the vote or played "When the Voting Box is in front
    of you"; once the box has gone round, it is too late."""
    if state.council.step not in (WELCOME, DISCUSSION, VOTE):
        return _("The Voting Box has gone round: Extra Vote cards go in with the vote.")
    return None if actor == TABLE else extra_votes_refusal(state, actor)


def idol_refusal(state: State, player: str) -> str | None:
    if player in state.council.idols:
        return _("{player} has already played an Immunity Idol at this Tribal Council.",
                 player=player)
    return player_refusal(state, player)


def immunity_idol(state: State, actor: str) -> str | None:
    """ "Everyone, open your eyes. If anyone has an Immunity Idol and wants to play it, now
    would be the time to do so." """
    step = state.council.step
    if step == VOTE:
        return _("The Voting Box is still going round: Immunity Idols are played after the "
                 "vote, once everyone opens their eyes.")
    if step in (WELCOME, DISCUSSION):
        return _("Immunity Idols are played after the vote, before the box is opened.")
    if step != IDOLS:
        return _("The box is open: it is too late to play an Immunity Idol.")
    return None if actor == TABLE else idol_refusal(state, actor)


def eyes_open(state: State, actor: str) -> str | None:
    return step_refusal(state, VOTE)


def leader_decides(state: State, actor: str) -> str | None:
    """ "The Tribal Council Leader gets to decide": on their phone, or on the table device
    handed to them (the move then names them)."""
    council = state.council
    if council.step != CHOICE or council.choice is None:
        return _("There is nothing for the Tribal Council Leader to decide now.")
    if actor not in (TABLE, council.leader):
        return only_decider(council.leader)
    return None


def jury_called(state: State, actor: str) -> str | None:
    """ "When every member of the Jury has a finger in the air", the Final Tribal Council
    Leader calls the vote."""
    final = state.final
    if actor not in (TABLE, final.leader):
        return _("{leader}, the Final Tribal Council Leader, calls the jury vote.",
                 leader=final.leader)
    if final.step != QUESTIONS:
        return _("The jury has already been called to vote.")
    return None


def tie_broken(state: State, actor: str) -> str | None:
    """ "the Final Tribal Council Leader breaks the tie by choosing the winner" """
    final = state.final
    if final.step != TIE_BREAK:
        return _("There is no tie to break.")
    if actor not in (TABLE, final.leader):
        return only_decider(final.leader, final=True)
    return None


def box_awaited(state: State, actor: str) -> str | None:
    """The counted Voting Box comes back only while the game waits for it."""
    if state.phase == COUNCIL:
        council = state.council
        if council.step not in (VOTE, IDOLS, READING) or council.ballots is not None:
            return _("The table is not waiting for the votes of this Tribal Council.")
        return None
    if state.final.step != JURY_VOTE:
        return _("The table is not waiting for the jury's vote.")
    return None
