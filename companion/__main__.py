"""``companion``: start the host for the table.

Serves the table screen and every phone on the local network, opens the table screen in this
machine's browser, and prints the join address with a QR code and a line for each problem it
can see. This is the one place that wires the Flet views to the companion core.
"""
from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from . import flet_seam, net, qr
from .dbfile import HostLock, StartProblem, backup_line, open_checked
from .errors import Fault, Refused
from .language import COMPANION, HOME, LANGUAGES, PSEUDO, Speaker, negotiate, said, \
    set_host_language, system_language
from .record import MOST_BYTES, write_private
from .rooms import TableService
from .seal import HostSeal
from .server import build_app, serve
from .static import CompressedFiles
from .store import Store, default_path
from .wire import raise_file_limit, short_of_files

_ = Speaker(COMPANION, HOME)
WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK = "127.0.0.1"


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    p.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    p.add_argument("--port", type=int, default=int(os.environ.get("COMPANION_PORT", 8550)))
    p.add_argument("--db", default=None, help=f"database file (default: {default_path()})")
    p.add_argument("--address", default=None,
                   help="the address phones use to reach this machine, if the guess is wrong")
    p.add_argument("--seal", action=argparse.BooleanOptionalAction,
                   default=os.environ.get("COMPANION_SEAL", "1") != "0",
                   help="seal the phones' traffic: encrypted, keyed to this host (issue 49); "
                        "on unless --no-seal or COMPANION_SEAL=0")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open the table screen in this machine's browser")
    p.add_argument("--wifi", metavar="NAME", default=None,
                   help="the Wi-Fi network phones join (a hotspot on this laptop, a travel "
                        "router): its QR code goes beside the room's on the table screen")
    p.add_argument("--wifi-password", metavar="PW", default=None,
                   help="that network's WPA password (none: an open network)")
    p.add_argument("--language", metavar="CODE", default=None,
                   help="the table screen's and this console's language: "
                        f"{', '.join(LANGUAGES)} (default: this system's)")
    record = p.add_mutually_exclusive_group()
    record.add_argument("--export-csv", metavar="FILE", default=None,
                        help="write the record of every game played as CSV, and stop")
    record.add_argument("--export-json", metavar="FILE", default=None,
                        help="write the record as JSON (the versioned format), and stop")
    record.add_argument("--import-json", metavar="FILE", default=None,
                        help="add the games of a JSON record to this table's, and stop")
    args = p.parse_args(argv)
    args.language = (negotiate([args.language], LANGUAGES + (PSEUDO,)) if args.language
                     else system_language())
    problem = wifi_problem(args.wifi, args.wifi_password)
    if problem:
        p.error(problem)
    return args


def wifi_problem(name: str | None, password: str | None) -> str | None:
    """The sentence for a Wi-Fi a phone could not join from its QR code, or None."""
    if password is not None and not name:
        return "--wifi-password needs --wifi NAME, the network it opens."
    if name is not None and not 1 <= len(name.encode()) <= 32:
        return "A Wi-Fi network name has 1 to 32 bytes."
    if password and not 8 <= len(password) <= 63:
        return "A WPA Wi-Fi password has 8 to 63 characters."
    return None


def phone_address(host: str, given: str | None, found: list[str]) -> tuple[str, str | None]:
    """The address phones reach this machine at, and the sentence to print if there is none."""
    if given:
        return given, None
    if host not in WILDCARDS:
        return host, None
    if found:
        return found[0], None
    return LOOPBACK, said(_("No network address found: phones cannot reach this machine. "
                            "Connect it to the Wi-Fi the phones use (or start a hotspot on it) "
                            "and start again, or give its address with --address."))


def port_problem(host: str, port: int) -> str | None:
    """None if ``port`` can be listened on; else the sentence that says which port to use."""
    try:
        _bind(host, port)
    except PermissionError:
        return said(_("Port {port} may not be used by this user. Start again with --port "
                      "{free}.", port=str(port), free=str(_free(host, port))))
    except OSError:
        table = f"http://{LOOPBACK}:{port}/table"
        return said(_("Port {port} is taken (is the companion already running? its table "
                      "screen is at {address}). Start again with --port {free} to run a second "
                      "one.", port=str(port), address=table, free=str(_free(host, port))))
    return None


