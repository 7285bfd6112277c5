"""Survivor's readings of open rules: see ``rules.base.BaseGame.readings``."""

READINGS = (
    'Self-votes: nothing forbids them ("a slot for every player"); allowed by default, setup '
    "option `self_vote`. Setup form; the table's setup checklist.",
    'Two players out at the same moment before the Final: "the player most recently '
    'eliminated" is not one player; setup option `final_leader` (the Tribal Council Leader '
    "picks, or seat order). Setup form; the table's setup checklist; the leader is asked on "
    "the table.",
    "`final_leader` in seat order: clockwise from the Tribal Council Leader, the leader's own "
    "seat first, so a leader voted out with another leads the Final. Setup form's sentence; "
    "checklist.",
    "A player knocked out by Action cards joins the Jury too (\"don't go too far, as you'll "
    'have an important role to play"), though the text calls the Jury "the players who were '
    "voted out\". The table's setup checklist; the history line of the card that knocks them "
    "out.",
    'Extra Vote cards are a secret move ("So no one can hear how many votes are being cast"): '
    "setting them leaves no line in the table's history, not even \"a player acted\".",
    "Extra Vote cards may be readied on the phone from the Leader's Welcome until the box has "
    'come to the player (the text uses them "When the Voting Box is in front of you"; readying '
    "them earlier, in secret, changes nothing). The table's checklist at the Welcome and at "
    "Discussion.",
    "A player knocked out by an Action card on their own turn skips the draw (\"Draw a Card\" "
    "ends a turn; an eliminated player's cards go on the Discard Pile): play passes to the "
    "left. The history line of the card that knocks them out.",
)
