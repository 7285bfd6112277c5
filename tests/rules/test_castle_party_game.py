"""Castle Party at the table: setup, castles edited from each phone, special actions, Clocks and
Events, the final tally (rules-texts/castle-party.txt)."""
import json

import pytest

from rules import TABLE, Action, RuleError
from rules.castle_party import APPROXIMATION_NOTE, GAME, RAVE_LAYOUT
from testsupport.castle_party import LAYOUT, clock, reminders, said, shapes_until


RAVE = """
~ ~ ~ ~ ~ ~ ~
~ ^ s s w w ~
~ v v . g g ~
~ f f . . . ~
~ . . . . . ~
~ ~ ~ = ~ ~ ~
"""


def new(players=("Ann", "Bob"), **options):
    options.setdefault("layout", LAYOUT)
    return GAME.setup(players, options)


def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def place(state, player, row, column, guest):
    return act(state, player, "place", square=[row, column], guest=guest)


def refused(state, actor, move, match, **args):
    with pytest.raises(RuleError, match=match):
        act(state, actor, move, **args)


def totals(state):
    return {c["player"]: c["score"]["total"] for c in GAME.view(state, None)["castles"]}


# -- Setup -------------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 5])
def test_castle_party_is_for_two_to_four_players(count):
    with pytest.raises(RuleError, match="2 to 4 players"):
        GAME.setup(tuple("ABCDE"[:count]), {})


def test_setup_refuses_shared_names_the_table_name_and_unknown_options():
    with pytest.raises(RuleError, match="share a name"):
        GAME.setup(("Ann", "Ann"), {})
    with pytest.raises(RuleError, match="table screen"):
        GAME.setup(("Ann", TABLE), {})
    with pytest.raises(RuleError, match="no option"):
        GAME.setup(("Ann", "Bob"), {"speed": 3})
    with pytest.raises(RuleError, match="the basic side or the Rave side"):
        GAME.setup(("Ann", "Bob"), {"side": "disco"})


def test_the_default_layout_is_an_approximation_and_says_so():
    state = GAME.setup(("Ann", "Bob", "Cid", "Dee"), {})
    view = GAME.view(state, None)
    assert view["layout_is_default"] is True
    assert APPROXIMATION_NOTE in view["notes"]
    assert APPROXIMATION_NOTE in reminders(state)
    assert view["side"] == "basic"


def test_the_rave_side_has_five_gathering_points_and_a_layout_option_replaces_the_default():
    rave = GAME.setup(("Ann", "Bob"), {"side": "rave"})
    assert GAME.view(rave, None)["layout"] == ["".join(r.split()) for r in RAVE_LAYOUT.split("\n") if r]
    own = GAME.setup(("Ann", "Bob"), {"side": "Rave", "layout": RAVE})
    view = GAME.view(own, "Ann")
    assert view["layout"][1] == "~^ssww~"
    assert view["layout_is_default"] is False
    assert APPROXIMATION_NOTE not in view["notes"]
    with pytest.raises(RuleError, match="lacks s, w, v, g, f"):
        GAME.setup(("Ann", "Bob"), {"side": "rave", "layout": LAYOUT})
    with pytest.raises(RuleError, match="basic side has no gathering points"):
        GAME.setup(("Ann", "Bob"), {"layout": RAVE})


def test_setup_reminders_give_the_shape_deck_instructions():
    text = " ".join(reminders(new()))
    assert "four face-down piles of five" in text
    assert "Clock card into three of the piles" in text
    assert "pile without a Clock on top" in text
    assert GAME.view(new(), None)["phase"] == "setup"


def test_the_table_can_set_its_layout_only_before_anybody_draws():
    state = GAME.setup(("Ann", "Bob"), {})
    state = act(state, TABLE, "set_layout", layout=LAYOUT)
    assert GAME.view(state, None)["layout"][1] == "~^^.^^~"
    refused(state, "Ann", "set_layout", "table screen sets", layout=LAYOUT)
    state = place(state, "Ann", 2, 2, "V")
    refused(state, TABLE, "set_layout", "before anybody draws", layout=LAYOUT)


