"""Castle Party's readings of open rules: see ``rules.base.BaseGame.readings``."""

READINGS = (
    'Rave side, "in contact with their favorite gathering point": on it, or touching it; '
    "setup option `gathering`. Table setup form, setup checklist, the table's \"How this app "
    "reads the rulebook\" fold and the phone's \"About this castle and the rules\" fold.",
    "The whiteboard's grid exists only as printed art: the default is an approximation; setup "
    "option `layout` takes your board's. Table setup form and layout note; the phone's note.",
    "Conga counts only guests inside the castle walls, like the groups; Unicorns are no "
    'family, so they make no Conga ("Monsters in the same family"; they score as Unicorns at '
    "the end). Both folds.",
    'The Toast counts every kind in "the eight boxes that surround" the Pumpkin King, moat and '
    "drawbridge included (only the groups leave outside guests out), while the Conga counts "
    "only guests inside the walls. Both folds.",
    "A Unicorn is a Monster for the Fireworks and a type of its own for the Toast. Both "
    "folds.",
    "The Pumpkin King may be toasted on any empty square, moat and drawbridge included, but "
    'not on a Rave gathering point (its spaces "cannot be occupied by any other kind of '
    'guest"). Both folds; the refusal of the Toast there.',
    'Two groups of a family tie for "the single largest group": the one with its King/Queen '
    "scores. Both folds.",
    "A group may hang past the board's edge into the moat (−1 each) while one guest is on the "
    "board. Both folds.",
    "A player with no special action left is skipped when the table asks. Both folds.",
    "A whole group may stay outside the castle walls, on the drawbridge (0 each) or in the "
    'moat (−1 each): the text allows "part of a group", and names no other place for a group '
    "that does not fit. Both folds.",
    "A family's own King/Queen may stand on its Rave gathering point and counts there (only "
    '"any other kind of guest" is kept off). Both folds, on the Rave side.',
    "No tie-breaker for the win: tied players share the victory. The phone's fold; the result "
    "line.",
    'King/Queen and Unicorn cards are "removed from the game once they have been used": the '
    "group the table enters is refused when it holds a King/Queen an earlier group used, one "
    "twice, or more Unicorns than the five less those used (not a reading: the rule, checked "
    "for the whole table and again in each castle).",
    "Other setup options (not readings): `side`, `first_player`.",
)
