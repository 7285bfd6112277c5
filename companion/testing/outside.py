"""A host with a game installed from outside the project (issue 36): the game laid out in a
folder as pip leaves it in site-packages (a ``.dist-info`` whose ``entry_points.txt``
registers it), on the host's PYTHONPATH. The plugin's ``server`` fixture starts the host so for
a game its tests registered (``companion_games``) but nobody installed; a test may lay out a
game of its own (tests/e2e/test_outside_game.py)."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable

from .browser import Server


def dist_info(site: Path, dist: str, entry: str) -> None:
    """The metadata pip writes for distribution ``dist``: ``entry`` in the games' group (one
    line ``key = module:ATTR``, or several)."""
    info = site / f"{dist.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[companion.games]\n{entry}\n")


def on_path(env: dict, folders: Iterable[Path]) -> None:
    """``folders`` put first on the PYTHONPATH of ``env`` (a host's environment)."""
    found = [str(f) for f in folders] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(found))


@contextmanager
def host_with(install: Callable[[Path], None], tmp_path: Path, web_cache: Path,
              also: Iterable[Path] = ()):
    """The real host, started with a site-packages folder on its PYTHONPATH into which
    ``install(site)`` put a game (and the folders ``also`` after it: where a game's package
    lies when it is not copied); killed after."""
    site = tmp_path / "site-packages"
    site.mkdir()
    install(site)
    srv = Server(tmp_path / "companion.db", web_cache)
    on_path(srv.env, [site, *also])
    try:
        yield srv.start()
    finally:
        srv.kill()
        print("--- server output ---\n" + srv.output)  # shown by pytest when the test failed