# -- My castle on my phone -------------------------------------------------------------------
def test_a_player_draws_guests_in_their_own_castle_only():
    state = place(new(), "Ann", 2, 2, "V")
    castles = GAME.view(state, None)["castles"]
    assert castles[0]["guests"][2] == "..V...."
    assert castles[1]["guests"][2] == "......."
    refused(state, TABLE, "place", "own castle", square=[2, 3], guest="V")
    refused(state, "Zed", "place", "Zed is not playing", square=[2, 3], guest="V")


def test_each_guest_takes_a_separate_square():
    state = place(new(), "Ann", 2, 2, "V")
    refused(state, "Ann", "place", "C3 already holds a Vampire", square=[2, 2], guest="W")


def test_bad_squares_and_guests_are_refused_with_a_sentence():
    state = new()
    refused(state, "Ann", "place", "by its row and column", square="C3", guest="V")
    refused(state, "Ann", "place", "off this whiteboard", square=[6, 0], guest="V")
    refused(state, "Ann", "place", "Pick a guest", square=[2, 2], guest="X")
    refused(state, "Ann", "place", "only by the Toast", square=[2, 2], guest="P")
    refused(state, "Ann", "no_such_move", "no move")


def test_a_guest_on_another_familys_gathering_point_is_refused():
    state = new(layout=RAVE, side="rave")
    refused(state, "Ann", "place", "the Punch, the Vampires' gathering point", square=[2, 1], guest="W")
    state = place(state, "Ann", 2, 1, "V")
    state = place(state, "Ann", 2, 2, "v")
    assert GAME.view(state, "Ann")["castles"][0]["score"]["gathering_points"]["V"] == 2


def test_only_one_king_queen_of_a_family_per_castle():
    state = place(new(), "Ann", 2, 2, "v")
    refused(state, "Ann", "place", "only one Vampire King/Queen", square=[3, 3], guest="v")


def test_a_whole_group_is_placed_at_once_or_not_at_all():
    group = [
        {"square": [2, 1], "guest": "V"},
        {"square": [2, 2], "guest": "V"},
        {"square": [3, 2], "guest": "W"},
        {"square": [4, 2], "guest": "W"},
        {"square": [5, 2], "guest": "G"},  # left in the moat
    ]
    state = act(new(), "Ann", "place_group", group=group)
    ann = GAME.view(state, "Ann")["castles"][0]
    assert ann["guests"][2:5] == [".VV....", "..W....", "..W...."]
    assert ann["guests"][5] == "..G...."
    assert ann["score"]["total"] == 2 + 2 - 1 + 6  # three unused special actions
    clash = [{"square": [1, 1], "guest": "S"}, {"square": [2, 1], "guest": "S"}]
    refused(state, "Ann", "place_group", "B3 already holds a Vampire", group=clash)
    assert GAME.view(state, "Ann")["castles"][0]["guests"][1][1] == "."  # nothing drawn
    refused(new(), "Ann", "place_group", "share", group=[group[0], group[0]])
    refused(new(), "Ann", "place_group", "list of guests", group=[])


def test_a_guest_drawn_by_mistake_is_erased():
    state = place(new(), "Ann", 2, 2, "V")
    state = act(state, "Ann", "remove", square=[2, 2])
    assert GAME.view(state, "Ann")["castles"][0]["guests"][2] == "......."
    refused(state, "Ann", "remove", "already empty", square=[2, 2])


# -- Special actions ---------------------------------------------------------------------------
def test_each_special_action_is_ticked_once_and_unused_ones_score_two():
    """"You can use each of the special actions only once throughout the length of the game";
    "The player gets 2 points for each special action they did not use during the game"."""
    state = new()
    assert totals(state) == {"Ann": 6, "Bob": 6}
    state = act(state, TABLE, "reveal_shape")  # Shape 1: Ann's, Ann speaks first
    state = act(state, "Ann", "special_action", action="masked_ball")
    state = act(state, TABLE, "reveal_shape")  # Shape 2: Bob's, Bob speaks first
    # Who may act is checked before what the move names: Bob speaks now, so the name is read.
    refused(state, "Bob", "special_action", "Lights Out, Masked Ball", action="disco")
    state = act(state, "Bob", "pass_special")
    refused(state, "Ann", "special_action", "already used Masked Ball", action="masked_ball")
    state = act(state, "Ann", "special_action", action="lights_out")
    state = act(state, TABLE, "reveal_shape")  # Shape 3: Ann's again
    state = act(state, "Ann", "special_action", action="change_in_orientation")
    assert totals(state) == {"Ann": 0, "Bob": 6}
    assert GAME.view(state, "Bob")["castles"][0]["special_actions"] == {
        "lights_out": True,
        "masked_ball": True,
        "change_in_orientation": True,
    }
    refused(state, TABLE, "special_action", "own castle", action="lights_out")


