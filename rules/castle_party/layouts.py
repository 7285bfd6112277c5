"""The default whiteboard layouts: an APPROXIMATION of the printed boards.

The real whiteboard's grid (its size, the squares in front of the windows, the drawbridge, the
moat, the Rave gathering points) exists only as printed art and no text gives it. These
defaults are plausible stand-ins: a castle of 9 by 8 squares with ten window squares, a moat two
squares wide all around (room for the parts of groups left outside; a group may hang further,
past the edge of the board, and those guests are in the moat too) and a drawbridge of 3 by 2
squares in front of the gate. On the Rave side each gathering point covers 5 squares (it scores
at most 4). A table replaces them with its own board through the ``layout`` setup option.
"""
from __future__ import annotations

APPROXIMATION_NOTE = (
    "The castle grid is an approximation of the printed whiteboard (no text gives the real one): "
    "the table can replace it with its own board's layout."
)

BASIC_LAYOUT = """
~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
~ ~ . ^ . ^ . ^ . ^ . ~ ~
~ ~ . . . . . . . . . ~ ~
~ ~ ^ . . . . . . . ^ ~ ~
~ ~ . . . . . . . . . ~ ~
~ ~ . . . . . . . . . ~ ~
~ ~ ^ . . . . . . . ^ ~ ~
~ ~ . . . . . . . . . ~ ~
~ ~ . . . ^ . ^ . . . ~ ~
~ ~ ~ ~ ~ = = = ~ ~ ~ ~ ~
~ ~ ~ ~ ~ = = = ~ ~ ~ ~ ~
"""
"""The basic side (approximation)."""

RAVE_LAYOUT = """
~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
~ ~ f ^ . ^ . ^ . ^ w ~ ~
~ ~ f f . s s s . w w ~ ~
~ ~ ^ f . . s . . w ^ ~ ~
~ ~ f . . . s . . . w ~ ~
~ ~ . . . . . . . . . ~ ~
~ ~ ^ . . . . . . . ^ ~ ~
~ ~ v v . . . . . g g ~ ~
~ ~ v v v ^ . ^ g g g ~ ~
~ ~ ~ ~ ~ = = = ~ ~ ~ ~ ~
~ ~ ~ ~ ~ = = = ~ ~ ~ ~ ~
"""
"""The Rave side (approximation): Wall of speakers (f) top left, DJ (s) top centre, Hors
d'oeuvres table (w) top right, Punch (v) bottom left, Mirrored ball (g) bottom right."""

DEFAULT_LAYOUTS = {"basic": BASIC_LAYOUT, "rave": RAVE_LAYOUT}
