"""Castle Party: whose turn it is to turn over a Shape, one special action per group, a group
as one figure, Events on the castle of the Clock, the Rave reading, reminders and bad input
(rules-texts/castle-party.txt). Squares are [row, column] from 0; "C4" is column C, row 4."""
import pytest

from rules import TABLE, Action, RuleError
from rules.base import MoveNotAllowed
from rules.castle_party import GAME, GATHERING_RULE, SPECIAL_ACTIONS, Castle, score
from testsupport.castle_party import (LAYOUT, act, clock, new, refused, reminders, said,
                                      shapes_until)


def group(*members):
    return [{"square": [r, c], "guest": g} for r, c, g in members]


def ann_castle(state, player="Ann"):
    return next(c for c in GAME.view(state, None)["castles"] if c["player"] == player)


# -- whose turn it is to turn over a Shape -----------------------------------------------------
def test_the_first_player_turns_over_the_first_shape_then_play_passes_left():
    """"The player who most recently went to a party goes first, with play passing to the
    left." "The player to the left of the one who played the last Shape card turns over a new
    card from the Shape card deck"."""
    state = new(first_player="Bob")
    view = GAME.view(state, None)
    assert view["first_player"] == "Bob" and view["next_revealer"] == "Bob"
    assert "Bob goes first" in " ".join(reminders(state))
    refused(state, "Ann", "reveal_shape", "Bob's turn to turn over the top card")
    state = act(state, "Bob", "reveal_shape")
    assert GAME.view(state, None)["group"]["revealer"] == "Bob"
    state = act(state, TABLE, "pass_special", everyone=True)
    assert GAME.view(state, None)["next_revealer"] == "Cid"
    assert reminders(state)[0] == "Shape 1: draw the group"
    assert "then Cid turns over the top card" in reminders(state)[1]
    state = act(act(state, TABLE, "reveal_shape"), TABLE, "pass_special", everyone=True)
    state = act(act(state, TABLE, "reveal_shape"), TABLE, "pass_special", everyone=True)
    assert GAME.view(state, None)["group"]["revealer"] == "Ann"  # Bob, Cid, Ann
    assert GAME.view(state, None)["next_revealer"] == "Bob"


def test_a_clock_is_no_shape_its_revealer_turns_over_the_next_card():
    """"The player to the left of the one who played the last Shape card turns over a new
    card": a Clock card is no Shape card, so the same player turns over again."""
    state = shapes_until(new(), 5)  # Ann, Bob, Cid, Ann, Bob: Cid turns over the Clock
    state = act(state, TABLE, "reveal_clock")
    assert GAME.view(state, None)["group"] is None
    refused(state, TABLE, "reveal_shape", "First Ann, Bob and Cid must score an Event")
    for player in ("Ann", "Bob", "Cid"):
        state = act(state, player, "score_event", event="conga")
    assert GAME.view(state, None)["next_revealer"] == "Cid"
    assert reminders(state)[0] == "Cid's turn: turn over a Shape card"


def test_the_first_player_must_be_at_the_table():
    with pytest.raises(RuleError, match="first player is one of Ann, Bob and Cid"):
        new(first_player="Zed")


# -- one special action per group ----------------------------------------------------------------
def test_the_revealing_player_speaks_first_then_to_the_left():
    """"the player that revealed the Shape card in play announces whether they wish to perform
    a special action or pass. If they pass, the next player to their left may perform the
    special action or pass"."""
    state = act(new(), "Ann", "reveal_shape")
    refused(state, "Bob", "special_action", "Ann speaks now", action="lights_out")
    refused(state, "Bob", "pass_special", "Ann speaks now")
    assert GAME.view(state, "Ann")["mine"]["speaks_now"] is True
    assert "Ann speaks now" in reminders(state)[0]
    state = act(state, "Ann", "pass_special")
    assert GAME.view(state, None)["group"]["speaker"] == "Bob"
    state = act(state, "Bob", "special_action", action="lights_out")
    group_now = GAME.view(state, None)["group"]
    assert (group_now["used_by"], group_now["action_name"]) == ("Bob", "Lights Out")
    assert "Bob used Lights Out" in reminders(state)[1]


