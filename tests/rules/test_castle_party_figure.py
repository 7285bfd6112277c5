"""Castle Party: the group laid out on the table is entered once on the table screen, and each
player adds it to their own castle "in the same orientation as seen from your position"
(rules-texts/castle-party.txt, Game Turn). Squares are [row, column] from 0; "C4" is column C,
row 4."""
import pytest

from rules import TABLE, Action
from rules.base import MoveNotAllowed
from rules.castle_party import GAME
from testsupport.castle_party import act, new, refused, shapes_until


def reminders(state) -> tuple[str, ...]:
    """The reminders' English (the rules say messages: str() is the English)."""
    return tuple(map(str, GAME.reminders(state)))


def describe(before, action, after) -> str:
    return str(GAME.describe(before, action, after))

# The Monster cards as they lie seen from the table screen:
#   S .
#   W v      a Skeleton above a Witch, the Vampire King/Queen to the Witch's right
L_GROUP = [{"square": [0, 0], "guest": "S"}, {"square": [1, 0], "guest": "W"},
           {"square": [1, 1], "guest": "v"}]


def drawn(state, player):
    """The guests of a castle as {square: guest}."""
    castle = state.whiteboard(player).castle
    return dict(castle.occupied())


def laid_out(state=None, group=L_GROUP, special=None):
    """Ann turns over Shape 1, the table enters the group, the special actions are settled."""
    state = act(state or new(), "Ann", "reveal_shape")
    state = act(state, TABLE, "set_group", group=group)
    if special:
        return act(state, "Ann", "special_action", action=special)
    return act(state, TABLE, "pass_special", everyone=True)


def test_each_player_adds_the_group_as_seen_from_their_side_of_the_table():
    """"The positions of your guests relative to each other must exactly match the shape of the
    Monster cards laid out earlier as you see it based on your location at the table": Ann sits
    by the table screen, Bob a quarter of the way round, Cid across the table."""
    state = laid_out()
    state = act(state, "Ann", "add_group", at=[2, 2], turns=0)
    assert drawn(state, "Ann") == {(2, 2): "S", (3, 2): "W", (3, 3): "v"}
    # A quarter turn clockwise: W S on top, v under the Witch. The first guest in reading order
    # (here the Witch) goes on the square tapped.
    state = act(state, "Bob", "add_group", at=[2, 2], turns=1)
    assert drawn(state, "Bob") == {(2, 2): "W", (2, 3): "S", (3, 2): "v"}
    # Across the table: upside down, v W on the top row, S under the Witch.
    state = act(state, "Cid", "add_group", at=[2, 2], turns=2)
    assert drawn(state, "Cid") == {(2, 2): "v", (2, 3): "W", (3, 3): "S"}
    assert state.turn.added == ("Ann", "Bob", "Cid")
    assert reminders(state)[0] == "Bob's turn: turn over a Shape card"


def test_the_phone_gets_the_figure_turned_every_way_with_the_anchor_first():
    """The view gives every quarter turn as offsets from the guest put on the tapped square,
    so a phone lays the group over the castle without knowing any rule."""
    group = GAME.view(laid_out(), "Bob")["group"]
    assert group["figure"] == [[0, 0, "S"], [1, 0, "W"], [1, 1, "v"]]
    assert group["turned"][0] == [[0, 0, "S", 0], [1, 0, "W", 1], [1, 1, "v", 2]]
    assert group["turned"][1] == [[0, 0, "W", 1], [0, 1, "S", 0], [1, 0, "v", 2]]
    assert group["turned"][3] == [[0, 0, "v", 2], [1, -1, "S", 0], [1, 0, "W", 1]]
    assert group["added"] == []


def test_a_player_remembers_their_side_of_the_table():
    state = act(laid_out(), "Bob", "add_group", at=[2, 2], turns=3)
    assert GAME.view(state, "Bob")["mine"]["facing"] == 3
    assert GAME.view(state, "Bob")["mine"]["added_group"] is True
    assert GAME.view(state, "Ann")["mine"]["facing"] == 0


