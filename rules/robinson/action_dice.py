"""Rolling Action Dice: one pawn on Gathering, Exploration or Building rolls the Wound, Success
and Adventure dice, "Resolve them in that order"."""
from __future__ import annotations

from dataclasses import dataclass

from rules import RuleError
from rules.words import Speaker

from .data import BUILD_WOUND_FACES

# Robinson Crusoe's catalog (rules/robinson/locale/<lang>/LC_MESSAGES/robinson.po)
_ = Speaker("robinson", "rules.robinson")

ACTIONS = ("gather", "explore", "build")
ACTION_TITLES = {"gather": "Gathering Resources", "explore": "Exploration", "build": "Building"}

SUCCEEDS = {"gather": _("Success die: Gathering Resources succeeds."),
            "explore": _("Success die: Exploration succeeds."),
            "build": _("Success die: Building succeeds.")}
FAILS = {"gather": _("Success die: Gathering Resources fails, but gain 2 Determination tokens "
                     "instead."),
         "explore": _("Success die: Exploration fails, but gain 2 Determination tokens "
                      "instead."),
         "build": _("Success die: Building fails, but gain 2 Determination tokens instead.")}
ADVENTURE = {"gather": _("Adventure die: draw a card from the Gathering Resources Adventure deck "
                         "and resolve it."),
             "explore": _("Adventure die: draw a card from the Exploration Adventure deck and "
                          "resolve it."),
             "build": _("Adventure die: draw a card from the Building Adventure deck and "
                        "resolve it.")}
"""The three Actions' dice, each a whole sentence (the Action agrees in every language)."""

HITS = {"gather": (1, 5, 3), "explore": (3, 5, 5), "build": (None, 4, 3)}
"""(wound faces, success faces, adventure faces) out of 6; Build's wound die is an option."""


@dataclass(frozen=True)
class ActionDice:
    """The three dice of one action, each as its six faces (hits first).

    Wound die: "Wound" or "blank". Success die: "Success" or "Determination" (the failed face:
    "unsuccessful, but you gain 2 Determination tokens instead"). Adventure die: "Adventure" or
    "blank".
    """

    action: str
    wound: tuple[str, ...]
    success: tuple[str, ...]
    adventure: tuple[str, ...]


def faces_of(hits: int, hit: str, miss: str) -> tuple[str, ...]:
    return (hit,) * hits + (miss,) * (6 - hits)


def action_dice(action: str, *, build_wound_faces: int = 2) -> ActionDice:
    """The Wound, Success and Adventure dice of ``action`` (gather, explore or build).

    Gather: Wound 1 of 6, Success 5 of 6, Adventure 3 of 6. Explore: 3, 5, 5. Build: Wound
    2 or 4 of 6 (unconfirmed, ``build_wound_faces``), Success 4, Adventure 3.
    """
    if action not in HITS:
        raise RuleError(_("Action dice are rolled for gather, explore or build, not {action}.",
                          action=repr(action)))
    if build_wound_faces not in BUILD_WOUND_FACES or isinstance(build_wound_faces, bool):
        raise RuleError(_("The Build Wound die has 2 or 4 Wound faces (the sources disagree), "
                          "not {faces}.", faces=repr(build_wound_faces)))
    wound, success, adventure = HITS[action]
    if wound is None:
        wound = build_wound_faces
    return ActionDice(action,
                      faces_of(wound, "Wound", "blank"),
                      faces_of(success, "Success", "Determination"),
                      faces_of(adventure, "Adventure", "blank"))


@dataclass(frozen=True)
class ActionDiceResult:
    """The three action dice resolved "in that order": Wound, then Success, then Adventure."""

    action: str
    wound: bool  # the acting character takes 1 Wound
    success: bool
    determination: int  # 2 when the Success die fails, else 0
    adventure: bool  # draw a card from the action's Adventure deck
    steps: tuple  # messages


FACE_REFUSAL = {  # each die a whole sentence
    "Wound": lambda v: _("A face of the Wound die is numbered 0 to 5, not {value}.", value=v),
    "Success": lambda v: _("A face of the Success die is numbered 0 to 5, not {value}.",
                           value=v),
    "Adventure": lambda v: _("A face of the Adventure die is numbered 0 to 5, not {value}.",
                             value=v),
}


def face_index(die: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise RuleError(FACE_REFUSAL[die](repr(value)))
    return value


def resolve_action_dice(action: str, *, wound: int, success: int, adventure: int,
                        build_wound_faces: int = 2) -> ActionDiceResult:
    """Resolve one pawn's action dice from the three face indices (0…5) rolled or read off.

    "Resolve Wound, then Success, then Adventure. A failed Success die gives 2 Determination
    tokens." The outcomes are independent; all three are resolved.
    """
    dice = action_dice(action, build_wound_faces=build_wound_faces)
    hurt = dice.wound[face_index("Wound", wound)] == "Wound"
    ok = dice.success[face_index("Success", success)] == "Success"
    adv = dice.adventure[face_index("Adventure", adventure)] == "Adventure"
    steps = (
        _("Wound die: 1 Wound.") if hurt else _("Wound die: blank, no Wound."),
        SUCCEEDS[action] if ok else FAILS[action],
        ADVENTURE[action] if adv else _("Adventure die: blank, no Adventure."),
    )
    return ActionDiceResult(action, hurt, ok, 0 if ok else 2, adv, steps)
