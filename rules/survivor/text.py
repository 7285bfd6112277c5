"""The sentences of Survivor: The Tribe Has Spoken: the rulebook's speeches, the reminders of
each phase, the refusals of moves out of their moment, and the app's choices in words.
"""
from __future__ import annotations

from rules.words import join_names, plural

from .setup import DOUBLE, KIND_NAMES, seeding_sentence, tribal_council_cards
from .state import (
    CHOICE, COUNCIL, DISCUSSION, FINAL, IDOLS, JURY_VOTE, OVER, QUESTIONS, READING, SETUP,
    SPOKEN, THREE_LEFT, TIE, TIE_BREAK, TURN, UNCLEAR, VOTE, WELCOME, Council, Options, State,
)

WELCOME_SPEECH = ("Welcome to Tribal Council. If anyone has a Tribal Advantage Card, you may "
                  "play it now or anytime before we vote.")
DISCUSSION_SPEECH = ("Now let's discuss who should be voted out. We can ask questions, form "
                     "alliances, tell the truth, lie, and speak in private.")
VOTE_SPEECH = "All right, that's enough discussion. It is... time to vote!"
IDOL_SPEECH = ("Everyone, open your eyes. If anyone has an Immunity Idol and wants to play it, "
               "now would be the time to do so.")
OPEN_BOX_SPEECH = "Okay, I'll open the box and tally the votes!"
THE_TRIBE_HAS_SPOKEN = "The Tribe Has Spoken!"
TURN_REMINDER = "Steal, Play (or don't), then Draw!"
TABLE_LIMITS = ("You CAN'T give another player a card unless a card makes you. You CAN'T show "
                "another player your cards unless a card makes you. You CAN'T hide how many "
                "cards you have.")
"""The only limits of "Time to Strategize": anything else goes."""
FINAL_QUESTIONS = (
    "What was your strategy coming into the game?",
    "What was your best move in the game?",
    "How did you outplay your opponent?",
)
COUNTDOWN = "The winner of Survivor is... 3... 2... 1..."

STEP_WORDS = ((WELCOME, "Welcome"), (DISCUSSION, "Discussion"), (VOTE, "Vote"),
              (IDOLS, "Immunity Idols"), (READING, "Tally"), (CHOICE, "Leader decides"),
              (SPOKEN, "The Tribe Has Spoken"))
"""The steps of a Tribal Council in the rulebook's order, as the table's step track names
them ("Leader decides" only when there is a tie or it is unclear who is voted out)."""

SPEECHES = {WELCOME: (WELCOME_SPEECH,), DISCUSSION: (DISCUSSION_SPEECH,), VOTE: (VOTE_SPEECH,),
            IDOLS: (IDOL_SPEECH, OPEN_BOX_SPEECH)}
"""What the Tribal Council Leader says at each step of a Tribal Council."""

# --- the setup options, in words -----------------------------------------------------------

SELF_VOTE_SENTENCE = ("May a player vote for themselves? The rule text does not forbid it: the "
                      "Voting Box has a slot for every player.")
# In seat order the leader's own seat counts first: a Tribal Council Leader voted out with
# another goes on leading, as they led the Tribal Council that ended the game.
OWN_SEAT_FIRST = "the Tribal Council Leader's own seat first (a leader who is out leads it)"
FINAL_LEADER_SENTENCE = ("Two players are eliminated at the same moment and the Final Tribal "
                         "Council starts: which of them is \"the player most recently "
                         "eliminated\", who leads it? In seat order, "
                         + OWN_SEAT_FIRST + ".")
FINAL_LEADER_WORDS = {
    "tribal_council_leader": "The Tribal Council Leader chooses which of them leads it.",
    "seat_order": "The first of them clockwise from the Tribal Council Leader leads it.",
}


OWN_TURN_OUT = ("Choice: {player} was knocked out on their own turn, so they skip the draw "
                "(an eliminated player's cards go on the Discard Pile) and play passes to "
                "{next}.")
EXTRA_VOTES_EARLY = ("Choice: ready Extra Vote cards on your phone from now until the box "
                     "comes to you.")
ACTION_CARD_JURY = ("Choice: a player whose last Survivor Character Card an Action card turns "
                    "over is eliminated and joins the Jury too (\"don't go too far, as you'll "
                    "have an important role to play during the Final Tribal Council\"), though "
                    "the Jury is \"the players who were voted out\".")


def final_leader_words(value: str) -> str:
    """The ``final_leader`` choice inside a sentence; seat order says whose seat counts first."""
    words = FINAL_LEADER_WORDS[value]
    if value == "seat_order":
        words = f"{words[:-1]}, {OWN_SEAT_FIRST}."
    return words[0].lower() + words[1:]


