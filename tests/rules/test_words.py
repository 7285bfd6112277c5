"""The shared words of every game's sentences, and a player's own phone speaking to them."""
from __future__ import annotations

import pytest

from rules.words import join_names, plural, second_person


def test_plural_and_lists_of_names():
    assert plural(1, "vote") == "1 vote" and plural(3, "vote") == "3 votes"
    assert plural(2, "Castaway") == "2 Castaways" and plural(2, "die", "dice") == "2 dice"
    assert join_names([]) == "nobody"
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Ben", "Cid"]) == "Ann, Ben and Cid"
    assert join_names(["Ann", "Ben"], "or") == "Ann or Ben"


@pytest.mark.parametrize("line, said", [
    ("Chloe is the Sole Survivor!", "You are the Sole Survivor!"),
    ("Chloe's turn: Steal, Play (or don't), then Draw!", "Your turn: Steal, Play (or don't), "
                                                         "then Draw!"),
    ("Chloe wins Castaways!", "You win Castaways!"),
    ("Chloe decides which of the tied players is eliminated.", "You decide which of the tied "
                                                                 "players is eliminated."),
    ("Chloe passes.", "You pass."),
    ("Chloe has 2 Extra Vote cards.", "You have 2 Extra Vote cards."),
    ("Chloe plays the Cook.", "You play the Cook."),
    # sentences about someone else, or not about Chloe alone, stay as written
    ("Ana is the Team Leader.", "Ana is the Team Leader."),
    ("Chloe and Dev tie.", "Chloe and Dev tie."),
    ("Chloe (the Cook) eats.", "Chloe (the Cook) eats."),
    ("Chloey is here.", "Chloey is here."),
    ("Voting: who leads?", "Voting: who leads?"),
])
def test_a_players_own_phone_speaks_to_them(line, said):
    """Issue 10: "your own phone calls you by name ('Chloe is the Sole Survivor!') instead of
    'You win'"."""
    assert second_person(line, "Chloe") == said


@pytest.mark.parametrize("line, said", [
    # a reminder line holds several sentences: each one about Chloe is said to her
    ("Round 2 · Outcast Tribunal (Sharks). Tribunal Leader: Chloe.",
     "Round 2 · Outcast Tribunal (Sharks). You are the Tribunal Leader."),
    ("The Tribe Has Spoken! Chloe turns over a Survivor Character Card.",
     "The Tribe Has Spoken! You turn over a Survivor Character Card."),
    ("Shape 3 (turned over by Dev): special action? Chloe speaks now: use one or pass.",
     "Shape 3 (turned over by Dev): special action? You speak now: use one or pass."),
    # "Role: Chloe." is who holds the role
    ("Team Leader: Chloe.", "You are the Team Leader."),
    ("The Team Leader (Chloe) draws and reads the Daily Mail card.",
     "The Team Leader (you) draws and reads the Daily Mail card."),
    # Chloe starting the clause after a colon or a semicolon
    ("Forced Play: Chloe plays now. No other card may be played until Forced Play is complete.",
     "Forced Play: you play now. No other card may be played until Forced Play is complete."),
    ("Morale -2: Chloe discards 2 Determination tokens; Chloe has 0, so the Cook takes 2 "
     "Wounds.", "Morale -2: you discard 2 Determination tokens; you have 0, so the Cook takes "
                "2 Wounds."),
    ("Set up the cards; then Chloe turns over the first Shape card.",
     "Set up the cards; then you turn over the first Shape card."),
    ("Characters: Dev plays the Cook; Chloe plays the Explorer.",
     "Characters: Dev plays the Cook; you play the Explorer."),
    # Chloe's anything, and Chloe alone after "by", "to", "for" or a colon
    ("Play continues with the player on Chloe's left: Dev.",
     "Play continues with the player on your left: Dev."),
    ("Play continues with the player on Dev's left: Chloe.",
     "Play continues with the player on Dev's left: you."),
    ("Tribal Council 2, Single Elimination (vote out 1 player), led by Chloe.",
     "Tribal Council 2, Single Elimination (vote out 1 player), led by you."),
    ("Waiting for Chloe to score an Event.", "Waiting for you to score an Event."),
    ("Dev's team is at the Outcast Tribunal, so the Team Leader card went to Chloe, the next "
     "player of the other team. Choice: that is Chloe's turn with the card; they keep it "
     "after the Tribunal.",
     "Dev's team is at the Outcast Tribunal, so the Team Leader card went to you, the next "
     "player of the other team. Choice: that is your turn with the card; you keep it after "
     "the Tribunal."),
    # what Chloe reads out to the table
    ('Chloe: "It is... time to vote!"', 'You say: "It is... time to vote!"'),
    # once a sentence speaks to Chloe, so do its "they", "their" and "them", and its verbs
    ("Chloe is eliminated: their cards go face up on top of the Discard Pile, and they join "
     "the jury.", "You are eliminated: your cards go face up on top of the Discard Pile, and "
                  "you join the jury."),
    ("Dev decides which 1 player of the tied Eve and Fay is voted out. Chloe decides on their "
     "phone, or on the table device handed to them.",
     "Dev decides which 1 player of the tied Eve and Fay is voted out. You decide on your "
     "phone, or on the table device handed to you."),
    ("The jury is tied. Chloe breaks the tie by choosing the winner, and doesn't have to pick "
     "the player they voted for.",
     "The jury is tied. You break the tie by choosing the winner, and don't have to pick the "
     "player you voted for."),
])
def test_every_sentence_of_a_line_about_the_player_is_said_to_them(line, said):
    """Issue 10: the Tribunal Leader's own phone said "Tribunal Leader: Chloe." to Chloe."""
    assert second_person(line, "Chloe") == said


