"""Issue 22, start like an app: ``companion`` opens the table screen in this machine's browser
on 127.0.0.1 (``--no-browser`` does not), and says what is wrong when it can see it.

The browser is a stand-in: Python's webbrowser runs the command named by BROWSER, here a
script that writes the address it was given to a file.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from companion.__main__ import phone_address
from testsupport.host import REPO, Server, child_env, free_port

STAND_IN = """#!{python}
import sys
with open({out!r}, "a") as f:
    f.write(sys.argv[1] + "\\n")
"""


def stand_in_browser(tmp_path: Path) -> tuple[Path, Path]:
    out = tmp_path / "opened.txt"
    script = tmp_path / "browser"
    script.write_text(STAND_IN.format(python=sys.executable, out=str(out)))
    script.chmod(0o755)
    return script, out


def headless(**env) -> dict:
    """No desktop, as on a server or in CI: only BROWSER can open anything."""
    return {"DISPLAY": "", "WAYLAND_DISPLAY": "", **env}


def test_the_table_screen_opens_in_the_browser_on_loopback(tmp_path):
    script, opened = stand_in_browser(tmp_path)
    server = Server(tmp_path / "companion.db", free_port(), browser=True,
                    env=headless(BROWSER=str(script)))
    try:
        server.wait_ready()
        deadline = time.monotonic() + 20
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        urls = opened.read_text().split()
        assert urls == [server.table_url()]  # once, with the host key, on 127.0.0.1
        assert urls[0].startswith(f"http://127.0.0.1:{server.port}/table?k=")
        assert urllib.request.urlopen(urls[0], timeout=10).status == 200
    finally:
        server.kill()


def test_no_browser_opens_nothing(tmp_path):
    script, opened = stand_in_browser(tmp_path)
    server = Server(tmp_path / "companion.db", free_port(), env=headless(BROWSER=str(script)))
    try:
        server.wait_ready()
        time.sleep(3)  # the browser is opened as soon as the server listens
        assert not opened.exists()
    finally:
        server.kill()


def test_without_a_desktop_the_console_says_where_the_table_screen_is(tmp_path):
    server = Server(tmp_path / "companion.db", free_port(), browser=True,
                    env=headless(BROWSER=""))
    try:
        server.wait_ready()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("No browser" in x for x in server.lines):
            time.sleep(0.1)
        line = next(x for x in server.lines if "No browser" in x)
        table = next(x.strip() for x in server.lines if x.startswith("  http://"))
        assert line == f"No browser could be opened here: open the table screen at {table}"
        assert table.startswith(f"http://127.0.0.1:{server.port}/table?k=")
    finally:
        server.kill()


def test_a_taken_port_is_named_with_a_free_one_to_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
             "--db", str(tmp_path / "companion.db"), "--no-browser"],
            cwd=REPO, env=child_env(), capture_output=True, text=True, timeout=60)
        assert out.returncode == 2
        assert f"Port {port} is taken" in out.stdout
        other = int(out.stdout.split("--port ")[1].split()[0])
        assert other != port
        with socket.socket() as s:  # the port it names is free
            s.bind(("127.0.0.1", other))
    assert "Traceback" not in out.stdout + out.stderr


def test_no_lan_address_is_said_and_the_table_still_runs_on_this_machine():
    address, problem = phone_address("0.0.0.0", None, [])
    assert address == "127.0.0.1"
    assert problem.startswith("No network address found: phones cannot reach this machine.")
    assert "--address" in problem
    assert phone_address("0.0.0.0", None, ["192.168.1.20", "10.0.0.5"]) == ("192.168.1.20", None)
    assert phone_address("0.0.0.0", "10.0.0.5", []) == ("10.0.0.5", None)
    assert phone_address("192.168.1.20", None, []) == ("192.168.1.20", None)
