"""The host as one executable file (PyInstaller), for a laptop with no Python and no internet.

    python build/single_file.py [OUT]      (default OUT: build/out; --help says so too)

makes ``OUT/companion-<version>-<os>-<cpu>`` (``.exe`` on Windows): the same script on Linux,
Windows (``py build\\single_file.py``) and macOS (``python3 build/single_file.py``) makes that
system's file; PyInstaller builds for the system and CPU it runs on, never for another.

1. If this Python lacks PyInstaller or the companion's dependencies, it makes a build venv
   (``OUT/build-venv``), installs the companion with its ``build`` extra there (this step needs
   the internet, once) and goes on in it.
2. Gzips Flet's web client into ``companion/web/gz-<flet-web version>/`` (build/wheel.py's
   ``bundle_web_client``), so the file carries it and no start spends CPU compressing.
3. PyInstaller puts Python, the companion and every game installed beside it (found through
   the ``companion.games`` entry points; their rules and screens are imported by name, and
   their declarations are carried in ``companion/built_games.json``, which the file's host
   reads in place of entry points, since it has no distribution metadata), its
   dependencies, the client files a browser is ever sent and their gzipped
   copies into one file. It unpacks itself into a temporary folder at every start and removes
   it when it stops; the database and exports go to the user's data folder as ever.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import runpy
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_FLAG = "COMPANION_BUILD_VENV"  # set when this script runs again inside its build venv
# packages whose data files (not code) the host reads at run time
DATA_PACKAGES = ["flet", "confusables"]
# the companion's own packages: games are imported by name (companion/games.py, views/games)
OWN_PACKAGES = ["companion", "views", "rules"]
# never imported by the host; left out to keep the file small. PIL (6.7 MB packed) comes
# with qrcode[pil], for the tests that read QR codes off screenshots: the screens draw SVG
# and the console text. watchfiles, yaml and dotenv are uvicorn's for reloading and config files.
EXCLUDED = ["tkinter", "pytest", "playwright", "selenium", "hypothesis", "PyInstaller", "pip",
            "PIL", "watchfiles", "yaml", "dotenv"]


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def target() -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64``...: what the file runs on."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform,
                                                         sys.platform.rstrip("0123456789"))
    cpu = platform.machine().lower()
    cpu = {"amd64": "x86_64", "aarch64": "arm64"}.get(cpu, cpu)
    return f"{system}-{cpu}"


def file_name() -> str:
    return f"companion-{version()}-{target()}"


def ready() -> bool:
    """This Python can build: PyInstaller and the companion's dependencies are importable."""
    return all(importlib.util.find_spec(m) for m in ("PyInstaller", "flet_web", "platformdirs"))


def build_venv(out: Path) -> Path:
    """A venv with the companion and PyInstaller (pyproject's ``build`` extra); its Python."""
    venv = out / "build-venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # editable: PyInstaller takes the companion from this checkout (OWN_PACKAGES); games of
    # other distributions come along only if installed in the Python that builds
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[build]"],
                   check=True)
    return python


def servable_files(root: Path, servable) -> list[Path]:
    return [p for p in sorted(root.rglob("*"))
            if p.is_file() and servable(p.relative_to(root).as_posix())]


def carried_copies(bundle: Path) -> list[Path]:
    """The gzipped copies worth carrying: a file zopfli packed needs no gzip -9 copy as well
    (the host sends the zopfli one whenever it exists)."""
    return [p for p in sorted(bundle.rglob("*")) if p.is_file() and not p.name.endswith(".tmp")
            and not (p.suffix == ".gz" and p.with_suffix(".zgz").exists())]


def check_bundle(bundle: Path, files) -> None:
    """Every copy the host would otherwise make is in the bundle: the single file must never
    compress (nor write into the folder it unpacks itself to)."""
    from companion.static import MIN_SIZE, PLAIN, ZOPFLI_FILES

    missing = []
    for rel in files.files():
        src = files.plain_path(rel)
        if rel in files.patches and not (bundle / PLAIN / rel).exists():
            missing.append(f"{PLAIN}/{rel}")
        if src.stat().st_size >= MIN_SIZE and not any(
                (bundle / (rel + s)).exists() for s in (".gz", ".zgz")):
            missing.append(rel + ".gz")
    missing += [rel + ".zgz" for rel in ZOPFLI_FILES if not (bundle / (rel + ".zgz")).exists()]
    if missing:
        sys.exit(f"The gzipped client in {bundle} lacks {', '.join(missing[:5])} (was "
                 "COMPANION_ZOPFLI=0 set?): remove the folder and build again.")


def data_args() -> list[str]:
    """PyInstaller's --add-data for the client: Flet's files that a browser is ever sent,
    the companion's own (companion/web), and the gzipped copies."""
    from companion.static import OVERRIDES, BUNDLED, CompressedFiles, servable, web_dir

    bundle = runpy.run_path(str(ROOT / "build" / "wheel.py"))["bundle_web_client"]()
    files = CompressedFiles(cache=bundle)
    check_bundle(bundle, files)
    pairs = []
    flet_web_dir = web_dir()  # flet_web/web inside site-packages
    for path in servable_files(flet_web_dir, servable):
        pairs.append((path, Path("flet_web", "web", path.relative_to(flet_web_dir)).parent))
    for path in sorted(OVERRIDES.rglob("*")):
        rel = path.relative_to(OVERRIDES)
        if path.is_file() and not rel.parts[0].startswith(BUNDLED):
            pairs.append((path, Path("companion", "web", rel).parent))
    for path in carried_copies(bundle):
        pairs.append((path, Path("companion", "web", bundle.name,
                                 path.relative_to(bundle)).parent))
    return [arg for src, dest in pairs for arg in ("--add-data", f"{src}{os.pathsep}{dest}")]


