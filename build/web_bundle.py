"""Gzip Flet's web client once, ahead of time: ``python build/web_bundle.py [DEST]``."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.static import CompressedFiles  # noqa: E402

if __name__ == "__main__":
    dest = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "web"
    files = CompressedFiles(cache=dest)
    start = time.perf_counter()
    files.warm()
    raw = sum((files.source / f).stat().st_size for f in files.files())
    packed = sum(p.stat().st_size for p in dest.rglob("*.gz"))
    print(f"{len(files.files())} files, {raw / 1e6:.1f} MB raw -> {packed / 1e6:.1f} MB gzipped "
          f"in {dest} ({time.perf_counter() - start:.1f} s)")
