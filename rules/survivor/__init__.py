"""Survivor: The Tribe Has Spoken (3–6 players): the rules the companion runs beside the cards.

Public rules API (a contract; the project's tests call it):

- :func:`tribal_council_cards` — (Single, Double) Elimination Tribal Council cards to use.
- :func:`deck_seeding` — Action cards above each Tribal Council card in the Draw Pile.
- :func:`tally` — who a Tribal Council votes out, and what the Tribal Council Leader decides.
- ``GAME`` — the game as the companion runs it (a :class:`rules.Game`).
"""
from rules import RuleError

from .council import (
    Tally, deck_seeding, draw_pile_action_cards, seeding_sentence, tally, tribal_council_cards,
)
from .game import GAME, Survivor
from .state import Options, State

__all__ = [
    "GAME", "Options", "RuleError", "State", "Survivor", "Tally", "deck_seeding",
    "draw_pile_action_cards", "seeding_sentence", "tally", "tribal_council_cards",
]
