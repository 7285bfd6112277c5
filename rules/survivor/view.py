"""What the screens show of Survivor: The Tribe Has Spoken: views, reminders, history lines.

The table screen sees what the whole table sees; a phone sees that plus its own secrets (the
Extra Vote cards its player uses). Nobody sees the Voting Box's contents before it is opened.
"""
from __future__ import annotations

from typing import Any

from rules import TABLE, Action

from .council import DOUBLE, KIND_NAMES, seeding_sentence, tribal_council_cards
from .moves import _left_of, _names, _pairs_get, _plural, _votes_of
from .state import (
    CHOICE, COUNCIL, DISCUSSION, FINAL, IDOLS, JURY_VOTE, OVER, QUESTIONS, READING, SETUP,
    SPOKEN, THREE_LEFT, TIE, TIE_BREAK, TURN, UNCLEAR, VOTE, WELCOME, Council, Final, Options,
    State,
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


# --- what the screens show -----------------------------------------------------------------

def _unconfirmed(options: Options) -> list[str]:
    lines = [
        ("Players may vote for themselves: the rule text does not forbid it (option self_vote)."
         if options.self_vote else
         "Players may not vote for themselves: a house choice; the rule text does not say "
         "(option self_vote)."),
        ("If two players are eliminated at the same moment and the Final Tribal Council starts, "
         "the rule text does not say which one is \"most recently eliminated\"; "
         + ("the Tribal Council Leader chooses which of them leads it (option final_leader)."
            if options.final_leader == "tribal_council_leader" else
            "the first of them clockwise from the Tribal Council Leader leads it "
            "(option final_leader).")),
    ]
    return lines


def _choice_view(council: Council) -> dict | None:
    choice = council.choice
    if choice is None:
        return None
    return {"picks": choice.picks, "pick_from": list(choice.pick_from),
            "reason": choice.reason, "by": council.leader,
            "question": _choice_question(council)}


def _choice_question(council: Council) -> str:
    choice = council.choice
    leader = council.leader
    among = _names(choice.pick_from)
    if choice.reason == TIE:
        return (f"{leader} decides which {_plural(choice.picks, 'player')} of the tied "
                f"{among} {'is' if choice.picks == 1 else 'are'} voted out.")
    if choice.reason == UNCLEAR:
        return (f"It is unclear who is voted out: {leader} chooses "
                f"{_plural(choice.picks, 'player')} from {among}.")
    if choice.reason == THREE_LEFT:
        return (f"Only 3 players are left and 2 would be eliminated at the same time: {leader} "
                f"decides which of the tied {among} is eliminated; the Final Tribal Council "
                f"begins at once.")
    return (f"{among} were eliminated at the same moment: {leader} decides which of them "
            f"leads the Final Tribal Council.")


def _council_view(state: State, council: Council, seat: str | None) -> dict:
    opened = council.result is not None
    data: dict[str, Any] = {
        "number": council.number,
        "kind": council.kind,
        "kind_name": f"{KIND_NAMES[council.kind]} Elimination",
        "voted_out_count": 2 if council.kind == DOUBLE else 1,
        "leader": council.leader,
        "step": council.step,
        "advantage_votes": {p: n for p, n in council.advantage},
        # who votes, never how many votes: "So no one can hear how many votes are being cast."
        "voters": [v for v, _ in council.allotment],
        "idols": list(council.idols),
        "box_opened": opened,
        "votes": None,
        "counted": None,
        "voided": None,
        "choice": _choice_view(council),
        "voted_out": list(council.voted_out),
        "eliminated": list(council.eliminated),
    }
    if opened:
        data["votes"] = {p: n for p, n in council.ballots}
        data["counted"] = {p: n for p, n in council.result.counted}
        data["voided"] = {p: n for p, n in council.result.voided}
    if seat is not None and seat in state.players:
        data["your_extra_vote_cards"] = _pairs_get(council.extra, seat)
        data["your_votes"] = (_votes_of(council, seat)
                              if seat in dict(council.allotment) else None)
    return data


def _final_view(final: Final) -> dict:
    return {
        "finalists": list(final.finalists),
        "jury": list(final.jury),
        "leader": final.leader,
        "step": final.step,
        "questions": list(FINAL_QUESTIONS),
        "countdown": COUNTDOWN,
        "votes": None if final.votes is None else {p: n for p, n in final.votes},
        "tie": final.step == TIE_BREAK,
        "winner": final.winner,
    }


# --- reminders and history lines -----------------------------------------------------------

def _reminders(state: State) -> list[str]:
    n = len(state.players)
    single, double = tribal_council_cards(n)
    if state.phase == SETUP:
        lines = [
            "Each player chooses a color and places its 2 Survivor Character Cards face up.",
            "Take out the 9 Tribal Council and 6 Vote Cards; give each player 1 Vote Card.",
            "Shuffle the other Action Cards and deal 3 face down to each player.",
            f"Use {single} Single and {double} Double Elimination Tribal Council cards "
            f"({n} players); put the others away.",
            seeding_sentence(n),
            "Put the Voting Box next to the Draw Pile, with the slots facing up.",
            "Pick a player to go first, then start the game.",
        ]
        return lines + _unconfirmed(state.options)
    if state.phase == TURN:
        lines = [f"{state.turn}'s turn: {TURN_REMINDER}",
                 TABLE_LIMITS,
                 "Steal: pick a player and steal a random card from them.",
                 "Play a card if you like: face up on the Discard Pile, then follow it.",
                 "Draw: take the top card of the Draw Pile. A Tribal Council card? Place it "
                 "face up in front of you: you are the Tribal Council Leader."]
        lines.append(f"Tribal Council cards left in the Draw Pile: {state.single_left} "
                     f"Single, {state.double_left} Double Elimination.")
        return lines
    if state.phase == COUNCIL:
        return _council_reminders(state)
    if state.phase == FINAL:
        final = state.final
        lines = [f"Final Tribal Council: {final.finalists[0]} and {final.finalists[1]} face "
                 f"the jury ({_names(final.jury)}), led by {final.leader}."]
        if final.step == QUESTIONS:
            lines += [f"{final.leader} asks the final two:"] + [f"• {q}" for q in FINAL_QUESTIONS]
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
    return [f"{state.winner} is the Sole Survivor!"]


def _council_reminders(state: State) -> list[str]:
    council = state.council
    leader = council.leader
    title = (f"Tribal Council {council.number}, {KIND_NAMES[council.kind]} Elimination "
             f"(vote out {'2 different players' if council.kind == DOUBLE else '1 player'}), "
             f"led by {leader}.")
    step = council.step
    if step == WELCOME:
        return [title, f'{leader}: "{WELCOME_SPEECH}"',
                "Votes gained from a Tribal Advantage card MUST be used at this Tribal Council."]
    if step == DISCUSSION:
        return [title, f'{leader}: "{DISCUSSION_SPEECH}"',
                "Play as many Tribal Advantage cards as you like now, but NOT once voting "
                "has started.",
                "Extra Vote cards go in the box with your vote; keep the others for later.",
                "Choice: ready Extra Vote cards on your phone now or when the box comes to you; "
                "with no Vote Card, ready them now to get a ballot."]
    if step == VOTE:
        lines = [title, f'{leader}: "{VOTE_SPEECH}"',
                 "Everyone must vote: each voter votes secretly on their phone (pass-and-play "
                 "where phones are short). The box is not read until every vote is in.",
                 "If you have Extra Vote Cards, you can use them against the same player, a "
                 "different player, or save them for later: set them before you cast your "
                 "ballot.",
                 *(["Votes gained from Tribal Advantage cards MUST be used: they are on "
                    "the ballot."] if council.advantage else [])]
        if not state.options.self_vote:
            lines.append("Nobody may vote for themselves (a table option).")
        return lines
    if step == IDOLS:
        return [title, f'{leader}: "{IDOL_SPEECH}"',
                "Any votes for a player who plays an Idol DO NOT count!",
                f'{leader}: "{OPEN_BOX_SPEECH}"']
    if step == READING:
        return [title, f"{leader} reads the votes, one at a time."]
    if step == CHOICE:
        return [title, _choice_question(council) + f" {leader} decides on their phone, or "
                f"on the table device handed to them."]
    spoken = [f"{THE_TRIBE_HAS_SPOKEN} {p} turns over a Survivor Character Card."
              for p in council.voted_out]
    out = [f"{p} is eliminated: their cards go face up on top of the Discard Pile, and they "
           f"join the jury." for p in council.eliminated]
    if not council.voted_out:
        spoken = ["Nobody was voted out."]
    return [title, *spoken, *out,
            "Return 1 Vote Card to every player who still has a Survivor Character Card.",
            "Discard all other cards used during the Tribal Council, including the Tribal "
            "Council card.",
            f"Play continues with the player on {leader}'s left: "
            f"{_left_of(state, leader)}."]


def _outcome(before: State, after: State) -> str:
    """What a move did to the Tribal Council: who was voted out, who is out, what comes next."""
    words = []
    old = before.council.voted_out if before.phase == COUNCIL and before.council else ()
    council = after.council
    if council is not None and after.phase in (COUNCIL, FINAL, OVER) and before.phase == COUNCIL:
        for p in council.voted_out[len(old):]:
            words.append(f"{THE_TRIBE_HAS_SPOKEN} {p} turns over a Survivor Character Card.")
    for p in after.jury[len(before.jury):]:
        words.append(f"{p} is eliminated and joins the jury.")
    if after.phase == COUNCIL and council.choice is not None and (
            before.phase != COUNCIL or before.council.choice != council.choice):
        words.append(_choice_question(council))
    if after.phase == COUNCIL and council.step == SPOKEN and before.council.step != SPOKEN:
        words.append("Vote Cards go back to every player still in.")
    if after.phase == FINAL and before.phase != FINAL:
        words.append(f"Only 2 players are left: the Final Tribal Council begins, led by "
                     f"{after.final.leader}.")
    return " ".join(words)


def _describe(state: State, action: Action, after: State) -> str:
    move, args, actor = action.move, action.args, action.actor
    who = "The table" if actor == TABLE else actor
    line = ""
    if move == "start":
        single, double = tribal_council_cards(len(state.players))
        line = (f"The game begins with {len(state.players)} players and {single} Single and "
                f"{double} Double Elimination Tribal Council cards; {after.turn} goes first.")
    elif move == "draw_action":
        line = f"{state.turn} drew an Action card; {after.turn} is next."
    elif move == "draw_tribal_council":
        council = after.council
        line = (f"{state.turn} drew a {KIND_NAMES[council.kind]} Elimination Tribal Council "
                f"card and leads Tribal Council {council.number}.")
    elif move == "turn_over":
        line = f"An Action card turned over one of {args['player']}'s Survivor Character Cards."
    elif move == "take_vote_card":
        to = args.get("to")
        line = (f"{args['player']}'s Vote Card went to {to}." if to else
                f"{args['player']} lost their Vote Card.")
    elif move in _COUNCIL_MOVES and state.phase == COUNCIL:
        line = _council_line(state, action, after)
    elif move == "vote_result":
        votes = after.final.votes
        line = "The jury points: " + ", ".join(f"{p} {n}" for p, n in votes) + "."
        if after.final.winner:
            line += f" {after.final.winner} is the Sole Survivor!"
        else:
            line += f" A tie: {after.final.leader} breaks it."
    elif move == "start_jury_vote":
        line = f'{state.final.leader}: "{COUNTDOWN}"'
    elif move == "break_tie":
        line = (f"{state.final.leader} broke the tie{_on_table(actor)}: {after.final.winner} "
                f"is the Sole Survivor!")
    else:
        line = f"{who}: {move}."
    outcome = _outcome(state, after)
    return f"{line} {outcome}".strip()


_COUNCIL_MOVES = ("begin_discussion", "play_tribal_advantage", "use_extra_votes", "start_vote",
                  "open_eyes", "vote_result", "play_idol", "open_box", "choose",
                  "end_tribal_council")


def _council_line(state: State, action: Action, after: State) -> str:
    """The history line of a Tribal Council move (its outcome is added by the caller)."""
    move, args, actor = action.move, action.args, action.actor
    line = ""
    if move == "begin_discussion":
        line = f"Tribal Council {state.council.number}: the discussion begins."
    elif move == "play_tribal_advantage":
        player = args.get("player", actor) if actor == TABLE else actor
        line = (f"{player} played a Tribal Advantage card: "
                f"{_plural(args['votes'], 'more vote')} to use at this Tribal Council.")
    elif move == "use_extra_votes":
        # never who, nor how many: Extra Vote cards are secret
        line = "A player set their Extra Vote cards in secret" + (
            " on the table device handed to them." if actor == TABLE else ".")
    elif move == "start_vote":
        line = "It is time to vote!"
        if after.council.step == IDOLS:
            line = "Nobody has a vote to cast: the Voting Box stays empty."
    elif move == "open_eyes":
        line = "Everyone has voted and opens their eyes: the moment for Immunity Idols."
    elif move == "vote_result":
        line = ("The votes are in the Voting Box." if after.council.result is None
                else _read_out(after))
    elif move == "play_idol":
        player = args.get("player", actor) if actor == TABLE else actor
        line = f"{player} played an Immunity Idol: votes for {player} do not count."
    elif move == "open_box":
        line = (f"{state.council.leader} opens the box." if after.council.result is None
                else _read_out(after))
    elif move == "choose":
        chosen = args.get("players") or [args.get("player")]
        line = f"{state.council.leader} chose {_names(chosen)}{_on_table(actor)}."
    elif move == "end_tribal_council":
        line = f"Tribal Council {state.council.number} is over; {after.turn} plays next."
    return line


def _on_table(actor: str) -> str:
    """Said in the history when a decision was made on the table device, not a phone."""
    return " on the table device" if actor == TABLE else ""


def _read_out(state: State) -> str:
    result = state.council.result
    if not result.counted and not result.voided:
        words = "The box holds no votes."
    else:
        words = "The votes: " + (", ".join(f"{p} {n}" for p, n in result.counted) or "none") + "."
    for p, n in result.voided:
        words += (f" {_plural(n, 'vote')} for {p} {'does' if n == 1 else 'do'} not count "
                  f"(Immunity Idol).")
    return words


