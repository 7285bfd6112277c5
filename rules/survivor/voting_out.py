"""Voting Someone Out: turning over Survivor Character Cards, group by group, with the Tribal
Council Leader's choices, until the Tribe Has Spoken or only 2 players are left.
"""
from __future__ import annotations

from dataclasses import replace

from .setup import DOUBLE
from .state import (
    CHOICE, COUNCIL, FINAL, FINAL_LEADER, READING, SPOKEN, THREE_LEFT, TIE, UNCLEAR, Choice,
    Final, State,
)
from .tally_votes import tally


def turn_over(state: State, group: tuple[str, ...]) -> tuple[State, tuple[str, ...]]:
    """Each player of ``group`` turns over one Survivor Character Card; who is now out."""
    characters = list(state.characters)
    vote_cards = list(state.vote_cards)
    out = []
    for player in group:
        i = state.index(player)
        characters[i] -= 1
        if characters[i] == 0:
            # "put your cards face up on top of the Discard Pile": the Vote Card goes too
            vote_cards[i] = 0
            out.append(player)
    state = replace(state, characters=tuple(characters), vote_cards=tuple(vote_cards),
                    jury=state.jury + tuple(out))
    return state, tuple(out)


def start_final(state: State, leader: str) -> State:
    """ "The moment there are only 2 players left in the game ... it's time to IMMEDIATELY start
    the Final Tribal Council"; "The player most recently eliminated is ... the Final Tribal
    Council Leader"."""
    finalists = state.still_in
    council = state.council
    if state.phase == COUNCIL and council is not None:
        council = replace(council, step=SPOKEN, choice=None, pick=None, queue=())
    return replace(state, phase=FINAL, turn=None, council=council,
                   final=Final(finalists=(finalists[0], finalists[1]), jury=state.jury,
                               leader=leader))


def after_eliminations(state: State, together: tuple[str, ...]) -> State:
    """Start the Final Tribal Council if 2 are left; ``together`` went out at the same moment."""
    if len(state.still_in) != 2:
        return state
    if len(together) == 1:
        return start_final(state, together[0])
    # Several went out at once: "the player most recently eliminated" is not one player.
    council = state.council
    if state.options.final_leader == "seat_order":
        start = state.index(council.leader)
        n = len(state.players)
        leader = next(state.players[(start + k) % n] for k in range(n)
                      if state.players[(start + k) % n] in together)
        return start_final(state, leader)
    return replace(state, council=replace(council, step=CHOICE,
                                          choice=Choice(1, together, FINAL_LEADER)))


def vote_out(state: State, group: tuple[str, ...]) -> State:
    """The players of ``group`` are voted out together (a tie voted out whole, or a pick)."""
    still = state.still_in
    last = tuple(p for p in group if state.characters_of(p) == 1)
    if len(still) - len(last) < 2:
        # "If there are only 3 players left and 2 players would be eliminated at the same time
        # ... the Tribal Council Leader decides which of the tied players is eliminated."
        choice = Choice(len(still) - 2, last, THREE_LEFT)
        return replace(state, council=replace(state.council, step=CHOICE, choice=choice))
    state, out = turn_over(state, group)
    council = state.council
    state = replace(state, council=replace(council, voted_out=council.voted_out + group,
                                           eliminated=council.eliminated + out))
    return after_eliminations(state, out)


def three_left_at_once(state: State, choice: Choice) -> Choice:
    """ "If there are only 3 players left and 2 players would be eliminated at the same time
    ... the Tribal Council Leader decides which of the tied players is eliminated."

    When every pick the leader could make would leave fewer than 2 players (3 left, all tied
    on their last Survivor Character Card), the leader is asked that once: which one of the
    tied players is eliminated."""
    still = len(state.still_in)
    last = tuple(p for p in choice.pick_from if state.characters_of(p) == 1)
    fewest_out = max(0, choice.picks - (len(choice.pick_from) - len(last)))
    if still - fewest_out >= 2:
        return choice
    return Choice(still - 2, last, THREE_LEFT)


def resolve(state: State) -> State:
    """Vote out, group by group, until the leader must choose or the Tribal Council is over."""
    while True:
        council = state.council
        if state.phase != COUNCIL or council.choice is not None:
            return state
        if council.queue:
            group = council.queue[0]
            state = replace(state, council=replace(council, queue=council.queue[1:]))
            state = vote_out(state, group)
            continue
        if council.pick is not None:
            choice = three_left_at_once(state, council.pick)
            return replace(state, council=replace(council, step=CHOICE, choice=choice,
                                                  pick=None))
        # "After voting has ended, return 1 Vote Card to every player who still has at least
        # one Survivor Character Card left in the game."
        vote_cards = tuple(1 if n > 0 else 0 for n in state.characters)
        return replace(state, vote_cards=vote_cards, council=replace(council, step=SPOKEN))


def count_the_box(state: State) -> State:
    """Tally the votes, with the Idols played, and vote out whoever the votes decide."""
    council = state.council
    result = tally(dict(council.ballots), double=council.kind == DOUBLE,
                   players=state.still_in, idols=council.idols)
    pick = None
    if result.leader_picks:
        pick = Choice(result.leader_picks, result.pick_from,
                      TIE if result.pick_reason == "tie" else UNCLEAR)
    council = replace(council, step=READING, result=result, queue=result.groups, pick=pick)
    return resolve(replace(state, council=council))


def leader_chose(state: State, group: tuple[str, ...]) -> State:
    """The Tribal Council Leader's choice (``group``, in seat order) takes effect."""
    choice = state.council.choice
    state = replace(state, council=replace(state.council, choice=None, step=READING))
    if choice.reason == FINAL_LEADER:
        return start_final(state, group[0])
    if choice.reason == THREE_LEFT:
        # Only the chosen are eliminated; the Final Tribal Council begins at once.
        return vote_out(state, group)
    council = state.council
    return resolve(replace(state, council=replace(council, queue=(group,) + council.queue)))
