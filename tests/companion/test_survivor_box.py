"""Survivor's Voting Box at a real room: every player still in passes the box.

"When the Voting Box is in front of you, open your eyes and put your Vote Card in the slot
representing the player you are voting for. Then, pass the box to the player on your left
(even if they don't have a Vote Card) ... Everyone must vote ... Why? So no one can hear how
many votes are being cast."
"""
from __future__ import annotations

import pytest

from companion.ballots import CLOSED, OPEN
from companion.errors import Refused

PLAYERS = ("Ana", "Bob", "Cid", "Dev")


def council(svc, extra_for_bob: int):
    """A room where a card moved Bob's Vote Card to Cid (public), Bob readies
    ``extra_for_bob`` Extra Vote cards on his phone (secret), and the box goes round."""
    host = svc.host_key
    code = svc.create_room(host, "survivor")
    tokens = {name: svc.join(code, name)[1] for name in PLAYERS}
    svc.start(host, code)
    svc.act(code, host, "start", {"first_player": "Ana"})
    svc.act(code, host, "take_vote_card", {"player": "Bob", "to": "Cid"})
    svc.act(code, tokens["Ana"], "draw_tribal_council", {"kind": "single"})
    svc.act(code, tokens["Ana"], "begin_discussion")
    if extra_for_bob:
        svc.act(code, tokens["Bob"], "use_extra_votes", {"count": extra_for_bob})
    svc.act(code, tokens["Ana"], "start_vote")
    return code, tokens


def public(svc, code, tokens, seat):
    """What a screen other than Bob's learns of the box while it goes round: its voters,
    who still votes, the count, the game's view and the reminders."""
    vote = svc.vote(code)
    credential = svc.host_key if seat is None else tokens[seat]
    return (vote.call.voters, vote.waiting_for, len(vote.voted), vote.status,
            svc.view(code, credential), svc.reminders(code, credential))


@pytest.mark.parametrize("seat", [None, "Ana", "Cid", "Dev"])
def test_the_box_does_not_tell_whether_bob_casts_extra_votes(svc, seat):
    with_extra = council(svc, 1)
    without = council(svc, 0)
    assert svc.vote(with_extra[0]).call.voters == PLAYERS  # Bob is listed either way
    assert public(svc, *with_extra, seat) == public(svc, *without, seat)
    # the count goes up by voters who have passed the box, never by votes
    for code, tokens in (with_extra, without):
        svc.cast(code, tokens["Ana"], ["Dev"])
        vote = svc.cast(code, tokens["Bob"], ["Dev"] if code == with_extra[0] else [])
        assert (len(vote.voted), len(vote.call.voters)) == (2, 4)  # "2 of 4 have voted"
        assert vote.waiting_for == ("Cid", "Dev")


def test_a_player_without_a_vote_card_passes_the_box_with_a_ballot_of_no_votes(svc, refused):
    code, tokens = council(svc, 0)
    vote = svc.vote(code)
    assert vote.status == OPEN and "Bob" in vote.waiting_for
    assert svc.needs_action(code, tokens["Bob"])  # the box is in front of him too
    refused(svc.cast, code, tokens["Bob"], ["Dev"], match="Bob casts 0 votes")
    svc.cast(code, tokens["Bob"], [])
    svc.cast(code, tokens["Ana"], ["Dev"])
    svc.cast(code, tokens["Cid"], ["Dev", "Ana"])  # his own Vote Card and Bob's
    vote = svc.cast(code, tokens["Dev"], ["Ana"])
    assert vote.status == CLOSED  # everyone has voted: the box has gone round
    assert sorted(vote.reveal_order) == ["Ana", "Ana", "Dev", "Dev"]


def test_extra_votes_played_at_the_box_without_a_vote_card(svc):
    """ "If you have Extra Vote Cards, you can use them" when the box is in front of you."""
    code, tokens = council(svc, 0)
    svc.act(code, tokens["Bob"], "use_extra_votes", {"count": 1})
    with pytest.raises(Refused, match="casts 1 vote"):
        svc.cast(code, tokens["Bob"], [])
    vote = svc.cast(code, tokens["Bob"], ["Cid"])
    assert vote.voted == {"Bob"}
