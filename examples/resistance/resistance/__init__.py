"""The Resistance, cut down to what shows the companion's contract for a hidden-role game: a
secret deal, an open team vote and a secret mission of Success and Fail cards."""

# what the companion's entry point reads (pyproject.toml): this game's modules, by name
COMPANION = {"rules": "resistance.rules", "screens": "resistance.screens",
             "plays": "resistance.plays"}
