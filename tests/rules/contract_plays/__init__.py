"""Random plays of each game for the contract test: ``plays(seed) -> Play``.

A play is the players, the setup options and a list of actions; actions the rules refuse
are skipped as the play is replayed, so a play may be rough, as long as it reaches the
game's phases. Each game's module is ``tests/rules/contract_plays/<game key>.py``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from rules import Action


@dataclass
class Play:
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)


def plays_for(key: str) -> Callable[[int], Play] | None:
    try:
        return importlib.import_module(f"{__name__}.{key}").plays
    except ModuleNotFoundError:
        return None
