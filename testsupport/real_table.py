"""Contract plays made to look like a real table's (tests/e2e/test_layout.py and the gallery):
people's names as long as people's are, a question as a table asks it, and the seed of each
game's play that reaches every phase."""
from __future__ import annotations

from rules import Action
from rules.testing import Play

# a play of each game that reaches every phase, with many players where the game allows
# (the table's strip of players grows): Castaways with 10, Castle Party and Robinson with 4
SEEDS = {"castaways": 5, "survivor": 4, "robinson": 0, "castle_party": 20, "table_vote": 0}
# people's names, as long as people's are (the first is 20 characters: a name shows whole),
# and a question as a table asks it, for the plays' short "P1" and "Q0?" (issue 33)
NAMES = ("Maximiliano Ferreira", "Anne-Sophie Lambert", "Bartholomew Quinn", "Cleopatra Nakamura",
         "Dominique Okonkwo", "Evangeline Moreau", "Friedrich Albrecht", "Guadalupe Herrera",
         "Hildegard Svensson", "Ignatius Papadakis", "Josephine Kowalski", "Konstantin Petrov")
QUESTION = "Who should be the first to speak when the next round of the game begins?"


def at_a_real_table(play: Play) -> Play:
    """The play with people's names for its players and a real question for each vote."""
    names = dict(zip(play.players, NAMES))

    def real(value, key: str = ""):
        if key == "question":
            return QUESTION
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, (list, tuple)):
            return type(value)(real(v) for v in value)
        if isinstance(value, dict):
            return {k: real(v, k) for k, v in value.items()}
        return value
    return Play(real(play.players), real(play.options),
                [Action(real(a.actor), a.move, real(dict(a.args))) for a in play.actions])