def test_part_of_the_group_may_hang_in_the_moat_but_one_guest_is_on_the_board():
    """"You may leave part of a group outside your castle ("in the moat"), as long as they keep
    their position"."""
    state = act(laid_out(), "Ann", "add_group", at=[5, 6], turns=0)  # S on the corner moat
    assert drawn(state, "Ann") == {(5, 6): "S"}
    assert state.whiteboard("Ann").beyond == ("W", "v")
    refused(laid_out(), "Ann", "add_group", "At least one guest", at=[6, 0], turns=0)


def test_the_group_goes_on_empty_squares_all_or_nothing():
    state = act(laid_out(), "Ann", "place", square=[3, 2], guest="G")
    refused(state, "Ann", "add_group", "C4 already holds", at=[2, 2], turns=0)
    assert drawn(state, "Ann") == {(3, 2): "G"}  # nothing of the group was drawn


def test_each_player_adds_a_group_once():
    state = act(laid_out(), "Ann", "add_group", at=[2, 2], turns=0)
    with pytest.raises(MoveNotAllowed, match="already added Shape 1's group"):
        act(state, "Ann", "add_group", at=[1, 1], turns=0)
    assert "add_group" not in GAME.legal_moves(state, "Ann")
    assert "add_group" in GAME.legal_moves(state, "Bob")


def test_the_group_is_added_once_the_special_actions_are_settled():
    """"Once the figure has been completed, ask if anyone wishes to carry out a special
    action ... then it's time to add the group to the parties"."""
    state = act(act(new(), "Ann", "reveal_shape"), TABLE, "set_group", group=L_GROUP)
    with pytest.raises(MoveNotAllowed, match="Ann speaks now"):
        act(state, "Bob", "add_group", at=[2, 2], turns=0)


def test_only_the_table_enters_the_group_and_only_while_a_shape_is_in_play():
    refused(new(), TABLE, "set_group", "No Shape card is in play", group=L_GROUP)
    state = act(new(), "Ann", "reveal_shape")
    refused(state, "Ann", "set_group", "The table screen enters the group", group=L_GROUP)
    refused(state, TABLE, "add_group", "on their phone", at=[2, 2], turns=0)
    before = act(state, TABLE, "pass_special", everyone=True)
    refused(before, "Bob", "add_group", "has not entered this group yet", at=[2, 2], turns=0)


# -- the next card waits for every castle ----------------------------------------------------------
def test_the_next_shape_or_clock_waits_until_every_player_added_the_group():
    """"Once all of the players have drawn the Monsters in their own castles, all of the cards
    are removed and the game continues with the next player's turn." """
    state = act(shapes_until(new(), 4), TABLE, "reveal_shape")  # Shape 5: a Clock may follow
    state = act(act(state, TABLE, "set_group", group=L_GROUP), TABLE, "pass_special",
                everyone=True)
    state = act(state, "Ann", "add_group", at=[2, 2], turns=0)
    said = ("First Bob and Cid must add Shape 5's group to their castles: the next card waits "
            "until all of the players have drawn it.")
    for move in ("reveal_shape", "reveal_clock"):
        with pytest.raises(MoveNotAllowed) as refusal:
            act(state, TABLE, move)
        assert str(refusal.value) == said
        assert move not in GAME.legal_moves(state, TABLE)
    assert GAME.view(state, None)["next_card_waits"] == said  # the table screen says it
    state = act(state, "Bob", "add_group", at=[2, 2], turns=1)
    refused(state, "Bob", "reveal_shape", "First Cid must add Shape 5's group to their castle:")
    state = act(state, "Cid", "add_group", at=[2, 2], turns=2)
    assert GAME.view(state, None)["next_card_waits"] is None
    assert {"reveal_shape", "reveal_clock"} <= set(GAME.legal_moves(state, TABLE))
    # after the Clock every castle scores with the group in it
    state = act(state, TABLE, "reveal_clock")
    assert state.whiteboard("Cid").event_castle.guest((2, 2)) == "v"


