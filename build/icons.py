"""Cut Flet's MaterialIcons font (1.26 MB, 469 KB gzipped, on every first join) down to the
icons the screens use: ``python build/icons.py`` writes
``companion/web/assets/fonts/MaterialIcons-Regular.otf``, which the host serves instead.

Run it again after a screen starts using another icon; tests/views/test_icons.py fails until
then. Flet sends an icon as Flutter's ``Icons.<name>``, whose glyph in the font is named
``<name>_baseline`` (the filled style; ``<name>_outlined`` and the like are their own glyphs).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUBSET = ROOT / "companion" / "web" / "assets" / "fonts" / "MaterialIcons-Regular.otf"
# Icons Flutter's own widgets draw (a sorted DataTable column, a password field's eye, a back
# arrow, a dropdown): kept although no screen names them.
FRAMEWORK = {"arrow_upward", "arrow_downward", "arrow_back", "arrow_back_ios",
             "arrow_drop_down", "expand_more", "expand_less", "close", "more_vert", "menu",
             "visibility", "visibility_off", "clear", "check", "cancel", "error", "warning",
             "info"}
VARIANTS = ("_outlined", "_outline", "_rounded", "_sharp")


def full_font() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "MaterialIcons-Regular.otf"


def used_icons(folders=("views", "companion")) -> set[str]:
    """Every ``Icons.NAME`` the code names, in Flutter's lower-case spelling."""
    found = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            found |= {m.lower() for m in re.findall(r"\bIcons\.([A-Z][A-Z0-9_]*)\b",
                                                      path.read_text(encoding="utf-8"))}
    return found


def glyph_name(icon: str) -> str:
    return icon if icon.endswith(VARIANTS) else f"{icon}_baseline"


def codepoints(font_path: Path, icons: set[str]) -> dict[str, int]:
    """Each icon's code point in the font (an icon the font lacks is left out)."""
    from fontTools.ttLib import TTFont

    by_glyph = {name: cp for cp, name in TTFont(font_path).getBestCmap().items()}
    return {icon: by_glyph[glyph_name(icon)] for icon in icons if glyph_name(icon) in by_glyph}


def main() -> None:
    from fontTools import subset

    icons = used_icons() | FRAMEWORK
    points = codepoints(full_font(), icons)
    missing = sorted(icons - set(points))
    if missing:
        sys.exit(f"not in Flet's MaterialIcons font: {', '.join(missing)}")
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the licence and names
    options.notdef_outline = True
    options.layout_features = []
    font = subset.load_font(str(full_font()), options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(points.values()) + [0x20])
    sub.subset(font)
    SUBSET.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(SUBSET), options)
    print(f"{len(points)} icons: {full_font().stat().st_size / 1e3:.0f} KB -> "
          f"{SUBSET.stat().st_size / 1e3:.1f} KB ({SUBSET.relative_to(ROOT)})")


if __name__ == "__main__":
    main()
