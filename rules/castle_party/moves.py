"""The moves of Castle Party: each takes a state and an action, returns the new state or raises
RuleError with a sentence for the table (and changes nothing).

Squares are ``[row, column]`` from 0 at the top left of the whiteboard.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping

from rules import TABLE, Action, RuleError

from .castle import (
    EMPTY,
    GATHERING_POINTS,
    GUEST_CHARS,
    PUMPKIN_KING,
    Castle,
    Square,
    guest_name,
    square_name,
)
from .scoring import (
    EVENT_NAMES,
    EVENTS,
    SPECIAL_ACTION_NAMES,
    SPECIAL_ACTIONS,
    conga,
    fireworks,
    outside_guests,
    toast,
)
from .state import (
    CLOCKS,
    ORDINALS,
    SHAPE_CARDS,
    EventRecord,
    PartyState,
    ShapeTurn,
    Whiteboard,
)

MAX_ROWS = MAX_COLUMNS = 40  # a whiteboard grid a phone can still show
GROUP_MAX = 60  # 50 Monsters, 5 Kings/Queens and 5 Unicorns: no group holds more cards
_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


# -- helpers -------------------------------------------------------------------------------------
def names(players) -> str:
    players = tuple(players)
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


def layout_rows(text: Any, side: str) -> tuple[str, ...]:
    """A layout text checked for ``side``: rows of equal length, the Rave side's five gathering
    points, none on the basic side, at most 40 by 40 squares."""
    if not isinstance(text, str):
        raise RuleError("A layout is text, one line per row of squares.")
    castle = Castle.from_text(text)  # checks the characters and the row lengths
    if castle.rows > MAX_ROWS or castle.columns > MAX_COLUMNS:
        raise RuleError(
            f"A whiteboard grid has at most {MAX_ROWS} rows and {MAX_COLUMNS} squares a row."
        )
    points = castle.gathering_points
    if side == "rave" and points != GATHERING_POINTS:
        missing = ", ".join(ch for ch in GATHERING_POINTS if ch not in points)
        raise RuleError(
            f"The Rave side has five gathering points (s w v g f); this layout lacks {missing}."
        )
    if side == "basic" and points:
        raise RuleError("The basic side has no gathering points: use . for those squares.")
    return castle.layout


def where(castle: Castle, at: Square) -> str:
    """A square's name, or "past the edge of the board" for one off the whiteboard."""
    return square_name(at) if castle.on_grid(at) else "past the edge of the board"


def _args(action: Action) -> Mapping[str, Any]:
    args = action.args if action.args is not None else {}
    if not isinstance(args, Mapping):
        raise RuleError("The move's details are missing.")
    return args


def _own_board(state: PartyState, action: Action) -> Whiteboard:
    """The actor's whiteboard, refused to the table screen and to strangers."""
    if action.actor == TABLE:
        raise RuleError("Each player edits their own castle on their phone, not the table screen.")
    board = state.whiteboard(action.actor)
    if state.over:
        raise RuleError("The party is over: the final scores are in.")
    return board


def _editable(state: PartyState, action: Action) -> Whiteboard:
    """The actor's whiteboard while the party goes on: "The game comes to an end at the moment
    that the third and final Clock appears", so from then on every castle is final."""
    board = _own_board(state, action)
    if state.ended:
        raise RuleError("The third Clock has ended the party: every castle is final.")
    return board


def _round_closed(state: PartyState) -> None:
    """"Once the figure has been completed, ask if anyone wishes to carry out a special action
    ... Whether or not a special action is used, then it's time to add the group"."""
    speaker = state.speaker
    if speaker is not None:
        raise RuleError(
            f"First the special actions on Shape {state.turn.number}: {speaker} speaks now "
            f"(use one or pass)."
        )


