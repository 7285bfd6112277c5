"""The web client as the table's browsers get it: Flet's files with the companion's changes,
prepared once, compressed once, and cached by phones.

Flet's own server sends the ~14 MB client uncompressed, asks a public CDN for a script on every
load and answers any path with its start page. Here every HTTP request is answered by this
layer alone (Flet keeps only its websocket):

- the client's files come from Flet's web folder, overlaid by ``companion/web`` (the start page
  without inline scripts, the boot script, the manifests, the icon font cut to the icons the
  screens use) and patched where the client would otherwise reach off the host (``PATCHES``);
- each file is gzipped once into a cache folder keyed by the Flet version (level 9 at once,
  then zopfli in the background for the big files of a phone's first join), and sent with an
  ETag so a phone that comes back asks "has it changed?" and gets a bodiless 304;
- the app's own routes (``/``, ``/join/CODE``, ``/table``...) get the start page; a Noto font
  the client asks for to draw a name is redirected to this host's font for that script
  (companion/script_fonts.py); anything else is a 404, answered before any file system call
  when no file could have that name.
"""
from __future__ import annotations

import hashlib
import logging
import mimetypes
import os
import posixpath
import re
import sys
import threading
import zlib
from functools import lru_cache
from pathlib import Path

import flet_web
from flet_web.version import version as FLET_WEB_VERSION

from . import join_page, script_fonts
from .headers import weighted

log = logging.getLogger(__name__)

OVERRIDES = Path(__file__).parent / "web"
# Never served to a browser of a hosted app (Pyodide is for `flet build web`, the service
# worker is Flutter's deprecated one; maps and symbols are for debugging).
SKIP_DIRS = {"pyodide"}
BUNDLED = "gz-"  # companion/web/gz-<version>/: a wheel's ready-made cache (build/wheel.py)
SKIP_FILES = {"flutter_service_worker.js", "python-worker.js", "flutter.js.map"}
SKIP_SUFFIXES = {".map", ".symbols"}
MIN_SIZE = 1024  # smaller files are sent as they are
# Worth a couple of minutes of zopfli once (5% fewer bytes): the big files of a first join,
# Chromium's first (wasm + light renderer), then WebKit's and older phones' (JS + CanvasKit).
ZOPFLI_FILES = ["main.dart.wasm", "canvaskit/skwasm.wasm", "main.dart.js",
                "canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm"]
PATH_MAX = 512  # the client's longest path is under 100 characters
NAME_MAX = 255

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/woff2", ".woff2")

# The client's own routes (views/app.py): each gets the start page, where Flutter takes over.
ROUTES = re.compile(r"/|/join/[^/]{1,32}|/table|/table/[^/]{1,32}(/pass)?")
START_PAGE = "index.html"

# Flet 1.0.5's client loads the Rive runtime from a public CDN on every start, although no
# screen here uses Rive. The URL is swapped for one of this host, of the same length (it is a
# constant inside main.dart.wasm too), which answers 404: the client then goes on without Rive,
# exactly as it does offline, and no request leaves the host.
RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_HERE = b"/no-rive/".ljust(len(RIVE_CDN) - 1, b"_") + b"/"
# Flutter boots `skwasm_heavy` (codecs and ICU inside, +0.74 MB gzipped) whenever the browser
# lacks ImageDecoder, which Chromium offers in secure contexts only: so every phone on the
# table's Wi-Fi (plain http to a LAN address) got the heavy one. Its break iterators are what
# the light renderer needs from the browser; images on these screens are SVG (drawn as
# vectors, no codec), so the light renderer serves Chromium on either path.
HEAVY_CHOICE = b'!n.hasImageCodecs||!n.hasChromiumBreakIterators?"skwasm_heavy"'
LIGHT_CHOICE = b'!n.hasChromiumBreakIterators?"skwasm_heavy"'
# The join page's form (companion/web/first.js) may hold the app's start while a player is
# still typing their name: the client downloads and compiles meanwhile, and starts (reading
# the saved settings, the seat pass among them) once the name is sent. Without a hold (every
# other page) it starts at once, as Flet's own start does.
RUN_APP = b"flet.flutterApp = await engine.runApp();"
HELD_RUN_APP = b"if (flet.holdRun) await flet.holdRun();\n        " + RUN_APP


def _swap(old: bytes, new: bytes):
    def patch(data: bytes) -> bytes:
        if data.count(old) != 1:
            raise ValueError(f"Flet changed: {old[:40]!r} is not in the client once")
        return data.replace(old, new)
    return patch


