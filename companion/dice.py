"""Dice and shuffles for the games, from the operating system's randomness.

The rules never roll: a die comes into a move as a number, rolled here when the table taps
"Roll in the app", or read off the real die when the table types it.
"""
from __future__ import annotations

import secrets
from typing import Sequence, TypeVar

T = TypeVar("T")
_random = secrets.SystemRandom()


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
