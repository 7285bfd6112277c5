"""Who may make a move now, beyond its phase: the guards the move table declares.

Each guard is ``allowed(state, actor) -> sentence | None``: the sentence says why this actor
may not make the move now. ``legal_moves`` asks the same guards, so a screen offers a button
exactly when the rules would accept the move. Checks that need the move's arguments stay in
the move itself.
"""
from __future__ import annotations

from typing import Callable

from rules import TABLE
from rules.words import Speaker

from .camp import swap_turn
from .core import TEAM_SWAP_FROM_ROUND, forced_turn, in_game_players, owned_by
from .rounds import sit_out_needed
from .state import (
    ADVANTAGES, CAMP, CHALLENGE, DICE, DONE, INCITE, OVER, TRIBUNAL, VOTE, VOTE_TWIST, State,
)

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

Guard = Callable[[State, str], "str | None"]


def first_of(*guards: Guard) -> Guard:
    """The first guard that refuses speaks for all (they are read in order)."""
    def allowed(state: State, actor: str) -> str | None:
        for guard in guards:
            refusal = guard(state, actor)
            if refusal:
                return refusal
        return None
    return allowed


def game_on(state: State, actor: str) -> str | None:
    """The game's guard over every move (``CastawaysGame.guard``): a game of Castaways, played
    by this actor (or the table), and not over yet."""
    if not isinstance(state, State):
        return _("This is not a game of Castaways.")
    if actor != TABLE and actor not in state.players:
        return _("{player} is not playing this game.", player=actor)
    if state.phase == OVER:
        return _("The game is over.")
    return None


def in_game(state: State, actor: str) -> str | None:
    """A player who is out of the game makes no more moves (their phone only watches)."""
    if actor != TABLE and actor not in in_game_players(state):
        return _("{player} is out of the game.", player=actor)
    return None


def evacuation_first(before: str) -> Guard:
    """A Medical Evacuation due at this stage comes first: "if still 0 at the same stage of
    the next round - that Castaway will be medically evacuated"."""
    def allowed(state: State, actor: str) -> str | None:
        if state.pending_evacuations:
            return _("{castaway} is still at 0 health: confirm the Medical Evacuation "
                     "{before}.", castaway=state.pending_evacuations[0], before=before)
        return None
    return allowed


# -- setup and the Team Leader card ---------------------------------------------------------

def may_pick(state: State, actor: str) -> str | None:
    if len(owned_by(state, actor)) >= state.per_player:
        return _n("{player} already has {count} Castaway.",
                  "{player} already has {count} Castaways.", "count", player=actor,
                  count=state.per_player)
    return None


def no_forced_play(doing: str) -> Guard:
    def allowed(state: State, actor: str) -> str | None:
        return _("Finish Forced Play before {doing}.", doing=doing) \
            if state.forced is not None else None
    return allowed


def leader_card_free(state: State, actor: str) -> str | None:
    if state.tribunal is not None:
        return _("The Team Leader card stays put during the Outcast Tribunal.")
    return None


def merge_checklist_open(state: State, actor: str) -> str | None:
    return None if state.merge_checklist else _("There is no merge checklist to confirm.")


# -- moving on ------------------------------------------------------------------------------

def may_move_on(state: State, actor: str) -> str | None:
    """What holds the round at its stage: a due evacuation, the merge checklist, the Team
    Swap, Forced Play, '!' cards still held, the Challenge result, the Tribunal."""
    if state.pending_evacuations:
        return _("{castaway} is still at 0 health: confirm the Medical Evacuation first.",
                 castaway=state.pending_evacuations[0])
    if state.merge_checklist:
        return _("Confirm the merge checklist first.")
    if state.phase == CAMP:
        return camp_done(state)
    if state.phase == CHALLENGE and state.challenge_winner is None:
        return _("Enter who won the Challenge first.")
    trib = state.tribunal
    if state.phase == TRIBUNAL and trib is not None and trib.step != DONE:
        return _("Finish the Outcast Tribunal first.")
    return None


def camp_done(state: State) -> str | None:
    """"Camp Life cards with the exclamation mark icon ... must be played at camp during the
    round in which they were received"."""
    if state.swap is not None:
        return _("Finish the Team Swap first.")
    if state.forced is not None:
        return _("Forced Play must be completed first.")
    holders = [p for p, n in state.must_play if n > 0]
    if holders:
        return _("{player} still holds a '!' card: it must be played at camp this round.",
                 player=holders[0])
    return None


# -- camp -----------------------------------------------------------------------------------

def may_force(state: State, actor: str) -> str | None:
    if state.forced is not None:
        return _("Forced Play is already under way.")
    if state.swap is not None:
        return _("Finish the Team Swap first.")
    if not any(n > 0 for _, n in state.must_play):
        return _("Nobody holds a '!' card: there is nothing to force.")
    return None


def may_play_card(state: State, actor: str) -> str | None:
    """During Forced Play "no player who is positioned further down the order is then
    allowed to jump in and play their card"."""
    if state.swap is not None:
        return _("Finish the Team Swap before any other card is played.")
    turn = forced_turn(state)
    if turn is not None and actor != TABLE and actor != turn:
        return _("Forced Play: it is {player}'s turn; no other card may be played until "
                 "Forced Play is complete.", player=turn)
    return None


