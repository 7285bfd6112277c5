"""The secret ballot box, driven through TableService with the game-free table vote."""
from __future__ import annotations

import sys
import threading
from collections import Counter

import pytest

from companion.ballots import CLOSED, OPEN, REVEALED
from companion.errors import Refused

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")  # the seats of the ``table`` fixture
FRUIT = ("Kiwi", "Mango", "Pear", "Plum")


# --- opening and casting ---------------------------------------------------------------------
def test_ask_opens_a_vote_with_the_table_s_question(table):
    assert table.vote() is None
    vote = table.ask("Who cooks tonight?", candidates=FRUIT, votes_per_voter=1)
    assert vote.status == OPEN and vote.key == "vote-1"
    assert vote.call.question == "Who cooks tonight?"
    assert vote.call.candidates == FRUIT and vote.call.voters == NAMES
    assert vote.voted == frozenset() and vote.waiting_for == NAMES
    assert vote.reveal_order == () and vote.revealed == 0 and not vote.applied
    history = table.history()
    assert "The table asked: Who cooks tonight?" in history
    assert "Vote opened: Who cooks tonight?" in history
    assert table.svc.reminders(table.code) == ("Voting: Who cooks tonight?",)


def test_the_table_sees_who_has_voted_never_what(table, slots):
    opened = table.ask(candidates=FRUIT)
    assert slots.count(opened) == slots.empty(opened) == 5  # one empty slot per ballot due
    table.cast("Ben", "Kiwi")
    vote = table.cast("Dan", "Pear")
    assert vote.status == OPEN
    assert vote.voted == {"Ben", "Dan"}
    assert (len(vote.voted), len(vote.call.voters)) == (2, 5)  # "2 of 5 have voted"
    assert vote.waiting_for == ("Ann", "Cat", "Eve")
    # nothing about the choices is readable before the vote closes
    assert vote.reveal_order == () and vote.shown() == () and not vote.running_tally()
    assert sorted(slots.filled(vote)) == ["Kiwi", "Pear"]
    assert vote.ballots_expected == 5
    assert slots.count(vote) == 5 and slots.empty(vote) == 3  # filled in place, none added


def test_the_vote_closes_itself_when_everyone_has_voted(table, slots):
    table.ask(candidates=FRUIT)
    cast = {"Ann": "Kiwi", "Ben": "Kiwi", "Cat": "Plum", "Dan": "Pear", "Eve": "Mango"}
    for name, choice in list(cast.items())[:-1]:
        assert table.cast(name, choice).status == OPEN
    vote = table.cast("Eve", "Mango")
    assert vote.status == CLOSED and vote.waiting_for == ()
    assert sorted(vote.reveal_order) == sorted(cast.values())
    assert vote.revealed == 0 and vote.running_tally() == Counter()
    assert sorted(slots.filled(vote)) == sorted(cast.values()) and slots.count(vote) == 5


def test_the_host_closes_the_vote_early(table, refused, slots):
    table.ask(candidates=FRUIT)
    table.cast("Ann", "Kiwi")
    opened = table.cast("Ben", "Pear")
    assert slots.count(opened) == 5 and slots.empty(opened) == 3
    vote = table.svc.close_vote(table.host, table.code)
    assert vote.status == CLOSED
    assert sorted(vote.reveal_order) == ["Kiwi", "Pear"]
    # the three empty slots are gone; only the two filled ones remain
    assert slots.count(vote) == 2 and sorted(slots.filled(vote)) == ["Kiwi", "Pear"]
    assert vote.waiting_for == ("Cat", "Dan", "Eve")
    assert "The table closed the vote with 2 of 5 voted." in table.history()
    refused(table.cast, "Cat", "Kiwi", match="no open vote")
    refused(table.svc.close_vote, table.host, table.code, match="no open vote")
    # one Kiwi, one Pear: a tie is not decided before every ballot is read
    assert not vote.decided
    refused(table.svc.finish_reveal, table.host, table.code, match="Keep reading")


