"""Issue 22: the wheel of build/wheel.py installs in a clean venv with no network access and
starts; the table's client is served, gzipped ahead of time, and a phone gets a session.

The wheelhouse is made once by ``python build/wheel.py`` (which needs the internet); without
it this test is skipped, saying so. The install here uses only the wheelhouse (``--no-index``).
"""
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = ROOT / "build" / "out" / "wheelhouse"
sys.path.insert(0, str(ROOT / "tests"))

from security.flet_client import FletClient, run  # noqa: E402

pytestmark = pytest.mark.skipif(not list(WHEELHOUSE.glob("companion-*.whl")),
                                reason="no wheelhouse: run python build/wheel.py first")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(tmp: Path) -> dict:
    """Nothing of the checkout or of this test's venv: PATH without it, no PYTHONPATH."""
    keep = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env.update(HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "cache"),
               XDG_DATA_HOME=str(tmp / "data"), PIP_NO_INDEX="1", PIP_CONFIG_FILE=os.devnull,
               PYTHONNOUSERSITE="1")
    return env


def test_the_wheel_installs_offline_in_a_clean_venv_and_serves_the_table(tmp_path):
    env = clean_env(tmp_path)
    venv = tmp_path / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base_python, "-m", "venv", str(venv)], check=True, env=env, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--no-index",
                    "--find-links", str(WHEELHOUSE), "companion"],
                   check=True, env=env, cwd=tmp_path, timeout=600, capture_output=True)
    port = free_port()
    proc = subprocess.Popen([str(bin_dir / "companion"), "--no-browser", "--host", "127.0.0.1",
                             "--port", str(port)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                page = urllib.request.urlopen(base + "/", timeout=2).read()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.3)
        assert b"flutter" in page
        # the client comes gzipped from the copy the wheel carries, not compressed on start
        request = urllib.request.Request(base + "/main.dart.js",
                                         headers={"Accept-Encoding": "gzip"})
        response = urllib.request.urlopen(request, timeout=10)
        assert response.headers["Content-Encoding"] == "gzip"
        carried = list(venv.rglob("companion/web/gz-*/main.dart.js.gz"))
        cached = list((tmp_path / "cache" / "companion").rglob("main.dart.js.gz"))
        assert carried and cached and carried[0].read_bytes() == cached[0].read_bytes()
        # the database went to the data folder of the OS's rules
        assert (tmp_path / "data" / "companion" / "companion.db").exists()

        async def phone():
            client = await (await FletClient(port).open()).register("/")
            for _ in range(100):
                if client.session_id:
                    break
                await asyncio.sleep(0.1)
            await client.close()
            return client.session_id
        assert run(phone())
        # installed, not the checkout: the venv's own package answered
        out = subprocess.run([str(bin_dir / "python"), "-c",
                              "import companion.server as s; print(s.__file__)"],
                             env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
        assert str(venv) in out.stdout
    finally:
        proc.kill()
        proc.wait()
