"""The Castaways (the characters on the cards), their archetypes, and how many each player picks.

Players are the real people at the table; Castaways are the characters they play as
("always remember that the Players are the real people playing the game while the Castaways
are the characters on the cards").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from rules import RuleError
from rules.words import Speaker, join_names

# Castaways' catalog (rules/castaways/locale/<lang>/LC_MESSAGES/castaways.po)
_ = Speaker("castaways", "rules.castaways")
_n = _.n

PHYSICAL, MENTAL, SOCIAL = "Physical", "Mental", "Social"
ARCHETYPES = (PHYSICAL, MENTAL, SOCIAL)
PER_ARCHETYPE = 6  # "Split the 3 archetypes into their respective piles of 6 Castaways each"
ROSTER_SIZE = PER_ARCHETYPE * len(ARCHETYPES)  # 18
TEAM_SIZE = ROSTER_SIZE // 2  # "each team has a 3 Physical + 3 Mental + 3 Social characters"
PER_TEAM_ARCHETYPE = PER_ARCHETYPE // 2
MIN_PLAYERS, MAX_PLAYERS = 5, 18
TRAIT_MAX = 99  # trait values are printed on the cards; the text gives no upper bound


@dataclass(frozen=True)
class Castaway:
    """A character card: its name, its archetype and (optionally) its trait values."""

    name: str
    archetype: str
    traits: tuple[tuple[str, int], ...] = ()

    def trait(self, name: str) -> int | None:
        for key, value in self.traits:
            if key.lower() == name.lower():
                return value
        return None


def _player_count(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise RuleError("The number of players must be a whole number.")
    return players


def castaways_per_player(players: int) -> int:
    """How many Castaways each player picks.

    "5-6 – Each Player will choose 3 Castaways ... 7-8 – ... 2 Castaways ... 10-18 – ... 1".
    The text skips 9 players: the companion gives 2 each, which the 18 Castaways allow.
    Fewer than 5 or more than 18 players cannot play.
    """
    n = _player_count(players)
    if n < MIN_PLAYERS:
        raise RuleError(f"Castaways needs at least {MIN_PLAYERS} players; there are {n}.")
    if n > MAX_PLAYERS:
        raise RuleError(f"Castaways takes at most {MAX_PLAYERS} players; there are {n}.")
    if n <= 6:
        return 3
    if n <= 9:  # 9 is not in the text; 2 each (18 Castaways, 18 picks)
        return 2
    return 1


NINE_PLAYERS_NOTE = _(
    "Choice: with 9 players each player picks 2 Castaways (18 in all). "
    "A team of 5 players needs 10 Castaways and its lineup holds 9, so its last pick comes "
    "from the other team's spare face-down card."
)


def default_roster() -> tuple[Castaway, ...]:
    """18 Castaways named after their archetype ("Physical 1" ... "Social 6")."""
    return tuple(
        Castaway(f"{archetype} {i}", archetype)
        for archetype in ARCHETYPES
        for i in range(1, PER_ARCHETYPE + 1)
    )


def _traits(name: str, value: Any) -> tuple[tuple[str, int], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise RuleError(_("The traits of {castaway} must be a list of trait names and values.",
                           castaway=name))
    out = []
    for trait, points in value.items():
        if not isinstance(trait, str) or not trait.strip():
            raise RuleError(_("Every trait of {castaway} needs a name.", castaway=name))
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= TRAIT_MAX:
            raise RuleError(_("{castaway}'s {trait} must be a whole number from 0 to {most}.",
                             castaway=name, trait=trait, most=TRAIT_MAX))
        out.append((trait.strip(), points))
    return tuple(out)


def roster_from_option(value: Any, players: tuple[str, ...]) -> tuple[Castaway, ...]:
    """The 18 Castaways from the setup option ``castaways`` (or the defaults).

    The option is a list of ``{"name", "archetype", "traits"}``; 6 of each archetype.
    A Castaway may not share a name with a player, so the screens never mix the two up.
    """
    if value is None:
        roster = default_roster()
    else:
        if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
            raise RuleError(_("List the 18 Castaways, each with a name and an archetype."))
        items = list(value)
        if len(items) != ROSTER_SIZE:
            raise RuleError(_n("Castaways has {size} Castaways; {n} was given.",
                               "Castaways has {size} Castaways; {n} were given.", "n",
                               size=ROSTER_SIZE, n=len(items)))
        built = []
        for item in items:
            if not isinstance(item, Mapping):
                raise RuleError(_("Each Castaway needs a name and an archetype."))
            name = item.get("name")
            if not isinstance(name, str) or not name.strip():
                raise RuleError(_("Each Castaway needs a name."))
            name = name.strip()
            archetype = item.get("archetype")
            if archetype not in ARCHETYPES:
                raise RuleError(_("{castaway} must be Physical, Mental or Social.", castaway=name))
            built.append(Castaway(name, archetype, _traits(name, item.get("traits"))))
        roster = tuple(built)
    names = [c.name for c in roster]
    if len(set(n.lower() for n in names)) != len(names):
        raise RuleError(_("Two Castaways have the same name; every Castaway needs its own."))
    for archetype in ARCHETYPES:
        count = sum(1 for c in roster if c.archetype == archetype)
        if count != PER_ARCHETYPE:
            raise RuleError(_("There must be {per} {archetype} Castaways; there are {count}.",
                              per=PER_ARCHETYPE,
                              archetype=ARCHETYPE_WORDS[archetype], count=count))
    clash = {n.lower() for n in names} & {p.lower() for p in players}
    if clash:
        raise RuleError(_("A Castaway is named like a player ({name}): players and Castaways "
                          "need different names.", name=sorted(clash)[0]))
    return roster


ARCHETYPE_WORDS = {PHYSICAL: _("Physical"), MENTAL: _("Mental"), SOCIAL: _("Social")}
"""The archetypes said inside a sentence (the same msgids as the screens')."""


def either(names: Sequence[str]):
    """"A or B", "A, B or C": the names as a choice (CLDR's "or" lists are not in Babel for
    every language, so the catalog says it)."""
    if len(names) < 2:
        return join_names(names, "or")
    said = _("{first} or {last}", first=names[-2], last=names[-1])
    for name in reversed(names[:-2]):
        # Translators: the names of a choice before its last two: "Ana, Ben or Cat"
        said = _("{name}, {rest}", name=name, rest=said)
    return said