# --- reading the ballots ---------------------------------------------------------------------
def test_ballots_are_read_in_random_order_and_the_tally_is_the_cast(svc, make_table):
    table = make_table(names=("Ann", "Ben", "Cat", "Dan"))
    firsts = Counter()
    for run in range(24):
        table.ask(f"Question {run}", candidates=FRUIT, reveal="all_at_once")
        for name, fruit in zip(table.names, FRUIT):  # always cast in the same order
            table.cast(name, fruit)
        read = []
        for i in range(4):
            read.append(svc.reveal_next(table.host, table.code))
            vote = table.vote()
            assert vote.revealed == i + 1 and vote.shown() == tuple(read)
            assert vote.running_tally() == Counter(read)
        assert sorted(read) == sorted(FRUIT)
        firsts[read[0]] += 1
        assert svc.finish_reveal(table.host, table.code) == {f: 1 for f in FRUIT}
    # the same casting order, yet the first ballot read changes from vote to vote
    assert len(firsts) >= 3, firsts


def test_one_by_one_cannot_finish_while_unread_ballots_could_change_the_result(table, refused):
    table.ask(candidates=FRUIT)  # reveal defaults to one_by_one
    for name, fruit in zip(NAMES, ("Kiwi", "Kiwi", "Pear", "Pear", "Plum")):
        table.cast(name, fruit)
    vote = table.vote()
    assert vote.call.reveal == "one_by_one" and vote.status == CLOSED
    for i in range(5):
        vote = table.vote()
        if vote.revealed < 5:  # Kiwi and Pear tie: only the last ballot settles it
            assert not vote.decided
            refused(table.svc.finish_reveal, table.host, table.code, match="Keep reading")
        table.svc.reveal_next(table.host, table.code)
    assert table.vote().decided
    refused(table.svc.reveal_next, table.host, table.code)
    tally = table.svc.finish_reveal(table.host, table.code)
    assert tally == {"Kiwi": 2, "Mango": 0, "Pear": 2, "Plum": 1}


def test_one_by_one_may_stop_reading_once_the_winner_is_certain(table, refused):
    table.ask(candidates=FRUIT)
    for name in NAMES:
        table.cast(name, "Mango" if name != "Eve" else "Plum")
    read = []
    while not table.vote().decided:
        refused(table.svc.finish_reveal, table.host, table.code)
        read.append(table.svc.reveal_next(table.host, table.code))
    vote = table.vote()
    counts = Counter(read)
    left = 5 - len(read)
    assert counts["Mango"] > counts["Plum"] + left  # decided means: cannot be caught up
    assert len(read) < 5  # 4 Mango of 5: never needs all five
    tally = table.svc.finish_reveal(table.host, table.code)
    assert tally == {"Kiwi": 0, "Mango": 4, "Pear": 0, "Plum": 1}  # unread ballots count too
    vote = table.vote()
    assert vote.status == REVEALED and vote.revealed == 5 and vote.applied


def test_all_at_once_may_be_counted_without_reading(table):
    table.ask(candidates=FRUIT, reveal="all_at_once")
    for name, fruit in zip(NAMES, ("Pear", "Kiwi", "Pear", "Kiwi", "Plum")):
        table.cast(name, fruit)
    assert table.vote().revealed == 0
    assert table.svc.finish_reveal(table.host, table.code) == {
        "Kiwi": 2, "Mango": 0, "Pear": 2, "Plum": 1}


def test_finishing_before_the_vote_is_closed_is_refused(table, refused):
    table.ask(candidates=FRUIT, reveal="all_at_once")
    table.cast("Ann", "Kiwi")
    refused(table.svc.finish_reveal, table.host, table.code, match="Close the vote")
    refused(table.svc.reveal_next, table.host, table.code, match="Close the vote")


