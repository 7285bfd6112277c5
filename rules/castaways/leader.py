"""The Team Leader card: the order it passes in, and Forced Play."""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from rules import RuleError


def _names(value: Any, what: str) -> list[str]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise RuleError(f"List the {what} by name.")
    names = list(value)
    if any(not isinstance(n, str) for n in names):
        raise RuleError(f"List the {what} by name.")
    return names


def forced_play_order(leader_order: Sequence[str], current_leader: str,
                      holders: Iterable[str]) -> list:
    """The players who must play, in Forced Play order.

    "Forced Play states that the players are forced to play their 'must play' cards starting
    with the current Team Leader, followed by the next player set to become Team Leader, and
    so on." ``leader_order`` is the order the Team Leader card passes in; ``holders`` are the
    players holding a must-play card (a mapping of holder to cards counts its keys).
    """
    order = _names(leader_order, "players in the Team Leader order")
    if len(set(order)) != len(order):
        raise RuleError("A player can be in the Team Leader order only once.")
    if current_leader not in order:
        raise RuleError(f"{current_leader} is not in the Team Leader order.")
    held = _names(holders.keys() if isinstance(holders, Mapping) else holders,
                  "players holding a must-play card")
    stray = [p for p in held if p not in order]
    if stray:
        raise RuleError(f"{stray[0]} is not in the Team Leader order.")
    start = order.index(current_leader)
    wanted = set(held)
    return [p for p in order[start:] + order[:start] if p in wanted]


def alternating_order(first: Sequence[str], second: Sequence[str]) -> tuple[str, ...]:
    """Alternate the two teams around the table, starting with ``first``; when one team runs
    out, the rest of the other follow in seat order."""
    out: list[str] = []
    for i in range(max(len(first), len(second))):
        if i < len(first):
            out.append(first[i])
        if i < len(second):
            out.append(second[i])
    return tuple(out)


def next_in_order(order: Sequence[str], current: str, eligible: Iterable[str]) -> str | None:
    """The next player after ``current`` in ``order`` who is ``eligible`` (wrapping round)."""
    allowed = set(eligible)
    if current not in order:
        return next((p for p in order if p in allowed), None)
    i = list(order).index(current)
    for step in range(1, len(order) + 1):
        p = order[(i + step) % len(order)]
        if p in allowed:
            return p
    return None
