"""The project's tests take the companion's pytest plugin as a game's own tests do
(companion/testing/plugin.py: seeded dice, the real host and browsers); listed here in code,
so a checkout not installed with pip (no ``pytest11`` entry point) has it too."""
pytest_plugins = ["companion.testing.plugin"]
