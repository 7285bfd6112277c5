"""Readers of a move's arguments: every bad value is a RuleError with a sentence."""
from __future__ import annotations

from typing import Any, Mapping

from rules import TABLE, Action, RuleError

from rules.words import Speaker

from .state import Character, State
from .text import argument, character_names, choice_words, either, the_character

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")


def is_int(value: object) -> bool:
    """A whole number (True and False are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_int(args: Mapping[str, Any], key: str, default: int | None = None, *,
             lo: int | None = None, hi: int | None = None) -> int:
    value = args.get(key, default)
    what = argument(key)
    if not is_int(value):
        raise RuleError(
            _("{what} must be a whole number from {lo}.", what=what, lo=lo)
            if lo is not None and hi is None else
            _("{what} must be a whole number from {lo} to {hi}.", what=what, lo=lo, hi=hi)
            if lo is not None else _("{what} must be a whole number.", what=what))
    if lo is not None and value < lo:
        raise RuleError(_("{what} must be at least {lo}, not {value}.", what=what, lo=lo,
                          value=value))
    if hi is not None and value > hi:
        raise RuleError(_("{what} must be at most {hi}, not {value}.", what=what, hi=hi,
                          value=value))
    return value


def read_bool(args: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(_("{what}: answer yes or no.", what=argument(key)))
    return value


def read_choice(args: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = args.get(key)
    if not isinstance(value, str) or value not in choices:
        raise RuleError(_("{what} must be {choices}.", what=argument(key),
                          choices=either(choice_words(c) for c in choices)))
    return value


def read_character(state: State, args: Mapping[str, Any], key: str = "character") -> Character:
    name = args.get(key)
    ch = state.character(name) if isinstance(name, str) else None
    if ch is None:
        names = character_names(state.characters)
        if not isinstance(name, str):
            raise RuleError(_("Name the character: {names}.", names=names))
        raise RuleError(_("There is no character {name} in this game (here: {names}).",
                          name=name, names=names))
    return ch


def own_character(state: State, action: Action) -> Character:
    """The character the move names, if the actor may move it: "a character's own track" is
    moved by its player or the table screen, and Friday, who belongs to no player, by anyone."""
    ch = read_character(state, action.args)
    if action.actor == TABLE or ch.player is None or ch.player == action.actor:
        return ch
    raise RuleError(_("Only {player} (who plays {character}) or the table screen can do that "
                      "for {character}.", player=ch.player, character=the_character(ch)))
