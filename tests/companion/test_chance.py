"""Chance a screen may type (a die read off the real one) and chance it may not (a secret
deal), enforced by the companion for a small test-only game: a hidden-role deal, as in The
Resistance, where the roles are dealt secretly and one player is the spy.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion import games
from rules import RuleError
from rules.base import BaseGame, move

KEY = "secret_deal_test"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    roles: tuple[tuple[str, str], ...] = ()
    die: int | None = None


def deal_roles(state, args, source):
    """One spy among the players, dealt face down by the companion."""
    order = source.shuffled(list(state.players))
    return {"roles": {p: "spy" if i == 0 else "resistance" for i, p in enumerate(order)}}


def dealt(state, action):
    roles = action.args.get("roles")
    if not isinstance(roles, dict) or set(roles) != set(state.players):
        raise RuleError("Every player gets one role.")
    return replace(state, roles=tuple(sorted(roles.items())))


def roll(state, args, source):
    return {"die": source.rolls(1)[0]}


def rolled(state, action):
    die = action.args.get("die")
    if not isinstance(die, int) or not 1 <= die <= 6:
        raise RuleError("A die shows 1 to 6.")
    return replace(state, die=die)


class SecretDeal(BaseGame):
    key, title, min_players, max_players = KEY, "Secret deal", 2, 6
    moves = {m.name: m for m in (
        move("deal", dealt, args=["roles"], chance=deal_roles, dealt=["roles"]),
        move("roll", rolled, args=["die"], chance=roll),  # a real die may be typed
    )}

    def new_game(self, players, options):
        return State(players)

    def view(self, state, seat):
        return {"role": dict(state.roles).get(seat), "die": state.die}


GAME = SecretDeal()


@pytest.fixture
def room(svc, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, KEY, ("Secret deal", __name__))
    svc.offered.add(KEY)
    code = svc.create_room(svc.host_key, KEY)
    tokens = {name: svc.join(code, name)[1] for name in ("Ana", "Bob", "Cid")}
    svc.start(svc.host_key, code)
    return code, tokens


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