def _guest(value: Any) -> str:
    if not isinstance(value, str) or len(value) != 1 or value not in GUEST_CHARS or value == EMPTY:
        raise RuleError(
            "Pick a guest: S W V G F (a monster), s w v g f (its King/Queen) or U (a Unicorn)."
        )
    if value == PUMPKIN_KING:
        raise RuleError("The Pumpkin King is drawn only by the Toast to the Pumpkin King.")
    return value


def _pair(value: Any) -> Square:
    """``[row, column]`` as a pair of whole numbers, on the whiteboard or not."""
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise RuleError("A square is given as [row, column].")
    return (value[0], value[1])


def connected(squares) -> bool:
    """Every square reaches every other through squares of the set sharing a side."""
    squares = set(squares)
    if not squares:
        return False
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        row, column = todo.pop()
        for dr, dc in _ORTHOGONAL:
            there = (row + dr, column + dc)
            if there in squares and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen == squares


def _checked(board: Whiteboard, castle: Castle, beyond: tuple[str, ...]) -> Whiteboard:
    """The board with its new castle, the guests past the edge counted with the others (one
    card of each King/Queen, five Unicorns)."""
    outside_guests(castle, beyond)
    return replace(board, castle=castle, beyond=beyond)


# -- drawing -------------------------------------------------------------------------------------
def place(state: PartyState, action: Action) -> PartyState:
    """Draw one guest on an empty square of the player's own castle (a one-card figure, or a
    correction)."""
    board = _editable(state, action)
    _round_closed(state)
    args = _args(action)
    castle = board.castle.place(args.get("square"), _guest(args.get("guest")))
    return state.with_board(_checked(board, castle, board.beyond))


def _group_members(castle: Castle, group: Any) -> list[tuple[Square, str]]:
    if not isinstance(group, list) or not group:
        raise RuleError("A group is a list of guests, each with its square.")
    if len(group) > GROUP_MAX:
        raise RuleError(f"A group has at most {GROUP_MAX} cards: there are no more in the game.")
    members: list[tuple[Square, str]] = []
    seen: set[Square] = set()
    for member in group:
        if not isinstance(member, Mapping):
            raise RuleError("Each guest of the group needs a square and a guest.")
        at = _pair(member.get("square"))
        if at in seen:
            raise RuleError(f"Two guests of the group cannot share {where(castle, at)}.")
        seen.add(at)
        members.append((at, _guest(member.get("guest"))))
    return members


def place_group(state: PartyState, action: Action) -> PartyState:
    """Draw a whole group at once (all or nothing).

    "The positions of your guests relative to each other must exactly match the shape of the
    Monster cards laid out": the group is one figure of cards touching by their sides. "You may
    leave part of a group outside your castle ("in the moat"), as long as they keep their
    position": guests past the edge of the whiteboard are in the moat too; at least one guest
    goes on the whiteboard.
    """
    board = _editable(state, action)
    _round_closed(state)
    castle = board.castle
    members = _group_members(castle, _args(action).get("group"))
    squares = [at for at, _ in members]
    if not connected(squares):
        alone = [at for at in squares if not any(
            (at[0] + dr, at[1] + dc) in squares for dr, dc in _ORTHOGONAL)]
        detail = (f": the guest {where(castle, alone[0])} touches none of the others"
                  if alone else ": it falls apart in pieces")
        raise RuleError(
            f"A group is one figure, its cards touching by their sides as on the Shape "
            f"card{detail}."
        )
    if not any(castle.on_grid(at) for at, _ in members):
        raise RuleError(
            "At least one guest of the group goes on the whiteboard; the rest may hang over "
            "the moat."
        )
    beyond = list(board.beyond)
    for at, guest in members:
        if castle.on_grid(at):
            castle = castle.place(at, guest)
        else:
            beyond.append(guest)
    return state.with_board(_checked(board, castle, tuple(beyond)))


def remove(state: PartyState, action: Action) -> PartyState:
    """Erase a guest drawn by mistake."""
    board = _editable(state, action)
    at = board.castle.check_square(_args(action).get("square"))
    if board.castle.guest(at) == PUMPKIN_KING:
        raise RuleError(
            "The Pumpkin King stays where he was toasted (undo the Toast to move him)."
        )
    return state.with_board(replace(board, castle=board.castle.erase(at)))


