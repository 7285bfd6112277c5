"""Nothing to register here any more: the companion's pytest plugin registers the game for its
tests before it is installed (pyproject.toml's ``companion_games``). Kept while
docs/adding-a-game.md names this file; delete it with that line (handoff/plugin54.md)."""
