"""Render packaging/icons/cluster-planner.svg to the PNG sizes desktops ask for, with Qt (no Inkscape).

Run: .venv/bin/python scripts/render_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "packaging" / "icons"
SIZES = (16, 32, 48, 64, 128, 256, 512)  # freedesktop hicolor theme sizes


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(ICONS / "cluster-planner.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        out = ICONS / f"cluster-planner-{size}.png"
        if not image.save(str(out)):
            raise OSError(f"could not write {out}")
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
