"""The tracks: the Morale track, each character's life track with its morale arrows,
Determination tokens, and death."""
from __future__ import annotations

from dataclasses import replace

from rules import RuleError
from rules.words import Items, Speaker

from .data import MORALE_MAX, MORALE_MIN
from .state import Character, State
from .text import CHARACTER_WORDS, THE_CHARACTER, THE_CHARACTER_START, signed

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")
_n = _.n

MORALE_TOKENS = {-3: -3, -2: -2, -1: -1, 0: 0, 1: 1, 2: 2}
"""Determination tokens at each Morale level below the top (negative: discarded)."""


def morale_tokens(level: int) -> int:
    """Determination tokens the First Player gains (negative: discards) at Morale ``level``.

    "−3 discard 3 Determination, −2 discard 2, −1 discard 1, 0 nothing, +1 gain 1, +2 gain 2."
    Level +3 is a choice (gain 2 tokens or heal 1 Wound), so it is not a number here.
    """
    if isinstance(level, bool) or not isinstance(level, int):
        raise RuleError(_("Morale levels are whole numbers from −3 to +3, not {level}.",
                          level=repr(level)))
    if level == 3:
        raise RuleError(_("At Morale +3 the First Player chooses: gain 2 Determination tokens "
                          "or heal 1 Wound."))
    if level not in MORALE_TOKENS:
        raise RuleError(_("The Morale track runs from −3 to +3; there is no level {level}.",
                          level=str(level)))
    return MORALE_TOKENS[level]


def set_character(state: State, ch: Character) -> State:
    return replace(state, characters=tuple(ch if c.name == ch.name else c
                                           for c in state.characters))


def move_morale(state: State, by: int, why) -> tuple[State, object]:
    """"Morale never moves past either end." ``why``: a message, the start of the step."""
    new = max(MORALE_MIN, min(MORALE_MAX, state.morale + by))
    if new == state.morale:
        return state, (_("{why}: Morale stays at {level} (the top of the track).", why=why,
                         level=signed(new)) if by > 0 else
                       _("{why}: Morale stays at {level} (the bottom of the track).", why=why,
                         level=signed(new)))
    return replace(state, morale=new), _("{why}: Morale {old} to {new}.", why=why,
                                         old=signed(state.morale), new=signed(new))


def wound(state: State, name: str, count: int, steps: list[str]) -> State:
    """``count`` Wounds to one character, one space at a time; each arrow passed lowers Morale.

    "A Wound that passes a morale arrow lowers Morale by 1." The marker stops at the end of the
    track: the character is dead.
    """
    for _i in range(count):
        ch = state.character(name)
        if ch.dead:
            break
        ch = replace(ch, wounds=ch.wounds + 1)
        state = set_character(state, ch)
        if ch.wounds in ch.arrows:
            state, text = move_morale(state, -1, _(
                "{character}'s Wound passes a morale arrow",
                character=THE_CHARACTER_START.get(ch.name, ch.name)))
            steps.append(text)
    return state


def wound_each(state: State, chars: tuple[Character, ...], count: int, why,
               steps: list) -> State:
    """``count`` Wounds to each of ``chars``, said in one step ("2 Wounds each (...)");
    ``why``: a message, the start of the step."""
    if count <= 0 or not chars:
        return state
    before = {ch.name: ch.wounds for ch in chars}
    arrow_steps: list = []
    for ch in chars:
        state = wound(state, ch.name, count, arrow_steps)
    moved = Items(_("{character} {old} to {new}",
                    character=CHARACTER_WORDS.get(ch.name, ch.name), old=before[ch.name],
                    new=state.character(ch.name).wounds) for ch in chars)
    steps.append(_n("{why}: {n} Wound each ({moved}).", "{why}: {n} Wounds each ({moved}).",
                    "n", why=why, n=count, moved=moved) if len(chars) > 1 else
                 _n("{why}: {n} Wound ({moved}).", "{why}: {n} Wounds ({moved}).", "n",
                    why=why, n=count, moved=moved))
    steps.extend(arrow_steps)
    return state


def check_death(state: State, steps: list) -> State:
    """"Players lose immediately if any one of the Character's (or Friday's) life track reaches
    its end." """
    dead = [ch for ch in state.characters if ch.dead]
    if not dead or state.result is not None:
        return state
    who = tuple(THE_CHARACTER_START.get(ch.name, ch.name) if i == 0 else
                THE_CHARACTER.get(ch.name, ch.name) for i, ch in enumerate(dead))
    reason = _n("{who} died: the whole group loses.", "{who} died: the whole group loses.",
                "n", who=who, n=len(dead))
    steps.append(reason)
    return replace(state, result="defeat", end_reason=reason, phase="over",
                   pending_weather=None)


def add_determination(state: State, ch: Character, by: int) -> State:
    return set_character(state, replace(ch, determination=ch.determination + by))
