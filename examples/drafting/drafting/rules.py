"""The rules: the companion deals each player a secret hand; every turn each player picks one
card of their hand at once, face down; when the last pick is in, the picks are turned over
together and the hands pass to the left; when the hands are empty, the cards taken score.

The patterns it shows (docs/adding-a-game.md):

- a simultaneous secret action that is not a vote: ``pick`` is a plain move, awaited from each
  player until their pick is in (``awaited`` and the guard ``not_picked``); its history line
  says who picked, never what, until every pick is in and the picks are turned over together
  (``secret=True`` would hide the act itself, which the table must see);
- a move that arrives after the state moved on: a pick is stamped with its ``turn``, and a
  pick for a turn gone by is refused (the hands have passed: that card is in another hand);
- a secret deal: the hands are ``dealt`` by the companion (a screen may not type them);
- outcome ``details`` (the scores and each player's cards) that Tonight and the exports read.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from rules import TABLE, Outcome, RuleError, ranked
from rules.base import BaseGame, move

CARDS = ("Tempura", "Sashimi", "Dumpling")
DECK = tuple(card for card in CARDS for _ in range(12))
HAND = {2: 6, 3: 5, 4: 4, 5: 4}  # cards dealt to each player, by the number of players
DUMPLINGS = (0, 1, 3, 6, 10, 15)  # points for 0, 1, ... 5 or more Dumplings


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    turn: int = 0  # 0 until the hands are dealt, then 1, 2, ...
    hands: tuple[tuple[str, ...], ...] = ()  # by seat: each player's secret hand
    picks: tuple[str | None, ...] = ()  # by seat: this turn's picks, face down
    taken: tuple[tuple[str, ...], ...] = ()  # by seat: the cards turned over, open
    last: tuple[str, ...] = ()  # by seat: the picks last turned over


def score(cards) -> int:
    """Tempura: 5 a pair; Sashimi: 10 a set of three; Dumplings: 1, 3, 6, 10, 15."""
    count = Counter(cards)
    return (count["Tempura"] // 2 * 5 + count["Sashimi"] // 3 * 10
            + DUMPLINGS[min(count["Dumpling"], 5)])


def over(state: State) -> bool:
    return state.turn > 0 and not any(state.hands)


def deal_hands(state, args, source):
    """Each player's hand, dealt face down by the companion from the shuffled deck."""
    deck, size = source.shuffled(list(DECK)), HAND[len(state.players)]
    return {"hands": {p: deck[i * size:(i + 1) * size] for i, p in enumerate(state.players)}}


def dealt(state, action):
    hands, size = action.args.get("hands"), HAND[len(state.players)]
    if not isinstance(hands, dict) or set(hands) != set(state.players) or not all(
            isinstance(h, list) and len(h) == size and all(c in CARDS for c in h)
            for h in hands.values()):
        raise RuleError(f"Every player gets a hand of {size} cards of the deck.")
    if Counter(c for h in hands.values() for c in h) - Counter(DECK):
        raise RuleError("The hands hold more cards of a kind than the deck has.")
    n = len(state.players)
    return replace(state, turn=1, hands=tuple(tuple(hands[p]) for p in state.players),
                   picks=(None,) * n, taken=((),) * n)


def seat(state: State, player: str) -> int:
    return state.players.index(player)


def not_picked(state, actor):
    if state.turn and state.picks[seat(state, actor)] is not None:
        return "Your pick is in; the others are still picking."
    return None


def picked(state, action):
    turn, card = action.args.get("turn"), action.args.get("card")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise RuleError("A pick says which turn it is for.")
    if turn != state.turn:  # sent before the hands passed: that card is in another hand now
        raise RuleError(f"That pick was for turn {turn}; the hands have passed since. "
                        "Pick again from your new hand.")
    i = seat(state, action.actor)
    if card not in state.hands[i]:
        raise RuleError("That card is not in your hand.")
    picks = state.picks[:i] + (card,) + state.picks[i + 1:]
    if None in picks:
        return replace(state, picks=picks)
    return turned_over(state, picks)


def turned_over(state: State, picks: tuple[str, ...]) -> State:
    """Every pick is in: turned over together, each taken from its hand, the hands passed
    left (the next seat is on the left: seat i's hand goes to seat i + 1)."""
    n = len(state.players)
    kept = [list(hand) for hand in state.hands]
    for hand, card in zip(kept, picks):
        hand.remove(card)
    return replace(state, turn=state.turn + 1, picks=(None,) * n, last=picks,
                   hands=tuple(tuple(kept[(i - 1) % n]) for i in range(n)),
                   taken=tuple(t + (c,) for t, c in zip(state.taken, picks)))


def said_pick(before, action, after):
    if after.turn == before.turn:
        return f"{action.actor} has picked a card."
    shown = ", ".join(f"{p}: {c}" for p, c in zip(after.players, after.last))
    return f"{action.actor} has picked a card. The picks are turned over: {shown}."


class Drafting(BaseGame):
    key, title, min_players, max_players = "drafting", "Sushi draft (example)", 2, 5
    moves = {m.name: m for m in (
        move("deal", dealt, phases=["deal"], args=["hands"], chance=deal_hands,
             dealt=["hands"], describe=lambda b, a, s: "The hands are dealt."),
        # a plain move, open to every player at once, awaited until their pick is in
        move("pick", picked, by="player", phases=["pick"], args=["card", "turn"],
             allowed=not_picked, awaited=True, describe=said_pick),
    )}

    def new_game(self, players, options):
        return State(players)

    def phase(self, state):
        return "deal" if not state.turn else "end" if over(state) else "pick"

    def guard(self, state, actor):
        return "The draft is over." if over(state) else None

    def view(self, state, seat_name):
        mine = seat_name not in (None, TABLE) and seat_name in state.players and state.turn
        i = seat(state, seat_name) if mine else None
        return {"turn": state.turn, "over": over(state),
                "picked": [p for p, c in zip(state.players, state.picks) if c is not None],
                "taken": {p: list(t) for p, t in zip(state.players, state.taken)},
                "scores": {p: score(t) for p, t in zip(state.players, state.taken)},
                "last": dict(zip(state.players, state.last)),
                "hand": list(state.hands[i]) if mine else None,
                "pick": state.picks[i] if mine else None}

    def reminders(self, state):
        if not state.turn:
            return ("Deal the hands in secret.",)
        if over(state):
            return ()
        waiting = [p for p, c in zip(state.players, state.picks) if c is None]
        return (f"Turn {state.turn}: everyone picks a card at once; waiting for "
                f"{', '.join(waiting)}.",)

    def outcome(self, state):
        if not over(state):
            return None
        scores = {p: score(t) for p, t in zip(state.players, state.taken)}
        placings = ranked(scores)
        best = max(scores.values())
        winners = [p for p, s in scores.items() if s == best]
        return Outcome(placings, f"{' and '.join(winners)} win{'s' * (len(winners) == 1)} "
                       f"with {best} points.",
                       {"scores": scores, "cards": {p: dict(Counter(t)) for p, t in
                                                    zip(state.players, state.taken)}})


GAME = Drafting()
