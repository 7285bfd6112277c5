"""What the screens of Castle Party show: the per-seat view and the fixed data.

Whiteboards lie on the table in plain sight, so every castle is public: every seat and the
table screen see all of them (nothing here is secret). A seat also gets ``mine``: whether it
speaks now about a special action, and the points each unused Event would score; and once the
party is over, ``result`` says who wins in the second person on a winner's own phone.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import RuleError
from rules.words import Speaker, to_json

from . import text, turns
from .castle import (EMPTY, FAMILIES, FAMILY_NAMES, GATHERING_POINT_NAMES, KINGS, MONSTER_NAMES,
                     SQUARE_KINDS, column_name)
from .figure import TURNS, offsets
from .layouts import APPROXIMATION_NOTE, DEFAULT_LAYOUTS
from .moves import MAX_COLUMNS
from .scoring import (CATEGORY_NAMES, CATEGORY_WORDS, EVENT_NAMES, GATHERING_READING_NAMES, GATHERING_RULE,
                      SPECIAL_ACTION_NAMES, SPECIAL_ACTIONS, Score, conga, fireworks, toast)
from .state import CLOCKS, SHAPE_CARDS, PartyState, Whiteboard

_ = Speaker("castle_party", "rules.castle_party")  # its catalog

SCREEN_PHASES = {turns.SETUP: "setup", turns.PARTY: "party", turns.SPECIAL_ACTIONS: "party",
                 turns.EVENTS: "events", turns.LAST_EVENT: "events", turns.OVER: "over"}
"""The view's ``phase``: "setup", "party", "events" (a Clock's Event owed) or "over"."""


def english(message) -> str | None:
    """A sentence of the rules as the view keeps it: its English (the view is plain JSON; a
    screen says it again from the plain values beside it)."""
    return None if message is None else str(message)


def said(message) -> Any:
    """A sentence of the rules as plain JSON (``rules.words.to_json``): each screen says it in
    its own language (``companion.language.from_json``)."""
    return None if message is None else to_json(message)


def fixed_data() -> dict[str, Any]:
    """The plain data the screens draw from (``GAME.data``): names and the default layouts."""
    return {
        "default_layouts": {side: layout.strip("\n") for side, layout in DEFAULT_LAYOUTS.items()},
        "approximation_note": APPROXIMATION_NOTE,
        "said_approximation_note": said(text.APPROXIMATION),
        "layout_characters": str(text.LAYOUT_CHARACTERS),
        "gathering_rule": GATHERING_RULE,
        "gathering_readings": dict(GATHERING_READING_NAMES),
        "event_names": dict(EVENT_NAMES),
        "special_action_names": dict(SPECIAL_ACTION_NAMES),
        "families": FAMILIES,
        "kings": KINGS,
        "family_names": dict(FAMILY_NAMES),
        "monster_names": dict(MONSTER_NAMES),
        "gathering_point_names": dict(GATHERING_POINT_NAMES),
        "square_kinds": dict(SQUARE_KINDS),
        "columns": [column_name(c) for c in range(MAX_COLUMNS)],
        "shape_cards": SHAPE_CARDS,
        "clocks": CLOCKS,
    }


def view(state: PartyState, seat: str | None) -> dict[str, Any]:
    """The whole game for ``seat`` (None: the table screen)."""
    if seat is not None and seat not in state.players:
        raise RuleError(_("{name} is not playing at this table.", name=seat))
    waiting = state.waiting_for_event()
    scores = state.scores()
    notes = ([text.APPROXIMATION] if state.layout_is_default else []) + [text.TIE_NOTE]
    waits = None if state.ended else turns.next_card_waits(state)
    return {
        # the sentences below as messages, for each screen to say in its own language
        "said": {
            "turn": None if state.ended else said(text.turn_line(state)),
            "next_card_waits": said(waits),
            "result": said(text.result_line(state, seat)) if state.over else None,
            "notes": [said(n) for n in notes],
            "choices": [said(c) for c in choice_lines(state)],
        },
        "seat": seat,
        "side": state.side,
        "layout": list(state.layout),
        "layout_is_default": state.layout_is_default,
        "legend": dict(SQUARE_KINDS),
        "notes": ([APPROXIMATION_NOTE] if state.layout_is_default else []) + [str(text.TIE_NOTE)],
        "choices": choices(state),
        "gathering": state.gathering if state.side == "rave" else None,
        "players": list(state.players),
        "first_player": state.players[state.first],
        "phase": SCREEN_PHASES[turns.phase(state)],
        "shapes_revealed": state.shapes,
        "shape_cards": SHAPE_CARDS,
        "next_revealer": None if state.ended else state.next_revealer,
        "turn": None if state.ended else str(text.turn_line(state)),
        "group": group(state),
        # why neither a Shape nor a Clock may be turned over now: a castle still lacks the group
        "next_card_waits": english(waits),
        "specials": [list(entry) for entry in state.specials],
        "clocks_revealed": state.clocks,
        "clocks_total": CLOCKS,
        "waiting_for_event": list(waiting),
        "castles": [castle(board, waiting, scores) for board in state.whiteboards],
        "tally": tally(state, scores),
        "over": state.over,
        "winners": list(state.winners()) if state.over else [],
        "result": str(text.result_line(state, seat)) if state.over else None,
        "mine": None if seat is None else mine(state, seat, waiting),
    }


def castle(board: Whiteboard, waiting, scores: Mapping[str, Score]) -> dict[str, Any]:
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


def group(state: PartyState) -> dict[str, Any] | None:
    """The Shape in play, its round of special actions and the figure the table entered:
    ``figure`` as entered ``[row, column, guest]``, ``turned[t]`` the figure turned ``t``
    quarter turns clockwise as ``[row, column, guest, index]`` from its first guest in
    reading order (what a phone lays over the tapped square), ``added`` who drew it."""
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
        "figure": None if turn.figure is None else [[r, c, g] for (r, c), g in turn.figure],
        "turned": None if turn.figure is None else [offsets(turn.figure, t)
                                                    for t in range(TURNS)],
        "added": list(turn.added),
    }


def toast_squares(board: Whiteboard, castle) -> list[list[int]]:
    """[row, column, points] for every square where the Pumpkin King may be toasted."""
    squares = []
    for at in castle.squares():
        if castle.guest(at) != EMPTY or board.castle.guest(at) != EMPTY:
            continue
        try:
            squares.append([at[0], at[1], toast(castle, at)])
        except RuleError:
            continue  # a gathering point: no room for the Pumpkin King
    return squares


def mine(state: PartyState, seat: str, waiting) -> dict[str, Any]:
    board = state.whiteboard(seat)
    owes = seat in waiting
    castle = board.event_castle if owes else board.castle
    preview: dict[str, Any] = {}
    if "fireworks" in board.events_left:
        preview["fireworks"] = fireworks(castle)
    if "conga" in board.events_left:
        preview["conga"] = conga(castle)
    if "toast" in board.events_left:
        preview["toast"] = toast_squares(board, castle)
    turn = state.turn
    return {
        "player": seat,
        "facing": board.facing,
        "added_group": turn is not None and seat in turn.added,
        "masked_ball": turn is not None and (turn.used_by, turn.action) == (seat, "masked_ball"),
        "owes_event": owes,
        "speaks_now": state.speaker == seat,
        "special_actions_left": [a for a in SPECIAL_ACTIONS if a not in board.used],
        "event_points": preview,
    }


def tally(state: PartyState, scores: Mapping[str, Score]) -> dict[str, Any]:
    """Everyone's Final Score category by category, for reading it out at the table."""
    keys = [key for key, _ in scores[state.players[0]].categories()]
    return {
        "categories": [{"key": key, "name": CATEGORY_NAMES[key],
                        "said": said(CATEGORY_WORDS[key])} for key in keys],
        "points": {p: [points for _, points in s.categories()] for p, s in scores.items()},
        "totals": {p: s.total for p, s in scores.items()},
    }


def choice_lines(state: PartyState) -> list:
    """How this app reads what the rulebook leaves open, said on the screens."""
    out = list(text.CHOICES)
    if state.side == "rave":
        out[:0] = [text.gathering_sentence(state.gathering), text.KING_ON_GATHERING]
    return out


def choices(state: PartyState) -> list[str]:
    return [str(line) for line in choice_lines(state)]
