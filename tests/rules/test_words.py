"""The shared words of every game's sentences, and a player's own phone speaking to them."""
from __future__ import annotations

import pytest

from rules.words import join_names, plural, second_person


def test_plural_and_lists_of_names():
    assert plural(1, "vote") == "1 vote" and plural(3, "vote") == "3 votes"
    assert plural(2, "Castaway") == "2 Castaways" and plural(2, "die", "dice") == "2 dice"
    assert join_names([]) == "nobody"
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Ben", "Cid"]) == "Ann, Ben and Cid"
    assert join_names(["Ann", "Ben"], "or") == "Ann or Ben"


@pytest.mark.parametrize("line, said", [
    ("Chloe is the Sole Survivor!", "You are the Sole Survivor!"),
    ("Chloe's turn: Steal, Play (or don't), then Draw!", "Your turn: Steal, Play (or don't), "
                                                         "then Draw!"),
    ("Chloe wins Castaways!", "You win Castaways!"),
    ("Chloe decides which of the tied players is eliminated.", "You decide which of the tied "
                                                                 "players is eliminated."),
    ("Chloe passes.", "You pass."),
    ("Chloe has 2 Extra Vote cards.", "You have 2 Extra Vote cards."),
    ("Chloe plays the Cook.", "You play the Cook."),
    # sentences about someone else, or not about Chloe alone, stay as written
    ("Ana is the Team Leader.", "Ana is the Team Leader."),
    ("Chloe and Dev tie.", "Chloe and Dev tie."),
    ("Chloe (the Cook) eats.", "Chloe (the Cook) eats."),
    ("Chloey is here.", "Chloey is here."),
    ("Voting: who leads?", "Voting: who leads?"),
])
def test_a_players_own_phone_speaks_to_them(line, said):
    """Issue 10: "your own phone calls you by name ('Chloe is the Sole Survivor!') instead of
    'You win'"."""
    assert second_person(line, "Chloe") == said
