"""The sentences of Castle Party: refusals of the turn guards, reminders, history lines and the
app's reading of what the rulebook leaves open.

Each sentence is a message of the game's own catalog (``locale/*/LC_MESSAGES/castle_party.po``):
``str()`` of it is the English, and a screen says it in its reader's language. The names of the
game's things (the guests, the Events, the special actions, a Clock's ordinal) are messages
too, said inside the sentences in the same language.
"""
from __future__ import annotations

from dataclasses import replace

from rules import Action
from rules.words import Items, Message, Speaker, second_person

from .castle import PUMPKIN_KING, UNICORN, square_name
from .state import CLOCKS, SHAPE_CARDS, PartyState, clock_window

# Castle Party's catalog (rules/castle_party/locale/<lang>/LC_MESSAGES/castle_party.po)
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

# -- the game's things, in words ---------------------------------------------------------------
ORDINAL_WORDS = {1: _("first"), 2: _("second"), 3: _("third")}
"""A Clock's ordinal: "the {ordinal} Clock"."""
SIDE_WORDS = {"basic": _("basic side"), "rave": _("Rave side")}
EVENT_WORDS = {"fireworks": _("Fireworks"), "conga": _("Conga"),
               "toast": _("Toast to the Pumpkin King")}
ACTION_WORDS = {"lights_out": _("Lights Out"), "masked_ball": _("Masked Ball"),
                "change_in_orientation": _("Change in Orientation")}
GUEST_WORDS = {
    "S": _("a Skeleton"), "W": _("a Witch"), "V": _("a Vampire"), "G": _("a Ghost"),
    "F": _("a Frankenstein"),
    "s": _("the Skeleton King/Queen"), "w": _("the Witch King/Queen"),
    "v": _("the Vampire King/Queen"), "g": _("the Ghost King/Queen"),
    "f": _("the Frankenstein King/Queen"),
    UNICORN: _("a Unicorn"), PUMPKIN_KING: _("the Pumpkin King"),
}
NOBODY = _("nobody")
GATHERING_RULE = _("\"players also get an additional point for each Monster that is in contact "
                   "with their favorite gathering point (to a maximum of four per gathering "
                   "point)\"")
READING_WORDS = {
    "on": _("standing on the gathering point's squares"),
    "touching": _("on the gathering point or on a castle square next to it (sharing a side)"),
}
APPROXIMATION = _("The castle grid is an approximation of the printed whiteboard (no text gives "
                  "the real one): the table can replace it with its own board's layout.")
"""layouts.APPROXIMATION_NOTE, said (the setup form still shows the string)."""


def guest_words(guest: str) -> Message:
    """A guest in words: "a Vampire", "the Vampire King/Queen", "a Unicorn"."""
    return GUEST_WORDS.get(guest, NOBODY)


# -- refusals of the turn guards (turns.py) ----------------------------------------------------
OWN_CASTLE = _("Each player edits their own castle on their phone, not the table screen.")
PARTY_OVER = _("The party is over: the final scores are in.")
CASTLE_FINAL = _("The third Clock has ended the party: every castle is final.")
NO_MORE_SHAPES = _("The third Clock has ended the party: no more Shapes.")
ALL_CLOCKS = _("All three Clocks have already been revealed.")
TABLE_MARKS_CLOCKS = _("The table screen marks the Clocks.")
TABLE_SETS_LAYOUT = _("The table screen sets the castle layout.")
LAYOUT_BEFORE_PLAY = _("The layout can change only before anybody draws a guest or turns over "
                       "a Shape.")
NO_SHAPE = _("Special actions are used on a group: no Shape card is in play.")
ALL_PASSED = _("Everybody has passed: the special actions on this group are over.")
NO_FIGURE = _("No Shape card is in play: the table enters a group once a Shape is turned over "
              "and its Monster cards are laid out.")
NO_FIGURE_YET = _("The table screen has not entered this group yet: wait for it, or draw the "
                  "guests square by square.")
TABLE_ENTERS_GROUP = _("The table screen enters the group laid out on the table.")
NO_CLOCK_YET = _("Events are scored when a Clock card is revealed; none has been yet.")

OPTIONS_NAMED = _("The setup options are a set of named values.")


def no_option(names: str) -> Message:
    return _("Castle Party has no option {names}.", names=names)


def first_player_among(players) -> Message:
    return _("The first player is one of {names}.", names=tuple(players))


