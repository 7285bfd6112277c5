"""The documents name only files and modules that exist (issue 51).

README.md and every docs/*.md are read line by line (fenced code blocks left out: commands and
examples there are typed by people, not names of this tree). Two kinds of name are checked:

- a path: a backticked word with a ``/`` (``tests/e2e/test_layout.py``, ``companion/web/``),
  or one outside backticks that starts with a folder of the project (tests/e2e/conftest.py);
  a backticked file name alone (``room.py``, ``pyproject.toml``) must be some file's name;
- a module: a backticked dotted name under ``companion``, ``rules`` or ``views``
  (``rules.base.BaseGame``, ``views.widgets.steady``): each part a package or module of the
  tree, and the first name after the module defined (or imported) in it.

Templates (``rules/<key>/``, ``test_<key>*.py``), addresses and folders outside the tree
(``/usr/bin/chromium``, ``~/.cache/companion/``, ``../shared/rules-texts/``) are not names of
the tree; what the host or a build makes at run time is listed in ``MADE``, with why.

And .ci/run runs exactly the README's test command (the second command at its top).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "rules", "views")
FOLDERS = ("companion", "rules", "views", "tests", "build", "examples", "docs")
EXTENSIONS = ("py", "md", "toml", "js", "json", "html", "txt", "cfg", "sh", "otf", "woff2")

# names the documents give that are not in the tree, on purpose: made when the host or a build
# runs, or not a module at all
MADE = {
    "build/out": "what build/wheel.py and build/single_file.py make (ignored by git)",
    "build/gallery": "what tests/gallery.py photographs into (ignored by git)",
    "backups/": "the host's backups, beside the database",
    "companion/built_games.json": "written into the single file by build/single_file.py",
    "companion.db": "the database's file name",
    "companion.db.lock": "the database's lock file",
    "companion.test": "the phones' host name in the e2e tests",
    "main.dart.js": "Flet's web client, served from Flet's package",
}

FENCE = re.compile(r"^\s*(```|~~~)")
MODULE = re.compile(r"(?<![\w./-])(?:%s)(?:\.[A-Za-z_]\w*)+" % "|".join(PACKAGES))
PROSE_PATH = re.compile(r"(?<![\w./`<-])(?:%s)/[\w./-]*" % "|".join(FOLDERS))
FILE_NAME = re.compile(r"^[\w.-]+\.(?:%s)$" % "|".join(EXTENSIONS))
NOT_OURS = re.compile(r"[<>*{}%$~@\\]|^\.\.?/|^/|^https?:|://")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def file_names() -> set[str]:
    """The names of the tree's files and folders (hidden ones left out, but .ci)."""
    names = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"] + (
            [".ci"] if Path(folder) == ROOT and (ROOT / ".ci").is_dir() else [])
        names.update(files)
        names.update(dirs)
    return names


def made(name: str) -> bool:
    return any(name == m or name.startswith(m.rstrip("/") + "/") for m in MADE)


def path_missing(name: str) -> str | None:
    name = name.rstrip(".,;:")
    if NOT_OURS.search(name) or made(name) or (ROOT / name).exists():
        return None
    return f"names the path {name}, which does not exist"


def defines(source: str, name: str) -> bool:
    return bool(re.search(
        rf"^\s*(?:async\s+def|def|class)\s+{name}\b|^\s*{name}\s*[:=]|^\s*import .*\b{name}\b"
        rf"|^\s*from \S+ import (?:\([^)]*)?[^#\n]*\b{name}\b", source, re.MULTILINE))


def module_missing(dotted: str) -> str | None:
    """None when ``dotted`` is a module of the tree, or a module and a name defined in it."""
    if made(dotted):
        return None
    parts = dotted.split(".")
    path = ROOT / parts[0]
    for i, part in enumerate(parts[1:], start=1):
        if (path / part / "__init__.py").exists():
            path = path / part
            continue
        if (path / f"{part}.py").exists():
            module = path / f"{part}.py"
            rest = parts[i + 1:]
        else:
            module, rest = path / "__init__.py", parts[i:]
        if rest and not (module.exists() and defines(module.read_text(), rest[0])):
            where = ".".join(parts[:len(parts) - len(rest)])
            return (f"names {dotted}, but {rest[0]} is not defined in {where} "
                    f"({module.relative_to(ROOT)})")
        return None
    return None


