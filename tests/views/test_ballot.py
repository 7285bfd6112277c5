"""The ballot form of a voter with no vote: the same steps as everyone's, casting nothing; and
the table's close of a box that may be closed short, which asks first.

Survivor: "pass the box to the player on your left (even if they don't have a Vote Card)
... Everyone must vote ... So no one can hear how many votes are being cast."
"""
from __future__ import annotations

import flet as ft

from companion.ballots import OPEN, REVEALED, Vote
from companion.errors import Refused
from rules import Ballot, VoteCall
from views.ballot import BallotForm, VotePanel, close_question, open_ballots, tally_bars

from views.testing import buttons
from testsupport.screens import texts, press


def form(votes: dict[str, int]):
    call = VoteCall("tribal-council-1", "Who do you vote out?", ("Ana", "Bob", "Cid"),
                    tuple(votes), votes_per_voter=0, extra_votes=votes, self_vote=True)
    cast = []
    ballot = BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Bob",
                        lambda choices: cast.append(choices) or True, lambda: None)
    return ballot, cast


def test_no_vote_is_a_ballot_step_that_casts_nothing():
    ballot, cast = form({"Ana": 1, "Bob": 0, "Cid": 2})
    assert any("you have no vote to put in it" in t for t in texts(ballot.root))
    press(ballot, "Pass the box on")
    assert ballot.confirming  # the confirm step everyone has
    assert "You put no vote in the box." in texts(ballot.root)
    press(ballot, "Confirm my vote")
    assert cast == [[]]


def test_one_vote_goes_through_the_same_confirm_step():
    ballot, cast = form({"Ana": 1, "Bob": 1, "Cid": 2})
    press(ballot, "Vote for Cid")
    assert ballot.confirming
    press(ballot, "Confirm my vote")
    assert cast == [["Cid"]]


def test_a_ballot_the_rules_refuse_says_why_on_the_voters_screen():
    """A game's rule for this voter's ballot ("Resistance members must play Success"): the
    sentence shows on the ballot, and the voter chooses again."""
    call = VoteCall("mission-1", "The mission: Success or Fail?", ("Success", "Fail"),
                    ("Bob",), self_vote=True)

    def cast(choices):
        raise Refused("You are in the Resistance: Resistance members must play Success.")
    ballot = BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Bob", cast,
                        lambda: None)
    press(ballot, "Vote for Fail")
    press(ballot, "Confirm my vote")
    assert ballot.error.visible
    assert ballot.error.value == ("You are in the Resistance: Resistance members must play "
                                  "Success.")
    assert not ballot.confirming and ballot.chosen == []


def test_a_ballot_speaks_the_games_words_and_shows_its_colours():
    """A mission's cards, not votes: "Play Fail", "you have 1 card", a Fail card in red."""
    call = VoteCall("mission-1", "The mission: Success or Fail?", ("Success", "Fail"),
                    ("Bob",), self_vote=True, ballot=Ballot("Play", "card", "cards"),
                    colours={"Success": "#1565c0", "Fail": "#c62828"})
    cast = []
    ballot = BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Bob",
                        lambda choices: cast.append(choices) or True, lambda: None)
    assert "Bob, you have 1 card. Choose 1 more card." in texts(ballot.root)
    fail, = [b for b in buttons(ballot.root) if b.content == "Play Fail"]
    assert fail.style.bgcolor == "#c62828"
    press(ballot, "Play Fail")
    press(ballot, "Confirm my vote")
    assert cast == [["Fail"]]
    bars = texts(ft.Column(tally_bars({"Fail": 1, "Success": 2}, call.candidates,
                                      call.colours.get, words=call.ballot)))
    assert sorted(bars) == ["Fail: 1 card", "Success: 2 cards"]


def test_a_ballot_says_votes_when_the_game_names_nothing():
    ballot, _ = form({"Ana": 1, "Bob": 2, "Cid": 2})
    assert "Bob, you have 2 votes. Choose 2 more votes." in texts(ballot.root)


TEAM = VoteCall("team-1", "Send this team?", ("Approve", "Reject"), ("Ana", "Bob", "Cid"),
                self_vote=True, reveal="all_at_once", open_vote=True,
                colours={"Approve": "#2e7d32", "Reject": "#c62828"})


def test_an_open_vote_says_so_before_the_choice():
    ballot = BallotForm(Vote("v", TEAM.key, TEAM, OPEN, frozenset(), (), 0, False), "Bob",
                        lambda choices: True, lambda: None)
    said = texts(ballot.root)
    assert "An open vote: all ballots are shown together, each with its voter's name." in said


