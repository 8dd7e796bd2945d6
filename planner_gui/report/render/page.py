"""Paper sizes, margins and the page frame, in the writer's device units.

Layout works in device units of a high-resolution QPdfWriter (fonts in points convert by
themselves); :attr:`Frame.pt` turns a length in points into device units.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMarginsF, QRectF
from PySide6.QtGui import QPageLayout, QPageSize

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
POINTS_PER_INCH = 72.0  # PDF user space unit
# Fine enough that rounding a coordinate never shows (1/1200 in = 0.02 mm), coarse enough to keep
# integers small; text and paths stay vector at any resolution.
RESOLUTION_DPI = 1200
MARGIN_MM = 18.0  # all four sides: room for binding and for printers that cannot print to the edge
HEADER_PT = 22.0  # band above the body for the running header
FOOTER_PT = 22.0  # band below the body for the footer and the page number


def check_paper(paper: str) -> str:
    key = str(paper).lower()
    if key not in PAPERS:
        raise ValueError(f"paper {paper!r} is not supported; use one of {', '.join(PAPERS)}")
    return key


def page_layout(paper: str) -> QPageLayout:
    size = QPageSize(PAPERS[check_paper(paper)])
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(size, QPageLayout.Orientation.Portrait, margins, QPageLayout.Unit.Millimeter)


@dataclass(frozen=True, slots=True)
class Frame:
    """The printable area of one page and the body inside it (below the header, above the footer)."""

    width: float  # printable width (inside the margins), device units
    height: float
    pt: float  # device units per point

    @classmethod
    def for_device(cls, width: float, height: float, dpi: float) -> Frame:
        return cls(float(width), float(height), dpi / POINTS_PER_INCH)

    @property
    def body(self) -> QRectF:
        top = HEADER_PT * self.pt
        return QRectF(0.0, top, self.width, self.height - top - FOOTER_PT * self.pt)

    @property
    def page(self) -> QRectF:
        return QRectF(0.0, 0.0, self.width, self.height)
