"""The project's checks of a game's screens, without a browser: for the project's tests, which
run them over every registered game, and for a game kept in its own package, whose tests call
them with its key (``check_game`` runs every check the project runs over every game, but the
browser's):

- ``check_screens(key, plays(0), tmp_path)`` (tests/views/test_panels.py): the real table
  screen and the real phone screens (views/table.py, views/phone.py with the game's panels)
  built on a page that goes nowhere and redrawn after every move: a screen that raises on
  some state of its game fails here, long before a table night finds it;
- ``check_setup_again(key, plays, tmp_path)`` (tests/views/test_setup_again.py): "Play
  again" fills the setup form with the last game's options, and it starts the same game;
- ``check_part_inputs(key, plays(0), tmp_path)`` (views/part_inputs.py,
  tests/views/test_part_inputs.py): every change of the game and of a panel's own choices
  redraws the panel as a fresh screen draws it; the timer redraws none (seeded dice: the
  pytest plugin's);
- ``registered(key, COMPANION)``: the game registered as its entry point would register it,
  for its tests run from its own folder before it is installed.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import flet as ft

from companion import games
from companion.rooms import TableService
from companion.store import Store
from companion.testing import act, check_contract, check_readings, play_vote

from . import games as screens
from .phone import PhoneRoom
from .screen import Session, Urls
from .table import TableRoom

MOVES = 40  # of each play: enough to reach the phases, short enough for CI


class NowherePage:
    """A page with no browser: updates go nowhere, tasks are not run."""

    client_ip = "127.0.0.1"
    route = "/"

    def update(self, *controls) -> None:
        pass

    def run_task(self, fn, *args, **kwargs) -> None:
        coroutine = fn(*args, **kwargs)
        if hasattr(coroutine, "close"):
            coroutine.close()

    def show_dialog(self, dialog) -> None:
        dialog.open = True

    def pop_dialog(self) -> None:
        pass


async def nowhere(route: str) -> None:
    pass


def buttons(control) -> list:
    """Every enabled, visible button under ``control``."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        if c is None or getattr(c, "visible", True) is False:
            continue
        if isinstance(c, (ft.Button, ft.FilledButton, ft.OutlinedButton, ft.TextButton)) \
                and not getattr(c, "disabled", False):
            found.append(c)
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else [child])
    return found


def words(control) -> list[str]:
    """Every string a control tree carries (shown or not, enabled or not): what its frames
    could send to the browser."""
    found, stack = [], [control]
    while stack:
        c = stack.pop()
        for attr in ("value", "label", "hint_text", "tooltip", "semantics_label", "content"):
            if isinstance(getattr(c, attr, None), str):
                found.append(getattr(c, attr))
        for attr in ("controls", "content", "actions"):
            child = getattr(c, attr, None)
            stack.extend(child if isinstance(child, list) else
                         [child] if isinstance(child, ft.Control) else [])
    return found


def check_screens(key: str, play: Any, folder: Path, moves: int = MOVES) -> int:
    """Draw the table's and every seat's screen after each of the first ``moves`` moves of
    ``play`` (a ``rules.testing.Play``), the ballot box casting every vote; returns how many
    screens were drawn. The database is a real file in ``folder``."""
    store = Store(Path(folder) / "companion.db")
    try:
        sv = TableService(store)
        session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
        code = sv.create_room(sv.host_key, key)
        tokens = {name: sv.join(code, name)[1] for name in play.players}
        table = TableRoom(session, sv.host_key, code)
        screens = [table, *(PhoneRoom(session, code, [t]) for t in tokens.values())]
        for screen in screens:
            screen.refresh(force=True)
        sv.start(sv.host_key, code, play.options)
        rng, drawn = random.Random(0), 0
        for action in play.actions[:moves]:
            # the ballot box makes its own results
            if action.move == "vote_result" or not act(sv, code, tokens, action):
                continue
            play_vote(sv, code, rng)
            for screen in screens:
                screen.refresh(force=True)  # raises if any part of any screen cannot draw
                drawn += 1
            assert buttons(table.root), "the table has no next step and no way home"
        assert drawn, "the play made no move at all"
        return drawn
    finally:
        store.close()