def _each(*patches):
    def patch(data: bytes) -> bytes:
        for one in patches:
            data = one(data)
        return data
    return patch


def _english_page(data: bytes) -> bytes:
    return join_page.render(data, "en")  # the start page is a template of the reader's words


PATCHES = {
    "index.html": _english_page,  # English is served as every other file (another language:
    # ``PrecompressedStatic._page``)
    "main.dart.js": _swap(RIVE_CDN, RIVE_HERE),
    "main.dart.wasm": _swap(RIVE_CDN, RIVE_HERE),
    "flutter_bootstrap.js": _each(_swap(HEAVY_CHOICE, LIGHT_CHOICE),
                                  _swap(RUN_APP, HELD_RUN_APP)),
}


# The patched copies' folder in the cache is named after the patches: a host upgraded to new
# patches of the same Flet version patches again instead of serving the old copies.
# The start page's English words are in that name too (companion/join_page.py).
PLAIN = "plain-" + hashlib.sha256(b"\0".join(
    (RIVE_CDN, RIVE_HERE, HEAVY_CHOICE, LIGHT_CHOICE, RUN_APP, HELD_RUN_APP,
     join_page.english()))).hexdigest()[:8]


def web_dir() -> Path:
    return Path(flet_web.get_package_web_dir())


def default_cache_dir() -> Path:
    from .folders import web_cache  # the user's cache folder by the OS's rules
    return web_cache(FLET_WEB_VERSION)


def carried_cache() -> Path | None:
    """The gzipped client a single-file build carries (build/single_file.py), else None.

    PyInstaller unpacks the single file into a temporary folder at every start, the client's
    files and their gzipped copies side by side, all with the time of that start: the copies
    were made from these very files when it was built, so they are used as they are, from
    there, and nothing is compressed or written (no cache folder at all).
    """
    carried = OVERRIDES / f"{BUNDLED}{FLET_WEB_VERSION}"
    return carried if getattr(sys, "frozen", False) and carried.is_dir() else None


def clean_path(path: str) -> str | None:
    """The request path as a relative path inside the client, or None if no file could have it.

    Anything that is not already in normal form ('..' or '.' segments, doubled slashes), a NUL
    or a backslash, and anything longer than a real file name is no file of the client: such a
    request is answered 404 here and never reaches a file system call.
    """
    if len(path) > PATH_MAX or "\0" in path or "\\" in path:
        return None
    rel = path.lstrip("/")
    if rel and (posixpath.normpath(rel) != rel.rstrip("/") or rel.startswith("/")):
        return None
    if any(len(part) > NAME_MAX for part in rel.split("/")):
        return None
    return rel


def accepts_gzip(value: bytes) -> bool:
    """RFC 9110 Accept-Encoding: gzip (or *) listed with a q-value above zero."""
    weights = {coding: q for coding, q in weighted(value.decode("latin-1").lower()) if coding}
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


def etag_matches(if_none_match: bytes, etag: str) -> bool:
    """RFC 9110 If-None-Match: '*', or a list of tags compared weakly (W/ ignored)."""
    value = if_none_match.decode("latin-1").strip()
    if value == "*":
        return True
    tags = re.findall(r'(?:W/)?("[^"]*")', value)
    return etag in tags


def servable(rel: str) -> bool:
    parts = rel.split("/")
    return (parts[0] not in SKIP_DIRS and not parts[0].startswith(BUNDLED)
            and rel not in SKIP_FILES
            and Path(rel).suffix not in SKIP_SUFFIXES)


def gzip_bytes(data: bytes, zopfli: bool = False) -> bytes:
    """A gzip member with no file name and no time in its header (nothing about the host)."""
    if zopfli:
        import zopfli.gzip

        return zopfli.gzip.compress(data, numiterations=1)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS, 9)
    body = deflate.compress(data) + deflate.flush()
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # deflate, no name, no mtime, best
    trailer = (zlib.crc32(data) & 0xFFFFFFFF).to_bytes(4, "little") + \
        (len(data) & 0xFFFFFFFF).to_bytes(4, "little")
    return header + body + trailer


def zopfli_wanted() -> bool:
    """Zopfli takes minutes of CPU once per Flet version; tests may skip it (same gzip format)."""
    return os.environ.get("COMPANION_ZOPFLI", "1") != "0"


