"""The static layer: the client's files overlaid and patched, gzipped once, sent with an ETag;
the app's routes get the start page and anything else a 404 (Flet only keeps its websocket).

The ASGI app is called directly (no HTTP client that would decode, normalise or retry), so
the test sees exactly the bytes and headers a phone would get.
"""
from __future__ import annotations

import gzip
import os
import threading

import pytest

from companion import static
from companion.static import MIN_SIZE, CompressedFiles, PrecompressedStatic
from testsupport.asgi import request, GZIP

JS = b"// the client\n" + b"console.log('a phone joins the table');\n" * 200  # ~8 KB


class Fallback:
    """The app behind the middleware (Flet in production): records what reached it."""

    def __init__(self):
        self.paths = []

    async def __call__(self, scope, receive, send):
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain"), (b"x-fallback", b"1")]})
        await send({"type": "http.response.body", "body": b"from the app behind"})


START = b"<!DOCTYPE html><html><script src=\"boot.js\"></script>" + b"<p>start</p>" * 200


def mark_newer(path):
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000_000))


@pytest.fixture
def site(tmp_path):
    source, cache, ours = tmp_path / "web", tmp_path / "cache", tmp_path / "ours"
    (source / "canvaskit").mkdir(parents=True)
    (source / "pyodide").mkdir()
    (source / "assets").mkdir()
    (ours / "assets").mkdir(parents=True)
    (source / "main.dart.js").write_bytes(JS + b"fetch('https://cdn.example/x.js');\n")
    (source / "canvaskit" / "canvaskit.wasm").write_bytes(os.urandom(512) + b"\0" * 8000)
    (source / "small.js").write_bytes(b"x" * (MIN_SIZE - 1))
    (source / "index.html").write_bytes(b"<html><script>inline()</script>" + b"<p>Flet</p>" * 200)
    (ours / "index.html").write_bytes(START)
    (source / "assets" / "FontManifest.json").write_bytes(b"[]" + b" " * 4000)
    (ours / "assets" / "FontManifest.json").write_bytes(b'[{"family": "ours"}]')
    (source / "pyodide" / "pyodide.js").write_bytes(JS)
    (source / "flutter.js.map").write_bytes(JS)
    patches = {"main.dart.js": static._swap(b"https://cdn.example/", b"/no-cdn/here/")}
    files = CompressedFiles(source=source, cache=cache, overrides=ours, patches=patches)
    behind = Fallback()
    return PrecompressedStatic(behind, files), behind, source, cache


SERVED_JS = JS + b"fetch('/no-cdn/here/x.js');\n"  # main.dart.js as patched


def test_a_client_file_is_sent_gzipped_and_patched_with_an_etag(site):
    app, behind, source, cache = site
    status, headers, body = request(app, "/main.dart.js", GZIP)
    assert status == 200 and behind.paths == []
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "text/javascript; charset=utf-8"
    assert gzip.decompress(body) == SERVED_JS
    assert len(body) < len(JS) / 5
    assert headers["content-length"] == str(len(body))
    assert headers["etag"].startswith('"') and headers["etag"].endswith('"')
    assert headers["vary"] == "accept-encoding"
    assert headers["cache-control"] == "no-cache"
    assert (cache / "main.dart.js.gz").read_bytes() == body

    status, headers, body = request(app, "/canvaskit/canvaskit.wasm", GZIP)
    assert status == 200 and headers["content-type"] == "application/wasm"
    assert gzip.decompress(body) == (source / "canvaskit" / "canvaskit.wasm").read_bytes()


def test_the_gzip_header_tells_nothing_about_the_host(site):
    """No file name (it carried a temporary name with the host's process id) and no time."""
    app, _, _, _ = site
    _, _, body = request(app, "/main.dart.js", GZIP)
    flags, mtime = body[3], body[4:8]
    assert body[:3] == b"\x1f\x8b\x08" and flags == 0 and mtime == b"\0\0\0\0"
    assert str(os.getpid()).encode() not in body[:64]


def test_a_phone_that_has_the_file_gets_a_bodiless_304(site):
    app, behind, _, _ = site
    _, first, _ = request(app, "/main.dart.js", GZIP)
    etag = first["etag"]
    status, headers, body = request(app, "/main.dart.js", GZIP + [("If-None-Match", etag)])
    assert (status, body) == (304, b"")
    assert headers["etag"] == etag
    assert "content-encoding" not in headers
    status, _, body = request(app, "/main.dart.js", GZIP + [("If-None-Match", '"other"')])
    assert status == 200 and gzip.decompress(body) == SERVED_JS
    assert behind.paths == []


