"""Castle Party at the table: every player's whiteboard on their phone, whose turn it is to turn
over a Shape, the special action on each group, the Clocks, the Events and the final tally.

The cards stay physical (the Shape deck, the Monster cards in hand); the app keeps each
player's whiteboard: the guests drawn in the castle, the special actions ticked, the Events
noted. Whiteboards lie on the table in plain sight, so every castle is public: every seat and
the table screen see all of them (nothing here is secret).

Moves (``Action(actor, move, args)``; squares are ``[row, column]`` from 0 at the top left):

- ``reveal_shape`` (TABLE, or the player whose turn it is): ``{}``
- ``special_action`` (the player who speaks now): ``{"action": "lights_out" | "masked_ball" |
  "change_in_orientation"}``
- ``pass_special`` (the player who speaks now, or TABLE for them): ``{}``; TABLE may send
  ``{"everyone": true}``
- ``place`` (the castle's player): ``{"square": [r, c], "guest": "V"}``
- ``place_group`` (the castle's player): ``{"group": [{"square": [r, c], "guest": "V"}, ...]}``
  (one connected figure; squares past the edge of the whiteboard are in the moat)
- ``remove`` (the castle's player): ``{"square": [r, c]}``
- ``reveal_clock`` (TABLE): ``{}``
- ``score_event`` (the player): ``{"event": "fireworks" | "conga" | "toast", "square": [r, c]}``
  (the square only for the Toast: where the Pumpkin King is drawn)
- ``set_layout`` (TABLE, before anybody has drawn anything): ``{"layout": "<layout text>"}``
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError, VoteCall

from .castle import EMPTY, SQUARE_KINDS, Castle, guest_name, square_name
from .layouts import APPROXIMATION_NOTE, DEFAULT_LAYOUTS
from .moves import MOVES, layout_rows, names
from .scoring import (
    CATEGORY_NAMES,
    EVENT_NAMES,
    GATHERING_READING_NAMES,
    GATHERING_READINGS,
    GATHERING_RULE,
    SPECIAL_ACTION_NAMES,
    SPECIAL_ACTIONS,
    Score,
    conga,
    fireworks,
    toast,
)
from .state import (
    CLOCKS,
    ORDINALS,
    SHAPE_CARDS,
    SIDE_NAMES,
    SIDES,
    EventRecord,
    PartyState,
    ShapeTurn,
    Whiteboard,
)

OPTIONS = ("side", "layout", "gathering", "first_player")
TIE_NOTE = "The rulebook names no tie-breaker: tied players share the victory."
CARDS_REMINDER = (
    "After each group, Shape and Monster cards go to their discard piles, but Kings/Queens and "
    "Unicorns leave the game once used. When the Monster deck runs out, shuffle the discard "
    "pile to form a new deck."
)
CHOICES = (
    "Choice: the Conga counts only guests inside the castle walls, like the groups.",
    "Choice: a Unicorn counts as a Monster for the Fireworks and as a type of its own for "
    "the Toast.",
    "Choice: the Pumpkin King may be toasted on any empty square, the moat and the drawbridge "
    "included (not on a gathering point); he is no guest, so he costs nothing there.",
    "Choice: when two groups of a family tie for the largest, the one with its King/Queen "
    "scores.",
    "Choice: a group may hang past the edge of the board into the moat (-1 each), as long as "
    "one of its guests is on the board.",
    "Choice: a player with no special action left is skipped when the table asks.",
)


def gathering_sentence(reading: str) -> str:
    """The Rave rule quoted, and the reading this table uses."""
    return (
        f"Rave gathering points: {GATHERING_RULE}. This table counts a Monster "
        f"{GATHERING_READING_NAMES[reading]}."
    )


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _players(players: Any) -> tuple[str, ...]:
    if isinstance(players, (str, bytes, Mapping)):
        raise RuleError("The players are a list of names.")
    try:
        players = tuple(players)
    except TypeError:
        raise RuleError("The players are a list of names.") from None
    if not 2 <= len(players) <= 4:
        raise RuleError("Castle Party is for 2 to 4 players.")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("Every player needs a name.")
        if name == TABLE:
            raise RuleError(f"{TABLE!r} is the table screen's name; pick another.")
    if len(set(players)) != len(players):
        raise RuleError("Two players cannot share a name.")
    return players


def _options(options: Any, players: tuple[str, ...]) -> tuple[str, str | None, str, int]:
    """(side, layout text or None, gathering reading, index of the first player)."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RuleError("The setup options are a set of named values.")
    unknown = sorted((key for key in options if key not in OPTIONS), key=str)
    if unknown:
        raise RuleError(f"Castle Party has no option {', '.join(map(str, unknown))}.")
    side = options.get("side", "basic")
    side = side.strip().lower() if isinstance(side, str) else side
    if not isinstance(side, str) or side not in SIDES:
        raise RuleError("The side is basic or rave.")
    layout = options.get("layout")
    if layout is not None and not isinstance(layout, str):
        raise RuleError("A layout is text, one line per row of squares.")
    gathering = options.get("gathering", "on")
    if not isinstance(gathering, str) or gathering not in GATHERING_READINGS:
        raise RuleError(
            'The gathering-point reading is "on" (standing on the point) or "touching" '
            "(on it or next to it)."
        )
    first = options.get("first_player", players[0])
    if not isinstance(first, str) or first not in players:
        raise RuleError(f"The first player is one of {names(players)}.")
    return side, layout, gathering, players.index(first)


