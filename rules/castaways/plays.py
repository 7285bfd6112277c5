"""Random games of Castaways for the contract test: mostly the table moving the game on (the
deal, the picks, the Team Leader die, '!' cards and Forced Play, the Team Swap, sit-outs, the
Challenge and its roll-off, the Outcast Tribunal with Advantage cards, votes, revotes and the
die, Medical Evacuations, the merge, the Final), sometimes a move at random. The driver is
the property test's (tests/rules/test_castaways_properties.py), on ``random.Random``.
"""
from __future__ import annotations

import random

from rules import TABLE, Action, RuleError
from rules.castaways import GAME
from rules.castaways.camp import swap_turn
from rules.castaways.core import alive, forced_turn, in_game_players
from rules.castaways.outcast import eligible_castaways, tribunal_votes
from rules.castaways.rounds import sit_out_needed
from rules.testing import Play

ARCH = ("Physical", "Mental", "Social")
ROSTER = [{"name": f"{a} {i}", "archetype": a,
           "traits": {"Strength": (i * 3) % 7 + 2, "Endurance": i}}
          for a in ARCH for i in range(1, 7)]
ARCHETYPE = {c["name"]: c["archetype"] for c in ROSTER}


def T(move: str, **args) -> Action:
    return Action(TABLE, move, args)


def die(rng: random.Random) -> int:
    return rng.randint(1, 6)


def setup_move(state, rng: random.Random) -> Action:
    if state.phase == "deal":
        teams = {"Team 1": [], "Team 2": []}
        for a in ARCH:
            group = rng.sample([n for n in ARCHETYPE if ARCHETYPE[n] == a], 6)
            teams["Team 1"] += group[:3]
            teams["Team 2"] += group[3:]
        return T("deal", teams=teams)
    if state.phase == "picks":
        still = [p for p in state.players
                 if sum(1 for _, o in state.owners if o == p) < state.per_player]
        p = rng.choice(still)
        owned = {c for c, _ in state.owners}
        for team in (dict(state.player_team)[p], "Team 1", "Team 2"):
            free = [i for i, c in enumerate(dict(state.stacks)[team], 1) if c not in owned]
            if free:
                return Action(p, "pick", {"card": rng.choice(free), "team": team})
    return T("roll_team_leader", rolls={"Team 1": die(rng), "Team 2": die(rng)})


def camp_move(state, rng: random.Random) -> Action:
    here = alive(state)
    if state.swap is not None:
        turn = swap_turn(state.swap)
        if turn:
            return Action(turn, "swap_pick", {"player": rng.choice(state.swap.to_pick)})
        split = {state.swap.holder_team: [], state.swap.captain_team: []}
        for a in ARCH:
            group = rng.sample([c for c in here if ARCHETYPE[c] == a],
                               sum(1 for c in here if ARCHETYPE[c] == a))
            half = (len(group) + 1) // 2
            split[state.swap.holder_team] += group[:half]
            split[state.swap.captain_team] += group[half:]
        return T("swap_split", teams=split)
    if state.forced is not None:
        return Action(forced_turn(state), "play_card", {"must_play": True})
    holders = [p for p, n in state.must_play if n > 0]
    if holders:
        if rng.random() < 0.5:
            return T("start_forced_play")
        return Action(rng.choice(holders), "play_card", {"must_play": True})
    if state.options.team_swap and not state.swapped and rng.random() < 0.3:
        players = in_game_players(state)
        return Action(players[0], "team_swap", {"captain": players[-1]})
    return T("next_phase")


def challenge_move(state, rng: random.Random) -> Action:
    team, needed = sit_out_needed(state)
    if needed and len(state.sit_outs) != needed and not state.challenge_revealed:
        lineup = rng.sample(dict(state.lineups)[team], len(dict(state.lineups)[team]))
        fresh = [c for c in lineup if c not in state.last_sit_outs]
        return T("sit_out", castaways=(fresh + [c for c in lineup if c not in fresh])[:needed])
    if not state.challenge_revealed:
        return T("reveal_challenge")
    if state.challenge_reroll:
        return T("challenge_roll_off", rolls={c: die(rng) for c in state.challenge_reroll})
    here = alive(state)
    field = [c for c in here if c not in state.sit_outs and c not in state.challenge_out]
    if state.challenge_winner is None and len(field) >= 2 and rng.random() < 0.2:
        tied = rng.sample(field, rng.randint(2, min(5, len(field))))
        return T("challenge_roll_off", out=rng.randint(1, len(tied) - 1),
                 rolls={c: die(rng) for c in tied})
    if state.challenge_winner is None:
        return T("challenge_result", winner=rng.choice(here if state.merged
                                                        else ["Team 1", "Team 2"]))
    return T("next_phase")


