"""The rules: the roles are dealt secretly (one player is the spy), then an open team vote
(everyone votes at once, then all votes are shown) and a secret mission vote of Success or
Fail cards, where "Resistance members must play Success".

It shows the points of the contract a hidden-role game needs: chance a screen may not type (a
secret deal: ``dealt``), a rule for a voter's ballot that keeps the voter's secret inside the
rules (``ballot_refusal``: every phone shows the same ballot), ballots of cards with their own
words and colours (``Ballot``, ``colours``), and an open vote (``open_vote``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules import TABLE, Ballot, RuleError, VoteCall
from rules.base import BaseGame, move
from rules.words import Speaker

# the game's own catalog, shipped in the package: resistance/locale/<lang>/LC_MESSAGES/
# resistance.po (``python -m companion.catalogs examples/resistance/resistance``)
_ = Speaker("resistance", "resistance")
_n = _.n


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    roles: tuple[tuple[str, str], ...] = ()  # (player, role), by name; empty until dealt
    mission: bool = False
    fails: int | None = None
    team_vote: bool = False
    approvals: tuple[str, ...] | None = None  # who approved the team, once shown


def deal_roles(state, args, source):
    """One spy among the players, dealt face down by the companion."""
    order = source.shuffled(list(state.players))
    return {"roles": {p: "spy" if i == 0 else "resistance" for i, p in enumerate(order)}}


def dealt(state, action):
    roles = action.args.get("roles")
    if not isinstance(roles, dict) or set(roles) != set(state.players):
        raise RuleError(_("Every player gets one role."))
    if state.roles:
        raise RuleError(_("The roles are dealt already."))
    return replace(state, roles=tuple(sorted(roles.items())))


MISSION = VoteCall("mission-1", _("The mission: Success or Fail?"), ("Success", "Fail"), (),
                   self_vote=True, reveal="all_at_once",
                   ballot=Ballot(_("Play {candidate}"), _n("{n} card", "{n} cards", "n")),
                   colours={"Success": "#1565c0", "Fail": "#c62828"})  # cards, not votes
TEAM = VoteCall("team-1", _("Send this team on the mission?"), ("Approve", "Reject"), (),
                self_vote=True, reveal="all_at_once", open_vote=True, complete=True)


def result(state, action):
    """The mission's cards are counted; the team vote's ballots come with their voters."""
    if action.args.get("key") == TEAM.key:
        ballots = action.args.get("ballots") or {}
        return replace(state, team_vote=False, approvals=tuple(
            v for v in state.players if ballots.get(v) == ["Approve"]))
    return replace(state, mission=False, fails=int(action.args["tally"].get("Fail", 0)))


def no_vote_open(state, actor):
    return _("A vote is under way.") if state.mission or state.team_vote else None


class Resistance(BaseGame):
    key, title, min_players, max_players = "resistance", _("The Resistance (example)"), 2, 10
    moves = {m.name: m for m in (
        move("deal", dealt, args=["roles"], chance=deal_roles, dealt=["roles"]),
        move("team", lambda state, action: replace(state, team_vote=True),
             allowed=no_vote_open),
        move("mission", lambda state, action: replace(state, mission=True),
             allowed=no_vote_open),
        move("vote_result", result, args=["key", "tally", "ballots"], internal=True),
    )}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        """A player sees their own role; the table sees none."""
        return {"role": dict(state.roles).get(seat) if seat not in (None, TABLE) else None,
                "dealt": bool(state.roles), "fails": state.fails,
                "approvals": list(state.approvals) if state.approvals is not None else None}

    def vote_call(self, state):
        if state.team_vote:
            return replace(TEAM, voters=state.players)
        return replace(MISSION, voters=state.players) if state.mission else None

    def ballot_refusal(self, state, call, voter, choices):
        """"Resistance members must play Success": said to the voter, who knows their role."""
        if dict(state.roles).get(voter) == "resistance" and "Fail" in choices:
            return _("You are in the Resistance: Resistance members must play Success.")
        return None


GAME = Resistance()
