"""The games this host can offer: the project's own, listed in code (companion/own_games.py,
so a checkout not installed with pip has them too), then the games of other authors, found
the way pytest finds its plugins: through the ``companion.games`` entry-point group of every
installed distribution.

An entry's name is the game's key; it points at a mapping that names the game's modules::

    [project.entry-points."companion.games"]
    werewolf = "werewolf:COMPANION"   # COMPANION = {"rules": "werewolf.rules",
                                      #              "screens": "werewolf.screens",
                                      #              "plays": "werewolf.plays"}

``rules`` holds ``GAME`` (a ``rules.base.BaseGame``; the title is the game's own),
``screens`` gives ``TablePanel`` and ``PhonePanel`` (read by views/games), and ``plays``
(optional, for tests) gives ``plays(seed) -> rules.testing.Play`` and, optionally,
``policy(state, rng) -> Action`` for a whole game played through the companion. The project's
own games are declared with the same mapping, in companion/own_games.py. A game that fails to
load is kept, with its error: the table lists it as one that could not be loaded, and the
host's log has the traceback, once.

The single file (build/single_file.py) carries no distribution metadata, so no entry point:
its build writes the declarations it found into ``built_games.json`` beside this module, and
``discover`` reads that file when no entry point of the group is installed (one fallback, the
single file's only way to the outside games it carries; its own games are listed in code).
"""
from __future__ import annotations

import importlib
import json
import logging
from dataclasses import asdict, dataclass
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any, Mapping

from rules import Game

from .language import COMPANION, HOME, PSEUDO, SOURCE, Speaker, cldr, code, locale_folder
from .own_games import OWN_GAMES

_ = Speaker(COMPANION, HOME)  # the companion's catalog: what it says of a game

GROUP = "companion.games"
OWN = "companion"  # the project's own distribution: its games are listed first, in code
# what the single file's build found (see the module's docstring); absent in a checkout
BUILT = Path(__file__).with_name("built_games.json")
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
    """A game this host offers. ``title`` is its title as a string, the English of a title
    the game gives as a message: what the database keeps with each room (``rooms.title``),
    so a record stays readable without the game. ``said`` is the title as the screens say it
    (the game's message, in each screen's language, or that same string)."""

    key: str
    title: str
    game: Game | None  # None: it could not be loaded (``error`` says why)
    declared: Declared | None = None
    error: str = ""

    @property
    def playable(self) -> bool:
        return self.game is not None

    @property
    def said(self) -> Any:
        return (self.game.title or self.title) if self.game is not None else self.title


def title(key: str, stored: str) -> Any:
    """A room's game title as its screens say it: the game's own (a message, said in each
    screen's language) when this host has the game, else the title the database kept."""
    entry = load(key) if key in REGISTRY else None
    return entry.said if entry is not None and entry.playable else stored


REGISTRY: dict[str, Declared | str] = {}  # key -> its declaration, or why it has none


def declare(key: str, names: Any, distribution: str = "") -> Declared:
    """The declaration of game ``key`` from its mapping of module names; ValueError for a
    mapping that does not name its 'rules' and 'screens' modules."""
    if not isinstance(names, Mapping) or not all(
            isinstance(names.get(k), str) for k in ("rules", "screens")) or not isinstance(
            names.get("plays", ""), (str, type(None))):
        raise ValueError(f"{key}'s declaration is not a mapping naming its 'rules' and "
                         "'screens' modules (and 'plays', optional).")
    return Declared(key, names["rules"], names["screens"], names.get("plays"), distribution)


def declared(point: metadata.EntryPoint) -> Declared:
    """The declaration an entry point names; ValueError for one that is not a mapping of
    module names."""
    try:
        return declare(point.name, point.load(), point.dist.name if point.dist else "")
    except ValueError:
        raise ValueError(f"{point.value} is not a mapping naming its 'rules' and 'screens' "
                         "modules.") from None


