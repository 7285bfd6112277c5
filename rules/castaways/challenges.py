"""Challenge helpers: sit-outs, obstacle stages and the Coconut Toss."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from rules import RuleError
from rules.words import Speaker

from .dice import check_die, highest_roll

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n


def check_sit_outs(chosen: Sequence[str], team: Sequence[str], needed: int,
                   last_sit_outs: Iterable[str]) -> tuple[str, ...]:
    """Validate the Castaways a team sits out.

    "The competing teams must have equal numbers of Castaways, therefore the teams must decide
    which Castaway(s) they will sit out ... They may not sit out the same Castaway(s) for
    consecutive challenges." When the team has too few others to avoid it, a repeat is
    allowed only as far as it cannot be avoided (the text does not cover that case).
    """
    picked = tuple(dict.fromkeys(chosen))
    if len(picked) != len(chosen):
        raise RuleError(_("A Castaway can sit out only once."))
    for c in picked:
        if c not in team:
            raise RuleError(_("{castaway} is not in the team that sits out.", castaway=c))
    if len(picked) != needed:
        raise RuleError(_n("The team must sit out exactly {count} Castaway to even the "
                           "numbers.", "The team must sit out exactly {count} Castaways to even "
                           "the numbers.", "count", count=needed))
    last = set(last_sit_outs)
    fresh = sum(1 for c in team if c not in last)
    repeats = [c for c in picked if c in last]
    if len(repeats) > max(0, needed - fresh):
        raise RuleError(_("{castaway} sat out the last challenge and may not sit out twice in "
                          "a row.", castaway=repeats[0]))
    return picked


def _points(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError(f"{what} must be a whole number, not below zero.")
    return value


def obstacle_stage(requirements: Mapping[str, int],
                   traits: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Health each Castaway loses at one stage of an obstacle challenge.

    "each and every character involved in that particular stage has to meet or exceed that
    value to pass through without losing a health point. If the Castaway cannot meet that
    value for Strength, then they lose a point and move on to Speed." One point per trait
    not met; ``traits`` maps each competing Castaway to its trait values.
    """
    if not isinstance(requirements, Mapping) or not requirements:
        raise RuleError(_("Give the trait values this obstacle stage requires."))
    need = {str(t): _points(v, f"The {t} requirement") for t, v in requirements.items()}
    if not isinstance(traits, Mapping) or not traits:
        raise RuleError(_("Name the Castaways in this obstacle stage."))
    lost = {}
    for castaway, values in traits.items():
        have = {str(k).lower(): v for k, v in dict(values).items()}
        loss = 0
        for trait, required in need.items():
            if trait.lower() not in have:
                raise RuleError(_("{castaway} has no {trait} value; enter its traits first.",
                                  castaway=castaway, trait=trait))
            if have[trait.lower()] < required:
                loss += 1
        lost[castaway] = loss
    return lost


BAG_HOLDERS = 3  # "Select the 3 Castaways with the greatest strength trait"


def coconut_rolls_needed(strengths: Sequence[int], rolls: Sequence[int]) -> int:
    """How many rolls one team needs to knock out all the *opposing* team's bag holders.

    ``strengths``: the Strength of the opposing team's bag holders, in the order they are
    knocked out; ``rolls``: the dice this team throws at them. "The two teams will compete to
    see which team can knock out all 3 opposing bag holders with the least amount of dice
    rolls ... Each roll of the dice is equal to that amount of coconuts landing in their bag
    ... for them to drop the bag they must have more coconuts in it than they are able to
    hold. Eg. A Castaway with a strength of 7 will drop their bag once a value of 8 or more
    has been totalled." The rolls must end exactly when the last holder drops.
    """
    limits = [_points(s, "A bag holder's Strength") for s in strengths]
    if not limits:
        raise RuleError(_("Name the bag holders."))
    if isinstance(rolls, (str, bytes)) or not hasattr(rolls, "__iter__"):
        raise RuleError(_("List the dice rolls in order."))
    rolls = list(rolls)
    holder, bag = 0, 0
    for n, roll in enumerate(rolls, start=1):
        bag += check_die(roll, f"roll {n}")
        if bag > limits[holder]:
            holder, bag = holder + 1, 0
            if holder == len(limits):
                if n != len(rolls):
                    raise RuleError(_("All bag holders had dropped before the last roll."))
                return n
    raise RuleError(_("Bag holder {number} still holds the bag; keep rolling.",
                      number=holder + 1))


@dataclass(frozen=True)
class CoconutToss:
    """``winner`` (None while a die roll-off is still to come), how it was decided
    (``"rolls"``, ``"endurance"`` or ``"dice"``), and who re-rolls on a tied die."""

    winner: str | None
    decided_by: str
    reroll: tuple[str, ...] = ()


def coconut_toss(rolls_needed: Mapping[str, int], endurance: Mapping[str, int],
                 dice: Mapping[str, int] | None = None) -> CoconutToss:
    """The team that knocked out all rival bag holders in the fewest rolls wins.

    ``rolls_needed``: each team's throws to knock out the opposing team's bag holders ("a
    lesser amount of throws to eliminate all 3 rival bag holders"); ``endurance``: the sum of
    each team's own bag holders' Endurance; ``dice``: each tied team's die. "If the two teams
    have rolled an equal amount, then the tiebreaker is to add the Endurance values of each of
    the 3 bag holders. The team with the highest sum value is the winning team ... If the
    Endurance values are equal ... each team will roll the dice. Highest value wins".
    """
    if not isinstance(rolls_needed, Mapping) or len(rolls_needed) != 2:
        raise RuleError(_("The Coconut Toss is between two teams."))
    counts = {t: _points(n, f"{t}'s roll count") for t, n in rolls_needed.items()}
    least = min(counts.values())
    tied = [t for t, n in counts.items() if n == least]
    if len(tied) == 1:
        return CoconutToss(tied[0], "rolls")
    if not isinstance(endurance, Mapping) or set(endurance) != set(counts):
        raise RuleError(_("Give each team's Endurance sum for the tiebreaker."))
    sums = {t: _points(endurance[t], f"{t}'s Endurance sum") for t in counts}
    best = max(sums.values())
    tied = [t for t in counts if sums[t] == best]
    if len(tied) == 1:
        return CoconutToss(tied[0], "endurance")
    if dice is None:
        return CoconutToss(None, "dice", reroll=tuple(tied))
    if not isinstance(dice, Mapping) or set(dice) != set(tied):
        raise RuleError(_("Each team rolls the die for the last tiebreaker."))
    winner, again = highest_roll(dice)
    return CoconutToss(winner, "dice", reroll=again)
