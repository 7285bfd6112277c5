"""The moves of Survivor: The Tribe Has Spoken: each one a pure function (state, action) -> state.

Who may make a move and when is checked before it runs (:mod:`rules.survivor.guards`, through
the move table in :mod:`rules.survivor.game`); a move checks its own arguments, in the
rulebook's words, and raises RuleError otherwise.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, Action, RuleError
from rules.words import Speaker

from . import voting_out
from .guards import extra_votes_refusal, idol_refusal, player_refusal
from .setup import ACTION_CARDS, DOUBLE, SINGLE
from .state import (
    COUNCIL, DISCUSSION, DONE, IDOLS, JURY_VOTE, OVER, READING, TIE_BREAK, TURN, VOTE,
    Council, State, pair_value, with_pair,
)
from .text import only_decider
from .voting_box import council_call, final_call, read_tally

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")
_n = _.n

MAX_EXTRA_VOTES = ACTION_CARDS
"""No player can hold more Extra Vote cards than there are Action cards: a bound on typos."""


# --- the arguments ---------------------------------------------------------------------------

def player_arg(state: State, args: Mapping[str, Any], key: str = "player") -> str:
    name = args.get(key)
    if not isinstance(name, str) or not name:
        raise RuleError(_("Say which player."))
    if name not in state.players:
        raise RuleError(_("{player} is not playing at this table.", player=name))
    return name


# what a number argument is, in a refusal: (not a whole number, out of range)
NUMBERS = {
    "votes": (_("Say the votes gained as a whole number."),
              lambda low, high, value: _("The votes gained must be from {low} to {high}, not "
                                         "{value}.", low=low, high=high, value=value)),
    "count": (_("Say the number of Extra Vote cards as a whole number."),
              lambda low, high, value: _("The number of Extra Vote cards must be from {low} to "
                                         "{high}, not {value}.", low=low, high=high,
                                         value=value)),
}


def int_arg(args: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = args.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(NUMBERS[key][0])
    if not low <= value <= high:
        raise RuleError(NUMBERS[key][1](low, high, value))
    return value


def card_owner(state: State, action: Action, refusal=player_refusal) -> str:
    """The player a card is played for: the actor, or the player the table names (the table
    device handed to them, or a card played face up). The guard has checked a player actor;
    a player the table names is checked here with the same ``refusal``."""
    if action.actor != TABLE:
        if action.args.get("player", action.actor) != action.actor:
            raise RuleError(_("{player} can only play their own cards.", player=action.actor))
        return action.actor
    player = player_arg(state, action.args)
    refuse_if(refusal(state, player))
    return player


def refuse_if(sentence) -> None:
    """Raise a guard's sentence as the move's refusal (for a player the table names)."""
    if sentence:
        raise RuleError(sentence)


def check_decider(action: Action, decider: str, final: bool = False) -> None:
    """The table device handed to the decider names them in ``by`` (the table screen holds
    the host key, so it is trusted to say who holds it)."""
    if action.actor == TABLE and action.args.get("by") != decider:
        raise RuleError(only_decider(decider, final))


# --- setup and turns -------------------------------------------------------------------------

def start(state: State, action: Action) -> State:
    """ "Pick a player to go first." """
    first = action.args.get("first_player", state.players[0])
    if first not in state.players:
        raise RuleError(_("{player} is not playing at this table.", player=first)
                        if isinstance(first, str) else _("Name the player who goes first."))
    return replace(state, phase=TURN, turn=first)


def draw_action(state: State, action: Action) -> State:
    """ "Draw a Card." Play continues clockwise."""
    if state.single_left + state.double_left == 0:
        # Unreachable by the rules (see draw_tribal_council), but never a silent draw.
        raise RuleError(_("The Draw Pile is empty."))
    return replace(state, turn=state.left_of(state.turn))


def draw_tribal_council(state: State, action: Action) -> State:
    """ "If you are the player who drew the Tribal Council Card, you are the Tribal Council
    Leader." """
    kind = action.args.get("kind")
    if kind not in (SINGLE, DOUBLE):
        raise RuleError(_('Say which Tribal Council card was drawn: "single" or "double".'))
    # The cards of the Setup table turn over 2n - 2 characters in all (3 players: 4 Single;
    # 4: 2 + 2x2; 5: 2 + 3x2; 6: 5x2), and 2n - 2 of 2n characters leave at most 2 players in:
    # the Final Tribal Council always begins by the last card, "the bottom of the Draw Pile".
    single, double = state.single_left, state.double_left
    if (single if kind == SINGLE else double) == 0:
        raise RuleError(_("No Single Elimination Tribal Council card is left in the Draw Pile.")
                        if kind == SINGLE else
                        _("No Double Elimination Tribal Council card is left in the Draw Pile."))
    single, double = (single - 1, double) if kind == SINGLE else (single, double - 1)
    number = state.councils + 1
    return replace(state, phase=COUNCIL, single_left=single, double_left=double,
                   councils=number, council=Council(number=number, kind=kind, leader=state.turn))