def setup_form(sv: TableService, key: str, players) -> TableRoom:
    """The table screen of a room of ``key`` not started yet, its players seated."""
    code = sv.create_room(sv.host_key, key)
    for name in players:
        sv.join(code, name)
    session = Session(NowherePage(), sv, Urls("http://127.0.0.1:8550"), None, nowhere)
    table = TableRoom(session, sv.host_key, code)
    table.refresh(force=True)
    return table


def check_setup_again(key: str, plays: Callable[[int], Any], folder: Path,
                      seeds=range(4)) -> None:
    """"Play again" offers the setup the last game started with (issue 18): the setup form
    filled (``fill_setup``) with the options of ``plays(seed)`` starts the same game, as the
    rules see it (the state ``setup`` makes: a default left out and a default written are
    the same setup), and filled with nothing it stays as a new room has it. A game without
    setup options has no form: nothing to check."""
    rules = games.load(key).game
    assert rules is not None, f"{key} could not be loaded: {games.load(key).error}"
    if not rules.options:
        return
    store = Store(Path(folder) / "setup-again.db")
    try:
        sv = TableService(store)
        for seed in seeds:
            play = plays(seed)
            panel = setup_form(sv, key, play.players).game_panel
            panel.fill_setup(play.options)
            typed = panel.options()  # what the table's Start sends
            assert rules.setup(play.players, typed) == rules.setup(play.players, play.options), \
                (f"{key}: the form filled with {play.options!r} starts another game "
                 f"({typed!r}): a game with setup options gives its TablePanel a "
                 "setup_form, options() and fill_setup()")
        players = plays(seeds[0]).players
        fresh = setup_form(sv, key, players).game_panel.options()
        panel = setup_form(sv, key, players).game_panel
        panel.fill_setup({})
        assert panel.options() == fresh, f"{key}: an empty suggestion changed the setup form"
    finally:
        store.close()


def check_part_inputs(key: str, play: Any, folder: Path, moves: int = 50) -> None:
    """A part is redrawn when what it draws from changes, and only then, along the first
    ``moves`` moves of ``play``: views/part_inputs.py (which imports this module)."""
    from .part_inputs import check_part_inputs as check
    check(key, play, folder, moves)


def check_game(key: str, plays: Callable[[int], Any], folder: Path) -> None:
    """Every check the project runs over every registered game, but those in a browser
    (tests/e2e/test_layout.py, tests/gallery.py): the contract and the readings
    (``rules.testing``, through ``companion.testing``), every screen in every state of
    ``plays(0)``, each part redrawn with what it draws from, and "Play again"'s setup form."""
    entry = games.load(key)
    assert entry.playable, f"{key} could not be loaded: {entry.error}"
    check_contract(entry.game, plays)
    check_readings(entry.game)
    assert check_screens(key, plays(0), Path(folder)) > 0
    (Path(folder) / "parts").mkdir(exist_ok=True)
    check_part_inputs(key, plays(0), Path(folder) / "parts")
    check_setup_again(key, plays, Path(folder))


@contextmanager
def registered(key: str, names: Mapping[str, str]) -> Iterator[games.Declared]:
    """Game ``key`` registered with ``names`` (what its entry point names: the mapping with
    its ``rules``, ``screens`` and ``plays`` modules) while the block runs, as ``pip install``
    would register it; if it is installed already, the installed one is used (it must name
    the same modules). For a game's tests run from its own folder before it is installed."""
    wanted = games.declare(key, names)
    found = games.REGISTRY.get(key)
    if isinstance(found, games.Declared):
        assert (found.rules, found.screens) == (wanted.rules, wanted.screens), \
            f"another {key} is installed: its rules are {found.rules}, not {wanted.rules}"
        yield found
        return
    games.REGISTRY[key] = wanted
    games.load.cache_clear()
    screens.found()
    try:
        yield wanted
    finally:
        games.discover()
        screens.found()
