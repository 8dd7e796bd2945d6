"""Render a ReportDocument to a vector PDF with QPdfWriter: cover, contents, body, running heads.

Two passes: :class:`Flow` lays everything out and records the page of every heading; then each
page is painted, the table of contents with its page numbers and every footer with "page N of M".
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPdfWriter

from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.report.content.blocks import Heading, KeyValues, ReportDocument
from planner_gui.report.content.mapping import map_strings
from planner_gui.report.render.flow import ACCENT, MUTED, Flow, _pen
from planner_gui.report.render.fonts import MISSING_GLYPH, UNDRAWABLE_WARNING, FontSet, Role
from planner_gui.report.render.logo import LOGO_BOX_PT, LOGO_GAP_PT, LogoPainter, logo_painter
from planner_gui.report.render.navigation import Bookmark, Link, Target, add_navigation
from planner_gui.report.render.page import (
    MARGIN_MM,
    POINTS_PER_INCH,
    RESOLUTION_DPI,
    Frame,
    check_paper,
    page_layout,
)
from planner_gui.report.render.text import wrap

CREATOR = "Cluster Planner"
MM_PER_INCH = 25.4
NEW_FILE_MODE = 0o666  # what open(2) callers ask for; the umask then removes bits (POSIX)
COVER_BAND_PT = 10.0  # the coloured band at the top of the cover
COVER_TITLE_TOP_PT = 150.0
TOC_INDENT_PT = 14.0
LEADER_DOT = " . "
Progress = Callable[[float], None]  # called with the share of the work done, 0 .. 1
LAYOUT_SHARE = 0.5  # of render time: layout and painting take about the same (benchmarks/report.py)


@dataclass(frozen=True, slots=True)
class RenderResult:
    path: Path
    pages: int
    anchors: dict[str, int]  # section anchor -> page number (1-based)
    warnings: tuple[str, ...] = ()  # characters no font could draw


def render_pdf(
    document: ReportDocument,
    path: Path,
    paper: str = "a4",
    fonts: FontSet | None = None,
    progress: Progress | None = None,
) -> RenderResult:
    """Write ``document`` to ``path`` as a PDF on ``paper`` ("a4" or "letter").

    ``progress`` (optional) is called after the layout and after each page is painted. The PDF is
    written to a temporary file beside ``path`` and moved there once complete: a failure never leaves
    a half-written proposal.
    """
    fonts = fonts or FontSet.detect()
    path = Path(path)
    if path.parent and not path.parent.exists():
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "cannot write {path}: the folder {folder} does not exist; create it or pick another output "
                      "path").fill(path=path, folder=path.parent))
    undrawn: set[str] = set()
    document = map_strings(document, lambda text: fonts.printable(text, undrawn))
    logo = logo_painter(document.cover.logo)  # a logo Qt cannot read fails here, before any byte is written
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    flow, frame = _write(document, buffer, path, paper, fonts, progress, logo)
    store_atomically(path, navigable(bytes(buffer.data()), document, flow, frame))
    pages, anchors = len(flow.pages), {k: v + 1 for k, v in flow.anchors.items()}
    warnings = (UNDRAWABLE_WARNING.fill(box=MISSING_GLYPH, chars="".join(sorted(undrawn))),
                ) if undrawn else ()
    return RenderResult(path, pages, anchors, warnings)


def store_atomically(path: Path, payload: bytes) -> None:
    """``payload`` at ``path`` through a temporary file beside it, so a failure never leaves half a PDF."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "cannot write {path}: {reason}; pick a folder you can write to").fill(
            path=path, reason=error.strerror or error)) from None
    partial = Path(name)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(payload)
        os.chmod(partial, NEW_FILE_MODE & ~_umask())  # mkstemp's 0600 would make the proposal private
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)  # reading the umask means setting it: put it straight back
    os.umask(mask)
    return mask


