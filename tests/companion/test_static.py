"""The precompressed static layer: gzip once, serve with an ETag, fall through otherwise.

The ASGI app is called directly (no HTTP client that would decode, normalise or retry), so
the test sees exactly the bytes and headers a phone would get.
"""
from __future__ import annotations

import gzip
import os
import threading

import anyio
import pytest

from companion.static import MIN_SIZE, CompressedFiles, PrecompressedStatic

JS = b"// the client\n" + b"console.log('a phone joins the table');\n" * 200  # ~8 KB


class Fallback:
    """The app behind the middleware (Flet's own server in production): records what it got."""

    def __init__(self):
        self.paths = []

    async def __call__(self, scope, receive, send):
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/plain"), (b"x-fallback", b"1")]})
        await send({"type": "http.response.body", "body": b"from the app behind"})


def request(app, path, headers=(), method="GET"):
    """One request through the ASGI app; returns (status, headers, body) as sent."""
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "server": ("127.0.0.1", 8550), "client": ("127.0.0.1", 50000),
        "headers": [(b"host", b"127.0.0.1:8550")]  # the door serves only its own names
        + [(k.lower().encode(), v.encode()) for k, v in headers],
    }
    messages = []

    received = []

    async def receive():
        if not received:  # the (empty) request body, then a client that stays connected
            received.append(True)
            return {"type": "http.request", "body": b"", "more_body": False}
        await anyio.sleep_forever()

    async def send(message):
        messages.append(message)

    async def run():
        await app(scope, receive, send)

    anyio.run(run)
    start = messages[0]
    body = b"".join(m.get("body", b"") for m in messages[1:])
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


GZIP = [("Accept-Encoding", "gzip, deflate, br")]


@pytest.fixture
def site(tmp_path):
    source, cache = tmp_path / "web", tmp_path / "cache"
    (source / "canvaskit").mkdir(parents=True)
    (source / "pyodide").mkdir()
    (source / "assets").mkdir()
    (source / "main.dart.js").write_bytes(JS)
    (source / "canvaskit" / "canvaskit.wasm").write_bytes(os.urandom(512) + b"\0" * 8000)
    (source / "small.js").write_bytes(b"x" * (MIN_SIZE - 1))
    (source / "index.html").write_bytes(b"<html>" + b"<p>patched by Flet</p>" * 200)
    (source / "manifest.json").write_bytes(b'{"name": "x"}' + b" " * 4000)
    (source / "assets" / "FontManifest.json").write_bytes(b"[]" + b" " * 4000)
    (source / "pyodide" / "pyodide.js").write_bytes(JS)
    (source / "flutter.js.map").write_bytes(JS)
    files = CompressedFiles(source=source, cache=cache)
    behind = Fallback()
    return PrecompressedStatic(behind, files), behind, source, cache


def test_a_client_file_is_sent_gzipped_with_an_etag_and_isolation_headers(site):
    app, behind, source, cache = site
    status, headers, body = request(app, "/main.dart.js", GZIP)
    assert status == 200 and behind.paths == []
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"] == "text/javascript"
    assert gzip.decompress(body) == JS
    assert len(body) < len(JS) / 5
    assert headers["content-length"] == str(len(body))
    assert headers["etag"].startswith('"') and headers["etag"].endswith('"')
    assert headers["vary"] == "accept-encoding"
    assert headers["cache-control"] == "no-cache"
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["cross-origin-embedder-policy"] == "require-corp"
    assert (cache / "main.dart.js.gz").read_bytes() == body

    status, headers, body = request(app, "/canvaskit/canvaskit.wasm", GZIP)
    assert status == 200 and headers["content-type"] == "application/wasm"
    assert gzip.decompress(body) == (source / "canvaskit" / "canvaskit.wasm").read_bytes()


def test_a_phone_that_has_the_file_gets_a_bodiless_304(site):
    app, behind, _, _ = site
    _, first, _ = request(app, "/main.dart.js", GZIP)
    etag = first["etag"]
    status, headers, body = request(app, "/main.dart.js", GZIP + [("If-None-Match", etag)])
    assert (status, body) == (304, b"")
    assert headers["etag"] == etag
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert "content-encoding" not in headers
    status, _, body = request(app, "/main.dart.js", GZIP + [("If-None-Match", '"other"')])
    assert status == 200 and gzip.decompress(body) == JS
    assert behind.paths == []


def test_each_file_is_compressed_once(site):
    app, _, _, cache = site
    request(app, "/main.dart.js", GZIP)
    gz = cache / "main.dart.js.gz"
    src = (site[2] / "main.dart.js").stat()
    os.utime(gz, ns=(src.st_atime_ns, src.st_mtime_ns + 1_000_000_000))  # a marker, still newer
    marked = gz.stat()
    for _ in range(3):
        status, _, body = request(app, "/main.dart.js", GZIP)
        assert status == 200 and gzip.decompress(body) == JS
    now = gz.stat()
    assert (now.st_ino, now.st_mtime_ns) == (marked.st_ino, marked.st_mtime_ns)
    # a fresh process (a new CompressedFiles) reuses the copy on disk too
    fresh = PrecompressedStatic(Fallback(), CompressedFiles(source=site[2], cache=cache))
    assert request(fresh, "/main.dart.js", GZIP)[0] == 200
    assert gz.stat().st_mtime_ns == marked.st_mtime_ns