TIE_NOTE = _("The rulebook names no tie-breaker: tied players share the victory.")
CARDS_REMINDER = _(
    "After each group the cards go to their discard piles; Kings/Queens and Unicorns leave the "
    "game once used. Out of Monsters? shuffle the discard pile to form a new deck."
)
CHOICES = (
    _("Choice: the Conga counts only guests inside the castle walls, like the groups; Unicorns "
      "are no family, so they make no Conga (they score as Unicorns at the end)."),
    _("Choice: the Toast counts every kind in the eight boxes around the Pumpkin King, moat and "
      "drawbridge included; only the groups and the Conga leave outside guests out."),
    _("Choice: a Unicorn counts as a Monster for the Fireworks and as a type of its own for "
      "the Toast."),
    _("Choice: the Pumpkin King may be toasted on any empty square, the moat and the drawbridge "
      "included, but not on a Rave gathering point (no other kind of guest may stand there); he "
      "is no guest of the party, so he costs nothing where he stands."),
    _("Choice: when two groups of a family tie for the largest, the one with its King/Queen "
      "scores."),
    _("Choice: a group may hang past the edge of the board into the moat (-1 each), as long as "
      "one of its guests is on the board."),
    _("Choice: a player with no special action left is skipped when the table asks."),
    _("Choice: a whole group may stay outside the castle walls, on the drawbridge (0 each) or in "
      "the moat (-1 each): the rulebook allows \"part of a group\", and names no other place for "
      "a group that does not fit."),
)
KING_ON_GATHERING = _("Choice: a family's own King/Queen may stand on its Rave gathering point "
                      "and counts there like the family's other Monsters (only \"any other kind "
                      "of guest\" is kept off).")
LAYOUT_CHARACTERS = _("Layout characters: . castle square, ^ in front of a window, ~ moat, "
                      "= drawbridge, # no square; on the Rave side s w v g f a gathering point.")
"""The setup form's note on the layout option."""

# -- the setup options' words (game.OPTIONS): labels, sentences, each value's words ----------------
OPTION_WORDS = {
    "side": _("The basic side, or the Rave side (advanced: five gathering points within the "
              "castle)."),
    "side.label": _("The side"),
    "side.basic": _("The basic side"),
    "side.rave": _("The Rave side (advanced: five gathering points)"),
    "gathering": _("Rave side: {rule}. Which reading does your table use?",
                   rule=GATHERING_RULE),
    "gathering.label": _("The gathering-point reading"),
    "gathering.on": _("On: a Monster standing on its gathering point (default)"),
    "gathering.touching": _("Touching: a Monster on its gathering point or next to it "
                            "(sharing a side)"),
    "first_player": _("The player who most recently went to a party goes first, with play "
                      "passing to the left in seat order."),
    "first_player.label": _("The first player"),
    "first_player.default": _("The first seated"),
    "layout": _("{note} {characters}", note=APPROXIMATION, characters=LAYOUT_CHARACTERS),
    "layout.label": _("Your board's layout, one line per row (empty: the default grid)"),
}


def points(n: int) -> Message:
    return _n("{n} point", "{n} points", "n", n=n)


def speaking_first(state: PartyState) -> Message:
    """"Once the figure has been completed, ask if anyone wishes to carry out a special action
    ... Whether or not a special action is used, then it's time to add the group"."""
    return _("First the special actions on Shape {shape}: {name} speaks now (use one or pass).",
             shape=state.turn.number, name=state.speaker)


def still_adding(state: PartyState) -> Message:
    """Why the next card waits: who has not drawn the group in their castle yet."""
    still = state.still_to_add
    if len(still) == 1:
        return _("First {names} must add Shape {shape}'s group to their castle: the next card "
                 "waits until all of the players have drawn it.",
                 names=tuple(still), shape=state.turn.number)
    return _("First {names} must add Shape {shape}'s group to their castles: the next card "
             "waits until all of the players have drawn it.",
             names=tuple(still), shape=state.turn.number)


def clock_too_early(state: PartyState) -> Message:
    """The deck cannot show this Clock yet."""
    clock = state.clocks + 1
    low, high = clock_window(clock)
    return _n("The {ordinal} Clock cannot come yet: it is shuffled into the pile of Shapes "
              "{first} to {last}, so it comes after {low} to {last} Shapes, and {n} Shape has "
              "been turned over.",
              "The {ordinal} Clock cannot come yet: it is shuffled into the pile of Shapes "
              "{first} to {last}, so it comes after {low} to {last} Shapes, and {n} Shapes have "
              "been turned over.", "n",
              ordinal=ORDINAL_WORDS[clock], first=low + 1, last=high, low=low, n=state.shapes)


