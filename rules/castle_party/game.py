"""Castle Party at the table: every player's whiteboard on their phone, the Clocks, the Events
and the final tally.

The cards stay physical (the Shape deck, the Monster cards in hand); the app keeps each
player's whiteboard: the guests drawn in the castle, the special actions ticked, the Events
noted. Whiteboards lie on the table in plain sight, so every castle is public: every seat and
the table screen see all of them (nothing here is secret).

Moves (``Action(actor, move, args)``; squares are ``[row, column]`` from 0 at the top left):

- ``place`` (the castle's player): ``{"square": [r, c], "guest": "V"}``
- ``place_group`` (the castle's player): ``{"group": [{"square": [r, c], "guest": "V"}, ...]}``
- ``remove`` (the castle's player): ``{"square": [r, c]}``
- ``special_action`` (the player): ``{"action": "lights_out" | "masked_ball" |
  "change_in_orientation"}``
- ``reveal_clock`` (TABLE): ``{}``
- ``score_event`` (the player): ``{"event": "fireworks" | "conga" | "toast", "square": [r, c]}``
  (the square only for the Toast: where the Pumpkin King is drawn)
- ``set_layout`` (TABLE, before anybody has drawn anything): ``{"layout": "<layout text>"}``
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from .castle import (
    EMPTY,
    GATHERING_POINTS,
    PUMPKIN_KING,
    SQUARE_KINDS,
    GUEST_CHARS,
    Castle,
    Square,
    guest_name,
    square_name,
)
from .layouts import APPROXIMATION_NOTE, DEFAULT_LAYOUTS
from .scoring import (
    CATEGORY_NAMES,
    EVENT_NAMES,
    EVENTS,
    SPECIAL_ACTION_NAMES,
    SPECIAL_ACTIONS,
    Score,
    conga,
    fireworks,
    score,
    toast,
)

CLOCKS = 3
SIDES = ("basic", "rave")
SIDE_NAMES = {"basic": "basic side", "rave": "Rave side"}
OPTIONS = ("side", "layout")
TIE_NOTE = "The rulebook names no tie-breaker: tied players share the victory."
ORDINALS = {1: "first", 2: "second", 3: "third"}


@dataclass(frozen=True)
class EventRecord:
    """An Event noted on a whiteboard: its points, at which Clock, and where the Pumpkin King
    was drawn (Toast only)."""

    event: str
    points: int
    clock: int
    at: Square | None = None


@dataclass(frozen=True)
class Whiteboard:
    """One player's whiteboard: the castle, the special actions ticked, the Events noted."""

    player: str
    castle: Castle
    used: tuple[str, ...] = ()
    events: tuple[EventRecord, ...] = ()

    @property
    def unused_special_actions(self) -> int:
        return len(SPECIAL_ACTIONS) - len(self.used)

    @property
    def events_left(self) -> tuple[str, ...]:
        done = {record.event for record in self.events}
        return tuple(event for event in EVENTS if event not in done)

    @property
    def finished(self) -> bool:
        """The last remaining Event is noted: the castle is final."""
        return len(self.events) == CLOCKS

    def score(self) -> Score:
        return score(
            self.castle,
            unused_special_actions=self.unused_special_actions,
            events={record.event: record.points for record in self.events},
        )


@dataclass(frozen=True)
class PartyState:
    """The whole game: players in seating order, the side, the whiteboards, Clocks revealed."""

    players: tuple[str, ...]
    side: str
    layout_is_default: bool
    whiteboards: tuple[Whiteboard, ...]
    clocks: int = 0

    @property
    def layout(self) -> tuple[str, ...]:
        return self.whiteboards[0].castle.layout

    @property
    def over(self) -> bool:
        """"The game comes to an end at the moment that the third and final Clock appears",
        once each player has scored their last remaining Event."""
        return self.clocks == CLOCKS and all(w.finished for w in self.whiteboards)

    @property
    def started(self) -> bool:
        return self.clocks > 0 or any(
            not w.castle.is_empty() or w.used or w.events for w in self.whiteboards
        )

    def whiteboard(self, player: str) -> Whiteboard:
        for board in self.whiteboards:
            if board.player == player:
                return board
        raise RuleError(f"{player} is not playing at this table.")

    def waiting_for_event(self) -> tuple[str, ...]:
        """The players who still owe an Event for a revealed Clock."""
        return tuple(w.player for w in self.whiteboards if len(w.events) < self.clocks)

    def scores(self) -> dict[str, Score]:
        return {w.player: w.score() for w in self.whiteboards}

    def winners(self) -> tuple[str, ...]:
        """The highest Final Score; players tied at the top share the victory."""
        totals = {player: s.total for player, s in self.scores().items()}
        best = max(totals.values())
        return tuple(player for player in self.players if totals[player] == best)

    def _with_board(self, board: Whiteboard) -> "PartyState":
        return replace(
            self,
            whiteboards=tuple(board if w.player == board.player else w for w in self.whiteboards),
        )


