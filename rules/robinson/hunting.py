"""Hunting: the fight with a Beast card, as a pure function of the card and the camp.

"Hunting: Draw a card from the Hunting deck and Fight the Beast:
 1. Compare Beast's strength to your Weapon level. If Weapon level is lower, the player fighting
    gets 1 Wound per lacking level.
 2. Decrease Weapon level as shown on the card.
 3. Gain food and fur, placing them in the Future Resources space.
 4. Decrease Palisade level if indicated.
 5. Apply other effects and discard the card."

A level that would go below 0 costs Wounds instead (choices the texts leave open, said on the
screen): a Weapon level lacking wounds the player fighting, as the Beast's strength does; a
Palisade level lacking wounds each player, as a Storm does in the Weather phase.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules import RuleError
from rules.words import Speaker

from .text import levels, wounds as wounds_of

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")


@dataclass(frozen=True)
class BeastFight:
    """The fight resolved: the fighter's Wounds, each player's Wounds, the levels after it and
    the food and fur gained (they go to Future Resources)."""

    wounds: int  # the player fighting
    each_wounds: int  # each player (a Palisade level lacking)
    weapon: int
    palisade: int
    food: int
    fur: int
    steps: tuple  # messages


def _amount(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"The {name} must be a whole number, not {value!r}.")
    if value < 0:
        raise RuleError(f"The {name} cannot be negative ({value}).")
    return value


def fight_beast(*, strength: int, weapon: int, weapon_loss: int = 0, food: int = 0,
                fur: int = 0, palisade_loss: int = 0, palisade: int = 0) -> BeastFight:
    """Fight a Beast of ``strength`` with the camp's ``weapon`` level, in the card's order.

    ``weapon_loss``, ``food``, ``fur`` and ``palisade_loss`` are read off the Beast card;
    ``palisade`` is the camp's Palisade level (0 without a Shelter).
    """
    strength = _amount("Beast's strength", strength)
    weapon = _amount("Weapon level", weapon)
    weapon_loss = _amount("Weapon loss", weapon_loss)
    food, fur = _amount("food", food), _amount("fur", fur)
    palisade_loss = _amount("Palisade loss", palisade_loss)
    palisade = _amount("Palisade level", palisade)
    steps: list = []

    lacking = max(0, strength - weapon)
    steps.append(_("Strength {strength} against Weapon {weapon}: {levels} lacking, the player "
                   "fighting takes {wounds}.", strength=strength, weapon=weapon,
                   levels=levels(lacking), wounds=wounds_of(lacking)) if lacking else
                 _("Strength {strength} against Weapon {weapon}: no Wound.", strength=strength,
                   weapon=weapon))
    wounds = lacking

    weapon_after = max(0, weapon - weapon_loss)
    weapon_short = weapon_loss - (weapon - weapon_after)
    if weapon_loss:
        steps.append(_("Weapon -{loss}: {old} to {new}; {levels} below 0, so the player "
                       "fighting takes {wounds}.", loss=weapon_loss, old=weapon,
                       new=weapon_after, levels=levels(weapon_short),
                       wounds=wounds_of(weapon_short)) if weapon_short else
                     _("Weapon -{loss}: {old} to {new}.", loss=weapon_loss, old=weapon,
                       new=weapon_after))
        wounds += weapon_short

    steps.append(_("Gain {food} food and {fur} fur into Future Resources (usable once the "
                   "Action phase ends).", food=food, fur=fur) if food or fur else
                 _("No food or fur on this card."))

    palisade_after = max(0, palisade - palisade_loss)
    palisade_short = palisade_loss - (palisade - palisade_after)
    if palisade_loss:
        steps.append(_("Palisade -{loss}: {old} to {new}; {levels} below 0, so each player "
                       "takes {wounds}.", loss=palisade_loss, old=palisade,
                       new=palisade_after, levels=levels(palisade_short),
                       wounds=wounds_of(palisade_short)) if palisade_short else
                     _("Palisade -{loss}: {old} to {new}.", loss=palisade_loss, old=palisade,
                       new=palisade_after))
    steps.append(_("Apply the card's other effects by hand, then discard it."))
    return BeastFight(wounds, palisade_short, weapon_after, palisade_after, food, fur,
                      tuple(steps))