def _bind(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        # as uvicorn does: a port left in TIME_WAIT by a host that just stopped is free
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host or "0.0.0.0", port))


def _free(host: str, port: int) -> int:
    """The next port after ``port`` that is free now (or one the system picks)."""
    for candidate in range(port + 1, min(port + 50, 65536)):
        try:
            _bind(host, candidate)
            return candidate
        except OSError:
            continue
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.bind((host or "0.0.0.0", 0))
        return s.getsockname()[1]


def open_browser(url: str) -> None:
    """Open the table screen in this machine's browser, or say how to open it.

    With no desktop and no BROWSER command, Python's webbrowser would start a text browser
    in this very terminal; the console then just says where the table screen is.
    """
    desktop = sys.platform in ("win32", "darwin") or os.environ.get("DISPLAY") or \
        os.environ.get("WAYLAND_DISPLAY") or os.environ.get("BROWSER")
    try:
        opened = bool(desktop) and webbrowser.open(url)
    except Exception:  # a broken browser setting must not stop the table
        opened = False
    if not opened:
        print(said(_("No browser could be opened here: open the table screen at {address}",
                     address=url)), flush=True)


def announce(store: Store, key: str, local: str, lan: str, join: str) -> None:
    print(said(_("Table companion — database {file}", file=str(store.path))), flush=True)
    print("\n" + said(_("Table screen (it carries the host key: keep this address to "
                        "yourself):")) + f"\n  {local}/table?k={key}", flush=True)
    if lan != local:
        other = f"{lan}/table?k={key}"
        print("  " + said(_("on another screen of the table (a tablet, a TV): {address}",
                            address=other)), flush=True)
    print("\n" + said(_("Phones join at {address} (or scan the room's QR code on the table "
                        "screen):", address=join)), flush=True)
    print(qr.terminal(join), flush=True)


def open_files_line(before: int, most: int) -> str:
    # a count of files, written as the system writes it (1024, never "1,024")
    line = said(_("Open files: up to {most} (raised from {before})", most=str(most),
                  before=str(before))) if most > before else said(
        _("Open files: up to {most} (the most this system allows)", most=str(most)))
    short = short_of_files(most)  # a share that many phones loading at once would outgrow
    return f"{line}\n{short}" if short else line


def run_record(args: argparse.Namespace) -> int:
    """--export-csv, --export-json, --import-json: one line said, no server started. Returns
    the exit code: 2 for a refusal or a file that cannot be read or written."""
    db = Path(args.db or default_path())
    # an import writes: never behind the back of a host serving the same file
    service = TableService(open_checked(db, HostLock(db) if args.import_json else None))
    key = service.host_key
    try:
        if args.import_json:
            text = read_text(args.import_json)
            added = service.import_json(key, text)
            print(f"Added {added} {'game' if added == 1 else 'games'} from {args.import_json}")
        elif args.export_csv:
            rows = sum(len(g.players) or g.unreadable for g in service.results())
            write_file(args.export_csv, service.export_csv(key))
            print(f"Wrote {rows} {'row' if rows == 1 else 'rows'} to {args.export_csv}")
        else:
            count = sum(not g.unreadable for g in service.results())
            write_file(args.export_json, service.export_json(key))
            print(f"Wrote {count} {'game' if count == 1 else 'games'} to {args.export_json}")
    except Refused as e:
        print(e, flush=True)
        return 2
    return 0


def read_text(name: str) -> str:
    try:
        with open(name, encoding="utf-8") as f:
            return f.read(MOST_BYTES + 1)  # a longer file is refused without reading it all
    except UnicodeDecodeError:
        raise Refused(f"{name} is not a text file: it is not a record of this table.") from None
    except OSError as e:
        raise Refused(f"{name} cannot be read ({e.strerror}).") from None


def write_file(name: str, text: str) -> None:
    try:
        write_private(Path(name), text)
    except OSError as e:
        raise Refused(f"{name} cannot be written ({e.strerror}).") from None


