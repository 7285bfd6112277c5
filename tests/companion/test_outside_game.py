"""A game from outside (issue 36): a distribution built at test time in a folder outside the
project, found as an installed package is (a ``*.dist-info`` with its ``entry_points.txt`` on
``sys.path``), with no file of the project changed. The companion lists it with its own title,
opens a room of it and plays a move; the project's checks (``rules.testing``,
``views.testing``) run on it as its own tests would. A game that fails to import is said on the
table's list and in the host's log, once.
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from textwrap import dedent

import pytest

import views.games
from companion import games
from companion.testing import act
from rules import TABLE, Action
from rules.testing import check_contract, check_readings
from companion.errors import Refused
from views.phone import PhoneRoom
from views.table import Rooms, TableRoom
from views.testing import (NowherePage, check_game, check_screens, check_setup_again,
                           nowhere, registered, words)
from views.screen import Session, Urls

KEY = "tally_outside"
ROOT = Path(__file__).resolve().parents[2]

DECLARATION = """\
COMPANION = {"rules": "tallygame.rules", "screens": "tallygame.screens",
             "plays": "tallygame.plays"}
"""

RULES = '''\
from dataclasses import dataclass, replace

from rules.base import BaseGame, Option, move


@dataclass(frozen=True)
class State:
    players: tuple
    goal: int
    taps: tuple = ()  # (player, taps), by name


def tap(state, action):
    taps = dict(state.taps)
    taps[action.actor] = taps.get(action.actor, 0) + 1
    return replace(state, taps=tuple(sorted(taps.items())))


class Tally(BaseGame):
    key, title, min_players, max_players = "tally_outside", "Tally, a game from outside", 1, 4
    options = (Option("goal", "int", 3, "Taps that win.", (1, 9)),)
    readings = ("The rule text never says how many taps win: setup option `goal`.",)
    moves = {m.name: m for m in (move("tap", tap, by="player", phases=["play"]),)}

    def new_game(self, players, options):
        return State(players, options["goal"])

    def phase(self, state):
        return "over" if any(n >= state.goal for _, n in state.taps) else "play"

    def view(self, state, seat):
        return {"taps": dict(state.taps), "goal": state.goal, "phase": self.phase(state)}


GAME = Tally()
'''

SCREENS = '''\
import flet as ft

from views.games.base import GamePanel
from views.widgets import ErrorLine


class TablePanel(GamePanel):
    def __init__(self, screen):
        self.screen = screen
        self.root = ft.Column()
        self.goal = ft.TextField(label="Taps that win", value="3")
        self.setup_form = ft.Column([self.goal])

    def options(self):
        return {"goal": int(self.goal.value)}

    def fill_setup(self, options):
        if "goal" in options:
            self.goal.value = str(options["goal"])

    def draw(self, shown):
        self.root.controls = [ft.Text(f"{p}: {n}") for p, n in shown.view["taps"].items()]


class PhonePanel(GamePanel):
    def draw(self, shown):
        error = ErrorLine()
        return [ft.Button("Tap", on_click=lambda e: self.send(error, "tap")), error]
'''

PLAYS = '''\
import random

from rules import Action
from rules.testing import Play


def plays(seed):
    rng = random.Random(seed)
    players = tuple(f"P{i}" for i in range(rng.randint(1, 4)))
    return Play(players, {"goal": rng.randint(1, 5)},
                [Action(rng.choice(players + ("table",)), "tap") for _ in range(12)])
'''


def distribution(site: Path, name: str, files: dict[str, str], entry: str) -> None:
    """A package as pip leaves it in site-packages: its modules and a ``.dist-info`` whose
    ``entry_points.txt`` registers ``entry`` in the companion's group."""
    for rel, text in files.items():
        path = site / name / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    info = site / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{games.GROUP}]\n{entry}\n")


@pytest.fixture
def installed(tmp_path_factory, monkeypatch):
    """Install distributions outside the project for one test: ``installed(name, files,
    entry)``; they are gone again, and the registry read again, after it."""
    site = tmp_path_factory.mktemp("site-packages")
    monkeypatch.syspath_prepend(str(site))

    def install(name: str, files: dict[str, str], entry: str) -> None:
        distribution(site, name, files, entry)
        games.discover()
        views.games.found()

    yield install
    monkeypatch.undo()
    for module in [m for m in sys.modules if m.split(".")[0] in {p.name for p in site.iterdir()}]:
        del sys.modules[module]
    games.discover()
    views.games.found()


