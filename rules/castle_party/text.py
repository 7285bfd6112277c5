"""The sentences of Castle Party: refusals of the turn guards, reminders, history lines and the
app's reading of what the rulebook leaves open."""
from __future__ import annotations

from rules import Action
from rules.words import join_names, plural

from .castle import guest_name, square_name
from .layouts import APPROXIMATION_NOTE
from .scoring import EVENT_NAMES, GATHERING_READING_NAMES, GATHERING_RULE, SPECIAL_ACTION_NAMES
from .state import CLOCKS, ORDINALS, SHAPE_CARDS, SIDE_NAMES, PartyState, clock_window

# -- refusals of the turn guards (turns.py) ----------------------------------------------------
OWN_CASTLE = "Each player edits their own castle on their phone, not the table screen."
PARTY_OVER = "The party is over: the final scores are in."
CASTLE_FINAL = "The third Clock has ended the party: every castle is final."
NO_MORE_SHAPES = "The third Clock has ended the party: no more Shapes."
ALL_CLOCKS = "All three Clocks have already been revealed."
TABLE_MARKS_CLOCKS = "The table screen marks the Clocks."
TABLE_SETS_LAYOUT = "The table screen sets the castle layout."
LAYOUT_BEFORE_PLAY = ("The layout can change only before anybody draws a guest or turns over "
                      "a Shape.")
NO_SHAPE = "Special actions are used on a group: no Shape card is in play."
ALL_PASSED = "Everybody has passed: the special actions on this group are over."
NO_FIGURE = ("No Shape card is in play: the table enters a group once a Shape is turned over "
             "and its Monster cards are laid out.")
NO_FIGURE_YET = ("The table screen has not entered this group yet: wait for it, or draw the "
                 "guests square by square.")
TABLE_ENTERS_GROUP = "The table screen enters the group laid out on the table."
NO_CLOCK_YET = "Events are scored when a Clock card is revealed; none has been yet."

TIE_NOTE = "The rulebook names no tie-breaker: tied players share the victory."
CARDS_REMINDER = (
    "After each group the cards go to their discard piles; Kings/Queens and Unicorns leave the "
    "game once used. Out of Monsters? shuffle the discard pile to form a new deck."
)
CHOICES = (
    "Choice: the Conga counts only guests inside the castle walls, like the groups; Unicorns "
    "are no family, so they make no Conga (they score as Unicorns at the end).",
    "Choice: the Toast counts every kind in the eight boxes around the Pumpkin King, moat and "
    "drawbridge included; only the groups and the Conga leave outside guests out.",
    "Choice: a Unicorn counts as a Monster for the Fireworks and as a type of its own for "
    "the Toast.",
    "Choice: the Pumpkin King may be toasted on any empty square, the moat and the drawbridge "
    "included, but not on a Rave gathering point (no other kind of guest may stand there); he "
    "is no guest of the party, so he costs nothing where he stands.",
    "Choice: when two groups of a family tie for the largest, the one with its King/Queen "
    "scores.",
    "Choice: a group may hang past the edge of the board into the moat (-1 each), as long as "
    "one of its guests is on the board.",
    "Choice: a player with no special action left is skipped when the table asks.",
    "Choice: a whole group may stay outside the castle walls, on the drawbridge (0 each) or in "
    "the moat (-1 each): the rulebook allows \"part of a group\", and names no other place for "
    "a group that does not fit.",
)
KING_ON_GATHERING = ("Choice: a family's own King/Queen may stand on its Rave gathering point "
                     "and counts there like the family's other Monsters (only \"any other kind "
                     "of guest\" is kept off).")
LAYOUT_CHARACTERS = ("Layout characters: . castle square, ^ in front of a window, ~ moat, "
                     "= drawbridge, # no square; on the Rave side s w v g f a gathering point.")


def points(n: int) -> str:
    return plural(n, "point")


def speaking_first(state: PartyState) -> str:
    """"Once the figure has been completed, ask if anyone wishes to carry out a special action
    ... Whether or not a special action is used, then it's time to add the group"."""
    return (f"First the special actions on Shape {state.turn.number}: {state.speaker} speaks "
            f"now (use one or pass).")


def still_adding(state: PartyState) -> str:
    """Why the next card waits: who has not drawn the group in their castle yet."""
    still = state.still_to_add
    return (f"First {join_names(still)} must add Shape {state.turn.number}'s group to "
            f"{'their castle' if len(still) == 1 else 'their castles'}: the next card waits "
            f"until all of the players have drawn it.")


def clock_too_early(state: PartyState) -> str:
    """The deck cannot show this Clock yet."""
    clock = state.clocks + 1
    low, high = clock_window(clock)
    return (f"The {ORDINALS[clock]} Clock cannot come yet: it is shuffled into the pile of "
            f"Shapes {low + 1} to {high}, so it comes after {low} to {high} Shapes, and "
            f"{plural(state.shapes, 'Shape has', 'Shapes have')} been turned over.")