def test_a_group_drawn_by_hand_counts_as_added():
    """A player who drew the group square by square says so; then the next card may come."""
    state = laid_out(new(players=("Ann", "Bob")))
    state = act(state, "Ann", "add_group", at=[2, 2], turns=0)
    state = act(state, "Bob", "place", square=[1, 1], guest="S")  # drawn square by square
    refused(state, "Bob", "add_group", "give no square", by_hand=True, at=[2, 2])
    refused(state, "Bob", "add_group", "yes or no", by_hand="yes")
    state = act(state, "Bob", "add_group", by_hand=True)
    assert state.turn.added == ("Ann", "Bob") and state.still_to_add == ()
    assert drawn(state, "Bob") == {(1, 1): "S"}  # nothing more drawn
    assert "reveal_shape" in GAME.legal_moves(state, TABLE)
    before, by_hand = laid_out(new(players=("Ann", "Bob"))), Action("Bob", "add_group",
                                                                    {"by_hand": True})
    assert describe(before, by_hand, GAME.apply(before, by_hand)) == (
        "Bob drew Shape 1's group in their castle by hand.")


# -- entered again after a special action ---------------------------------------------------------
def test_after_lights_out_the_figure_keeps_its_shape_orientation_and_monsters():
    """"Lights out: You can rearrange the Monsters that make up the group by switching their
    positions, but the shape and orientation of the figure must remain unchanged. No Monsters
    can be added or removed." """
    state = laid_out(special="lights_out")
    switched = [{"square": [0, 0], "guest": "v"}, {"square": [1, 0], "guest": "W"},
                {"square": [1, 1], "guest": "S"}]
    refused(state, TABLE, "set_group", "shape and orientation of the figure must remain "
            "unchanged", group=[{"square": [0, 0], "guest": "W"}, {"square": [0, 1], "guest": "S"},
                                {"square": [1, 0], "guest": "v"}])  # turned
    refused(state, TABLE, "set_group", "shape and orientation", group=[
        {"square": [0, 1], "guest": "S"}, {"square": [1, 1], "guest": "W"},
        {"square": [1, 0], "guest": "v"}])  # mirrored
    refused(state, TABLE, "set_group", "no Monsters can be added or removed", group=[
        {"square": [0, 0], "guest": "S"}, {"square": [1, 0], "guest": "S"},
        {"square": [1, 1], "guest": "v"}])
    refused(state, TABLE, "set_group", "shape and orientation", group=L_GROUP[:2])
    moved = [{"square": [m["square"][0] + 3, m["square"][1] + 2], "guest": m["guest"]}
             for m in switched]  # the same figure entered elsewhere on the grid
    state = act(state, TABLE, "set_group", group=moved)
    assert GAME.view(state, None)["group"]["figure"] == [[0, 0, "v"], [1, 0, "W"], [1, 1, "S"]]


def test_after_a_change_in_orientation_the_figure_is_only_turned():
    """"Change in orientation: You can turn the figure before anybody draws it": a turn of the
    same cards, not a mirror, not other cards."""
    state = laid_out(special="change_in_orientation")
    refused(state, TABLE, "set_group", "only turned", group=[
        {"square": [0, 1], "guest": "S"}, {"square": [1, 1], "guest": "W"},
        {"square": [1, 0], "guest": "v"}])  # mirrored
    refused(state, TABLE, "set_group", "only turned", group=[
        {"square": [0, 0], "guest": "v"}, {"square": [1, 0], "guest": "W"},
        {"square": [1, 1], "guest": "S"}])  # switched, as Lights Out would
    upside_down = [{"square": [0, 0], "guest": "v"}, {"square": [0, 1], "guest": "W"},
                   {"square": [1, 1], "guest": "S"}]
    state = act(state, TABLE, "set_group", group=upside_down)
    assert GAME.view(state, None)["group"]["figure"] == [[0, 0, "v"], [0, 1, "W"], [1, 1, "S"]]


