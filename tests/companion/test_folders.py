"""Issue 22: the database and the web cache live where each OS keeps an app's files.

Each OS's answer is asked of platformdirs in a fresh Python whose ``sys.platform`` says that
OS while platformdirs is imported (it picks its rules then), with a made-up home.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from companion.static import FLET_WEB_VERSION

from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
WIN_LOCAL = r"C:\Users\ana\AppData\Local"
ASK = """
import json, sys
real, sys.platform = sys.platform, {platform!r}
import platformdirs
sys.platform = real
from companion.store import default_path
from companion.static import default_cache_dir
print(json.dumps([str(default_path()), str(default_cache_dir())]))
"""


def folders(tmp: Path, platform: str, **env: str) -> tuple[str, str]:
    """(database file, web cache folder) that the host would use on ``platform``, for a user
    whose home is ``tmp/ana`` (the cache may be filled from the wheel's copy: it lands there,
    or under ``tmp`` for the Windows path, which is relative here)."""
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("XDG_", "COMPANION_", "WIN_PD_"))}
    clean.update(HOME=str(tmp / "ana"), PYTHONPATH=str(ROOT), **env)
    out = subprocess.run([sys.executable, "-c", ASK.format(platform=platform)], env=clean,
                         cwd=tmp, capture_output=True, text=True, timeout=60, check=True)
    return tuple(json.loads(out.stdout.splitlines()[-1]))


WEB = f"web-{FLET_WEB_VERSION}"


@pytest.mark.parametrize("platform, env, db, cache", [
    ("linux", {}, "ana/.local/share/companion/companion.db", f"ana/.cache/companion/{WEB}"),
    ("linux", {"XDG_DATA_HOME": "{tmp}/data", "XDG_CACHE_HOME": "{tmp}/c"},
     "data/companion/companion.db", f"c/companion/{WEB}"),
    ("darwin", {}, "ana/Library/Application Support/companion/companion.db",
     f"ana/Library/Caches/companion/{WEB}"),
    # on Windows the folder comes from the shell (SHGetKnownFolderPath); platformdirs lets an
    # environment variable stand in for it, which is how it can be asked here
    ("win32", {"WIN_PD_OVERRIDE_LOCAL_APPDATA": WIN_LOCAL},
     WIN_LOCAL + "/companion/companion.db", WIN_LOCAL + f"/companion/Cache/{WEB}"),
])
def test_the_database_and_the_cache_are_in_the_os_folders(tmp_path, platform, env, db, cache):
    env = {k: v.format(tmp=tmp_path) for k, v in env.items()}
    inside = (lambda p: p) if platform == "win32" else (lambda p: f"{tmp_path}/{p}")
    assert folders(tmp_path, platform, **env) == (inside(db), inside(cache))


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_companion_db_names_the_database_on_every_os(tmp_path, platform):
    db, _ = folders(tmp_path, platform, COMPANION_DB="/media/usb/table.db",
                    WIN_PD_OVERRIDE_LOCAL_APPDATA=WIN_LOCAL)
    assert db == "/media/usb/table.db"


def test_the_first_start_copies_the_gzipped_client_the_wheel_carries(tmp_path, monkeypatch):
    from companion import folders as f
    carried = tmp_path / "package" / "web" / "gz-9.9"
    (carried / "canvaskit").mkdir(parents=True)
    (carried / "canvaskit" / "canvaskit.wasm.gz").write_bytes(b"packed")
    os.utime(carried / "canvaskit" / "canvaskit.wasm.gz", (1000, 1000))  # installed long ago
    monkeypatch.setattr(f, "__file__", str(tmp_path / "package" / "folders.py"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cache = f.web_cache("9.9")
    assert cache == tmp_path / "cache" / "companion" / "web-9.9"
    copy = cache / "canvaskit" / "canvaskit.wasm.gz"
    assert copy.read_bytes() == b"packed"
    # newer than the client files installed before it, so the host keeps it as it is
    assert copy.stat().st_mtime > time.time() - 60
    copy.write_bytes(b"made here")
    assert f.web_cache("9.9") == cache and copy.read_bytes() == b"made here"  # copied once


def test_the_database_in_its_default_folder_is_private(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from companion.store import default_path
    store = Store(default_path())
    try:
        assert store.path == tmp_path / "data" / "companion" / "companion.db"
        assert oct(store.path.stat().st_mode & 0o777) == oct(0o600)
        assert oct(store.path.parent.stat().st_mode & 0o777) == oct(0o700)
    finally:
        store.close()
