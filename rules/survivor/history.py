"""The history lines of Survivor: The Tribe Has Spoken, one per move.

Each line is written from the states before and after the move (never by applying it again):
what happened, then what it caused (who was voted out, who is out, what the leader must
decide, the Final Tribal Council). A line never tells a secret: no Extra Vote card, and no
vote before the box is opened.
"""
from __future__ import annotations

from typing import Callable

from rules import TABLE, Action
from rules.words import join_names, plural

from .setup import KIND_NAMES, tribal_council_cards
from .state import COUNCIL, FINAL, OVER, SPOKEN, State
from .text import ACTION_CARD_JURY, OWN_TURN_OUT, COUNTDOWN, THE_TRIBE_HAS_SPOKEN, choice_question

Line = Callable[[State, Action, State], str]


def outcome(before: State, after: State) -> str:
    """What a move did to the Tribal Council: who was voted out, who is out, what comes next."""
    words = []
    old = before.council.voted_out if before.phase == COUNCIL and before.council else ()
    council = after.council
    if council is not None and after.phase in (COUNCIL, FINAL, OVER) and before.phase == COUNCIL:
        for p in council.voted_out[len(old):]:
            words.append(f"{THE_TRIBE_HAS_SPOKEN} {p} turns over a Survivor Character Card.")
    for p in after.jury[len(before.jury):]:
        words.append(f"{p} is eliminated and joins the jury.")
    if after.phase == COUNCIL and council.choice is not None and (
            before.phase != COUNCIL or before.council.choice != council.choice):
        words.append(choice_question(council))
    if after.phase == COUNCIL and council.step == SPOKEN and before.council.step != SPOKEN:
        words.append("Vote Cards go back to every player still in.")
    if after.phase == FINAL and before.phase != FINAL:
        words.append(f"Only 2 players are left: the Final Tribal Council begins, led by "
                     f"{after.final.leader}.")
    return " ".join(words)


def with_outcome(say: Line) -> Line:
    """A move's line: what it did (``say``), then what that caused."""
    def describe(before: State, action: Action, after: State) -> str:
        return f"{say(before, action, after)} {outcome(before, after)}".strip()
    describe.__doc__ = say.__doc__
    return describe


def on_table(actor: str) -> str:
    """Said when a decision was made on the table device, not a phone."""
    return " on the table device" if actor == TABLE else ""


def card_player(action: Action) -> str:
    """Who played a public card: the actor, or the player the table named."""
    return action.args.get("player", action.actor) if action.actor == TABLE else action.actor


def read_out(state: State) -> str:
    result = state.council.result
    if not result.counted and not result.voided:
        words = "The box holds no votes."
    else:
        words = "The votes: " + (", ".join(f"{p} {n}" for p, n in result.counted) or "none") + "."
    for p, n in result.voided:
        words += (f" {plural(n, 'vote')} for {p} {'does' if n == 1 else 'do'} not count "
                  f"(Immunity Idol).")
    return words


# --- one line per move -----------------------------------------------------------------------

@with_outcome
def start(before: State, action: Action, after: State) -> str:
    single, double = tribal_council_cards(len(before.players))
    return (f"The game begins with {len(before.players)} players and {single} Single and "
            f"{double} Double Elimination Tribal Council cards; {after.turn} goes first.")


@with_outcome
def draw_action(before: State, action: Action, after: State) -> str:
    return f"{before.turn} drew an Action card; {after.turn} is next."


@with_outcome
def draw_tribal_council(before: State, action: Action, after: State) -> str:
    council = after.council
    return (f"{before.turn} drew a {KIND_NAMES[council.kind]} Elimination Tribal Council card "
            f"and leads Tribal Council {council.number}.")


def turn_over(before: State, action: Action, after: State) -> str:
    player = action.args["player"]
    line = (f"An Action card turned over one of {player}'s Survivor Character Cards. "
            f"{outcome(before, after)}").strip()
    if player in after.jury and player not in before.jury:  # said where the reading bites
        line += f" {ACTION_CARD_JURY}"
        if before.turn == player and after.turn is not None and after.turn != player:
            line += " " + OWN_TURN_OUT.format(player=player, next=after.turn)
    return line


@with_outcome
def take_vote_card(before: State, action: Action, after: State) -> str:
    player, to = action.args["player"], action.args.get("to")
    return f"{player}'s Vote Card went to {to}." if to else f"{player} lost their Vote Card."


@with_outcome
def begin_discussion(before: State, action: Action, after: State) -> str:
    return f"Tribal Council {before.council.number}: the discussion begins."


@with_outcome
def play_tribal_advantage(before: State, action: Action, after: State) -> str:
    return (f"{card_player(action)} played a Tribal Advantage card: "
            f"{plural(action.args['votes'], 'more vote')} to use at this Tribal Council.")


@with_outcome
def start_vote(before: State, action: Action, after: State) -> str:
    return "It is time to vote!"


@with_outcome
def open_eyes(before: State, action: Action, after: State) -> str:
    return "Everyone has voted and opens their eyes: the moment for Immunity Idols."


@with_outcome
def vote_result(before: State, action: Action, after: State) -> str:
    """The box's counts are told only once the box is opened; the jury's at once."""
    if before.phase == COUNCIL:
        return ("The votes are in the Voting Box." if after.council.result is None
                else read_out(after))
    line = "The jury points: " + ", ".join(f"{p} {n}" for p, n in after.final.votes) + "."
    if after.final.winner:
        return line + f" {after.final.winner} is the Sole Survivor!"
    return line + f" A tie: {after.final.leader} breaks it."


@with_outcome
def play_idol(before: State, action: Action, after: State) -> str:
    player = card_player(action)
    return f"{player} played an Immunity Idol: votes for {player} do not count."


@with_outcome
def open_box(before: State, action: Action, after: State) -> str:
    if after.council.result is None:
        return f"{before.council.leader} opens the box."
    return read_out(after)


@with_outcome
def choose(before: State, action: Action, after: State) -> str:
    chosen = action.args.get("players") or [action.args.get("player")]
    return f"{before.council.leader} chose {join_names(chosen)}{on_table(action.actor)}."


@with_outcome
def end_tribal_council(before: State, action: Action, after: State) -> str:
    return f"Tribal Council {before.council.number} is over; {after.turn} plays next."


@with_outcome
def start_jury_vote(before: State, action: Action, after: State) -> str:
    return f'{before.final.leader}: "{COUNTDOWN}"'


@with_outcome
def break_tie(before: State, action: Action, after: State) -> str:
    return (f"{before.final.leader} broke the tie{on_table(action.actor)}: "
            f"{after.final.winner} is the Sole Survivor!")
