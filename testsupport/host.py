"""The real host, ``python -m companion``, started as a person starts it, on 127.0.0.1
(tests/companion: restarts, the database file, faults, the start)."""
from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def child_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("COMPANION_DB", "COMPANION_PORT")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env["PYTHONUNBUFFERED"] = "1"
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m companion`` on 127.0.0.1, its output collected line by line."""

    def __init__(self, db: Path, port: int, browser: bool = False, env: dict | None = None) -> None:
        self.port = port
        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
             "--db", str(db)] + ([] if browser else ["--no-browser"]),
            cwd=REPO, env={**child_env(), **(env or {})}, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def get(self, path: str, headers: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "the server died:\n" + "\n".join(self.lines)
            try:
                if self.get("/")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("the server did not answer:\n" + "\n".join(self.lines))

    def table_url(self) -> str:
        found = [m.group(0) for line in self.lines
                 for m in [re.search(r"http://127\.0\.0\.1:\d+/table\?k=\S+", line)] if m]
        assert len(found) == 1, self.lines
        return found[0]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self._reader.join(timeout=5)


def start(db: Path, port: int | None = None) -> subprocess.CompletedProcess:
    """A host that is expected to stop at once: its exit and what it said."""
    return subprocess.run(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port",
         str(port or free_port()), "--db", str(db), "--no-browser"],
        cwd=REPO, env=child_env(), capture_output=True, text=True, timeout=60)