def turn_over(state: State, action: Action) -> State:
    """An Action card made a player turn over one of their Survivor Character Cards."""
    player = player_arg(state, action.args)
    refuse_if(player_refusal(state, player))
    state, out = voting_out.turn_over(state, (player,))
    if out and len(state.still_in) == 2:
        return voting_out.start_final(state, player)
    if out and state.turn == player:
        state = replace(state, turn=state.left_of(player))
    return state


def take_vote_card(state: State, action: Action) -> State:
    """An Action or Tribal Advantage card took a player's Vote Card (to another player)."""
    player = player_arg(state, action.args)
    if state.vote_cards_of(player) == 0:
        raise RuleError(_("{player} has no Vote Card left.", player=player))
    vote_cards = list(state.vote_cards)
    vote_cards[state.index(player)] -= 1
    if action.args.get("to") is not None:
        to = player_arg(state, action.args, "to")
        if to == player:
            raise RuleError(_("{player} cannot take their own Vote Card.", player=player))
        refuse_if(player_refusal(state, to))
        vote_cards[state.index(to)] += 1
    return replace(state, vote_cards=tuple(vote_cards))


# --- Tribal Council --------------------------------------------------------------------------

def begin_discussion(state: State, action: Action) -> State:
    """ "Now let's discuss who should be voted out." """
    return replace(state, council=replace(state.council, step=DISCUSSION))


def play_tribal_advantage(state: State, action: Action) -> State:
    """ "If any votes are gained from a Tribal Advantage Card, they MUST be used during the
    current Tribal Council." Played face up, so the whole table knows."""
    player = card_owner(state, action)
    votes = int_arg(action.args, "votes", 1, MAX_EXTRA_VOTES)
    council = state.council
    gained = pair_value(council.advantage, player) + votes
    if gained > MAX_EXTRA_VOTES:
        raise RuleError(_("{player} cannot gain more than {most} votes.", player=player,
                          most=MAX_EXTRA_VOTES))
    return replace(state, council=replace(council, advantage=with_pair(council.advantage,
                                                                       player, gained)))


def use_extra_votes(state: State, action: Action) -> State:
    """ "When the Voting Box is in front of you ... If you have Extra Vote Cards, you can use
    them against the same player, a different player, or save them for later."

    Played at the box, in secret: on the player's own phone, or on the table device handed to
    them (``player`` names them). They may be readied during the discussion and changed until
    the box has gone round; the ballot box refuses a change once that player has voted."""
    council = state.council
    player = card_owner(state, action, extra_votes_refusal)
    count = int_arg(action.args, "count", 0, MAX_EXTRA_VOTES)
    return replace(state, council=replace(council, extra=with_pair(council.extra, player,
                                                                   count)))


def start_vote(state: State, action: Action) -> State:
    """ "All right, that's enough discussion. It is... time to vote!" The box goes to every
    player still in, "even if they don't have a Vote Card": "Everyone must vote"."""
    council = state.council
    # Vote Cards and Tribal Advantage votes MUST be used; Extra Vote cards stay apart, played
    # at the box. A player with none of them still passes the box (a ballot of no votes).
    allotment = tuple((player, state.vote_cards_of(player) + pair_value(council.advantage,
                                                                          player))
                      for player in state.still_in)
    return replace(state, council=replace(council, step=VOTE, allotment=allotment))


