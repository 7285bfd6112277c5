"""The machine's address on the table's Wi-Fi, read from its own interfaces."""
from __future__ import annotations

import socket
import subprocess


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback, best guess first.

    Read from the interfaces (``hostname -I``), then the hostname; never by contacting
    another machine, so it works with no internet and sends nothing anywhere.
    """
    found: list[str] = []
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2)
        found += out.stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    ipv4 = [a for a in found if a.count(".") == 3 and not a.startswith("127.")]
    # private ranges first: that is what a table's Wi-Fi hands out
    private = [a for a in ipv4 if a.startswith(("192.168.", "10.")) or
               (a.startswith("172.") and 16 <= int(a.split(".")[1]) <= 31)]
    ordered = private + [a for a in ipv4 if a not in private]
    return list(dict.fromkeys(ordered))
