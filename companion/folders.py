"""Where the companion keeps its files on each OS, by that OS's rules (platformdirs).

- Linux (and other Unix): ``$XDG_DATA_HOME/companion`` (``~/.local/share/companion``) and
  ``$XDG_CACHE_HOME/companion`` (``~/.cache/companion``).
- macOS: ``~/Library/Application Support/companion`` and ``~/Library/Caches/companion``.
- Windows: ``%LOCALAPPDATA%\\companion`` and ``%LOCALAPPDATA%\\companion\\Cache``: inside the
  user's profile, not roaming (the database is of this machine's table).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import platformdirs

APP = "companion"


def data_dir() -> Path:
    return platformdirs.user_data_path(APP, appauthor=False)


def cache_dir() -> Path:
    return platformdirs.user_cache_path(APP, appauthor=False)


def web_cache(version: str) -> Path:
    """The cache of the web client's gzipped files (flet-web ``version``).

    A wheel built by build/wheel.py carries them, made ahead of time: the first start copies
    them rather than spend a minute of a slow laptop's CPU. Copies get a new time, so they
    are newer than the files they pack and are used as they are.
    """
    cache = cache_dir() / f"web-{version}"
    bundled = Path(__file__).parent / "web" / f"gz-{version}"
    if bundled.is_dir() and not cache.exists():
        try:
            shutil.copytree(bundled, cache, copy_function=shutil.copyfile)
        except OSError:  # another host copies it at the same moment, or no room: it compresses
            pass
    return cache
