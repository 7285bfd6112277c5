"""The project's own games, listed here in code so that a checkout finds them whether or not
it is installed with pip (companion/games.py lists them first). Each names its rules module,
its screens module and its contract plays (``plays(seed)``, and a ``policy`` for a whole
game), the mapping an outside game's ``companion.games`` entry point names. In the order the
table lists them (by key). tests/structure/test_own_games.py checks every game in rules/ and
views/games/ is here."""

OWN_GAMES = {
    "castaways": {"rules": "rules.castaways", "screens": "views.games.castaways",
                  "plays": "rules.castaways.plays"},
    "castle_party": {"rules": "rules.castle_party", "screens": "views.games.castle_party",
                     "plays": "rules.castle_party.plays"},
    "robinson": {"rules": "rules.robinson", "screens": "views.games.robinson",
                 "plays": "rules.robinson.plays"},
    "survivor": {"rules": "rules.survivor", "screens": "views.games.survivor",
                 "plays": "rules.survivor.plays"},
    "table_vote": {"rules": "rules.table_vote", "screens": "views.games.table_vote",
                   "plays": "rules.table_vote_plays"},
}
