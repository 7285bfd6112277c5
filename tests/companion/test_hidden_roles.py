"""A hidden-role game, as in The Resistance (examples/resistance, a game kept in its own
package): the roles are dealt secretly (one player is the spy), then a secret mission vote of
Success or Fail cards, where "Resistance members must play Success", and before it an open
team vote (everyone votes at once, then all votes are shown). It checks the points of the
contract: chance a screen may type (a die read off the real one, a move this test adds) and
chance it may not (a secret deal); and a rule for a voter's ballot that keeps the voter's
secret inside the rules (every phone shows the same ballot).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion import games
from companion.ballots import CLOSED
from companion.errors import Refused
from rules import Ballot, RuleError
from rules.base import move

from resistance.rules import MISSION, Resistance, State, deal_roles, dealt

KEY = "secret_deal_test"


@dataclass(frozen=True)
class Rolled(State):
    die: int | None = None


def roll(state, args, source):
    return {"die": source.rolls(1)[0]}


def rolled(state, action):
    die = action.args.get("die")
    if not isinstance(die, int) or not 1 <= die <= 6:
        raise RuleError("A die shows 1 to 6.")
    return replace(state, die=die)


class SecretDeal(Resistance):
    """The example, with a die a screen may type (read off the real one)."""

    key, title = KEY, "Secret deal"  # a title that does not say "Resistance" (see below)
    moves = {**Resistance.moves, "roll": move("roll", rolled, args=["die"], chance=roll)}

    def new_game(self, players, options):
        return Rolled(players)

    def view(self, state, seat):
        return {**super().view(state, seat), "die": state.die}


GAME = SecretDeal()


@pytest.fixture
def room(svc, monkeypatch):
    # registered as an installed game is (companion/games.py), for this test only
    monkeypatch.setitem(games.REGISTRY, KEY, games.Declared(KEY, __name__, __name__))
    games.load.cache_clear()
    svc.offered.add(KEY)
    code = svc.create_room(svc.host_key, KEY)
    tokens = {name: svc.join(code, name)[1] for name in ("Ana", "Bob", "Cid")}
    svc.start(svc.host_key, code)
    yield code, tokens
    games.load.cache_clear()


def test_the_host_key_cannot_type_a_secret_deal(svc, room, refused):
    code, tokens = room
    refused(svc.act, code, svc.host_key, "deal", {"roles": {"Ana": "spy", "Bob": "resistance",
                                                            "Cid": "resistance"}},
            match="Only the companion deals roles, in secret: a screen may not type them.")
    svc.act(code, svc.host_key, "deal")  # the companion deals
    roles = [svc.view(code, tokens[p])["role"] for p in ("Ana", "Bob", "Cid")]
    assert sorted(roles) == ["resistance", "resistance", "spy"]


def test_a_real_die_may_still_be_typed(svc, room):
    code, _ = room
    assert svc.act(code, svc.host_key, "roll", {"die": 4}).die == 4  # read off the real die
    assert 1 <= svc.act(code, svc.host_key, "roll").die <= 6  # rolled by the companion


def test_dealt_arguments_are_arguments_the_chance_fills():
    with pytest.raises(ValueError):
        move("deal", dealt, args=["roles"], dealt=["roles"])  # no chance to deal them
    with pytest.raises(ValueError):
        move("deal", dealt, args=[], chance=deal_roles, dealt=["roles"])


def test_a_ballot_is_refused_for_the_voter_by_the_rules_keeping_their_secret(svc, room, refused):
    """"Resistance members must play Success": the phone shows the same ballot to everyone;
    the rules refuse a Resistance member's Fail, and only that voter's screen hears why."""
    code, tokens = room
    svc.act(code, svc.host_key, "deal")
    spy = next(p for p in tokens if svc.view(code, tokens[p])["role"] == "spy")
    loyal = [p for p in tokens if p != spy]
    svc.act(code, svc.host_key, "mission")
    vote = svc.vote(code)
    assert vote.call.candidates == ("Success", "Fail")  # the same ballot on every phone
    refused(svc.cast, code, tokens[loyal[0]], ["Fail"],
            match="^You are in the Resistance: Resistance members must play Success.$")
    assert svc.vote(code).voted == frozenset()  # the refused ballot counts as nothing
    assert not any("Resistance" in line for line in svc.history(code))
    svc.cast(code, tokens[loyal[0]], ["Success"])
    svc.cast(code, tokens[spy], ["Fail"])  # the spy may play either
    vote = svc.cast(code, tokens[loyal[1]], ["Success"])
    assert vote.status == CLOSED
    svc.finish_reveal(svc.host_key, code)
    assert svc.view(code, svc.host_key)["fails"] == 1


def test_pass_and_play_is_refused_the_same_way(svc, room):
    code, tokens = room
    svc.act(code, svc.host_key, "deal")
    loyal = next(p for p in tokens if svc.view(code, tokens[p])["role"] == "resistance")
    svc.act(code, svc.host_key, "mission")
    with pytest.raises(Refused, match="Resistance members must play Success"):
        svc.cast_for(svc.host_key, code, loyal, ["Fail"])


def test_the_games_ballot_words_and_colours_outlast_a_restart(svc, room):
    """What is cast is the game's to name (Success and Fail cards, each with its colour), and
    the open vote keeps them where the companion stores it."""
    code, tokens = room
    svc.act(code, svc.host_key, "mission")
    svc.cast(code, tokens["Ana"], ["Success"])
    restarted = type(svc)(type(svc.store)(svc.store.path))
    call = restarted.vote(code).call
    assert call.ballot == MISSION.ballot  # the game's own words: messages of its catalog
    assert str(call.ballot.count(1)) == "1 card" and str(call.ballot.count(2)) == "2 cards"
    assert str(call.ballot.button("Fail")) == "Play Fail"
    assert dict(call.colours) == {"Success": "#1565c0", "Fail": "#c62828"}
    restarted.store.close()


@pytest.mark.parametrize("colours", [{"Fail": "red"}, {"Fail": "#c628"}, {"Bob": "#c62828"}])
def test_a_colour_is_a_candidates_and_written_as_rrggbb(colours):
    with pytest.raises(ValueError, match="A vote's colour is a candidate's, as #rrggbb"):
        replace(MISSION, colours=colours)


def test_an_open_team_vote_reaches_the_game_with_each_voters_ballot(svc, room):
    """"Everyone votes at once, then all votes are shown": nothing before the last ballot,
    then every voter's name beside their ballot, on the table and in the game's own state."""
    code, tokens = room
    svc.act(code, svc.host_key, "team")
    svc.cast(code, tokens["Ana"], ["Approve"])
    vote = svc.cast(code, tokens["Bob"], ["Reject"])
    assert vote.ballots == {} and svc.vote(code).ballots == {}  # the box is still open
    vote = svc.cast(code, tokens["Cid"], ["Approve"])
    assert vote.status == CLOSED
    assert vote.ballots == {"Ana": ("Approve",), "Bob": ("Reject",), "Cid": ("Approve",)}
    svc.finish_reveal(svc.host_key, code)
    assert svc.view(code, tokens["Bob"])["approvals"] == ["Ana", "Cid"]
    # the mission that follows is secret again: its file keeps no voter
    svc.act(code, svc.host_key, "mission")
    for p in tokens:
        svc.cast(code, tokens[p], ["Success"])
    rows = svc.store.rows("SELECT key, open_ballots FROM votes ORDER BY rowid")
    assert [(r["key"], r["open_ballots"] is None) for r in rows] == [("team-1", False),
                                                                       ("mission-1", True)]