def navigable(pdf: bytes, document: ReportDocument, flow: Flow, frame: Frame) -> bytes:
    """``pdf`` with a bookmark per section and subsection and its contents lines as links."""
    margin = MARGIN_MM / MM_PER_INCH * POINTS_PER_INCH

    def target(anchor: str) -> Target:
        return Target(flow.anchors[anchor], margin + flow.anchor_tops[anchor] / frame.pt)

    marks = [Bookmark(h.text, h.level, target(h.anchor)) for h in document.headings() if h.anchor in flow.anchors]
    links = [Link(page, (margin + r.left() / frame.pt, margin + r.top() / frame.pt, margin + r.right() / frame.pt,
                         margin + r.bottom() / frame.pt), target(anchor))
             for page, r, anchor in flow.links if anchor in flow.anchors]
    return add_navigation(pdf, marks, links)


def _write(document: ReportDocument, device: QBuffer, path: Path, paper: str, fonts: FontSet,
           progress: Progress | None, logo: LogoPainter | None) -> tuple[Flow, Frame]:
    writer = QPdfWriter(device)
    writer.setResolution(RESOLUTION_DPI)
    writer.setPageLayout(page_layout(check_paper(paper)))
    writer.setTitle(document.title)
    writer.setCreator(CREATOR)
    frame = Frame.for_device(writer.width(), writer.height(), RESOLUTION_DPI)
    flow = _layout(document, frame, fonts, writer, logo)
    report = progress or (lambda share: None)
    report(LAYOUT_SHARE)
    painter = QPainter()
    if not painter.begin(writer):
        raise ValueError(QT_TRANSLATE_NOOP(
            "Report", "cannot write {path}: Qt could not open it for writing (is it open elsewhere, or is the "
                      "folder read-only?)").fill(path=path))
    try:
        _paint(painter, writer, flow, document, fonts, frame, report)
    finally:
        painter.end()
    del writer  # flushes the last page into the buffer
    return flow, frame


def _layout(document: ReportDocument, frame: Frame, fonts: FontSet, writer: QPdfWriter,
            logo: LogoPainter | None) -> Flow:
    flow = Flow(frame, fonts, writer, document.labels.continued)
    _cover(flow, document, logo)
    _contents(flow, document)
    flow.add_all(document.blocks)
    return flow


def _cover(flow: Flow, document: ReportDocument, logo: LogoPainter | None) -> None:
    flow.new_page()
    pt, body, cover = flow.pt, flow.frame.page, document.cover
    flow.put(lambda p: p.fillRect(QRectF(0, 0, body.width(), COVER_BAND_PT * pt), QColor(ACCENT)), 0.0)
    if logo is not None:
        box = QRectF(body.width() - LOGO_BOX_PT[0] * pt, (COVER_BAND_PT + LOGO_GAP_PT) * pt,
                     LOGO_BOX_PT[0] * pt, LOGO_BOX_PT[1] * pt)
        flow.put(lambda p: logo.draw(p, box), 0.0)
    flow.y = COVER_TITLE_TOP_PT * pt
    title = wrap(cover.title, flow.fonts.font(Role.TITLE), body.width(), flow.device, max_lines=4)
    y = flow.y
    flow.put(lambda p: title.draw(p, 0.0, y, ACCENT), title.height + 8 * pt)
    subtitle = wrap(cover.subtitle, flow.fonts.font(Role.SUBTITLE), body.width(), flow.device, max_lines=3)
    y2 = flow.y
    flow.put(lambda p: subtitle.draw(p, 0.0, y2, MUTED), subtitle.height + 24 * pt)
    flow.add(KeyValues(cover.facts))
    flow.y += 10 * pt
    flow.paragraph(cover.summary, Role.LEAD)


def _contents(flow: Flow, document: ReportDocument) -> None:
    flow.new_page()
    flow.heading(Heading(document.labels.contents, 1, "contents"))
    for heading in document.headings():
        _toc_line(flow, heading)


