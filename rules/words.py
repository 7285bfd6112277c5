"""The words every game's sentences share: plurals and lists of names."""
from __future__ import annotations

from typing import Iterable


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, "vote")`` is "1 vote"; ``plural(3, "vote")`` is "3 votes"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def join_names(names: Iterable[str], last: str = "and") -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cid"; "nobody" for none."""
    names = [str(n) for n in names]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


# the few verbs whose "you" form is not the "he/she" form less its s
_YOU_FORMS = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def you_form(verb: str) -> str:
    """"decides" -> "decide", "passes" -> "pass", "is" -> "are": the verb after "you"."""
    if verb in _YOU_FORMS:
        return _YOU_FORMS[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if len(verb) > 2 and verb.endswith("s") and not verb.endswith("ss") and verb.isalpha():
        return verb[:-1]
    return verb


def second_person(line: str, name: str) -> str:
    """A sentence about ``name`` as that player's own phone says it: "Chloe is the Sole
    Survivor!" -> "You are the Sole Survivor!", "Ana's turn" -> "Your turn". Only a sentence
    that begins with the name changes; any other is left as written."""
    if line.startswith(f"{name}'s "):
        return "Your " + line[len(name) + 3:]
    if not line.startswith(f"{name} "):
        return line
    rest = line[len(name) + 1:]
    verb, _, tail = rest.partition(" ")
    word = verb.rstrip("!.,:;")
    if not (word.isalpha() and word.islower()) or word in ("and", "or", "with", "of"):
        return line  # "Ana and Ben tie", "Ana (the Cook)": not a sentence about Ana alone
    return f"You {you_form(word)}{verb[len(word):]}" + (f" {tail}" if tail else "")
