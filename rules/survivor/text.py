"""The sentences of Survivor: The Tribe Has Spoken: the rulebook's speeches, the reminders of
each phase, the refusals of moves out of their moment, and the app's choices in words.

Each sentence is a message of the game's own catalog (``locale/*/LC_MESSAGES/survivor.po``):
``str()`` of it is the English, and a screen says it in its reader's language.
"""
from __future__ import annotations

from dataclasses import replace

from rules.words import Speaker, second_person

from .setup import DOUBLE, seeding_sentence, tribal_council_cards
from .state import (
    CHOICE, COUNCIL, DISCUSSION, FINAL, IDOLS, JURY_VOTE, OVER, QUESTIONS, READING, SETUP,
    SPOKEN, THREE_LEFT, TIE, TIE_BREAK, TURN, UNCLEAR, VOTE, WELCOME, Council, Options, State,
)

# Survivor's catalog (rules/survivor/locale/<lang>/LC_MESSAGES/survivor.po)
_ = Speaker("survivor", "rules.survivor")
_n = _.n

WELCOME_SPEECH = _("Welcome to Tribal Council. If anyone has a Tribal Advantage Card, you may "
                   "play it now or anytime before we vote.")
DISCUSSION_SPEECH = _("Now let's discuss who should be voted out. We can ask questions, form "
                      "alliances, tell the truth, lie, and speak in private.")
VOTE_SPEECH = _("All right, that's enough discussion. It is... time to vote!")
IDOL_SPEECH = _("Everyone, open your eyes. If anyone has an Immunity Idol and wants to play "
                "it, now would be the time to do so.")
OPEN_BOX_SPEECH = _("Okay, I'll open the box and tally the votes!")
THE_TRIBE_HAS_SPOKEN = _("The Tribe Has Spoken!")
TURN_REMINDER = _("Steal, Play (or don't), then Draw!")
TABLE_LIMITS = _("You CAN'T give another player a card unless a card makes you. You CAN'T show "
                 "another player your cards unless a card makes you. You CAN'T hide how many "
                 "cards you have.")
"""The only limits of "Time to Strategize": anything else goes."""
FINAL_QUESTIONS = (
    _("What was your strategy coming into the game?"),
    _("What was your best move in the game?"),
    _("How did you outplay your opponent?"),
)
COUNTDOWN = _("The winner of Survivor is... 3... 2... 1...")

STEP_WORDS = ((WELCOME, _("Welcome")), (DISCUSSION, _("Discussion")), (VOTE, _("Vote")),
              (IDOLS, _("Immunity Idols")), (READING, _("Tally")), (CHOICE, _("Leader decides")),
              (SPOKEN, _("The Tribe Has Spoken")))
"""The steps of a Tribal Council in the rulebook's order, as the table's step track names
them ("Leader decides" only when there is a tie or it is unclear who is voted out)."""

SPEECHES = {WELCOME: (WELCOME_SPEECH,), DISCUSSION: (DISCUSSION_SPEECH,), VOTE: (VOTE_SPEECH,),
            IDOLS: (IDOL_SPEECH, OPEN_BOX_SPEECH)}
"""What the Tribal Council Leader says at each step of a Tribal Council."""

# --- the setup options, in words -----------------------------------------------------------
# The setup form (views/games/setup.py, shared by every game) says an option's sentence,
# label and words in the table screen's language.

SELF_VOTE_LABEL = _("Players may vote for themselves")
SELF_VOTE_SENTENCE = _("May a player vote for themselves? The rule text does not forbid it: the "
                       "Voting Box has a slot for every player.")
# In seat order the leader's own seat counts first: a Tribal Council Leader voted out with
# another goes on leading, as they led the Tribal Council that ended the game.
FINAL_LEADER_LABEL = _("Who leads the Final Tribal Council")
FINAL_LEADER_SENTENCE = _("Two players are eliminated at the same moment and the Final Tribal "
                          "Council starts: which of them is \"the player most recently "
                          "eliminated\", who leads it? In seat order, the Tribal Council "
                          "Leader's own seat first (a leader who is out leads it).")
