"""The die: "the dice will serve as the ultimate tie-breaker, and the rule is always
'highest value wins/is safe'" — so at a roll-off the lowest value is out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from rules import RuleError

DIE_FACES = (1, 2, 3, 4, 5, 6)


def check_die(value: Any, who: str) -> int:
    """A die result read off the real die or rolled by the companion: 1 to 6."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIE_FACES:
        raise RuleError(f"The die for {who} must show 1 to 6.")
    return value


def _rolls(rolls: Any) -> dict[str, int]:
    if not isinstance(rolls, Mapping) or not rolls:
        raise RuleError("Roll the die for each one in the roll-off.")
    out = {}
    for who, value in rolls.items():
        if not isinstance(who, str):
            raise RuleError("Each roll belongs to a name.")
        out[who] = check_die(value, who)
    return out


@dataclass(frozen=True)
class RollOff:
    """The result of a roll-off: who is ``out``, and who must ``reroll`` for the
    ``reroll_out`` places still to fill (0 when nobody rolls again)."""

    out: tuple[str, ...]
    reroll: tuple[str, ...] = ()
    reroll_out: int = 0


def dice_rolloff(rolls: Mapping[str, int], *, lowest_out: int = 1) -> RollOff:
    """Lowest roll is out; lowest rolls tied: those tied roll again among themselves.

    Outcast Tribunal: "The Tribunal Leader will now roll the dice for each of the eligible
    Castaways. The character with the lowest rolled value is out". Challenges may remove
    more than one: "the dice is rolled for each Castaway. The two Castaways with the lowest
    rolled value are out" (``lowest_out=2``). Those below a tie at the cut are out at once;
    the tied ones re-roll for the places left.
    """
    table = _rolls(rolls)
    if isinstance(lowest_out, bool) or not isinstance(lowest_out, int) or lowest_out < 1:
        raise RuleError("At least one must go out in a roll-off.")
    if lowest_out > len(table):
        raise RuleError(f"Only {len(table)} rolled; {lowest_out} cannot go out.")
    cut = sorted(table.values())[lowest_out - 1]
    below = tuple(w for w, v in table.items() if v < cut)
    at_cut = tuple(w for w, v in table.items() if v == cut)
    places = lowest_out - len(below)
    if len(at_cut) == places:
        return RollOff(out=below + at_cut)
    return RollOff(out=below, reroll=at_cut, reroll_out=places)


def highest_roll(rolls: Mapping[str, int]) -> tuple[str | None, tuple[str, ...]]:
    """Highest value wins: ``(winner, ())``, or ``(None, tied)`` when the highest tie and
    those tied roll again."""
    table = _rolls(rolls)
    top = max(table.values())
    tied = tuple(w for w, v in table.items() if v == top)
    if len(tied) == 1:
        return tied[0], ()
    return None, tied
