"""Readers of a move's arguments: every bad value is a RuleError with a sentence."""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError

from rules.words import join_names

from .state import Character, State
from .text import argument, choice_words


def is_int(value: object) -> bool:
    """A whole number (True and False are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_int(args: Mapping[str, Any], key: str, default: int | None = None, *,
             lo: int | None = None, hi: int | None = None) -> int:
    value = args.get(key, default)
    what = argument(key)
    if not is_int(value):
        raise RuleError(f"{what} must be a whole number"
                        + (f" from {lo}." if lo is not None and hi is None else
                           f" from {lo} to {hi}." if lo is not None else "."))
    if lo is not None and value < lo:
        raise RuleError(f"{what} must be at least {lo}, not {value}.")
    if hi is not None and value > hi:
        raise RuleError(f"{what} must be at most {hi}, not {value}.")
    return value


def read_bool(args: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(f"{argument(key)}: answer yes or no.")
    return value


def read_choice(args: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = args.get(key)
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"{argument(key)} must be "
                        f"{join_names([choice_words(c) for c in choices], 'or')}.")
    return value


def read_character(state: State, args: Mapping[str, Any], key: str = "character") -> Character:
    name = args.get(key)
    ch = state.character(name) if isinstance(name, str) else None
    if ch is None:
        names = ", ".join(c.name for c in state.characters)
        if not isinstance(name, str):
            raise RuleError(f"Name the character: {names}.")
        raise RuleError(f"There is no character {name} in this game (here: {names}).")
    return ch


def own_character(state: State, action: Action) -> Character:
    """The character the move names, if the actor may move it: "a character's own track" is
    moved by its player or the table screen, and Friday, who belongs to no player, by anyone."""
    ch = read_character(state, action.args)
    if action.actor == TABLE or ch.player is None or ch.player == action.actor:
        return ch
    raise RuleError(f"Only {ch.player} (who plays {ch.title}) or the table screen can do that "
                    f"for {ch.title}.")