FINAL_LEADER_WORDS = {
    "tribal_council_leader": _("The Tribal Council Leader chooses which of them leads it."),
    "seat_order": _("The first of them clockwise from the Tribal Council Leader leads it."),
}
# the same choice inside the setup checklist's sentence
FINAL_LEADER_CHOICE = {
    "tribal_council_leader": _("Choice: if two players are eliminated at the same moment and "
                               "the Final Tribal Council starts, the Tribal Council Leader "
                               "chooses which of them leads it."),
    "seat_order": _("Choice: if two players are eliminated at the same moment and the Final "
                    "Tribal Council starts, the first of them clockwise from the Tribal Council "
                    "Leader leads it, the Tribal Council Leader's own seat first (a leader who "
                    "is out leads it)."),
}


def own_turn_out(player: str, next_player: str):
    return _("Choice: {player} was knocked out on their own turn, so they skip the draw (an "
             "eliminated player's cards go on the Discard Pile) and play passes to {next}.",
             player=player, next=next_player)


EXTRA_VOTES_EARLY = _("Choice: ready Extra Vote cards on your phone from now until the box "
                      "comes to you.")
ACTION_CARD_JURY = _("Choice: a player whose last Survivor Character Card an Action card turns "
                     "over is eliminated and joins the Jury too (\"don't go too far, as you'll "
                     "have an important role to play during the Final Tribal Council\"), "
                     "though the Jury is \"the players who were voted out\".")


def choices(options: Options) -> list:
    """The app's choices where the rule text is silent, as the table's reminders say them."""
    return [
        (_("Choice: players may vote for themselves (the Voting Box has a slot for every "
           "player).") if options.self_vote else
         _("House rule: nobody may vote for themselves.")),
        FINAL_LEADER_CHOICE[options.final_leader],
        ACTION_CARD_JURY,
    ]


# --- refusals: a move out of its moment ------------------------------------------------------

NOT_NOW = {
    WELCOME: _("Tribal Council has just begun: welcome everyone first."),
    DISCUSSION: _("The table is still discussing: the vote has not started."),
    VOTE: _("The vote is under way."),
    IDOLS: _("This is the moment for Immunity Idols, before the box is opened."),
    READING: _("The votes are being read."),
    CHOICE: _("The Tribal Council Leader is deciding."),
    SPOKEN: _("The Tribe Has Spoken: this Tribal Council is over."),
}
"""Why a Tribal Council move is refused at this step."""

PHASE_WORDS = {
    SETUP: _("Not now: the game has not started."),
    TURN: _("Not now: it is a player's turn."),
    COUNCIL: _("Not now: Tribal Council is under way."),
    FINAL: _("Not now: the Final Tribal Council is under way."),
    OVER: _("Not now: the game is over."),
}


def not_now(state: State):
    """Why a move is refused out of its phase: where the game is now."""
    return PHASE_WORDS[state.phase]


def only_decider(decider: str, final: bool = False):
    """Only the (Final) Tribal Council Leader decides (breaks the tie)."""
    if final:
        return _("Only {decider}, the Final Tribal Council Leader, breaks the tie: on their "
                 "phone, or on the table device handed to them.", decider=decider)
    return _("Only {decider}, the Tribal Council Leader, decides: on their phone, or on the "
             "table device handed to them.", decider=decider)


def out_of_the_game(player: str):
    return _("{player} is out of the game and has no cards to play.", player=player)


# --- reminders -------------------------------------------------------------------------------

def speeches(state: State) -> list:
    """The Tribal Council Leader's words for this step, quoted."""
    if state.phase != COUNCIL:
        return []
    leader = state.council.leader
    return [_('{leader}: "{words}"', leader=leader, words=words)
            for words in SPEECHES.get(state.council.step, ())]