def test_each_file_is_compressed_once(site):
    app, _, source, cache = site
    request(app, "/main.dart.js", GZIP)
    gz = cache / "main.dart.js.gz"
    mark_newer(gz)  # a marker, still newer than the source
    marked = gz.stat()
    for _ in range(3):
        status, _, body = request(app, "/main.dart.js", GZIP)
        assert status == 200 and gzip.decompress(body) == SERVED_JS
    now = gz.stat()
    assert (now.st_ino, now.st_mtime_ns) == (marked.st_ino, marked.st_mtime_ns)
    # a fresh process (a new CompressedFiles) reuses the copy on disk too
    fresh = PrecompressedStatic(Fallback(), CompressedFiles(
        source=source, cache=cache, overrides=None, patches=site[0].files.patches))
    assert request(fresh, "/main.dart.js", GZIP)[0] == 200
    assert gz.stat().st_mtime_ns == marked.st_mtime_ns


def test_phones_asking_at_once_get_one_compressed_copy(site):
    files = site[0].files
    results = []
    threads = [threading.Thread(target=lambda: results.append(files.gz_path("main.dart.js")))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and gzip.decompress(results[0].read_bytes()) == SERVED_JS
    cache = site[3]
    made = sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file())
    assert made == ["main.dart.js.gz", f"{static.PLAIN}/main.dart.js"]  # no stray temp files


def test_a_changed_source_file_is_compressed_again_with_a_new_etag(site):
    app, _, source, _ = site
    _, first, _ = request(app, "/main.dart.js", GZIP)
    (source / "main.dart.js").write_bytes(JS.replace(b"phone", b"tablet") +
                                          b"fetch('https://cdn.example/x.js');\n")
    mark_newer(source / "main.dart.js")
    status, headers, body = request(app, "/main.dart.js", GZIP + [("If-None-Match",
                                                                    first["etag"])])
    assert status == 200 and b"tablet" in gzip.decompress(body)
    assert b"cdn.example" not in gzip.decompress(body)
    assert headers["etag"] != first["etag"]


def test_a_client_without_gzip_gets_the_same_file_uncompressed(site):
    app, behind, _, cache = site
    for headers in ([], [("Accept-Encoding", "identity")], [("Accept-Encoding", "br")],
                    [("Accept-Encoding", "gzip;q=0")]):
        status, sent, body = request(app, "/main.dart.js", headers)
        assert (status, body) == (200, SERVED_JS)
        assert "content-encoding" not in sent and sent["content-length"] == str(len(body))
    assert behind.paths == []
    assert not (cache / "main.dart.js.gz").exists()  # nothing compressed for nobody


def test_a_small_file_is_sent_as_it_is(site):
    app, _, _, cache = site
    status, headers, body = request(app, "/small.js", GZIP)
    assert (status, body) == (200, b"x" * (MIN_SIZE - 1)) and "content-encoding" not in headers
    assert not (cache / "small.js.gz").exists()


@pytest.mark.parametrize("path", ["/", "/join/ABCD", "/table", "/table/ABCD",
                                  "/table/ABCD/pass"])
def test_the_apps_routes_get_the_companions_start_page(site, path):
    app, behind, _, _ = site
    status, headers, body = request(app, path, GZIP)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert gzip.decompress(body) == START  # ours, not Flet's with its inline script
    assert behind.paths == []


def test_the_companions_own_files_win_over_flets(site):
    app, _, _, _ = site
    status, _, body = request(app, "/assets/FontManifest.json", GZIP)
    assert (status, body) == (200, b'[{"family": "ours"}]')


@pytest.mark.parametrize("path", [
    "/no-such-file.js", "/canvaskit", "/join", "/join/ABCD/more", "/table/ABCD/other",
    "/docs", "/redoc", "/openapi.json", "/pyodide/pyodide.js", "/flutter.js.map",
    "/oauth_callback", "/upload", "/ws",
])
def test_unknown_skipped_and_flets_own_paths_are_404(site, path):
    app, behind, _, cache = site
    status, headers, body = request(app, path, GZIP)
    assert (status, body) == (404, b"Not found")
    assert behind.paths == []
    assert not cache.exists() or not any(p.is_file() for p in cache.rglob("*"))


def test_only_get_and_head_are_answered(site):
    app, behind, _, _ = site
    status, headers, body = request(app, "/main.dart.js", GZIP, method="HEAD")
    assert status == 200 and body == b"" and headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) > 0
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        status, headers, _ = request(app, "/main.dart.js", GZIP, method=method)
        assert status == 405 and headers["allow"] == "GET, HEAD"
    assert behind.paths == []


def test_warm_compresses_what_phones_will_ask_for_and_nothing_else(site, monkeypatch):
    files = site[0].files
    cache = site[3]
    assert files.files() == ["assets/FontManifest.json", "canvaskit/canvaskit.wasm",
                             "index.html", "main.dart.js", "small.js"]
    monkeypatch.setattr(static, "ZOPFLI_FILES", ["main.dart.js", "canvaskit/canvaskit.wasm"])
    files.warm(zopfli=True)
    made = sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file())
    assert made == ["canvaskit/canvaskit.wasm.gz",
                    "canvaskit/canvaskit.wasm.zgz", "index.html.gz", "main.dart.js.gz",
                    "main.dart.js.zgz", f"{static.PLAIN}/main.dart.js"]
    # the zopfli copy is what phones get from then on: the same bytes, fewer on the wire
    status, headers, body = request(site[0], "/main.dart.js", GZIP)
    assert body == (cache / "main.dart.js.zgz").read_bytes()
    assert gzip.decompress(body) == SERVED_JS
    assert len(body) <= (cache / "main.dart.js.gz").stat().st_size