def choices(options: Options) -> list[str]:
    """The app's choices where the rule text is silent, as the table's reminders say them."""
    return [
        ("Choice: players may vote for themselves (the Voting Box has a slot for every player)."
         if options.self_vote else "House rule: nobody may vote for themselves."),
        "Choice: if two players are eliminated at the same moment and the Final Tribal Council "
        "starts, " + final_leader_words(options.final_leader),
        ACTION_CARD_JURY,
    ]


# --- refusals: a move out of its moment ------------------------------------------------------

NOT_NOW = {
    WELCOME: "Tribal Council has just begun: welcome everyone first.",
    DISCUSSION: "The table is still discussing: the vote has not started.",
    VOTE: "The vote is under way.",
    IDOLS: "This is the moment for Immunity Idols, before the box is opened.",
    READING: "The votes are being read.",
    CHOICE: "The Tribal Council Leader is deciding.",
    SPOKEN: "The Tribe Has Spoken: this Tribal Council is over.",
}
"""Why a Tribal Council move is refused at this step."""

PHASE_WORDS = {
    SETUP: "the game has not started",
    TURN: "it is a player's turn",
    COUNCIL: "Tribal Council is under way",
    FINAL: "the Final Tribal Council is under way",
    OVER: "the game is over",
}


def not_now(state: State) -> str:
    """Why a move is refused out of its phase: where the game is now."""
    return f"Not now: {PHASE_WORDS[state.phase]}."


def only_decider(decider: str, role: str, what: str) -> str:
    return (f"Only {decider}, the {role}, {what}: on their phone, or on the table device "
            f"handed to them.")


def out_of_the_game(player: str) -> str:
    return f"{player} is out of the game and has no cards to play."


# --- reminders -------------------------------------------------------------------------------

def speeches(state: State) -> list[str]:
    """The Tribal Council Leader's words for this step, quoted."""
    if state.phase != COUNCIL:
        return []
    leader = state.council.leader
    return [f'{leader}: "{words}"' for words in SPEECHES.get(state.council.step, ())]


def reminders(state: State) -> list[str]:
    """The phase banner and checklist, in the rulebook's words."""
    if state.phase == SETUP:
        return setup_reminders(state)
    if state.phase == TURN:
        return [f"{state.turn}'s turn: {TURN_REMINDER}", TABLE_LIMITS,
                "Steal: pick a player and steal a random card from them.",
                "Play a card if you like: face up on the Discard Pile, then follow it.",
                "Draw: take the top card of the Draw Pile. A Tribal Council card? Place it "
                "face up in front of you: you are the Tribal Council Leader.",
                f"Tribal Council cards left in the Draw Pile: {state.single_left} "
                f"Single, {state.double_left} Double Elimination."]
    if state.phase == COUNCIL:
        return council_reminders(state)
    if state.phase == FINAL:
        return final_reminders(state)
    return [f"{state.winner} is the Sole Survivor!"]


def setup_reminders(state: State) -> list[str]:
    n = len(state.players)
    single, double = tribal_council_cards(n)
    return [
        "Each player chooses a color and places its 2 Survivor Character Cards face up.",
        "Take out the 9 Tribal Council and 6 Vote Cards; give each player 1 Vote Card.",
        "Shuffle the other Action Cards and deal 3 face down to each player.",
        f"Use {single} Single and {double} Double Elimination Tribal Council cards "
        f"({n} players); put the others away.",
        seeding_sentence(n),
        "Put the Voting Box next to the Draw Pile, with the slots facing up.",
        "Pick a player to go first, then start the game.",
        *choices(state.options),
    ]


def final_reminders(state: State) -> list[str]:
    final = state.final
    # the first line is the table's phase line: one line at 44 px
    lines = [f"Final Tribal Council: {final.finalists[0]} and {final.finalists[1]} face "
             f"the jury", f"The jury: {join_names(final.jury)}, led by {final.leader}."]
    if final.step == QUESTIONS:
        lines += [f"{final.leader} asks the final two:", *(f"• {q}" for q in FINAL_QUESTIONS)]
        lines += ["The final two can respond to each other; jurors can ask more questions "
                  "or make their own cases.",
                  "The final two can't play any cards, but can reveal their hands as "
                  "evidence.",
                  "When every juror has a finger in the air, start the jury vote."]
    elif final.step == JURY_VOTE:
        lines += [f'{final.leader}: "{COUNTDOWN}"',
                  "Every juror votes secretly for the player who should WIN; the votes "
                  "are revealed all at once."]
    elif final.step == TIE_BREAK:
        lines += [f"The jury is tied. {final.leader} breaks the tie by choosing the "
                  f"winner, and doesn't have to pick the player they voted for."]
    return lines


