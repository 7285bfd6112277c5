"""Issue 33, items 4 and 6: a seat's chip says whether its phone is connected by shape and
word as well as colour, and a screen reader hears the player once ("Ana: connected"), not the
avatar's initial first. The chips are built headless; what a reader hears is walked as
Flutter's semantics walks it (an excluded subtree says nothing)."""
from __future__ import annotations

import flet as ft

from views.widgets import player_chip

STATES = ("connected", "not connected", "seat free")


def children(control) -> list:
    kids = list(getattr(control, "controls", None) or [])
    content = getattr(control, "content", None)
    return kids + ([content] if isinstance(content, ft.Control) else [])


def walk(control, heard: bool = True):
    """(control, read out?) for every control under ``control``; an excluding Semantics is
    read (its label), what it holds is not."""
    yield control, heard
    inner = heard and not (isinstance(control, ft.Semantics) and control.exclude_semantics)
    for child in children(control):
        yield from walk(child, inner)


def marks(chip) -> tuple:
    """What a person sees besides the name, colours left out: icons' shapes and words."""
    return tuple((c.icon if isinstance(c, ft.Icon) else c.value) for c, _ in walk(chip)
                 if isinstance(c, ft.Icon) or (isinstance(c, ft.Text) and c.value != "Ana"))


def heard(chip) -> list[str]:
    return [label for c, read in walk(chip) if read for label in [semantics_label(c)] if label]


def semantics_label(c) -> str | None:
    if isinstance(c, ft.Semantics):
        return c.label
    return (c.semantics_label or c.value) if isinstance(c, ft.Text) else None


def test_each_connection_state_has_its_own_shape_or_word_not_only_a_colour():
    seen = {state: marks(player_chip("Ana", 0, state=state, size=24)) for state in STATES}
    assert len(set(seen.values())) == len(STATES), seen
    assert "away" in seen["not connected"]


def test_a_reader_hears_the_player_and_the_state_once():
    for state in STATES:
        assert heard(player_chip("Ana", 0, state=state, size=24)) == [f"Ana: {state}"]
    assert heard(player_chip("Ana", 0)) == ["Ana"]  # a phone's own chip: the name alone
    assert heard(player_chip("Ana", 0, state="connected", note="shared device")) == \
        ["Ana: connected, shared device"]
