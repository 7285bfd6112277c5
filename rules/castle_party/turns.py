"""The Game Turn of Castle Party: the phases of the party and who may make which move now.

Each guard is ``(state, actor) -> sentence | None`` (the ``allowed`` of a move in game.py): the
sentence says why this actor may not make that move now. The base checks them before any move
runs and ``legal_moves`` answers from them, so a screen offers a button exactly when the rules
accept it. What depends on a move's arguments (which guest, which square, which Event) is
checked by the move itself (moves.py).
"""
from __future__ import annotations

from dataclasses import replace

from rules import TABLE
from rules.words import Message

from . import text
from .state import PartyState, clock_window

SETUP = "setup"  # nobody has drawn a guest or turned over a card yet
PARTY = "party"  # Shapes are turned over and groups drawn
SPECIAL_ACTIONS = "special_actions"  # a group is complete: who uses a special action?
EVENTS = "events"  # a Clock appeared: each player scores one Event
LAST_EVENT = "last_event"  # the third Clock ended the party: each scores their last Event
OVER = "over"  # every Event noted: the Final Score
PHASES = (SETUP, PARTY, SPECIAL_ACTIONS, EVENTS, LAST_EVENT, OVER)
DRAWING = (SETUP, PARTY, EVENTS)
"""When a player may draw guests: not while the special actions on a group are open ("Whether
or not a special action is used, then it's time to add the group"), not once the third Clock
has ended the party."""


def phase(state: PartyState) -> str:
    if state.over:
        return OVER
    if state.ended:
        return LAST_EVENT
    if state.waiting_for_event():
        return EVENTS
    if state.speaker is not None:
        return SPECIAL_ACTIONS
    return PARTY if state.started else SETUP


def may_draw(state: PartyState, actor: str) -> Message | None:
    """Drawing a guest or a group in one's own castle."""
    now = phase(state)
    if now == SPECIAL_ACTIONS:
        return text.speaking_first(state)
    if now == LAST_EVENT:
        return text.CASTLE_FINAL
    return text.PARTY_OVER if now == OVER else None


def may_set_group(state: PartyState, actor: str) -> Message | None:
    """The table enters the figure of the Shape in play, or enters it again, until a player
    has added it to their castle."""
    now = phase(state)
    if now in (LAST_EVENT, OVER):
        return text.NO_MORE_SHAPES
    if state.turn is None:
        return text.NO_FIGURE
    if state.turn.added:
        return text.figure_kept(state)
    return None


def may_add_group(state: PartyState, actor: str) -> Message | None:
    """Adding the figure the table entered: when drawing is open, once per Shape."""
    refused = may_draw(state, actor)
    if refused:
        return refused
    turn = state.turn
    if turn is None or turn.figure is None:
        return text.NO_FIGURE_YET
    if actor in turn.added:
        return text.already_added(turn.number)
    return None


def awaits_group(state: PartyState, actor: str) -> bool:
    """Once the table entered the figure, every player who has not added it is waited for (a
    phone handed around passes itself on for it)."""
    return state.turn is not None and state.turn.figure is not None


def may_erase(state: PartyState, actor: str) -> Message | None:
    """Erasing a guest drawn by mistake: any time until the third Clock."""
    now = phase(state)
    if now == LAST_EVENT:
        return text.CASTLE_FINAL
    return text.PARTY_OVER if now == OVER else None


def may_reveal_shape(state: PartyState, actor: str) -> Message | None:
    """"On your turn, you must turn over the top Shape card"; "The player to the left of the one
    who played the last Shape card turns over a new card" (or the table, for them)."""
    now = phase(state)
    if now in (LAST_EVENT, OVER):
        return text.NO_MORE_SHAPES
    if now == EVENTS:
        return text.events_first(state)
    if now == SPECIAL_ACTIONS:
        return text.speaking_first(state)
    waiting = next_card_waits(state)
    if waiting:
        return waiting
    if state.shapes >= clock_window(state.clocks + 1)[1]:
        return text.clock_is_next(state)
    if actor not in (TABLE, state.next_revealer):
        return text.next_revealer_turn(state)
    return None