def test_an_open_votes_reveal_shows_each_voter_in_the_colour_of_their_ballot():
    vote = Vote("v", TEAM.key, TEAM, REVEALED, frozenset(TEAM.voters),
                ("Approve", "Reject", "Approve"), 3, True,
                {"Cid": ("Approve",), "Ana": ("Approve",), "Bob": ("Reject",)})
    (row,) = open_ballots(vote, lambda c: TEAM.colours[c])
    assert [texts(chip) for chip in row.controls] == [["Ana: Approve"], ["Bob: Reject"],
                                                     ["Cid: Approve"]]  # in ballot order
    assert [chip.bgcolor for chip in row.controls] == ["#2e7d32", "#c62828", "#2e7d32"]
    secret = Vote("v", TEAM.key, TEAM, REVEALED, frozenset(), (), 0, True)
    assert open_ballots(secret, lambda c: "#000000") == []


class TableScreen:
    """The little of the table screen the vote panel's action bar uses."""

    def __init__(self) -> None:
        self.error = type("Error", (), {"show": lambda self, text: None})()
        self.host_key, self.code, self.closed, self.refreshed = "host", "ROOM", 0, 0
        self.service = self

    def result_is_latest(self, code, vote) -> bool:
        return True

    def close_vote(self, host_key, code) -> None:
        self.closed += 1

    def attempt(self, error, fn, *args):
        return fn(*args)

    def refresh(self, force: bool = False) -> None:
        self.refreshed += 1


def open_vote(complete: bool = False) -> Vote:
    call = VoteCall("tribunal-1-1", "Which Castaway do you vote out?", ("P1", "P2"),
                    ("Ana", "Bob", "Cid", "Dev", "Eun", "Fay", "Gus"), complete=complete)
    return Vote("v", call.key, call, OPEN, frozenset({"Ana", "Bob", "Cid", "Dev", "Eun"}), (),
                0, False)


def bar(panel, vote) -> ft.Row:
    return ft.Row(panel.actions(panel.steps_inputs(vote)))


def labels(panel, vote) -> list[str]:
    return [b.content for b in buttons(bar(panel, vote))]


def test_closing_the_box_short_asks_first_and_says_how_many_have_not_voted():
    """Where the text does not say everyone votes, the table may close the box short, but it
    asks first: "Close the box? 2 of 7 have not voted: their votes will not count." """
    screen, vote = TableScreen(), open_vote()
    panel = VotePanel(screen)

    def press_in(label: str) -> None:
        next(b for b in buttons(bar(panel, vote)) if b.content == label).on_click(None)
    press_in("Close the vote now")
    assert screen.closed == 0 and screen.refreshed == 1        # asked, not closed
    assert "Close the box? 2 of 7 have not voted: their votes will not count." in texts(
        bar(panel, vote))
    press_in("No, keep it open")
    assert screen.closed == 0 and "Close the vote now" in labels(panel, vote)
    press_in("Close the vote now")
    press_in("Yes, close the box")
    assert screen.closed == 1 and panel.asking_close is None


def test_a_complete_box_is_never_closed_short():
    """Survivor: "Everyone must vote." The Castaways Final: the whole Outcast Panel."""
    assert "Close the vote now" not in labels(VotePanel(TableScreen()), open_vote(True))


def test_one_voter_missing_is_said_in_the_singular():
    assert close_question(1, 5) == "Close the box? 1 of 5 has not voted: their vote will not count."


def test_a_full_disk_keeps_the_ballot_to_send_again():
    """Issue 34: the laptop failed, not the ballot: the voter is told why and confirms the
    same choice again once there is space, without a reload."""
    from companion.errors import Fault
    from companion.store import DISK_FULL
    call = VoteCall("v-1", "Who leads?", ("Ana", "Cid"), ("Bob",))
    cast, disk_full = [], [True]

    def send(choices):
        if disk_full[0]:
            raise Fault(DISK_FULL)
        cast.append(choices)
        return True
    ballot = BallotForm(Vote("v", call.key, call, OPEN, frozenset(), (), 0, False), "Bob",
                        send, lambda: None)
    press(ballot, "Vote for Cid")
    press(ballot, "Confirm my vote")
    assert ballot.error.visible
    assert ballot.error.value == "The laptop's disk is full: your vote was not taken. Try again."
    assert ballot.confirming and ballot.chosen == ["Cid"]
    assert "You are voting for:" in texts(ballot.root)
    disk_full[0] = False
    press(ballot, "Confirm my vote")
    assert cast == [["Cid"]]