def council_title(council: Council) -> str:
    """The table's phase line (one line at 44 px): which Tribal Council, who leads it."""
    return (f"Tribal Council {council.number}, {KIND_NAMES[council.kind]} Elimination, "
            f"led by {council.leader}")


def council_goal(council: Council) -> str:
    return f"Vote out {'2 different players' if council.kind == DOUBLE else '1 player'}."


STEP_REMINDERS = {
    WELCOME: ["Votes gained from a Tribal Advantage card MUST be used at this Tribal Council.",
              EXTRA_VOTES_EARLY],
    DISCUSSION: ["Play as many Tribal Advantage cards as you like now, but NOT once voting "
                 "has started.",
                 "Extra Vote cards go in the box with your vote; keep the others for later.",
                 "Choice: ready Extra Vote cards on your phone now or when the box comes to "
                 "you."],
    VOTE: ["Everyone must vote: the box goes to every player, even one without a Vote Card, "
           "on their phone (pass-and-play where phones are short). The box is not read until "
           "every vote is in.",
           "If you have Extra Vote Cards, you can use them against the same player, a "
           "different player, or save them for later: set them before you cast your ballot."],
}


def council_reminders(state: State) -> list[str]:
    council = state.council
    step, leader = council.step, council.leader
    if step == IDOLS:  # the Idol moment comes between the two speeches
        idols, open_box = speeches(state)
        return [council_title(council), council_goal(council), idols,
                "Any votes for a player who plays an Idol DO NOT count!", open_box]
    lines = [council_title(council), council_goal(council), *speeches(state),
             *STEP_REMINDERS.get(step, [])]
    if step == VOTE and council.advantage:
        lines.append("Votes gained from Tribal Advantage cards MUST be used: they are on the "
                     "ballot.")
    if step == VOTE and not state.options.self_vote:
        lines.append("Nobody may vote for themselves (a table option).")
    if step == READING:
        lines.append(f"{leader} reads the votes, one at a time.")
    if step == CHOICE:
        lines.append(choice_question(council) + f" {leader} decides on their phone, or on the "
                     f"table device handed to them.")
    if step == SPOKEN:
        lines += spoken_reminders(state)
    return lines


def spoken_reminders(state: State) -> list[str]:
    council = state.council
    spoken = [f"{THE_TRIBE_HAS_SPOKEN} {p} turns over a Survivor Character Card."
              for p in council.voted_out] or ["Nobody was voted out."]
    out = [f"{p} is eliminated: their cards go face up on top of the Discard Pile, and they "
           f"join the jury." for p in council.eliminated]
    return [*spoken, *out,
            "Return 1 Vote Card to every player who still has a Survivor Character Card.",
            "Discard all other cards used during the Tribal Council, including the Tribal "
            "Council card.",
            f"Play continues with the player on {council.leader}'s left: "
            f"{state.left_of(council.leader)}."]


def choice_question(council: Council) -> str:
    """What the Tribal Council Leader must decide now, and why."""
    choice = council.choice
    leader = council.leader
    among = join_names(choice.pick_from)
    if choice.reason == TIE:
        return (f"{leader} decides which {plural(choice.picks, 'player')} of the tied "
                f"{among} {'is' if choice.picks == 1 else 'are'} voted out.")
    if choice.reason == UNCLEAR:
        return (f"It is unclear who is voted out: {leader} chooses "
                f"{plural(choice.picks, 'player')} from {among}.")
    if choice.reason == THREE_LEFT:
        return (f"Only 3 players are left and 2 would be eliminated at the same time: {leader} "
                f"decides which of the tied {among} is eliminated; the Final Tribal Council "
                f"begins at once.")
    return (f"{among} were eliminated at the same moment: {leader} decides which of them "
            f"leads the Final Tribal Council.")


def choice_ask(council: Council) -> str:
    """The same decision, asked of the Tribal Council Leader on their own screen."""
    choice = council.choice
    among = join_names(choice.pick_from)
    if choice.reason == TIE:
        return (f"Which {plural(choice.picks, 'player')} of the tied {among} "
                f"{'is' if choice.picks == 1 else 'are'} voted out?")
    if choice.reason == UNCLEAR:
        return (f"It is unclear who is voted out: choose {plural(choice.picks, 'player')} "
                f"from {among}.")
    if choice.reason == THREE_LEFT:
        return (f"Only 3 players are left and 2 would be eliminated at the same time: which of "
                f"the tied {among} is eliminated? The Final Tribal Council begins at once.")
    return (f"{among} were eliminated at the same moment: which of them leads the Final Tribal "
            f"Council?")