# -- helpers -------------------------------------------------------------------------------------
def _layout_rows(text: Any, side: str) -> tuple[str, ...]:
    if not isinstance(text, str):
        raise RuleError("A layout is text, one line per row of squares.")
    castle = Castle.from_text(text)  # checks the characters and the row lengths
    points = castle.gathering_points
    if side == "rave" and points != GATHERING_POINTS:
        missing = ", ".join(ch for ch in GATHERING_POINTS if ch not in points)
        raise RuleError(
            f"The Rave side has five gathering points (s w v g f); this layout lacks {missing}."
        )
    if side == "basic" and points:
        raise RuleError("The basic side has no gathering points: use . for those squares.")
    return castle.layout


def _names(players: tuple[str, ...]) -> str:
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " and " + players[-1]


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


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
    board = _own_board(state, action)
    if board.finished:
        raise RuleError(
            f"{board.player} has scored the last Event: that castle is final."
        )
    return board


def _guest(value: Any) -> str:
    if not isinstance(value, str) or len(value) != 1 or value not in GUEST_CHARS or value == EMPTY:
        raise RuleError(
            "Pick a guest: S W V G F (a monster), s w v g f (its King/Queen) or U (a Unicorn)."
        )
    if value == PUMPKIN_KING:
        raise RuleError("The Pumpkin King is drawn only by the Toast to the Pumpkin King.")
    return value


# -- moves ---------------------------------------------------------------------------------------
def _place(state: PartyState, action: Action) -> PartyState:
    """Draw one guest on an empty square of the player's own castle."""
    board = _editable(state, action)
    args = _args(action)
    castle = board.castle.place(args.get("square"), _guest(args.get("guest")))
    return state._with_board(replace(board, castle=castle))


def _place_group(state: PartyState, action: Action) -> PartyState:
    """Draw a whole group at once (all or nothing): "each one is placed in a separate box"."""
    board = _editable(state, action)
    group = _args(action).get("group")
    if not isinstance(group, list) or not group:
        raise RuleError("A group is a list of guests, each with its square.")
    castle = board.castle
    seen: set[Square] = set()
    for member in group:
        if not isinstance(member, Mapping):
            raise RuleError("Each guest of the group needs a square and a guest.")
        at = castle.check_square(member.get("square"))
        if at in seen:
            raise RuleError(f"Two guests of the group cannot share {square_name(at)}.")
        seen.add(at)
        castle = castle.place(at, _guest(member.get("guest")))
    return state._with_board(replace(board, castle=castle))


def _remove(state: PartyState, action: Action) -> PartyState:
    """Erase a guest drawn by mistake."""
    board = _editable(state, action)
    at = board.castle.check_square(_args(action).get("square"))
    if board.castle.guest(at) == PUMPKIN_KING:
        raise RuleError(
            "The Pumpkin King stays where he was toasted (undo the Toast to move him)."
        )
    return state._with_board(replace(board, castle=board.castle.erase(at)))


def _special_action(state: PartyState, action: Action) -> PartyState:
    """"You can use each of the special actions only once throughout the length of the game:
    mark the ones you have used on your whiteboard.\""""
    board = _editable(state, action)
    which = _args(action).get("action")
    if which not in SPECIAL_ACTIONS:
        raise RuleError(
            "The special actions are Lights Out, Masked Ball and Change in Orientation."
        )
    if which in board.used:
        raise RuleError(
            f"{board.player} has already used {SPECIAL_ACTION_NAMES[which]}: "
            f"each special action is used only once."
        )
    return state._with_board(replace(board, used=board.used + (which,)))