def game_args(work: Path) -> list[str]:
    """PyInstaller's arguments for every installed game (the project's own and any other):
    the packages its entry point names, imported by name (``--collect-submodules``), and the
    declarations of every game, written to ``work/built_games.json`` and carried beside
    companion/games.py. The file has no distribution metadata, hence no entry point: the
    host reads those declarations instead (``companion.games.built``). A game that cannot be
    loaded stops the build with a sentence."""
    from companion import games

    games.discover()
    work.mkdir(parents=True, exist_ok=True)
    declarations = work / games.BUILT.name
    try:
        games.write_built(declarations)
    except ValueError as e:
        sys.exit(f"Not built: {e}. Mend or uninstall that game, then build again.")
    packages = set(OWN_PACKAGES)
    for found in games.REGISTRY.values():
        packages.update(name.split(".")[0] for name in (found.rules, found.screens))
    return ([arg for folder in package_folders(packages) for arg in ("--paths", folder)]
            + [arg for package in sorted(packages) for arg in ("--collect-submodules", package)]
            + ["--add-data", f"{declarations}{os.pathsep}companion"])


def package_folders(packages) -> list[str]:
    """The folders that hold ``packages``, for PyInstaller's search path: a game installed
    with ``pip install -e`` is found by setuptools' import hook, which PyInstaller's search
    does not ask, so without its folder the file would list the game and fail to load it."""
    folders = set()
    for package in set(packages) - set(OWN_PACKAGES):  # the project's own: --paths ROOT
        spec = importlib.util.find_spec(package)
        if spec is None:
            sys.exit(f"Not built: the game package {package!r} cannot be imported here.")
        if spec.submodule_search_locations:  # a package (a namespace one too): its parent
            folders.update(str(Path(p).parent) for p in spec.submodule_search_locations
                           if Path(p).is_dir())
        else:  # a game of one module
            folders.add(str(Path(spec.origin).parent))
    return sorted(folders)


# Babel's CLDR data for the catalogs' languages only (issue 48; all of it is 35 MB): each
# language's file and its parents' (en_GB's are en_001, en and root)
BABEL_LOCALES = ("root", "en", "en_001", "en_GB", "es", "de", "fr", "pl", "ar")


def language_args() -> list[str]:
    """PyInstaller's --add-data for the languages: the catalogs (every package's
    ``locale/``) and Babel's data for those languages."""
    import babel

    from companion.language import LANGUAGES

    assert {code.split("-")[0] for code in LANGUAGES} <= set(BABEL_LOCALES)
    home = Path(babel.__file__).parent
    pairs = [(home / "global.dat", Path("babel"))] + [
        (home / "locale-data" / f"{name}.dat", Path("babel", "locale-data"))
        for name in BABEL_LOCALES]
    for package in OWN_PACKAGES:
        for path in sorted((ROOT / package).rglob("locale/**/*.po*")):
            pairs.append((path, path.parent.relative_to(ROOT)))
    return [arg for src, dest in pairs for arg in ("--add-data", f"{src}{os.pathsep}{dest}")]


def build(out: Path) -> Path:
    import PyInstaller.__main__

    started = time.perf_counter()
    work = out / "pyinstaller"
    args = [str(ROOT / "build" / "single_entry.py"), "--onefile", "--name", file_name(),
            "--distpath", str(out), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT), "--noconfirm", "--clean", "--log-level", "WARN"]
    args += game_args(work)
    for package in DATA_PACKAGES:
        args += ["--collect-data", package]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    args += data_args() + language_args()
    PyInstaller.__main__.run(args)
    made = out / (file_name() + (".exe" if os.name == "nt" else ""))
    print(f"{made} ({made.stat().st_size / 1e6:.1f} MB, built in "
          f"{time.perf_counter() - started:.0f} s)", flush=True)
    return made


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one sentence, and no folder made for a typo
        self.exit(2, f"Not built: {message} (python build/single_file.py --help says what it "
                     "takes).\n")


def parse_args(argv=None) -> argparse.Namespace:
    p = Arguments(prog="python build/single_file.py",
                  description="Build the host as one executable file for this system and CPU "
                              "(PyInstaller): OUT/companion-<version>-<os>-<cpu>. The first "
                              "build makes a build venv in OUT and needs the internet once.")
    p.add_argument("out", metavar="OUT", nargs="?", default=str(ROOT / "build" / "out"),
                   help="the folder the file is made in (default: build/out)")
    return p.parse_args(argv)


if __name__ == "__main__":
    out = Path(parse_args().out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    if not ready():
        if os.environ.get(VENV_FLAG):
            sys.exit("The build venv lacks PyInstaller or the companion's dependencies.")
        python = build_venv(out)
        sys.exit(subprocess.run([str(python), __file__, str(out)],
                                env=dict(os.environ, **{VENV_FLAG: "1"})).returncode)
    sys.path.insert(0, str(ROOT))
    build(out)
