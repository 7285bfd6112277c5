"""The moves of Castle Party: each takes a state and an action, returns the new state or raises
RuleError with a sentence for the table (and changes nothing).

Who may make a move now (the turn, the phase) is checked before the move runs, by its guard in
turns.py; a move checks its own arguments and the finer rules that depend on them.

Squares are ``[row, column]`` from 0 at the top left of the whiteboard.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, Action, RuleError
from rules.words import Items, Message, Speaker

from .castle import (
    SQUARE_WANTED,
    EMPTY,
    GATHERING_POINTS,
    GUEST_CHARS,
    PUMPKIN_KING,
    Castle,
    Square,
    guest_words,
    square_name,
)
from .scoring import (
    EVENTS,
    SPECIAL_ACTIONS,
    ORTHOGONAL,
    conga,
    fireworks,
    outside_guests,
    toast,
)
from .figure import (check_unique_cards, kept_after, masked, normalised, placed_at,
                     quarter_turns, unique_cards)
from .state import EventRecord, PartyState, ShapeTurn, Whiteboard
from .text import ACTION_WORDS, EVENT_WORDS

# Castle Party's catalog: a move's refusals are messages, each screen says them in its language
_ = Speaker("castle_party", "rules.castle_party")
LAYOUT_IS_TEXT = _("A layout is text, one line per row of squares.")

MAX_ROWS = MAX_COLUMNS = 40  # a whiteboard grid a phone can still show
FIGURE_GRID = 8  # the table enters a figure on a grid this size: far more than any Shape card
GROUP_MAX = 60  # 50 Monsters, 5 Kings/Queens and 5 Unicorns: no group holds more cards


# -- helpers -------------------------------------------------------------------------------------
def layout_rows(text: Any, side: str) -> tuple[str, ...]:
    """A layout text checked for ``side``: rows of equal length, the Rave side's five gathering
    points, none on the basic side, at most 40 by 40 squares."""
    if not isinstance(text, str):
        raise RuleError(LAYOUT_IS_TEXT)
    castle = Castle.from_text(text)  # checks the characters and the row lengths
    if castle.rows > MAX_ROWS or castle.columns > MAX_COLUMNS:
        raise RuleError(_("A whiteboard grid has at most {rows} rows and {columns} squares a "
                          "row.", rows=MAX_ROWS, columns=MAX_COLUMNS))
    points = castle.gathering_points
    if side == "rave" and points != GATHERING_POINTS:
        missing = Items(ch for ch in GATHERING_POINTS if ch not in points)  # "s, w"
        raise RuleError(_("The Rave side has five gathering points (s w v g f); this layout "
                          "lacks {missing}.", missing=missing))
    if side == "basic" and points:
        raise RuleError(_("The basic side has no gathering points: use . for those squares."))
    return castle.layout


def where(castle: Castle | None, at: Square) -> str | Message:
    """A square's name, or "past the edge of the board" for one off the whiteboard (``None``:
    the figure on the table, which has no edge)."""
    if castle is None or castle.on_grid(at):
        return square_name(at)
    return _("past the edge of the board")



def args_of(action: Action) -> Mapping[str, Any]:
    args = action.args if action.args is not None else {}
    if not isinstance(args, Mapping):
        raise RuleError(_("The move's details are missing."))
    return args


def guest_letter(value: Any) -> str:
    """A guest a player may draw (the Pumpkin King comes only with the Toast)."""
    if not isinstance(value, str) or len(value) != 1 or value not in GUEST_CHARS or value == EMPTY:
        raise RuleError(_("Pick a guest: S W V G F (a monster), s w v g f (its King/Queen) or U "
                          "(a Unicorn)."))
    if value == PUMPKIN_KING:
        raise RuleError(_("The Pumpkin King is drawn only by the Toast to the Pumpkin King."))
    return value


def pair(value: Any) -> Square:
    """``[row, column]`` as a pair of whole numbers, on the whiteboard or not."""
    if (
        not isinstance(value, (tuple, list))
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise RuleError(SQUARE_WANTED)
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
        for dr, dc in ORTHOGONAL:
            there = (row + dr, column + dc)
            if there in squares and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen == squares


def with_castle(board: Whiteboard, castle: Castle, beyond: tuple[str, ...]) -> Whiteboard:
    """The board with its new castle, the guests past the edge counted with the others (one
    card of each King/Queen, five Unicorns)."""
    outside_guests(castle, beyond)
    return replace(board, castle=castle, beyond=beyond)


# -- drawing -------------------------------------------------------------------------------------
def place(state: PartyState, action: Action) -> PartyState:
    """Draw one guest on an empty square of the player's own castle (a one-card figure, or a
    correction)."""
    board = state.whiteboard(action.actor)
    args = args_of(action)
    castle = board.castle.place(args.get("square"), guest_letter(args.get("guest")))
    return state.with_board(with_castle(board, castle, board.beyond))


def group_members(castle: Castle | None, group: Any) -> list[tuple[Square, str]]:
    if not isinstance(group, list) or not group:
        raise RuleError(_("A group is a list of guests, each with its square."))
    if len(group) > GROUP_MAX:
        raise RuleError(_("A group has at most {n} cards: there are no more in the game.",
                          n=GROUP_MAX))
    members: list[tuple[Square, str]] = []
    seen: set[Square] = set()
    for member in group:
        if not isinstance(member, Mapping):
            raise RuleError(_("Each guest of the group needs a square and a guest."))
        at = pair(member.get("square"))
        if at in seen:
            raise RuleError(_("Two guests of the group cannot share {square}.",
                              square=where(castle, at)))
        seen.add(at)
        members.append((at, guest_letter(member.get("guest"))))
    return members


def check_figure(castle: Castle | None, squares: list[Square]) -> None:
    """One figure of cards touching by their sides, at least one of them on the whiteboard
    (``castle`` None: the figure laid out on the table)."""
    if not connected(squares):
        alone = [at for at in squares if not any(
            (at[0] + dr, at[1] + dc) in squares for dr, dc in ORTHOGONAL)]
        raise RuleError(
            _("A group is one figure, its cards touching by their sides as on the Shape card: "
              "the guest {square} touches none of the others.", square=where(castle, alone[0]))
            if alone else
            _("A group is one figure, its cards touching by their sides as on the Shape card: "
              "it falls apart in pieces."))
    if castle is not None and not any(castle.on_grid(at) for at in squares):
        raise RuleError(_("At least one guest of the group goes on the whiteboard; the rest may "
                          "hang over the moat."))


def place_group(state: PartyState, action: Action) -> PartyState:
    """Draw a whole group at once (all or nothing).

    "The positions of your guests relative to each other must exactly match the shape of the
    Monster cards laid out": the group is one figure of cards touching by their sides. "You may
    leave part of a group outside your castle ("in the moat"), as long as they keep their
    position": guests past the edge of the whiteboard are in the moat too; at least one guest
    goes on the whiteboard.
    """
    board = state.whiteboard(action.actor)
    members = group_members(board.castle, args_of(action).get("group"))
    return state.with_board(drawn_group(board, members))


def drawn_group(board: Whiteboard, members: list[tuple[Square, str]]) -> Whiteboard:
    """The board with a whole group drawn (all or nothing): one figure, at least one guest on
    the whiteboard, the guests past its edge in the moat."""
    castle, beyond = board.castle, list(board.beyond)
    check_figure(castle, [at for at, _ in members])
    for at, guest in members:
        if castle.on_grid(at):
            castle = castle.place(at, guest)
        else:
            beyond.append(guest)
    return with_castle(board, castle, tuple(beyond))


# -- the figure on the table, entered once and added by every player -----------------------------
def set_group(state: PartyState, action: Action) -> PartyState:
    """The table screen enters the group of Monster cards laid out along the Shape card, as it
    lies seen from the table screen (``{"group": [{"square": [r, c], "guest": "V"}, ...]}``,
    squares of any small grid). Entered again, it replaces the figure: after Lights Out ("You
    can rearrange the Monsters") or a Change in Orientation ("You can turn the figure before
    anybody draws it"), or to mend a slip, until somebody has added it (who may: turns.py).
    After one of those two special actions the figure keeps what that action keeps (the figure
    as it lay when the action was used: ``ShapeTurn.before``)."""
    members = group_members(None, args_of(action).get("group"))
    if any(not (0 <= n < FIGURE_GRID) for at, _ in members for n in at):
        raise RuleError(_("The group is entered on a grid of {n} by {n} squares, rows and "
                          "columns counted from 0.", n=FIGURE_GRID))
    check_figure(None, [at for at, _ in members])
    turn, figure = state.turn, normalised(members)
    check_unique_cards(figure, state.used_cards)
    if turn.before is not None:
        refused = kept_after(turn.action, turn.before, figure)
        if refused:
            raise RuleError(refused)
    return replace(state, turn=replace(turn, figure=figure))


def add_group(state: PartyState, action: Action) -> PartyState:
    """Add the group the table entered to one's own castle, all or nothing.

    ``{"at": [r, c], "turns": 0-3, "masked": {"index": i, "guest": "W"}}``: the figure turned
    ``turns`` quarter turns clockwise to match "the shape of the Monster cards laid out earlier
    as you see it based on your location at the table", its first guest in reading order drawn
    on ``at``; guests past the edge of the whiteboard go in the moat (at least one stays on the
    board, as with ``place_group``). ``masked``: only for the player who used the Masked Ball on
    this group, one Monster drawn as another family's ("This change does not affect the other
    players"). ``{"by_hand": true}``: the player drew the group themselves (square by square,
    or as a whole group): it counts as added, and nothing more is drawn."""
    board = state.whiteboard(action.actor)
    turn, args = state.turn, args_of(action)
    by_hand = args.get("by_hand", False)
    if not isinstance(by_hand, bool):
        raise RuleError(_("Say whether you drew the group by hand: yes or no."))
    if by_hand:
        if set(args) - {"by_hand"}:
            raise RuleError(_("A group drawn by hand is already in your castle: give no square, "
                              "turn or Masked Ball with it."))
        return replace(state, turn=replace(turn, added=turn.added + (action.actor,)))
    turns = quarter_turns(args.get("turns", 0))
    change = masked(turn.figure, args.get("masked"))
    if change is not None and (turn.used_by, turn.action) != (action.actor, "masked_ball"):
        raise RuleError(_("Only the player who used the Masked Ball on this group draws one of "
                          "its Monsters as another type."))
    members = [(square, change[1] if change and i == change[0] else guest)
               for square, guest, i in placed_at(turn.figure, pair(args.get("at")), turns)]
    board = replace(drawn_group(board, members), facing=turns)
    turn = replace(turn, added=turn.added + (action.actor,))
    return replace(state.with_board(board), turn=turn)


def remove(state: PartyState, action: Action) -> PartyState:
    """Erase a guest drawn by mistake."""
    board = state.whiteboard(action.actor)
    at = board.castle.check_square(args_of(action).get("square"))
    if board.castle.guest(at) == PUMPKIN_KING:
        raise RuleError(_("The Pumpkin King stays where he was toasted (undo the Toast to move "
                          "him)."))
    return state.with_board(replace(board, castle=board.castle.erase(at)))


# -- the Shape in play and its special action ----------------------------------------------------
def reveal_shape(state: PartyState, action: Action) -> PartyState:
    """"On your turn, you must turn over the top Shape card" (whose turn: turns.py)."""
    turn = ShapeTurn(state.shapes + 1, state.next_revealer)
    return replace(state, shapes=state.shapes + 1, turn=turn, used_cards=cards_used(state))


def cards_used(state: PartyState) -> tuple[str, ...]:
    """The unique cards used so far, the group of the Shape that ends now included."""
    return state.used_cards + unique_cards(state.turn.figure if state.turn else None)


def special_action(state: PartyState, action: Action) -> PartyState:
    """"You can use each of the special actions only once throughout the length of the game",
    and on each group one player at most (who speaks now: turns.py)."""
    board = state.whiteboard(action.actor)
    which = args_of(action).get("action")
    if not isinstance(which, str) or which not in SPECIAL_ACTIONS:
        raise RuleError(_("The special actions are Lights Out, Masked Ball and Change in "
                          "Orientation."))
    if which in board.used:
        raise RuleError(_("{name} has already used {action}: each special action is used only "
                          "once.", name=board.player, action=ACTION_WORDS[which]))
    turn = state.turn
    state = state.with_board(replace(board, used=board.used + (which,)))
    # what the figure entered again must keep, after the two actions that change it for all
    before = turn.figure if which in ("lights_out", "change_in_orientation") else None
    return replace(
        state,
        turn=replace(turn, used_by=board.player, action=which, before=before),
        specials=state.specials + ((turn.number, board.player, which),),
    )


def pass_special(state: PartyState, action: Action) -> PartyState:
    """The player who speaks now passes ("If they pass, the next player to their left may
    perform the special action or pass"); the table screen may pass for them, or with
    ``{"everyone": true}`` for all who have not spoken."""
    everyone = args_of(action).get("everyone", False)
    if not isinstance(everyone, bool):
        raise RuleError(_("Everyone passes, or only the player who speaks now."))
    if everyone and action.actor != TABLE:
        raise RuleError(_("Only the table screen passes for everybody."))
    turn = state.turn
    passed = state.speaking_order() if everyone else turn.passed + (state.speaker,)
    return replace(state, turn=replace(turn, passed=tuple(passed)))


# -- Clocks and Events ---------------------------------------------------------------------------
def reveal_clock(state: PartyState, action: Action) -> PartyState:
    """The table marks a Clock card as revealed; each player then scores one Event on the castle
    as it is at that moment (the whiteboards are noted as they stand)."""
    boards = tuple(replace(w, at_clock=w.castle) for w in state.whiteboards)
    return replace(state, clocks=state.clocks + 1, whiteboards=boards, turn=None,
                   used_cards=cards_used(state))


def toast_at(board: Whiteboard, square: Any) -> tuple[Square, int]:
    """Where the Pumpkin King goes and what he scores there, in the castle of the Clock."""
    if square is None:
        raise RuleError(_("Tap an empty square for the Pumpkin King."))
    castle, then = board.castle, board.event_castle
    at = castle.check_square(square)
    if castle.guest(at) != EMPTY:
        raise RuleError(_("The Pumpkin King goes on an empty square: {square} holds {guest}.",
                          square=square_name(at), guest=guest_words(castle.guest(at))))
    if then.guest(at) != EMPTY:
        raise RuleError(_("The Pumpkin King goes on a square empty at the Clock: {square} held "
                          "{guest} when the Clock appeared.", square=square_name(at),
                          guest=guest_words(then.guest(at))))
    return at, toast(then, at)


def score_event(state: PartyState, action: Action) -> PartyState:
    """"each player can use each of them to score only once". The castle scored is the one of
    that moment: nothing drawn after the Clock counts (one Event per Clock: turns.py)."""
    board = state.whiteboard(action.actor)
    args = args_of(action)
    event = args.get("event")
    if not isinstance(event, str) or event not in EVENTS:
        raise RuleError(_("The Events are the Fireworks, the Conga and the Toast to the Pumpkin "
                          "King."))
    if event not in board.events_left:
        raise RuleError(_("{name} has already scored the {event}: each Event scores once.",
                          name=board.player, event=EVENT_WORDS[event]))
    castle, at = board.castle, None
    if event == "toast":
        at, points = toast_at(board, args.get("square"))
        castle = castle.place(at, PUMPKIN_KING)
    else:
        if args.get("square") is not None:
            raise RuleError(_("Only the Toast to the Pumpkin King takes a square."))
        then = board.event_castle
        points = fireworks(then) if event == "fireworks" else conga(then)
    record = EventRecord(event, points, len(board.events) + 1, at)
    return state.with_board(replace(board, castle=castle, events=board.events + (record,)))


def set_layout(state: PartyState, action: Action) -> PartyState:
    """The table replaces the (approximate) default grid with its own board's, before play."""
    rows = layout_rows(args_of(action).get("layout"), state.side)
    return replace(
        state,
        layout_is_default=False,
        whiteboards=tuple(replace(w, castle=Castle.empty(rows)) for w in state.whiteboards),
    )
