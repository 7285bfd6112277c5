"""The game contract as checks any game's own tests can run (docs/architecture.md, "The
game contract"): the project runs them over every registered game (tests/rules/test_contract.py),
and a game kept in its own package runs them from its tests::

    from rules.testing import check_contract
    from mygame import GAME
    from mygame.plays import plays

    def test_the_contract():
        check_contract(GAME, plays)

A play (``Play``) is the players, the setup options and a list of actions; actions the rules
refuse are skipped as the play is replayed, so a play may be rough, as long as it reaches the
game's phases (a play whose every action is refused fails: it checked nothing past setup).
In every state of each play:

- ``legal_moves(state, actor)`` and ``apply`` agree: a move it does not list is refused by a
  guard (``MoveNotAllowed``); a move it lists is never refused for its name, actor or phase
  (it may still be refused for its arguments);
- ``describe`` writes a sentence (none for a secret move) and leaves the state as it was;
- ``view`` for every seat and for the table is plain data (``plain``);
and ``setup`` works for the smallest and the largest table and refuses nonsense.
``check_readings(GAME)`` checks the game's ``readings`` name each of its setup options.
"""
from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from . import TABLE, Action, RuleError
from .base import BaseGame, MoveNotAllowed
from .words import Message

STRANGER = "Stranger"  # a name no seat has
SEEDS = range(6)


@dataclass
class Play:
    players: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)


def plain(value: Any, where: str = "view") -> None:
    """``value`` is plain JSON data: None, booleans, numbers, text, lists (tuples too) and
    mappings with text keys; AssertionError naming where it is not (a set, a dataclass, a
    number key that JSON would quietly turn into text)."""
    if value is None or isinstance(value, (bool, int, str)):
        return
    if isinstance(value, float):
        assert math.isfinite(value), f"{where} is {value}, which JSON cannot carry"
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            plain(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where} has the key {key!r}, not text"
            plain(item, f"{where}[{key!r}]")
    else:
        raise AssertionError(f"{where} is a {type(value).__name__}, not plain data: {value!r}")


def said(game: BaseGame, before: Any, action: Action) -> str:
    """The history line of ``action`` from ``before``, applied first as the companion applies
    it (``describe`` is always given the state after; a refused move raises its
    ``RuleError``)."""
    return game.describe(before, action, game.apply(before, action))


def check_setup(game: BaseGame) -> None:
    """Setup works for the smallest and the largest table, and refuses nonsense."""
    for n in {game.min_players, game.max_players}:
        state = game.setup(tuple(f"P{i}" for i in range(n)), {})
        plain(game.view(state, None), "the table's view")
    for players, options in (("not a list", {}),
                             (tuple(f"P{i}" for i in range(max(game.min_players, 1))),
                              ["not a mapping"])):
        try:
            game.setup(players, options)
        except RuleError:
            continue
        raise AssertionError(f"setup({players!r}, {options!r}) was not refused")


def probe(game: BaseGame, state: Any, players: Iterable[str]) -> None:
    """Every actor, every move name (and one that does not exist), with no arguments."""
    names = [m for m, d in game.moves.items() if not d.internal] + ["no_such_move"]
    for actor in (TABLE, *players, STRANGER):
        legal = set(game.legal_moves(state, actor))
        assert legal <= set(game.moves), legal
        for name in names:
            try:
                game.apply(state, Action(actor, name, {}))
            except MoveNotAllowed as e:
                assert name not in legal, f"{name} is listed for {actor} but refused: {e}"
            except RuleError:
                assert name in legal, f"{name} is not listed for {actor}, yet passed its guards"
            else:
                assert name in legal, f"{name} is not listed for {actor}, yet it was applied"


def check_play(game: BaseGame, play: Play) -> int:
    """The contract in every state of one play; the number of its actions the rules applied.
    A play none of whose actions is applied checks the first state only: it fails, saying
    so (a recorded play the rules refuse from its first action, a secret deal it did not
    foresee)."""
    state = game.setup(play.players, play.options)
    probe(game, state, play.players)
    applied = 0
    for action in play.actions:
        try:
            after = game.apply(state, action)
        except RuleError:
            continue
        applied += 1
        snapshot = copy.deepcopy(state)
        line = game.describe(state, action, after)
        # a line for every move, but a secret move's: it leaves none (Move.secret); a line is
        # a sentence, or a message said in each screen's language (rules/words.py)
        assert isinstance(line, (str, Message)) and bool(str(line).strip()) != \
            game.moves[action.move].secret, f"{action.move}: history line {line!r}"
        assert state == snapshot, f"describing {action.move} changed the state"
        state = after
        for seat in (None, *play.players):
            plain(game.view(state, seat), f"the view of {seat or 'the table'}")
        probe(game, state, play.players)
    assert applied, ((f"the rules refused every one of the play's {len(play.actions)} actions"
                      if play.actions else "the play has no action")
                     + ": the contract was checked on the first state only")
    return applied


def check_readings(game: BaseGame) -> None:
    """The game's ``readings`` (its readings of open rules) are sentences that name each of
    its setup options in backticks, and nothing else in backticks: an option renamed or
    removed leaves no stale reading behind (tests/structure/test_readings_listed.py runs it
    over every game)."""
    readings = game.readings
    assert isinstance(readings, tuple) and all(
        isinstance(r, str) and r.strip() for r in readings), \
        f"{game.title}: readings must be a tuple of sentences, not {readings!r}"
    options = {o.name for o in game.options}
    named = set(re.findall(r"`([^`]+)`", "\n".join(readings)))
    missing, stale = sorted(options - named), sorted(named - options)
    assert not missing, (f"{game.title}: setup options its readings do not name: "
                         f"{', '.join(missing)} (say the reading each holds, or 'Other setup "
                         "options (not readings): ...')")
    assert not stale, f"{game.title}: its readings name no setup option {', '.join(stale)}"


def check_contract(game: BaseGame, plays: Callable[[int], Play],
                   seeds: Iterable[int] = SEEDS) -> None:
    """The whole contract: setup, then every state of ``plays(seed)`` for each seed."""
    assert isinstance(game, BaseGame), f"{game!r} is not built on rules.base.BaseGame"
    check_setup(game)
    for seed in seeds:
        check_play(game, plays(seed))
