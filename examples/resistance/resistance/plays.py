"""Random plays for the companion's contract checks (``rules.testing``): deals (typed, as only
the rules see them: the companion refuses a typed deal from a screen), votes, results."""
from __future__ import annotations

import random

from rules import TABLE, Action
from rules.testing import Play


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(rng.randint(2, 10)))
    spy = rng.choice(players)
    # the companion deals (a screen may not type a deal); the rules alone take a typed one
    actions = [Action(TABLE, "deal"),
               Action(TABLE, "deal", {"roles": {p: "spy" if p == spy else "resistance"
                                                for p in players}})]
    for _ in range(rng.randint(3, 10)):
        kind = rng.choice(["team", "team", "mission", "mission", "vote_result", "deal"])
        if kind == "vote_result":
            key = rng.choice(["team-1", "mission-1"])
            actions.append(Action(TABLE, "vote_result", {
                "key": key, "tally": {"Fail": rng.randint(0, 1)},
                "ballots": {p: [rng.choice(["Approve", "Reject"])] for p in players}}))
        else:
            actions.append(Action(rng.choice((TABLE, *players)), kind))
    return Play(players, {}, actions)