def reminders(state: State) -> list:
    """The phase banner and checklist, in the rulebook's words."""
    if state.phase == SETUP:
        return setup_reminders(state)
    if state.phase == TURN:
        return [_("{player}'s turn: {reminder}", player=state.turn, reminder=TURN_REMINDER),
                TABLE_LIMITS,
                _("Steal: pick a player and steal a random card from them."),
                _("Play a card if you like: face up on the Discard Pile, then follow it."),
                _("Draw: take the top card of the Draw Pile. A Tribal Council card? Place it "
                  "face up in front of you: you are the Tribal Council Leader."),
                _("Tribal Council cards left in the Draw Pile: {single} Single, {double} "
                  "Double Elimination.", single=state.single_left, double=state.double_left)]
    if state.phase == COUNCIL:
        return council_reminders(state)
    if state.phase == FINAL:
        return final_reminders(state)
    return [_("{player} is the Sole Survivor!", player=state.winner)]


# a phone's own lines said to "you": by the third-person msgid, and the placeholder that
# names the phone's player, the same line in the second person
YOU = {
    "{player}'s turn: {reminder}": {"player": _("Your turn: {reminder}")},
    "Tribal Council {number}, Single Elimination, led by {leader}": {
        "leader": _("Tribal Council {number}, Single Elimination, led by you")},
    "Tribal Council {number}, Double Elimination, led by {leader}": {
        "leader": _("Tribal Council {number}, Double Elimination, led by you")},
    '{leader}: "{words}"': {"leader": _('You say: "{words}"')},
    "The Tribe Has Spoken! {player} turns over a Survivor Character Card.": {
        "player": _("The Tribe Has Spoken! You turn over a Survivor Character Card.")},
    "Play continues with the player on {leader}'s left: {player}.": {
        "leader": _("Play continues with the player on your left: {player}."),
        "player": _("Play continues with the player on {leader}'s left: you.")},
    "The jury: {jury}, led by {leader}.": {"leader": _("The jury: {jury}, led by you.")},
    "{leader} asks the final two:": {"leader": _("You ask the final two:")},
    "{player} is the Sole Survivor!": {"player": _("You are the Sole Survivor!")},
    "{player} is eliminated: their cards go face up on top of the Discard Pile, and they join "
    "the jury.": {"player": _("You are eliminated: your cards go face up on top of the Discard "
                              "Pile, and you join the jury.")},
    "{leader} reads the votes, one at a time.": {
        "leader": _("You read the votes, one at a time.")},
    "{question} {leader} decides on their phone, or on the table device handed to them.": {
        "leader": _("{question} You decide on your phone, or on the table device handed to "
                    "you.")},
    "{leader} decides which {count} player of the tied {among} is voted out.": {
        "leader": _n("You decide which {count} player of the tied {among} is voted out.",
                     "You decide which {count} players of the tied {among} are voted out.",
                     "count")},
    "It is unclear who is voted out: {leader} chooses {count} player from {among}.": {
        "leader": _n("It is unclear who is voted out: you choose {count} player from {among}.",
                     "It is unclear who is voted out: you choose {count} players from "
                     "{among}.", "count")},
    "Only 3 players are left and 2 would be eliminated at the same time: {leader} decides "
    "which of the tied {among} is eliminated; the Final Tribal Council begins at once.": {
        "leader": _("Only 3 players are left and 2 would be eliminated at the same time: you "
                    "decide which of the tied {among} is eliminated; the Final Tribal Council "
                    "begins at once.")},
    "{among} were eliminated at the same moment: {leader} decides which of them leads the "
    "Final Tribal Council.": {
        "leader": _("{among} were eliminated at the same moment: you decide which of them "
                    "leads the Final Tribal Council.")},
    "The jury is tied. {leader} breaks the tie by choosing the winner, and doesn't have to "
    "pick the player they voted for.": {
        "leader": _("The jury is tied. You break the tie by choosing the winner, and don't "
                    "have to pick the player you voted for.")},
}


