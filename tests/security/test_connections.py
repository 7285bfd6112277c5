"""Issue 24, finding 3: idle connections took the host offline.

1,100 idle TCP connections from 11 guest addresses, against the real host process under the
usual limit of 1,024 open files (soft and hard, so it cannot raise it): the table's page is
still served, and the start output says how many files the host may open.
"""
from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from testsupport.live import free_port

ROOT = Path(__file__).resolve().parents[2]


def files_1024() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def test_1100_idle_connections_under_1024_files_leave_the_table_served(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1400:  # this test process holds the guests' ends
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    port = free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
         "--address", "127.0.0.1", "--db", str(tmp_path / "c.db"), "--no-browser"], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, preexec_fn=files_1024)
    held: list[socket.socket] = []
    try:
        lines = []
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            lines.append(line)
            if "Phones join at" in line:
                break
        assert any("Open files: up to 1024" in line for line in lines), lines
        while True:  # the host prints its addresses, then starts listening
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30).read()
                break
            except OSError:
                assert time.time() < deadline and proc.poll() is None, lines
                time.sleep(0.2)
        for guest in range(2, 13):  # 127.0.0.2 .. 127.0.0.12, 100 each
            for _ in range(100):
                sock = socket.socket()
                sock.bind((f"127.0.0.{guest}", 0))
                sock.settimeout(5)
                try:
                    sock.connect(("127.0.0.1", port))
                except OSError:
                    sock.close()
                    continue
                held.append(sock)
        time.sleep(1)
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
            assert r.status == 200 and b"<html" in r.read()
        assert time.monotonic() - started < 2
        assert proc.poll() is None
    finally:
        for sock in held:
            sock.close()
        proc.kill()
        proc.wait(10)


def test_an_idle_or_slow_connection_is_closed_and_one_address_holds_few(live):
    from companion.wire import CONNECTIONS_PER_ADDRESS, HEADER_TIMEOUT
    slow = socket.create_connection(("127.0.0.1", live.port))
    slow.sendall(b"GET / HTTP/1.1\r\n")  # and then a header every few seconds, never the end
    idle = []
    for _ in range(CONNECTIONS_PER_ADDRESS + 5):
        sock = socket.socket()
        sock.bind(("127.0.0.5", 0))
        sock.connect(("127.0.0.1", live.port))
        idle.append(sock)
    time.sleep(0.5)
    over = 0
    for sock in idle:  # connections past the cap were closed at once
        sock.settimeout(0.2)
        try:
            if sock.recv(1) == b"":
                over += 1
        except (socket.timeout, ConnectionResetError):
            over += isinstance(sys.exc_info()[1], ConnectionResetError)
    assert over == 5
    started = time.monotonic()
    closed = False
    idle[0].settimeout(HEADER_TIMEOUT + 5)
    try:
        closed = idle[0].recv(1) == b""
    except ConnectionResetError:
        closed = True
    assert closed and time.monotonic() - started <= HEADER_TIMEOUT + 1
    for sock in (slow, *idle):
        sock.close()
