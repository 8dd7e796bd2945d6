"""The Simplified-Chinese font shipped inside the package, for the PDF and as the UI's fallback.

A subset of Noto Sans CJK SC (SIL Open Font License 1.1, resources/fonts/OFL.txt), built by
scripts/build_cjk_font.py: the GB 2312 repertoire plus every character of the translations. With it a
Chinese proposal and the Chinese UI look the same on any machine, whatever fonts are installed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

FONT_DIR = Path(__file__).resolve().parent.parent / "resources" / "fonts"
BUNDLED_CJK_FAMILY = "Noto Sans SC Bundled"  # the family name scripts/build_cjk_font.py gives the subset
BUNDLED_CJK_FILES = ("NotoSansSCBundled-Regular.ttf", "NotoSansSCBundled-Bold.ttf")
_registered: dict[Path, bool] = {}


def register_bundled_fonts(folder: Path = FONT_DIR) -> bool:
    """Add the bundled Chinese faces to Qt's font database (once per file); False if any is missing or
    unreadable. Needs a QGuiApplication."""
    ok = True
    for name in BUNDLED_CJK_FILES:
        path = folder / name
        if path not in _registered:
            _registered[path] = path.is_file() and QFontDatabase.addApplicationFont(str(path)) >= 0
        ok = ok and _registered[path]
    return ok


def use_as_ui_fallback(app: QApplication) -> bool:
    """Make the bundled face the app font's fallback for characters its own family lacks (Chinese names
    and the Chinese UI); False (and the app font unchanged) when the font files cannot be loaded."""
    if not register_bundled_fonts():
        return False
    font = QFont(app.font())
    families = [f for f in font.families() or [font.family()] if f != BUNDLED_CJK_FAMILY]
    font.setFamilies([*families, BUNDLED_CJK_FAMILY])
    app.setFont(font)
    return True
