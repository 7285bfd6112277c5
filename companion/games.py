"""The games this host can offer, found the way pytest finds its plugins: through the
``companion.games`` entry-point group of every installed distribution.

An entry's name is the game's key; it points at a mapping that names the game's modules::

    [project.entry-points."companion.games"]
    werewolf = "werewolf:COMPANION"   # COMPANION = {"rules": "werewolf.rules",
                                      #              "screens": "werewolf.screens",
                                      #              "plays": "werewolf.plays"}

``rules`` holds ``GAME`` (a ``rules.base.BaseGame``; the title is the game's own),
``screens`` gives ``TablePanel`` and ``PhonePanel`` (read by views/games), and ``plays``
(optional, for tests) gives ``plays(seed) -> rules.testing.Play``. The project's own games
register the same way, in its pyproject.toml (``companion.own_games``). A game that fails to
load is kept, with its error: the table lists it as one that could not be loaded, and the
host's log has the traceback, once.
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from typing import Any, Mapping

from rules import Game

GROUP = "companion.games"
OWN = "companion"  # the project's own distribution: its games are listed first
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Declared:
    """What one entry point says: the game's key and its modules (names, not yet imported)."""

    key: str
    rules: str
    screens: str
    plays: str | None = None
    distribution: str = ""


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    game: Game | None  # None: it could not be loaded (``error`` says why)
    declared: Declared | None = None
    error: str = ""

    @property
    def playable(self) -> bool:
        return self.game is not None


REGISTRY: dict[str, Declared | str] = {}  # key -> its declaration, or why it has none


def declared(point: metadata.EntryPoint) -> Declared:
    """The declaration an entry point names; ValueError for one that is not a mapping of
    module names."""
    names = point.load()
    if not isinstance(names, Mapping) or not all(
            isinstance(names.get(k), str) for k in ("rules", "screens")):
        raise ValueError(f"{point.value} is not a mapping naming its 'rules' and 'screens' "
                         "modules.")
    dist = point.dist.name if point.dist else ""
    return Declared(point.name, names["rules"], names["screens"], names.get("plays"), dist)


def listed_order(point: metadata.EntryPoint) -> tuple:
    """The project's own games first, then the others by distribution; each by key."""
    dist = point.dist.name if point.dist else ""
    return (dist != OWN, dist, point.name)


def discover() -> dict[str, Declared | str]:
    """Read the installed games again (a test that installs one calls this)."""
    importlib.invalidate_caches()
    load.cache_clear()
    points = sorted(metadata.entry_points(group=GROUP), key=listed_order)
    REGISTRY.clear()
    for point in points:
        if point.name in REGISTRY:  # the first one found wins, as Python's own imports do
            log.error("Game %r is registered twice; the one in %s is left out.", point.name,
                      point.dist.name if point.dist else point.value)
            continue
        try:
            REGISTRY[point.name] = declared(point)
        except Exception as e:  # a broken entry is said, never hidden (see load)
            REGISTRY[point.name] = f"{type(e).__name__}: {e}"
            log.error("Game %r could not be loaded from %s", point.name, point.value,
                      exc_info=True)
    if not REGISTRY:  # the metadata is missing: not installed with pip, or a file built bare
        log.error("No game is installed: the companion finds its games through the installed "
                  "packages' %r entry points (pip install -e . in a checkout).", GROUP)
    return REGISTRY


@cache
def load(key: str) -> Entry:
    """The game of ``key`` with its rules imported; once per key, so a broken game's cause
    is logged once."""
    found = REGISTRY.get(key, "it is not installed on this host")
    if isinstance(found, str):
        return Entry(key, key, None, None, found)
    try:
        game = importlib.import_module(found.rules).GAME
        if game.key != key:  # rooms, records and screens name a game by one key
            raise ValueError(f"its GAME.key is {game.key!r}, its entry point's name {key!r}")
    except Exception as e:  # any fault of the game's own package: a typo, a missing import
        log.error("Game %r could not be loaded from %s", key, found.rules, exc_info=True)
        return Entry(key, key, None, found, f"{type(e).__name__}: {e}")
    return Entry(key, game.title or key, game, found)


def entries() -> list[Entry]:
    return [load(key) for key in REGISTRY]


def plays(key: str) -> Any:
    """The ``plays(seed)`` of a game that carries its own contract plays, else None."""
    found = REGISTRY.get(key)
    if not isinstance(found, Declared) or not found.plays:
        return None
    return importlib.import_module(found.plays).plays


discover()