def test_the_result_is_handed_to_the_game_once(table, refused):
    table.ask("Best fruit?", candidates=FRUIT, reveal="all_at_once")
    for name, fruit in zip(NAMES, ("Pear", "Pear", "Pear", "Kiwi", "Plum")):
        table.cast(name, fruit)
    tally = table.svc.finish_reveal(table.host, table.code)
    assert tally == {"Kiwi": 1, "Mango": 0, "Pear": 3, "Plum": 1}
    expected = {"pending": None, "results": [
        {"question": "Best fruit?", "tally": [["Pear", 3], ["Kiwi", 1], ["Plum", 1], ["Mango", 0]],
         "ballots": []}]}
    assert table.svc.view(table.code, table.host) == expected
    assert table.svc.view(table.code, table.tokens["Ann"]) == expected  # a phone sees it too
    assert [line for line in table.history() if line.startswith("Result:")] == [
        "Result: Pear 3, Kiwi 1, Plum 1, Mango 0"]
    log = table.svc.store.rows("SELECT data FROM log WHERE room = ? AND kind = 'action'",
                               (table.code,))
    assert sum('"vote_result"' in r["data"] for r in log) == 1
    vote = table.vote()
    assert vote.status == REVEALED and vote.applied
    # counting again shows the same tally and records nothing twice
    before = table.svc.store.rows("SELECT * FROM log ORDER BY room, seq")
    assert table.svc.finish_reveal(table.host, table.code) == tally
    assert table.svc.store.rows("SELECT * FROM log ORDER BY room, seq") == before
    assert table.svc.view(table.code, table.host) == expected
    assert table.svc.reminders(table.code) == ("Ask the table a question to open a secret vote.",)
    # and no screen can write a result itself
    refused(table.svc.act, table.code, table.host, "vote_result",
            {"key": "vote-2", "tally": {"Kiwi": 9}}, match="ballot box")


def test_the_table_can_ask_again_after_a_result(table):
    table.ask("First?", candidates=FRUIT, reveal="all_at_once")
    for name in NAMES:
        table.cast(name, "Kiwi")
    table.svc.finish_reveal(table.host, table.code)
    vote = table.ask("Second?", candidates=FRUIT)
    assert vote.key == "vote-2" and vote.status == OPEN and vote.voted == frozenset()
    table.cast("Ann", "Plum")  # Ann voted in the first vote; this is a new ballot
    assert table.vote().voted == {"Ann"}


# --- allotments ------------------------------------------------------------------------------
def test_votes_per_voter_and_extra_votes_must_be_cast_exactly(table, refused, slots):
    vote = table.ask(candidates=FRUIT, votes_per_voter=2, extra_votes={"Ann": 1})
    assert vote.ballots_expected == 11
    assert slots.count(vote) == slots.empty(vote) == 11
    refused(table.cast, "Ann", "Kiwi", "Pear", match="Ann casts 3 votes; this ballot has 2")
    refused(table.cast, "Ann", "Kiwi", "Pear", "Plum", "Mango", match="has 4")
    refused(table.cast, "Ben", "Kiwi", match="Ben casts 2 votes; this ballot has 1")
    refused(table.cast, "Ben", match="this ballot has 0")
    table.cast("Ann", "Kiwi", "Pear", "Plum")
    table.cast("Ben", "Mango", "Pear")
    assert sorted(slots.filled(vote)) == sorted(["Kiwi", "Pear", "Plum", "Mango", "Pear"])
    assert slots.count(vote) == 11 and slots.empty(vote) == 6
    for name in ("Cat", "Dan", "Eve"):
        table.cast(name, "Kiwi", "Mango")
    vote = table.vote()
    assert vote.status == CLOSED and len(vote.reveal_order) == 11
    assert sorted(vote.reveal_order) == sorted(
        ["Kiwi", "Pear", "Plum", "Mango", "Pear"] + ["Kiwi", "Mango"] * 3)
    assert sorted(slots.filled(vote)) == sorted(vote.reveal_order) and slots.count(vote) == 11


def test_extra_votes_for_someone_not_voting_are_refused_by_the_rules(table, refused):
    refused(table.ask, candidates=FRUIT, voters=["Ann", "Ben"], extra_votes={"Cat": 1},
            match="Extra votes go only to voters")
    assert table.vote() is None


# --- refusals --------------------------------------------------------------------------------
def test_self_votes_are_refused_unless_the_vote_allows_them(table, refused):
    table.ask()  # candidates are the players themselves
    refused(table.cast, "Ann", "Ann", match="nobody may vote for themselves")
    table.cast("Ann", "Ben")
    table.cast("Ben", "Ann")
    table.svc.act(table.code, table.host, "cancel")
    table.ask("May you vote for yourself?", self_vote=True)
    assert table.cast("Cat", "Cat").voted == {"Cat"}