def pieces(text: str) -> list[tuple[int, str, str]]:
    """(line number, ``code`` or ``prose``, text) of ``text`` outside fenced blocks: a backticked
    span may run over a line break (never over a blank line), and counts on its first line."""
    out, fenced, span, start = [], False, None, 0
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced, span = not fenced, None
            continue
        if fenced:
            continue
        if not line.strip():
            span = None  # inline code ends with its paragraph
            continue
        bits = line.split("`")
        for i, bit in enumerate(bits):
            if span is not None:
                span += (" " if i == 0 else "") + bit
                if i < len(bits) - 1:  # a backtick closes it
                    out.append((start, "code", span))
                    span = None
                continue
            out.append((number, "prose", bit))
            if i < len(bits) - 1:  # a backtick opens a span
                span, start = "", number
    return out


def wrong_names(text: str, names: set[str] | None = None) -> list[tuple[int, str]]:
    """(line number, what is wrong) for each name in ``text`` that is not in the tree."""
    names = file_names() if names is None else names
    wrong = []
    for number, kind, piece in pieces(text):
        found: list[str | None] = []
        if kind == "prose":
            found += [path_missing(token) for token in PROSE_PATH.findall(piece)]
        elif not NOT_OURS.match(piece):  # not an address or a folder outside the tree
            found += [module_missing(dotted) for dotted in MODULE.findall(piece)]
            for token in (w.split("=")[-1].strip("()[],;:'\"") for w in piece.split()):
                if NOT_OURS.search(token) or made(token):
                    continue
                if re.fullmatch(r"[\w.-]+/", token):  # a folder's name alone: some folder's
                    if token[:-1] not in names:
                        found.append(f"names the folder {token}, which no folder holds")
                elif "/" in token:
                    found.append(path_missing(token))
                elif FILE_NAME.match(token) and not MODULE.fullmatch(token.rsplit(".", 1)[0]):
                    if token not in names:
                        found.append(f"names the file {token}, which no folder holds")
        wrong += [(number, w) for w in found if w]
    return wrong


@pytest.mark.parametrize("document", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_name_only_what_exists(document: Path) -> None:
    wrong = wrong_names(document.read_text())
    where = document.relative_to(ROOT)
    assert not wrong, "\n".join(f"{where}:{n}: {w}" for n, w in wrong)


def test_a_wrong_name_is_found() -> None:
    """The check itself: names that are not in the tree are each reported with their line."""
    text = ("Fine: `rules.base.BaseGame`, `tests/structure/test_layers.py`, `room.py`, `python\n"
            "build/wheel.py`.\n"
            "```\nnot/checked/in/a/fence.py\n```\n"
            "See `tests/e2e/test_nowhere.py` and `companion.nowhere`,\n"
            "`rules.base.NoSuchGame`, `no_such_file.py` and docs/nowhere.md, `python\n"
            "build/nowhere.py`.\n")
    assert [n for n, _ in wrong_names(text)] == [6, 6, 7, 7, 7, 7]


def test_ci_runs_the_readmes_test_command() -> None:
    """.ci/run runs exactly the README's second command (install and test), so a newcomer who
    types it runs what CI runs."""
    block = re.search(r"^```sh\n(.*?)^```", (ROOT / "README.md").read_text(),
                      re.MULTILINE | re.DOTALL)
    assert block, "README.md has no ```sh block of commands at its top"
    commands = [line for line in block.group(1).splitlines()
                if line.strip() and not line.startswith("#")]
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.startswith("apt-get")]
    assert len(commands) == 2 and ci == commands[1:], (
        "README.md's second command and .ci/run's differ: keep them the same")
