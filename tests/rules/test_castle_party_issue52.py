"""Castle Party, issue 52: the Pumpkin King off the gathering points, and the Toast and the
Conga read on purpose; each rule and reading quoted from rules-texts/castle-party.txt (line)
and said in the readings and on the screen (the table's and the phone's folds)."""
import pytest

from rules import RuleError
from rules.castle_party import GAME, Castle, conga, toast

from testsupport.castle_party import FIELD, RAVE, castle
from testsupport.castle_party import new


def reminders(state) -> tuple[str, ...]:
    """The reminders' English (the rules say messages: str() is the English)."""
    return tuple(map(str, GAME.reminders(state)))


def describe(before, action, after) -> str:
    return str(GAME.describe(before, action, after))


def choices():
    return " ".join(GAME.view(new(), "Ann")["choices"])


def test_the_pumpkin_king_is_never_toasted_on_a_gathering_point_and_the_readings_say_so():
    """l.42: "The player draws the Pumpkin King symbol in an empty space on their whiteboard"
    and l.54: "the spaces indicated for these gathering points cannot be occupied by any other
    kind of guest". Reading: a gathering point is no place for him; every other empty square,
    moat and drawbridge included, is."""
    empty = Castle.from_text(RAVE, "")
    with pytest.raises(RuleError, match="the Pumpkin King may not stand on a gathering point"):
        toast(empty, at=(1, 1))  # the Punch
    assert toast(empty, at=(3, 2)) == 0  # an empty castle square
    assert toast(empty, at=(0, 0)) == 0  # the moat
    reading = next(r for r in GAME.readings if r.startswith("The Pumpkin King may be toasted"))
    assert "not on a Rave gathering point" in reading
    assert "any empty square, moat and drawbridge included" in reading
    assert "not on a Rave gathering point (no other kind of guest may stand there)" in choices()


def test_the_conga_leaves_unicorns_out_and_says_so():
    """l.41: "The player counts the largest group of Monsters in the same family" - the
    materials (l.10-12) list the five families' Monster cards apart from the Unicorn cards:
    five Unicorns in a row make no Conga."""
    c = castle(". . . . . . .\n. U U U U U .\n. W . . . . .\n" + ". . . . . . .\n" * 4, FIELD)
    assert conga(c) == 1
    assert any("Unicorns are no family" in r and "Conga" in r for r in GAME.readings)
    assert "Unicorns are no family, so they make no Conga" in choices()


def test_the_toast_counts_the_moat_and_drawbridge_around_him_the_conga_only_inside():
    """l.42: "scores 1 point for each different monster that is in one of the eight boxes that
    surround him"; l.48's "Any Monsters that are outside of your castle are not included in any
    group" is said of the groups. Reading: the Toast counts the moat around him, the Conga
    (a group) does not."""
    # Pumpkin King at B2 (row 1, col 1); a Witch at A1 in the moat, a Ghost at B1 in the moat.
    c = castle("W G . . . . .\n. . . . . . .\n" + ". . . . . . .\n" * 5, FIELD)
    assert toast(c, at=(1, 1)) == 2
    assert conga(c) == 0
    assert any(r.startswith("The Toast counts every kind") and "moat" in r
               for r in GAME.readings)
    assert "the Toast counts every kind in the eight boxes around the Pumpkin King, moat" \
        in choices()


def test_the_turn_line_says_the_clocks_event_before_the_next_shape():
    """l.38: "Each time a Clock card is revealed, each player must choose one of the Events
    they have available to score at that moment" - while any player owes it, the turn line
    says so, never "Bob's turn: turn over a Shape card" (the Shape deck waits)."""
    from rules import TABLE
    from testsupport.castle_party import act, shapes_until
    state = act(shapes_until(new(), 5), TABLE, "reveal_clock")
    assert str(GAME.turn_line(state)) == "The first Clock: 3 players score an Event"
    assert GAME.view(state, None)["turn"] == "The first Clock: 3 players score an Event"
    state = act(act(state, "Ann", "score_event", event="conga"), "Bob", "score_event",
                event="conga")
    assert GAME.view(state, "Ann")["turn"] == "The first Clock: Cid scores an Event"
    state = act(state, "Cid", "score_event", event="conga")
    assert str(GAME.turn_line(state)) == "Cid's turn: turn over a Shape card"