def clock_is_next(state: PartyState) -> Message:
    """The deck's next card can only be a Clock."""
    clock = state.clocks + 1
    low, high = clock_window(clock)
    return _("The next card is the {ordinal} Clock: it is shuffled into the pile of Shapes "
             "{first} to {last}, and all of them have been turned over.",
             ordinal=ORDINAL_WORDS[clock], first=low + 1, last=high)


def figure_kept(state: PartyState) -> Message:
    return _("{names} already added Shape {shape}'s group: it stays as entered (undo to change "
             "it).", names=tuple(state.turn.added), shape=state.turn.number)


def already_added(shape: int) -> Message:
    return _("You have already added Shape {shape}'s group; tap a guest to erase it if it went "
             "wrong.", shape=shape)


def events_first(state: PartyState) -> Message:
    return _("First {names} must score an Event for the {ordinal} Clock.",
             names=tuple(state.waiting_for_event()), ordinal=ORDINAL_WORDS[state.clocks])


def next_revealer_turn(state: PartyState) -> Message:
    return _("It is {name}'s turn to turn over the top card of the Shape deck.",
             name=state.next_revealer)


def special_taken(state: PartyState) -> Message:
    turn = state.turn
    return _("{name} has already used {action} on this group: one special action per group.",
             name=turn.used_by, action=ACTION_WORDS[turn.action])


def speaks_until_used(state: PartyState) -> Message:
    return _("{name} speaks now: the player who revealed the Shape first, then to the left, "
             "until one uses a special action.", name=state.speaker)


def speaks_now(state: PartyState) -> Message:
    return _("{name} speaks now: the player who revealed the Shape first, then to the left.",
             name=state.speaker)


def event_already(state: PartyState, actor: str) -> Message:
    return _("{name} has already scored an Event for the {ordinal} Clock.",
             name=actor, ordinal=ORDINAL_WORDS[state.clocks])


def gathering_sentence(reading: str) -> Message:
    """The Rave rule quoted, and the reading this table uses."""
    return _("Rave gathering points: {rule}. This table counts a Monster {reading}.",
             rule=GATHERING_RULE, reading=READING_WORDS[reading])


# -- reminders ------------------------------------------------------------------------------------
def turn_line(state: PartyState) -> Message:
    """Whose turn it is, short enough for one line of the table's phase line: who turns over
    the next card, who speaks about a special action, who still adds the group."""
    turn, nxt = state.turn, state.next_revealer
    owing = state.waiting_for_event()
    if owing:  # "Each time a Clock card is revealed, each player must choose one of the Events"
        ordinal = ORDINAL_WORDS[state.clocks]
        if len(owing) == 1:
            return _("The {ordinal} Clock: {name} scores an Event", ordinal=ordinal,
                     name=owing[0])
        return _n("The {ordinal} Clock: {n} player scores an Event",
                  "The {ordinal} Clock: {n} players score an Event", "n", ordinal=ordinal,
                  n=len(owing))
    if turn is None:
        return _("{name}'s turn: turn over a Shape card", name=nxt)
    if state.speaker is not None:
        return _("Shape {shape}: {name} speaks now", shape=turn.number, name=state.speaker)
    if turn.figure is None:
        return _("Shape {shape}: draw the group", shape=turn.number)
    still = state.still_to_add
    if not still:
        return _("{name}'s turn: turn over a Shape card", name=nxt)
    if len(still) == 1:
        return _("Shape {shape}: {name} adds the group", shape=turn.number, name=still[0])
    return _n("Shape {shape}: {n} player adds the group",
              "Shape {shape}: {n} players add the group", "n", shape=turn.number, n=len(still))


def turn_detail(state: PartyState) -> Message:
    """The turn line's second sentence, for the reminders under it."""
    turn, nxt = state.turn, state.next_revealer
    if turn is None:
        return _("Shapes so far: {shapes} of {cards}; play passes to the left.",
                 shapes=state.shapes, cards=SHAPE_CARDS)
    if state.speaker is not None:
        return _("A special action on this group, or pass: the player who turned over the Shape "
                 "first, then to the left.")
    still = state.still_to_add
    if turn.figure is None:
        said = _("Draw the group as seen from your seat (or the table screen enters it once); "
                 "then {name} turns over the top card.", name=nxt)
    elif still:
        said = _("Still to add the group: {names}; then {name} turns over the top card.",
                 names=tuple(still), name=nxt)
    else:
        said = _("Everyone added Shape {shape}'s group.", shape=turn.number)
    if not turn.used_by:
        return said
    return _("{name} used {action}. {then}", name=turn.used_by,
             action=ACTION_WORDS[turn.action], then=said)


