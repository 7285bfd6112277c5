"""The catalogs' upkeep (issue 48): ``python -m companion.catalogs`` extracts every domain's
messages with Babel's extractor into its template (``locale/<domain>.pot``) and brings each
language's ``.po`` up to date with it (new messages empty, gone ones dropped, changed ones
fuzzy: a translator's tool, Poedit or Lokalize or Weblate, then opens the file and fills in
exactly those). tests/structure/test_catalogs.py runs the same extraction and fails on any
catalog that is not whole.

A module's messages belong to the domain of its speaker: the one line
``_ = Speaker("<domain>", "<home module>")``; the calls extracted are ``_("...")`` and
``_n("one", "many", ...)``. An outside game runs the same over its own package:
``python -m companion.catalogs path/to/package``.
"""
from __future__ import annotations

import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from .language import LANGUAGES, SOURCE, code, locale_folder

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("companion", "views", "rules")  # the project's own packages
KEYWORDS = {"_": None, "_n": (1, 2)}
SPEAKER = re.compile(
    r'^_ = Speaker\(\s*(?:"(\w+)"|COMPANION)\s*,\s*(?:"([\w.]+)"|(HOME)|__name__)\s*\)', re.M)


def speakers(folders: list[Path]) -> dict[Path, tuple[str, str]]:
    """Each module that speaks: its (domain, home module)."""
    found = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            m = SPEAKER.search(path.read_text(encoding="utf-8"))
            if m:
                home = m.group(2) or ("companion.language" if m.group(3) else module(path))
                found[path] = (m.group(1) or "companion", home)
    return found


def module(path: Path) -> str:
    """The dotted name of the module at ``path``: its folders up to the first without an
    ``__init__.py``."""
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def extract(folders: list[Path] | None = None) -> dict[tuple[str, str], Catalog]:
    """Every domain's template: (domain, home) -> a Catalog of the messages in code."""
    folders = folders or [ROOT / f for f in FOLDERS]
    out: dict[tuple[str, str], Catalog] = {}
    for path, (domain, home) in speakers(folders).items():
        template = out.setdefault((domain, home), Catalog(
            domain=domain, project=domain, fuzzy=False, locale=SOURCE))
        for line, message, comments, _ in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)):
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else Path(path.name)
            template.add(message, locations=[(where.as_posix(), line)],
                         auto_comments=comments,
                         flags=("python-brace-format",) if "{" in str(message) else ())
    return out


def template_path(domain: str, home: str) -> Path:
    return locale_folder(home) / f"{domain}.pot"


def po_path(domain: str, home: str, language: str) -> Path:
    return locale_folder(home) / code(language) / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=language and code(language))


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        # no line numbers and no dates: a catalog changes only when its words do
        write_po(f, catalog, width=100, omit_header=False, include_lineno=False,
                 sort_output=True)


HEADER = """\
# The {domain} messages{language}: written by `python -m companion.catalogs`,
# translated in any gettext tool (Poedit, Lokalize, Weblate); the check is
# tests/structure/test_catalogs.py.
#"""
SINCE = datetime(2026, 12, 7, tzinfo=timezone.utc)  # fixed: a catalog changes with its words


def stable(catalog: Catalog, domain: str, language: str = "") -> None:
    catalog.header_comment = HEADER.format(domain=domain,
                                           language=f" in {language}" if language else "")
    catalog.project, catalog.version = domain, "1"
    catalog.creation_date = SINCE
    catalog.revision_date = SINCE
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = ""


def update(folders: list[Path] | None = None, languages=LANGUAGES) -> None:
    for (domain, home), template in extract(folders).items():
        stable(template, domain)
        write(template_path(domain, home), template)
        for language in languages:
            if language == SOURCE:
                continue
            path = po_path(domain, home, language)
            po = read(path, language) if path.is_file() else Catalog(
                domain=domain, project=domain, locale=code(language), fuzzy=False)
            po.update(template, update_header_comment=False)
            po.obsolete.clear()
            stable(po, domain, language)
            write(path, po)


if __name__ == "__main__":
    update([Path(a).resolve() for a in sys.argv[1:]] or None)
