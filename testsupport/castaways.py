"""Castaways games set up and played move by move for the rules tests (tests/rules): the
8-player deal of tests/rules/test_castaways_game.py, its picks, a Challenge won, a Tribunal
voted; and the 10-player game of issue 12 (tests/rules/test_castaways_issue12.py)."""
from __future__ import annotations

import pytest

from rules import TABLE, Action, RuleError
from rules.castaways import GAME
from rules.testing import said as said_message


P8 = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
TEAM1 = ["Physical 1", "Physical 2", "Physical 3", "Mental 1", "Mental 2", "Mental 3",
         "Social 1", "Social 2", "Social 3"]
TEAM2 = ["Physical 4", "Physical 5", "Physical 6", "Mental 4", "Mental 5", "Mental 6",
         "Social 4", "Social 5", "Social 6"]
# With 8 players (2 each), seats alternate teams: Team 1 is Ann, Cat, Eve, Gus; Team 2 is
# Ben, Dan, Fay, Hal. Each takes the next two face-down cards of their team's stack:
PICKS8 = {
    "Ann": ["Physical 1", "Physical 2"], "Cat": ["Physical 3", "Mental 1"],
    "Eve": ["Mental 2", "Mental 3"], "Gus": ["Social 1", "Social 2"],
    "Ben": ["Physical 4", "Physical 5"], "Dan": ["Physical 6", "Mental 4"],
    "Fay": ["Mental 5", "Mental 6"], "Hal": ["Social 4", "Social 5"],
}  # Social 3 and Social 6 are owned by nobody.


def T(move, **args):
    return Action(TABLE, move, args)


def play(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def refused(state, action, match=None):
    with pytest.raises(RuleError, match=match):
        GAME.apply(state, action)


def dealt(players=P8, team1=TEAM1, team2=TEAM2, **options):
    state = GAME.setup(players, options)
    return play(state, T("deal", teams={"Team 1": list(team1), "Team 2": list(team2)}))


def card_of(state, castaway):
    for team, stack in state.stacks:
        if castaway in stack:
            return team, stack.index(castaway) + 1
    raise AssertionError(castaway)


def pick(state, player, castaway):
    team, card = card_of(state, castaway)
    return play(state, Action(player, "pick", {"card": card, "team": team}))


def picked(picks=PICKS8, **kw):
    state = dealt(**kw)
    for player, castaways in picks.items():
        for c in castaways:
            state = pick(state, player, c)
    return state


def started(**kw):
    """Round 1, Daily Mail; Team 1 won the Team Leader die, so the order is Ann, Ben, Cat ..."""
    return play(picked(**kw), T("roll_team_leader", rolls={"Team 1": 6, "Team 2": 1}))


def to_phase(state, phase):
    for _ in range(6):
        if state.phase == phase:
            return state
        state = play(state, T("next_phase"))
    raise AssertionError(state.phase)


def lineup(state, team):
    return dict(state.lineups)[team]


def auto_sit_outs(state):
    view = GAME.view(state, None)["challenge"]
    if not view["sit_out_count"] or view["sit_outs"]:
        return state
    team = lineup(state, view["sit_out_team"])
    fresh = [c for c in team if c not in state.last_sit_outs]
    return play(state, T("sit_out", castaways=fresh[:view["sit_out_count"]]))


def to_tribunal(state, winner):
    """From wherever in the round to the Outcast Tribunal, ``winner`` winning the Challenge."""
    state = to_phase(state, "challenge")
    state = auto_sit_outs(state)
    state = play(state, T("reveal_challenge"), T("challenge_result", winner=winner))
    return play(state, T("next_phase"))


def vote(state, tally):
    call = GAME.vote_call(state)
    assert call is not None
    return play(state, T("vote_result", key=call.key, tally=tally))


def open_vote(state, twist="after"):
    return play(state, T("tribal_twist"), T("vote_twist", timing=twist), T("open_vote"))


def vote_out(state, castaway):
    """A whole round in which ``castaway`` is voted out unanimously."""
    if state.merged:
        others = [c for c in lineup(state, "Merged tribe") if c != castaway]
        state = to_tribunal(state, others[0])
    else:
        team = dict(state.castaway_team)[castaway]
        state = to_tribunal(state, "Team 2" if team == "Team 1" else "Team 1")
    state = open_vote(state)
    call = GAME.vote_call(state)
    if call is not None:
        state = vote(state, {castaway: len(call.voters)})
    assert castaway not in [c for _, lu in state.lineups for c in lu]
    if state.phase == "tribunal":
        state = play(state, T("next_phase"))
    if state.merge_checklist:
        state = play(state, T("confirm_merge"))
    return state


def remove(state, *castaways):
    for c in castaways:
        state = play(state, T("remove_castaway", castaway=c, reason="quit"))
    return state


def merged_game():
    state = started()
    for c in ("Physical 4", "Physical 5", "Physical 1", "Physical 2", "Physical 6",
              "Mental 4", "Social 3", "Social 6"):
        state = vote_out(state, c)
    return state


# Team 1 is strong, Team 2 weak: Team 1 = Physical 1-3, Mental 1-3, Social 1-3 (the deal).
STRENGTH = {"Physical 1": 9, "Physical 2": 8, "Physical 3": 7, "Mental 1": 3, "Mental 2": 3,
            "Mental 3": 3, "Social 1": 2, "Social 2": 2, "Social 3": 2,
            "Physical 4": 2, "Physical 5": 2, "Physical 6": 2, "Mental 4": 1, "Mental 5": 1,
            "Mental 6": 1, "Social 4": 1, "Social 5": 1, "Social 6": 1}
ROSTER = [{"name": f"{a} {i}", "archetype": a,
           "traits": {"Strength": STRENGTH[f"{a} {i}"], "Endurance": i}}
          for a in ("Physical", "Mental", "Social") for i in range(1, 7)]
STRONG = ["Physical 1", "Physical 2", "Physical 3"]
WEAK = ["Physical 4", "Physical 5", "Physical 6"]


def coconut_challenge(state=None):
    state = state or started(castaways=ROSTER)
    return play(to_phase(state, "challenge"), T("reveal_challenge"))


P10 = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


# 10 players, 1 Castaway each; seats alternate: Team 2 is Ben, Dan, Fay, Hal, Jon.
PICKS10 = {"Ann": ["Physical 1"], "Cat": ["Physical 2"], "Eve": ["Physical 3"],
           "Gus": ["Mental 1"], "Ivy": ["Mental 2"], "Ben": ["Physical 4"],
           "Dan": ["Physical 5"], "Fay": ["Physical 6"], "Hal": ["Mental 4"],
           "Jon": ["Mental 5"]}


def ten_players():
    state = picked(players=P10, picks=PICKS10)
    return play(state, T("roll_team_leader", rolls={"Team 1": 6, "Team 2": 1}))


def english(lines) -> tuple:
    """The rules' lines as their English (``str`` of each message)."""
    return tuple(str(line) for line in lines)


def said(game, before, action) -> str:
    """The history line's English (the rules say messages: ``str`` is the English)."""
    return str(said_message(game, before, action))