# -- the Shape in play and its special action ----------------------------------------------------
def reveal_shape(state: PartyState, action: Action) -> PartyState:
    """"On your turn, you must turn over the top Shape card"; then "The player to the left of
    the one who played the last Shape card turns over a new card"."""
    revealer = state.next_revealer
    if action.actor not in (TABLE, revealer):
        raise RuleError(f"It is {revealer}'s turn to turn over the top card of the Shape deck.")
    if state.ended:
        raise RuleError("The third Clock has ended the party: no more Shapes.")
    waiting = state.waiting_for_event()
    if waiting:
        raise RuleError(
            f"First {names(waiting)} must score an Event for the {ORDINALS[state.clocks]} Clock."
        )
    _round_closed(state)
    if state.shapes >= SHAPE_CARDS:
        raise RuleError(
            f"All {SHAPE_CARDS} Shape cards have been turned over: the next card is a Clock."
        )
    turn = ShapeTurn(state.shapes + 1, revealer)
    return replace(state, shapes=state.shapes + 1, turn=turn)


def _open_turn(state: PartyState) -> ShapeTurn:
    """The Shape in play while its special action is still to be used."""
    turn = state.turn
    if turn is None:
        raise RuleError("Special actions are used on a group: no Shape card is in play.")
    if turn.used_by is not None:
        raise RuleError(
            f"{turn.used_by} has already used {SPECIAL_ACTION_NAMES[turn.action]} on this group: "
            f"one special action per group."
        )
    if state.speaker is None:
        raise RuleError("Everybody has passed: the special actions on this group are over.")
    return turn


def special_action(state: PartyState, action: Action) -> PartyState:
    """"You can use each of the special actions only once throughout the length of the game",
    and on each group one player at most: the revealer speaks first, then to the left, "until
    someone says they wish to perform a special action or all players have passed"."""
    board = _editable(state, action)
    which = _args(action).get("action")
    if not isinstance(which, str) or which not in SPECIAL_ACTIONS:
        raise RuleError(
            "The special actions are Lights Out, Masked Ball and Change in Orientation."
        )
    if which in board.used:
        raise RuleError(
            f"{board.player} has already used {SPECIAL_ACTION_NAMES[which]}: "
            f"each special action is used only once."
        )
    turn = _open_turn(state)
    if state.speaker != board.player:
        raise RuleError(
            f"{state.speaker} speaks now: the player who revealed the Shape first, then to the "
            f"left, until one uses a special action."
        )
    state = state.with_board(replace(board, used=board.used + (which,)))
    return replace(
        state,
        turn=replace(turn, used_by=board.player, action=which),
        specials=state.specials + ((turn.number, board.player, which),),
    )


def pass_special(state: PartyState, action: Action) -> PartyState:
    """The player who speaks now passes ("If they pass, the next player to their left may
    perform the special action or pass"); the table screen may pass for them, or with
    ``{"everyone": true}`` for all who have not spoken."""
    everyone = _args(action).get("everyone", False)
    if not isinstance(everyone, bool):
        raise RuleError("Everyone passes, or only the player who speaks now.")
    if action.actor != TABLE:
        _editable(state, action)
        if everyone:
            raise RuleError("Only the table screen passes for everybody.")
    turn = _open_turn(state)
    speaker = state.speaker
    if action.actor not in (TABLE, speaker):
        raise RuleError(
            f"{speaker} speaks now: the player who revealed the Shape first, then to the left."
        )
    passed = state.speaking_order() if everyone else turn.passed + (speaker,)
    return replace(state, turn=replace(turn, passed=tuple(passed)))


