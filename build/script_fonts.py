"""Cut the fonts that draw players' names in scripts Roboto lacks, and list what every font draws.

    python build/script_fonts.py

Flet's client draws text with Roboto (Latin, Greek, Cyrillic). For any other letter, Flutter
fetches a Noto font by name from the host (companion/static.py answers those requests with the
files made here), so the files are cut to names' letters, and written, committed, to
``companion/web/assets/fonts/names-<script>.woff2`` with the fonts' licence (OFL.txt beside
them). ``companion/drawable.py`` (generated, committed) lists the code points each file and
Roboto draw: the door refuses a name with any other, and the host knows which file a Noto
request is for.

Sources: Debian's fonts-noto-core and fonts-noto-cjk (``apt-get install fonts-noto-core
fonts-noto-cjk``); only this script needs them. Chinese, Japanese and Korean come from one
file, cut to the common characters (GB 2312 level 1 hanzi, JIS X 0208 level 1 kanji, KS X 1001
hangul syllables, kana).
"""
from __future__ import annotations

import gzip
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
FONTS = ROOT / "companion" / "web" / "assets" / "fonts"
DRAWABLE = ROOT / "companion" / "drawable.py"
NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FACE = 2  # Noto Sans CJK SC inside the collection
OFL_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")


def block(first: int, last: int) -> set[int]:
    return set(range(first, last + 1))


def legacy_set(codec: str, rows: range, cells: range = range(0xA1, 0xFF)) -> set[int]:
    """The characters of a legacy double-byte set's rows (EUC form), as code points."""
    out = set()
    for row in rows:
        for cell in cells:
            try:
                out.update(map(ord, bytes([row, cell]).decode(codec)))
            except UnicodeDecodeError:
                pass
    return out


def cjk_letters() -> set[int]:
    hanzi = legacy_set("gb2312", range(0xB0, 0xD8))      # level 1: rows 16-55
    kanji = legacy_set("euc_jp", range(0xB0, 0xD0))      # level 1: rows 16-47
    hangul = legacy_set("euc_kr", range(0xB0, 0xC9))     # the 2,350 syllables: rows 16-40
    kana = block(0x3041, 0x3096) | block(0x309B, 0x309E) | block(0x30A1, 0x30FE)
    marks = {0x3005, 0x3006, 0x3007}  # 々 (佐々木), 〆, 〇
    return hanzi | kanji | hangul | kana | marks


# Other scripts people's names are written in today, each drawn by one Noto Sans font that
# Flutter's fallback table asks for by name (Tibetan: Noto Serif Tibetan): the script's
# Unicode blocks (letters, marks, digits; the extension blocks names use).
LIVING = {
    "Armenian": [(0x0531, 0x058F), (0xFB13, 0xFB17)],
    "Georgian": [(0x10A0, 0x10FF), (0x1C90, 0x1CBF), (0x2D00, 0x2D2F)],
    "Ethiopic": [(0x1200, 0x139F), (0x2D80, 0x2DDF), (0xAB01, 0xAB2E)],
    "Bengali": [(0x0980, 0x09FF)],
    "Gurmukhi": [(0x0A00, 0x0A7F)],
    "Gujarati": [(0x0A80, 0x0AFF)],
    "Oriya": [(0x0B00, 0x0B7F)],
    "Tamil": [(0x0B80, 0x0BFF)],
    "Telugu": [(0x0C00, 0x0C7F)],
    "Kannada": [(0x0C80, 0x0CFF)],
    "Malayalam": [(0x0D00, 0x0D7F)],
    "Sinhala": [(0x0D80, 0x0DFF)],
    "Lao": [(0x0E80, 0x0EFF)],
    "Tibetan": [(0x0F00, 0x0FFF)],
    "Myanmar": [(0x1000, 0x109F), (0xAA60, 0xAA7F), (0xA9E0, 0xA9FF)],
    "Khmer": [(0x1780, 0x17FF), (0x19E0, 0x19FF)],
    "Syriac": [(0x0700, 0x074F), (0x0860, 0x086F)],
    "Thaana": [(0x0780, 0x07BF)],
    "Cherokee": [(0x13A0, 0x13FF), (0xAB70, 0xABBF)],
    "Mongolian": [(0x1800, 0x18AF)],
    "Canadian Aboriginal": [(0x1400, 0x167F), (0x18B0, 0x18FF)],
    "Tifinagh": [(0x2D30, 0x2D7F)],
    "NKo": [(0x07C0, 0x07FF)],
    "Adlam": [(0x1E900, 0x1E95F)],
    "Ol Chiki": [(0x1C50, 0x1C7F)],
    "Vai": [(0xA500, 0xA63F)],
    "Yi": [(0xA000, 0xA4CF)],
}