def test_once_one_player_uses_a_special_action_nobody_else_does_on_that_group():
    """"... and so on until someone says they wish to perform a special action or all players
    have passed": one special action per group, and not the same player's second one."""
    state = act(act(new(), TABLE, "reveal_shape"), "Ann", "special_action", action="masked_ball")
    refused(state, "Ann", "special_action", "one special action per group", action="lights_out")
    refused(state, "Bob", "special_action", "Ann has already used Masked Ball on this group",
            action="lights_out")
    refused(state, "Cid", "pass_special", "already used Masked Ball")
    assert GAME.view(state, None)["specials"] == [[1, "Ann", "masked_ball"]]


def test_when_all_players_have_passed_the_round_is_over():
    state = act(new(), TABLE, "reveal_shape")
    for player in ("Ann", "Bob", "Cid"):
        state = act(state, player, "pass_special")
    refused(state, "Ann", "special_action", "Everybody has passed", action="lights_out")
    assert reminders(state)[0] == "Shape 1: draw the group"
    assert "used" not in reminders(state)[1]


def test_the_order_wraps_around_the_table_and_the_table_may_pass_for_the_speaker():
    state = act(new(first_player="Cid"), TABLE, "reveal_shape")
    assert GAME.view(state, None)["group"]["order"] == ["Cid", "Ann", "Bob"]
    state = act(state, TABLE, "pass_special")  # Cid passes, said at the table
    refused(state, "Bob", "special_action", "Ann speaks now", action="lights_out")
    refused(state, "Ann", "pass_special", "table screen passes for everybody", everyone=True)
    state = act(state, "Ann", "pass_special")
    state = act(state, "Bob", "special_action", action="change_in_orientation")
    assert ann_castle(state, "Bob")["special_actions"]["change_in_orientation"] is True


def test_a_player_with_no_special_action_left_is_skipped():
    """"You can use each of the special actions only once throughout the length of the game":
    a player who has used all three has nothing to announce."""
    state = act(new(players=("Ann", "Bob")), TABLE, "reveal_shape")  # Shape 1, Ann's
    state = act(state, "Ann", "special_action", action="lights_out")
    state = act(act(state, TABLE, "reveal_shape"), "Bob", "pass_special")  # Shape 2, Bob's
    state = act(state, "Ann", "special_action", action="masked_ball")
    state = act(state, TABLE, "reveal_shape")  # Shape 3, Ann's
    state = act(state, "Ann", "special_action", action="change_in_orientation")
    state = act(act(state, TABLE, "reveal_shape"), "Bob", "pass_special")  # Shape 4, Bob's
    assert GAME.view(state, None)["group"]["speaker"] is None  # Ann has none left: over
    state = act(state, TABLE, "reveal_shape")  # Shape 5, Ann's
    assert GAME.view(state, None)["group"]["speaker"] == "Bob"
    refused(state, "Ann", "pass_special", "Bob speaks now")


def test_the_group_is_drawn_once_the_special_actions_are_settled():
    """"Once the figure has been completed, ask if anyone wishes to carry out a special action
    ... Whether or not a special action is used, then it's time to add the group"."""
    state = act(new(), TABLE, "reveal_shape")
    refused(state, "Bob", "place_group", "Ann speaks now", group=group((2, 2, "V")))
    refused(state, "Bob", "place", "First the special actions on Shape 1", square=[2, 2], guest="V")
    refused(state, TABLE, "reveal_shape", "Ann speaks now")
    refused(state, TABLE, "reveal_clock", "Ann speaks now")
    state = act(state, TABLE, "pass_special", everyone=True)
    state = act(state, "Bob", "place_group", group=group((2, 2, "V"), (2, 3, "V")))
    assert ann_castle(state, "Bob")["guests"][2] == "..VV..."


