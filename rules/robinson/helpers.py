"""Small shared pieces of the moves: argument readers, who may act, and the tracks (Wounds
with their morale arrows, Morale, Determination, death)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rules import TABLE, RuleError

from .data import MORALE_MAX, MORALE_MIN
from .state import PHASE_TITLES, Character, State
from .weather import plural

# --- small readers of arguments: every bad value is a RuleError ---------------------------

def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(args: Mapping[str, Any], key: str, default: int | None = None, *,
         lo: int | None = None, hi: int | None = None) -> int:
    value = args.get(key, default)
    if not _is_int(value):
        raise RuleError(f"'{key}' must be a whole number, not {value!r}.")
    if lo is not None and value < lo:
        raise RuleError(f"'{key}' must be at least {lo}, not {value}.")
    if hi is not None and value > hi:
        raise RuleError(f"'{key}' must be at most {hi}, not {value}.")
    return value


def _bool(args: Mapping[str, Any], key: str, default: bool = False) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(f"'{key}' must be true or false, not {value!r}.")
    return value


def _choice(args: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = args.get(key)
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"'{key}' must be one of {', '.join(choices)}, not {value!r}.")
    return value


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


# --- who may act ---------------------------------------------------------------------------

def _lead(state: State, actor: str, doing: str) -> None:
    """Group decisions belong to the First Player (or the table screen)."""
    if actor not in (TABLE, state.first_player):
        raise RuleError(f"Only the First Player ({state.first_player}) or the table screen "
                        f"{doing}.")


def _own(state: State, actor: str, ch: Character) -> None:
    """A character's own track: its player, the table screen, or anyone for Friday."""
    if actor == TABLE or ch.player is None or ch.player == actor:
        return
    raise RuleError(f"Only {ch.player} (who plays {ch.title}) or the table screen can do that "
                    f"for {ch.title}.")


def _character(state: State, args: Mapping[str, Any]) -> Character:
    name = args.get("character")
    ch = state.character(name) if isinstance(name, str) else None
    if ch is None:
        names = ", ".join(c.name for c in state.characters)
        raise RuleError(f"There is no character {name!r} in this game (here: {names}).")
    return ch


def _in_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        wanted = " or ".join(PHASE_TITLES[p] for p in phases)
        raise RuleError(f"That belongs to the {wanted}; this is the {PHASE_TITLES[state.phase]}.")


# --- the tracks: Wounds with their morale arrows, Morale, Determination ---------------------

def _set_character(state: State, ch: Character) -> State:
    return replace(state, characters=tuple(ch if c.name == ch.name else c
                                           for c in state.characters))


def _move_morale(state: State, by: int, why: str) -> tuple[State, str]:
    """"Morale never moves past either end." """
    new = max(MORALE_MIN, min(MORALE_MAX, state.morale + by))
    if new == state.morale:
        end = "top" if by > 0 else "bottom"
        return state, f"{why}: Morale stays at {_signed(new)} (the {end} of the track)."
    return replace(state, morale=new), f"{why}: Morale {_signed(state.morale)} to {_signed(new)}."


def _wound(state: State, name: str, count: int, steps: list[str]) -> State:
    """``count`` Wounds to one character, one space at a time; each arrow passed lowers Morale.

    "A Wound that passes a morale arrow lowers Morale by 1." The marker stops at the end of the
    track: the character is dead.
    """
    for _ in range(count):
        ch = state.character(name)
        if ch.dead:
            break
        ch = replace(ch, wounds=ch.wounds + 1)
        state = _set_character(state, ch)
        if ch.wounds in ch.arrows:
            state, text = _move_morale(state, -1, f"{ch.title}'s Wound passes a morale arrow")
            steps.append(text[0].upper() + text[1:])
    return state


def _wound_each(state: State, chars: tuple[Character, ...], count: int, why: str,
                steps: list[str]) -> State:
    if count <= 0 or not chars:
        return state
    before = {ch.name: ch.wounds for ch in chars}
    arrow_steps: list[str] = []
    for ch in chars:
        state = _wound(state, ch.name, count, arrow_steps)
    moved = ", ".join(f"{ch.name} {before[ch.name]} to {state.character(ch.name).wounds}"
                      for ch in chars)
    each = " each" if len(chars) > 1 else ""
    steps.append(f"{why}: {plural(count, 'Wound')}{each} ({moved}).")
    steps.extend(arrow_steps)
    return state


def _check_death(state: State, steps: list[str]) -> State:
    """"Players lose immediately if any one of the Character's (or Friday's) life track reaches
    its end." """
    dead = [ch for ch in state.characters if ch.dead]
    if not dead or state.result is not None:
        return state
    who = " and ".join(ch.title for ch in dead)
    reason = f"{who[0].upper() + who[1:]} died: the whole group loses."
    steps.append(reason)
    return replace(state, result="defeat", end_reason=reason, phase="over",
                   pending_weather=None)


def _determination(state: State, ch: Character, by: int) -> State:
    return _set_character(state, replace(ch, determination=ch.determination + by))



def _cap(text: str) -> str:
    """"the Cook" at the start of a sentence: "The Cook"."""
    return text[:1].upper() + text[1:]