def round_closed(state: PartyState, actor: str) -> Message | None:
    """Why nobody speaks about a special action now (None: the round is open)."""
    now = phase(state)
    if now == OVER:
        return text.PARTY_OVER
    if now == LAST_EVENT and actor != TABLE:
        return text.CASTLE_FINAL
    turn = state.turn
    if turn is None:
        return text.NO_SHAPE
    if turn.used_by is not None:
        return text.special_taken(state)
    return text.ALL_PASSED if state.speaker is None else None


def may_use_special(state: PartyState, actor: str) -> Message | None:
    """"the player that revealed the Shape card in play announces whether they wish to perform
    a special action or pass. If they pass, the next player to their left may perform the
    special action or pass, and so on until someone says they wish to perform a special action
    or all players have passed"."""
    closed = round_closed(state, actor)
    if closed or actor == state.speaker:
        return closed
    return text.speaks_until_used(state)


def may_pass(state: PartyState, actor: str) -> Message | None:
    """The player who speaks now passes, or the table for them."""
    closed = round_closed(state, actor)
    if closed or actor in (TABLE, state.speaker):
        return closed
    return text.speaks_now(state)


def may_reveal_clock(state: PartyState, actor: str) -> Message | None:
    """A Clock is turned over like any card: after the group in play is settled, and after
    every player has scored the Event of the Clock before."""
    now = phase(state)
    if now in (LAST_EVENT, OVER):
        return text.ALL_CLOCKS
    if now == EVENTS:
        return text.events_first(state)
    if now == SPECIAL_ACTIONS:
        return text.speaking_first(state)
    waiting = next_card_waits(state)
    if waiting:
        return waiting
    if state.shapes < clock_window(state.clocks + 1)[0]:
        return text.clock_too_early(state)
    return None


def may_change_places(state: PartyState, actor: str) -> Message | None:
    """Players change places between cards: not while the special actions go round the table,
    nor while a castle still lacks the group the table entered (a Clock's Events are each
    player's own and wait for nobody's seat)."""
    if phase(state) in (SETUP, PARTY, EVENTS) and not state.still_to_add:
        return None
    return text.CHANGE_PLACES_BETWEEN_CARDS


def change_places(state: PartyState, players: tuple[str, ...]) -> PartyState:
    """Play passes to the left in the new seating; the player who turns over the next card
    is the same person as before the change."""
    if not players:
        return state
    nxt = state.next_revealer
    first = (players.index(nxt) - state.shapes) % len(players)
    boards = {w.player: w for w in state.whiteboards}
    return replace(state, players=players, first=first,
                   whiteboards=tuple(boards[p] for p in players))


def next_card_waits(state: PartyState) -> Message | None:
    """"Once all of the players have drawn the Monsters in their own castles, all of the cards
    are removed and the game continues with the next player's turn": no next card (Shape or
    Clock) while a player has not added the group the table entered."""
    return text.still_adding(state) if state.still_to_add else None


def may_score_event(state: PartyState, actor: str) -> Message | None:
    """"Each time a Clock card is revealed, each player must choose one of the Events they have
    available to score at that moment": one Event per Clock."""
    if phase(state) == OVER:
        return text.PARTY_OVER
    if state.clocks == 0:
        return text.NO_CLOCK_YET
    if len(state.whiteboard(actor).events) >= state.clocks:
        return text.event_already(state, actor)
    return None


def on_own_phone(guard):
    """A player's move, refused to the table screen with this game's sentence (a stranger gets
    the base's "is not playing"): the guard of ``guard`` for the players."""
    def allowed(state: PartyState, actor: str) -> Message | None:
        return text.OWN_CASTLE if actor == TABLE else guard(state, actor)
    allowed.__doc__ = guard.__doc__
    return allowed
