"""The companion's pytest plugin: what a game's own tests need, from the installed companion
(issue 54). Installed with the companion, pytest loads it through the ``pytest11`` entry point
(pyproject.toml), as it loads pytest-xdist's; the project's own tests list it in
tests/conftest.py (``pytest_plugins``), so a checkout not installed with pip has it too.

- **The game under test**, registered for the session as its entry point would register it,
  before it is installed: ``companion_games`` in the game's pytest settings, a line
  ``key = module:ATTR`` per game (``drafting = drafting:COMPANION``); an installed game of
  that key is used as it is. Its plays and ``policy`` are read from its own declaration
  (``companion.games.plays(key)``, ``policy(key)``), as the project's own games' are.
- **Seeded dice** (autouse): every test starts with the companion's dice and shuffles
  (``companion.dice``) drawn from seed 7 (``--companion-dice-seed`` or COMPANION_DICE_SEED):
  a check that draws screens after a shuffled deal draws the same screens every run.
- **The real host and browsers** (the e2e fixtures): ``server`` (``python -m companion`` on a
  free port of 127.0.0.1, its phones' address ``companion.test``, the registered games that
  are not installed laid out for it as pip would), ``browser`` (Debian's Chromium), ``wire``
  (every request, none off the host), ``web_cache``; ``close_phones`` closes every page
  after each test marked ``e2e``. Ports: any free one, or a range,
  ``--companion-ports 41000-41999`` (or COMPANION_TEST_PORTS). The helpers that drive the
  pages are in ``companion.testing.pages`` (``new_room``, ``take_seat``, ``tap``, ``see``).
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import random
from pathlib import Path

import pytest

from companion import dice, games

from . import browser as web
from .browser import Server, Wire, dump_pages
from .outside import dist_info, host_with

SEED = 7  # the dice of every test, and of the hosts the tests start


def pytest_addoption(parser) -> None:
    group = parser.getgroup("companion", "the table companion's games")
    group.addoption("--companion-ports", default=os.environ.get("COMPANION_TEST_PORTS"),
                    help="the ports the tests' hosts take, as 41000-41999 (default: any free "
                         "port; or COMPANION_TEST_PORTS)")
    group.addoption("--companion-dice-seed", type=int,
                    default=int(os.environ.get("COMPANION_DICE_SEED") or SEED),
                    help=f"the seed of the companion's dice in every test (default {SEED})")
    parser.addini("companion_games", type="linelist", default=[],
                  help="games the tests register before they are installed: 'key = module:ATTR'")


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "e2e: real server and real Chromium")
    text = config.getoption("companion_ports")
    if text:
        try:
            web.PORTS = web.ports(text)
        except ValueError as e:
            raise pytest.UsageError(f"--companion-ports: {e}") from None
    lines = config.getini("companion_games")
    config.companion_games = registered(lines, Path(config.rootpath))
    if config.companion_games:
        # the screens of the games registered now (views.games found the installed ones):
        # the plugin is an entry point, as companion/__main__.py is, wiring views in
        from views.games import found
        found()


def registered(lines: list[str], root: Path) -> dict[str, str]:
    """Register each ``key = module:ATTR`` not installed (an installed game of that key is
    used as it is); the entry line of each registered, by key, for the hosts the tests start."""
    out = {}
    for line in lines:
        key, _, target = (part.strip() for part in line.partition("="))
        module, _, attr = target.partition(":")
        if not key or not module or not attr:
            raise pytest.UsageError(f"companion_games: {line!r} is not 'key = module:ATTR'.")
        if isinstance(games.REGISTRY.get(key), games.Declared):
            continue  # installed: its entry point registered it
        names = getattr(importlib.import_module(module), attr)
        games.REGISTRY[key] = games.declare(key, names, f"companion-{key}")
        out[key] = f"{key} = {target}"
    games.load.cache_clear()
    return out


@pytest.fixture(autouse=True)
def seeded_dice(request, monkeypatch):
    """The companion's dice, seeded for this test: the same rolls and deals every run."""
    seed = request.config.getoption("companion_dice_seed")
    monkeypatch.setattr(dice, "_random", random.Random(seed))
    return seed


@pytest.fixture(scope="session")
def web_cache(tmp_path_factory) -> Path:
    # compressed once per test session, like once per installation
    return tmp_path_factory.mktemp("cache")


def package_roots(config) -> list[Path]:
    """Where the packages of the games registered by ``companion_games`` lie."""
    roots = []
    for line in config.companion_games.values():
        spec = importlib.util.find_spec(line.split("=")[1].split(":")[0].strip().split(".")[0])
        if spec is not None and spec.submodule_search_locations:
            roots.append(Path(next(iter(spec.submodule_search_locations))).parent)
        elif spec is not None and spec.origin:
            roots.append(Path(spec.origin).parent)
    return roots


@pytest.fixture
def server(request, tmp_path, web_cache):
    """The real host on a free port, a fresh database, its dice seeded: the games registered
    for the tests (``companion_games``) laid out beside it as pip installs them."""
    config = request.config
    entries = config.companion_games

    def install(site: Path) -> None:
        if entries:
            dist_info(site, "companion-tested-games", "\n".join(entries.values()))

    with host_with(install, tmp_path, web_cache, package_roots(config)) as srv:
        yield srv
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed and "browser" in request.fixturenames:
            dump_pages(request.getfixturevalue("browser"), tmp_path)  # while the host runs


@pytest.fixture(scope="session")
def watched_browser():
    if not Path(web.CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=web.CHROMIUM, args=web.CHROMIUM_ARGS)
        wire = {"now": Wire()}
        new_context = b.new_context

        def watched_context(**kwargs):
            context = new_context(**kwargs)
            wire["now"].watch(context)
            return context

        b.new_context = watched_context  # every phone and table of every test is watched
        yield b, wire
        b.close()


@pytest.fixture(scope="session")
def browser(watched_browser):
    return watched_browser[0]


@pytest.fixture
def wire(watched_browser) -> Wire:
    """What this test's browsers asked for (a fresh record per test)."""
    watched_browser[1]["now"] = Wire()
    return watched_browser[1]["now"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    setattr(item, "rep_" + outcome.get_result().when, outcome.get_result())


@pytest.fixture(autouse=True)
def close_phones(request):
    """Every test starts with no open pages: phones left open would keep rendering and
    load the machine for the tests after them. And no test's browsers reached off the host
    or ran into the Content-Security-Policy. Only for the browser tests (marked e2e): a test
    without a browser must not start Playwright, whose running loop it would leave in its
    worker's main thread for every later test there (asyncio.run refused)."""
    if request.node.get_closest_marker("e2e") is None:
        yield
        return
    browser, wire = request.getfixturevalue("browser"), request.getfixturevalue("wire")
    yield
    for context in list(browser.contexts):
        context.close()
    assert not wire.off_host(), f"requests that left the host: {wire.off_host()[:5]}"
    assert not wire.refusals, f"refused by the Content-Security-Policy: {wire.refusals[:3]}"


__all__ = ["Server", "SEED"]
