"""Survivor: The Tribe Has Spoken on the one game contract (issue 9): legal moves, history
lines from the states on both sides, setup options with a schema, and secrets kept.

Each test quotes the rule text it checks.
"""
import json
from dataclasses import asdict, replace

import pytest

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.survivor import GAME

P4 = ("Ann", "Bob", "Cid", "Dee")

def english(lines) -> tuple:
    """The rules' sentences are messages: their English, to compare with the rule text."""
    return tuple(map(str, lines))



def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def new(players=P4, **options):
    return act(GAME.setup(players, options), TABLE, "start")


def welcome(state=None):
    state = state or new()
    return act(state, state.turn, "draw_tribal_council", kind="double")


# --- legal moves: what each seat may do now --------------------------------------------------

def test_only_the_player_whose_turn_it_is_is_offered_the_draw():
    """ "Draw a Card. End your turn by taking the top card from the Draw Pile into your
    hand." / "Play continues clockwise around the table." """
    state = new()
    assert set(GAME.legal_moves(state, "Ann")) == {"draw_action", "draw_tribal_council"}
    assert GAME.legal_moves(state, "Bob") == ()
    assert set(GAME.legal_moves(state, TABLE)) == {"draw_action", "draw_tribal_council",
                                                   "turn_over", "take_vote_card"}
    with pytest.raises(MoveNotAllowed, match="It is Ann's turn"):
        act(state, "Bob", "draw_action")


def test_the_tribal_council_leader_is_offered_each_step_in_turn():
    """ "If you are the player who drew the Tribal Council Card, you are the Tribal Council
    Leader. This means you are responsible for starting the voting process, tallying the
    votes, and resolving ties." """
    state = welcome()
    assert "begin_discussion" in GAME.legal_moves(state, "Ann")
    assert "begin_discussion" not in GAME.legal_moves(state, "Bob")
    state = act(state, "Ann", "begin_discussion")
    assert "start_vote" in GAME.legal_moves(state, "Ann")
    assert "begin_discussion" not in GAME.legal_moves(state, "Ann")
    state = act(state, "Ann", "start_vote")
    # the Voting Box goes round: only the table screen, which sees it, opens the eyes
    assert "open_eyes" in GAME.legal_moves(state, TABLE)
    assert "open_eyes" not in GAME.legal_moves(state, "Ann")
    assert "vote_result" not in GAME.legal_moves(state, TABLE)  # only the box's count


def test_tribal_advantage_cards_are_offered_until_voting_starts():
    """ "You can play as many Tribal Advantage Cards as you would like during this
    discussion, but NOT once voting has started!" """
    state = act(welcome(), "Ann", "begin_discussion")
    for seat in P4:
        assert "play_tribal_advantage" in GAME.legal_moves(state, seat)
    state = act(state, "Ann", "start_vote")
    for seat in P4:
        assert "play_tribal_advantage" not in GAME.legal_moves(state, seat)
    with pytest.raises(MoveNotAllowed, match="NOT once voting has started"):
        act(state, "Bob", "play_tribal_advantage", votes=1)


def test_a_player_out_of_the_game_is_offered_no_card():
    """ "When both your Survivor Character Cards are gone, you're out, but you'll still play
    an important role at the end of the game." """
    state = new()
    for _ in range(2):
        state = act(state, TABLE, "turn_over", player="Dee")
    state = welcome(state)
    assert GAME.legal_moves(state, "Dee") == ()
    with pytest.raises(MoveNotAllowed, match="Dee is out of the game"):
        act(state, "Dee", "use_extra_votes", count=1)
    with pytest.raises(RuleError, match="Dee is out of the game"):
        act(state, TABLE, "use_extra_votes", player="Dee", count=1)  # named by the table


def test_immunity_idols_are_offered_only_at_their_moment():
    """ "Everyone, open your eyes. If anyone has an Immunity Idol and wants to play it, now
    would be the time to do so." """
    state = act(act(welcome(), "Ann", "begin_discussion"), "Ann", "start_vote")
    assert "play_idol" not in GAME.legal_moves(state, "Bob")
    call = GAME.vote_call(state)
    state = act(state, TABLE, "open_eyes", key=call.key, voted=list(call.voters))
    assert "play_idol" in GAME.legal_moves(state, "Bob")
    state = act(state, "Bob", "play_idol")
    assert "play_idol" not in GAME.legal_moves(state, "Bob")  # played already
    assert "play_idol" in GAME.legal_moves(state, "Cid")


# --- history lines ---------------------------------------------------------------------------

