"""Issue 22: the wheel of build/wheel.py installs in a clean venv with no network access and
starts; the table's client is served, gzipped ahead of time, and a phone joins and votes.

The wheelhouse is made once by ``python build/wheel.py`` (which needs the internet); without
it this test is skipped, saying so. The install here uses only the wheelhouse (``--no-index``).
"""
from __future__ import annotations

import os
import subprocess
import sys
import urllib.request

import pytest

from testsupport.host_journey import (ROOT, host_at, clean_env, needs_chromium,
                                      phone_joins_and_votes)

WHEELHOUSE = ROOT / "build" / "out" / "wheelhouse"

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not list(WHEELHOUSE.glob("companion-*.whl")),
                                 reason="no wheelhouse: run python build/wheel.py first")]


def test_the_wheel_installs_offline_in_a_clean_venv_and_serves_the_table(tmp_path):
    needs_chromium()
    env = clean_env(tmp_path)
    venv = tmp_path / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base_python, "-m", "venv", str(venv)], check=True, env=env, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--no-index",
                    "--find-links", str(WHEELHOUSE), "companion"],
                   check=True, env=env, cwd=tmp_path, timeout=600, capture_output=True)
    host = host_at([str(bin_dir / "companion"), "--no-browser"], env, tmp_path).start()
    started = host.took
    try:
        # the client comes gzipped from the copy the wheel carries, not compressed on start
        request = urllib.request.Request(host.local + "/main.dart.js",
                                         headers={"Accept-Encoding": "gzip"})
        response = urllib.request.urlopen(request, timeout=10)
        assert response.headers["Content-Encoding"] == "gzip"
        carried = list(venv.rglob("companion/web/gz-*/main.dart.js.gz"))
        cached = list((tmp_path / "cache" / "companion").rglob("main.dart.js.gz"))
        assert carried and cached and carried[0].read_bytes() == cached[0].read_bytes()
        # the database went to the data folder of the OS's rules
        assert (tmp_path / "data" / "companion" / "companion.db").exists()

        phone_joins_and_votes(host)
        # installed, not the checkout: the venv's own package answered
        out = subprocess.run([str(bin_dir / "python"), "-c",
                              "import companion.server as s; print(s.__file__)"],
                             env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
        assert str(venv) in out.stdout
    finally:
        host.stop()
    print(f"the installed wheel answered {started:.1f} s after its start")