def test_phones_asking_at_once_get_one_compressed_copy(site):
    _, _, source, cache = site
    files = CompressedFiles(source=source, cache=cache)
    results = []
    threads = [threading.Thread(target=lambda: results.append(files.gz_path("main.dart.js")))
               for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and gzip.decompress(results[0].read_bytes()) == JS
    assert [p.name for p in cache.iterdir()] == ["main.dart.js.gz"]  # no stray temp files


def test_a_changed_source_file_is_compressed_again(site):
    app, _, source, cache = site
    request(app, "/main.dart.js", GZIP)
    changed = JS.replace(b"phone", b"tablet")
    (source / "main.dart.js").write_bytes(changed)
    st = (source / "main.dart.js").stat()
    os.utime(source / "main.dart.js", ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000_000))
    status, _, body = request(app, "/main.dart.js", GZIP)
    assert status == 200 and gzip.decompress(body) == changed


def test_a_changed_source_file_gets_a_new_etag(site):
    app, _, source, _ = site
    _, first, _ = request(app, "/main.dart.js", GZIP)
    changed = JS.replace(b"phone", b"tablet")
    (source / "main.dart.js").write_bytes(changed)
    st = (source / "main.dart.js").stat()
    os.utime(source / "main.dart.js", ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000_000))
    status, headers, body = request(app, "/main.dart.js", GZIP + [("If-None-Match",
                                                                    first["etag"])])
    assert status == 200 and gzip.decompress(body) == changed
    assert headers["etag"] != first["etag"]


def test_a_client_without_gzip_falls_through(site):
    app, behind, _, cache = site
    for headers in ([], [("Accept-Encoding", "identity")], [("Accept-Encoding", "br")]):
        status, sent, body = request(app, "/main.dart.js", headers)
        assert (status, body, sent.get("x-fallback")) == (200, b"from the app behind", "1")
        assert "content-encoding" not in sent
    assert behind.paths == ["/main.dart.js"] * 3
    assert not (cache / "main.dart.js.gz").exists()  # nothing compressed for nobody


@pytest.mark.parametrize("path", [
    "/", "/small.js", "/index.html", "/manifest.json", "/assets/FontManifest.json",
    "/pyodide/pyodide.js", "/flutter.js.map", "/no-such-file.js", "/canvaskit",
    "/table", "/join/ABCD",
])
def test_small_patched_skipped_and_unknown_paths_fall_through(site, path):
    app, behind, _, cache = site
    status, headers, body = request(app, path, GZIP)
    assert headers.get("x-fallback") == "1" and body == b"from the app behind"
    assert behind.paths == [path]
    assert not cache.exists() or not any(p.is_file() for p in cache.rglob("*"))


def test_only_get_and_head_are_answered(site):
    app, behind, _, _ = site
    status, headers, body = request(app, "/main.dart.js", GZIP, method="HEAD")
    assert status == 200 and body == b"" and headers["content-encoding"] == "gzip"
    assert int(headers["content-length"]) > 0
    status, headers, body = request(app, "/main.dart.js", GZIP, method="POST")
    assert headers.get("x-fallback") == "1" and behind.paths == ["/main.dart.js"]


def test_warm_compresses_what_phones_will_ask_for_and_nothing_else(site):
    _, _, source, cache = site
    files = CompressedFiles(source=source, cache=cache)
    assert files.files() == ["canvaskit/canvaskit.wasm", "main.dart.js", "small.js"]
    files.warm()
    made = sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file())
    assert made == ["canvaskit/canvaskit.wasm.gz", "main.dart.js.gz"]


def test_a_path_outside_the_client_folder_is_never_served(site, tmp_path):
    app, behind, source, cache = site
    secret = tmp_path / "companion.db"
    secret.write_bytes(b"host_key=not-for-phones;" * 100)
    status, headers, body = request(app, "/../companion.db", GZIP)
    leaked = headers.get("content-encoding") == "gzip" and secret.read_bytes() in (
        gzip.decompress(body) if body else b"")
    written = [p for p in tmp_path.rglob("*.gz") if cache not in p.parents]
    assert not leaked, "the middleware served a file outside the web client folder"
    assert not written, f"the middleware wrote outside its cache: {written}"
    assert behind.paths == ["/../companion.db"]


def test_the_real_flet_client_is_served_gzipped_and_index_html_by_flet(tmp_path):
    """build_app with the installed Flet web client: a real file comes gzipped from the cache."""
    from companion.server import build_app
    from companion.static import web_dir

    files = CompressedFiles(source=web_dir(), cache=tmp_path / "cache")
    app = build_app(lambda page: None, files)
    status, headers, body = request(app, "/flutter.js", GZIP)
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (web_dir() / "flutter.js").read_bytes()
    assert headers["cross-origin-embedder-policy"] == "require-corp"
    # the files Flet patches at start-up come from Flet, patched, not from the gzip cache
    for path in ("/", "/index.html"):
        status, headers, body = request(app, path, GZIP)
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert "content-encoding" not in headers and b"<html" in body
    status, headers, body = request(app, "/manifest.json", GZIP)
    assert status == 200 and b'"name": "Table companion"' in body
    assert not any((tmp_path / "cache").rglob("*.html.gz"))
    assert not any((tmp_path / "cache").rglob("manifest.json.gz"))
