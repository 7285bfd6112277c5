"""Castle Party scoring: the three Events and the Final Score, from the rulebook.

Groups are orthogonal ("in contact only by the sides") and only inside the castle ("Any
Monsters that are outside of your castle are not included in any group"). A King/Queen belongs
to its family's groups.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import RuleError
from rules.words import Message, Speaker, to_json

from .castle import (
    EMPTY,
    FAMILIES,
    FAMILY_NAMES,
    GATHERING_POINT_NAMES,
    GATHERING_POINTS,
    GUEST_CHARS,
    KINGS,
    MAX_UNICORNS,
    MOAT,
    DRAWBRIDGE,
    MONSTER_NAMES,
    PUMPKIN_KING,
    UNICORN,
    WINDOW,
    Castle,
    Square,
    family_of,
    FIVE_UNICORNS,
    KING_CARDS,
    POINT_WORDS,
    guest_words,
    square_name,
)

# Castle Party's catalog: the score sheet's lines, said in each screen's language
_ = Speaker("castle_party", "rules.castle_party")
_n = _.n

EVENTS = ("fireworks", "conga", "toast")
CATEGORY_NAMES = {
    **{family: f"{name} (largest group and King/Queen)" for family, name in FAMILY_NAMES.items()},
    "unicorns": "Unicorns",
    "special_actions": "Special actions not used",
    "moat": "Guests in the moat",
    "fireworks": "Fireworks",
    "conga": "Conga",
    "toast": "Toast to the Pumpkin King",
    "gathering_points": "Gathering points",
}
CATEGORY_WORDS = {
    "S": _("Skeletons (largest group and King/Queen)"),
    "W": _("Witches (largest group and King/Queen)"),
    "V": _("Vampires (largest group and King/Queen)"),
    "G": _("Ghosts (largest group and King/Queen)"),
    "F": _("Frankensteins (largest group and King/Queen)"),
    "unicorns": _("Unicorns"),
    "special_actions": _("Special actions not used"),
    "moat": _("Guests in the moat"),
    "fireworks": _("Fireworks"),
    "conga": _("Conga"),
    "toast": _("Toast to the Pumpkin King"),
    "gathering_points": _("Gathering points"),
}
"""``CATEGORY_NAMES`` as messages: the score sheet's categories in each screen's language."""
EVENT_NAMES = {
    "fireworks": "Fireworks",
    "conga": "Conga",
    "toast": "Toast to the Pumpkin King",
}
SPECIAL_ACTIONS = ("lights_out", "masked_ball", "change_in_orientation")
SPECIAL_ACTION_NAMES = {
    "lights_out": "Lights Out",
    "masked_ball": "Masked Ball",
    "change_in_orientation": "Change in Orientation",
}
UNICORN_POINTS = {0: 0, 1: -5, 2: 1, 3: 5, 4: 10, 5: 15}
"""Largest orthogonal group of Unicorns: "−5, 1, 5, 10, or 15 points if there is one, two,
three, four, or five Unicorns"."""
POINTS_PER_UNUSED_SPECIAL_ACTION = 2
GATHERING_POINT_MAXIMUM = 4  # "to a maximum of four per gathering point"
GATHERING_RULE = (
    "\"players also get an additional point for each Monster that is in contact with their "
    "favorite gathering point (to a maximum of four per gathering point)\""
)
"""The Rave sentence that allows two readings of "in contact"."""
GATHERING_READINGS = ("on", "touching")
GATHERING_READING_NAMES = {
    "on": "standing on the gathering point's squares",
    "touching": "on the gathering point or on a castle square next to it (sharing a side)",
}
"""The two readings of "in contact with their favorite gathering point"; the table picks one."""

EVENT_WORDS = {"fireworks": _("Fireworks"), "conga": _("Conga"),
               "toast": _("Toast to the Pumpkin King")}
