"""A wheel of the companion that carries everything, and a wheelhouse to install it offline.

    python build/wheel.py [OUT]      (default OUT: build/out)

1. Gzips Flet's web client into ``companion/web/gz-<flet-web version>/`` (build/web_bundle.py),
   so the wheel carries it and the host's first start spends no CPU compressing.
2. ``pip wheel`` builds the companion's wheel and puts it, with a wheel of every dependency
   for this OS and this Python, into ``OUT/wheelhouse`` (this step needs the internet, once).

Then, on a machine of the same OS with the same Python and no internet:

    python -m venv companion-env
    companion-env/bin/pip install --no-index --find-links OUT/wheelhouse companion
    companion-env/bin/companion

(on Windows: ``companion-env\\Scripts\\pip`` and ``companion-env\\Scripts\\companion``). The
wheels of compiled dependencies differ by OS and Python version, so the wheelhouse is built
on each OS, with the Python the table's laptop will use.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.static import FLET_WEB_VERSION, CompressedFiles  # noqa: E402


def bundle_web_client() -> Path:
    dest = ROOT / "companion" / "web" / f"gz-{FLET_WEB_VERSION}"
    started = time.perf_counter()
    CompressedFiles(cache=dest).warm()
    packed = sum(p.stat().st_size for p in dest.rglob("*.gz"))
    print(f"web client gzipped into {dest.relative_to(ROOT)}: {packed / 1e6:.1f} MB "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    return dest


def build_wheelhouse(out: Path) -> Path:
    wheelhouse = out / "wheelhouse"
    for old in wheelhouse.glob("companion-*.whl"):
        old.unlink()  # a stale wheel of ours must not be the one installed
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)  # setuptools' leftovers
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--wheel-dir", str(wheelhouse),
                    str(ROOT)], check=True)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    wheel = next(wheelhouse.glob("companion-*.whl"))
    print(f"{wheel} ({wheel.stat().st_size / 1e6:.1f} MB) and "
          f"{len(list(wheelhouse.glob('*.whl'))) - 1} dependencies in {wheelhouse}")
    return wheel


if __name__ == "__main__":
    out = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "build" / "out"
    bundle_web_client()
    build_wheelhouse(out)