class CompressedFiles:
    """The client's files as served: overlaid, patched, and gzipped once, kept on disk."""

    def __init__(self, source: Path | None = None, cache: Path | None = None,
                 overrides: Path | None = OVERRIDES, patches: dict | None = None,
                 sealed: bool = False) -> None:
        self.source = (source or web_dir()).resolve()
        self.overrides = overrides.resolve() if overrides and overrides.is_dir() else None
        if cache is None and carried_cache() is not None:
            cache, sealed = carried_cache(), True
        self.cache = cache or default_cache_dir()
        # sealed: the cache was made from exactly these files (a single file's): a copy in it
        # is current whatever its time says
        self.sealed = sealed
        self.patches = PATCHES if patches is None else patches
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._etags: dict[str, str] = {}

    def files(self) -> list[str]:
        out = set()
        for root in (self.source, self.overrides):
            for path in root.rglob("*") if root else ():
                rel = path.relative_to(root).as_posix()
                if path.is_file() and servable(rel):
                    out.add(rel)
        return sorted(out)

    def origin(self, rel: str) -> Path | None:
        """The client's file at ``rel`` (the companion's own first), never one outside."""
        if not servable(rel):
            return None
        for root in (self.overrides, self.source):
            if root is None:
                continue
            src = (root / rel).resolve()
            if src.is_relative_to(root) and src.is_file():
                return src
        return None

    def font_redirect(self, rel: str) -> str | None:
        """Where the font the client asks for at ``rel`` is served, if it draws names' letters."""
        try:
            return script_fonts.font_redirect(rel, self.origin("main.dart.js"))
        except (OSError, ValueError):  # a client without the table: a 404, as without fonts
            log.exception("could not read the client's font fallback table")
            return None

    def _lock(self, rel: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(rel, threading.Lock())

    def _write(self, dst: Path, data: bytes) -> None:
        dst.parent.mkdir(parents=True, exist_ok=True)
        tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, dst)
        finally:
            tmp.unlink(missing_ok=True)

    def _fresh(self, dst: Path, src: Path) -> bool:
        return dst.exists() and (self.sealed or dst.stat().st_mtime >= src.stat().st_mtime)

    def plain_path(self, rel: str) -> Path | None:
        """The file as sent uncompressed: the original, or its patched copy in the cache."""
        src = self.origin(rel)
        if src is None or rel not in self.patches:
            return src
        dst = self.cache / PLAIN / rel
        with self._lock(rel):  # two phones asking at once: one patches, the other waits
            if not self._fresh(dst, src):
                self._write(dst, self.patches[rel](src.read_bytes()))
        return dst

    def gz_path(self, rel: str) -> Path | None:
        """The gzipped copy of ``rel`` (compressing it now if needed), or None for small files.

        The zopfli copy once the background warm-up has made it, else gzip -9 made now.
        """
        src = self.plain_path(rel)
        if src is None or src.stat().st_size < MIN_SIZE:
            return None
        # named after the client file found, never after the raw request path
        best, quick = self.cache / (rel + ".zgz"), self.cache / (rel + ".gz")
        if self._fresh(best, src):
            return best
        with self._lock(rel + ".gz"):
            if not self._fresh(quick, src):
                self._write(quick, gzip_bytes(src.read_bytes()))
        return quick

    def zopfli(self, rel: str) -> None:
        src = self.plain_path(rel)
        if src is None or src.stat().st_size < MIN_SIZE:
            return
        best = self.cache / (rel + ".zgz")
        with self._lock(rel + ".zgz"):
            if not self._fresh(best, src):
                self._write(best, gzip_bytes(src.read_bytes(), zopfli=True))

    def etag(self, rel: str, path: Path) -> str:
        stat = path.stat()
        key = f"{path}:{stat.st_mtime_ns}:{stat.st_size}"  # a recompressed file gets a new tag
        if key not in self._etags:
            digest = hashlib.sha1(path.read_bytes()).hexdigest()[:20]
            self._etags[key] = f'"{digest}"'
        return self._etags[key]

    def sweep(self) -> None:
        """Remove half-written copies left by a host that was stopped while compressing."""
        if self.sealed:  # made whole at build time; never written since
            return
        for tmp in self.cache.rglob("*.tmp") if self.cache.exists() else ():
            pid = tmp.suffixes[-2].lstrip(".") if len(tmp.suffixes) >= 2 else ""
            if not (pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid))):
                tmp.unlink(missing_ok=True)

    def warm(self, zopfli: bool | None = None) -> None:
        """Compress everything ahead of the first phone (run in a background thread): gzip -9
        for every file first, then zopfli for the big files of a first join."""
        self.sweep()
        for rel in self.files():
            try:
                gz = self.gz_path(rel)
                if gz:
                    self.etag(rel, gz)
            except (OSError, ValueError):
                log.exception("could not compress %s", rel)
        if not (zopfli_wanted() if zopfli is None else zopfli):
            return
        for rel in ZOPFLI_FILES:
            try:
                self.zopfli(rel)
            except (OSError, ValueError):
                log.exception("could not compress %s with zopfli", rel)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:  # Windows: no such process, or not ours to signal
        return False
    return True