def setup_reminders(state: PartyState) -> tuple[Message, ...]:
    first = state.players[state.first]
    lines = [
        _("Set up; then {name} turns over a Shape card", name=first),
        _("Each player takes a castle whiteboard ({side}) and a marker. Note which side of the "
          "table you sit on: groups are drawn as seen from your seat.",
          side=SIDE_WORDS[state.side]),
        _("Shuffle the Monster cards (Kings/Queens included) with the Unicorn cards; deal three "
          "to each player and put the rest face down in the middle."),
        _("Shuffle the 20 Shape cards and split them into four face-down piles of five."),
        _("Shuffle a Clock card into three of the piles, each pile separately."),
        _("Put the pile without a Clock on top of the other three: that is the Shape deck "
          "(23 cards)."),
        _("{name} goes first (the player who most recently went to a party); play passes to "
          "the left, in seat order: {names}.", name=first, names=tuple(state.players)),
    ]
    if state.side == "rave":
        lines.append(gathering_sentence(state.gathering))
    if state.layout_is_default:
        lines.append(APPROXIMATION)
    return tuple(lines)


def over_reminders(state: PartyState) -> tuple[Message, ...]:
    """The party is over; the winner is not named here, so that the table's read-out, one
    category at a time, keeps its end for the end (the winner: ``result_line``)."""
    return (_("The party is over: the Final Score"),
            _("The table reads it out one category at a time; the winner comes last."))


def result_line(state: PartyState, seat: str | None = None) -> Message:
    """Who wins, "the highest Final Score"; on a winner's own phone, "You win"."""
    winners = state.winners()
    best = points(state.scores()[winners[0]].total)
    if len(winners) == 1:
        return (_("You win with {points}!", points=best) if winners[0] == seat
                else _("{name} wins with {points}!", name=winners[0], points=best))
    if seat in winners:
        others = tuple(w for w in winners if w != seat)
        return _("You and {names} share the victory with {points}.", names=others, points=best)
    return _("{names} share the victory with {points}.", names=tuple(winners), points=best)


def event_reminders(state: PartyState) -> tuple[Message, ...]:
    lines = [
        _("The {ordinal} Clock: score an Event", ordinal=ORDINAL_WORDS[state.clocks]),
        _("Waiting for {names} to score an Event.", names=tuple(state.waiting_for_event())),
        _("Each player scores one unused Event (Fireworks, Conga or Toast to the Pumpkin King) "
          "on the castle as it was when the Clock appeared."),
    ]
    if state.ended:
        lines.append(_("The third Clock ends the party: after this last Event come the final "
                       "scores."))
    return tuple(lines)


def party_reminders(state: PartyState) -> tuple[Message, ...]:
    return (
        turn_line(state),
        turn_detail(state),
        CARDS_REMINDER,
    )


YOU = {
    ("{name}'s turn: turn over a Shape card", "name"): _("Your turn: turn over a Shape card"),
    ("Shape {shape}: {name} speaks now", "name"): _("Shape {shape}: you speak now"),
    ("Shape {shape}: {name} adds the group", "name"): _("Shape {shape}: you add the group"),
    ("Set up; then {name} turns over a Shape card", "name"):
        _("Set up; then you turn over a Shape card"),
    ("The {ordinal} Clock: {name} scores an Event", "name"):
        _("The {ordinal} Clock: you score an Event"),
}
"""The lines a player's own phone says to "you", in every language: keyed by the third-person
message and the placeholder that names the seat."""


def yours(line, seat: str):
    """A reminder as ``seat``'s own phone says it: to "you". The English is the third person
    rewritten (``rules.words.second_person``); where the line has a second-person message whose
    English is that, the phone says that message. Any other line naming the seat stays its
    English second person."""
    english = str(line)
    said = second_person(english, seat)
    if said == english or not isinstance(line, Message):
        return said if said != english else line
    for (text, name), mine in YOU.items():
        if line.text == text and line.get(name) == seat:
            you = replace(mine, values=tuple((k, v) for k, v in line.values if k != name))
            if str(you) == said:
                return you
    return said


