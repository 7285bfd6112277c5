"""Raw requests to the real app's door, as a guest on the table's Wi-Fi sends them (127.0.0.2):
the join form posted, a path fetched as written (tests/security)."""
from __future__ import annotations

import json
import socket


GUEST = "127.0.0.2"


def post(live, path: str, body: bytes, origin: str | None = "same",
         source: str = GUEST) -> tuple[int, dict]:
    """A POST as a browser sends it, from ``source``; (status, the JSON answer)."""
    host = f"127.0.0.1:{live.port}"
    lines = [f"POST {path} HTTP/1.1", f"Host: {host}", "Content-Type: application/json",
             f"Content-Length: {len(body)}", "Connection: close"]
    if origin:
        lines.append(f"Origin: {'http://' + host if origin == 'same' else origin}")
    with socket.create_connection(("127.0.0.1", live.port), timeout=30,
                                  source_address=(source, 0)) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _, answer = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(answer)


def get(port: int, source: str, target: str) -> tuple[int, dict[str, str]]:
    """A GET of ``target`` exactly as written, from ``source``; (status, headers)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30,
                                  source_address=(source, 0)) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     "Connection: close\r\n\r\n".encode("latin-1"))
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head = raw.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:])
    return int(head[0].split()[1]), {k.lower(): v for k, v in headers.items()}
