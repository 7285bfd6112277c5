"""Castle Party scoring, worked out by hand from the rulebook (rules-texts/castle-party.txt).

Squares are (row, column) from 0; in sentences "C4" is column C, row 4.
"""
import pytest

from rules import RuleError
from rules.castle_party import (
    BASIC_LAYOUT,
    RAVE_LAYOUT,
    UNICORN_POINTS,
    Castle,
    conga,
    fireworks,
    score,
    square_name,
    toast,
)
from testsupport.castle_party import LAYOUT, RAVE, castle  # LAYOUT: a small whiteboard



def family_points(s, family):
    return next(g for g in s.groups if g.family == family)


# -- text ---------------------------------------------------------------------------------------
def test_spaces_between_characters_are_ignored_and_blank_guests_mean_an_empty_castle():
    spaced = Castle.from_text("~ . ^\n~ = #", "V . .\n. . .")
    packed = Castle.from_text("~.^\n~=#", "V..\n...")
    assert spaced == packed
    assert Castle.from_text("~.^\n~=#", "").is_empty()
    assert spaced.to_text() == "V . .\n. . ."


def test_rows_of_different_lengths_are_refused():
    with pytest.raises(RuleError, match="same number of squares"):
        Castle.from_text("...\n..", "")
    with pytest.raises(RuleError, match="different length"):
        Castle.from_text("...\n...", "...\n..")
    with pytest.raises(RuleError, match="rows"):
        Castle.from_text("...\n...", "...")


def test_unknown_characters_are_refused():
    with pytest.raises(RuleError, match="layout uses only"):
        Castle.from_text(".x.", "")
    with pytest.raises(RuleError, match="no guest"):
        Castle.from_text("...", ".X.")


def test_no_guest_where_there_is_no_square():
    with pytest.raises(RuleError, match="no square at B1"):
        Castle.from_text(".#.", ".V.")


def test_one_king_queen_per_family_five_unicorns_one_pumpkin_king():
    with pytest.raises(RuleError, match="only one Vampire King/Queen"):
        castle("v . . . . . .\n" + ". . . . . . .\n" * 5 + ". . . . . . v")
    assert castle(". . U U U U U\n" + ". . . . . . .\n" * 6)
    with pytest.raises(RuleError, match="five Unicorn"):
        castle(". U U U U U U\n" + ". . . . . . .\n" * 6)
    with pytest.raises(RuleError, match="Pumpkin King"):
        castle("P . . . . . P\n" + ". . . . . . .\n" * 6)


def test_square_names_read_column_letter_then_row_from_one():
    assert square_name((0, 0)) == "A1"
    assert square_name((3, 2)) == "C4"
    assert square_name((9, 26)) == "AA10"