LARGEST_GROUP = {  # one sentence per family: a family's name agrees with its sentence
    "S": lambda n: _n("Skeletons: largest group of {n}", "Skeletons: largest group of {n}",
                      "n", n=n),
    "W": lambda n: _n("Witches: largest group of {n}", "Witches: largest group of {n}", "n",
                      n=n),
    "V": lambda n: _n("Vampires: largest group of {n}", "Vampires: largest group of {n}", "n",
                      n=n),
    "G": lambda n: _n("Ghosts: largest group of {n}", "Ghosts: largest group of {n}", "n",
                      n=n),
    "F": lambda n: _n("Frankensteins: largest group of {n}",
                      "Frankensteins: largest group of {n}", "n", n=n),
}
KING_IN_GROUP = {
    "S": _("Skeleton King/Queen in that group"), "W": _("Witch King/Queen in that group"),
    "V": _("Vampire King/Queen in that group"), "G": _("Ghost King/Queen in that group"),
    "F": _("Frankenstein King/Queen in that group"),
}
GATHERING_LINES = {  # [standing on it?][family]: the Rave side's lines
    True: {"S": _("Skeletons on the DJ"), "W": _("Witches on the Hors d'oeuvres table"),
           "V": _("Vampires on the Punch"), "G": _("Ghosts on the Mirrored ball"),
           "F": _("Frankensteins on the Wall of speakers")},
    False: {"S": _("Skeletons touching the DJ"),
            "W": _("Witches touching the Hors d'oeuvres table"),
            "V": _("Vampires touching the Punch"), "G": _("Ghosts touching the Mirrored ball"),
            "F": _("Frankensteins touching the Wall of speakers")},
}

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_SURROUNDING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def _around(at: Square, steps: Iterable[tuple[int, int]]) -> Iterable[Square]:
    row, column = at
    for dr, dc in steps:
        yield (row + dr, column + dc)


def groups(castle: Castle, belongs) -> list[frozenset[Square]]:
    """The orthogonally connected groups, inside the castle, of the guests ``belongs`` accepts."""
    cells = {
        at for at, guest in castle.occupied() if belongs(guest) and castle.is_inside(at)
    }
    found = []
    while cells:
        start = cells.pop()
        group = {start}
        todo = [start]
        while todo:
            for there in _around(todo.pop(), ORTHOGONAL):
                if there in cells:
                    cells.remove(there)
                    group.add(there)
                    todo.append(there)
        found.append(frozenset(group))
    return found


def family_groups(castle: Castle, family: str) -> list[frozenset[Square]]:
    """The groups of one family (its monsters and its King/Queen) inside the castle."""
    return groups(castle, lambda guest: family_of(guest) == family)


def king_bonus(castle: Castle, family: str, group: frozenset[Square]) -> int:
    """"1 additional point for each Monster in the group that is around him, touching the King
    on one side or corner diagonally" (at most 8); 0 if the King/Queen is not in ``group``."""
    king = family.lower()
    for at in group:
        if castle.guest(at) == king:
            return sum(1 for there in _around(at, _SURROUNDING) if there in group)
    return 0


@dataclass(frozen=True)
class FamilyGroup:
    """The largest group of one family and the bonus of its King/Queen in it."""

    family: str  # S W V G F
    size: int
    king_bonus: int

    @property
    def points(self) -> int:
        return self.size + self.king_bonus

    @property
    def name(self) -> str:
        return FAMILY_NAMES[self.family]


def largest_group(castle: Castle, family: str) -> FamilyGroup:
    """"1 point for each Monster ... in the single largest group of its kind"; the King/Queen
    bonus if the King/Queen is part of it. When two groups tie for largest, the one with the
    King/Queen counts (the player chooses which one is "the" largest: the better for them)."""
    best = FamilyGroup(family, 0, 0)
    for group in family_groups(castle, family):
        candidate = FamilyGroup(family, len(group), king_bonus(castle, family, group))
        if (candidate.size, candidate.king_bonus) > (best.size, best.king_bonus):
            best = candidate
    return best


def largest_unicorn_group(castle: Castle) -> int:
    """The size of the largest orthogonal group of Unicorns inside the castle."""
    return max((len(g) for g in groups(castle, lambda guest: guest == UNICORN)), default=0)


def contact_squares(castle: Castle, point: str, reading: str = "on") -> frozenset[Square]:
    """The squares whose guest is "in contact with" the gathering point ``point`` (s w v g f).

    ``"on"``: the point's own squares. ``"touching"``: those and every castle square sharing a
    side with one of them (contact is by the sides, as for groups; the party is inside the
    castle, so the moat and the drawbridge are not in contact).
    """
    own = {at for at in castle.squares() if castle.square(at) == point}
    if reading == "on":
        return frozenset(own)
    next_to = {
        there for at in own for there in _around(at, ORTHOGONAL) if castle.is_inside(there)
    }
    return frozenset(own | next_to)


