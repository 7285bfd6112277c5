"""Setup of Survivor: The Tribe Has Spoken: the Tribal Council cards and the Draw Pile.

Everything here is a pure function of plain values, so the rulebook's Setup table can be
checked one line at a time.
"""
from __future__ import annotations

from rules import RuleError
from rules.words import Speaker

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")

MIN_PLAYERS = 3
MAX_PLAYERS = 6

ACTION_CARDS = 67
""""67 Action Cards" in the box, the Tribal Council and Vote Cards among them."""
TRIBAL_COUNCIL_CARDS_IN_BOX = 9
VOTE_CARDS_IN_BOX = 6
DEALT_EACH = 3
""""deal 3 of them face down to each player"."""

CHARACTERS_EACH = 2
""""the 2 Survivor Character Cards of that color"."""

# Players: (Single Elimination, Double Elimination) Tribal Council cards, from the Setup table.
TRIBAL_COUNCIL_TABLE = {3: (4, 0), 4: (2, 2), 5: (2, 3), 6: (0, 5)}

SINGLE = "single"
DOUBLE = "double"
KIND_NAMES = {SINGLE: "Single", DOUBLE: "Double"}
KIND_WORDS = {SINGLE: _("Single Elimination"), DOUBLE: _("Double Elimination")}


def check_player_count(players: object) -> int:
    """The number of players, or a RuleError: the game is for "3 - 6 Players"."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise RuleError(_("Say how many players there are, as a whole number."))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(_("Survivor: The Tribe Has Spoken is for {low} to {high} players, not "
                          "{players}.", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players))
    return players


def tribal_council_cards(players: int) -> tuple[int, int]:
    """(Single, Double) Elimination Tribal Council cards for this many players.

    Setup table: 3 players 4 + 0, 4 players 2 + 2, 5 players 2 + 3, 6 players 0 + 5.
    """
    return TRIBAL_COUNCIL_TABLE[check_player_count(players)]


def draw_pile_action_cards(players: int) -> int:
    """Action cards left for the Draw Pile once every player has been dealt 3.

    67 Action Cards, less the 9 Tribal Council and 6 Vote Cards taken out, is 52; less 3 each.
    """
    players = check_player_count(players)
    return ACTION_CARDS - TRIBAL_COUNCIL_CARDS_IN_BOX - VOTE_CARDS_IN_BOX - DEALT_EACH * players


def deck_seeding(players: int) -> tuple[int, ...]:
    """How many Action cards go above each Tribal Council card, from the top of the Draw Pile.

    "place 1 face down at the bottom of the Action Card deck. Insert the remaining Tribal
    Council Cards face down into the deck, spacing them evenly(ish)": the Action cards are cut
    into as many piles as there are Tribal Council cards, each pile followed by one Tribal
    Council card, so the last one lies at the bottom. The piles differ by at most one card; the
    bigger ones go on top. For 3 players: (11, 11, 11, 10).
    """
    single, double = tribal_council_cards(players)
    piles = single + double
    cards = draw_pile_action_cards(players)
    size, bigger = divmod(cards, piles)
    return tuple(size + 1 if i < bigger else size for i in range(piles))


def seeding_sentence(players: int):
    """The seeding as an instruction for the table."""
    piles = deck_seeding(players)
    sizes = str(piles[0]) if len(set(piles)) == 1 else tuple(str(p) for p in piles)
    return _("Deal the Draw Pile's {cards} Action cards into {piles} piles of {sizes} cards. Put "
             "a shuffled Tribal Council card face down under each pile and stack the piles in "
             "that order, so that one Tribal Council card lies at the very bottom.",
             cards=sum(piles), piles=len(piles), sizes=sizes)