def test_a_self_vote_hidden_among_several_is_refused(table, refused):
    table.ask(votes_per_voter=2)
    refused(table.cast, "Dan", "Ann", "Dan", match="themselves")
    assert table.vote().voted == frozenset()


def test_a_candidate_not_on_the_ballot_is_refused(table, refused):
    table.ask(candidates=FRUIT)
    refused(table.cast, "Ann", "Banana", match="Banana is not on this ballot")
    refused(table.cast, "Ann", "KIWI", match="not on this ballot")  # names are exact
    refused(table.svc.cast_for, table.host, table.code, "Ben", ["Durian"], match="not on")


def test_a_second_ballot_is_refused(table, refused, slots):
    table.ask(candidates=FRUIT)
    table.cast("Cat", "Kiwi")
    refused(table.cast, "Cat", "Kiwi", match="Cat has already voted")
    refused(table.cast, "Cat", "Pear", match="cannot be changed or cast twice")
    refused(table.svc.cast_for, table.host, table.code, "Cat", ["Pear"], match="already voted")
    assert slots.filled(table.vote()) == ["Kiwi"] and slots.empty(table.vote()) == 4


def test_a_ballot_after_the_close_is_refused(table, refused):
    table.ask(candidates=FRUIT)
    for name in NAMES:
        table.cast(name, "Kiwi")
    assert table.vote().status == CLOSED
    # even a seated player who was never asked, and the host on behalf of someone
    refused(table.cast, "Ann", "Pear", match="no open vote")
    refused(table.svc.cast_for, table.host, table.code, "Ann", ["Pear"], match="no open vote")


def test_no_ballot_before_any_vote(table, refused):
    refused(table.cast, "Ann", "Ben", match="no open vote")


def test_a_player_who_is_not_a_voter_cannot_cast(table, refused):
    table.ask(candidates=FRUIT, voters=["Ann", "Ben"])
    refused(table.cast, "Eve", "Kiwi", match="Eve is not voting in this vote")
    refused(table.svc.cast_for, table.host, table.code, "Zed", ["Kiwi"], match="not voting")


def test_pass_and_play_the_table_casts_for_each_voter(table):
    vote = table.ask("Pass the tablet", candidates=FRUIT, voters=["Ann", "Ben", "Cat"],
                     reveal="all_at_once")
    for name, fruit in (("Ann", "Kiwi"), ("Ben", "Plum"), ("Cat", "Kiwi")):
        vote = table.svc.cast_for(table.host, table.code, name, [fruit])
    assert vote.status == CLOSED and vote.voted == {"Ann", "Ben", "Cat"}
    assert len(vote.reveal_order) == 3  # "all 3 ballots in"
    assert table.svc.finish_reveal(table.host, table.code) == {
        "Kiwi": 2, "Mango": 0, "Pear": 0, "Plum": 1}


def test_a_phone_cannot_do_what_only_the_table_may(table, refused):
    table.ask(candidates=FRUIT)
    table.cast("Ann", "Kiwi")
    phone = table.tokens["Ben"]
    svc, code = table.svc, table.code
    refused(svc.cast_for, phone, code, "Ben", ["Kiwi"], match="Only the table screen")
    refused(svc.cast_for, phone, code, "Cat", ["Kiwi"], match="Only the table screen")
    refused(svc.close_vote, phone, code, match="Only the table screen")
    refused(svc.act, code, phone, "ask", {"question": "Mine?", "candidates": FRUIT,
                                          "voters": list(NAMES)}, match="Only the table")
    refused(svc.act, code, phone, "cancel", match="Only the table")
    refused(svc.act, code, phone, "vote_result", {"key": "vote-1", "tally": {"Kiwi": 5}})
    for name in ("Ben", "Cat", "Dan", "Eve"):
        table.cast(name, "Pear")
    refused(svc.reveal_next, phone, code, match="Only the table screen")
    refused(svc.finish_reveal, phone, code, match="Only the table screen")
    refused(svc.undo, phone, code, match="Only the table screen")
    assert table.vote().status == CLOSED and table.vote().revealed == 0