def gathering_point_points(castle: Castle, reading: str = "on") -> tuple[tuple[str, int], ...]:
    """Rave side: "an additional point for each Monster that is in contact with their favorite
    gathering point (to a maximum of four per gathering point), regardless of whether they make
    up part of the largest group of their type or not". ``reading`` says what "in contact"
    means: ``"on"`` (standing on it) or ``"touching"`` (on it or next to it)."""
    out = []
    for point in castle.gathering_points:
        family = point.upper()
        there = sum(
            1 for at in contact_squares(castle, point, reading)
            if family_of(castle.guest(at)) == family
        )
        out.append((family, min(there, GATHERING_POINT_MAXIMUM)))
    return tuple(out)


# -- the Events ----------------------------------------------------------------------------------
def fireworks(castle: Castle) -> int:
    """Fireworks: "1 point for each Monster (regardless of its type) located in a space just in
    front of their Castle windows" (King/Queen and Unicorn included; the Pumpkin King is none)."""
    return sum(
        1
        for at, guest in castle.occupied()
        if castle.square(at) == WINDOW and guest != PUMPKIN_KING
    )


def conga(castle: Castle) -> int:
    """Conga: "the largest group of Monsters in the same family that are connected to one
    another (orthogonally ...) and scores 1 point per space occupied by that group" (inside the
    castle; the five families, each with its King/Queen; Unicorns are no family)."""
    return max(
        (len(g) for family in FAMILIES for g in family_groups(castle, family)), default=0
    )


def toast(castle: Castle, at: Square) -> int:
    """Toast to the Pumpkin King: he is drawn "in an empty space" and scores "1 point for each
    different monster that is in one of the eight boxes that surround him (each of the Kings also
    counts as a different type)". Types: the five monsters, the five Kings/Queens, the Unicorn.

    ``at`` must be empty, or already hold the Pumpkin King (scoring him where he stands); he may
    not stand on a gathering point (no other kind of guest may) nor where there is no square.
    """
    at = castle.check_square(at)
    there = castle.guest(at)
    if there not in (EMPTY, PUMPKIN_KING):
        raise RuleError(_("The Pumpkin King goes on an empty square: {square} holds {guest}.",
                          square=square_name(at), guest=guest_words(there)))
    if castle.square(at) in GATHERING_POINTS:
        raise RuleError(_("{square} belongs to {point}: the Pumpkin King may not stand on a "
                          "gathering point.", square=square_name(at),
                          point=POINT_WORDS[castle.square(at)]))
    if there == EMPTY and any(PUMPKIN_KING in row for row in castle.guests):
        raise RuleError(_("The Pumpkin King is toasted once a game: he is already drawn."))
    kinds = {castle.guest(n) for n in _around(at, _SURROUNDING)}
    return len(kinds - {EMPTY, PUMPKIN_KING})