def _to_you(message, seat: str):
    """``message`` said to ``seat`` when one of its placeholders names them (``YOU``), its
    messages inside said to them too; None when it has no such form."""
    values = dict(getattr(message, "values", ()))
    for name, you in YOU.get(getattr(message, "text", None), {}).items():
        if values.get(name) == seat:
            return replace(you, values=tuple((k, _to_you(v, seat) or v) for k, v in
                                             message.values))
    return None


def yours(line, seat: str):
    """A reminder as ``seat``'s own phone says it: to "you". The English is the third person
    rewritten (``rules.words.second_person``); where the line has a second-person message
    (``YOU``) whose English is that, the phone says that message, in every language. Any
    other line that names the seat stays its English second person; a line that does not
    name the seat stays its message."""
    english = str(line)
    said = second_person(english, seat)
    if said == english:
        return line
    mine = _to_you(line, seat)
    return mine if mine is not None and str(mine) == said else said


def setup_reminders(state: State) -> list:
    n = len(state.players)
    single, double = tribal_council_cards(n)
    return [
        _("Each player chooses a color and places its 2 Survivor Character Cards face up."),
        _("Take out the 9 Tribal Council and 6 Vote Cards; give each player 1 Vote Card."),
        _("Shuffle the other Action Cards and deal 3 face down to each player."),
        _("Use {single} Single and {double} Double Elimination Tribal Council cards "
          "({players} players); put the others away.", single=single, double=double, players=n),
        seeding_sentence(n),
        _("Put the Voting Box next to the Draw Pile, with the slots facing up."),
        _("Pick a player to go first, then start the game."),
        *choices(state.options),
    ]


def final_reminders(state: State) -> list:
    final = state.final
    # the first line is the table's phase line: one line at 44 px
    lines = [_("Final Tribal Council: {one} and {other} face the jury", one=final.finalists[0],
               other=final.finalists[1]),
             _("The jury: {jury}, led by {leader}.", jury=tuple(final.jury), leader=final.leader)]
    if final.step == QUESTIONS:
        lines += [_("{leader} asks the final two:", leader=final.leader),
                  *(_("• {question}", question=q) for q in FINAL_QUESTIONS)]
        lines += [_("The final two can respond to each other; jurors can ask more questions "
                    "or make their own cases."),
                  _("The final two can't play any cards, but can reveal their hands as "
                    "evidence."),
                  _("When every juror has a finger in the air, start the jury vote.")]
    elif final.step == JURY_VOTE:
        lines += [_('{leader}: "{words}"', leader=final.leader, words=COUNTDOWN),
                  _("Every juror votes secretly for the player who should WIN; the votes "
                    "are revealed all at once.")]
    elif final.step == TIE_BREAK:
        lines += [_("The jury is tied. {leader} breaks the tie by choosing the winner, and "
                    "doesn't have to pick the player they voted for.", leader=final.leader)]
    return lines


def council_title(council: Council):
    """The table's phase line (one line at 44 px): which Tribal Council, who leads it."""
    if council.kind == DOUBLE:
        return _("Tribal Council {number}, Double Elimination, led by {leader}",
                 number=council.number, leader=council.leader)
    return _("Tribal Council {number}, Single Elimination, led by {leader}",
             number=council.number, leader=council.leader)


def council_goal(council: Council):
    return (_("Vote out 2 different players.") if council.kind == DOUBLE
            else _("Vote out 1 player."))


STEP_REMINDERS = {
    WELCOME: [_("Votes gained from a Tribal Advantage card MUST be used at this Tribal "
                "Council."), EXTRA_VOTES_EARLY],
    DISCUSSION: [_("Play as many Tribal Advantage cards as you like now, but NOT once voting "
                   "has started."),
                 _("Extra Vote cards go in the box with your vote; keep the others for later."),
                 _("Choice: ready Extra Vote cards on your phone now or when the box comes to "
                   "you.")],
    VOTE: [_("Everyone must vote: the box goes to every player, even one without a Vote "
             "Card, on their phone (pass-and-play where phones are short). The box is not "
             "read until every vote is in."),
           _("If you have Extra Vote Cards, you can use them against the same player, a "
             "different player, or save them for later: set them before you cast your "
             "ballot.")],
}