@pytest.mark.parametrize("token", ["", None, "forged-token-123", "A" * 24])
def test_a_forged_token_is_refused(table, refused, token):
    table.ask(candidates=FRUIT)
    refused(table.svc.cast, table.code, token, ["Kiwi"], match="seat pass is not valid")
    refused(table.svc.view, table.code, token, match="seat pass is not valid")


def test_a_stale_or_foreign_token_is_refused(svc, table, make_table, refused):
    other = make_table(names=("Ann", "Zoe"))
    table.ask(candidates=FRUIT)
    # the token of Ann's seat in another room does not speak for Ann here
    refused(svc.cast, table.code, other.tokens["Ann"], ["Kiwi"], match="not valid")
    # a freed seat's token, and a token replaced by a rejoin code, are stale
    svc.free_seat(table.host, table.code, table.seats["Ben"].id)
    refused(table.cast, "Ben", "Kiwi", match="not valid")
    svc.rejoin_token(table.host, table.code, table.seats["Cat"].id)
    refused(table.cast, "Cat", "Kiwi", match="not valid")
    assert table.vote().voted == frozenset()


def test_rule_refusals_of_a_question_change_nothing(table, refused):
    refused(table.ask, candidates=["Kiwi"], match="at least two candidates")
    refused(table.ask, candidates=["Kiwi", "Kiwi"], match="only once")
    refused(table.ask, candidates=FRUIT, voters=[], match="at least one voter")
    refused(table.ask, "", candidates=FRUIT, match="question")
    refused(table.ask, candidates=FRUIT, reveal="backwards", match="one by one or all at once")
    table.ask(candidates=FRUIT)
    refused(table.ask, "Another?", candidates=FRUIT, match="already under way")
    assert table.vote().call.question == "Who leads the next round?"


def test_cancelling_a_vote_destroys_its_ballots(table, slots):
    vote = table.ask(candidates=FRUIT)
    table.cast("Ann", "Kiwi")
    assert slots.count(vote) == 5
    table.svc.act(table.code, table.host, "cancel")
    assert table.vote() is None
    assert slots.rows(vote) == []  # the filled slot and the empty ones
    assert "The vote was called off; its ballots were destroyed." in table.history()


# --- two requests at once (Flet runs the handlers of different phones on different threads) ----
def paused_before_writing(action):
    """A thread that runs ``action`` but stops just before it opens its write transaction.

    It uses the profiler hook to pause the real code at ``Store.transaction`` — no stub, no
    patched method: the test only decides when the other request gets its turn.
    """
    reached, go, outcome = threading.Event(), threading.Event(), {}

    def profiler(frame, event, arg):
        code = frame.f_code
        if (event == "call" and code.co_name == "transaction"
                and code.co_filename.endswith("store.py") and not reached.is_set()):
            reached.set()
            go.wait(10)

    def run():
        sys.setprofile(profiler)
        try:
            outcome["value"] = action()
        except Exception as e:  # noqa: BLE001 - the test inspects it
            outcome["error"] = e
        finally:
            sys.setprofile(None)

    thread = threading.Thread(target=run)
    thread.start()
    assert reached.wait(10), "the request never reached its write"

    def finish():
        go.set()
        thread.join(10)
        return outcome

    return finish


def test_the_last_two_ballots_at_once_still_close_the_vote(table, slots):
    table.ask(candidates=FRUIT, voters=["Ann", "Ben"])
    finish = paused_before_writing(lambda: table.cast("Ben", "Pear"))
    table.cast("Ann", "Kiwi")
    outcome = finish()
    assert "error" not in outcome
    vote = table.vote()
    assert vote.voted == {"Ann", "Ben"}
    assert vote.status == CLOSED, "everyone has voted, yet the vote is still open"
    assert sorted(vote.reveal_order) == sorted(slots.filled(vote)) == ["Kiwi", "Pear"]
    assert slots.count(vote) == 2


def test_a_ballot_racing_the_close_is_refused_or_counted(table, slots):
    table.ask(candidates=FRUIT, reveal="all_at_once")
    table.cast("Ann", "Kiwi")
    finish = paused_before_writing(lambda: table.cast("Ben", "Pear"))
    table.svc.close_vote(table.host, table.code)
    outcome = finish()
    vote = table.vote()
    stored = sorted(slots.filled(vote))
    assert slots.empty(vote) == 0, "the close left empty slots behind"
    if "error" in outcome:  # refused: fine, as long as nothing was written
        assert isinstance(outcome["error"], Refused), outcome
        assert stored == ["Kiwi"] and vote.voted == {"Ann"}
    else:  # accepted: then it must be counted
        assert sorted(vote.reveal_order) == stored == ["Kiwi", "Pear"]
        assert table.svc.finish_reveal(table.host, table.code)["Pear"] == 1