# -- Clocks and Events -------------------------------------------------------------------------
def test_no_event_before_a_clock_and_only_the_table_marks_clocks():
    state = new()
    refused(state, "Ann", "score_event", "none has been", event="conga")
    refused(state, "Ann", "reveal_clock", "table screen marks")
    state = clock(state)
    assert GAME.view(state, None)["phase"] == "events"
    assert "Waiting for Ann and Bob" in " ".join(reminders(state))


def test_one_event_per_clock_each_event_once_every_player_before_the_next_clock():
    state = place(new(), "Ann", 1, 1, "V")  # in front of a window
    state = place(state, "Ann", 1, 2, "V")
    state = clock(state)
    state = act(state, "Ann", "score_event", event="fireworks")
    refused(state, "Ann", "score_event", "already scored an Event for the first Clock", event="conga")
    refused(state, TABLE, "reveal_clock", "First Bob must score an Event for the first Clock")
    state = act(state, "Bob", "score_event", event="conga")
    state = clock(state)
    refused(state, "Ann", "score_event", "already scored the Fireworks", event="fireworks")
    ann = GAME.view(state, "Ann")["castles"][0]
    assert ann["events"] == [
        {"event": "fireworks", "name": "Fireworks", "points": 2, "clock": 1, "square": None}
    ]
    assert ann["events_left"] == ["conga", "toast"]
    assert GAME.view(state, None)["castles"][1]["events"][0]["points"] == 0


def test_the_toast_draws_the_pumpkin_king_on_an_empty_square():
    state = new()
    for row, column, guest in [(2, 1, "V"), (2, 2, "v"), (2, 3, "W"), (4, 1, "U"), (4, 3, "W")]:
        state = place(state, "Ann", row, column, guest)
    state = clock(state)
    refused(state, "Ann", "score_event", "Tap an empty square", event="toast")
    refused(state, "Ann", "score_event", "empty square: C3 holds the Vampire King/Queen",
            event="toast", square=[2, 2])
    refused(state, "Ann", "score_event", "Only the Toast", event="conga", square=[3, 2])
    # Around C4: B3 V, C3 v, D3 W, B5 U, D5 W -> Vampire, Vampire King, Witch, Unicorn = 4
    assert GAME.view(state, "Ann")["mine"]["event_points"]["toast"].count([3, 2, 4]) == 1
    before = Action("Ann", "score_event", {"event": "toast", "square": [3, 2]})
    assert said(GAME, state, before) == "Ann toasted the Pumpkin King on C4: 4 points."
    state = GAME.apply(state, before)
    ann = GAME.view(state, "Ann")["castles"][0]
    assert ann["guests"][3] == "..P...."
    assert ann["events"][0]["points"] == 4 and ann["events"][0]["square"] == [3, 2]
    refused(state, "Ann", "remove", "stays where he was toasted", square=[3, 2])
    refused(state, "Ann", "place", "holds the Pumpkin King", square=[3, 2], guest="S")


