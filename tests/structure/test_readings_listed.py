"""A game carries its own readings of open rules (issue 23, issue 36): ``readings``
(``rules.base.BaseGame.readings``) names each of its setup options in backticks
(``rules.testing.check_readings``, which a game kept in its own package runs from its tests).
docs/readings.md, "Where the rule texts are ambiguous", shows the project's own games' readings,
written from the games: each ``## <title>`` part is its game's ``readings`` as a list, and is
checked against the game, never the other way round. After changing a game's readings:

    python tests/structure/test_readings_listed.py      (writes docs/readings.md's parts again)

The section is the document after its ``# `` heading; each game's part starts with
``## <title>`` (the game's ``title``). A game from outside needs no part.
"""
from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion import games  # noqa: E402
from rules.testing import check_readings  # noqa: E402

DOC = ROOT / "docs" / "readings.md"
HEADING = "# Where the rule texts are ambiguous"
WRITE = "python tests/structure/test_readings_listed.py"


def section(text: str | None = None) -> str:
    text = DOC.read_text() if text is None else text
    assert HEADING in text, f"docs/readings.md has no {HEADING!r} section"
    return text.split(HEADING, 1)[1]


def parts(text: str) -> dict[str, str]:
    """The section's text under each ``## <title>`` heading."""
    pieces = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(pieces[1::2], pieces[2::2])}


def listed(readings: tuple[str, ...]) -> str:
    """A game's readings as the document's list: one item each, wrapped at 99 columns."""
    return "\n".join(textwrap.fill(r, 99, initial_indent="- ", subsequent_indent="  ",
                                   break_on_hyphens=False, break_long_words=False)
                     for r in readings)


def own_games_with_readings() -> list[games.Entry]:
    return [e for e in games.entries()
            if e.playable and e.declared.distribution == games.OWN and e.game.readings]


def games_with_options() -> list[games.Entry]:
    return [e for e in games.entries() if e.playable and e.game.options]


def test_some_games_have_options() -> None:
    assert games_with_options(), "no game has setup options: the registry did not load"


@pytest.mark.parametrize("entry", games_with_options(), ids=lambda e: e.key)
def test_every_option_is_named_in_its_games_readings(entry: games.Entry) -> None:
    check_readings(entry.game)


def test_the_documents_parts_are_the_games_readings() -> None:
    """Each part names a registered game and is that game's readings, word for word."""
    titles = {e.title: e.game for e in games.entries() if e.playable}
    wrong = []
    for title, body in parts(section()).items():
        if title not in titles:
            wrong.append(f"'## {title}' names no registered game")
        elif body.strip() != listed(titles[title].readings):
            wrong.append(f"'## {title}' is not its game's readings")
    assert not wrong, "\n".join(wrong) + f"\n(write them again: {WRITE})"


def test_each_of_the_projects_own_games_has_its_part() -> None:
    missing = [e.title for e in own_games_with_readings() if e.title not in parts(section())]
    assert not missing, f"no '## <title>' part for {', '.join(missing)} ({WRITE})"


def written(text: str) -> str:
    """The document with each game's part written from its readings (the order of the parts
    kept; a game of the project without one gets its part at the end)."""
    old = section(text)
    head = re.split(r"^## ", old, maxsplit=1, flags=re.MULTILINE)[0]
    titles = list(parts(old)) + [e.title for e in own_games_with_readings()
                                 if e.title not in parts(old)]
    readings = {e.title: e.game.readings for e in games.entries() if e.playable}
    new = head + "".join(f"## {t}\n{listed(readings[t])}\n\n" for t in titles
                         if t in readings)
    return text.replace(old, new, 1)


if __name__ == "__main__":
    DOC.write_text(written(DOC.read_text()))
    print(f"Wrote the readings of {len(own_games_with_readings())} games into {DOC}.")