def tally_for(rng: random.Random, call) -> dict:
    votes = len(call.voters) + sum(dict(call.extra_votes).values())
    tally = {c: 0 for c in call.candidates}
    for _ in range(rng.randint(max(0, votes - 1), votes)):
        tally[rng.choice(call.candidates)] += 1
    return {"key": call.key, "tally": tally}


def tribunal_move(state, rng: random.Random) -> Action:
    trib = state.tribunal
    if trib is None or trib.step == "done":
        if trib is not None and not trib.double and rng.random() < 0.15:
            return T("double_vote_out")
        return T("next_phase")
    if trib.step == "incite":
        return T("tribal_twist")
    if trib.step == "vote_twist":
        return T("vote_twist", timing=rng.choice(["before", "after"]))
    if trib.step == "advantages":
        ballot = eligible_castaways(state, trib)
        voters, _ = tribunal_votes(state, trib)
        if ballot and voters and rng.random() < 0.2:
            return Action(rng.choice(voters), "play_advantage", {"safe": [rng.choice(ballot)]})
        return T("open_vote")
    if trib.step == "vote":
        return T("vote_result", **tally_for(rng, GAME.vote_call(state)))
    return T("roll_off", rolls={c: die(rng) for c in trib.dice_for})


def smart(state, rng: random.Random) -> Action:
    phase = state.phase
    if phase in ("deal", "picks", "team_leader"):
        return setup_move(state, rng)
    if state.pending_evacuations:
        return T("medical_evacuation", castaway=state.pending_evacuations[0])
    if state.merge_checklist:
        return T("confirm_merge")
    if phase == "final":
        if not state.final.voting:
            return T("open_final_vote")
        return T("vote_result", **tally_for(rng, GAME.vote_call(state)))
    if rng.random() < 0.15:
        hit = rng.sample(alive(state), min(3, len(alive(state))))
        return T("adjust_health", castaways=hit, delta=rng.choice([-6, -3, -1, 1, 2]))
    if phase in ("daily_mail", "camp_life"):
        if rng.random() < 0.25:
            return T("mark_must_play", player=rng.choice(in_game_players(state)),
                     count=rng.randint(0, 2))
        return T("next_phase")
    if phase == "camp":
        return camp_move(state, rng)
    if phase == "challenge":
        return challenge_move(state, rng)
    return tribunal_move(state, rng)


def anything(state, rng: random.Random) -> Action:
    """A move at random, by anyone, often with nonsense."""
    actor = rng.choice(list(state.players) + [TABLE, "Zed"])
    name = rng.choice([n for n, m in GAME.moves.items() if not m.internal])
    castaway = rng.choice(list(ARCHETYPE) + ["Nobody"])
    args = rng.choice([{}, {"castaway": castaway}, {"castaways": [castaway]},
                       {"player": rng.choice(state.players)}, {"must_play": True}])
    return Action(actor, name, args)


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(1, rng.choice([5, 6, 7, 9, 10, 12]) + 1))
    options = {"castaways": ROSTER, "team_swap": seed % 2 == 1,
               "second_advantage_round": seed % 3 == 0, "pass_leader_each_round": seed != 2}
    state = GAME.setup(players, options)
    actions = []
    for _ in range(260):
        if state.phase == "over":
            break
        action = smart(state, rng) if rng.random() < 0.85 else anything(state, rng)
        actions.append(action)
        try:
            state = GAME.apply(state, action)
        except RuleError:
            continue
    return Play(players, options, actions)


def policy(state, rng: random.Random) -> Action:
    """A whole game through the companion (the gallery, the layout test): the table moving
    the game on from the deal to the Final Outcast Tribunal's jury vote, never nonsense."""
    return smart(state, rng)