def test_the_third_clock_ends_the_game_after_the_last_event():
    state = new()
    for row, column, guest in [(1, 1, "V"), (1, 2, "V"), (2, 1, "V")]:
        state = place(state, "Ann", row, column, guest)
    state = place(state, "Bob", 2, 2, "W")
    for number, (ann, bob) in enumerate(
        [("fireworks", "conga"), ("conga", "fireworks"), ("toast", "toast")], 1
    ):
        state = clock(state)
        state = act(state, "Ann", "score_event", event=ann, **({"square": [4, 5]} if ann == "toast" else {}))
        if number < 3:
            state = act(state, "Bob", "score_event", event=bob)
        if number == 2:
            state = place(state, "Bob", 3, 3, "S")  # drawn before the third Clock
    refused(state, TABLE, "reveal_clock", "All three Clocks")
    refused(state, "Ann", "place", "castle is final", square=[3, 3], guest="S")
    # "The game comes to an end at the moment that the third and final Clock appears":
    # Bob, who still owes his last Event, draws nothing more either.
    refused(state, "Bob", "place", "third Clock has ended the party", square=[4, 4], guest="S")
    assert GAME.view(state, None)["phase"] == "events"
    assert "third Clock ends the party" in " ".join(reminders(state))
    state = act(state, "Bob", "score_event", event="toast", square=[2, 3])
    view = GAME.view(state, None)
    assert view["over"] is True and view["phase"] == "over"
    # Ann: Vampires 3; Fireworks 2, Conga 3, Toast 0; three unused actions 6 -> 14
    # Bob: Witch 1 + Skeleton 1; Conga 1, Fireworks 0, Toast 2 (W, S); 6 -> 11
    assert totals(state) == {"Ann": 14, "Bob": 11}
    assert view["winners"] == ["Ann"]
    # The winner is said by the view (second person on the winner's own phone), not by the
    # table's phase line, which would give the read-out's end away before its first category.
    assert view["result"] == "Ann wins with 14 points!"
    assert GAME.view(state, "Ann")["result"] == "You win with 14 points!"
    assert GAME.view(state, "Bob")["result"] == "Ann wins with 14 points!"
    assert reminders(state) == (
        "The party is over: the Final Score",
        "The table reads it out one category at a time; the winner comes last.")
    refused(state, "Bob", "special_action", "party is over", action="lights_out")
    refused(state, "Ann", "score_event", "party is over", event="conga")


def play_out(state, toast_square):
    """Reveal the Clocks; at each one every player scores their first unused Event."""
    while not state.over:
        state = clock(state)
        for player in state.players:
            event = state.whiteboard(player).events_left[0]
            extra = {"square": toast_square} if event == "toast" else {}
            state = act(state, player, "score_event", event=event, **extra)
    return state


def test_the_highest_final_score_wins():
    state = place(new(players=("Ann", "Bob", "Cid")), "Cid", 2, 2, "V")
    state = play_out(state, [4, 5])
    # Ann and Bob: 6 for the actions; Cid: 1 Vampire + Conga 1 + 6 (Fireworks 0, Toast 0).
    assert totals(state) == {"Ann": 6, "Bob": 6, "Cid": 8}
    assert GAME.view(state, None)["winners"] == ["Cid"]


def test_the_winner_is_told_in_the_second_person_and_kept_for_the_read_out():
    """"earn as many points as possible in your drive to win this monstrous game!" and "Each
    player adds up their Final Score ... and notes down the results in the corresponding
    boxes": the view says who wins ("You win" on the winner's own phone), while the table's
    phase line only says the Final Score is read out, so the read-out keeps its end for the
    end."""
    state = place(new(players=("Ann", "Bob", "Cid")), "Cid", 2, 2, "V")
    assert GAME.view(state, "Cid")["result"] is None  # nothing to say before the end
    state = play_out(state, [4, 5])
    assert GAME.view(state, "Cid")["result"] == "You win with 8 points!"
    assert GAME.view(state, "Ann")["result"] == "Cid wins with 8 points!"
    assert GAME.view(state, None)["result"] == "Cid wins with 8 points!"
    assert not any("Cid" in line or "8 points" in line for line in reminders(state))
    assert "one category at a time" in " ".join(reminders(state))


def test_tied_players_share_the_victory():
    tied = play_out(new(), [2, 2])
    assert GAME.view(tied, "Bob")["winners"] == ["Ann", "Bob"]
    assert GAME.view(tied, None)["result"] == "Ann and Bob share the victory with 6 points."
    assert GAME.view(tied, "Bob")["result"] == "You and Ann share the victory with 6 points."
    assert "no tie-breaker" in " ".join(GAME.view(tied, None)["notes"])


def test_the_table_reads_the_tally_out_one_category_at_a_time():
    state = place(new(layout=RAVE, side="rave"), "Ann", 2, 1, "V")
    state = place(state, "Ann", 2, 2, "v")
    state = place(state, "Ann", 0, 0, "S")  # in the moat
    tally = GAME.view(state, None)["tally"]
    keys = [c["key"] for c in tally["categories"]]
    assert keys == ["S", "W", "V", "G", "F", "unicorns", "special_actions", "moat",
                    "fireworks", "conga", "toast", "gathering_points"]
    # Vampires 2 + King bonus 1; 6 for the actions; moat -1; 2 on the Punch.
    assert tally["points"]["Ann"] == [0, 0, 3, 0, 0, 0, 6, -1, 0, 0, 0, 2]
    assert tally["totals"] == {"Ann": 10, "Bob": 6}
    basic = GAME.view(new(), None)["tally"]
    assert "gathering_points" not in [c["key"] for c in basic["categories"]]