# -- Points for Groups of Guests ------------------------------------------------------------------
def test_a_group_is_orthogonal_diagonal_does_not_count():
    c = castle(
        """
        . . . . . . .
        . V . . . . .
        . . V . . . .
        . . . V . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert family_points(score(c), "V").size == 1
    assert score(c).total == 1


def test_only_the_single_largest_group_of_a_kind_scores():
    c = castle(
        """
        . . . . . . .
        . W W W . W .
        . . . . . W .
        . S . . . . .
        . S . S S . .
        . . . . . . .
        . . . . . . .
        """
    )
    s = score(c)
    assert family_points(s, "W").points == 3  # the group of 2 is not scored
    assert family_points(s, "S").points == 2
    assert s.total == 5


def test_monsters_outside_the_castle_are_in_no_group_and_the_moat_costs_one_each():
    # The moat Vampires touch the inside ones but do not join their group.
    c = castle(
        """
        . V . . . . .
        . V V . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    s = score(c)
    assert family_points(s, "V").size == 2
    assert s.moat_guests == 1 and s.moat == -1
    assert s.total == 1


def test_the_drawbridge_scores_nothing_and_costs_nothing():
    c = castle(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . G . . .
        . . . G . . .
        """,
        layout=LAYOUT,
    )
    s = score(c)
    assert family_points(s, "G").size == 1  # the drawbridge Ghost does not join
    assert s.drawbridge_guests == 1
    assert s.moat == 0
    assert s.total == 1


def test_a_king_queen_in_the_largest_group_adds_one_per_group_member_around_him():
    # Vampires: B2 C2 B3(King) C3 B4 = 5; around the King: B2, C2, C3, B4 = 4 more.
    c = castle(
        """
        . . . . . . .
        . V V . . . .
        . v V . . . .
        . V . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    v = family_points(score(c), "V")
    assert (v.size, v.king_bonus, v.points) == (5, 4, 9)


def test_a_diagonal_neighbour_outside_the_group_is_no_bonus():
    # The Witch at D4 touches the Queen (C3) at a corner but is not in her group.
    c = castle(
        """
        . . . . . . .
        . W W . . . .
        . . w . . . .
        . . . W . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    w = family_points(score(c), "W")
    assert (w.size, w.king_bonus) == (3, 2)


def test_the_king_bonus_is_at_most_eight():
    c = castle(
        """
        . . . . . . .
        . G G G . . .
        . G g G . . .
        . G G G . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    g = family_points(score(c), "G")
    assert (g.size, g.king_bonus, g.points) == (9, 8, 17)


def test_a_king_queen_outside_the_largest_group_adds_nothing():
    c = castle(
        """
        . . . . . . .
        . F F F . f .
        . . . . . F .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    f = family_points(score(c), "F")
    assert (f.size, f.king_bonus) == (3, 0)


def test_between_two_largest_groups_the_one_with_the_king_queen_counts():
    c = castle(
        """
        . . . . . . .
        . S S . . S .
        . s . . . S .
        . . . . . S .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    s = family_points(score(c), "S")
    assert (s.size, s.king_bonus) == (3, 2)


def test_a_lone_king_queen_is_a_group_of_one_with_no_bonus():
    v = family_points(score(castle(". . . . . . .\n. v . . . . .\n" + ". . . . . . .\n" * 5)), "V")
    assert (v.size, v.king_bonus) == (1, 0)


# -- Points for Unicorns -------------------------------------------------------------------------
@pytest.mark.parametrize("unicorns, points", [(0, 0), (1, -5), (2, 1), (3, 5), (4, 10), (5, 15)])
def test_unicorns_score_by_their_largest_group(unicorns, points):
    row = ". " + " ".join("U" * unicorns + "." * (5 - unicorns)) + " ."
    c = castle(". . . . . . .\n" + row + "\n" + ". . . . . . .\n" * 5)
    s = score(c)
    assert (s.unicorn_group, s.unicorns) == (unicorns, points)
    assert UNICORN_POINTS[unicorns] == points
    assert s.total == points


def test_only_the_largest_unicorn_group_scores():
    # A pair (1 point) and a lone Unicorn: the lone one does not cost −5.
    c = castle(
        """
        . . . . . . .
        . U U . . U .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert score(c).unicorns == 1


def test_a_unicorn_in_the_moat_costs_one_and_joins_no_group():
    c = castle(". U . . . . .\n. U . . . . .\n" + ". . . . . . .\n" * 5)
    s = score(c)
    assert (s.unicorn_group, s.unicorns, s.moat) == (1, -5, -1)
    assert s.total == -6


# -- Points for special actions ----------------------------------------------------------------
@pytest.mark.parametrize("unused", [0, 1, 2, 3])
def test_two_points_per_unused_special_action(unused):
    s = score(castle(""), unused_special_actions=unused)
    assert s.special_actions == 2 * unused
    assert s.total == 2 * unused


@pytest.mark.parametrize("bad", [-1, 4, True, "2"])
def test_there_are_three_special_actions(bad):
    with pytest.raises(RuleError, match="between 0 and 3"):
        score(castle(""), unused_special_actions=bad)


def test_a_king_queen_in_the_moat_costs_one_like_any_guest():
    assert score(castle("v . . . . . .\n" + ". . . . . . .\n" * 6)).total == -1


# -- Events ------------------------------------------------------------------------------------
def test_fireworks_count_every_monster_in_front_of_a_window():
    # Windows: B2 C2 E2 F2. A Vampire, a Witch Queen and a Unicorn there; a Ghost in D2 (no
    # window) and a Skeleton under a window square do not count.
    c = castle(
        """
        . . . . . . .
        . V w G U . .
        . S . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
        layout=LAYOUT,
    )
    assert fireworks(c) == 3


def test_conga_is_the_largest_family_group_anywhere_in_the_castle():
    c = castle(
        """
        . . . . . . .
        . V V . W . .
        . v . . W . .
        . . . . W . .
        . U U U U U .
        . . . . . . .
        . . . . . . .
        """
    )
    # Vampires 3 (with the King), Witches 3; the five Unicorns are no family.
    assert conga(c) == 3


def test_conga_ignores_the_moat():
    c = castle(". F . . . . .\n. F . . . . .\n" + ". . . . . . .\n" * 5)
    assert conga(c) == 1


def test_toast_counts_different_monsters_around_the_pumpkin_king_each_king_its_own_type():
    # Around C3: B2 V, C2 V, D2 v (the King), B3 W, D3 U, B4 W, C4 ., D4 S
    # Types: Vampire, Vampire King, Witch, Unicorn, Skeleton = 5.
    c = castle(
        """
        . . . . . . .
        . V V v . . .
        . W . U . . .
        . W . S . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert toast(c, at=(2, 2)) == 5


def test_toast_on_an_empty_castle_scores_nothing_and_an_occupied_square_is_refused():
    c = castle(". . . . . . .\n. V . . . . .\n" + ". . . . . . .\n" * 5)
    assert toast(c, at=(4, 4)) == 0
    with pytest.raises(RuleError, match="empty square: B2 holds a Vampire"):
        toast(c, at=(1, 1))
    with pytest.raises(RuleError, match="off this whiteboard"):
        toast(c, at=(9, 9))


def test_toast_where_the_pumpkin_king_already_stands_scores_him_there():
    c = castle(". . . . . . .\n. V P . . . .\n" + ". . . . . . .\n" * 5)
    assert toast(c, at=(1, 2)) == 1


def test_the_pumpkin_king_is_no_guest_for_fireworks_scores_or_the_moat():
    at_a_window = castle(". . . . . . .\n. P . . . . .\n" + ". . . . . . .\n" * 4, layout=LAYOUT)
    assert fireworks(at_a_window) == 0
    assert score(at_a_window).total == 0
    in_the_moat = castle("P . . . . . .\n" + ". . . . . . .\n" * 5, layout=LAYOUT)
    assert score(in_the_moat).moat == 0


def test_events_already_noted_join_the_final_score():
    s = score(castle(""), events={"toast": 3, "fireworks": 6, "conga": 5})
    assert s.events == (("fireworks", 6), ("conga", 5), ("toast", 3))
    assert s.total == 14
    with pytest.raises(RuleError, match="no Event"):
        score(castle(""), events={"limbo": 2})
    with pytest.raises(RuleError, match="whole number"):
        score(castle(""), events={"conga": -1})


def test_a_gathering_point_takes_only_its_own_family():
    with pytest.raises(RuleError, match="the Punch, the Vampires' gathering point"):
        Castle.from_text(RAVE, ". . . . . .\n. W . . . .\n" + ". . . . . .\n" * 3)
    with pytest.raises(RuleError, match="the DJ"):
        Castle.from_text(RAVE, ". . . . . .\n. . . . . .\n. . . . U .\n" + ". . . . . .\n" * 2)
    # The family's King/Queen is of the family.
    assert Castle.from_text(RAVE, ". . . . . .\n. v . . . .\n" + ". . . . . .\n" * 3)


def test_each_guest_on_its_gathering_point_scores_one_at_most_four():
    c = Castle.from_text(
        RAVE,
        """
        . . . . . .
        . V V V . .
        . V V . s .
        . . . . S .
        . . . . . .
        """,
    )
    s = score(c)
    # Vampires: group of 5 and 4 on the Punch (5 there, at most 4).
    # Skeletons: King + 1 = group of 2, +1 bonus; 2 on the DJ.
    assert dict(s.gathering_points) == {"V": 4, "S": 2}
    assert family_points(s, "V").points == 5
    assert family_points(s, "S").points == 3
    assert s.total == 5 + 3 + 4 + 2


def test_gathering_point_points_do_not_need_the_largest_group():
    c = Castle.from_text(
        RAVE,
        """
        . . . . . .
        . V . V . .
        . . . . . .
        . V V V . .
        . . . . . .
        """,
    )
    s = score(c)
    assert family_points(s, "V").size == 3
    assert dict(s.gathering_points) == {"V": 2, "S": 0}
    assert s.total == 5


def test_the_basic_side_has_no_gathering_points():
    assert score(Castle.from_text(BASIC_LAYOUT, "")).gathering_points == ()
    assert [f for f, _ in score(Castle.from_text(RAVE_LAYOUT, "")).gathering_points] == list(
        "SWVGF"
    )


def test_the_pumpkin_king_may_not_stand_on_a_gathering_point():
    with pytest.raises(RuleError, match="gathering point"):
        toast(Castle.from_text(RAVE, ""), at=(1, 1))


# -- A whole whiteboard ------------------------------------------------------------------------
def test_a_whole_party_worked_out_by_hand():
    c = castle(
        """
        . . . . . . V
        . V V U U W .
        . v V U W W .
        . S G G G F .
        . S . G . F .
        . . S S . . .
        """,
        layout=LAYOUT,
    )
    # Vampires B2 C2 B3(King) C3 = 4, around the King B2 C2 C3 = +3  -> 7
    # Witches F2 E3 F3 = 3; Skeletons B4 B5 = 2 (C6 in the moat, D6 on the drawbridge)
    # Ghosts C4 D4 E4 D5 = 4; Frankensteins F4 F5 = 2                -> 11
    # Unicorns D2 E2 D3 = 3 -> 5; moat G1 (Vampire) and C6 (Skeleton) -> -2
    assert fireworks(c) == 4  # B2 V, C2 V, E2 U, F2 W
    assert conga(c) == 4  # the Vampires (with the King) or the Ghosts
    assert toast(c, at=(4, 4)) == 3  # D4 G, E4 G, F4 F, D5 G, F5 F, D6 S: Ghost, Frankenstein, Skeleton
    s = score(
        c, unused_special_actions=1, events={"fireworks": 4, "conga": 4, "toast": 3}
    )
    assert [(g.family, g.size, g.king_bonus) for g in s.groups] == [
        ("S", 2, 0),
        ("W", 3, 0),
        ("V", 4, 3),
        ("G", 4, 0),
        ("F", 2, 0),
    ]
    assert (s.unicorn_group, s.unicorns) == (3, 5)
    assert s.special_actions == 2
    assert (s.moat_guests, s.moat, s.drawbridge_guests) == (2, -2, 1)
    assert s.total == 18 + 5 + 2 - 2 + 11 == 34
    assert sum(points for _, points in s.lines()) == 34
    labels = [label for label, _ in s.lines()]
    assert "Vampire King/Queen in that group" in labels
    assert "Guests on the drawbridge: 1" in labels


def test_the_default_layouts_are_legal_castles():
    basic = Castle.from_text(BASIC_LAYOUT, "")
    rave = Castle.from_text(RAVE_LAYOUT, "")
    assert basic.layout == tuple(row.translate(str.maketrans("swvgf", ".....")) for row in rave.layout)
    assert sum(row.count("^") for row in basic.layout) == 10
    for point in "swvgf":
        assert sum(row.count(point) for row in rave.layout) == 5