# -- the Final Score ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Score:
    """A Final Score with the rulebook's breakdown.

    ``total`` is computed by :func:`score`; :meth:`lines` lists every category with its points
    (they add up to ``total``), in the order a table reads them out.
    """

    groups: tuple[FamilyGroup, ...]
    unicorn_group: int
    unicorns: int
    unused_special_actions: int
    special_actions: int
    moat_guests: int
    moat: int
    drawbridge_guests: int
    events: tuple[tuple[str, int], ...]
    gathering_points: tuple[tuple[str, int], ...]
    total: int
    beyond_guests: int = 0  # of moat_guests: drawn past the edge of the whiteboard
    gathering: str = "on"  # the reading of "in contact with their favorite gathering point"

    def lines(self) -> tuple[tuple[str, int], ...]:
        """(label, points) for every category, families first, as on the whiteboard."""
        return tuple((str(label), points) for label, points in self.said_lines())

    def said_lines(self) -> tuple[tuple[Message, int], ...]:
        """``lines`` as messages, each screen saying them in its language (``str()`` of each
        is the label of ``lines``)."""
        out: list[tuple[Message, int]] = []
        for group in self.groups:
            out.append((LARGEST_GROUP[group.family](group.size), group.size))
            if group.king_bonus:
                out.append((KING_IN_GROUP[group.family], group.king_bonus))
        out.append((_n("Unicorns: largest group of {n}", "Unicorns: largest group of {n}", "n",
                       n=self.unicorn_group), self.unicorns))
        out.append((_("Special actions not used: {n}", n=self.unused_special_actions),
                    self.special_actions))
        if self.beyond_guests:
            moat = _("Guests in the moat: {n} ({beyond} past the edge of the board)",
                     n=self.moat_guests, beyond=self.beyond_guests)
        else:
            moat = _("Guests in the moat: {n}", n=self.moat_guests)
        out.append((moat, self.moat))
        if self.drawbridge_guests:
            out.append((_("Guests on the drawbridge: {n}", n=self.drawbridge_guests), 0))
        for event, points in self.events:
            out.append((EVENT_WORDS[event], points))
        for family, points in self.gathering_points:
            out.append((GATHERING_LINES[self.gathering == "on"][family], points))
        return tuple(out)

    def categories(self) -> tuple[tuple[str, int], ...]:
        """(key, points) in the same fixed order for every player, to read the tally out one
        category at a time: the five families (group and King/Queen bonus), "unicorns",
        "special_actions", "moat", the three Events, and "gathering_points" on the Rave side."""
        noted = dict(self.events)
        out = [(g.family, g.points) for g in self.groups]
        out += [
            ("unicorns", self.unicorns),
            ("special_actions", self.special_actions),
            ("moat", self.moat),
        ]
        out += [(event, noted.get(event, 0)) for event in EVENTS]
        if self.gathering_points:
            out.append(("gathering_points", sum(points for _, points in self.gathering_points)))
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "groups": [
                {
                    "family": g.family,
                    "name": g.name,
                    "size": g.size,
                    "king_bonus": g.king_bonus,
                    "points": g.points,
                }
                for g in self.groups
            ],
            "unicorn_group": self.unicorn_group,
            "unicorns": self.unicorns,
            "unused_special_actions": self.unused_special_actions,
            "special_actions": self.special_actions,
            "moat_guests": self.moat_guests,
            "beyond_guests": self.beyond_guests,
            "moat": self.moat,
            "drawbridge_guests": self.drawbridge_guests,
            "events": {event: points for event, points in self.events},
            "gathering_points": {family: points for family, points in self.gathering_points},
            "gathering": self.gathering,
            "lines": [[label, points] for label, points in self.lines()],
            # the same lines as messages (rules.words.to_json), said in each screen's language
            "said_lines": [[to_json(label), points] for label, points in self.said_lines()],
            "categories": [[key, points] for key, points in self.categories()],
        }


def _noted_events(events: Any) -> list[tuple[str, int]]:
    """The Events already noted, ``{"fireworks": 6, ...}``, checked, in the whiteboard's order."""
    if events is None:
        return []
    if not isinstance(events, Mapping):
        raise RuleError(_("The Events noted are given as {example}.",
                          example='{"fireworks": 6, "conga": 5, ...}'))
    scored: list[tuple[str, int]] = []
    for event, points in events.items():
        if not isinstance(event, str) or event not in EVENTS:
            raise RuleError(_("{event} is no Event: the Events are {events}.", event=repr(event),
                              events=", ".join(EVENTS)))
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise RuleError(_("The {event} scored a whole number of points, 0 or more.",
                              event=EVENT_WORDS[event]))
        scored.append((event, points))
    return sorted(scored, key=lambda pair: EVENTS.index(pair[0]))


def outside_guests(castle: Castle, beyond: Any) -> tuple[str, ...]:
    """Guests drawn past the edge of the whiteboard, checked like the castle's own guests."""
    if isinstance(beyond, (str, bytes)) or not isinstance(beyond, Iterable):
        raise RuleError(_("The guests past the edge of the board are a list such as "
                          "[\"V\", \"W\"]."))
    guests = tuple(beyond)
    drawn = [guest for _, guest in castle.occupied()]
    for guest in guests:
        if not isinstance(guest, str) or guest not in GUEST_CHARS or guest in (EMPTY, PUMPKIN_KING):
            raise RuleError(_("A guest past the edge of the board is one of S W V G F, s w v g f "
                              "or U."))
        drawn.append(guest)
    for king in KINGS:
        if drawn.count(king) > 1:
            raise RuleError(_("There is only one {king} card: it is drawn once.",
                              king=KING_CARDS[king]))
    if drawn.count(UNICORN) > MAX_UNICORNS:
        raise RuleError(FIVE_UNICORNS)
    return guests


