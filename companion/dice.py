"""Dice and shuffles for the games, from the operating system's randomness.

The rules never roll: a die comes into a move as a number, rolled here when the table taps
"Roll in the app", or read off the real die when the table types it.
"""
from __future__ import annotations

import os
import random
import secrets
from typing import Sequence, TypeVar

T = TypeVar("T")
# COMPANION_DICE_SEED makes the rolls repeatable, for end-to-end tests that follow a planned
# game through a shuffled deal. Never set it at a table. Ballots are shuffled elsewhere
# (votes.py), always from the operating system.
_seed = os.environ.get("COMPANION_DICE_SEED")
_random = random.Random(int(_seed)) if _seed else secrets.SystemRandom()


def roll(sides: int = 6) -> int:
    """One die: 1 … sides."""
    return _random.randint(1, sides)


def rolls(count: int, sides: int = 6) -> list[int]:
    return [roll(sides) for _ in range(count)]


def face(faces: int = 6) -> int:
    """A face index 0 … faces − 1, for dice whose faces are pictures (weather dice)."""
    return _random.randrange(faces)


def shuffled(items: Sequence[T]) -> list[T]:
    out = list(items)
    _random.shuffle(out)
    return out
