"""The words every game's sentences share: plurals and lists of names."""
from __future__ import annotations

from typing import Iterable


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, "vote")`` is "1 vote"; ``plural(3, "vote")`` is "3 votes"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def join_names(names: Iterable[str], last: str = "and") -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cid"; "nobody" for none."""
    names = [str(n) for n in names]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {last} {names[-1]}"