# -- Clocks and Events ---------------------------------------------------------------------------
def reveal_clock(state: PartyState, action: Action) -> PartyState:
    """The table marks a Clock card as revealed; each player then scores one Event on the castle
    as it is at that moment (the whiteboards are noted as they stand)."""
    if action.actor != TABLE:
        raise RuleError("The table screen marks the Clocks.")
    if state.clocks >= CLOCKS:
        raise RuleError("All three Clocks have already been revealed.")
    waiting = state.waiting_for_event()
    if waiting:
        raise RuleError(
            f"First {names(waiting)} must score an Event for the "
            f"{ORDINALS[state.clocks]} Clock."
        )
    _round_closed(state)
    boards = tuple(replace(w, at_clock=w.castle) for w in state.whiteboards)
    return replace(state, clocks=state.clocks + 1, whiteboards=boards, turn=None)


def _toast_at(board: Whiteboard, square: Any) -> tuple[Square, int]:
    """Where the Pumpkin King goes and what he scores there, in the castle of the Clock."""
    if square is None:
        raise RuleError("Tap an empty square for the Pumpkin King.")
    castle, then = board.castle, board.event_castle
    at = castle.check_square(square)
    if castle.guest(at) != EMPTY:
        raise RuleError(
            f"The Pumpkin King goes on an empty square: {square_name(at)} holds "
            f"{guest_name(castle.guest(at))}."
        )
    if then.guest(at) != EMPTY:
        raise RuleError(
            f"The Pumpkin King goes on a square empty at the Clock: {square_name(at)} held "
            f"{guest_name(then.guest(at))} when the Clock appeared."
        )
    return at, toast(then, at)


def score_event(state: PartyState, action: Action) -> PartyState:
    """"Each time a Clock card is revealed, each player must choose one of the Events they
    have available to score at that moment"; "each player can use each of them to score only
    once". The castle scored is the one of that moment: nothing drawn after the Clock counts."""
    board = _own_board(state, action)
    args = _args(action)
    event = args.get("event")
    if not isinstance(event, str) or event not in EVENTS:
        raise RuleError("The Events are the Fireworks, the Conga and the Toast to the Pumpkin King.")
    if state.clocks == 0:
        raise RuleError("Events are scored when a Clock card is revealed; none has been yet.")
    if len(board.events) >= state.clocks:
        raise RuleError(
            f"{board.player} has already scored an Event for the {ORDINALS[state.clocks]} Clock."
        )
    if event not in board.events_left:
        raise RuleError(
            f"{board.player} has already scored the {EVENT_NAMES[event]}: each Event scores once."
        )
    castle, at = board.castle, None
    if event == "toast":
        at, points = _toast_at(board, args.get("square"))
        castle = castle.place(at, PUMPKIN_KING)
    else:
        if args.get("square") is not None:
            raise RuleError("Only the Toast to the Pumpkin King takes a square.")
        then = board.event_castle
        points = fireworks(then) if event == "fireworks" else conga(then)
    record = EventRecord(event, points, len(board.events) + 1, at)
    return state.with_board(replace(board, castle=castle, events=board.events + (record,)))


def set_layout(state: PartyState, action: Action) -> PartyState:
    """The table replaces the (approximate) default grid with its own board's, before play."""
    if action.actor != TABLE:
        raise RuleError("The table screen sets the castle layout.")
    if state.started:
        raise RuleError(
            "The layout can change only before anybody draws a guest or turns over a Shape."
        )
    rows = layout_rows(_args(action).get("layout"), state.side)
    return replace(
        state,
        layout_is_default=False,
        whiteboards=tuple(replace(w, castle=Castle.empty(rows)) for w in state.whiteboards),
    )


MOVES: dict[str, Callable[[PartyState, Action], PartyState]] = {
    "place": place,
    "place_group": place_group,
    "remove": remove,
    "reveal_shape": reveal_shape,
    "special_action": special_action,
    "pass_special": pass_special,
    "reveal_clock": reveal_clock,
    "score_event": score_event,
    "set_layout": set_layout,
}