def test_the_history_line_is_written_from_the_state_after_never_by_playing_again(monkeypatch):
    """ "With a Double Elimination Tribal Council Card, players will vote out 2 different
    players." The line says what the move did, read off the states on both sides."""
    before = new()
    action = Action("Ann", "draw_tribal_council", {"kind": "double"})
    after = GAME.apply(before, action)

    def no_replay(*args):
        raise AssertionError("describe applied the move again")
    monkeypatch.setattr(GAME, "apply", no_replay)
    assert str(GAME.describe(before, action, after)) == (
        "Ann drew a Double Elimination Tribal Council card and leads Tribal Council 1.")


def hidden_extra(state, keep):
    """The state with every Extra Vote card cleared except ``keep``'s."""
    extra = tuple((p, n) for p, n in state.council.extra if p == keep)
    return replace(state, council=replace(state.council, extra=extra))


@pytest.mark.parametrize("count", [1, 3])
def test_extra_vote_cards_stay_secret_from_every_other_seat(count):
    """ "If you have Extra Vote Cards, you can use them against the same player, a different
    player, or save them for later." and "You CAN'T show another player your cards unless a
    card makes you." Whatever Cid sets, the table and the other phones see the same."""
    discussing = act(welcome(), "Ann", "begin_discussion")
    for moment in ("discussion", "vote"):
        base = discussing if moment == "discussion" else act(discussing, "Ann", "start_vote")
        action = Action("Cid", "use_extra_votes", {"count": count})
        state = GAME.apply(base, action)
        assert GAME.view(state, "Cid")["council"]["your_extra_vote_cards"] == count
        for seat in (None, "Ann", "Bob", "Dee"):
            assert GAME.view(state, seat) == GAME.view(base, seat)
            assert GAME.legal_moves(state, seat or TABLE) == GAME.legal_moves(base, seat or TABLE)
        line = str(GAME.describe(base, action, state))
        assert "Cid" not in line and str(count) not in line
        assert line == str(GAME.describe(base, Action("Bob", "use_extra_votes", {"count": 2}),
                                     GAME.apply(base, Action("Bob", "use_extra_votes",
                                                             {"count": 2}))))
    # the next moves' lines do not tell it either
    state = act(discussing, "Cid", "use_extra_votes", count=count)
    start = Action("Ann", "start_vote")
    assert str(GAME.describe(state, start, GAME.apply(state, start))) == str(GAME.describe(
        discussing, start, GAME.apply(discussing, start)))


# --- setup options with a schema -------------------------------------------------------------

def test_the_setup_options_are_declared_with_their_defaults_and_sentences():
    """ "Pick a player to go first." The rule text leaves two things open, each an option with
    a default: voting for yourself, and who leads a Final Tribal Council that two players
    reached at the same moment ("The player most recently eliminated is ... the Final Tribal
    Council Leader")."""
    options = {o.name: o for o in GAME.options}
    assert options["self_vote"].kind == "bool" and options["self_vote"].default is True
    assert options["final_leader"].allowed == ("tribal_council_leader", "seat_order")
    assert all(o.sentence and o.label for o in GAME.options)
    data = json.loads(json.dumps(GAME.data))  # plain data for the screens
    assert data["tribal_council_cards"][1] == {"players": 4, "single": 2, "double": 2}
    # the setup form's data: its words are messages of Survivor's catalog (issue 48), said
    # in the table's language by the form; as data, each is its parts
    schemas = json.loads(json.dumps([o.schema() for o in GAME.options], default=asdict))
    assert [o["name"] for o in schemas] == ["self_vote", "final_leader"]
    assert all(o["label"]["domain"] == o["sentence"]["domain"] == "survivor" for o in schemas)
    assert str(options["self_vote"].label) == "Players may vote for themselves"
    assert {v for v, _ in schemas[1]["words"]} == {"tribal_council_leader", "seat_order"}
    with pytest.raises(RuleError, match="choose "):
        GAME.setup(P4, {"final_leader": "oldest"})


def test_the_choices_are_said_on_screen_in_plain_words():
    """Where the rule text is silent, the setup reminders say the app's choice."""
    text = "\n".join(english(GAME.reminders(GAME.setup(P4, {"self_vote": False,
                                                    "final_leader": "seat_order"}))))
    assert "House rule: nobody may vote for themselves." in text
    assert ("Choice: if two players are eliminated at the same moment and the Final Tribal "
            "Council starts, the first of them clockwise from the Tribal Council Leader leads "
            "it, the Tribal Council Leader's own seat first (a leader who is out leads it).") \
        in text
    assert "does not say" not in text
