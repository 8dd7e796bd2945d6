"""Fonts for the PDF: a Latin family, a monospaced one and, when installed, a CJK family.

Chinese proposals need a font with Simplified Chinese glyphs; Qt embeds whatever font draws the
text, so the PDF is portable once one is found. Latin text and digits are always set in the Latin
family first (the CJK family only fills in what it lacks): Noto Sans CJK's cmap maps control
characters and digits onto shared glyphs, and Qt's ToUnicode table then makes digits unextractable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from PySide6.QtGui import QFont, QFontDatabase, QRawFont

# Families tried in order; the first installed one wins. Names as fontconfig / the OS report them.
CJK_CANDIDATES = (
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
LAYOUT_CHARS = "\n\t\u2028"  # line breaks and tabs: never drawn, never replaced
MISSING_GLYPH = "□"  # U+25A1, drawn for a character none of the fonts has (an emoji without an emoji font)
NO_CJK_FONT_WARNING = (
    "no Chinese (CJK) font is installed, so the proposal was written in English instead of Chinese; "
    "install one (e.g. 'apt-get install fonts-noto-cjk' or 'fonts-wqy-zenhei') and export again"
)


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

    def printable(self, text: str) -> str:
        """``text`` with every character no font of the set can draw replaced by a box.

        Qt would otherwise fall back to any installed font: a colour emoji font embeds bitmaps (the
        PDF must stay vector), and with no font at all the glyph extracts as NUL.
        """
        if text.isascii():
            return text
        return "".join(c if self._covers(c) else MISSING_GLYPH for c in text)

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
        return font