def test_a_ballot_racing_a_called_off_vote_leaves_nothing(table, slots):
    vote = table.ask(candidates=FRUIT)
    finish = paused_before_writing(lambda: table.cast("Ben", "Pear"))
    table.svc.undo(table.host, table.code)
    outcome = finish()
    assert isinstance(outcome.get("error"), Refused), f"not refused: {outcome}"
    assert slots.rows(vote) == [], "a ballot of a called-off vote was kept"


# --- an open vote: cast in secret, revealed all at once with the voters' names ---------------
def test_an_open_vote_shows_no_ballot_before_the_close_and_every_name_after(table, db_path):
    """The Resistance's team vote: everyone votes at once, then all votes are shown."""
    vote = table.ask("Send this team?", candidates=("Approve", "Reject"), open_vote=True,
                     reveal="one_by_one")  # an open vote is always revealed all at once
    assert vote.call.open_vote and vote.call.reveal == "all_at_once"
    cast = {"Ann": "Approve", "Ben": "Reject", "Cat": "Approve", "Dan": "Approve"}
    for name, choice in cast.items():
        vote = table.cast(name, choice)
    # while the box is open nobody, the table included, learns a ballot
    assert vote.status == OPEN and vote.ballots == {}
    assert table.svc.view(table.code, table.host)["results"] == []
    vote = table.cast("Eve", "Reject")
    assert vote.status == CLOSED
    assert vote.ballots == {n: (c,) for n, c in {**cast, "Eve": "Reject"}.items()}
    table.svc.finish_reveal(table.host, table.code)
    (result,) = table.svc.view(table.code, table.tokens["Ben"])["results"]
    assert result["ballots"] == [["Ann", ["Approve"]], ["Ben", ["Reject"]], ["Cat", ["Approve"]],
                                 ["Dan", ["Approve"]], ["Eve", ["Reject"]]]
    assert result["tally"] == [["Approve", 3], ["Reject", 2]]


def test_a_secret_vote_keeps_no_voter_in_the_file_and_its_result_names_nobody(table, db_path):
    table.ask("Who cooks?", candidates=FRUIT, reveal="all_at_once")
    for name in NAMES:
        vote = table.cast(name, "Kiwi")
    assert vote.ballots == {}
    rows = table.svc.store.rows("SELECT open_ballots FROM votes")
    assert [r["open_ballots"] for r in rows] == [None]
    table.svc.finish_reveal(table.host, table.code)
    assert table.svc.view(table.code, table.host)["results"][0]["ballots"] == []


def test_a_result_that_names_voters_is_refused_for_a_secret_vote():
    from rules import TABLE, Action, RuleError
    from rules.table_vote import GAME
    state = GAME.apply(GAME.setup(()), Action(TABLE, "ask", {
        "question": "Who?", "candidates": ["A", "B"], "voters": ["Ann"]}))
    with pytest.raises(RuleError, match="never says who voted"):
        GAME.apply(state, Action(TABLE, "vote_result", {
            "key": "vote-1", "tally": {"A": 1}, "ballots": {"Ann": ["A"]}}))


def test_an_open_vote_called_off_forgets_its_ballots(table):
    table.ask("Send this team?", candidates=("Approve", "Reject"), open_vote=True)
    table.cast("Ann", "Approve")
    table.svc.act(table.code, table.host, "cancel", {})
    rows = table.svc.store.rows("SELECT status, open_ballots FROM votes")
    assert [(r["status"], r["open_ballots"]) for r in rows] == [("cancelled", None)]


def test_an_open_vote_is_revealed_all_at_once():
    from rules import VoteCall
    with pytest.raises(ValueError, match="all at once"):
        VoteCall("team", "Send this team?", ("Approve", "Reject"), ("Ann",), open_vote=True)