@pytest.fixture
def tally(installed):
    installed("tallygame", {"__init__.py": DECLARATION, "rules.py": RULES,
                            "screens.py": SCREENS, "plays.py": PLAYS},
              f"{KEY} = tallygame:COMPANION")


def titles_on_the_table(svc) -> list[str]:
    """The words of the table's home screen, enabled buttons or not, as the host sees them."""
    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    rooms = Rooms(session, svc.host_key)
    return [w for c in rooms.draw(rooms.inputs()) for w in words(c)]


def test_a_game_installed_from_outside_is_listed_opened_and_played(svc, tally):
    entry = games.load(KEY)
    assert entry.title == "Tally, a game from outside" and entry.playable
    assert entry.declared.distribution == "tallygame"
    svc.offered.add(KEY)
    assert "New room: Tally, a game from outside" in titles_on_the_table(svc)
    code = svc.create_room(svc.host_key, KEY)
    token = svc.join(code, "Ana")[1]
    svc.start(svc.host_key, code, {"goal": 2})
    assert act(svc, code, {"Ana": token}, Action("Ana", "tap"))
    assert svc.view(code, token) == {"taps": {"Ana": 1}, "goal": 2, "phase": "play"}
    assert not act(svc, code, {}, Action(TABLE, "tap"))  # the rules still guard it
    assert svc.history(code)[-1].startswith("Ana")


def test_the_projects_checks_run_on_a_game_from_outside(svc, tally, tmp_path):
    """What the game's own tests call: the contract on its plays, its screens in every state."""
    from tallygame.plays import plays

    check_contract(games.load(KEY).game, plays)
    assert check_screens(KEY, plays(0), tmp_path) > 0
    assert games.plays(KEY) is plays  # the plays its entry names, for the project's tests
    # its readings name its option: docs/readings.md needs no part for it (the document's
    # readings are the project's own games', tests/structure/test_readings_listed.py)
    check_readings(games.load(KEY).game)
    assert games.load(KEY).declared.distribution != games.OWN
    assert KEY not in games.own()
    check_setup_again(KEY, plays, tmp_path)  # its setup form starts "Play again"'s setup
    check_game(KEY, plays, tmp_path / "all")  # all of the above in one call


def test_a_game_registered_for_its_own_tests(svc, tmp_path):
    """A game's tests run from its folder before it is installed: ``registered`` adds it as
    its entry point would, for the block only."""
    names = {"rules": "tallyhere.rules", "screens": "tallyhere.screens"}
    assert KEY not in games.REGISTRY
    with registered(KEY, names) as declared:
        assert games.REGISTRY[KEY] is declared and declared.rules == "tallyhere.rules"
    assert KEY not in games.REGISTRY
    with pytest.raises(ValueError, match="naming its 'rules' and 'screens'"):
        with registered(KEY, {"rules": "tallyhere.rules"}):
            pass


def single_file_game_args(work: Path) -> list[str]:
    import runpy

    return runpy.run_path(str(ROOT / "build" / "single_file.py"))["game_args"](work)


def test_the_single_file_carries_a_game_installed_beside_the_companion(tally, tmp_path):
    """build/single_file.py (not run here: PyInstaller takes minutes) gives PyInstaller the
    packages each entry names, which are imported by name, and the declarations of every
    game, carried beside companion/games.py: the file has no distribution metadata."""
    args = single_file_game_args(tmp_path)
    pairs = set(zip(args[::2], args[1::2]))
    assert {("--collect-submodules", "tallygame"), ("--collect-submodules", "views"),
            ("--collect-submodules", "rules"), ("--collect-submodules", "companion"),
            ("--add-data", f"{tmp_path / games.BUILT.name}{os.pathsep}companion")} <= pairs
    assert "--copy-metadata" not in args
    # its folder on PyInstaller's search path: an editable install is found by an import
    # hook PyInstaller does not ask
    import tallygame
    assert ("--paths", str(Path(tallygame.__file__).parents[1])) in pairs


def test_the_single_file_finds_its_games_without_entry_points(tally, tmp_path, monkeypatch):
    """What the built file's host does: no distribution metadata, so no entry point at all;
    the declarations its build wrote list the same games in the same order, and each loads."""
    single_file_game_args(tmp_path)
    listed = list(games.REGISTRY)
    assert KEY in listed and listed[0] == "castaways"  # the project's own first
    monkeypatch.setattr(games.metadata, "entry_points", lambda **kwargs: [])
    monkeypatch.setattr(games, "BUILT", tmp_path / games.BUILT.name)
    try:
        assert list(games.discover()) == listed
        assert games.load(KEY).title == "Tally, a game from outside"
        assert all(e.playable for e in games.entries())
    finally:
        monkeypatch.undo()
        games.discover()


