"""The screens of each game: registry key → module with ``TablePanel`` and ``PhonePanel``.

Adding a game's screens is one module here and one line below.
"""
from . import table_vote

SCREENS = {
    "table_vote": table_vote,
}
