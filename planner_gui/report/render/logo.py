"""The supplier's logo on the cover: a PNG drawn as an image, an SVG drawn as vectors, fitted to a box.

report/content/branding.py has checked the file's kind and size; here Qt decodes it, and a file
it cannot decode is refused with one line before the PDF is started.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.report.content.branding import Logo

LOGO_BOX_PT = (140.0, 56.0)  # width, height of the cover's logo area (top right), points
LOGO_GAP_PT = 14.0  # below the cover's coloured band


@dataclass
class LogoPainter:
    image: QImage | None
    svg: QSvgRenderer | None

    def draw(self, painter: QPainter, box: QRectF) -> None:
        source = self.image if self.image is not None else self.svg
        size = (source.size() if isinstance(source, QImage) else source.defaultSize()).toSizeF()  # type: ignore[union-attr]
        scale = min(box.width() / max(size.width(), 1.0), box.height() / max(size.height(), 1.0))
        width, height = size.width() * scale, size.height() * scale
        target = QRectF(box.right() - width, box.top(), width, height)  # right-aligned, top of the box
        if self.image is not None:
            painter.drawImage(target, self.image)
        elif self.svg is not None:
            self.svg.render(painter, target)


def logo_painter(logo: Logo | None) -> LogoPainter | None:
    if logo is None:
        return None
    if logo.kind == "png":
        image = QImage.fromData(logo.data, "PNG")
        if not image.isNull():
            return LogoPainter(image, None)
    else:
        svg = QSvgRenderer(QByteArray(logo.data))
        if svg.isValid() and not svg.defaultSize().isEmpty():
            return LogoPainter(None, svg)
    raise ValueError(QT_TRANSLATE_NOOP(
        "Report", "the logo is a damaged {kind} file that cannot be drawn; export it again and pick the new file").fill(
        kind=logo.kind.upper()))
