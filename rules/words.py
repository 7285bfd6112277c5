"""The words every game's sentences share: plurals and lists of names, and the message value
a game's sentence is (issue 48).

The rules know no language: a sentence they return is a ``Message``, its English text (the
gettext msgid, with named placeholders) and its values, and a screen says it in its own
language (``companion.language.Words``). ``str()`` of a message is its English, so every
caller that still wants a string keeps working. A module marks its sentences with a
``Speaker`` named ``_`` (and ``_n`` for plurals): those calls are what the catalog extractor
reads (tests/structure/test_catalogs.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping


class Items(tuple):
    """Values read as items, not as a sentence's list: "Kiwi 3, Pear 1" (a tally), where a
    plain tuple is "Kiwi, Pear and Plum"."""


class Either(tuple):
    """Values read as a choice: "Kiwi, Pear or Plum" (CLDR's "or" list in each language)."""


class Clause(tuple):
    """One value, ``(sentence,)``, said inside another sentence: its last full stop left off."""


class Phrase(tuple):
    """One value, ``(words,)``, said mid-sentence: in English a leading "The", "A" or "An" in
    small letters; other languages say it as it is (German nouns keep their capitals)."""


_ARTICLE = re.compile(r"^(The|A|An) ")


def _english(value: Any) -> str:
    if isinstance(value, Clause):
        return _english(value[0]).rstrip(".") if value else ""
    if isinstance(value, Phrase):
        said = _english(value[0]) if value else ""
        return _ARTICLE.sub(lambda m: m.group(1).lower() + " ", said)
    if isinstance(value, Either):
        return join_names([_english(v) for v in value], "or") if value else ""
    if isinstance(value, Items):
        return ", ".join(_english(v) for v in value)
    if isinstance(value, (list, tuple)):
        return join_names([_english(v) for v in value]) if value else ""
    return str(value)


@dataclass(frozen=True)
class Message:
    """A sentence in no language yet: ``text`` is the English msgid (``"{name} votes"``),
    ``values`` its placeholders' values (names and typed words are never translated; a number
    is written the reader's way; a tuple is a list, "Ana, Ben and Cat"; a value that is a
    message is said in the same language). ``plural`` and ``count``: the English plural and
    the name of the value that picks the form. ``domain``: whose catalog holds it, and ``home``
    the module whose folder holds that catalog (``locale/``)."""

    text: str
    values: tuple[tuple[str, Any], ...] = ()
    domain: str = ""
    home: str = ""
    plural: str | None = None
    count: str | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.values).get(name, default)

    def __str__(self) -> str:
        values = {k: _english(v) for k, v in self.values}
        n = self.get(self.count) if self.count else None
        text = self.plural if self.plural is not None and n != 1 else self.text
        return text.format(**values) if values else text


class Speaker:
    """``_ = Speaker("table_vote", "rules.table_vote")``; ``_("{name} votes", name=n)`` is a
    ``Message`` of that catalog; ``_.n("{n} vote", "{n} votes", "n", n=3)`` a plural one."""

    def __init__(self, domain: str, home: str) -> None:
        self.domain, self.home = domain, home

    def __call__(self, text: str, **values: Any) -> Message:
        return Message(text, _frozen(values), self.domain, self.home)

    def n(self, one: str, many: str, count: str, /, **values: Any) -> Message:
        return Message(one, _frozen(values), self.domain, self.home, many, count)


def to_json(value: Any) -> Any:
    """A message as plain JSON, its parts (text, values, domain, home, plural, count), for a
    log or a view to keep and each screen to say in its language
    (``companion.language.from_json`` reads it back); a plain string as it is. Values keep
    their kind: a list, a tally, a message inside a message."""
    if isinstance(value, Message):
        return {"text": value.text, "values": {k: to_json(v) for k, v in value.values},
                "domain": value.domain, "home": value.home, "plural": value.plural,
                "count": value.count}
    if isinstance(value, Items):
        return {"items": [to_json(v) for v in value]}
    if isinstance(value, Either):
        return {"either": [to_json(v) for v in value]}
    if isinstance(value, Clause):
        return {"clause": [to_json(v) for v in value]}
    if isinstance(value, Phrase):
        return {"phrase": [to_json(v) for v in value]}
    if isinstance(value, (tuple, list)):
        return {"list": [to_json(v) for v in value]}
    return value