def _toc_line(flow: Flow, heading: Heading) -> None:
    pt = flow.pt
    role = Role.H3 if heading.level == 1 else Role.BODY
    font = flow.fonts.font(role)
    indent = 0.0 if heading.level == 1 else TOC_INDENT_PT * pt
    metrics = QFontMetricsF(font, flow.device)
    number_w = metrics.horizontalAdvance("0000")
    room = flow.body.width() - indent - number_w - metrics.horizontalAdvance(LEADER_DOT * 3)
    box = wrap(heading.text, font, room, flow.device, max_lines=2)
    height = box.height + (6 if heading.level == 1 else 2.5) * pt
    flow.ensure(height)
    y, left, right = flow.y + (3 * pt if heading.level == 1 else 0.0), flow.body.left(), flow.body.right()
    anchors = flow.anchors
    area = QRectF(left + indent, y, right - left - indent, box.height)
    flow.links.append((len(flow.pages) - 1, area, heading.anchor))  # made a link once the file is written

    def draw(p: QPainter) -> None:
        box.draw(p, left + indent, y, ACCENT if heading.level == 1 else "#1d1d1f")
        number = str(anchors.get(heading.anchor, 0) + 1)
        baseline = y + box.line_tops[-1] + metrics.ascent()
        text_end = left + indent + box.layout.lineAt(box.lines - 1).naturalTextWidth()
        p.setFont(font)
        p.setPen(QColor(MUTED))
        dot_w = metrics.horizontalAdvance(LEADER_DOT)
        count = max(0, int((right - number_w - text_end) // dot_w) - 1)
        p.drawText(QPointF(right - number_w - count * dot_w, baseline), LEADER_DOT * count)
        p.setPen(QColor("#1d1d1f"))
        p.drawText(QPointF(right - metrics.horizontalAdvance(number), baseline), number)

    flow.put(draw, height)


def _paint(
    painter: QPainter,
    writer: QPdfWriter,
    flow: Flow,
    document: ReportDocument,
    fonts: FontSet,
    frame: Frame,
    report: Progress,
) -> None:
    total = len(flow.pages)
    for index, page in enumerate(flow.pages):
        if index:
            writer.newPage()
        for op in page.ops:
            painter.save()
            op(painter)
            painter.restore()
        if index:
            _running_heads(painter, document, page.section, index + 1, total, fonts, frame)
        report(LAYOUT_SHARE + (1.0 - LAYOUT_SHARE) * (index + 1) / total)


def _running_heads(
    painter: QPainter,
    document: ReportDocument,
    section: str,
    number: int,
    total: int,
    fonts: FontSet,
    frame: Frame,
) -> None:
    font = fonts.font(Role.RUNNING)
    metrics = QFontMetricsF(font, painter.device())
    painter.setFont(font)
    painter.setPen(QColor(MUTED))
    width, pt = frame.width, frame.pt
    half = width / 2 - 6 * pt
    head_base = metrics.ascent()
    painter.drawText(
        QPointF(0, head_base), metrics.elidedText(document.header, Qt.TextElideMode.ElideRight, half)
    )
    right = metrics.elidedText(section, Qt.TextElideMode.ElideRight, half)
    painter.drawText(QPointF(width - metrics.horizontalAdvance(right), head_base), right)
    painter.setPen(_pen("#c5ccd6", 0.5 * pt))
    painter.drawLine(QPointF(0, head_base + 4 * pt), QPointF(width, head_base + 4 * pt))
    foot_base = frame.height - metrics.descent()
    painter.drawLine(
        QPointF(0, foot_base - metrics.ascent() - 4 * pt),
        QPointF(width, foot_base - metrics.ascent() - 4 * pt),
    )
    painter.setPen(QColor(MUTED))
    page_text = document.labels.page_of.format(page=number, pages=total)
    painter.drawText(
        QPointF(0, foot_base),
        metrics.elidedText(
            document.footer,
            Qt.TextElideMode.ElideRight,
            width - metrics.horizontalAdvance(page_text) - 12 * pt,
        ),
    )
    painter.drawText(QPointF(width - metrics.horizontalAdvance(page_text), foot_base), page_text)