def system_loader_path() -> None:
    """The single file (build/single_file.py, PyInstaller) points Linux's loader at the
    libraries it unpacked, for its own use; a browser started from here must load the
    system's, or it may fail to start. The loader read the variable when this process
    started, so changing it here changes it only for the programs started from here."""
    if getattr(sys, "frozen", False) and "LD_LIBRARY_PATH" in os.environ:
        original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
        if original is None:
            del os.environ["LD_LIBRARY_PATH"]
        else:
            os.environ["LD_LIBRARY_PATH"] = original


def main(argv=None) -> None:
    system_loader_path()
    args = parse_args(argv)
    try:
        start(args)
    # a file the host cannot use, a Flet it cannot mend: said, no traceback
    except (StartProblem, Fault, flet_seam.FletChanged) as e:
        print(e, flush=True)
        sys.exit(2)


def host_seal(store, wanted: bool) -> HostSeal | None:
    """The host's key for the sealed websocket (--seal), kept in the database; None: off."""
    return HostSeal(store.seal_seed()) if wanted else None


def start(args: argparse.Namespace) -> None:
    set_host_language(getattr(args, "language", None) or "en")
    if args.export_csv or args.export_json or args.import_json:
        sys.exit(run_record(args))
    flet_seam.check()  # a Flet or uvicorn it was not tested with: FletChanged, said below
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # Flet warns with a traceback for every malformed frame: a guest could flood the terminal
    logging.getLogger("flet_web.fastapi").setLevel(logging.ERROR)
    # one host per database file: the lock is held until this process ends
    lock = HostLock(Path(args.db or default_path()))
    store = open_checked(lock.db, lock)
    problem = port_problem(args.host, args.port)
    if problem:
        print(problem, flush=True)
        sys.exit(2)
    from views.app import make_main
    from views.games import SCREENS
    from views.screen import Urls, warm

    before, files_open = raise_file_limit()
    service = TableService(store, offered=list(SCREENS))
    # the record checked once now (a big one takes about a second), not while the table waits
    # for the first Tonight: later reads check only games that changed
    service.results()
    found = net.lan_addresses()
    address, no_lan = phone_address(args.host, args.address, found)
    seal = host_seal(store, args.seal)
    urls = Urls(f"http://{address}:{args.port}", wifi_name=args.wifi,
                wifi_password=args.wifi_password or None, seal=seal and seal.fingerprint)
    # the table screen on this machine goes through loopback: a secure context, and the host
    # key never crosses the Wi-Fi
    local = f"http://{LOOPBACK if args.host in WILDCARDS + (LOOPBACK,) else address}:{args.port}"
    lock.say_where(local)
    files = CompressedFiles()
    threading.Thread(target=files.warm, name="compress-web-client", daemon=True).start()
    # the names the host answers to (DNS rebinding: any other name gets a 421)
    app = build_app(make_main(service, urls), files, host_check=service.host_key_from,
                    service=service, seal=seal, hosts=(address, args.host))
    warm()  # before the address is printed: the first screen opened must not wait for Flet

    if files_open:  # idle guests' connections must not take the last open files
        print(open_files_line(before, files_open), flush=True)
    announce(store, service.host_key, local, urls.base, f"{urls.base}/")
    print(backup_line(store), flush=True)
    if args.wifi:
        print(said(_("Phones first join the Wi-Fi {network}: its QR code is beside the room's "
                     "on the table screen.", network=args.wifi)), flush=True)
    if no_lan:
        print(no_lan, flush=True)
    others = [a for a in found if a != address]
    if others:
        print(said(_("Other addresses of this machine: {addresses} (use --address to pick "
                     "one)", addresses=", ".join(others))))
    sys.stdout.flush()
    started = None if args.no_browser else (
        lambda: open_browser(f"{local}/table?k={service.host_key}"))
    try:
        serve(app, args.host, args.port, started=started, deflate=seal is None)
    except KeyboardInterrupt:  # Ctrl+C: uvicorn has closed everything; no traceback for it
        print(said(_("Stopped.")), flush=True)


if __name__ == "__main__":
    main()