def test_a_slip_is_mended_freely_without_lights_out_or_a_change_in_orientation():
    """No special action changed the figure: the table may enter any group again (a typing
    slip), and so after the Masked Ball, which changes only its user's castle."""
    for special in (None, "masked_ball"):
        state = laid_out(special=special)
        other = [{"square": [0, 0], "guest": "G"}, {"square": [0, 1], "guest": "G"}]
        state = act(state, TABLE, "set_group", group=other)
        assert GAME.view(state, None)["group"]["figure"] == [[0, 0, "G"], [0, 1, "G"]]


def test_lights_out_or_a_change_in_orientation_is_entered_again_before_anybody_draws():
    """"Lights out: You can rearrange the Monsters ... This change affects all players";
    "Change in orientation: You can turn the figure before anybody draws it"."""
    state = laid_out(special="change_in_orientation")
    turned = [{"square": [0, 0], "guest": "W"}, {"square": [0, 1], "guest": "S"},
              {"square": [1, 0], "guest": "v"}]
    state = act(state, TABLE, "set_group", group=turned)
    assert GAME.view(state, None)["group"]["figure"] == [[0, 0, "W"], [0, 1, "S"], [1, 0, "v"]]
    state = act(state, "Bob", "add_group", at=[2, 2], turns=0)
    refused(state, TABLE, "set_group", "Bob already added Shape 1's group", group=L_GROUP)


def test_the_figure_is_one_group_of_cards_touching_by_their_sides():
    state = act(new(), "Ann", "reveal_shape")
    refused(state, TABLE, "set_group", "touching by their sides",
            group=[{"square": [0, 0], "guest": "S"}, {"square": [1, 1], "guest": "W"}])
    refused(state, TABLE, "set_group", "grid of 8 by 8",
            group=[{"square": [0, 8], "guest": "S"}])
    refused(state, TABLE, "set_group", "Pumpkin King is drawn only by the Toast",
            group=[{"square": [0, 0], "guest": "P"}])
    refused(state, TABLE, "set_group", "list of guests", group=[])


def test_the_masked_ball_changes_one_monster_on_its_users_castle_only():
    """"Masked ball: You can draw one of the Monsters from the group as though it were a
    different type (except for Kings and Unicorns). This change does not affect the other
    players, who must still draw the Monster on their boards as it appears in the original
    group"."""
    state = laid_out(special="masked_ball")
    assert GAME.view(state, "Ann")["mine"]["masked_ball"] is True
    refused(state, "Bob", "add_group", "Only the player who used the Masked Ball",
            at=[2, 2], turns=0, masked={"index": 0, "guest": "G"})
    refused(state, "Ann", "add_group", "Kings, Queens and Unicorns stay",
            at=[2, 2], turns=0, masked={"index": 2, "guest": "G"})
    refused(state, "Ann", "add_group", "not a King/Queen or a Unicorn",
            at=[2, 2], turns=0, masked={"index": 0, "guest": "U"})
    refused(state, "Ann", "add_group", "as a different type",
            at=[2, 2], turns=0, masked={"index": 0, "guest": "S"})
    state = act(state, "Ann", "add_group", at=[2, 2], turns=0, masked={"index": 0, "guest": "G"})
    assert drawn(state, "Ann") == {(2, 2): "G", (3, 2): "W", (3, 3): "v"}
    state = act(state, "Bob", "add_group", at=[2, 2], turns=0)
    assert drawn(state, "Bob") == {(2, 2): "S", (3, 2): "W", (3, 3): "v"}


def test_a_bad_turn_or_square_is_refused_with_a_sentence_and_changes_nothing():
    state = laid_out()
    for turns in (4, -1, "1", True, None):
        refused(state, "Ann", "add_group", "quarter turns", at=[2, 2], turns=turns)
    refused(state, "Ann", "add_group", "by its row and column", at="C3", turns=0)
    assert drawn(state, "Ann") == {}


