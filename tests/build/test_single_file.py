"""Issue 22: the single file of build/single_file.py starts with no Python and no network of
its own, serves the table's client from inside itself, and a phone joins and votes.

The file is made by ``python build/single_file.py`` (its first run needs the internet, and a
few minutes); without it this test is skipped, saying so. It starts here in a clean
environment: home, data, cache and temporary folders in tmp_path, PATH without this test's
venv, and only 127.0.0.1 addressed.
"""
from __future__ import annotations

import os
import runpy
import time
import urllib.request
from pathlib import Path

import pytest

from testsupport.host_journey import (ROOT, host_at, clean_env, needs_chromium,
                                      phone_joins_and_votes)

NAME = runpy.run_path(str(ROOT / "build" / "single_file.py"))["file_name"]()
BINARY = ROOT / "build" / "out" / (NAME + (".exe" if os.name == "nt" else ""))

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not BINARY.exists(), reason=f"no single file build/out/{NAME}: "
                                 "run python build/single_file.py first")]


def unpacked_folder(tmp: Path) -> Path:
    """Where the file unpacked itself (PyInstaller's _MEI folder in the temporary folder)."""
    found = list((tmp / "tmp").glob("_MEI*"))
    assert len(found) == 1, found
    return found[0]


def contents(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def wait_for(path: Path, seconds: float = 30) -> str:
    """The text a program writes into ``path``, once it has written a whole line."""
    deadline = time.monotonic() + seconds
    while not (path.exists() and path.read_text().endswith("\n")):
        assert time.monotonic() < deadline, f"nothing written to {path}"
        time.sleep(0.1)  # polling, within the deadline above
    return path.read_text().strip()


def test_the_single_file_starts_offline_serves_the_table_and_a_phone_votes(tmp_path):
    needs_chromium()
    env = clean_env(tmp_path)
    host = host_at([str(BINARY), "--no-browser"], env, tmp_path).start()
    first_start = host.took
    try:
        unpacked = unpacked_folder(tmp_path)
        before = contents(unpacked)
        # the client is sent gzipped, the copy the file carries (zopfli's), made at build time
        request = urllib.request.Request(host.local + "/main.dart.wasm",
                                         headers={"Accept-Encoding": "gzip"})
        response = urllib.request.urlopen(request, timeout=10)
        assert response.headers["Content-Encoding"] == "gzip"
        carried = list(unpacked.glob("companion/web/gz-*/main.dart.wasm.zgz"))
        assert carried and response.read() == carried[0].read_bytes()

        phone_joins_and_votes(host)
        key = host.table_url.split("?k=")[1]

        # nothing was compressed, cached or written where the file unpacked itself; the
        # database went to the data folder of the OS's rules
        assert contents(unpacked) == before
        assert not (tmp_path / "cache").exists()
        assert (tmp_path / "data" / "companion" / "companion.db").exists()
    finally:
        host.stop()
    assert not unpacked.exists(), "the unpacked folder was left behind"
    print(f"first start: first answer after {first_start:.1f} s")

    # the second start: the same folders; this time it opens the table screen in "the
    # browser" (BROWSER: a script that writes down its address and the environment it got)
    if os.name != "posix":
        return
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nenv > "{opened}.env"\necho "$1" > "{opened}"\n')
    browser.chmod(0o755)
    again = host_at([str(BINARY)], dict(env, BROWSER=f"{browser} %s"), tmp_path).start()
    second_start = again.took
    try:
        # the same table (its host key is in the database), opened on this machine's browser
        assert wait_for(opened) == f"{again.local}/table?k={key}"
        assert again.table_url == f"{again.local}/table?k={key}"
        # with the system's libraries, not the ones the file unpacked for itself
        browser_env = wait_for(Path(f"{opened}.env")).splitlines()
        assert not [line for line in browser_env if line.startswith("LD_LIBRARY_PATH")]
    finally:
        again.stop()
    assert not list((tmp_path / "tmp").glob("_MEI*"))
    print(f"second start: first answer after {second_start:.1f} s")
