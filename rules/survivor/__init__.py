"""Survivor: The Tribe Has Spoken (3-6 players): the rules the companion runs beside the cards.

Public rules API (a contract; the project's tests call it):

- :func:`tribal_council_cards` - (Single, Double) Elimination Tribal Council cards to use.
- :func:`deck_seeding` - Action cards above each Tribal Council card in the Draw Pile.
- :func:`tally` - who a Tribal Council votes out, and what the Tribal Council Leader decides.
- ``GAME`` - the game as the companion runs it (a :class:`rules.base.BaseGame`).

The package, one module per part of the rulebook: ``state`` (the state values), ``setup``
(Setup: the Tribal Council cards and the Draw Pile), ``tally_votes`` (Tally the Votes, Ties,
Unclear Who Is Voted Out?), ``voting_box`` (the Vote), ``voting_out`` (Voting Someone Out),
``moves`` (the move functions), ``guards`` (who may make each move, and when), ``game`` (the
move table and ``GAME``), ``text`` (sentences and reminders), ``history`` (history lines) and
``view`` (what each seat sees).
"""
from rules import RuleError

from .game import GAME, Survivor
from .setup import deck_seeding, draw_pile_action_cards, seeding_sentence, tribal_council_cards
from .state import Options, State
from .tally_votes import Tally, tally

__all__ = [
    "GAME", "Options", "RuleError", "State", "Survivor", "Tally", "deck_seeding",
    "draw_pile_action_cards", "seeding_sentence", "tally", "tribal_council_cards",
]
