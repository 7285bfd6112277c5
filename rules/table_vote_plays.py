"""Random table votes: questions asked (some of them open votes), cancelled, counted."""
from __future__ import annotations

import random

from rules import TABLE, Action
from rules.testing import Play


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(rng.randint(1, 6)))
    actions = []
    for i in range(rng.randint(3, 12)):
        kind = rng.choice(["ask", "ask", "cancel", "vote_result"])
        if kind == "ask":
            voters = rng.sample(players, rng.randint(1, len(players)))
            actions.append(Action(TABLE, "ask", {"question": f"Q{i}?",
                                                 "candidates": ["Yes", "No"],
                                                 "voters": voters,
                                                 "open_vote": rng.random() < 0.4}))
        elif kind == "cancel":
            actions.append(Action(TABLE, "cancel"))
        else:
            actions.append(Action(TABLE, "vote_result",
                                  {"key": f"vote-{i}", "tally": {"Yes": 1}}))
    return Play(players, {}, actions)
