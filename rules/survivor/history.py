"""The history lines of Survivor: The Tribe Has Spoken, one per move.

Each line is written from the states before and after the move (never by applying it again):
what happened, then what it caused (who was voted out, who is out, what the leader must
decide, the Final Tribal Council). A line never tells a secret: no Extra Vote card, and no
vote before the box is opened.
"""
from __future__ import annotations

from typing import Callable

from rules import TABLE, Action
from rules.words import Items, Speaker

from .setup import SINGLE, tribal_council_cards
from .state import COUNCIL, FINAL, OVER, SPOKEN, State
from .text import ACTION_CARD_JURY, COUNTDOWN, choice_question, own_turn_out, voted_out_line

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")
_n = _.n

Line = Callable[[State, Action, State], object]


def then(*said):
    """Sentences one after the other, as one message ("A. B. C."); None when there are none."""
    said = [m for m in said if m]
    if not said:
        return None
    out = said[0]
    for more in said[1:]:
        # Translators: two sentences one after the other (keep the space, or your script's)
        out = _("{first} {then}", first=out, then=more)
    return out


def outcome(before: State, after: State):
    """What a move did to the Tribal Council: who was voted out, who is out, what comes next."""
    words = []
    old = before.council.voted_out if before.phase == COUNCIL and before.council else ()
    council = after.council
    if council is not None and after.phase in (COUNCIL, FINAL, OVER) and before.phase == COUNCIL:
        for p in council.voted_out[len(old):]:
            words.append(voted_out_line(p))
    for p in after.jury[len(before.jury):]:
        words.append(_("{player} is eliminated and joins the jury.", player=p))
    if after.phase == COUNCIL and council.choice is not None and (
            before.phase != COUNCIL or before.council.choice != council.choice):
        words.append(choice_question(council))
    if after.phase == COUNCIL and council.step == SPOKEN and before.council.step != SPOKEN:
        words.append(_("Vote Cards go back to every player still in."))
    if after.phase == FINAL and before.phase != FINAL:
        words.append(_("Only 2 players are left: the Final Tribal Council begins, led by "
                       "{leader}.", leader=after.final.leader))
    return then(*words)


def with_outcome(say: Line) -> Line:
    """A move's line: what it did (``say``), then what that caused."""
    def describe(before: State, action: Action, after: State):
        return then(say(before, action, after), outcome(before, after))
    describe.__doc__ = say.__doc__
    return describe


def card_player(action: Action) -> str:
    """Who played a public card: the actor, or the player the table named."""
    return action.args.get("player", action.actor) if action.actor == TABLE else action.actor


def tally_items(counts) -> Items:
    return Items(_("{player} {count}", player=p, count=n) for p, n in counts)


def read_out(state: State):
    result = state.council.result
    if not result.counted and not result.voided:
        words = _("The box holds no votes.")
    elif result.counted:
        words = _("The votes: {tally}.", tally=tally_items(result.counted))
    else:
        words = _("The votes: none.")
    voided = [_n("{count} vote for {player} does not count (Immunity Idol).",
                 "{count} votes for {player} do not count (Immunity Idol).", "count",
                 count=n, player=p) for p, n in result.voided]
    return then(words, *voided)


# --- one line per move -----------------------------------------------------------------------

@with_outcome
def start(before: State, action: Action, after: State):
    single, double = tribal_council_cards(len(before.players))
    return _("The game begins with {players} players and {single} Single and {double} Double "
             "Elimination Tribal Council cards; {first} goes first.",
             players=len(before.players), single=single, double=double, first=after.turn)


@with_outcome
def draw_action(before: State, action: Action, after: State):
    return _("{player} drew an Action card; {next} is next.", player=before.turn,
             next=after.turn)


@with_outcome
def draw_tribal_council(before: State, action: Action, after: State):
    council = after.council
    if council.kind == SINGLE:
        return _("{player} drew a Single Elimination Tribal Council card and leads Tribal "
                 "Council {number}.", player=before.turn, number=council.number)
    return _("{player} drew a Double Elimination Tribal Council card and leads Tribal Council "
             "{number}.", player=before.turn, number=council.number)


def turn_over(before: State, action: Action, after: State):
    player = action.args["player"]
    said = [_("An Action card turned over one of {player}'s Survivor Character Cards.",
              player=player), outcome(before, after)]
    if player in after.jury and player not in before.jury:  # said where the reading bites
        said.append(ACTION_CARD_JURY)
        if before.turn == player and after.turn is not None and after.turn != player:
            said.append(own_turn_out(player, after.turn))
    return then(*said)


@with_outcome
def take_vote_card(before: State, action: Action, after: State):
    player, to = action.args["player"], action.args.get("to")
    return (_("{player}'s Vote Card went to {to}.", player=player, to=to) if to else
            _("{player} lost their Vote Card.", player=player))


@with_outcome
def begin_discussion(before: State, action: Action, after: State):
    return _("Tribal Council {number}: the discussion begins.", number=before.council.number)


@with_outcome
def play_tribal_advantage(before: State, action: Action, after: State):
    return _n("{player} played a Tribal Advantage card: {count} more vote to use at this "
              "Tribal Council.",
              "{player} played a Tribal Advantage card: {count} more votes to use at this "
              "Tribal Council.", "count", player=card_player(action), count=action.args["votes"])


@with_outcome
def start_vote(before: State, action: Action, after: State):
    return _("It is time to vote!")


@with_outcome
def open_eyes(before: State, action: Action, after: State):
    return _("Everyone has voted and opens their eyes: the moment for Immunity Idols.")


@with_outcome
def vote_result(before: State, action: Action, after: State):
    """The box's counts are told only once the box is opened; the jury's at once."""
    if before.phase == COUNCIL:
        return (_("The votes are in the Voting Box.") if after.council.result is None
                else read_out(after))
    points = _("The jury points: {tally}.", tally=tally_items(after.final.votes))
    if after.final.winner:
        return then(points, _("{player} is the Sole Survivor!", player=after.final.winner))
    return then(points, _("A tie: {leader} breaks it.", leader=after.final.leader))


@with_outcome
def play_idol(before: State, action: Action, after: State):
    return _("{player} played an Immunity Idol: votes for {player} do not count.",
             player=card_player(action))


@with_outcome
def open_box(before: State, action: Action, after: State):
    if after.council.result is None:
        return _("{leader} opens the box.", leader=before.council.leader)
    return read_out(after)


@with_outcome
def choose(before: State, action: Action, after: State):
    chosen = tuple(action.args.get("players") or [action.args.get("player")])
    if action.actor == TABLE:
        return _("{leader} chose {players} on the table device.",
                 leader=before.council.leader, players=chosen)
    return _("{leader} chose {players}.", leader=before.council.leader, players=chosen)


@with_outcome
def end_tribal_council(before: State, action: Action, after: State):
    return _("Tribal Council {number} is over; {player} plays next.",
             number=before.council.number, player=after.turn)


@with_outcome
def start_jury_vote(before: State, action: Action, after: State):
    return _('{leader}: "{words}"', leader=before.final.leader, words=COUNTDOWN)


@with_outcome
def break_tie(before: State, action: Action, after: State):
    if action.actor == TABLE:
        return _("{leader} broke the tie on the table device: {player} is the Sole Survivor!",
                 leader=before.final.leader, player=after.final.winner)
    return _("{leader} broke the tie: {player} is the Sole Survivor!",
             leader=before.final.leader, player=after.final.winner)
