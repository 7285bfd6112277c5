"""The game state: small immutable values (frozen dataclasses, tuples, tuples of pairs)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.words import Speaker

from .roster import Castaway

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")

# -- phases ---------------------------------------------------------------------------------
DEAL, PICKS, TEAM_LEADER = "deal", "picks", "team_leader"
DAILY_MAIL, CAMP_LIFE, CAMP, CHALLENGE, TRIBUNAL = (
    "daily_mail", "camp_life", "camp", "challenge", "tribunal")
FINAL, OVER = "final", "over"
ROUND_PHASES = (DAILY_MAIL, CAMP_LIFE, CAMP, CHALLENGE, TRIBUNAL)
PHASE_WORDS = {
    DEAL: _("Setup: deal the Castaways"),
    PICKS: _("Setup: secret picks"),
    TEAM_LEADER: _("Setup: the Team Leader die"),
    DAILY_MAIL: _("Daily Mail"),
    CAMP_LIFE: _("Camp Life draw"),
    CAMP: _("Camp"),
    CHALLENGE: _("Challenge"),
    TRIBUNAL: _("Outcast Tribunal"),
    FINAL: _("Final Outcast Tribunal"),
    OVER: _("Game over"),
}
"""Each phase's title, as a message of the catalog."""
PHASE_TITLES = {k: str(v) for k, v in PHASE_WORDS.items()}
"""The same titles as English strings (the view's plain JSON, the refusals not converted)."""

# -- tribunal steps -------------------------------------------------------------------------
INCITE, VOTE_TWIST, ADVANTAGES, VOTE, DICE, DONE = (
    "incite", "vote_twist", "advantages", "vote", "dice", "done")

Pairs = tuple  # a tuple of (key, value) pairs: an immutable mapping


def get(pairs: Pairs, key: Any, default: Any = None) -> Any:
    for k, v in pairs:
        if k == key:
            return v
    return default


def put(pairs: Pairs, key: Any, value: Any) -> Pairs:
    if any(k == key for k, _ in pairs):
        return tuple((k, value if k == key else v) for k, v in pairs)
    return pairs + ((key, value),)


def drop(pairs: Pairs, key: Any) -> Pairs:
    return tuple((k, v) for k, v in pairs if k != key)


DEFAULT_TEAMS, DEFAULT_TRIBE = ("Team 1", "Team 2"), "Merged tribe"


@dataclass(frozen=True)
class Options:
    """Setup options. Defaults follow the text; unconfirmed ones are said so on screen."""

    team_names: tuple[str, str] = DEFAULT_TEAMS
    tribe_name: str = DEFAULT_TRIBE
    team_swap: bool = False  # "It is advised that the card is left out of your first game"
    pass_leader_each_round: bool = True  # unconfirmed: the text never says when it passes
    second_advantage_round: bool = False  # "not a rule that is part of the 'base game'"


@dataclass(frozen=True)
class Departure:
    """A Castaway who left the game; its owner is revealed ("" when nobody owned it)."""

    castaway: str
    owner: str
    round: int
    how: str  # "voted out", "roll-off", "medical evacuation", "quit", "card"
    instead_of: str = ""  # the last Social who stayed safe: "the next most appropriate" went


@dataclass(frozen=True)
class ForcedPlay:
    order: tuple[str, ...]
    turn: int = 0  # index in order of the player who must play now


@dataclass(frozen=True)
class Swap:
    """A Team Swap under way: the schoolyard pick, then the random split."""

    holder: str
    captain: str
    holder_team: str
    captain_team: str
    picked: Pairs = ()  # (player, team) in pick order
    to_pick: tuple[str, ...] = ()


@dataclass(frozen=True)
class Advantage:
    """An Advantage card played at the Outcast Tribunal, with its effects as the table
    entered them."""

    player: str
    card: str = ""
    safe: tuple[str, ...] = ()
    leave: tuple[str, ...] = ()  # "Leave Tribunal": sent back to camp, safe
    extra_votes: Pairs = ()
    lose_vote: tuple[str, ...] = ()
    unsafe: tuple[str, ...] = ()  # second round of Advantages only (house rule)
    round: int = 1