def test_special_actions_need_a_shape_in_play():
    refused(new(), "Ann", "special_action", "no Shape card is in play", action="lights_out")
    refused(new(), "Ann", "pass_special", "no Shape card is in play")


def test_no_more_than_twenty_shapes():
    """"20 Shape cards": after the twentieth, the next card can only be the third Clock."""
    state = new(players=("Ann", "Bob"))
    for _ in range(2):
        state = act(shapes_until(state, 5 * state.clocks + 10), TABLE, "reveal_clock")
        for player in state.players:
            state = act(state, player, "score_event",
                        event=state.whiteboard(player).events_left[0])
    state = shapes_until(state, 20)
    refused(state, TABLE, "reveal_shape", "The next card is the third Clock")
    assert GAME.view(state, None)["shapes_revealed"] == 20


# -- the deck: a pile of five Shapes on top, a Clock in each of the other three ----------------
@pytest.mark.parametrize("number, low, high", [(1, 5, 10), (2, 10, 15), (3, 15, 20)])
def test_each_clock_comes_only_where_the_deck_can_hold_it(number, low, high):
    """"the Shape cards are shuffled and split into four face-down piles. A Clock card is
    added to three of the piles and they are then each shuffled separately. After that, a
    single deck is formed by placing the first pile (the one without the clock card) on top of
    the other three piles." Five Shapes a pile (facts: "the third Clock ends the game after 15
    to 20 placed groups"): Clock 1 after 5 to 10 Shapes, Clock 2 after 10 to 15, Clock 3
    after 15 to 20."""
    state = new(players=("Ann", "Bob"))
    for _ in range(number - 1):
        state = clock(state)
        for player in state.players:
            state = act(state, player, "score_event", event=state.whiteboard(player)
                        .events_left[0])
    state = shapes_until(state, low - 1)
    which = ("first", "second", "third")[number - 1]
    refused(state, TABLE, "reveal_clock", f"The {which} Clock cannot come yet: it is shuffled "
            f"into the pile of Shapes {low + 1} to {high}, so it comes after {low} to {high} "
            f"Shapes, and {low - 1} Shapes have been turned over.")
    assert "reveal_clock" not in legal(state, TABLE)
    for shapes in range(low, high + 1):
        state = shapes_until(state, shapes)
        assert "reveal_clock" in legal(state, TABLE)  # it may come now
        act(state, TABLE, "reveal_clock")
    # all five Shapes of its pile are out: the next card can only be this Clock
    refused(state, TABLE, "reveal_shape", f"The next card is the {which} Clock: it is shuffled "
            f"into the pile of Shapes {low + 1} to {high}, and all of them have been turned "
            f"over.")
    assert legal(state, TABLE) == {"reveal_clock", "set_group", "change_places"}
    assert state.shapes == high and act(state, TABLE, "reveal_clock").clocks == number


# -- a group is one figure ---------------------------------------------------------------------
def test_a_group_is_one_figure_touching_by_the_sides():
    """"Then, the player to your left adds one of their Monster cards so that it is touching
    the first card, following the shape of the figure that is on the Shape card"; "The
    positions of your guests relative to each other must exactly match the shape"."""
    diagonal = group((2, 1, "V"), (3, 2, "V"))
    refused(new(), "Ann", "place_group", "the guest B3 touches none of the others", group=diagonal)
    two_pieces = group((2, 1, "V"), (2, 2, "V"), (4, 4, "W"), (4, 5, "W"))
    refused(new(), "Ann", "place_group", "falls apart in pieces", group=two_pieces)
    l_shape = group((2, 1, "V"), (3, 1, "V"), (4, 1, "W"), (4, 2, "W"))
    assert ann_castle(act(new(), "Ann", "place_group", group=l_shape))["guests"][4] == ".WW...."


