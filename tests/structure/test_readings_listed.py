"""Every setup option of every game is named where its readings of the rule texts are
(issue 23, issue 36): in the game's own ``readings`` (``rules.base.BaseGame.readings``), or in
the README's "Where the rule texts are ambiguous" section, under the game's title. A game kept
in its own package carries its readings and needs no part in this README; the README's list is
checked against the games, so it names no game or option that is not there.

The section runs from its ``### `` heading to the next ``## `` or ``### `` heading; each game's
part starts with ``#### <title>`` (the game's ``title``), and each of its options is named
there in backticks.
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
    said = "\n".join(entry.game.readings) + parts(section()).get(entry.title, "")
    missing = [o.name for o in entry.game.options if f"`{o.name}`" not in said]
    assert not missing, (f"{entry.title}: setup options named neither in the game's "
                         f"`readings` nor in a '#### {entry.title}' part of the README's "
                         f"{HEADING!r}: {', '.join(missing)}")


def test_the_readme_lists_only_games_and_their_options() -> None:
    """The README's list is checked against the games: a part for a game that is not
    registered, or an option its game does not have, is stale."""
    titles = {e.title: e.game for e in games.entries() if e.playable}
    stale = []
    for title, body in parts(section()).items():
        if title not in titles:
            stale.append(f"'#### {title}' names no registered game")
            continue
        options = {o.name for o in titles[title].options}
        stale += [f"{title}: `{name}` is no setup option of the game"
                  for name in re.findall(r"`([^`]+)`", body)
                  if name not in options]
    assert not stale, "\n".join(stale)