def _reveal_clock(state: PartyState, action: Action) -> PartyState:
    """The table marks a Clock card as revealed; each player then scores one Event."""
    if action.actor != TABLE:
        raise RuleError("The table screen marks the Clocks.")
    if state.clocks >= CLOCKS:
        raise RuleError("All three Clocks have already been revealed.")
    waiting = state.waiting_for_event()
    if waiting:
        raise RuleError(
            f"First {_names(waiting)} must score an Event for the "
            f"{ORDINALS[state.clocks]} Clock."
        )
    return replace(state, clocks=state.clocks + 1)


def _score_event(state: PartyState, action: Action) -> PartyState:
    """"Each time a Clock card is revealed, each player must choose one of the Events they
    have available"; "each player can use each of them to score only once"."""
    board = _own_board(state, action)
    args = _args(action)
    event = args.get("event")
    if event not in EVENTS:
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
    castle = board.castle
    at = None
    if event == "toast":
        if args.get("square") is None:
            raise RuleError("Tap an empty square for the Pumpkin King.")
        at = castle.check_square(args.get("square"))
        if castle.guest(at) != EMPTY:
            raise RuleError(
                f"The Pumpkin King goes on an empty square: {square_name(at)} holds "
                f"{guest_name(castle.guest(at))}."
            )
        points = toast(castle, at)
        castle = castle.place(at, PUMPKIN_KING)
    else:
        if args.get("square") is not None:
            raise RuleError("Only the Toast to the Pumpkin King takes a square.")
        points = fireworks(castle) if event == "fireworks" else conga(castle)
    record = EventRecord(event, points, len(board.events) + 1, at)
    return state._with_board(replace(board, castle=castle, events=board.events + (record,)))


def _set_layout(state: PartyState, action: Action) -> PartyState:
    """The table replaces the (approximate) default grid with its own board's, before play."""
    if action.actor != TABLE:
        raise RuleError("The table screen sets the castle layout.")
    if state.started:
        raise RuleError("The layout can change only before anybody draws a guest.")
    rows = _layout_rows(_args(action).get("layout"), state.side)
    return replace(
        state,
        layout_is_default=False,
        whiteboards=tuple(replace(w, castle=Castle.empty(rows)) for w in state.whiteboards),
    )


MOVES: dict[str, Callable[[PartyState, Action], PartyState]] = {
    "place": _place,
    "place_group": _place_group,
    "remove": _remove,
    "special_action": _special_action,
    "reveal_clock": _reveal_clock,
    "score_event": _score_event,
    "set_layout": _set_layout,
}


