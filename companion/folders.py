"""Where the companion keeps its files on each OS, by that OS's rules (platformdirs).

- Linux (and other Unix): ``$XDG_DATA_HOME/companion`` (``~/.local/share/companion``) and
  ``$XDG_CACHE_HOME/companion`` (``~/.cache/companion``).
- macOS: ``~/Library/Application Support/companion`` and ``~/Library/Caches/companion``.
- Windows: ``%LOCALAPPDATA%\\companion`` and ``%LOCALAPPDATA%\\companion\\Cache``: inside the
  user's profile, not roaming (the database is of this machine's table).
"""
from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "companion"


def data_dir() -> Path:
    return platformdirs.user_data_path(APP, appauthor=False)


def cache_dir() -> Path:
    return platformdirs.user_cache_path(APP, appauthor=False)