def test_a_sealed_cache_is_served_as_it_is_and_never_written(site, tmp_path, monkeypatch):
    """The single file (build/single_file.py) carries its copies, made from the very files it
    carries, and unpacks both at every start with new times, the sources maybe after the
    copies: a sealed cache is used whatever the times say, and nothing is written into it."""
    _, _, source, made = site
    monkeypatch.setattr(static, "ZOPFLI_FILES", ["main.dart.js"])
    patches = site[0].files.patches
    CompressedFiles(source=source, cache=made, overrides=None, patches=patches).warm(zopfli=True)
    for path in source.rglob("*"):
        mark_newer(path)  # unpacked after the copies
    before = {p: p.stat().st_mtime_ns for p in made.rglob("*") if p.is_file()}
    files = CompressedFiles(source=source, cache=made, overrides=None, patches=patches,
                            sealed=True)
    files.warm(zopfli=True)
    app = PrecompressedStatic(Fallback(), files)
    status, headers, body = request(app, "/main.dart.js", GZIP)
    assert status == 200 and body == (made / "main.dart.js.zgz").read_bytes()
    assert request(app, "/main.dart.js")[2] == SERVED_JS
    assert {p: p.stat().st_mtime_ns for p in made.rglob("*") if p.is_file()} == before
    # not sealed, the same copies are older than their sources: made again
    CompressedFiles(source=source, cache=made, overrides=None, patches=patches).gz_path(
        "canvaskit/canvaskit.wasm")
    assert (made / "canvaskit" / "canvaskit.wasm.gz").stat().st_mtime_ns != before[
        made / "canvaskit" / "canvaskit.wasm.gz"]


def test_only_a_frozen_host_serves_the_copies_it_carries(tmp_path, monkeypatch):
    carried = tmp_path / "web" / f"gz-{static.FLET_WEB_VERSION}"
    carried.mkdir(parents=True)
    monkeypatch.setattr(static, "OVERRIDES", tmp_path / "web")
    monkeypatch.setattr(static, "default_cache_dir", lambda: tmp_path / "user-cache")
    assert static.carried_cache() is None  # a wheel's copies go to the user's cache first
    files = CompressedFiles(source=tmp_path, overrides=None)
    assert (files.cache, files.sealed) == (tmp_path / "user-cache", False)
    monkeypatch.setattr(static.sys, "frozen", True, raising=False)
    assert static.carried_cache() == carried
    files = CompressedFiles(source=tmp_path, overrides=None)
    assert (files.cache, files.sealed) == (carried, True)


def test_a_path_outside_the_client_folder_is_never_served(site, tmp_path):
    app, behind, source, cache = site
    secret = tmp_path / "companion.db"
    secret.write_bytes(b"host_key=not-for-phones;" * 100)
    for path in ("/../companion.db", "/assets/../../companion.db", "/%2e%2e/companion.db"):
        status, headers, body = request(app, path, GZIP)
        assert status == 404 and b"host_key" not in body
    written = [p for p in tmp_path.rglob("*.gz") if cache not in p.parents]
    assert not written, f"the middleware wrote outside its cache: {written}"
    assert behind.paths == []


def test_the_companions_patches_fit_the_installed_flet_client(tmp_path):
    """Each patch finds its text exactly once (a Flet upgrade that moves it fails here), and
    the served client names no host but this one."""
    files = CompressedFiles(cache=tmp_path / "cache")
    for rel in static.PATCHES:
        patched = files.plain_path(rel).read_bytes()
        assert static.RIVE_CDN not in patched and static.HEAVY_CHOICE not in patched
    assert static.RIVE_HERE in files.plain_path("main.dart.wasm").read_bytes()
    assert len(static.RIVE_HERE) == len(static.RIVE_CDN)  # a constant inside the wasm
    assert static.LIGHT_CHOICE in files.plain_path("flutter_bootstrap.js").read_bytes()


def test_the_real_flet_client_through_build_app(tmp_path):
    """build_app with the installed Flet web client: the companion's start page, no inline
    script in it, Flet's files gzipped, Flet's API pages not there."""
    from companion.server import build_app
    from companion.static import web_dir

    files = CompressedFiles(source=web_dir(), cache=tmp_path / "cache")
    app = build_app(lambda page: None, files)
    status, headers, body = request(app, "/flutter.js", GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (web_dir() / "flutter.js").read_bytes()
    for path in ("/", "/join/ABCD"):
        status, headers, body = request(app, path)
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert b'<script src="boot.js"></script>' in body
        assert b"<script>" not in body  # every script is a file: the CSP allows no inline one
    status, headers, body = request(app, "/manifest.json")
    assert status == 200 and b'"name": "Table companion"' in body
    for path in ("/docs", "/redoc", "/openapi.json", "/index.html/x"):
        assert request(app, path)[0] == 404