def clock_is_next(state: PartyState) -> str:
    """The deck's next card can only be a Clock."""
    clock = state.clocks + 1
    low, high = clock_window(clock)
    return (f"The next card is the {ORDINALS[clock]} Clock: it is shuffled into the pile of "
            f"Shapes {low + 1} to {high}, and all of them have been turned over.")


def figure_kept(state: PartyState) -> str:
    return (f"{join_names(state.turn.added)} already added Shape {state.turn.number}'s group: "
            f"it stays as entered (undo to change it).")


def already_added(shape: int) -> str:
    return (f"You have already added Shape {shape}'s group; tap a guest to erase it if it went "
            f"wrong.")


def events_first(state: PartyState) -> str:
    return (f"First {join_names(state.waiting_for_event())} must score an Event for the "
            f"{ORDINALS[state.clocks]} Clock.")


def gathering_sentence(reading: str) -> str:
    """The Rave rule quoted, and the reading this table uses."""
    return (
        f"Rave gathering points: {GATHERING_RULE}. This table counts a Monster "
        f"{GATHERING_READING_NAMES[reading]}."
    )


# -- reminders ------------------------------------------------------------------------------------
def turn_line(state: PartyState) -> str:
    """Whose turn it is, short enough for one line of the table's phase line: who turns over
    the next card, who speaks about a special action, who still adds the group."""
    turn, nxt = state.turn, state.next_revealer
    owing = state.waiting_for_event()
    if owing:  # "Each time a Clock card is revealed, each player must choose one of the Events"
        who = owing[0] + " scores" if len(owing) == 1 else f"{len(owing)} players score"
        return f"The {ORDINALS[state.clocks]} Clock: {who} an Event"
    if turn is None:
        return f"{nxt}'s turn: turn over a Shape card"
    if state.speaker is not None:
        return f"Shape {turn.number}: {state.speaker} speaks now"
    if turn.figure is None:
        return f"Shape {turn.number}: draw the group"
    still = state.still_to_add
    if not still:
        return f"{nxt}'s turn: turn over a Shape card"
    if len(still) == 1:
        return f"Shape {turn.number}: {still[0]} adds the group"
    return f"Shape {turn.number}: {len(still)} players add the group"


def turn_detail(state: PartyState) -> str:
    """The turn line's second sentence, for the reminders under it."""
    turn, nxt = state.turn, state.next_revealer
    if turn is None:
        return f"Shapes so far: {state.shapes} of {SHAPE_CARDS}; play passes to the left."
    if state.speaker is not None:
        return ("A special action on this group, or pass: the player who turned over the Shape "
                "first, then to the left.")
    used = (f"{turn.used_by} used {SPECIAL_ACTION_NAMES[turn.action]}. "
            if turn.used_by else "")
    if turn.figure is None:
        return (f"{used}Draw the group as seen from your seat (or the table screen enters it "
                f"once); then {nxt} turns over the top card.")
    still = state.still_to_add
    if still:
        return (f"{used}Still to add the group: {join_names(still)}; then {nxt} turns over "
                f"the top card.")
    return f"{used}Everyone added Shape {turn.number}'s group."


def setup_reminders(state: PartyState) -> tuple[str, ...]:
    side = SIDE_NAMES[state.side]
    first = state.players[state.first]
    lines = [
        f"Set up; then {first} turns over a Shape card",
        f"Each player takes a castle whiteboard ({side}) and a marker. Note which side of "
        f"the table you sit on: groups are drawn as seen from your seat.",
        "Shuffle the Monster cards (Kings/Queens included) with the Unicorn cards; deal "
        "three to each player and put the rest face down in the middle.",
        "Shuffle the 20 Shape cards and split them into four face-down piles of five.",
        "Shuffle a Clock card into three of the piles, each pile separately.",
        "Put the pile without a Clock on top of the other three: that is the Shape deck "
        "(23 cards).",
        f"{first} goes first (the player who most recently went to a party); play passes "
        f"to the left, in seat order: {join_names(state.players)}.",
    ]
    if state.side == "rave":
        lines.append(gathering_sentence(state.gathering))
    if state.layout_is_default:
        lines.append(APPROXIMATION_NOTE)
    return tuple(lines)


def over_reminders(state: PartyState) -> tuple[str, ...]:
    """The party is over; the winner is not named here, so that the table's read-out, one
    category at a time, keeps its end for the end (the winner: ``result_line``)."""
    return ("The party is over: the Final Score",
            "The table reads it out one category at a time; the winner comes last.")