# -- Views, history, votes ---------------------------------------------------------------------
def test_every_castle_is_public_and_a_seat_also_gets_its_event_previews():
    state = place(new(), "Bob", 1, 1, "W")
    state = clock(state)
    table = GAME.view(state, None)
    bob = GAME.view(state, "Bob")
    ann = GAME.view(state, "Ann")
    json.dumps(table), json.dumps(bob), json.dumps(ann)
    assert table["mine"] is None
    assert ann["castles"] == bob["castles"] == table["castles"]  # whiteboards lie on the table
    assert bob["mine"]["event_points"]["fireworks"] == 1
    assert bob["mine"]["event_points"]["conga"] == 1
    assert bob["mine"]["owes_event"] is True
    with pytest.raises(RuleError, match="Zed is not playing"):
        GAME.view(state, "Zed")


def test_the_breakdown_reads_like_the_whiteboard():
    state = place(new(), "Ann", 2, 2, "V")
    lines = GAME.view(state, None)["castles"][0]["score"]["lines"]
    assert ["Vampires: largest group of 1", 1] in lines
    assert ["Special actions not used: 3", 6] in lines
    assert sum(points for _, points in lines) == 7


def test_history_lines_in_words():
    state = new()
    assert said(GAME, state, Action("Ann", "place", {"square": [2, 2], "guest": "v"})) == (
        "Ann drew the Vampire King/Queen on C3."
    )
    shape = act(state, TABLE, "reveal_shape")
    assert said(GAME, state, Action(TABLE, "reveal_shape", {})) == "Ann turned over Shape 1."
    assert said(GAME, shape, Action("Ann", "special_action", {"action": "lights_out"})) == (
        "Ann used Lights Out on Shape 1."
    )
    assert said(GAME, shape, Action("Ann", "pass_special", {})) == (
        "Ann passed on a special action for Shape 1."
    )
    refused(state, TABLE, "reveal_clock", "The first Clock cannot come yet")
    assert said(GAME, shapes_until(state, 5), Action(TABLE, "reveal_clock", {})) == (
        "The first Clock is revealed: every player scores one Event."
    )
    refused(state, "Ann", "score_event", "none has been yet", event="conga")
    assert GAME.vote_call(state) is None


# -- readings said on screen (issue 35) --------------------------------------------------------

def test_a_whole_group_may_stay_outside_the_castle_on_the_drawbridge_and_in_the_moat():
    """"You may leave part of a group outside your castle ("in the moat") ... all guests in the
    moat outside your castle walls are subtracted from your score. Those that are on the
    drawbridge waiting to get in instead award 0 points." A whole group may stay outside
    (Choice): -1 for each in the moat, 0 on the drawbridge, in no group."""
    group = [{"square": [5, 2], "guest": "V"}, {"square": [5, 3], "guest": "V"},
             {"square": [5, 4], "guest": "V"}]           # moat, drawbridge, moat
    state = act(new(), "Ann", "place_group", group=group)
    ann = GAME.view(state, "Ann")["castles"][0]
    assert ann["guests"][5] == "..VVV.."
    assert ann["score"]["total"] == -2 + 6              # three unused special actions
    assert any(c.startswith("Choice: a whole group may stay outside the castle walls")
               for c in GAME.view(state, None)["choices"])


def test_a_familys_own_king_queen_may_stand_on_its_gathering_point():
    """"the spaces indicated for these gathering points cannot be occupied by any other kind of
    guest" - the Vampire Queen is no other kind: she stands on the Punch and counts there."""
    state = place(new(layout=RAVE, side="rave"), "Ann", 2, 1, "v")
    assert GAME.view(state, "Ann")["castles"][0]["score"]["gathering_points"]["V"] == 1
    refused(state, "Ann", "place", "no other kind of guest", square=[2, 2], guest="w")
    said = GAME.view(state, None)["choices"]
    assert any(c.startswith("Choice: a family's own King/Queen may stand on its Rave "
                            "gathering point") for c in said)
    assert not any("King/Queen may stand" in c for c in GAME.view(new(), None)["choices"])
