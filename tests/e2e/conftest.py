"""The e2e tests' fixtures (``server``, ``browser``, ``wire``, ``web_cache`` and the autouse
``close_phones``) are the companion's pytest plugin's (companion/testing/plugin.py, listed in
tests/conftest.py), as they are for a game's own e2e; the sizes, ``Server`` and ``Wire`` are in
companion/testing/browser.py (the project's tests import them from testsupport/browser.py).
Kept while docs/testing.md names this file; delete it with that line (handoff/plugin54.md)."""
