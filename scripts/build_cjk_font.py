"""Build the bundled Simplified-Chinese font: a subset of Noto Sans CJK SC (SIL Open Font License 1.1).

Build-time only (the app never runs this, nor installs anything): it needs fontTools (``pip install
fonttools``) and the Debian package ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``), whose
``NotoSansCJK-{Regular,Bold}.ttc`` hold Noto Sans CJK SC (upstream: the googlefonts/noto-cjk project,
release 2.004 as packaged by Debian as 1:20220127+repack1-1).

The subset keeps every character of the GB 2312 repertoire (the 6,763 hanzi and the symbols every
Chinese system font covers, read from Python's own ``gb2312`` codec), every character of the shipped
``.ts`` translations, ASCII, Latin-1, general punctuation, CJK symbols and punctuation and the
full-width forms. Outlines are converted from CFF to TrueType (quadratic) curves because Qt's PDF
writer embeds TrueType subsets (``/FontFile2``). The family is renamed so that an installed Noto
never shadows the bundled face ("Noto" is not a reserved font name of this release's licence; the
reserved name is "Source").

    .venv/bin/python scripts/build_cjk_font.py [--source-dir /usr/share/fonts/opentype/noto]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

REPO = Path(__file__).resolve().parent.parent
FONT_DIR = REPO / "planner_gui" / "resources" / "fonts"
TRANSLATIONS = REPO / "planner_gui" / "resources" / "i18n"
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
FAMILY = "Noto Sans SC Bundled"  # what the app asks Qt for (report/render/fonts.py BUNDLED_CJK_FAMILY)
STYLES = {"Regular": "NotoSansSCBundled-Regular.ttf", "Bold": "NotoSansSCBundled-Bold.ttf"}
SC_FACE = "Noto Sans CJK SC"
LATIN_ASCENT_EM, LATIN_DESCENT_EM = 1901 / 2048, 483 / 2048  # DejaVu Sans's hhea ascent and descent
MAX_ERROR_EM = 1.0 / 1000  # cubic-to-quadratic tolerance: a thousandth of the em, invisible at print sizes
RANGES = (
    (0x20, 0x7E),  # ASCII
    (0xA0, 0xFF),  # Latin-1
    (0x2000, 0x206F),  # general punctuation
    (0x2100, 0x214F),  # letterlike symbols (℃, №)
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators (≤, ≥, ×)
    (0x2460, 0x24FF),  # enclosed numbers
    (0x2500, 0x25FF),  # box drawing, shapes (□ is the missing-glyph mark)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)


def gb2312_code_points() -> set[int]:
    """Every character Python's gb2312 codec decodes: rows 0xA1-0xF7, cells 0xA1-0xFE."""
    points: set[int] = set()
    for row in range(0xA1, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                points.add(ord(bytes((row, cell)).decode("gb2312")))
            except UnicodeDecodeError:
                continue
    return points


def translation_code_points() -> set[int]:
    text = "".join(p.read_text(encoding="utf-8") for p in TRANSLATIONS.glob("*.ts"))
    return {ord(c) for c in text if ord(c) > 0x7F and not re.match(r"\s", c)}


def wanted_code_points() -> set[int]:
    points = gb2312_code_points() | translation_code_points()
    for low, high in RANGES:
        points.update(range(low, high + 1))
    return points


def sc_face(collection: Path) -> TTFont:
    for font in TTCollection(str(collection)).fonts:
        if font["name"].getDebugName(1) == SC_FACE:
            return font
    sys.exit(f"{collection} holds no '{SC_FACE}' face; install the Debian package fonts-noto-cjk")


def to_truetype(font: TTFont) -> None:
    """Replace the CFF outlines with quadratic glyf outlines (after fontTools' otf2ttf snippet)."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    max_error = font["head"].unitsPerEm * MAX_ERROR_EM
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_error, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    maxp.numGlyphs = len(order)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    font.recalcBBoxes = True


def latin_metrics(font: TTFont) -> None:
    """Ascent and descent of a Latin face (DejaVu Sans: 0.928 / 0.236 em) instead of the CJK face's 1.16 / 0.288.

    A line mixing Chinese with Latin text then sits on the same baseline, with the same height, as a Latin
    line: with the CJK metrics every table row holding Chinese grew and its text sat ~1.5 pt low. The
    ideographs (the em box 0.88 / -0.12) still fit inside.
    """
    em = font["head"].unitsPerEm
    ascent, descent = round(LATIN_ASCENT_EM * em), round(LATIN_DESCENT_EM * em)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, -descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, descent


def rename(font: TTFont, style: str) -> None:
    names = font["name"]
    postscript = f"{FAMILY.replace(' ', '')}-{style}"
    for record_id, value in ((1, FAMILY), (2, style), (3, postscript), (4, f"{FAMILY} {style}"),
                             (6, postscript), (16, FAMILY), (17, style)):
        names.removeNames(nameID=record_id)
        names.setName(value, record_id, 3, 1, 0x409)
        names.setName(value, record_id, 1, 0, 0)


def build(source_dir: Path, style: str, target: Path) -> None:
    font = sc_face(source_dir / f"NotoSansCJK-{style}.ttc")
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence records (OFL condition 2)
    options.name_languages = ["*"]
    options.layout_features = ["kern"]  # horizontal text only: no vertical or localised alternates
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted_code_points())
    subsetter.subset(font)
    to_truetype(font)
    latin_metrics(font)
    rename(font, style)
    font.save(str(target))
    print(f"{target.relative_to(REPO)}: {len(font.getGlyphOrder())} glyphs, {target.stat().st_size / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR)
    args = parser.parse_args()
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    for style, name in STYLES.items():
        build(args.source_dir, style, FONT_DIR / name)


if __name__ == "__main__":
    main()
