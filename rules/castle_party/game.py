"""Castle Party at the table: every player's whiteboard on their phone, whose turn it is to turn
over a Shape, the special action on each group, the Clocks, the Events and the final tally.

The cards stay physical (the Shape deck, the Monster cards in hand); the app keeps each
player's whiteboard: the guests drawn in the castle, the special actions ticked, the Events
noted. Nothing is secret: whiteboards lie on the table in plain sight.

Moves (``Action(actor, move, args)``; squares are ``[row, column]`` from 0 at the top left):

- ``reveal_shape`` (TABLE, or the player whose turn it is): ``{}``
- ``special_action`` (the player who speaks now): ``{"action": "lights_out" | "masked_ball" |
  "change_in_orientation"}``
- ``pass_special`` (the player who speaks now, or TABLE for them): ``{}``; TABLE may send
  ``{"everyone": true}``
- ``place`` (the castle's player): ``{"square": [r, c], "guest": "V"}``
- ``place_group`` (the castle's player): ``{"group": [{"square": [r, c], "guest": "V"}, ...]}``
  (one connected figure; squares past the edge of the whiteboard are in the moat)
- ``set_group`` (TABLE, a Shape in play, until somebody added it): ``{"group": [{"square":
  [r, c], "guest": "V"}, ...]}``: the Monster cards laid out, as seen from the table screen
  (rows and columns 0-7 of a small grid)
- ``add_group`` (the castle's player, once per Shape): ``{"at": [r, c], "turns": 0-3,
  "masked": {"index": i, "guest": "W"}}``: the figure the table entered, turned ``turns``
  quarter turns clockwise to match the player's side of the table, its first guest in reading
  order drawn on ``at``; ``masked`` only for the player who used the Masked Ball on it;
  ``{"by_hand": true}``: the player drew it themselves (square by square): it counts as added
- ``remove`` (the castle's player): ``{"square": [r, c]}``
- ``reveal_clock`` (TABLE): ``{}``
- ``score_event`` (the player): ``{"event": "fireworks" | "conga" | "toast", "square": [r, c]}``
  (the square only for the Toast: where the Pumpkin King is drawn)
- ``set_layout`` (TABLE, before anybody has drawn anything): ``{"layout": "<layout text>"}``
- ``change_places`` (TABLE, between cards): ``{"order": [names, clockwise]}``: players changed
  places; play passes to the left in the new seating, the next card's player unchanged
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Outcome, RuleError, VoteCall, ranked
from rules.base import ANYONE, BaseGame, Option, change_places, move

from . import moves, text, turns
from .castle import Castle
from .layouts import DEFAULT_LAYOUTS
from .readings import READINGS
from .scoring import GATHERING_READINGS
from .state import SIDES, EventRecord, PartyState, ShapeTurn, Whiteboard
from .view import fixed_data, view

CHOICES = text.CHOICES
# The setup form says an option's words in the table's language once rules.base.Option takes
# messages (issue 48, the shared setup form); until then it draws strings: their English.
_FORM_SAYS_MESSAGES = "Message" in str(Option.__annotations__.get("sentence", ""))


def _form(key: str):
    """An option's words (``text.OPTION_WORDS``) as the setup form takes them."""
    message = text.OPTION_WORDS[key]
    return message if _FORM_SAYS_MESSAGES else str(message)


OPTIONS = (
    Option("side", "choice", "basic", _form("side"), allowed=SIDES, label=_form("side.label"),
           words=(("basic", _form("side.basic")), ("rave", _form("side.rave")))),
    Option("gathering", "choice", "on", _form("gathering"), allowed=GATHERING_READINGS,
           label=_form("gathering.label"),
           words=(("on", _form("gathering.on")), ("touching", _form("gathering.touching")))),
    Option("first_player", "player", None, _form("first_player"),
           label=_form("first_player.label"), words=((None, _form("first_player.default")),)),
    Option("layout", "text", None, _form("layout"), label=_form("layout.label"), lines=14),
)
MOVES = (
    # A player's move is declared for ANYONE and refused to the table screen by its guard
    # (turns.on_own_phone), so that the table and a stranger each get their own sentence.
    move("place", moves.place, by=ANYONE, args=["square", "guest"],
         allowed=turns.on_own_phone(turns.may_draw), describe=text.placed, awaited=False),
    move("place_group", moves.place_group, by=ANYONE, args=["group"],
         allowed=turns.on_own_phone(turns.may_draw), describe=text.group_placed,
         awaited=False),
    move("set_group", moves.set_group, args=["group"], allowed=turns.may_set_group,
         not_yours=text.TABLE_ENTERS_GROUP, describe=text.group_set),
    move("add_group", moves.add_group, by=ANYONE, args=["at", "turns", "masked", "by_hand"],
         allowed=turns.on_own_phone(turns.may_add_group), describe=text.group_added,
         awaited=turns.awaits_group),
    move("remove", moves.remove, by=ANYONE, args=["square"],
         allowed=turns.on_own_phone(turns.may_erase), describe=text.removed, awaited=False),
    move("reveal_shape", moves.reveal_shape, by=ANYONE, allowed=turns.may_reveal_shape,
         describe=text.shape_revealed),
    move("special_action", moves.special_action, by=ANYONE, args=["action"],
         allowed=turns.on_own_phone(turns.may_use_special), describe=text.special_used),
    move("pass_special", moves.pass_special, by=ANYONE, args=["everyone"],
         allowed=turns.may_pass, describe=text.passed),
    move("reveal_clock", moves.reveal_clock, allowed=turns.may_reveal_clock,
         not_yours=text.TABLE_MARKS_CLOCKS, describe=text.clock_revealed),
    move("score_event", moves.score_event, by=ANYONE, args=["event", "square"],
         allowed=turns.on_own_phone(turns.may_score_event), describe=text.event_scored),
    move("set_layout", moves.set_layout, phases=[turns.SETUP], args=["layout"],
         not_now=text.LAYOUT_BEFORE_PLAY, not_yours=text.TABLE_SETS_LAYOUT,
         describe=text.layout_set),
    change_places(turns.change_places, allowed=turns.may_change_places),
)