class CastleParty:
    """Castle Party (Devir, 2021) for 2-4 players, satisfying :class:`rules.Game`."""

    key = "castle_party"
    title = "Castle Party"
    min_players = 2
    max_players = 4

    def setup(self, players: tuple[str, ...], options: Mapping[str, Any]) -> PartyState:
        """Players in seating order (play passes to the left, down the list). Options:
        ``side`` "basic" (default) or "rave"; ``layout`` a layout text replacing the default
        grid of that side (the default is an approximation of the printed board);
        ``gathering`` the Rave reading of "in contact with their favorite gathering point":
        "on" (default: standing on it) or "touching" (on it or next to it); ``first_player``
        "the player who most recently went to a party" (default: the first seated)."""
        players = _players(players)
        side, layout, gathering, first = _options(options, players)
        is_default = layout is None
        rows = layout_rows(DEFAULT_LAYOUTS[side] if is_default else layout, side)
        empty = Castle.empty(rows)
        return PartyState(
            players=players,
            side=side,
            layout_is_default=is_default,
            whiteboards=tuple(Whiteboard(player, empty) for player in players),
            first=first,
            gathering=gathering,
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
        ``mine``: whether it speaks now about a special action, and the points each unused
        Event would score on the castle of the Clock."""
        if seat == TABLE:
            seat = None
        if seat is not None and seat not in state.players:
            raise RuleError(f"{seat} is not playing at this table.")
        waiting = state.waiting_for_event()
        scores = state.scores()
        data: dict[str, Any] = {
            "game": self.key,
            "title": self.title,
            "seat": seat,
            "side": state.side,
            "layout": list(state.layout),
            "layout_is_default": state.layout_is_default,
            "legend": dict(SQUARE_KINDS),
            "notes": self._notes(state),
            "choices": self._choices(state),
            "gathering": state.gathering if state.side == "rave" else None,
            "players": list(state.players),
            "first_player": state.players[state.first],
            "phase": self._phase(state),
            "shapes_revealed": state.shapes,
            "shape_cards": SHAPE_CARDS,
            "next_revealer": None if state.ended else state.next_revealer,
            "turn": None if state.ended else self.turn_line(state),
            "group": self._group(state),
            "specials": [list(entry) for entry in state.specials],
            "clocks_revealed": state.clocks,
            "clocks_total": CLOCKS,
            "waiting_for_event": list(waiting),
            "castles": [self._castle(board, waiting, scores) for board in state.whiteboards],
            "tally": self._tally(state, scores),
            "over": state.over,
            "winners": list(state.winners()) if state.over else [],
            "mine": None,
        }
        if seat is not None:
            data["mine"] = self._mine(state, seat, waiting)
        return data

    def _castle(self, board: Whiteboard, waiting, scores: Mapping[str, Score]) -> dict[str, Any]:
        return {
            "player": board.player,
            "guests": list(board.castle.guests),
            "beyond": list(board.beyond),
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

    def _group(self, state: PartyState) -> dict[str, Any] | None:
        """The Shape in play and its round of special actions."""
        turn = state.turn
        if turn is None:
            return None
        return {
            "shape": turn.number,
            "revealer": turn.revealer,
            "speaker": state.speaker,
            "order": list(state.speaking_order()),
            "passed": list(turn.passed),
            "used_by": turn.used_by,
            "action": turn.action,
            "action_name": SPECIAL_ACTION_NAMES.get(turn.action or ""),
        }

    def _mine(self, state: PartyState, seat: str, waiting) -> dict[str, Any]:
        board = state.whiteboard(seat)
        owes = seat in waiting
        castle = board.event_castle if owes else board.castle
        preview: dict[str, Any] = {}
        if "fireworks" in board.events_left:
            preview["fireworks"] = fireworks(castle)
        if "conga" in board.events_left:
            preview["conga"] = conga(castle)
        if "toast" in board.events_left:
            squares = []
            for at in castle.squares():
                if castle.guest(at) != EMPTY or board.castle.guest(at) != EMPTY:
                    continue
                try:
                    squares.append([at[0], at[1], toast(castle, at)])
                except RuleError:
                    continue  # a gathering point: no room for the Pumpkin King
            preview["toast"] = squares
        return {
            "player": seat,
            "owes_event": owes,
            "speaks_now": state.speaker == seat,
            "special_actions_left": [a for a in SPECIAL_ACTIONS if a not in board.used],
            "event_points": preview,
        }

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

    def _choices(self, state: PartyState) -> list[str]:
        """How this app reads what the rulebook leaves open, said on the screens."""
        choices = list(CHOICES)
        if state.side == "rave":
            choices.insert(0, gathering_sentence(state.gathering))
        return choices

    # -- reminders ---------------------------------------------------------------------------
    def turn_line(self, state: PartyState) -> str:
        """Whose turn it is: to turn over the next card, or to speak about a special action."""
        turn, nxt = state.turn, state.next_revealer
        if turn is not None and state.speaker is not None:
            return (
                f"Shape {turn.number} (turned over by {turn.revealer}): special action? "
                f"{state.speaker} speaks now: use one or pass."
            )
        if turn is not None:
            used = (f"{turn.used_by} used {SPECIAL_ACTION_NAMES[turn.action]}"
                    if turn.used_by else "no special action")
            return (
                f"Shape {turn.number}: {used}. Everybody draws the group whole, as seen from "
                f"their seat; then {nxt} turns over the top card."
            )
        return (
            f"{nxt}'s turn: turn over the top card of the Shape deck "
            f"(Shapes so far: {state.shapes} of {SHAPE_CARDS})."
        )

    def reminders(self, state: PartyState) -> tuple[str, ...]:
        phase = self._phase(state)
        if phase == "setup":
            return self._setup_reminders(state)
        if phase == "over":
            winners = state.winners()
            best = state.scores()[winners[0]].total
            if len(winners) == 1:
                return (f"The party is over. {winners[0]} wins with {_points(best)}.",)
            return (
                f"The party is over. {names(winners)} share the victory with {_points(best)}.",
                TIE_NOTE,
            )
        if phase == "events":
            lines = [
                f"The {ORDINALS[state.clocks]} Clock: each player scores one unused Event "
                f"(Fireworks, Conga or Toast to the Pumpkin King) on the castle as it was when "
                f"the Clock appeared. Waiting for {names(state.waiting_for_event())}."
            ]
            if state.ended:
                lines.append(
                    "The third Clock ends the party: after this last Event come the final scores."
                )
            return tuple(lines)
        return (
            self.turn_line(state),
            CARDS_REMINDER,
            f"When a Clock card appears, mark it on the table screen (Clocks revealed: "
            f"{state.clocks} of {CLOCKS}).",
        )

    def _setup_reminders(self, state: PartyState) -> tuple[str, ...]:
        side = SIDE_NAMES[state.side]
        first = state.players[state.first]
        lines = [
            f"Each player takes a castle whiteboard ({side}) and a marker. Note which side of "
            f"the table you sit on: groups are drawn as seen from your seat.",
            "Shuffle the Monster cards (Kings/Queens included) with the Unicorn cards; deal "
            "three to each player and put the rest face down in the middle.",
            "Shuffle the 20 Shape cards and split them into four face-down piles of five.",
            "Shuffle a Clock card into three of the piles, each pile separately.",
            "Put the pile without a Clock on top of the other three: that is the Shape deck "
            "(23 cards).",
            f"{first} goes first (the player who most recently went to a party); play passes "
            f"to the left, in seat order: {names(state.players)}.",
        ]
        if state.side == "rave":
            lines.append(gathering_sentence(state.gathering))
        if state.layout_is_default:
            lines.append(APPROXIMATION_NOTE)
        return tuple(lines)

    def vote_call(self, state: PartyState) -> VoteCall | None:
        """Castle Party has no secret vote."""
        return None

    # -- history -----------------------------------------------------------------------------
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
            castle = state.whiteboard(who).castle
            members = ", ".join(
                f"{guest_name(m['guest'])} "
                + (f"on {square_name(tuple(m['square']))}" if castle.on_grid(tuple(m["square"]))
                   else "past the edge of the board (moat)")
                for m in args["group"]
            )
            return f"{who} drew a group of {len(args['group'])}: {members}."
        if action.move == "remove":
            at = tuple(args["square"])
            return f"{who} erased {guest_name(state.whiteboard(who).castle.guest(at))} on {square_name(at)}."
        return self._describe_turn(state, action, after)

    def _describe_turn(self, state: PartyState, action: Action, after: PartyState) -> str:
        args, who = dict(action.args or {}), action.actor
        if action.move == "reveal_shape":
            return f"{after.turn.revealer} turned over Shape {after.turn.number}."
        if action.move == "special_action":
            return (f"{who} used {SPECIAL_ACTION_NAMES[args['action']]} on Shape "
                    f"{state.turn.number}.")
        if action.move == "pass_special":
            if args.get("everyone"):
                return f"Everybody left passed on a special action for Shape {state.turn.number}."
            return f"{state.speaker} passed on a special action for Shape {state.turn.number}."
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

__all__ = [
    "CHOICES",
    "CLOCKS",
    "GAME",
    "CastleParty",
    "EventRecord",
    "PartyState",
    "SHAPE_CARDS",
    "ShapeTurn",
    "Whiteboard",
    "gathering_sentence",
]
