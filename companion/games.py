"""The registry of games: registry key → the rules module that holds its ``GAME``.

Adding a game is one line here (plus its rules module and its screens in views/games).
A game whose rules are not written yet is listed as coming, so the table sees what is planned.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from rules import Game

REGISTRY: dict[str, tuple[str, str]] = {
    "table_vote": ("Table vote", "rules.table_vote"),
    "castaways": ("Castaways", "rules.castaways"),
    "survivor": ("Survivor: The Tribe Has Spoken", "rules.survivor"),
    "robinson": ("Robinson Crusoe: Adventures on the Cursed Island", "rules.robinson"),
    "castle_party": ("Castle Party", "rules.castle_party"),
}


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    game: Game | None  # None: not playable yet

    @property
    def playable(self) -> bool:
        return self.game is not None


def load(key: str) -> Entry:
    title, module = REGISTRY[key]
    try:
        game = getattr(importlib.import_module(module), "GAME", None)
    except ModuleNotFoundError:
        game = None
    return Entry(key, title, game)


def entries() -> list[Entry]:
    return [load(key) for key in REGISTRY]
