"""Every setup option of every game is listed in the README's "Where the rule texts are
ambiguous" section, under its game (issue 23): the list stays honest as options are added.

The section runs from its ``### `` heading to the next ``## `` or ``### `` heading; each game's
part starts with ``#### <title>`` (the title in ``companion.games.REGISTRY``), and each of the
game's options is named there in backticks.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games

ROOT = Path(__file__).resolve().parents[2]
HEADING = "### Where the rule texts are ambiguous"


def section() -> str:
    text = (ROOT / "README.md").read_text()
    assert HEADING in text, f"README.md has no {HEADING!r} section"
    body = text.split(HEADING, 1)[1]
    end = re.search(r"^#{2,3} ", body, re.MULTILINE)
    return body[:end.start()] if end else body


def parts(text: str) -> dict[str, str]:
    """The section's text under each ``#### <title>`` heading."""
    pieces = re.split(r"^#### (.+)$", text, flags=re.MULTILINE)
    return {title.strip(): body for title, body in zip(pieces[1::2], pieces[2::2])}


def games_with_options() -> list[games.Entry]:
    return [e for e in games.entries() if e.playable and e.game.options]


def test_some_games_have_options() -> None:
    assert games_with_options(), "no game has setup options: the registry did not load"


@pytest.mark.parametrize("entry", games_with_options(), ids=lambda e: e.key)
def test_every_option_is_listed_under_its_game(entry: games.Entry) -> None:
    listed = parts(section())
    assert entry.title in listed, f"no '#### {entry.title}' part in the README's {HEADING!r}"
    missing = [o.name for o in entry.game.options if f"`{o.name}`" not in listed[entry.title]]
    assert not missing, (f"{entry.title}: setup options not named in the README's "
                         f"{HEADING!r}: {', '.join(missing)}")