def built(path: Path | None = None) -> dict[str, Declared | str]:
    """The declarations a single file's build wrote (``write_built``), by key; a game whose
    declaration is not well formed is kept with the reason, as a broken entry point is."""
    path = path or BUILT
    try:
        found = json.loads(path.read_text(encoding="utf-8"))["games"]
        if not isinstance(found, list):
            raise ValueError("its 'games' is not a list")
    except Exception as e:  # a file the build did not write whole: said, then no game
        log.error("The games this file was built with could not be read from %s (%s: %s).",
                  path, type(e).__name__, e)
        return {}
    out: dict[str, Declared | str] = {}
    for item in found:
        key = item.get("key") if isinstance(item, dict) else None
        if not isinstance(key, str) or key in out:
            log.error("%s lists a game with no key, or a key twice: %r", path, item)
            continue
        try:
            out[key] = declare(key, item, str(item.get("distribution", "")))
        except ValueError as e:
            out[key] = f"ValueError: {e}"
            log.error("Game %r could not be loaded from %s: %s", key, path, e)
    return out


def write_built(path: Path, registry: Mapping[str, Declared | str] | None = None) -> None:
    """Write the declarations of every game registered now, in the order they are listed,
    for a single file's ``built``; ValueError naming a game that could not be loaded (a
    build must not carry a broken game silently)."""
    registry = REGISTRY if registry is None else registry
    broken = {k: v for k, v in registry.items() if isinstance(v, str)}
    if broken:
        raise ValueError("; ".join(f"game {k!r} could not be loaded ({why})"
                                   for k, why in broken.items()))
    path.write_text(json.dumps({"games": [asdict(d) for d in registry.values()]}, indent=1),
                    encoding="utf-8")


def listed_order(point: metadata.EntryPoint) -> tuple:
    """The outside games by distribution, each by key (the project's own are listed first,
    in code)."""
    dist = point.dist.name if point.dist else ""
    return (dist, point.name)


def own() -> dict[str, Declared]:
    """The project's own games, as companion/own_games.py lists them."""
    return {key: declare(key, names, OWN) for key, names in OWN_GAMES.items()}


def discover() -> dict[str, Declared | str]:
    """The project's own games, then read the installed games again (a test that installs
    one calls this)."""
    importlib.invalidate_caches()
    load.cache_clear()
    # an install made before the own games were listed in code still carries entry points
    # for them: the project's own distribution declares no game by entry point now
    points = sorted((p for p in metadata.entry_points(group=GROUP)
                     if not (p.dist and p.dist.name == OWN)), key=listed_order)
    REGISTRY.clear()
    REGISTRY.update(own())
    if not points and BUILT.exists():  # the single file: its build's list (see above)
        REGISTRY.update({k: v for k, v in built().items() if k not in REGISTRY})
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
    return Entry(key, str(game.title or key), game, found)


def entries() -> list[Entry]:
    return [load(key) for key in REGISTRY]


def plays_module(key: str) -> Any:
    """The module a game's declaration names for its contract plays, else None (a module
    that fails to import fails loudly)."""
    found = REGISTRY.get(key)
    if not isinstance(found, Declared) or not found.plays:
        return None
    return importlib.import_module(found.plays)


def plays(key: str) -> Any:
    """The ``plays(seed)`` of a game that carries its own contract plays, else None."""
    module = plays_module(key)
    return None if module is None else module.plays


def policy(key: str) -> Any:
    """A game's ``policy(state, rng) -> Action`` for a whole game played through the
    companion, if its plays module has one, else None. A recorded play diverges once the
    ballot box casts other votes than the recording did; a policy follows the game wherever
    the votes took it, to the end."""
    return getattr(plays_module(key), "policy", None)


discover()


def untranslated(key: str, language: str) -> Any:
    """The sentence a screen says once when game ``key`` carries no catalog in ``language``
    (an outside game with none, or none in that language): it is shown in its own source
    language, English, never a crash. None when it has one (or the screen is in English)."""
    if language in (SOURCE, PSEUDO) or key not in REGISTRY:
        return None
    entry = load(key)
    if entry.game is None:
        return None
    folder = locale_folder(type(entry.game).__module__)
    if folder is not None and (folder / code(language) / "LC_MESSAGES").is_dir():
        return None
    reader = cldr(language)
    return _("{game} has no words in {language} yet: it is shown in {source}.",
             game=entry.said, language=reader.languages.get(code(language).split("_")[0],
                                                             language),
             source=reader.languages.get(SOURCE, "English"))
