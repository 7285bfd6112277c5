"""Survivor, issue 52: two readings the app played but said nowhere, chosen on purpose and
said where they bite (rules-texts/survivor-the-tribe-has-spoken.txt, line numbers)."""
from rules import TABLE, Action
from rules.survivor import GAME
from rules.testing import said as said_message

from testsupport.survivor import act, new, turn_over

def english(lines) -> tuple:
    """The rules' sentences are messages: their English, to compare with the rule text."""
    return tuple(map(str, lines))


def said(game, before, action) -> str:
    """The history line's English."""
    return str(said_message(game, before, action))



def test_a_player_knocked_out_on_their_own_turn_skips_the_draw_and_the_line_says_so():
    """l.58: "3. Draw a Card. End your turn by taking the top card from the Draw Pile"; l.142:
    "If both of your Survivor Character Cards have been turned over, you are eliminated from
    the game. When this happens, put your cards face up on top of the Discard Pile." Ann, out
    on her own turn, draws nothing: play passes to Bob (Choice), and the line says so."""
    state = turn_over(new(), "Ann")
    assert state.turn == "Ann"
    line = said(GAME, state, Action(TABLE, "turn_over", {"player": "Ann"}))
    after = act(state, TABLE, "turn_over", player="Ann")
    assert after.turn == "Bob" and "draw_action" not in GAME.legal_moves(after, "Ann")
    assert line.endswith("Choice: Ann was knocked out on their own turn, so they skip the draw "
                         "(an eliminated player's cards go on the Discard Pile) and play passes "
                         "to Bob.")
    # another player knocked out on Ann's turn: Ann still draws, nothing more said
    other = said(GAME, turn_over(new(), "Bob"),
                 Action(TABLE, "turn_over", {"player": "Bob"}))
    assert "skip the draw" not in other
    assert any(r.startswith("A player knocked out by an Action card on their own turn")
               for r in GAME.readings)


def test_extra_vote_cards_may_be_readied_from_the_welcome_and_the_table_says_so():
    """l.90: "Welcome to Tribal Council. If anyone has a Tribal Advantage Card, you may play it
    now"; l.116: "If you have Extra Vote Cards, you can use them against the same player, a
    different player, or save them for later." Readying them in secret at the Welcome is
    accepted (Choice) and the Welcome's reminders say so."""
    state = act(new(), "Ann", "draw_tribal_council", kind="single")
    assert state.council.step == "welcome"
    assert "use_extra_votes" in GAME.legal_moves(state, "Bob")
    act(state, "Bob", "use_extra_votes", count=1)
    assert ("Choice: ready Extra Vote cards on your phone from now until the box comes to you."
            in english(GAME.reminders(state)))
    assert any(r.startswith("Extra Vote cards may be readied on the phone from the Leader's "
                            "Welcome") for r in GAME.readings)
