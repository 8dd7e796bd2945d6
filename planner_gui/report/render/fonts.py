"""Fonts for the PDF: a Latin family, a monospaced one and the bundled Simplified-Chinese family.

Chinese proposals need a font with Simplified Chinese glyphs; the package ships one (a subset of
Noto Sans CJK SC under the SIL Open Font License, resources/fonts, built by scripts/build_cjk_font.py)
so a Chinese proposal looks the same on every machine, with or without a system CJK font. Qt embeds
whatever font draws the text, so the PDF is portable. Latin text and digits are always set in the Latin
family first (the CJK family only fills in what it lacks): Noto Sans CJK's cmap maps control
characters and digits onto shared glyphs, and Qt's ToUnicode table then makes digits unextractable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from PySide6.QtGui import QFont, QFontDatabase, QRawFont

from planner_gui.i18n.fonts import BUNDLED_CJK_FAMILY, register_bundled_fonts
from planner_gui.model.messages import QT_TRANSLATE_NOOP

# Families tried in order; the first installed one wins. The bundled face comes first so that the output
# is the same on every machine; the others only matter if the package's font files were removed.
CJK_CANDIDATES = (
    BUNDLED_CJK_FAMILY,
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Microsoft YaHei",
    "PingFang SC",
    "Heiti SC",
    "SimHei",
    "Sarasa Gothic SC",
    "Droid Sans Fallback",
    "Noto Serif CJK SC",
    "AR PL UMing CN",
    "SimSun",
)
LATIN_CANDIDATES = ("DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica")
MONO_CANDIDATES = (
    "DejaVu Sans Mono",
    "Liberation Mono",
    "Noto Sans Mono",
    "Consolas",
    "Menlo",
    "Courier New",
)
NO_LIGATURES = ("liga", "clig", "dlig")  # OpenType standard, contextual and discretionary ligatures
LAYOUT_CHARS = "\n\t\u2028"  # line breaks and tabs: never drawn, never replaced
MISSING_GLYPH = "□"  # U+25A1, drawn for a character none of the fonts has (an emoji without an emoji font)
NO_CJK_FONT_ERROR = QT_TRANSLATE_NOOP(
    "Report", "cannot write the Chinese proposal: its font {path} is missing or unreadable and no other Chinese "
              "font is installed; reinstall Cluster Planner (or install a Chinese font) and export again")
UNDRAWABLE_WARNING = QT_TRANSLATE_NOOP(
    "Report", "some characters of the design cannot be drawn by any font and print as {box}: {chars}")


class Role(StrEnum):
    BODY = "body"
    SMALL = "small"
    LEAD = "lead"
    CODE = "code"
    TABLE = "table"
    TABLE_HEAD = "table_head"
    H1 = "h1"
    H2 = "h2"
    H3 = "h3"
    TITLE = "title"
    SUBTITLE = "subtitle"
    RUNNING = "running"  # header and footer


# (point size, bold, monospaced) per role: sizes of a typical technical proposal on A4 / Letter.
ROLE_STYLE: dict[Role, tuple[float, bool, bool]] = {
    Role.BODY: (9.5, False, False),
    Role.SMALL: (7.5, False, False),
    Role.LEAD: (11.0, False, False),
    Role.CODE: (7.5, False, True),
    Role.TABLE: (7.5, False, False),
    Role.TABLE_HEAD: (7.5, True, False),
    Role.H1: (17.0, True, False),
    Role.H2: (12.0, True, False),
    Role.H3: (10.0, True, False),
    Role.TITLE: (26.0, True, False),
    Role.SUBTITLE: (13.0, False, False),
    Role.RUNNING: (7.0, False, False),
}


def find_cjk_family(candidates: tuple[str, ...] = CJK_CANDIDATES) -> str | None:
    """The first installed family with Simplified Chinese glyphs, or None (always None for no candidates:
    callers and tests use that to ask for the no-CJK-font path)."""
    if not candidates:
        return None
    register_bundled_fonts()
    installed = set(QFontDatabase.families())
    for name in candidates:
        if name in installed:
            return name
    chinese = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    return chinese[0] if chinese else None


def _first_installed(candidates: tuple[str, ...], fallback: QFontDatabase.SystemFont) -> str:
    installed = set(QFontDatabase.families())
    return next((n for n in candidates if n in installed), QFontDatabase.systemFont(fallback).family())


@dataclass(frozen=True)
class FontSet:
    latin: str
    mono: str
    cjk: str | None
    _covered: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)
    _raws: list[QRawFont] = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def detect(cls, cjk_candidates: tuple[str, ...] = CJK_CANDIDATES) -> FontSet:
        return cls(
            _first_installed(LATIN_CANDIDATES, QFontDatabase.SystemFont.GeneralFont),
            _first_installed(MONO_CANDIDATES, QFontDatabase.SystemFont.FixedFont),
            find_cjk_family(cjk_candidates),
        )

    def printable(self, text: str, undrawn: set[str] | None = None) -> str:
        """``text`` with every character no font of the set can draw replaced by a box (each one added to
        ``undrawn`` when given, so the caller can say which).

        Qt would otherwise fall back to any installed font: a colour emoji font embeds bitmaps (the
        PDF must stay vector), and with no font at all the glyph extracts as NUL.
        """
        if text.isascii():
            return text
        out = []
        for c in text:
            if self._covers(c):
                out.append(c)
            else:
                out.append(MISSING_GLYPH)
                if undrawn is not None:
                    undrawn.add(c)
        return "".join(out)

    def _covers(self, char: str) -> bool:
        known = self._covered.get(char)
        if known is None:
            if not self._raws:
                self._raws.extend(QRawFont.fromFont(QFont(f)) for f in (self.latin, self.cjk) if f)
            # The UCS-4 overload: PySide turns a one-character str into a wrong QChar for some code points.
            known = char in LAYOUT_CHARS or any(raw.supportsCharacter(ord(char)) for raw in self._raws)
            self._covered[char] = known
        return known

    def font(self, role: Role, scale: float = 1.0) -> QFont:
        size, bold, mono = ROLE_STYLE[role]
        families = [self.mono if mono else self.latin]
        if self.cjk:
            families.append(self.cjk)  # fills in Chinese characters the Latin family lacks
        font = QFont()
        font.setFamilies(families)
        font.setPointSizeF(size * scale)
        font.setBold(bold)
        # Glyph advances at the writer's resolution, unrounded: text measures the same as it prints.
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        font.setKerning(True)
        # No ligatures: Qt's ToUnicode table would give "ﬁ" (U+FB01) for the glyph, so searching or
        # copying "InfiniBand" out of the PDF would fail.
        for tag in NO_LIGATURES:
            font.setFeature(QFont.Tag(tag), 0)
        return font