def noto(script: str, *blocks: tuple[int, int]):
    stem = script.lower().replace(" ", "")
    family = "NotoSerif" if script == "Tibetan" else "NotoSans"
    source = NOTO / f"{family}{script.replace(' ', '')}-Regular.ttf"
    return (stem, source, None, set().union(*(block(a, b) for a, b in blocks)))


# script as the door names it -> (file stem, source font, collection face, code points)
SCRIPTS = {
    "Arabic": ("arabic", NOTO / "NotoSansArabic-Regular.ttf", None,
               block(0x0600, 0x06FF) | block(0x0750, 0x077F)),
    "Hebrew": ("hebrew", NOTO / "NotoSansHebrew-Regular.ttf", None, block(0x0591, 0x05F4)),
    "Devanagari": ("devanagari", NOTO / "NotoSansDevanagari-Regular.ttf", None,
                   block(0x0900, 0x097F)),
    "Thai": ("thai", NOTO / "NotoSansThai-Regular.ttf", None, block(0x0E01, 0x0E5B)),
    **{script: noto(script, *blocks) for script, blocks in LIVING.items()},
    "Chinese, Japanese and Korean": ("cjk", NOTO_CJK, CJK_FACE, cjk_letters()),
}


def load(path: Path, face: int | None) -> TTFont:
    return TTCollection(path).fonts[face] if face is not None else TTFont(path)


def cut(font: TTFont, wanted: set[int], out: Path) -> set[int]:
    """Write the woff2 of ``font`` kept to ``wanted`` (with its shaping rules); what it draws."""
    kept = wanted & set(font.getBestCmap())
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]  # Arabic joining, Devanagari conjuncts, Thai marks
    options.name_IDs = ["*"]  # keeps the copyright and licence names
    options.notdef_outline = True
    options.hinting = False  # drawn by Skia unhinted at every size
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=kept)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(out)
    return kept


def ranges(points: set[int]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for cp in sorted(points):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [tuple(r) for r in out]


def roboto_points() -> set[int]:
    import flet_web

    path = Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "roboto.woff2"
    return set(TTFont(path).getBestCmap())


def write_drawable(drawn: dict[str, tuple[str | None, set[int]]]) -> None:
    lines = ['"""Generated by build/script_fonts.py: do not edit.', "",
             "What the fonts of the table's screens draw: per script, the font file served for it",
             '(None: Roboto, always loaded) and the code points it draws, as inclusive ranges."""',
             "", "DRAWN = {"]
    for script, (file, points) in drawn.items():
        lines.append(f"    {script!r}: ({file!r}, (")
        pairs = [f"({a:#x}, {b:#x})," for a, b in ranges(points)]
        for i in range(0, len(pairs), 6):
            lines.append("        " + " ".join(pairs[i:i + 6]))
        lines.append("    )),")
    lines.append("}")
    DRAWABLE.write_text("\n".join(lines) + "\n")


def licence(fonts: list[TTFont]) -> str:
    notices = sorted({f["name"].getDebugName(0) for f in fonts if f["name"].getDebugName(0)})
    text = OFL_SOURCE.read_text()
    end = "OTHER DEALINGS IN THE FONT SOFTWARE."
    ofl = text[text.index("SIL OPEN FONT LICENSE"):text.index(end) + len(end)]
    # Debian's copyright format: one space of indent, a lone " ." for an empty line
    ofl = "\n".join("" if line == " ." else line[1:] if line.startswith(" ") else line
                    for line in ofl.splitlines())
    return ("The names-*.woff2 fonts are cut from Noto fonts (Debian fonts-noto-core and\n"
            "fonts-noto-cjk) by build/script_fonts.py.\n\n" + "\n".join(notices) + "\n\n" + ofl)


def main() -> None:
    drawn: dict[str, tuple[str | None, set[int]]] = {
        "Latin, Greek and Cyrillic": (None, roboto_points())}
    sources = []
    for script, (stem, path, face, wanted) in SCRIPTS.items():
        font = load(path, face)
        sources.append(load(path, face))
        out = FONTS / f"names-{stem}.woff2"
        kept = cut(font, wanted, out)
        drawn[script] = (out.name, kept)
        unassigned = [cp for cp in wanted - kept if unicodedata.category(chr(cp)) != "Cn"]
        print(f"{out.name}: {len(kept)} characters, {out.stat().st_size / 1e3:.0f} KB"
              + (f" ({len(unassigned)} asked for are not in the font)" if unassigned else ""))
    (FONTS / "OFL.txt").write_text(licence(sources))
    write_drawable(drawn)
    print(f"wrote {DRAWABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
