"""Castle Party games set up and played move by move for the rules tests (tests/rules): the
7 x 6 castle of tests/rules/test_castle_party_turns.py, a move applied or refused, Shapes
turned over until a Clock."""
from __future__ import annotations

import pytest

from rules import TABLE, Action, RuleError
from rules.castle_party import GAME, Castle
from rules.testing import said as said_message

LAYOUT = """
~ ~ ~ ~ ~ ~ ~
~ ^ ^ . ^ ^ ~
~ . . . . . ~
~ . . . . . ~
~ . . . . . ~
~ ~ ~ = ~ ~ ~
"""


def reminders(state) -> tuple[str, ...]:
    """The reminders' English (the rules say messages: str() is the English)."""
    return tuple(map(str, GAME.reminders(state)))


def said(game, before, action) -> str:
    return str(said_message(game, before, action))


def new(players=("Ann", "Bob", "Cid"), **options):
    options.setdefault("layout", LAYOUT)
    return GAME.setup(players, options)


def act(state, actor, move, **args):
    return GAME.apply(state, Action(actor, move, args))


def refused(state, actor, move, match, **args):
    with pytest.raises(RuleError, match=match):
        act(state, actor, move, **args)


def shapes_until(state, shapes):
    """Shapes turned over by the table, everybody passing on their special actions and no
    group entered, until ``shapes`` have been turned over."""
    while state.shapes < shapes:
        state = act(state, TABLE, "reveal_shape")
        if state.speaker is not None:
            state = act(state, TABLE, "pass_special", everyone=True)
    return state


def clock(state):
    """The next Clock, after as few Shapes as the deck allows: "a single deck is formed by
    placing the first pile (the one without the clock card) on top of the other three piles"
    (five Shapes each), so Clock n comes after at least 5n Shapes."""
    return act(shapes_until(state, 5 * (state.clocks + 1)), TABLE, "reveal_clock")


# An open castle with no windows, moat only on the border, for group shapes.
FIELD = """
~ ~ ~ ~ ~ ~ ~
~ . . . . . ~
~ . . . . . ~
~ . . . . . ~
~ . . . . . ~
~ . . . . . ~
~ ~ ~ ~ ~ ~ ~
"""


def castle(guests, layout=FIELD):
    return Castle.from_text(layout, guests)


# -- Rave version ------------------------------------------------------------------------------
RAVE = """
~ ~ ~ ~ ~ ~
~ v v v . ~
~ v v . s ~
~ . . . s ~
~ ~ ~ ~ ~ ~
"""