def result_line(state: PartyState, seat: str | None = None) -> str:
    """Who wins, "the highest Final Score"; on a winner's own phone, "You win"."""
    winners = state.winners()
    best = points(state.scores()[winners[0]].total)
    if len(winners) == 1:
        return (f"You win with {best}!" if winners[0] == seat
                else f"{winners[0]} wins with {best}!")
    if seat in winners:
        others = [w for w in winners if w != seat]
        return f"You and {join_names(others)} share the victory with {best}."
    return f"{join_names(winners)} share the victory with {best}."


def event_reminders(state: PartyState) -> tuple[str, ...]:
    lines = [
        f"The {ORDINALS[state.clocks]} Clock: score an Event",
        f"Waiting for {join_names(state.waiting_for_event())} to score an Event.",
        "Each player scores one unused Event (Fireworks, Conga or Toast to the Pumpkin King) "
        "on the castle as it was when the Clock appeared.",
    ]
    if state.ended:
        lines.append("The third Clock ends the party: after this last Event come the final "
                     "scores.")
    return tuple(lines)


def party_reminders(state: PartyState) -> tuple[str, ...]:
    return (
        turn_line(state),
        turn_detail(state),
        CARDS_REMINDER,
    )


# -- history lines: describe(before, action, after), never applying the move again ---------------
def placed(before: PartyState, action: Action, after: PartyState) -> str:
    at = tuple(action.args["square"])
    return f"{action.actor} drew {guest_name(action.args['guest'])} on {square_name(at)}."


def group_placed(before: PartyState, action: Action, after: PartyState) -> str:
    castle = before.whiteboard(action.actor).castle
    group = action.args["group"]
    members = ", ".join(
        f"{guest_name(m['guest'])} "
        + (f"on {square_name(tuple(m['square']))}" if castle.on_grid(tuple(m["square"]))
           else "past the edge of the board (moat)")
        for m in group
    )
    return f"{action.actor} drew a group of {len(group)}: {members}."


def group_set(before: PartyState, action: Action, after: PartyState) -> str:
    figure = after.turn.figure
    again = " again" if before.turn.figure is not None else ""
    return (f"The table entered{again} Shape {after.turn.number}'s group: "
            f"{', '.join(guest_name(g) for _, g in figure)}.")


def group_added(before: PartyState, action: Action, after: PartyState) -> str:
    if action.args.get("by_hand"):
        return (f"{action.actor} drew Shape {before.turn.number}'s group in their castle by "
                f"hand.")
    board = after.whiteboard(action.actor)
    beyond = len(board.beyond) - len(before.whiteboard(action.actor).beyond)
    where = square_name(tuple(action.args["at"])) if board.castle.on_grid(
        tuple(action.args["at"])) else "past the edge"
    moat = f", {beyond} past the edge in the moat" if beyond else ""
    masked = " (Masked Ball: one Monster drawn as another)" if action.args.get("masked") else ""
    return (f"{action.actor} added Shape {before.turn.number}'s group to their castle from "
            f"{where}{moat}{masked}.")


def removed(before: PartyState, action: Action, after: PartyState) -> str:
    at = tuple(action.args["square"])
    guest = before.whiteboard(action.actor).castle.guest(at)
    return f"{action.actor} erased {guest_name(guest)} on {square_name(at)}."


def shape_revealed(before: PartyState, action: Action, after: PartyState) -> str:
    return f"{after.turn.revealer} turned over Shape {after.turn.number}."


def special_used(before: PartyState, action: Action, after: PartyState) -> str:
    return (f"{action.actor} used {SPECIAL_ACTION_NAMES[action.args['action']]} on Shape "
            f"{before.turn.number}.")


def passed(before: PartyState, action: Action, after: PartyState) -> str:
    if action.args.get("everyone"):
        return f"Everybody left passed on a special action for Shape {before.turn.number}."
    return f"{before.speaker} passed on a special action for Shape {before.turn.number}."


def clock_revealed(before: PartyState, action: Action, after: PartyState) -> str:
    return (f"The {ORDINALS[after.clocks]} Clock is revealed: every player scores one Event."
            + (" It is the last one." if after.clocks == CLOCKS else ""))


def event_scored(before: PartyState, action: Action, after: PartyState) -> str:
    who = action.actor
    record = after.whiteboard(who).events[-1]
    if record.event == "toast":
        return (f"{who} toasted the Pumpkin King on {square_name(record.at)}: "
                f"{points(record.points)}.")
    return f"{who} scored the {EVENT_NAMES[record.event]}: {points(record.points)}."


def layout_set(before: PartyState, action: Action, after: PartyState) -> str:
    return f"The table set its own castle layout ({SIDE_NAMES[before.side]})."

CHANGE_PLACES_BETWEEN_CARDS = ("Players change places between cards: once the special actions "
                               "are settled and every castle holds the group in play.")
