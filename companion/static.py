"""The Flet web client, sent gzipped from files compressed once, and cached by phones.

Flet's own server sends the ~14 MB client uncompressed; compressing per request would cost
the host about a CPU-second per phone. Here every file is gzipped once (level 9) into a
cache folder keyed by the Flet version, and served with an ETag so a phone that comes back
asks "has it changed?" and gets a bodiless 304.
"""
from __future__ import annotations

import gzip
import hashlib
import logging
import mimetypes
import os
import posixpath
import re
import threading
from pathlib import Path

import flet_web
from flet_web.version import version as FLET_WEB_VERSION

log = logging.getLogger(__name__)

# Never served to a phone of a hosted app (Pyodide is for `flet build web`; maps and symbols
# are for debugging), so not worth compressing.
SKIP_DIRS = {"pyodide"}
SKIP_SUFFIXES = {".map", ".symbols"}
# Patched by Flet at start-up (index.html, manifests) or by us: Flet serves these itself.
PATCHED = {"index.html", "manifest.json", "assets/FontManifest.json"}
MIN_SIZE = 1024
PATH_MAX = 512  # the client's longest path is under 100 characters
NAME_MAX = 255

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")

ISOLATION_HEADERS = [
    # Flet's own middleware adds these to its responses; skwasm needs cross-origin isolation.
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-embedder-policy", b"require-corp"),
    (b"access-control-allow-origin", b"*"),
]


def web_dir() -> Path:
    return Path(flet_web.get_package_web_dir())


def default_cache_dir() -> Path:
    from .folders import web_cache  # the user's cache folder by the OS's rules
    return web_cache(FLET_WEB_VERSION)


def clean_path(path: str) -> str | None:
    """The request path as a relative path inside the client, or None if no file could have it.

    Anything that is not already in normal form ('..' or '.' segments, doubled slashes), a NUL
    or a backslash, and anything longer than a real file name is no file of the client: such a
    request is answered 404 here and never reaches a file system call (or Flet's own server,
    which would serve its unpatched index for '/assets/../index.html').
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
    weights: dict[str, float] = {}
    for item in value.decode("latin-1").lower().split(","):
        coding, *params = [p.strip() for p in item.split(";")]
        q = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        if coding:
            weights[coding] = q
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
    return (parts[0] not in SKIP_DIRS and rel not in PATCHED
            and Path(rel).suffix not in SKIP_SUFFIXES)


class CompressedFiles:
    """The gzipped copies of the client's files, made once and kept on disk."""

    def __init__(self, source: Path | None = None, cache: Path | None = None) -> None:
        self.source = source or web_dir()
        self.cache = cache or default_cache_dir()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._etags: dict[str, str] = {}

    def files(self) -> list[str]:
        out = []
        for path in self.source.rglob("*"):
            rel = path.relative_to(self.source).as_posix()
            if path.is_file() and servable(rel):
                out.append(rel)
        return sorted(out)

    def inside(self, rel: str) -> Path | None:
        """The client's file at ``rel``, never a file outside the client's folder."""
        src = (self.source / rel).resolve()
        if not src.is_relative_to(self.source.resolve()) or not src.is_file():
            return None
        return src

    def gz_path(self, rel: str) -> Path | None:
        """The gzipped copy of ``rel`` (compressing it now if needed), or None for small files."""
        src = self.inside(rel) if servable(rel) else None
        if src is None or src.stat().st_size < MIN_SIZE:
            return None
        # named after the client file found, never after the raw request path
        dst = self.cache / (src.relative_to(self.source.resolve()).as_posix() + ".gz")
        with self._guard:
            lock = self._locks.setdefault(rel, threading.Lock())
        with lock:  # two phones asking at once: one compresses, the other waits
            if not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime:
                dst.parent.mkdir(parents=True, exist_ok=True)
                tmp = dst.with_suffix(dst.suffix + f".{os.getpid()}.tmp")
                try:
                    with open(src, "rb") as fin, gzip.GzipFile(tmp, "wb", compresslevel=9,
                                                               mtime=0) as fout:
                        fout.write(fin.read())
                    os.replace(tmp, dst)
                finally:
                    tmp.unlink(missing_ok=True)
        return dst

    def etag(self, rel: str, gz: Path) -> str:
        stat = gz.stat()
        key = f"{rel}:{stat.st_mtime_ns}:{stat.st_size}"  # a recompressed file gets a new tag
        if key not in self._etags:
            digest = hashlib.sha1(gz.read_bytes()).hexdigest()[:20]
            self._etags[key] = f'"{digest}"'
        return self._etags[key]

    def sweep(self) -> None:
        """Remove half-written copies left by a host that was stopped while compressing."""
        for tmp in self.cache.rglob("*.tmp") if self.cache.exists() else ():
            pid = tmp.suffixes[-2].lstrip(".") if len(tmp.suffixes) >= 2 else ""
            if not (pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid))):
                tmp.unlink(missing_ok=True)

    def warm(self) -> None:
        """Compress everything ahead of the first phone (run in a background thread)."""
        self.sweep()
        for rel in self.files():
            try:
                gz = self.gz_path(rel)
                if gz:
                    self.etag(rel, gz)
            except OSError:
                log.exception("could not compress %s", rel)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class PrecompressedStatic:
    """ASGI middleware: answers GETs for the client's files from the gzipped copies."""

    def __init__(self, app, files: CompressedFiles) -> None:
        self.app = app
        self.files = files

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        rel = clean_path(scope["path"])
        if rel is None:
            return await _not_found(send)
        headers = dict(scope.get("headers") or [])
        if not rel or not accepts_gzip(headers.get(b"accept-encoding", b"")) or not servable(rel):
            return await self.app(scope, receive, send)
        import anyio

        gz = await anyio.to_thread.run_sync(self.files.gz_path, rel)
        if gz is None:
            return await self.app(scope, receive, send)
        etag = self.files.etag(rel, gz)
        base = [
            (b"etag", etag.encode()),
            (b"vary", b"accept-encoding"),
            # revalidate every time: a new Flet version must never meet an old cached client
            (b"cache-control", b"no-cache"),
            *ISOLATION_HEADERS,
        ]
        if etag_matches(headers.get(b"if-none-match", b""), etag):
            await send({"type": "http.response.start", "status": 304, "headers": base})
            await send({"type": "http.response.body", "body": b""})
            return
        body = gz.read_bytes()
        mime = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        await send({"type": "http.response.start", "status": 200, "headers": base + [
            (b"content-type", mime.encode()),
            (b"content-encoding", b"gzip"),
            (b"content-length", str(len(body)).encode()),
        ]})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else body})


async def _not_found(send) -> None:
    await send({"type": "http.response.start", "status": 404,
                "headers": [(b"content-type", b"text/plain"), *ISOLATION_HEADERS]})
    await send({"type": "http.response.body", "body": b"Not found"})
