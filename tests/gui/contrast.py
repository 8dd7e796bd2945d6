"""Reading text contrast off rendered pixels, for the theme tests (WCAG 2 contrast, ui/colors.py).

A region holding one text on one background is rendered; its background is the colour most of the
region has, and the text's contrast the one at least ``MIN_TEXT_PIXELS`` pixels reach against it
(antialiased edges are blends of the two, so they never stand out more than the glyphs' cores).
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel, QWidget

from planner_gui.ui.colors import contrast

MIN_TEXT_PIXELS = 3  # a pixel or two of another colour (a grid dot, a frame corner) is not text
SWATCH = "■"  # coloured squares in legends are graphics, not text
_SPAN = re.compile(r"<(?:span|b)\s+style=['\"]color:\s*(#[0-9a-fA-F]{6})['\"]>([^<]*)<")


def _hex(rgb: int) -> str:
    return f"#{rgb & 0xFFFFFF:06x}"


def pixel_counts(image: QImage) -> Counter[str]:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.bytesPerLine() // 4 * height)
    rows = data.reshape(height, image.bytesPerLine() // 4)[:, :width]
    values, counts = np.unique(rows & 0xFFFFFF, return_counts=True)
    return Counter({_hex(int(v)): int(c) for v, c in zip(values, counts, strict=True)})


def text_on_background(image: QImage, background: str | None = None, what: str = "") -> tuple[float, str, str]:
    """(contrast, text colour, background colour) of the one text rendered in ``image`` (``what``: for
    messages): the contrast that at least MIN_TEXT_PIXELS pixels reach against the background."""
    counts = pixel_counts(image)
    assert counts, "nothing rendered"
    ground = background or counts.most_common(1)[0][0]
    ranked = sorted((colour for colour in counts if colour != ground), key=lambda c: -contrast(c, ground))
    seen = 0
    for colour in ranked:
        seen += counts[colour]
        if seen >= MIN_TEXT_PIXELS:
            return contrast(colour, ground), colour, ground
    raise AssertionError(f"{what}: no text drawn on {ground}: {counts.most_common(4)}")


def widget_text_contrast(widget: QWidget, rect: QRect | None = None, what: str = "") -> tuple[float, str, str]:
    """The text contrast of a widget (or of ``rect`` in it) as it is painted now."""
    image = (widget.grab(rect) if rect is not None else widget.grab()).toImage()
    return text_on_background(image, what=what or widget.objectName())


def coloured_spans(html: str) -> list[tuple[str, str]]:
    """(colour, text) of every coloured span of a rich text, legend swatches left out."""
    return [(colour, text) for colour, text in _SPAN.findall(html) if text.strip() and text.strip() != SWATCH]


def labels_with_text(root: QWidget) -> list[QLabel]:
    return [label for label in root.findChildren(QLabel) if label.isVisible() and label.text().strip()
            and label.width() > 0 and label.height() > 0]


def plot_ticks_contrast(plot: QWidget) -> tuple[float, str, str]:
    """The bottom axis' first tick labels of a pyqtgraph PlotWidget ("8 B", "64 B"), under its data area."""
    box = plot.mapFromScene(plot.getPlotItem().getViewBox().sceneBoundingRect()).boundingRect()  # type: ignore[attr-defined]
    ticks = QRect(box.left() + 4, box.bottom() + 4, 140, 12)
    return text_on_background(plot.grab(ticks).toImage(), what=f"{plot.objectName()} tick labels")
