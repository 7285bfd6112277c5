"""The icon font the phones get holds every icon the screens name.

The host serves MaterialIcons cut to the icons used (build/icons.py: 1.26 MB -> 8 KB); an icon
missing from the cut would draw as an empty box on every screen that shows it.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("icons", ROOT / "build" / "icons.py")
icons = importlib.util.module_from_spec(spec)
spec.loader.exec_module(icons)


def test_the_screens_name_icons_and_each_is_a_glyph_of_flets_font():
    used = icons.used_icons()
    assert {"casino", "how_to_vote", "check"} <= used  # the scan finds what screens name
    assert set(icons.codepoints(icons.full_font(), used)) == used


def test_every_icon_the_screens_name_is_in_the_served_font():
    served = set(TTFont(icons.SUBSET).getBestCmap())
    wanted = icons.codepoints(icons.full_font(), icons.used_icons() | icons.FRAMEWORK)
    missing = sorted(name for name, cp in wanted.items() if cp not in served)
    assert not missing, f"run python build/icons.py: {missing} are not in the served font"


def test_the_served_font_is_the_cut_one():
    assert icons.SUBSET.stat().st_size < 50_000 < icons.full_font().stat().st_size
