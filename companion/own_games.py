"""The project's own games, registered like any other through the ``companion.games``
entry points in pyproject.toml (see companion/games.py): each names its rules module and
its screens module. Their contract plays are in tests/rules/contract_plays/."""

TABLE_VOTE = {"rules": "rules.table_vote", "screens": "views.games.table_vote"}
CASTAWAYS = {"rules": "rules.castaways", "screens": "views.games.castaways"}
SURVIVOR = {"rules": "rules.survivor", "screens": "views.games.survivor"}
ROBINSON = {"rules": "rules.robinson", "screens": "views.games.robinson"}
CASTLE_PARTY = {"rules": "rules.castle_party", "screens": "views.games.castle_party"}