def test_a_group_may_hang_past_the_edge_of_the_board_into_the_moat():
    """"You may leave part of a group outside your castle ("in the moat"), as long as they
    keep their position in accordance with the Monster cards"; "all guests in the moat outside
    your castle walls are subtracted from your score"."""
    hanging = group((1, 1, "V"), (0, 1, "V"), (-1, 1, "V"), (-2, 1, "W"))  # two past the edge
    state = act(new(), "Ann", "place_group", group=hanging)
    ann = ann_castle(state)
    assert ann["beyond"] == ["V", "W"]
    assert ann["guests"][0] == ".V....." and ann["guests"][1] == ".V....."
    # Vampire B2 alone inside (1); moat: B1 and the two past the edge (-3); actions 9 for 3.
    assert ann["score"]["moat_guests"] == 3 and ann["score"]["beyond_guests"] == 2
    assert ["Guests in the moat: 3 (2 past the edge of the board)", -3] in ann["score"]["lines"]
    assert ann["score"]["total"] == 1 - 3 + 6
    assert "past the edge of the board (moat)" in said(GAME,
        new(), Action("Ann", "place_group", {"group": hanging}))


def test_a_group_keeps_one_guest_on_the_board_and_its_cards_are_single():
    refused(new(), "Ann", "place_group", "At least one guest of the group goes on the whiteboard",
            group=group((-2, 1, "V"), (-1, 1, "V")))
    state = act(new(), "Ann", "place_group", group=group((0, 3, "v"), (-1, 3, "U")))
    refused(state, "Ann", "place", "only one Vampire King/Queen", square=[2, 2], guest="v")
    refused(state, "Ann", "place_group", "only one Vampire King/Queen",
            group=group((0, 0, "V"), (-1, 0, "v")))


# -- an Event scores the castle of the Clock ---------------------------------------------------
def test_nothing_drawn_after_the_clock_counts_for_that_event():
    """"Each time a Clock card is revealed, each player must choose one of the Events they
    have available to score at that moment"."""
    state = act(new(players=("Ann", "Bob")), "Ann", "place", square=[1, 1], guest="V")
    state = clock(state)
    state = act(state, "Ann", "place_group", group=group((1, 2, "V"), (1, 3, "V")))
    assert GAME.view(state, "Ann")["mine"]["event_points"]["fireworks"] == 1
    assert GAME.view(state, "Ann")["mine"]["event_points"]["conga"] == 1
    state = act(state, "Ann", "score_event", event="fireworks")
    assert ann_castle(state)["events"][0]["points"] == 1  # not 3: B2 only, at the Clock
    assert ann_castle(state)["score"]["groups"][2]["size"] == 3  # the party keeps them


def test_the_toast_counts_the_neighbours_of_the_clock():
    state = act(new(players=("Ann", "Bob")), "Ann", "place", square=[2, 2], guest="V")
    state = clock(state)
    state = act(state, "Ann", "place", square=[3, 3], guest="W")  # after the Clock
    state = act(state, "Ann", "place", square=[4, 4], guest="S")
    refused(state, "Ann", "score_event", "D4 holds a Witch", event="toast", square=[3, 3])
    assert [3, 2, 1] in GAME.view(state, "Ann")["mine"]["event_points"]["toast"]
    state = act(state, "Ann", "score_event", event="toast", square=[3, 2])
    assert ann_castle(state)["events"][0]["points"] == 1  # the Vampire only, not the Witch


def test_a_square_filled_at_the_clock_stays_no_place_for_the_pumpkin_king():
    state = act(new(players=("Ann", "Bob")), "Ann", "place", square=[2, 2], guest="V")
    state = act(clock(state), "Ann", "remove", square=[2, 2])
    refused(state, "Ann", "score_event", "C3 held a Vampire when the Clock appeared",
            event="toast", square=[2, 2])


