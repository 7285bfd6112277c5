"""Random plays for the companion's checks, and ``policy``: the next move in any state, so a
whole game is played through the companion whatever the shuffled deal was (a recorded pick
names a card of a hand the play could not foresee: replayed after a secret deal, every pick
after the first turn would be refused)."""
from __future__ import annotations

import random

from rules import TABLE, Action
from rules.testing import Play

from .rules import CARDS, DECK, HAND


def plays(seed: int) -> Play:
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(rng.randint(2, 5)))
    deck, size = rng.sample(DECK, len(DECK)), HAND[len(players)]
    hands = {p: deck[i * size:(i + 1) * size] for i, p in enumerate(players)}
    # the companion deals (a screen may not type a deal); the rules alone take a typed one
    actions = [Action(TABLE, "deal"), Action(TABLE, "deal", {"hands": hands})]
    held = [list(hands[p]) for p in players]
    for turn in range(1, size + 1):
        picks = [rng.choice(hand) for hand in held]
        for i, player in enumerate(players):
            if rng.random() < 0.1:  # a late pick, or a card not in the hand: refused
                actions.append(Action(player, "pick", {"card": rng.choice(CARDS),
                                                       "turn": turn - 1}))
            actions.append(Action(player, "pick", {"card": picks[i], "turn": turn}))
        for hand, card in zip(held, picks):
            hand.remove(card)
        held = [held[(i - 1) % len(players)] for i in range(len(players))]
    return Play(players, {}, actions)


def policy(state, rng) -> Action:
    """Deal, then the first player whose pick is not in picks a card of their hand."""
    if not state.turn:
        return Action(TABLE, "deal")
    for player, hand, pick in zip(state.players, state.hands, state.picks):
        if pick is None and hand:
            return Action(player, "pick", {"card": rng.choice(hand), "turn": state.turn})
    return Action(TABLE, "deal")  # the draft is over: refused
