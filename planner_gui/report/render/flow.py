"""The layout engine: flows blocks down the body of page after page.

Layout is the first pass: every block is measured and cut into page-sized pieces, each piece a
paint operation bound to its page and position, and every heading's page is recorded. Painting is
the second pass (render/pdf.py), when the table of contents and "page N of M" can be filled in.
Paragraphs split between lines, tables between rows (the title and header row are repeated),
figures and headings move whole to the next page when they do not fit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QPaintDevice, QPainter, QPen

from planner_gui.report.content.blocks import (
    Block,
    Bullets,
    Column,
    Figure,
    Heading,
    KeyValues,
    PageBreak,
    Paragraph,
    Table,
    TextStyle,
)
from planner_gui.report.render.figures import FigurePainter
from planner_gui.report.render.fonts import FontSet, Role
from planner_gui.report.render.page import Frame
from planner_gui.report.render.shell_wrap import fold_commands
from planner_gui.report.render.tables import TableLayout, layout_table
from planner_gui.report.render.text import TextBox, wrap

Op = Callable[[QPainter], None]
ACCENT = "#1f4e79"  # headings and rules: a sober dark blue
BODY_COLOR = "#1d1d1f"
MUTED = "#5a6472"
CODE_FILL = "#f2f4f7"
AFTER_PARAGRAPH_PT = 5.0
AFTER_TABLE_PT = 9.0
BEFORE_H2_PT = 8.0
KEEP_WITH_NEXT_PT = 70.0  # a subsection title needs this much room below it, or it moves on
BULLET_INDENT_PT = 11.0
CODE_PAD_PT = 3.0
MAX_FIGURE_SHARE = 0.82  # of the body height: room for the caption and a line of text
RULE_PT = 0.8  # weight of the rules under headings and around tables
SMALL_GAP_PT, GAP_PT, CAPTION_GAP_PT = 2.0, 3.0, 4.0  # the small vertical spaces of the layout
AFTER_H1_PT = 12.0  # a section title, its rule and the space before the text
BETWEEN_BULLETS_PT = 2.0
MAX_ROW_SHARE = 0.5  # a table row taller than half a page is cut (only 500-character cells get there)
KEY_SHARE = 0.42  # width of the label column of a key-value table
BULLET_AT = 0.8  # the bullet sits this far into the indent, from the text back to the margin
BASELINE_SHARE = 0.78  # a line's baseline, as a share of its height from the top (ascent of these fonts)
SWATCH_SHARE = 0.8  # legend colour squares: this share of the text height
SWATCH_ROOM_PT = 14.0  # a legend entry's square and the space after it
SWATCH_EDGE_PT = 0.4  # hairline around a legend square
KEEP_TABLE_SHARE = 0.3  # tables up to this share of a page are kept on one page
LEGEND_SHORT_CHARS, LEGEND_SHORT_PER_ROW = 10, 8  # short legend entries ("Rail 3") go eight to a row
LEGEND_PER_ROW = 4
_STYLE_ROLE = {
    TextStyle.BODY: Role.BODY,
    TextStyle.SMALL: Role.SMALL,
    TextStyle.CODE: Role.CODE,
    TextStyle.LEAD: Role.LEAD,
}


@dataclass
class Page:
    ops: list[Op] = field(default_factory=list)
    section: str = ""  # the section running at the top of the page, for the running header


class Flow:
    def __init__(self, frame: Frame, fonts: FontSet, device: QPaintDevice, continued: str) -> None:
        self.frame, self.fonts, self.device, self.continued = frame, fonts, device, continued
        self.pt = frame.pt
        self.body = frame.body
        self.pages: list[Page] = []
        self.anchors: dict[str, int] = {}  # heading anchor -> page index (0-based)
        self.anchor_tops: dict[str, float] = {}  # heading anchor -> its top on that page (device units)
        self.links: list[tuple[int, QRectF, str]] = []  # (page index, clickable area, target anchor)
        self.section = ""
        self.y = self.body.top()

    # ----- pages -------------------------------------------------------------------------------------
    def new_page(self) -> None:
        self.pages.append(Page(section=self.section))
        self.y = self.body.top()

    @property
    def page_empty(self) -> bool:
        return not self.pages or self.y <= self.body.top()

    @property
    def room(self) -> float:
        return self.body.bottom() - self.y

    def ensure(self, height: float) -> None:
        if not self.pages or (height > self.room and not self.page_empty):
            self.new_page()

    def put(self, op: Op, height: float) -> None:
        self.pages[-1].ops.append(op)
        self.y += height

    def gap(self, points: float) -> None:
        if not self.page_empty:
            self.y += points * self.pt

    # ----- blocks ------------------------------------------------------------------------------------
    def add_all(self, blocks: tuple[Block, ...]) -> None:
        for index, block in enumerate(blocks):
            self.add(block, blocks[index + 1] if index + 1 < len(blocks) else None)

    def add(self, block: Block, following: Block | None = None) -> None:
        if isinstance(block, Heading):
            self.heading(block, self._keep_height(following))
        elif isinstance(block, Paragraph):
            self.paragraph(block.text, _STYLE_ROLE[block.style], code=block.style is TextStyle.CODE)
        elif isinstance(block, Bullets):
            self.bullets(block)
        elif isinstance(block, Table):
            self.table(block.title, block.columns, block.rows, block.footer, block.note)
        elif isinstance(block, KeyValues):
            columns = (Column("", weight=KEY_SHARE), Column("", weight=1.0 - KEY_SHARE))
            self.table(block.title, columns, block.rows, None, "", show_header=False)
        elif isinstance(block, Figure):
            self.figure(block)
        elif isinstance(block, PageBreak) and not self.page_empty:
            self.new_page()

    def _keep_height(self, following: Block | None) -> float:
        """Room a subsection title needs below it: the whole figure that follows, else a few lines."""
        keep = KEEP_WITH_NEXT_PT * self.pt
        if isinstance(following, Figure):
            keep = max(keep, self._figure_height(following)[0])
        return min(keep, self.body.height() * MAX_FIGURE_SHARE)

    def heading(self, block: Heading, keep: float = 0.0) -> None:
        role = {1: Role.H1, 2: Role.H2}.get(block.level, Role.H3)
        box = wrap(block.text, self.fonts.font(role), self.body.width(), self.device)
        if block.level == 1:
            self.section = block.text
            if not self.page_empty or not self.pages:
                self.new_page()
            self.pages[-1].section = block.text
        else:
            self.gap(BEFORE_H2_PT)
            self.ensure(box.height + (keep or KEEP_WITH_NEXT_PT * self.pt))
        if block.anchor not in self.anchors:
            self.anchors[block.anchor] = len(self.pages) - 1
            self.anchor_tops[block.anchor] = self.y
        rule = block.level == 1
        y, left, right = self.y, self.body.left(), self.body.right()

        def draw(p: QPainter) -> None:
            box.draw(p, left, y, ACCENT)
            if rule:
                p.setPen(_pen(ACCENT, RULE_PT * self.pt))
                bottom = y + box.height + GAP_PT * self.pt
                p.drawLine(QPointF(left, bottom), QPointF(right, bottom))

        self.put(draw, box.height + (AFTER_H1_PT if rule else CAPTION_GAP_PT) * self.pt)

    def paragraph(
        self, text: str, role: Role, code: bool = False, indent: float = 0.0, bullet: str = ""
    ) -> None:
        pad = CODE_PAD_PT * self.pt if code else 0.0
        left = self.body.left() + indent
        font, width = self.fonts.font(role), self.body.width() - indent - 2 * pad
        if code:  # fold commands ourselves, between words with " \\", so that they paste and run
            text = fold_commands(text, int(width / QFontMetricsF(font, self.device).horizontalAdvance("M")) - 1)
        box = wrap(text, font, width, self.device)
        start = 0
        self.ensure(min(box.height, box.height_of(0, min(2, box.lines))) + 2 * pad)  # no lone first line
        while start < box.lines:
            count = box.lines_fitting(start, self.room - 2 * pad)
            if count == 0:
                if self.page_empty:
                    count = 1  # a line taller than a page cannot happen with these fonts; never loop
                else:
                    self.new_page()
                    continue
            self._put_lines(box, start, start + count, left, pad, code, bullet if start == 0 else "", indent)
            start += count
            if start < box.lines:
                self.new_page()
        self.y += AFTER_PARAGRAPH_PT * self.pt

    def _put_lines(
        self,
        box: TextBox,
        start: int,
        end: int,
        left: float,
        pad: float,
        code: bool,
        bullet: str,
        indent: float,
    ) -> None:
        y, height = self.y, box.height_of(start, end) + 2 * pad
        width = self.body.width() - indent
        bullet_font = self.fonts.font(Role.BODY)

        def draw(p: QPainter) -> None:
            if code:
                p.fillRect(QRectF(left, y, width, height), QColor(CODE_FILL))
            if bullet:
                p.setFont(bullet_font)
                p.setPen(QColor(ACCENT))
                p.drawText(
                    QPointF(left - indent * BULLET_AT, y + box.line_heights[0] * BASELINE_SHARE), bullet
                )
            box.draw(p, left + pad, y + pad, BODY_COLOR, start, end)

        self.put(draw, height)

    def bullets(self, block: Bullets) -> None:
        for item in block.items:
            self.paragraph(item, _STYLE_ROLE[block.style], indent=BULLET_INDENT_PT * self.pt, bullet="•")
            self.y -= (AFTER_PARAGRAPH_PT - BETWEEN_BULLETS_PT) * self.pt

    def table(
        self,
        title: str,
        columns: tuple[Column, ...],
        rows: tuple[tuple[str, ...], ...],
        footer: tuple[str, ...] | None,
        note: str,
        show_header: bool = True,
    ) -> None:
        if not rows and footer is None:
            return
        layout = layout_table(
            columns,
            rows,
            footer,
            self.body.width(),
            self.body.height() * MAX_ROW_SHARE,
            self.fonts,
            self.device,
            self.pt,
            show_header,
            first_column_bold=not show_header,
        )
        title_box = wrap(title, self.fonts.font(Role.H3), self.body.width(), self.device) if title else None
        more_box = (
            wrap(f"{title} {self.continued}", self.fonts.font(Role.H3), self.body.width(), self.device)
            if title
            else None
        )
        self.gap(SMALL_GAP_PT)
        whole = (
            (title_box.height if title_box else 0.0)
            + sum(r.height for r in layout.rows)
            + (layout.header.height if layout.header else 0.0)
        )
        if whole <= self.body.height() * KEEP_TABLE_SHARE:
            self.ensure(whole + GAP_PT * self.pt)  # a short table moves whole rather than split
        self._table_top(layout, title_box, first_row=layout.rows[0].height)
        for row in layout.rows:
            if row.height > self.room:
                self._close_table(layout)
                self.new_page()
                self._table_top(layout, more_box, first_row=row.height)
            x, y = self.body.left(), self.y
            self.put(lambda p, row=row, x=x, y=y: layout.draw_row(p, row, x, y), row.height)
        self._close_table(layout)
        if note:
            self.y += SMALL_GAP_PT * self.pt
            self.paragraph(note, Role.SMALL)
        self.y += (AFTER_TABLE_PT - (AFTER_PARAGRAPH_PT if note else 0.0)) * self.pt

    def _table_top(self, layout: TableLayout, title: TextBox | None, first_row: float) -> None:
        head = layout.header.height if layout.header else 0.0
        title_h = title.height + GAP_PT * self.pt if title else 0.0
        self.ensure(title_h + head + first_row)
        x = self.body.left()
        if title is not None:
            self.put(lambda p, y=self.y: title.draw(p, x, y, ACCENT), title_h)
        if layout.header is not None:
            y, header = self.y, layout.header

            def draw(p: QPainter) -> None:
                layout.draw_row(p, header, x, y)
                layout.draw_rule(p, x, y + header.height, RULE_PT * self.pt)

            self.put(draw, header.height)
        else:
            y = self.y
            self.put(lambda p: layout.draw_rule(p, x, y, RULE_PT * self.pt), 0.0)

    def _close_table(self, layout: TableLayout) -> None:
        x, y = self.body.left(), self.y
        self.put(lambda p: layout.draw_rule(p, x, y, RULE_PT * self.pt), 0.0)

    def _figure_height(self, block: Figure) -> tuple[float, float, TextBox | None]:
        """(total height with legend and caption, drawing height, caption box)."""
        width = self.body.width()
        height = min(width * block.height_ratio, self.body.height() * MAX_FIGURE_SHARE)
        caption = (
            wrap(block.caption, self.fonts.font(Role.SMALL), width, self.device) if block.caption else None
        )
        total = (
            height
            + (caption.height + CAPTION_GAP_PT * self.pt if caption else 0.0)
            + self._legend_rows(block, width)[1]
        )
        return total, height, caption

    def figure(self, block: Figure) -> None:
        width = self.body.width()
        total, height, caption = self._figure_height(block)
        legend = self._legend_rows(block, width)
        self.gap(CAPTION_GAP_PT)
        self.ensure(total)
        rect = QRectF(self.body.left(), self.y, width, height)
        content = block.content

        def draw(p: QPainter) -> None:
            painter = FigurePainter(p, self.fonts, self.pt)
            if hasattr(content, "series"):
                painter.chart(content, rect)  # type: ignore[arg-type]
            else:
                painter.drawing(content, rect)  # type: ignore[arg-type]

        self.put(draw, height)
        if legend[1]:
            self.put(lambda p, y=self.y: legend[0](p, y), legend[1])
        if caption is not None:
            left = self.body.left()
            self.put(
                lambda p, y=self.y + GAP_PT * self.pt: caption.draw(p, left, y, MUTED),
                caption.height + CAPTION_GAP_PT * self.pt,
            )
        self.y += AFTER_TABLE_PT * self.pt

    def _legend_rows(self, block: Figure, width: float) -> tuple[Callable[[QPainter, float], None], float]:
        """A row of colour swatches with their meaning under a drawing: (painter, height)."""
        if not block.legend:
            return (lambda p, y: None), 0.0
        font = self.fonts.font(Role.SMALL)
        per_row = (
            LEGEND_SHORT_PER_ROW
            if max(len(text) for _, text in block.legend) <= LEGEND_SHORT_CHARS
            else LEGEND_PER_ROW
        )
        boxes = [
            wrap(text, font, width / per_row - SWATCH_ROOM_PT * self.pt, self.device, max_lines=1)
            for _, text in block.legend
        ]
        row_h = max(b.height for b in boxes) + GAP_PT * self.pt
        rows = (len(boxes) + per_row - 1) // per_row
        left = self.body.left()

        def draw(p: QPainter, y: float) -> None:
            for index, ((color, _), box) in enumerate(zip(block.legend, boxes, strict=True)):
                x = left + (index % per_row) * width / per_row
                top = y + (index // per_row) * row_h + SMALL_GAP_PT * self.pt
                size = box.height * SWATCH_SHARE
                inset = box.height * (1.0 - SWATCH_SHARE) / 2
                p.fillRect(QRectF(x, top + inset, size, size), QColor(color))
                p.setPen(_pen("#404040", SWATCH_EDGE_PT * self.pt))
                p.drawRect(QRectF(x, top + inset, size, size))
                box.draw(p, x + size + CAPTION_GAP_PT * self.pt, top, MUTED)

        return draw, rows * row_h


def _pen(color: str, width: float) -> QPen:
    pen = QPen(QColor(color))
    pen.setWidthF(width)
    return pen
