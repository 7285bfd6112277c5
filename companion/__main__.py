"""``python -m companion``: start the host for the table.

Serves the table screen and every phone on the local network, prints the table URL (with
the host key) and the join address with a QR code. This is the one place that wires the
Flet views to the companion core.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import threading

from . import net, qr
from .rooms import TableService
from .server import build_app, serve
from .static import CompressedFiles
from .store import Store, default_path
from .wire import raise_file_limit


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    p.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    p.add_argument("--port", type=int, default=int(os.environ.get("COMPANION_PORT", 8550)))
    p.add_argument("--db", default=None, help=f"database file (default: {default_path()})")
    p.add_argument("--address", default=None,
                   help="the address phones use to reach this machine, if the guess is wrong")
    return p.parse_args(argv)


def main(argv=None) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # Flet warns with a traceback for every malformed frame: a guest could flood the terminal
    logging.getLogger("flet_web.fastapi").setLevel(logging.ERROR)
    from views.app import make_main
    from views.games import SCREENS
    from views.screen import Urls

    before, files_open = raise_file_limit()
    store = Store(args.db or default_path())
    service = TableService(store, offered=list(SCREENS))
    address = args.address or (net.lan_address() if args.host in ("0.0.0.0", "::")
                               else args.host)
    urls = Urls(f"http://{address}:{args.port}")
    files = CompressedFiles()
    threading.Thread(target=files.warm, name="compress-web-client", daemon=True).start()
    # the names the host answers to (DNS rebinding: any other name gets a 421)
    app = build_app(make_main(service, urls), files, hosts=(address, args.host))

    join = f"{urls.base}/"
    print(f"Table companion — database {store.path}", flush=True)
    if files_open:  # idle guests' connections must not take the last open files
        print(f"Open files: up to {files_open}" + (f" (raised from {before})"
              if files_open > before else " (the most this system allows)"), flush=True)
    print(f"\nTable screen (keep this address to yourself: it carries the host key):\n"
          f"  {urls.table(service.host_key)}\n", flush=True)
    print(f"Phones join at {join} (or scan the room's QR code on the table screen):", flush=True)
    print(qr.terminal(join), flush=True)
    others = [a for a in net.lan_addresses() if a != address]
    if others:
        print(f"Other addresses of this machine: {', '.join(others)} (use --address to pick one)")
    sys.stdout.flush()
    serve(app, args.host, args.port)


if __name__ == "__main__":
    main()