@pytest.mark.parametrize("line", [
    # lists of names stay lists of names, and their "their" is everyone's
    "Outcast Panel: Chloe, Dev, Eve.",
    "Still picking: Dev and Chloe.",
    "Final Outcast Tribunal: Chloe and Dev pitch their case to the Outcast Panel.",
    "It is unclear who is voted out: Dev chooses 1 player from Chloe, Eve and Fay.",
    # sentences about somebody else keep their pronouns
    "Dev is eliminated: their cards go face up on top of the Discard Pile, and they join the "
    "jury.",
    "Dev: \"Time to vote!\"",
    "Still picking: nobody.",
])
def test_lines_not_about_the_player_alone_stay_as_written(line):
    assert second_person(line, "Chloe") == line


OTHERS = ["Anna", "Annie", "Ann-Marie", "Joann", "Ann2"]
FORMS = ["{}'s turn: Steal, Play (or don't), then Draw!", "{} wins Castaways!",
         "Round 2 · Outcast Tribunal (Sharks). Tribunal Leader: {}.",
         "Forced Play: {} plays now.", "Tribal Council 1, led by {}.",
         "Play continues with the player on {}'s left: Bob.", "The Team Leader ({}) draws.",
         '{}: "Time to vote!"', "{} is eliminated: their cards go to the jury."]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("other", OTHERS)
def test_a_name_is_never_read_inside_another_players_name(form, other):
    """Ann's phone never takes Anna's (or Joann's) turn for her own."""
    line = form.format(other)
    assert second_person(line, "Ann") == line


@pytest.mark.parametrize("form", FORMS)
def test_a_name_with_dots_or_brackets_is_still_a_name(form):
    for name in ("J.R.", "Ann (2)", "Zoë"):
        line = form.format(name)
        assert name not in second_person(line, name), line  # said to them, in every form


def test_the_tribunal_leaders_own_phone_says_it_to_them():
    """Issue 10: the Castaways reminder on the Tribunal Leader's phone; every other phone
    reads the table's words."""
    from rules.castaways import GAME
    from testsupport.castaways import started, to_tribunal

    state = to_tribunal(started(), "Team 2")  # Team 1 goes to the Outcast Tribunal
    leader = state.tribunal.leader
    table = GAME.reminders(state)
    english = tuple(str(line) for line in table)  # the rules' messages, in English
    assert english[:2] == ("Round 1 · Outcast Tribunal (Team 1)", f"Tribunal Leader: {leader}.")
    assert str(GAME.reminders_for(state, leader)[1]) == "You are the Tribunal Leader."
    bystander = next(p for p in state.players if p != leader and p not in " ".join(english[2:]))
    assert GAME.reminders_for(state, bystander) == table