# -- history lines: describe(before, action, after), never applying the move again ---------------
def placed(before: PartyState, action: Action, after: PartyState) -> Message:
    at = tuple(action.args["square"])
    return _("{name} drew {guest} on {square}.", name=action.actor,
             guest=guest_words(action.args["guest"]), square=square_name(at))


def group_placed(before: PartyState, action: Action, after: PartyState) -> Message:
    castle = before.whiteboard(action.actor).castle
    group = action.args["group"]
    members = []
    for m in group:
        at, guest = tuple(m["square"]), guest_words(m["guest"])
        members.append(_("{guest} on {square}", guest=guest, square=square_name(at))
                       if castle.on_grid(at)
                       else _("{guest} past the edge of the board (moat)", guest=guest))
    return _n("{name} drew a group of {n}: {members}.", "{name} drew a group of {n}: {members}.",
              "n", name=action.actor, n=len(group), members=Items(members))


def group_set(before: PartyState, action: Action, after: PartyState) -> Message:
    figure = after.turn.figure
    guests = Items(guest_words(g) for _at, g in figure)
    if before.turn.figure is not None:
        return _("The table entered again Shape {shape}'s group: {guests}.",
                 shape=after.turn.number, guests=guests)
    return _("The table entered Shape {shape}'s group: {guests}.", shape=after.turn.number,
             guests=guests)


def group_added(before: PartyState, action: Action, after: PartyState) -> Message:
    shape, name = before.turn.number, action.actor
    if action.args.get("by_hand"):
        return _("{name} drew Shape {shape}'s group in their castle by hand.", name=name,
                 shape=shape)
    board = after.whiteboard(action.actor)
    beyond = len(board.beyond) - len(before.whiteboard(action.actor).beyond)
    at = tuple(action.args["at"])
    if board.castle.on_grid(at):
        said = _("{name} added Shape {shape}'s group to their castle from {square}", name=name,
                 shape=shape, square=square_name(at))
    else:
        said = _("{name} added Shape {shape}'s group to their castle from past the edge",
                 name=name, shape=shape)
    if beyond:
        said = _n("{line}, {n} past the edge in the moat", "{line}, {n} past the edge in the moat",
                  "n", line=said, n=beyond)
    if action.args.get("masked"):
        said = _("{line} (Masked Ball: one Monster drawn as another)", line=said)
    return _("{line}.", line=said)


def removed(before: PartyState, action: Action, after: PartyState) -> Message:
    at = tuple(action.args["square"])
    guest = before.whiteboard(action.actor).castle.guest(at)
    return _("{name} erased {guest} on {square}.", name=action.actor, guest=guest_words(guest),
             square=square_name(at))


def shape_revealed(before: PartyState, action: Action, after: PartyState) -> Message:
    return _("{name} turned over Shape {shape}.", name=after.turn.revealer,
             shape=after.turn.number)


def special_used(before: PartyState, action: Action, after: PartyState) -> Message:
    return _("{name} used {action} on Shape {shape}.", name=action.actor,
             action=ACTION_WORDS[action.args["action"]], shape=before.turn.number)


def passed(before: PartyState, action: Action, after: PartyState) -> Message:
    if action.args.get("everyone"):
        return _("Everybody left passed on a special action for Shape {shape}.",
                 shape=before.turn.number)
    return _("{name} passed on a special action for Shape {shape}.", name=before.speaker,
             shape=before.turn.number)


def clock_revealed(before: PartyState, action: Action, after: PartyState) -> Message:
    ordinal = ORDINAL_WORDS[after.clocks]
    if after.clocks == CLOCKS:
        return _("The {ordinal} Clock is revealed: every player scores one Event. It is the "
                 "last one.", ordinal=ordinal)
    return _("The {ordinal} Clock is revealed: every player scores one Event.", ordinal=ordinal)


def event_scored(before: PartyState, action: Action, after: PartyState) -> Message:
    who = action.actor
    record = after.whiteboard(who).events[-1]
    if record.event == "toast":
        return _("{name} toasted the Pumpkin King on {square}: {points}.", name=who,
                 square=square_name(record.at), points=points(record.points))
    return _("{name} scored the {event}: {points}.", name=who, event=EVENT_WORDS[record.event],
             points=points(record.points))


def layout_set(before: PartyState, action: Action, after: PartyState) -> Message:
    return _("The table set its own castle layout ({side}).", side=SIDE_WORDS[before.side])


CHANGE_PLACES_BETWEEN_CARDS = _("Players change places between cards: once the special actions "
                                "are settled and every castle holds the group in play.")