class CastleParty(BaseGame):
    """Castle Party (Devir, 2021) for 2-4 players, built on :class:`rules.base.BaseGame`."""

    key = "castle_party"
    title = "Castle Party"
    min_players = 2
    max_players = 4
    options = OPTIONS
    readings = READINGS  # readings.py: docs/readings.md lists these
    moves = {m.name: m for m in MOVES}
    data = fixed_data()

    def checked_options(self, options: Any) -> dict[str, Any]:
        """The schema's check, with this game's words for a wrong shape; the side is read
        whatever its case ("Rave"), and an empty layout means the default grid."""
        if options is not None and not isinstance(options, Mapping):
            raise RuleError(text.OPTIONS_NAMED)
        options = dict(options or {})
        unknown = sorted((str(k) for k in options if k not in {o.name for o in OPTIONS}))
        if unknown:
            raise RuleError(text.no_option(", ".join(unknown)))
        if isinstance(options.get("side"), str):
            options["side"] = options["side"].strip().lower()
        if options.get("layout") is None:
            options.pop("layout", None)
        elif not isinstance(options["layout"], str):
            raise RuleError(moves.LAYOUT_IS_TEXT)
        return super().checked_options(options)

    def new_game(self, players: tuple[str, ...], options: Mapping[str, Any]) -> PartyState:
        """Players in seating order (play passes to the left, down the list); ``first_player``
        is "the player who most recently went to a party" (default: the first seated)."""
        first = options["first_player"]
        if first is None:
            first = players[0]
        if first not in players:
            raise RuleError(text.first_player_among(players))
        layout, side = options["layout"], options["side"]
        rows = moves.layout_rows(DEFAULT_LAYOUTS[side] if layout is None else layout, side)
        empty = Castle.empty(rows)
        return PartyState(
            players=players, side=side, layout_is_default=layout is None,
            whiteboards=tuple(Whiteboard(player, empty) for player in players),
            first=players.index(first), gathering=options["gathering"],
        )

    def phase(self, state: PartyState) -> str:
        return turns.phase(state)

    def view(self, state: PartyState, seat: str | None) -> dict[str, Any]:
        """Everything is public; a seat also gets ``mine`` (see view.py)."""
        seen = view(state, None if seat == TABLE else seat)
        return {"game": self.key, "title": self.title, **seen}

    def reminders(self, state: PartyState) -> tuple[str, ...]:
        now = turns.phase(state)
        if now == turns.SETUP:
            return text.setup_reminders(state)
        if now == turns.OVER:
            return text.over_reminders(state)
        if now in (turns.EVENTS, turns.LAST_EVENT):
            return text.event_reminders(state)
        return text.party_reminders(state)

    def reminders_for(self, state: PartyState, seat: str) -> tuple:
        """The reminders as ``seat``'s phone says them: to "you" (``text.yours``)."""
        return tuple(text.yours(line, seat) for line in self.reminders(state))

    def vote_call(self, state: PartyState) -> VoteCall | None:
        """Castle Party has no secret vote."""
        return None

    def outcome(self, state: PartyState) -> Outcome | None:
        """Once every Event is scored: "The player with the highest Final Score wins", ties
        sharing the victory; each player's score sheet (category, points) in the details."""
        if not state.over:
            return None
        scores = state.scores()
        return Outcome(
            ranked({p: scores[p].total for p in state.players}), str(text.result_line(state)),
            {"sheets": {p: [list(row) for row in scores[p].lines()] for p in state.players}})

    def turn_line(self, state: PartyState) -> str:
        return text.turn_line(state)

GAME = CastleParty()

__all__ = [
    "CHOICES",
    "GAME",
    "CastleParty",
    "EventRecord",
    "PartyState",
    "ShapeTurn",
    "Whiteboard",
]
