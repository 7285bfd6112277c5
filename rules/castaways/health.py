"""Health gauges and the zero-health lock.

"If a Castaway's health gauge hits 0, whether at Camp or in a Challenge, they are not out of
the game... just yet. You do have to ensure that at least 1 health point is received,
otherwise, if still 0 at the same stage of the next round – that Castaway will be medically
evacuated from the game." Healing and dropping to 0 again is "a 'new' 0".
"""
from __future__ import annotations

from typing import Any

from rules import RuleError

GAUGE_MIN, GAUGE_MAX = 0, 10
START_HEALTH = GAUGE_MAX  # "at 10, as it is the start of the game"

# The stages of a round, in order. Daily Mail (pre-merge) and the Camp Life draw
# (post-merge) are the same stage: the start of the round.
STAGES = ("mail", "camp", "challenge", "tribunal")
STAGE_OF_PHASE = {
    "daily_mail": "mail",
    "camp_life": "mail",
    "camp": "camp",
    "challenge": "challenge",
    "tribunal": "tribunal",
}
STAGE_WORDS = {
    "mail": "the start of the round (Daily Mail / Camp Life)",
    "camp": "Camp",
    "challenge": "the Challenge",
    "tribunal": "the Outcast Tribunal",
}


def on_gauge(value: int) -> int:
    """A slider cannot leave the gauge: below 0 stays 0, above 10 stays 10."""
    return max(GAUGE_MIN, min(GAUGE_MAX, value))


def check_gauge(value: Any, who: str) -> int:
    """A value set directly must be on the gauge (0 to 10)."""
    if isinstance(value, bool) or not isinstance(value, int) \
            or not GAUGE_MIN <= value <= GAUGE_MAX:
        raise RuleError(f"{who}'s health must be from {GAUGE_MIN} to {GAUGE_MAX}.")
    return value


def lock_due(since: tuple[int, int], round_no: int, stage: int) -> bool:
    """A lock started at (round, stage) falls due at the same stage of the next round."""
    return (round_no, stage) >= (since[0] + 1, since[1])