@dataclass(frozen=True)
class Tribunal:
    team: str | None  # the losing team; None after the merge (everyone attends)
    leader: str  # the Tribunal Leader (adjudicates, rolls the die)
    step: str = INCITE
    attending: tuple[str, ...] = ()  # Castaways who came to the Tribunal
    voters: tuple[str, ...] = ()  # players who came
    twist: str | None = None  # the Vote Twist: "before" or "after" the vote
    advantages: tuple[Advantage, ...] = ()
    advantage_round: int = 1
    double: bool = False
    outs: tuple[str, ...] = ()
    vote_no: int = 0
    candidates: tuple[str, ...] = ()
    revote: bool = False
    dice_for: tuple[str, ...] = ()
    dice_why: str = ""  # "tie", "tie_alone", "tie_safe", "nobody_eligible", "no_voters" or "reroll"
    last_tally: Pairs = ()
    nobody_out: bool = False
    handed_by: str | None = None  # the Team Leader whose team came: they handed the card on
    unballoted: tuple[str, ...] = ()  # out without a ballot: the only one who could go
    merge_closed: bool = False  # the teams merged during this Tribunal: no more vote at it
    duty_from: str | None = None  # the adjudicator who left the game during this Tribunal


@dataclass(frozen=True)
class Final:
    finalists: tuple[str, str]
    panel: tuple[str, ...]
    before_merge: bool = False  # the panel came from the players already out
    at_merge_count: bool = False  # ... and the merge's count was reached by the same exit
    voting: bool = False
    vote_no: int = 0
    last_tally: Pairs = ()


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    per_player: int
    roster: tuple[Castaway, ...]
    options: Options
    phase: str = DEAL
    round: int = 0
    player_team: Pairs = ()  # player -> team
    castaway_team: Pairs = ()  # Castaway -> team (all the tribe after the merge)
    stacks: Pairs = ()  # team -> face-down order at the picks (secret: never in a view)
    owners: Pairs = ()  # Castaway -> player (secret until the Castaway leaves)
    lineups: Pairs = ()  # team -> Castaways still in the game, face up, in lineup order
    health: Pairs = ()  # Castaway -> 0..10
    zero_since: Pairs = ()  # Castaway -> (round, stage index) when it hit 0
    departed: tuple[Departure, ...] = ()
    eliminated: Pairs = ()  # player -> round, in the order they went out
    leader_tie: bool = False
    last_roll: Pairs = ()  # (who, face): the die just rolled, shown until the stage changes
    leader_order: tuple[str, ...] = ()
    team_leader: str | None = None
    leader_left: str | None = None  # went out at the Tribunal holding the card: no pass next
    leader_kept: str | None = None  # ... so this round the card stayed: who went out (said)
    must_play: Pairs = ()  # player -> '!' cards still to play this round
    forced: ForcedPlay | None = None
    swap: Swap | None = None
    swapped: bool = False
    swap_voided: bool = False  # a Team Swap was under way when the teams merged
    sit_outs: tuple[str, ...] = ()
    last_sit_outs: tuple[str, ...] = ()
    challenge_revealed: bool = False
    challenge_winner: str | None = None
    challenge_note: Any = ""  # how a Challenge helper decided it: a message ("" for none)
    challenge_out: tuple[str, ...] = ()  # out of this Challenge's field by the die
    challenge_reroll: tuple[str, ...] = ()  # tied at the cut: they roll again ...
    challenge_reroll_places: int = 0  # ... for this many places out
    amulets: tuple[str, ...] = ()
    pending_evacuations: tuple[str, ...] = ()
    merged: bool = False
    merge_round: int = 0
    players_at_merge: tuple[str, ...] = ()
    merge_checklist: bool = False  # True while the merge checklist is not confirmed
    tribunal: Tribunal | None = None
    final: Final | None = None
    winner: str | None = None
