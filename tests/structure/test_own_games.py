"""The project's own games are listed in code (companion/own_games.py), so that a checkout
lists them whether or not it is installed with pip (issue 51): every game in the tree is
listed, and the list needs no entry point. The ``companion.games`` entry points are for games
of other authors (tests/companion/test_outside_game.py)."""
from __future__ import annotations

import importlib
from pathlib import Path

from companion import games
from companion.own_games import OWN_GAMES

ROOT = Path(__file__).resolve().parents[2]


def in_the_tree(folder: str, package: str, attribute: str) -> set[str]:
    """The modules and packages directly in ``folder`` that define ``attribute``: the games'
    rules (``GAME``) or the games' screens (``TablePanel``)."""
    names = {p.stem for p in (ROOT / folder).glob("*.py") if p.stem != "__init__"}
    names |= {p.parent.name for p in (ROOT / folder).glob("*/__init__.py")}
    return {f"{package}.{name}" for name in names
            if hasattr(importlib.import_module(f"{package}.{name}"), attribute)}


def test_every_games_rules_in_the_tree_are_listed():
    found = in_the_tree("rules", "rules", "GAME")
    assert len(found) >= 5, found  # the search itself finds the games
    assert found == {names["rules"] for names in OWN_GAMES.values()}


def test_every_games_screens_in_the_tree_are_listed():
    found = in_the_tree("views/games", "views.games", "TablePanel")
    assert len(found) >= 5, found
    assert found == {names["screens"] for names in OWN_GAMES.values()}


def test_every_own_game_carries_its_contract_plays():
    for key in OWN_GAMES:
        assert callable(games.plays(key)), f"{key} declares no plays(seed)"


def test_a_checkout_not_installed_lists_the_five_games(monkeypatch, tmp_path):
    """A fresh clone without ``pip install``: no distribution metadata, so no entry point of
    any group, and no single file's list."""
    monkeypatch.setattr(games.metadata, "entry_points", lambda **kwargs: [])
    monkeypatch.setattr(games, "BUILT", tmp_path / "no_built_games.json")
    try:
        registry = games.discover()
        assert list(registry) == ["castaways", "castle_party", "robinson", "survivor",
                                  "table_vote"]
        assert all(e.playable and e.declared.distribution == games.OWN
                   for e in games.entries())
    finally:
        monkeypatch.undo()
        games.discover()


def test_an_install_from_before_the_list_in_code_registers_nothing_twice(caplog):
    """An editable install made when the own games were entry points still carries those
    entry points: they are not read, and nothing is said twice."""
    registry = games.discover()
    assert list(registry)[:5] == list(OWN_GAMES)
    assert "registered twice" not in caplog.text


def test_an_outside_game_under_an_own_games_key_is_left_out_and_said(monkeypatch, caplog):
    """The project's own game keeps its key: another distribution's entry point of the same
    name is left out, with a line in the host's log, as Python's own imports take the first."""
    from importlib.metadata import EntryPoint

    other = EntryPoint("castaways", "elsewhere:COMPANION", games.GROUP)
    monkeypatch.setattr(games.metadata, "entry_points", lambda **kwargs: [other])
    try:
        registry = games.discover()
        assert registry["castaways"].rules == "rules.castaways"
        assert "Game 'castaways' is registered twice" in caplog.text
    finally:
        monkeypatch.undo()
        games.discover()