def test_a_phone_handed_around_waits_for_every_player_who_has_not_added_the_group():
    state = laid_out()
    assert all(GAME.awaits(state, p) for p in ("Ann", "Bob", "Cid"))
    state = act(state, "Ann", "add_group", at=[2, 2], turns=0)
    assert not GAME.awaits(state, "Ann") and GAME.awaits(state, "Bob")
    assert reminders(state)[0] == "Shape 1: 2 players add the group"
    state = act(state, "Bob", "add_group", at=[2, 2], turns=0)
    assert reminders(state)[0] == "Shape 1: Cid adds the group"
    assert str(GAME.reminders_for(state, "Cid")[0]) == "Shape 1: you add the group"
    assert "Still to add the group: Cid" in reminders(state)[1]


def test_the_history_says_who_added_the_group_and_how():
    state = laid_out()
    action = Action("Bob", "add_group", {"at": [5, 6], "turns": 1})
    after = GAME.apply(state, action)
    assert describe(state, action, after) == (
        "Bob added Shape 1's group to their castle from G6, 2 past the edge in the moat.")
    entered = Action(TABLE, "set_group", {"group": L_GROUP})
    before = act(new(), "Ann", "reveal_shape")
    assert describe(before, entered, GAME.apply(before, entered)) == (
        "The table entered Shape 1's group: a Skeleton, a Witch, the Vampire King/Queen.")


# -- King/Queen and Unicorn cards are used once ----------------------------------------------------
def all_added(state):
    for player in ("Ann", "Bob", "Cid"):
        state = act(state, player, "add_group", by_hand=True)
    return state


def test_a_king_or_queen_card_used_by_a_group_is_out_of_the_game():
    """"Shape cards and Monster cards are placed in their corresponding discard piles EXCEPT
    for the King/Queen Monster cards and the Unicorns, which are removed from the game once
    they have been used": a later group cannot hold the Vampire King/Queen again, even when
    every player drew the first group by hand."""
    state = all_added(laid_out())                       # Shape 1 used the Vampire King/Queen
    state = act(state, TABLE, "reveal_shape")
    again = [{"square": [0, 0], "guest": "v"}, {"square": [0, 1], "guest": "W"}]
    refused(state, TABLE, "set_group", "an earlier group used it", group=again)
    other = [{"square": [0, 0], "guest": "g"}, {"square": [0, 1], "guest": "W"}]
    assert act(state, TABLE, "set_group", group=other).turn.figure   # the Ghost's is unused


def test_one_group_cannot_hold_one_king_or_queen_card_twice():
    """Each family has one King/Queen card ("5 Monster King/Queen cards (Skeleton, Witch,
    Vampire, Ghost, and Frankenstein)"): the table's group is refused, not castle by castle."""
    state = act(new(), "Ann", "reveal_shape")
    twice = [{"square": [0, 0], "guest": "v"}, {"square": [0, 1], "guest": "v"}]
    refused(state, TABLE, "set_group", "cannot hold it twice", group=twice)


def test_there_are_five_unicorns_in_the_whole_game():
    """"5 Unicorn cards", removed once used: three in one group and three in the next make
    six, which the box does not hold; two more are fine."""
    three = [{"square": [0, c], "guest": "U"} for c in range(3)]
    state = all_added(laid_out(group=three))
    state = act(state, TABLE, "reveal_shape")
    refused(state, TABLE, "set_group", "earlier groups used 3: this group can hold 2 at most",
            group=three)
    assert act(state, TABLE, "set_group", group=three[:2]).turn.figure
    six = [{"square": [0, c], "guest": "U"} for c in range(6)]
    refused(act(new(), "Ann", "reveal_shape"), TABLE, "set_group", "can hold 5 at most",
            group=six)


def test_a_group_entered_again_on_the_same_shape_is_not_counted_twice():
    """Lights Out or a slip mended: the same Shape's group entered again replaces it; its
    cards are used once the next card is turned over."""
    state = act(act(new(), "Ann", "reveal_shape"), TABLE, "set_group", group=L_GROUP)
    state = act(state, TABLE, "set_group", group=L_GROUP)
    assert state.used_cards == ()
    state = act(all_added(act(state, TABLE, "pass_special", everyone=True)), TABLE,
                "reveal_shape")
    assert state.used_cards == ("v",)
