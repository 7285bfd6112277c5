"""Random games of Survivor: The Tribe Has Spoken, from the setup to the Sole Survivor.

The play is built by playing: at each step one of the moves a table might try (most of them
sensible, some refused) is picked at random and kept, so the plays reach every step of a
Tribal Council (Tribal Advantage and Extra Vote cards, the Voting Box going round, Immunity
Idols, the leader's choices) and the Final Tribal Council with its jury and tie-break.
"""
from __future__ import annotations

import random

from rules import TABLE, Action, RuleError
from rules.survivor import GAME
from rules.testing import Play

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def box_results(state, rng) -> list[Action]:
    """The counted Voting Box the table is waiting for: every vote cast at random."""
    call = GAME.vote_call(state)
    if call is None:
        return []
    tally: dict[str, int] = {}
    for voter in call.voters:
        for _ in range(call.votes_per_voter + call.extra_votes.get(voter, 0)):
            choice = rng.choice([c for c in call.candidates if call.self_vote or c != voter])
            tally[choice] = tally.get(choice, 0) + 1
    return [Action(TABLE, "vote_result", {"key": call.key, "tally": tally}),
            Action(TABLE, "open_eyes", {"key": call.key, "voted": list(call.voters)})]


def tries(state, rng) -> list[Action]:
    """Moves a table might try now, from every seat and the table screen."""
    players = list(state.players)
    someone = rng.choice(players + [TABLE])
    named = rng.choice(players)
    acts = [Action(someone, m) for m in ("draw_action", "begin_discussion", "start_vote",
                                         "open_box", "end_tribal_council", "start_jury_vote",
                                         "play_idol")]
    acts += [Action(TABLE, "start", {"first_player": named}),
             Action(someone, "draw_tribal_council", {"kind": rng.choice(["single", "double"])}),
             Action(TABLE, "take_vote_card", {"player": named,
                                              "to": rng.choice(players + [None])}),
             Action(named, "play_tribal_advantage", {"votes": rng.randint(1, 2)}),
             Action(named, "use_extra_votes", {"count": rng.randint(0, 2)}),
             Action(TABLE, "use_extra_votes", {"player": named, "count": 1}),
             Action(TABLE, "play_idol", {"player": named})]
    if rng.random() < 0.05:  # an Action card turns over a character now and then
        acts.append(Action(TABLE, "turn_over", {"player": named}))
    acts += box_results(state, rng)
    council = state.council
    if council is not None and council.choice is not None:
        chosen = rng.sample(council.choice.pick_from, council.choice.picks)
        acts += [Action(council.leader, "choose", {"players": chosen}),
                 Action(TABLE, "choose", {"players": chosen, "by": council.leader})]
    if state.final is not None:
        winner = rng.choice(state.final.finalists)
        acts += [Action(state.final.leader, "break_tie", {"winner": winner}),
                 Action(TABLE, "break_tie", {"winner": winner, "by": state.final.leader})]
    return acts


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = NAMES[:3 + seed % 4]
    options = {"self_vote": rng.random() < 0.7,
               "final_leader": rng.choice(["tribal_council_leader", "seat_order"])}
    state = GAME.setup(players, options)
    actions: list[Action] = []
    for _ in range(400):
        acts = tries(state, rng)
        accepted = [a for a in acts if _applies(state, a)]
        action = rng.choice(accepted if accepted and rng.random() < 0.85 else acts)
        actions.append(action)
        try:
            state = GAME.apply(state, action)
        except RuleError:
            continue
        if state.winner:
            break
    return Play(players, options, actions)


def _applies(state, action) -> bool:
    try:
        GAME.apply(state, action)
    except RuleError:
        return False
    return True