def _check_inputs(castle: Any, unused_special_actions: Any, gathering: Any) -> None:
    if not isinstance(castle, Castle):
        raise RuleError(_("Score a castle: Castle.from_text(layout, guests)."))
    if (
        not isinstance(unused_special_actions, int)
        or isinstance(unused_special_actions, bool)
        or not 0 <= unused_special_actions <= len(SPECIAL_ACTIONS)
    ):
        raise RuleError(_("A player has between 0 and 3 unused special actions."))
    if not isinstance(gathering, str) or gathering not in GATHERING_READINGS:
        raise RuleError(_('The gathering-point reading is "on" (standing on the point) or '
                          '"touching" (on it or next to it).'))


def guests_outside_the_walls(castle: Castle, outside: tuple[str, ...]) -> tuple[int, int]:
    """(guests in the moat, ``outside`` the whiteboard included; guests on the drawbridge).
    The Pumpkin King is no guest of the party: he neither costs nor scores where he stands."""
    kinds = [castle.square(at) for at, guest in castle.occupied() if guest != PUMPKIN_KING]
    return len(outside) + kinds.count(MOAT), kinds.count(DRAWBRIDGE)


def score(
    castle: Castle,
    *,
    unused_special_actions: int = 0,
    events: Mapping[str, int] | None = None,
    gathering: str = "on",
    beyond: Iterable[str] = (),
) -> Score:
    """The Final Score of ``castle``.

    - each family's single largest group, +1 per group member around its King/Queen if the
      King/Queen is in it;
    - the largest group of Unicorns (-5, 1, 5, 10, 15);
    - 2 points per special action not used (0 to 3);
    - -1 per guest in the moat, ``beyond`` included (guests of a group hanging past the edge
      of the whiteboard: outside the castle walls, in the moat); guests on the drawbridge
      score 0;
    - the Events already scored (``events``: ``{"fireworks": 6, "conga": 5}``), as noted;
    - Rave side (a layout with gathering points): +1 per guest of the family in contact with
      its gathering point, at most 4 each; ``gathering`` is the reading of "in contact":
      ``"on"`` (standing on it, the default) or ``"touching"`` (on it or next to it).
    """
    _check_inputs(castle, unused_special_actions, gathering)
    scored = _noted_events(events)
    outside = outside_guests(castle, beyond)

    family = tuple(largest_group(castle, f) for f in FAMILIES)
    unicorn_group = largest_unicorn_group(castle)
    unicorns = UNICORN_POINTS[unicorn_group]
    special_actions = POINTS_PER_UNUSED_SPECIAL_ACTION * unused_special_actions
    moat_guests, drawbridge_guests = guests_outside_the_walls(castle, outside)
    gathering_points = gathering_point_points(castle, gathering)
    total = (
        sum(g.size + g.king_bonus for g in family)
        + unicorns
        + special_actions
        - moat_guests
        + sum(points for _, points in scored)
        + sum(points for _, points in gathering_points)
    )
    return Score(
        groups=family,
        unicorn_group=unicorn_group,
        unicorns=unicorns,
        unused_special_actions=unused_special_actions,
        special_actions=special_actions,
        moat_guests=moat_guests,
        moat=-moat_guests,
        drawbridge_guests=drawbridge_guests,
        events=tuple(scored),
        gathering_points=gathering_points,
        total=total,
        beyond_guests=len(outside),
        gathering=gathering,
    )


__all__ = [
    "CATEGORY_NAMES",
    "EVENTS",
    "EVENT_NAMES",
    "SPECIAL_ACTIONS",
    "SPECIAL_ACTION_NAMES",
    "UNICORN_POINTS",
    "FamilyGroup",
    "Score",
    "conga",
    "fireworks",
    "score",
    "toast",
    "largest_group",
    "largest_unicorn_group",
    "gathering_point_points",
    "contact_squares",
    "outside_guests",
    "GATHERING_READINGS",
    "GATHERING_READING_NAMES",
    "GATHERING_RULE",
]
