"""A contract play whose every action the rules refuse checks nothing past setup: the
contract check fails on it, saying so (issue 51, item 7; issue 54: an outside game's recorded
plays all refused by its secret deal while the check still passed)."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from rules import Action
from rules.base import BaseGame, move
from rules.testing import Play, check_contract, check_play


@dataclass(frozen=True)
class Taps:
    players: tuple
    taps: int = 0


class Tapping(BaseGame):
    key, title, min_players, max_players = "tapping", "Tapping", 1, 3
    moves = {"tap": move("tap", lambda state, action: replace(state, taps=state.taps + 1),
                         by="player", phases=["play"])}

    def new_game(self, players, options):
        return Taps(tuple(players))

    def phase(self, state):
        return "play"

    def view(self, state, seat):
        return {"taps": state.taps}


def test_a_play_whose_every_action_is_refused_fails_the_contract():
    refused = Play(("Ann", "Bob"), {}, [Action("Stranger", "tap"), Action("Ann", "no_such")])
    with pytest.raises(AssertionError, match="refused every one of the play's 2 actions"):
        check_contract(Tapping(), lambda seed: refused, seeds=[0])


def test_a_play_with_no_action_fails_the_contract():
    with pytest.raises(AssertionError, match="the play has no action: the contract was checked"):
        check_play(Tapping(), Play(("Ann",)))


def test_a_rough_play_with_one_move_applied_passes_and_counts_it():
    rough = Play(("Ann", "Bob"), {}, [Action("Stranger", "tap"), Action("Bob", "tap")])
    assert check_play(Tapping(), rough) == 1
    check_contract(Tapping(), lambda seed: rough, seeds=[0, 1])