def council_reminders(state: State) -> list:
    council = state.council
    step, leader = council.step, council.leader
    if step == IDOLS:  # the Idol moment comes between the two speeches
        idols, open_box = speeches(state)
        return [council_title(council), council_goal(council), idols,
                _("Any votes for a player who plays an Idol DO NOT count!"), open_box]
    lines = [council_title(council), council_goal(council), *speeches(state),
             *STEP_REMINDERS.get(step, [])]
    if step == VOTE and council.advantage:
        lines.append(_("Votes gained from Tribal Advantage cards MUST be used: they are on "
                       "the ballot."))
    if step == VOTE and not state.options.self_vote:
        lines.append(_("Nobody may vote for themselves (a table option)."))
    if step == READING:
        lines.append(_("{leader} reads the votes, one at a time.", leader=leader))
    if step == CHOICE:
        lines.append(_("{question} {leader} decides on their phone, or on the table device "
                       "handed to them.", question=choice_question(council), leader=leader))
    if step == SPOKEN:
        lines += spoken_reminders(state)
    return lines


def voted_out_line(player: str):
    return _("The Tribe Has Spoken! {player} turns over a Survivor Character Card.",
             player=player)


def spoken_reminders(state: State) -> list:
    council = state.council
    spoken = [voted_out_line(p) for p in council.voted_out] or [_("Nobody was voted out.")]
    out = [_("{player} is eliminated: their cards go face up on top of the Discard Pile, and "
             "they join the jury.", player=p) for p in council.eliminated]
    return [*spoken, *out,
            _("Return 1 Vote Card to every player who still has a Survivor Character Card."),
            _("Discard all other cards used during the Tribal Council, including the Tribal "
              "Council card."),
            _("Play continues with the player on {leader}'s left: {player}.",
              leader=council.leader, player=state.left_of(council.leader))]


def choice_question(council: Council):
    """What the Tribal Council Leader must decide now, and why."""
    choice = council.choice
    leader = council.leader
    among = tuple(choice.pick_from)
    if choice.reason == TIE:
        return _n("{leader} decides which {count} player of the tied {among} is voted out.",
                  "{leader} decides which {count} players of the tied {among} are voted out.",
                  "count", leader=leader, count=choice.picks, among=among)
    if choice.reason == UNCLEAR:
        return _n("It is unclear who is voted out: {leader} chooses {count} player from "
                  "{among}.",
                  "It is unclear who is voted out: {leader} chooses {count} players from "
                  "{among}.", "count", leader=leader, count=choice.picks, among=among)
    if choice.reason == THREE_LEFT:
        return _("Only 3 players are left and 2 would be eliminated at the same time: {leader} "
                 "decides which of the tied {among} is eliminated; the Final Tribal Council "
                 "begins at once.", leader=leader, among=among)
    return _("{among} were eliminated at the same moment: {leader} decides which of them "
             "leads the Final Tribal Council.", among=among, leader=leader)


def choice_ask(council: Council):
    """The same decision, asked of the Tribal Council Leader on their own screen."""
    choice = council.choice
    among = tuple(choice.pick_from)
    if choice.reason == TIE:
        return _n("Which {count} player of the tied {among} is voted out?",
                  "Which {count} players of the tied {among} are voted out?", "count",
                  count=choice.picks, among=among)
    if choice.reason == UNCLEAR:
        return _n("It is unclear who is voted out: choose {count} player from {among}.",
                  "It is unclear who is voted out: choose {count} players from {among}.",
                  "count", count=choice.picks, among=among)
    if choice.reason == THREE_LEFT:
        return _("Only 3 players are left and 2 would be eliminated at the same time: which of "
                 "the tied {among} is eliminated? The Final Tribal Council begins at once.",
                 among=among)
    return _("{among} were eliminated at the same moment: which of them leads the Final "
             "Tribal Council?", among=among)