# -- the Game object -----------------------------------------------------------------------------
class CastleParty:
    """Castle Party (Devir, 2021) for 2–4 players, satisfying :class:`rules.Game`."""

    key = "castle_party"
    title = "Castle Party"
    min_players = 2
    max_players = 4

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> PartyState:
        """Options: ``side`` "basic" (default) or "rave"; ``layout`` a layout text replacing the
        default grid of that side (the default is an approximation of the printed board)."""
        try:
            players = tuple(players)
        except TypeError:
            raise RuleError("The players are a list of names.") from None
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError("Castle Party is for 2 to 4 players.")
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise RuleError("Every player needs a name.")
            if name == TABLE:
                raise RuleError(f"{TABLE!r} is the table screen's name; pick another.")
        if len(set(players)) != len(players):
            raise RuleError("Two players cannot share a name.")
        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise RuleError(f"Castle Party has no option {', '.join(map(str, unknown))}.")
        side = options.get("side", "basic")
        if isinstance(side, str):
            side = side.strip().lower()
        if side not in SIDES:
            raise RuleError("The side is basic or rave.")
        layout = options.get("layout")
        is_default = layout is None
        rows = _layout_rows(DEFAULT_LAYOUTS[side] if is_default else layout, side)
        empty = Castle.empty(rows)
        return PartyState(
            players=players,
            side=side,
            layout_is_default=is_default,
            whiteboards=tuple(Whiteboard(player, empty) for player in players),
        )

    def apply(self, state: PartyState, action: Action) -> PartyState:
        if not isinstance(state, PartyState):
            raise RuleError("That is not a Castle Party game.")
        if not isinstance(action, Action):
            raise RuleError("That is not a move.")
        move = MOVES.get(action.move) if isinstance(action.move, str) else None
        if move is None:
            raise RuleError(f"Castle Party has no move {action.move!r}.")
        if action.actor != TABLE and action.actor not in state.players:
            raise RuleError(f"{action.actor} is not playing at this table.")
        return move(state, action)

    # -- what the screens show ---------------------------------------------------------------
    def view(self, state: PartyState, seat: str | None) -> dict[str, Any]:
        """Everything is public (whiteboards lie on the table in plain sight): every seat and
        the table see all castles, special actions, Events and scores. A seat also gets
        ``mine``: its own castle with the points each unused Event would score now."""
        if seat == TABLE:
            seat = None
        if seat is not None and seat not in state.players:
            raise RuleError(f"{seat} is not playing at this table.")
        waiting = state.waiting_for_event()
        scores = state.scores()
        castles = []
        for board in state.whiteboards:
            castles.append(
                {
                    "player": board.player,
                    "guests": list(board.castle.guests),
                    "special_actions": {a: a in board.used for a in SPECIAL_ACTIONS},
                    "events": [
                        {
                            "event": r.event,
                            "name": EVENT_NAMES[r.event],
                            "points": r.points,
                            "clock": r.clock,
                            "square": list(r.at) if r.at is not None else None,
                        }
                        for r in board.events
                    ],
                    "events_left": list(board.events_left),
                    "owes_event": board.player in waiting,
                    "finished": board.finished,
                    "score": scores[board.player].to_json(),
                }
            )
        data: dict[str, Any] = {
            "game": self.key,
            "title": self.title,
            "seat": seat,
            "side": state.side,
            "layout": list(state.layout),
            "layout_is_default": state.layout_is_default,
            "legend": dict(SQUARE_KINDS),
            "notes": self._notes(state),
            "players": list(state.players),
            "phase": self._phase(state),
            "clocks_revealed": state.clocks,
            "clocks_total": CLOCKS,
            "waiting_for_event": list(waiting),
            "castles": castles,
            "tally": self._tally(state, scores),
            "over": state.over,
            "winners": list(state.winners()) if state.over else [],
            "mine": None,
        }
        if seat is not None:
            board = state.whiteboard(seat)
            castle = board.castle
            preview: dict[str, Any] = {}
            if "fireworks" in board.events_left:
                preview["fireworks"] = fireworks(castle)
            if "conga" in board.events_left:
                preview["conga"] = conga(castle)
            if "toast" in board.events_left:
                squares = []
                for at in castle.squares():
                    if castle.guest(at) != EMPTY:
                        continue
                    try:
                        squares.append([at[0], at[1], toast(castle, at)])
                    except RuleError:
                        continue  # a gathering point: no room for the Pumpkin King
                preview["toast"] = squares
            data["mine"] = {
                "player": seat,
                "owes_event": seat in waiting,
                "event_points": preview,
            }
        return data

    def _tally(self, state: PartyState, scores: Mapping[str, Score]) -> dict[str, Any]:
        """Everyone's Final Score category by category, for reading it out at the table."""
        keys = [key for key, _ in scores[state.players[0]].categories()]
        return {
            "categories": [{"key": key, "name": CATEGORY_NAMES[key]} for key in keys],
            "points": {p: [points for _, points in s.categories()] for p, s in scores.items()},
            "totals": {p: s.total for p, s in scores.items()},
        }

    def _phase(self, state: PartyState) -> str:
        if state.over:
            return "over"
        if state.waiting_for_event():
            return "events"
        if not state.started:
            return "setup"
        return "party"

    def _notes(self, state: PartyState) -> list[str]:
        notes = []
        if state.layout_is_default:
            notes.append(APPROXIMATION_NOTE)
        notes.append(TIE_NOTE)
        return notes

    def reminders(self, state: PartyState) -> tuple[str, ...]:
        phase = self._phase(state)
        side = SIDE_NAMES[state.side]
        if phase == "setup":
            lines = [
                f"Each player takes a castle whiteboard ({side}) and a marker. Note which side of "
                f"the table you sit on: groups are drawn as seen from your seat.",
                "Shuffle the Monster cards (Kings/Queens included) with the Unicorn cards; deal "
                "three to each player and put the rest face down in the middle.",
                "Shuffle the 20 Shape cards and split them into four face-down piles of five.",
                "Shuffle a Clock card into three of the piles, each pile separately.",
                "Put the pile without a Clock on top of the other three: that is the Shape deck "
                "(23 cards).",
                "The player who most recently went to a party goes first; play passes left.",
            ]
            if state.layout_is_default:
                lines.append(APPROXIMATION_NOTE)
            return tuple(lines)
        if phase == "over":
            scores = state.scores()
            winners = state.winners()
            best = scores[winners[0]].total
            if len(winners) == 1:
                return (f"The party is over. {winners[0]} wins with {_points(best)}.",)
            return (
                f"The party is over. {_names(winners)} share the victory with {_points(best)}.",
                TIE_NOTE,
            )
        lines = []
        if phase == "events":
            which = ORDINALS[state.clocks]
            lines.append(
                f"The {which} Clock: each player scores one unused Event (Fireworks, Conga or "
                f"Toast to the Pumpkin King). Waiting for {_names(state.waiting_for_event())}."
            )
            if state.clocks == CLOCKS:
                lines.append(
                    "The third Clock ends the party: after this last Event come the final scores."
                )
            return tuple(lines)
        lines.append(f"Clocks revealed: {state.clocks} of {CLOCKS}.")
        lines.append(
            "Turn over the top Shape card; build the group with Monster cards, player by player, "
            "drawing a card for each one placed."
        )
        lines.append(
            "Special action? The player who revealed the Shape speaks first, then to the left: "
            "Lights Out, Masked Ball or Change in Orientation, each once a game."
        )
        lines.append(
            "Everybody draws the group in their castle, as seen from their own seat."
        )
        lines.append("When a Clock card appears, mark it on the table screen.")
        return tuple(lines)

    def vote_call(self, state: PartyState) -> VoteCall | None:
        """Castle Party has no secret vote."""
        return None

    def describe(self, state: PartyState, action: Action) -> str:
        try:
            after = self.apply(state, action)
        except RuleError as refused:
            return f"{action.actor}: {action.move} refused ({refused})"
        args = dict(action.args or {})
        who = action.actor
        if action.move == "place":
            at = tuple(args["square"])
            return f"{who} drew {guest_name(args['guest'])} on {square_name(at)}."
        if action.move == "place_group":
            members = ", ".join(
                f"{guest_name(m['guest'])} on {square_name(tuple(m['square']))}"
                for m in args["group"]
            )
            return f"{who} drew a group of {len(args['group'])}: {members}."
        if action.move == "remove":
            at = tuple(args["square"])
            return f"{who} erased {guest_name(state.whiteboard(who).castle.guest(at))} on {square_name(at)}."
        if action.move == "special_action":
            return f"{who} used {SPECIAL_ACTION_NAMES[args['action']]}."
        if action.move == "reveal_clock":
            return (
                f"The {ORDINALS[after.clocks]} Clock is revealed: every player scores one Event."
                + (" It is the last one." if after.clocks == CLOCKS else "")
            )
        if action.move == "score_event":
            record = after.whiteboard(who).events[-1]
            if record.event == "toast":
                return (
                    f"{who} toasted the Pumpkin King on {square_name(record.at)}: "
                    f"{_points(record.points)}."
                )
            return f"{who} scored the {EVENT_NAMES[record.event]}: {_points(record.points)}."
        if action.move == "set_layout":
            return f"The table set its own castle layout ({SIDE_NAMES[state.side]})."
        return f"{who}: {action.move}."


GAME = CastleParty()