class PrecompressedStatic:
    """ASGI middleware: answers every HTTP request; only websockets go on to Flet."""

    def __init__(self, app, files: CompressedFiles) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["method"] not in ("GET", "HEAD"):
            return await _answer(send, 405, b"Only GET and HEAD are served here.",
                                 [(b"allow", b"GET, HEAD")])
        rel = clean_path(scope["path"])
        if rel is None:
            return await _answer(send, 404, b"Not found")
        if ROUTES.fullmatch(scope["path"]):
            rel = START_PAGE
        import anyio

        headers = dict(scope.get("headers") or [])
        if rel == START_PAGE and self.files.patches.get(START_PAGE) is _english_page:
            language = join_page.language_of(headers)
            if language != "en":  # the page in the phone's language (issue 48)
                return await self._page(scope, send, headers, language)

        if rel.startswith(script_fonts.FALLBACK_DIR + "noto"):
            font = await anyio.to_thread.run_sync(self.files.font_redirect, rel)
            if font:
                return await _answer(send, 302, b"", [(b"location", font.encode())])

        gzipped = accepts_gzip(headers.get(b"accept-encoding", b""))
        try:
            path = await anyio.to_thread.run_sync(
                self.files.gz_path if gzipped else self.files.plain_path, rel)
            if path is None and gzipped:  # a small file: sent as it is
                path, gzipped = await anyio.to_thread.run_sync(self.files.plain_path, rel), False
        except (OSError, ValueError):
            log.exception("could not serve %s", rel)
            return await _answer(send, 500, b"This file could not be read.")
        if path is None:
            return await _answer(send, 404, b"Not found")
        etag = self.files.etag(rel, path)
        base = [
            (b"etag", etag.encode()),
            (b"vary", b"accept-encoding, accept-language" if rel == START_PAGE else
             b"accept-encoding"),
            # revalidate every time: a new Flet version must never meet an old cached client
            (b"cache-control", b"no-cache"),
        ]
        if etag_matches(headers.get(b"if-none-match", b""), etag):
            await send({"type": "http.response.start", "status": 304, "headers": base})
            await send({"type": "http.response.body", "body": b""})
            return
        body = path.read_bytes()
        mime = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        if mime.startswith("text/") or mime.endswith(("json", "javascript")):
            mime += "; charset=utf-8"
        await send({"type": "http.response.start", "status": 200, "headers": base + [
            (b"content-type", mime.encode()),
            *([(b"content-encoding", b"gzip")] if gzipped else []),
            (b"content-length", str(len(body)).encode()),
        ]})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else body})

    async def _page(self, scope, send, headers: dict, language: str) -> None:
        """The start page in ``language``: rendered once from the template, kept in memory
        (a few kilobytes a language), gzipped when the phone takes gzip."""
        import anyio

        try:
            page = await anyio.to_thread.run_sync(self._rendered, language)
        except (OSError, ValueError):
            log.exception("could not render the start page in %s", language)
            return await _answer(send, 500, b"This file could not be read.")
        gzipped = accepts_gzip(headers.get(b"accept-encoding", b""))
        body = page[1] if gzipped else page[0]
        etag = f'"{hashlib.sha1(page[0]).hexdigest()[:20]}"'
        base = [(b"etag", etag.encode()), (b"vary", b"accept-encoding, accept-language"),
                (b"cache-control", b"no-cache")]
        if etag_matches(headers.get(b"if-none-match", b""), etag):
            await send({"type": "http.response.start", "status": 304, "headers": base})
            return await send({"type": "http.response.body", "body": b""})
        await send({"type": "http.response.start", "status": 200, "headers": base + [
            (b"content-type", b"text/html; charset=utf-8"),
            *([(b"content-encoding", b"gzip")] if gzipped else []),
            (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else body})

    def _rendered(self, language: str) -> tuple[bytes, bytes]:
        src = self.files.origin(START_PAGE)
        if src is None:
            raise ValueError("no start page")
        return _both(join_page.rendered(src.read_bytes(), language))


@lru_cache(maxsize=16)
def _both(plain: bytes) -> tuple[bytes, bytes]:
    return plain, gzip_bytes(plain)


async def _answer(send, status: int, text: bytes, headers=()) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode()), *headers]})
    await send({"type": "http.response.body", "body": text})