def may_swap(state: State, actor: str) -> str | None:
    """"The Team Swap card can only be played from round 3 onwards, and has no effect once
    the merge stage has been reached"."""
    if not state.options.team_swap:
        return _("The Team Swap card is not in this game (setup option).")
    if state.merged:
        return _("The Team Swap has no effect after the merge: discard it and draw another "
                 "Camp Life card.")
    if state.round < TEAM_SWAP_FROM_ROUND:
        return _("The Team Swap can only be played from round {round}: hold onto it until "
                 "then.", round=TEAM_SWAP_FROM_ROUND)
    if state.swapped or state.swap is not None:
        return _("The Team Swap has already been played.")
    if state.forced is not None:
        return _("Forced Play must be completed first.")
    return None


def swap_picking(state: State, actor: str) -> str | None:
    """"The card holder picks first", then the captains take turns."""
    swap = state.swap
    if swap is None:
        return SWAP_GONE if state.merged else _("No Team Swap is under way.")
    if not swap.to_pick:
        return _("Every player has been picked: now split the Castaways.")
    turn = swap_turn(swap)
    if actor != TABLE and actor != turn:
        return _("It is {player}'s pick.", player=turn)
    return None


SWAP_GONE = _("The Team Swap has no effect after the merge: the teams are one tribe now.")


def swap_picked(state: State, actor: str) -> str | None:
    if state.swap is None:
        return SWAP_GONE if state.merged else _("No Team Swap is under way.")
    if state.swap.to_pick:
        return _("Finish the schoolyard pick first.")
    return None


# -- the Challenge --------------------------------------------------------------------------

def may_sit_out(state: State, actor: str) -> str | None:
    """"They must do this before seeing the Challenge card.\""""
    if state.challenge_revealed:
        return _("Sit-outs are chosen before the Challenge card is seen.")
    if not sit_out_needed(state)[1]:
        return _("The teams are even: nobody sits out.")
    return None


def may_reveal(state: State, actor: str) -> str | None:
    if state.challenge_revealed:
        return _("The Challenge card is already revealed.")
    team, needed = sit_out_needed(state)
    if needed and len(state.sit_outs) != needed:
        return _n("{team} must sit out {count} Castaway before the card is seen.",
                  "{team} must sit out {count} Castaways before the card is seen.", "count",
                  team=team, count=needed)
    return None


def challenge_on(state: State, actor: str) -> str | None:
    return None if state.challenge_revealed else _("Reveal the Challenge card first.")


def no_result_yet(sentence: str) -> Guard:
    def allowed(state: State, actor: str) -> str | None:
        return sentence if state.challenge_winner is not None else None
    return allowed


def team_challenge(state: State, actor: str) -> str | None:
    return _("The Coconut Toss is a team challenge.") if state.merged else None


def removable_now(state: State, actor: str) -> str | None:
    trib = state.tribunal
    if trib is not None and trib.step in (VOTE, DICE):
        return _("Finish the vote at the Outcast Tribunal first.")
    return None


def before_the_vote(state: State, actor: str) -> str | None:
    trib = state.tribunal
    if trib is not None and trib.step not in (INCITE, VOTE_TWIST, ADVANTAGES):
        return _("Safety comes before the vote.")
    return None


# -- the Outcast Tribunal -------------------------------------------------------------------

def tribunal_leader(doing: str, *steps: str) -> Guard:
    """The Tribunal Leader adjudicates: "hand the Team Leader card and the duty of
    adjudicating the tribunal to a player from the opposing team"."""
    def allowed(state: State, actor: str) -> str | None:
        trib = state.tribunal
        if trib is None:
            return _("You cannot {doing} now: no Outcast Tribunal is under way.", doing=doing)
        if actor not in (TABLE, trib.leader):
            return _("Only the Tribunal Leader ({leader}) or the table can {doing}.",
                     leader=trib.leader, doing=doing)
        if steps and trib.step not in steps:
            return _("You cannot {doing} at this point of the Outcast Tribunal.", doing=doing)
        return None
    return allowed


def may_return_advantage(state: State, actor: str) -> str | None:
    """"The card that is played late, and causes a conflict, is not valid and returned"."""
    played = len(state.tribunal.advantages)
    if not played:
        return _("No Advantage card has been played.")
    if played == 1:
        return _("The card played first takes effect; only a later card is returned.")
    return None


def may_play_advantage(state: State, actor: str) -> str | None:
    trib = state.tribunal
    if trib is None:
        return _("Advantage cards are played at the Outcast Tribunal.")
    if trib.step != ADVANTAGES:
        return _("Advantage cards are played before the vote opens.")
    if actor != TABLE and actor not in trib.voters:
        return _("{player} is not at this Outcast Tribunal.", player=actor)
    return None


def may_double(state: State, actor: str) -> str | None:
    """"If the Double Vote Out happens at 11 Castaways, then simply allow the double vote out
    to happen at the Outcast Tribunal"."""
    trib = state.tribunal
    if trib.merge_closed or (state.merged and trib.team is not None):
        return _("The teams merged during this Outcast Tribunal: it is over.")
    if trib.double:
        return _("This is already a Double Vote Out.")
    if trib.step in (VOTE, DICE):
        return _("Finish the vote under way first.")
    if trib.step == DONE and trib.nobody_out:
        return _("Nobody could be voted out at this Outcast Tribunal.")
    return None


def votes_awaited(state: State, actor: str) -> str | None:
    """The ballot box's count comes back only while a vote is open."""
    if state.final is not None:
        return None if state.final.voting else _("The Outcast Panel has not started voting.")
    trib = state.tribunal
    if trib is None or trib.step != VOTE:
        return _("You cannot count the votes now: no vote is open.")
    return None


def final_vote_closed(state: State, actor: str) -> str | None:
    if state.final.voting:
        return _("The Outcast Panel is already voting.")
    if not state.final.panel:
        return _("There is nobody on the Outcast Panel.")
    return None