@pytest.mark.parametrize("text", ["not json", '{"games": 3}', '{"nothing": []}'])
def test_a_built_list_that_cannot_be_read_is_said(tmp_path, caplog, text):
    built = tmp_path / "built_games.json"
    built.write_text(text)
    assert games.built(built) == {}
    assert "could not be read from" in caplog.text


def test_a_badly_declared_built_game_is_kept_as_broken(tmp_path):
    built = tmp_path / "built_games.json"
    built.write_text('{"games": [{"key": "x", "rules": "x.rules"}, {"screens": "y"}]}')
    assert games.built(built) == {"x": "ValueError: x's declaration is not a mapping naming "
                                       "its 'rules' and 'screens' modules (and 'plays', "
                                       "optional)."}


def test_the_single_file_is_not_built_with_a_broken_game(tmp_path):
    with pytest.raises(ValueError, match="game 'x' could not be loaded"):
        games.write_built(tmp_path / "b.json", {"x": "ImportError: no module"})


BROKEN_RULES = "import no_such_module_anywhere\n"


def test_a_game_that_fails_to_import_is_said_on_the_table_and_logged_once(svc, installed,
                                                                           caplog):
    caplog.set_level(logging.ERROR)
    installed("brokengame", {"__init__.py": DECLARATION.replace("tallygame", "brokengame"),
                             "rules.py": BROKEN_RULES},
              "broken_outside = brokengame:COMPANION")
    entry = games.load("broken_outside")
    assert not entry.playable and "no_such_module_anywhere" in entry.error
    assert "broken_outside: could not be loaded" in titles_on_the_table(svc)
    with pytest.raises(Exception, match="could not be loaded on this host"):
        svc.create_room(svc.host_key, "broken_outside")
    tracebacks = [r for r in caplog.records if r.exc_info and "broken_outside" in r.getMessage()]
    assert len(tracebacks) == 1, [r.getMessage() for r in caplog.records]
    assert "no_such_module_anywhere" in caplog.text  # the cause, with its traceback


def test_a_game_whose_screens_fail_to_import_is_not_offered(svc, installed):
    installed("tallygame", {"__init__.py": DECLARATION, "rules.py": RULES,
                            "screens.py": "from views.games.base import NoSuchPanel\n"},
              f"{KEY} = tallygame:COMPANION")
    assert "NoSuchPanel" in views.games.BROKEN[KEY]
    assert KEY not in views.games.SCREENS
    assert f"{KEY}: could not be loaded" in titles_on_the_table(svc)


def test_a_room_whose_game_broke_since_says_so_on_its_screens(svc, installed):
    """A game upgraded to a broken version after its room was opened: the room's screens
    refuse with a sentence (the app shows it on a landing page), never a traceback."""
    files = {"__init__.py": DECLARATION, "rules.py": RULES, "screens.py": SCREENS,
             "plays.py": PLAYS}
    installed("tallygame", files, f"{KEY} = tallygame:COMPANION")
    svc.offered.add(KEY)
    code = svc.create_room(svc.host_key, KEY)
    token = svc.join(code, "Ana")[1]
    site = Path(sys.modules["tallygame"].__file__).parents[1]
    (site / "tallygame" / "screens.py").write_text("import no_such_module_anywhere\n")
    del sys.modules["tallygame.screens"]
    games.discover()
    views.games.found()
    session = Session(NowherePage(), svc, Urls("http://127.0.0.1:8550"), None, nowhere)
    for screen in (lambda: TableRoom(session, svc.host_key, code),
                   lambda: PhoneRoom(session, code, [token])):
        with pytest.raises(Refused, match=f"^{KEY} could not be loaded on this host.$"):
            screen()


def test_a_game_whose_key_is_not_its_entrys_is_not_loaded(svc, installed):
    installed("tallygame", {"__init__.py": DECLARATION, "rules.py": RULES,
                            "screens.py": SCREENS}, "tally_renamed = tallygame:COMPANION")
    entry = games.load("tally_renamed")
    assert not entry.playable and "GAME.key is 'tally_outside'" in entry.error
    assert "tally_renamed: could not be loaded" in titles_on_the_table(svc)