def _frozen(values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Values as a comparable tuple (a screen part compares its inputs): lists become tuples."""
    return tuple((k, tuple(v) if type(v) is list else v) for k, v in values.items())


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
_YOU_FORMS = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were",
              "isn't": "aren't", "hasn't": "haven't", "doesn't": "don't", "wasn't": "weren't"}


def you_form(verb: str) -> str:
    """"decides" -> "decide", "passes" -> "pass", "is" -> "are": the verb after "you"."""
    if verb in _YOU_FORMS:
        return _YOU_FORMS[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if len(verb) > 2 and verb.endswith("s") and not verb.endswith("ss") and verb.isalpha():
        return verb[:-1]
    return verb


_ME = chr(0xE000)  # the name while a line is rewritten: a character no text holds (never shown)
_SENTENCES = re.compile(r"(?<=[.!?])(\s+)")  # a sentence ends at . ! or ? and a space
_CLAUSE = r"(^|[:;] (?:then )?|, then )"  # where a clause starts: its subject comes first
_NOT_VERBS = ("and", "or", "with", "of")
# a name alone ("went to Ana, the next player"), not the first of a list ("from Ana, Ben
# and Cid")
_ALONE = r"(?!, [^a-z]| and | or )"
_PRONOUNS = {"they": "you", "them": "you", "their": "your", "theirs": "yours",
             "themselves": "yourself", "themself": "yourself"}


def _name_pattern(name: str) -> re.Pattern:
    """The name as a whole name: "Ann" is not the start of "Anna", "Ann-Marie" or "Ann'e",
    but "Ann's" is Ann's."""
    return re.compile(r"(?<![\w'’-])" + re.escape(name) + r"(?=(?:['’]s)?(?![\w'’-]))")


def _subject(match: re.Match) -> str:
    """"Chloe decides" -> "you decide" at the start of a clause; anything else as it was."""
    lead, verb, tail = match.group(1), match.group(2), match.group(3)
    word = verb.rstrip("!.,:;")
    if not (word.replace("'", "").isalpha() and word.islower()) or word in _NOT_VERBS:
        return match.group(0)  # "Ana and Ben tie", "Ana (the Cook)": not Ana alone
    return f"{lead}{'You' if not lead else 'you'} {you_form(word)}{verb[len(word):]}{tail}"


def _sentence(s: str) -> str:
    """One sentence, its player's name written as ``_ME``, said to that player."""
    before = s
    m = re.fullmatch(_ME + r": ([\"“].*)", s, re.S)
    if m:  # 'Chloe: "Time to vote!"': what Chloe reads out
        return f"You say: {m.group(1)}"
    m = re.fullmatch(r"((?:[A-Z][\w'’-]*)(?: [A-Z][\w'’-]*)*)(?<!ing): " + _ME + r"([.!]?)", s)
    if m:  # "Tribunal Leader: Chloe." -> "You are the Tribunal Leader." ("Voting: " is no role)
        role = re.sub(r"^The ", "", m.group(1))
        return f"You are the {role}{m.group(2) or '.'}"
    s = re.sub(r"^" + _ME + r"['’]s\b", "Your", s)  # "Chloe's turn" -> "Your turn"
    s = re.sub(_ME + r"['’]s\b", "your", s)  # "on Chloe's left" -> "on your left"
    s = re.sub(_CLAUSE + _ME + r" (\S+)( |$)", _subject, s)  # "Chloe plays" -> "You play"
    s = re.sub(r"\b(by|to|from|for|with) " + _ME + _ALONE, r"\1 you", s)  # "led by Chloe"
    s = re.sub(r"\(" + _ME + r"\)", "(you)", s)  # "The Team Leader (Chloe) draws"
    s = re.sub(r": " + _ME + r"([.!]?)$", r": you\1", s)  # "on your left: Chloe."
    if s == before:
        return s
    # the sentence speaks to the player now: so do its pronouns ("their phone", "they
    # voted") and its other verbs ("and doesn't have to")
    s = re.sub(r"\b(they|them|their|theirs|themselves|themself)\b",
               lambda w: _PRONOUNS[w.group(1)], s)
    s = re.sub(r"\b(and|or) (doesn't|isn't|hasn't|wasn't)\b",
               lambda w: f"{w.group(1)} {_YOU_FORMS[w.group(2)]}", s)
    return s


def second_person(line: str, name: str) -> str:
    """A line as ``name``'s own phone says it, sentence by sentence: "Chloe is the Sole
    Survivor!" -> "You are the Sole Survivor!", "Chloe's turn" -> "Your turn", "... Tribunal
    Leader: Chloe." -> "... You are the Tribunal Leader.", "It is unclear who is voted out:
    Chloe chooses" -> "...: you choose", "led by Chloe" -> "led by you". Chloe as the
    subject of a clause, Chloe's, Chloe after by/to/from/for/with, "(Chloe)" and a role or a
    last word after a colon change; then the sentence's "they", "their" and "them" are the
    player too. Anything else (another player, "Chloe and Dev tie", "Chloe (the Cook) eats",
    a list of names) stays as written, and so does any sentence without Chloe."""
    if not name or not isinstance(line, str):  # a Message: said in its reader's language
        return line
    marked = _name_pattern(name).sub(_ME, line)
    if _ME not in marked:
        return line
    parts = _SENTENCES.split(marked)
    said = "".join(p if i % 2 else _sentence(p) for i, p in enumerate(parts))
    return said.replace(_ME, name)
