"""A card draft, cut down to what shows the companion's contract for a game of simultaneous
secret picks: a secret deal of hands, a pick every player makes at once on their phone, the
picks turned over together, the hands passed left, a few sets scored at the end."""

# what the companion's entry point reads (pyproject.toml): this game's modules, by name
COMPANION = {"rules": "drafting.rules", "screens": "drafting.screens",
             "plays": "drafting.plays"}