# -- the Rave gathering points: two readings -----------------------------------------------------
RAVE = """
~ ~ ~ ~ ~ ~ ~
~ v v . s s ~
~ . . . . . ~
~ w . g . f ~
~ . . . . . ~
~ ~ ~ = ~ ~ ~
"""


def test_in_contact_means_on_the_point_or_next_to_it_by_the_reading():
    """"players also get an additional point for each Monster that is in contact with their
    favorite gathering point (to a maximum of four per gathering point)"."""
    castle = Castle.from_text(RAVE, """
        . . . . . . .
        . V . . . . .
        V V V . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    # On the Punch (B2 C2): the Vampire on B2. Next to it: A2 is moat, B3, C3 inside, D2 free.
    on = score(castle)
    touching = score(castle, gathering="touching")
    assert dict(on.gathering_points)["V"] == 1
    assert dict(touching.gathering_points)["V"] == 3  # B2 on it, B3 and C3 below it
    assert "Vampires on the Punch" in [label for label, _ in on.lines()]
    assert "Vampires touching the Punch" in [label for label, _ in touching.lines()]
    assert touching.total - on.total == 2


def test_touching_counts_at_most_four_and_only_inside_the_castle():
    castle = Castle.from_text(RAVE, """
        . . . . . . .
        . . . . . . .
        . . G G G . .
        . . G g G . .
        . . G G G . .
        . . . . . . .
    """)
    assert dict(score(castle, gathering="touching").gathering_points)["G"] == 4
    moat = Castle.from_text(RAVE, ". . . . S . .\n" + ". . . . . . .\n" * 5)  # above the DJ
    assert dict(score(moat, gathering="touching").gathering_points)["S"] == 0


def test_the_table_picks_the_reading_and_the_screens_quote_the_rule():
    state = new(side="rave", layout=RAVE, gathering="touching")
    view = GAME.view(state, None)
    assert view["gathering"] == "touching"
    sentence = view["choices"][0]
    assert GATHERING_RULE in sentence and "next to it" in sentence
    assert sentence in reminders(state)
    state = act(state, "Ann", "place", square=[2, 1], guest="V")
    assert ann_castle(state)["score"]["gathering_points"]["V"] == 1
    on = act(new(side="rave", layout=RAVE), "Ann", "place", square=[2, 1], guest="V")
    assert ann_castle(on)["score"]["gathering_points"]["V"] == 0
    assert GAME.view(on, None)["gathering"] == "on"
    assert "standing on" in GAME.view(on, None)["choices"][0]
    assert GAME.view(new(), None)["gathering"] is None  # the basic side has no points


# -- reminders and open choices ----------------------------------------------------------------
def test_reminders_say_where_the_cards_go():
    """"Shape cards and Monster cards are placed in their corresponding discard piles EXCEPT
    for the King/Queen Monster cards and the Unicorns, which are removed from the game once they
    have been used. If you run out of Monster cards before the game ends, take the discard pile
    and shuffle it to form a new deck.\""""
    state = act(new(), TABLE, "reveal_shape")
    text = " ".join(reminders(state))
    assert "Kings/Queens and Unicorns leave the game once used" in text
    assert "shuffle the discard pile to form a new deck" in text


def test_the_open_choices_are_said_on_screen():
    choices = " ".join(GAME.view(new(), "Ann")["choices"])
    assert "the Conga counts only guests inside the castle walls" in choices
    assert "a Unicorn counts as a Monster for the Fireworks" in choices
    assert "type of its own for the Toast" in choices
    assert "the Pumpkin King may be toasted on any empty square, the moat" in choices
    assert "tie for the largest, the one with its King/Queen scores" in choices


# -- bad input -----------------------------------------------------------------------------------
EMPTY = Castle.from_text(LAYOUT, "")


@pytest.mark.parametrize("events, match", [
    ([("conga", 3)], "given as"),
    ("conga", "given as"),
    (5, "given as"),
    ({"conga": 2.5}, "whole number"),
    ({"conga": "3"}, "whole number"),
    ({1: 2}, "no Event"),
    ({("conga",): 2}, "no Event"),
])
def test_score_refuses_bad_events(events, match):
    with pytest.raises(RuleError, match=match):
        score(EMPTY, events=events)


def test_score_refuses_bad_castles_readings_and_outside_guests():
    with pytest.raises(RuleError, match="Score a castle"):
        score("~ . ~")
    with pytest.raises(RuleError, match="reading"):
        score(EMPTY, gathering="near")
    with pytest.raises(RuleError, match="list"):
        score(EMPTY, beyond="VV")
    with pytest.raises(RuleError, match="past the edge"):
        score(EMPTY, beyond=["P"])
    with pytest.raises(RuleError, match="five Unicorn"):
        score(EMPTY, beyond=["U"] * 6)
    assert score(EMPTY, beyond=("V", "v")).total == -2


@pytest.mark.parametrize("players, options, match", [
    ("AnnBob", {}, "list of names"),
    (None, {}, "list of names"),
    (("Ann", "Bob"), ["side", "rave"], "named values"),
    (("Ann", "Bob"), "rave", "named values"),
    (("Ann", "Bob"), {1: 2, "x": 3}, "no option 1, x"),
    (("Ann", "Bob"), {"side": None}, "the basic side or the Rave side"),
    (("Ann", "Bob"), {"side": ["rave"]}, "the basic side or the Rave side"),
    (("Ann", "Bob"), {"layout": 5}, "layout is text"),
    (("Ann", "Bob"), {"layout": "~ . ~\n" * 41}, "at most 40 rows"),
    (("Ann", "Bob"), {"gathering": 3}, "reading"),
    (("Ann", "Bob"), {"first_player": ["Ann"]}, "first player"),
])
def test_setup_refuses_bad_input_with_a_sentence(players, options, match):
    with pytest.raises(RuleError, match=match):
        GAME.setup(players, options)


# -- the legal moves: what each screen may offer now ---------------------------------------------
def legal(state, actor):
    return set(GAME.legal_moves(state, actor))


def test_legal_moves_follow_the_game_turn():
    """"On your turn, you must turn over the top Shape card"; "the player that revealed the
    Shape card in play announces whether they wish to perform a special action or pass";
    "Whether or not a special action is used, then it's time to add the group"."""
    state = new()
    # a Shape pile is on top; players may still change places
    assert legal(state, TABLE) == {"reveal_shape", "set_layout", "change_places"}
    assert legal(state, "Ann") == {"place", "place_group", "remove", "reveal_shape"}
    assert legal(state, "Bob") == {"place", "place_group", "remove"}
    assert legal(state, "Zed") == set()
    state = act(state, "Ann", "reveal_shape")
    assert GAME.phase(state) == "special_actions"
    assert legal(state, TABLE) == {"pass_special", "set_group"}
    assert legal(state, "Ann") == {"special_action", "pass_special", "remove"}
    assert legal(state, "Bob") == {"remove"}
    state = act(state, "Ann", "pass_special")
    assert legal(state, "Bob") == {"special_action", "pass_special", "remove"}
    assert "pass_special" not in legal(state, "Ann")


def test_legal_moves_at_the_clocks():
    """"Each time a Clock card is revealed, each player must choose one of the Events they
    have available"; "The game comes to an end at the moment that the third and final Clock
    appears. Before calculating the Final Score, each player must first score their last
    remaining Event"."""
    state = clock(new(players=("Ann", "Bob")))
    assert GAME.phase(state) == "events"
    # the next card waits for everybody's Event (a player may change places meanwhile)
    assert legal(state, TABLE) == {"change_places"}
    assert legal(state, "Ann") == {"place", "place_group", "remove", "score_event"}
    state = act(state, "Ann", "score_event", event="conga")
    assert legal(state, "Ann") == {"place", "place_group", "remove"}
    state = act(state, "Bob", "score_event", event="conga")
    for event in ("fireworks", "toast"):
        state = clock(state)
        for player in ("Ann", "Bob"):
            state = act(state, player, "score_event", event=event,
                        **({"square": [2, 2 + (player == "Bob")]} if event == "toast" else {}))
            if GAME.phase(state) == "last_event":
                assert legal(state, "Ann") == set() and legal(state, "Bob") == {"score_event"}
    assert GAME.phase(state) == "over"
    assert all(legal(state, actor) == set() for actor in (TABLE, "Ann", "Bob"))


def test_a_refused_move_is_never_listed_and_a_listed_one_passes_its_guards():
    """"You can use each of the special actions only once": once every player has used all
    three, nobody speaks about a special action and the table goes straight on."""
    state = new(players=("Ann", "Bob"))
    for shape in range(6):  # Shapes of Ann, Bob, Ann, ...: each revealer uses one at once
        state = act(state, TABLE, "reveal_shape")
        revealer = GAME.view(state, None)["group"]["revealer"]
        state = act(state, revealer, "special_action", action=SPECIAL_ACTIONS[shape // 2])
    state = act(state, TABLE, "reveal_shape")
    assert GAME.view(state, None)["group"]["speaker"] is None
    assert "pass_special" not in legal(state, TABLE)
    with pytest.raises(MoveNotAllowed, match="Everybody has passed"):
        act(state, TABLE, "pass_special")
    assert "reveal_shape" in legal(state, TABLE)


# -- a player changes places ---------------------------------------------------------------------
def test_play_passes_to_the_left_in_the_new_seating_after_players_change_places():
    """"The player to the left of the one who played the last Shape card turns over a new
    card": after Bob and Cid change places (Ann, Cid, Bob clockwise), the left of Ann is Cid."""
    state = shapes_until(new(("Ann", "Bob", "Cid", "Dee")), 1)  # Ann turned over Shape 1
    assert GAME.view(state, None)["next_revealer"] == "Bob"
    state = act(state, TABLE, "change_places", order=["Ann", "Cid", "Bob", "Dee"])
    assert state.players == ("Ann", "Cid", "Bob", "Dee")
    assert GAME.view(state, None)["next_revealer"] == "Bob"  # the next card stays Bob's
    state = shapes_until(state, 3)  # Bob, then the one on his left: Dee
    assert GAME.view(state, None)["group"]["revealer"] == "Dee"
    assert GAME.view(state, None)["next_revealer"] == "Ann"
    assert [c["player"] for c in GAME.view(state, None)["castles"]] == ["Ann", "Cid", "Bob",
                                                                       "Dee"]
    assert said(GAME, shapes_until(new(), 1), Action(TABLE, "change_places", {
        "order": ["Bob", "Ann", "Cid"]})) == \
        "The players changed places; clockwise now: Bob, Ann and Cid."


def test_players_change_places_between_cards_only():
    state = act(new(), TABLE, "reveal_shape")  # the special actions go round the table
    refused(state, TABLE, "change_places", "between cards", order=["Bob", "Ann", "Cid"])
    assert "change_places" not in GAME.legal_moves(state, TABLE)
    state = act(state, TABLE, "pass_special", everyone=True)
    state = act(state, TABLE, "set_group", group=group((0, 0, "V"), (0, 1, "V")))
    refused(state, TABLE, "change_places", "every castle holds the group",
            order=["Bob", "Ann", "Cid"])
    assert "change_places" in GAME.legal_moves(new(), TABLE)


@pytest.mark.parametrize("order, match", [
    (["Ann", "Bob"], "leaves out Cid"), (["Ann", "Ann", "Bob", "Cid"], "each player once"),
    ("Ann, Bob, Cid", "each player once")])
def test_a_seating_order_names_every_player_once(order, match):
    refused(new(), TABLE, "change_places", match, order=order)


def test_only_the_table_seats_the_players():
    refused(new(), "Ann", "change_places", "Only the table", order=["Bob", "Ann", "Cid"])
