"""The figure on the table: the group of Monster cards laid out along a Shape card.

The table screen enters the group once, as it lies seen from the table screen ("the Monster
cards laid out"); every player then adds it to their own castle "in the same orientation as
seen from your position", so a phone turns the figure to match its player's side of the table
and only says where it goes.

A figure is a tuple of ``((row, column), guest)`` in reading order (top row first, left to
right), moved so that its top row and its leftmost column are 0. Its **anchor** is its first
guest in reading order: the one a player puts on the tapped square.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules import RuleError
from rules.words import Message, Speaker

from .castle import FAMILIES, KINGS, MAX_UNICORNS, UNICORN, Square, guest_words

# Castle Party's catalog: the figure's refusals are messages
_ = Speaker("castle_party", "rules.castle_party")

Figure = tuple[tuple[Square, str], ...]
TURNS = 4  # a quarter turn at a time: the four sides of a table


def normalised(members) -> Figure:
    """The figure in reading order, its top row and leftmost column at 0."""
    return tuple(_turn(list(members), 0))


def _turn(members, turns: int):
    """``(square, guest, ...)`` turned ``turns`` quarter turns clockwise: row r, column c goes
    to row c, column -r; then moved back to row and column 0, in reading order."""
    for _ in range(turns % TURNS):
        members = [((c, -r), *rest) for (r, c), *rest in members]
    top = min(at[0] for at, *_ in members)
    left = min(at[1] for at, *_ in members)
    return sorted(((r - top, c - left), *rest) for (r, c), *rest in members)


def turned(figure: Figure, turns: int) -> Figure:
    """The figure turned ``turns`` quarter turns clockwise, as a player sees it from a
    quarter of the way round the table."""
    return tuple(_turn(list(figure), turns))


def offsets(figure: Figure, turns: int) -> list[list[Any]]:
    """``[row, column, guest, index]`` of each guest of the turned figure from its anchor,
    with ``index`` the guest's place in the figure as entered: what a phone lays over the
    square tapped."""
    members = _turn([(at, g, i) for i, (at, g) in enumerate(figure)], turns)
    (ar, ac), _, _ = members[0]
    return [[r - ar, c - ac, g, i] for (r, c), g, i in members]


def placed_at(figure: Figure, at: Square, turns: int) -> list[tuple[Square, str, int]]:
    """Where each guest goes when the anchor of the turned figure is drawn on ``at``, with its
    index in the figure as entered."""
    return [((at[0] + dr, at[1] + dc), g, i) for dr, dc, g, i in offsets(figure, turns)]


def quarter_turns(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < TURNS:
        raise RuleError(_("Turn the group 0, 1, 2 or 3 quarter turns to match your side of "
                          "the table."))
    return value


def masked(figure: Figure, value: Any) -> tuple[int, str] | None:
    """The Masked Ball on one's own castle: "You can draw one of the Monsters from the group as
    though it were a different type (except for Kings and Unicorns)"; ``{"index": i, "guest":
    "W"}`` with ``i`` the guest's place in the figure as entered."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RuleError(_("The Masked Ball names one guest of the group and the Monster it "
                          "becomes."))
    index, guest = value.get("index"), value.get("guest")
    if (not isinstance(index, int) or isinstance(index, bool)
            or not 0 <= index < len(figure)):
        raise RuleError(_("The group has {n} guests: pick one of them for the Masked Ball.",
                          n=len(figure)))
    was = figure[index][1]
    if was not in FAMILIES:
        raise RuleError(_("The Masked Ball changes a Monster, not {guest}: Kings, Queens and "
                          "Unicorns stay as they are.", guest=guest_words(was)))
    if not isinstance(guest, str) or guest not in FAMILIES:
        raise RuleError(_("Under the Masked Ball a Monster becomes a Monster of another family "
                          "(S W V G F), not a King/Queen or a Unicorn."))
    if guest == was:
        raise RuleError(_("The Masked Ball draws the {guest} as a different type.",
                          guest=guest_words(was)))
    return index, guest


def kept_after(action: str, before: Figure, after: Figure) -> Message | None:
    """Why ``after`` cannot be the figure entered again after the special action ``action``
    used on ``before`` (None: it may). Lights Out: "You can rearrange the Monsters that make up
    the group by switching their positions, but the shape and orientation of the figure must
    remain unchanged. No Monsters can be added or removed." Change in Orientation: "You can
    turn the figure before anybody draws it": the same cards where they lay, turned."""
    if action == "lights_out":
        if [at for at, _ in after] != [at for at, _ in before]:
            return _("After Lights Out the shape and orientation of the figure must remain "
                     "unchanged: only the Monsters switch positions.")
        if sorted(g for _, g in after) != sorted(g for _, g in before):
            return _("After Lights Out the group keeps its Monsters: no Monsters can be added "
                     "or removed, they only switch positions.")
    if action == "change_in_orientation" and all(
            turned(before, turns) != tuple(after) for turns in range(TURNS)):
        return _("After a Change in Orientation the figure is only turned: the same Monsters "
                 "in the same places, not mirrored, moved or changed.")
    return None


def unique_cards(figure: Figure | None) -> tuple[str, ...]:
    """The figure's King/Queen and Unicorn cards: the cards a game holds one of (a King/Queen
    per family) or five of (Unicorns)."""
    return tuple(guest for _, guest in figure or () if guest in KINGS + UNICORN)


def check_unique_cards(figure: Figure, used: tuple[str, ...]) -> None:
    """"There are five Unicorns" and one King/Queen card per family, "removed from the game
    once they have been used": a group cannot hold a card an earlier group used, nor one card
    twice."""
    cards = unique_cards(figure)
    for king in dict.fromkeys(c for c in cards if c in KINGS):
        name = guest_words(king)  # "the Vampire King/Queen"
        if king in used:
            raise RuleError(_("There is one card of {king}, and an earlier group used it: it "
                              "is out of the game.", king=name))
        if cards.count(king) > 1:
            raise RuleError(_("There is one card of {king}: a group cannot hold it twice.",
                              king=name))
    unicorns, before = cards.count(UNICORN), used.count(UNICORN)
    if unicorns + before > MAX_UNICORNS:
        raise RuleError(_("There are five Unicorn cards and earlier groups used {used}: this "
                          "group can hold {most} at most, not {n}.", used=before,
                          most=MAX_UNICORNS - before, n=unicorns))
