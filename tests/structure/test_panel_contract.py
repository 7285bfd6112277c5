"""The panel contract lives in GamePanel (issue 37): the screens call its methods directly, so
a panel method whose name is one slip from a contract name would be a feature never called."""
from __future__ import annotations

import difflib

from views.games import found
from views.games.base import GamePanel

CONTRACT = {n for n in vars(GamePanel) if not n.startswith("_")}
# the contract before panels declared their inputs: such a method is never called now
RETIRED = {"signature"}


def test_panels_are_game_panels_and_spell_the_contract():
    slips = []
    for key, screens in found().items():
        for panel in (screens.TablePanel, screens.PhonePanel):
            assert issubclass(panel, GamePanel), f"{key}: {panel.__name__} is no GamePanel"
            for cls in panel.__mro__:
                for name in vars(cls):
                    assert name not in RETIRED, (
                        f"{key}: {cls.__name__}.{name} is no longer called: a panel draws from "
                        "its inputs (``inputs`` and ``draw(shown)``)")
                    near = difflib.get_close_matches(name, CONTRACT, n=1, cutoff=0.75)
                    if near and near[0] != name and not name.startswith("_"):
                        slips.append(f"{key}: {cls.__name__}.{name} (meant {near[0]}?)")
    assert not slips, "panel methods one slip from the contract:\n" + "\n".join(slips)