def open_eyes(state: State, action: Action) -> State:
    """ "Everyone must vote." Eyes open only once the Voting Box has gone round: the table
    screen, which sees the box, says who has voted (``key`` and ``voted``), and that must be
    every voter."""
    call = council_call(state)
    if action.args.get("key") != call.key:
        raise RuleError(_("Say which Voting Box has gone round."))
    voted = action.args.get("voted")
    if not isinstance(voted, (list, tuple)) or any(not isinstance(v, str) for v in voted):
        raise RuleError(_("Say who has voted."))
    missing = [v for v in call.voters if v not in voted]
    if missing:
        raise RuleError(_n("Everyone must vote: {players} has not voted yet, so eyes stay "
                           "closed.",
                           "Everyone must vote: {players} have not voted yet, so eyes stay "
                           "closed.", "count", players=tuple(missing), count=len(missing)))
    return replace(state, council=replace(state.council, step=IDOLS))


def play_idol(state: State, action: Action) -> State:
    """ "Any votes for a player who plays an Idol DO NOT count!" """
    player = card_owner(state, action, idol_refusal)
    council = state.council
    return replace(state, council=replace(council, idols=council.idols + (player,)))


def open_box(state: State, action: Action) -> State:
    """ "Okay, I'll open the box and tally the votes!" """
    council = state.council
    if council.ballots is None:
        # The ballots are still in the companion's box: they are read now, then counted.
        return replace(state, council=replace(council, step=READING))
    return voting_out.count_the_box(state)


def choose(state: State, action: Action) -> State:
    """The Tribal Council Leader resolves a tie or an unclear vote ("Ties")."""
    council = state.council
    check_decider(action, council.leader)
    choice = council.choice
    chosen = action.args.get("players")
    if chosen is None and "player" in action.args:
        chosen = [action.args["player"]]
    if not isinstance(chosen, (list, tuple)) or any(not isinstance(p, str) for p in chosen):
        raise RuleError(_("Say which players the Tribal Council Leader chooses."))
    if len(set(chosen)) != len(chosen):
        raise RuleError(_("Choose different players."))
    if len(chosen) != choice.picks:
        raise RuleError(_n("Choose exactly {count} player from {among}.",
                           "Choose exactly {count} players from {among}.", "count",
                           count=choice.picks, among=tuple(choice.pick_from)))
    for name in chosen:
        if name not in choice.pick_from:
            raise RuleError(_("{player} is not among those to choose from: {among}.",
                              player=name, among=tuple(choice.pick_from)))
    return voting_out.leader_chose(state, tuple(p for p in choice.pick_from if p in chosen))


def end_tribal_council(state: State, action: Action) -> State:
    """ "After Tribal, continue play with the player on your left." """
    return replace(state, phase=TURN, turn=state.left_of(state.council.leader))


# --- the Voting Box's counts -----------------------------------------------------------------

def vote_result(state: State, action: Action) -> State:
    """The counted Voting Box: a Tribal Council's (kept closed until the Idol moment is over)
    or the jury's."""
    if state.phase != COUNCIL:
        return final_vote_result(state, action)
    council = state.council
    ballots = read_tally(action.args, council_call(state))
    if council.step == READING:
        return voting_out.count_the_box(replace(state, council=replace(council,
                                                                       ballots=ballots)))
    # The box is full but stays closed: the Idol moment comes before the tally.
    return replace(state, council=replace(council, step=IDOLS, ballots=ballots))


def final_vote_result(state: State, action: Action) -> State:
    """ "The player with the most votes is declared the Sole Survivor and winner of the
    game!" A tie goes to the Final Tribal Council Leader."""
    final = state.final
    votes = read_tally(action.args, final_call(state))
    (a, va), (b, vb) = votes
    if va == vb:
        return replace(state, final=replace(final, step=TIE_BREAK, votes=votes))
    return replace(state, phase=OVER, final=replace(final, step=DONE, votes=votes,
                                                    winner=a if va > vb else b))


# --- the Final Tribal Council ----------------------------------------------------------------

def start_jury_vote(state: State, action: Action) -> State:
    """ "The winner of Survivor is...3...2...1..." """
    return replace(state, final=replace(state.final, step=JURY_VOTE))


def break_tie(state: State, action: Action) -> State:
    """ "the Final Tribal Council Leader breaks the tie by choosing the winner. They DON'T
    have to pick the player they originally voted for." """
    final = state.final
    check_decider(action, final.leader, final=True)
    winner = action.args.get("winner")
    if winner not in final.finalists:
        raise RuleError(_("The winner is {one} or {other}.", one=final.finalists[0],
                          other=final.finalists[1]))
    return replace(state, phase=OVER, final=replace(final, step=DONE, winner=winner))

