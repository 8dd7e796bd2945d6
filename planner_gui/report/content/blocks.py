"""The proposal as data: a tree of blocks that any renderer (PDF today) can lay out.

Everything here is plain frozen dataclasses of strings and numbers, already translated and
formatted: the renderer never formats a number or chooses a word. Figures are data too: a chart
is a list of series in data units, a drawing a list of primitives in its own coordinate system
(y grows downwards, like a page), which the renderer scales into the space it has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from planner_gui.report.content.branding import Logo


class ColumnKind(StrEnum):
    """How a table column is aligned and set: text left, numbers and money right, code monospaced."""

    TEXT = "text"
    NUMBER = "number"
    MONEY = "money"
    CODE = "code"


class TextStyle(StrEnum):
    BODY = "body"
    SMALL = "small"  # notes under tables and figures
    CODE = "code"  # shell commands, environment variables
    LEAD = "lead"  # the cover's summary paragraph


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    level: int  # 1: a section (new page, in the table of contents), 2: a subsection, 3: a minor title
    anchor: str  # stable id of the section, e.g. "bom"; tests and the table of contents use it


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    style: TextStyle = TextStyle.BODY


@dataclass(frozen=True, slots=True)
class Bullets:
    items: tuple[str, ...]
    style: TextStyle = TextStyle.BODY


@dataclass(frozen=True, slots=True)
class KeyValues:
    """A two-column table of labels and values (the cover's facts, a summary's figures)."""

    rows: tuple[tuple[str, str], ...]
    title: str = ""


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    kind: ColumnKind = ColumnKind.TEXT
    weight: float = 1.0  # share of the table width, relative to the other columns


@dataclass(frozen=True, slots=True)
class Table:
    """A data table; it may break across pages, and the renderer then repeats its header row."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    footer: tuple[str, ...] | None = None  # a totals row, set in bold after the last row
    note: str = ""  # a small paragraph under the table

    def __post_init__(self) -> None:
        width = len(self.columns)
        for index, row in enumerate((*self.rows, *((self.footer,) if self.footer else ()))):
            if len(row) != width:
                raise ValueError(
                    f"table {self.title!r}: row {index} has {len(row)} cells but the table has "
                    f"{width} columns; give every row one cell per column"
                )


# ----- figures -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Series:
    name: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    color: str  # "#rrggbb"
    dash: str = ""  # "", "dash" or "dot"


@dataclass(frozen=True, slots=True)
class Tick:
    value: float
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    """A line chart: x may be logarithmic (message sizes), y is linear from ``y_min`` to ``y_max``.

    The x axis spans ``x_min`` .. ``x_max`` (default: the first and last tick).
    """

    series: tuple[Series, ...]
    x_label: str
    y_label: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    log_x: bool = False
    y_min: float = 0.0
    y_max: float = 1.0
    x_min: float | None = None
    x_max: float | None = None


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = "#404040"
    stroke_width: float = 0.5  # in the drawing's units


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    color: str = "#404040"
    width: float = 0.5


@dataclass(frozen=True, slots=True)
class Label:
    """Text whose vertical middle is at ``y`` and whose ``align`` edge (left/center/right) is at ``x``.

    It is cut with an ellipsis to ``max_w`` when that is set, and left out when too small to read.
    """

    x: float
    y: float
    text: str
    size: float  # height of the text in the drawing's units
    color: str = "#202020"
    align: str = "left"
    max_w: float = 0.0  # 0: no limit
    bold: bool = False


Shape = Rect | Line | Label


@dataclass(frozen=True, slots=True)
class Drawing:
    """Vector primitives in a ``width`` x ``height`` box; the renderer keeps the aspect ratio."""

    width: float
    height: float
    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class Figure:
    content: Chart | Drawing
    caption: str = ""
    height_ratio: float = 0.55  # height / width of the space the figure asks for
    legend: tuple[tuple[str, str], ...] = ()  # (color, text) pairs under a drawing


@dataclass(frozen=True, slots=True)
class PageBreak:
    pass


Block = Heading | Paragraph | Bullets | KeyValues | Table | Figure | PageBreak


# ----- the whole document ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cover:
    title: str
    subtitle: str
    facts: tuple[tuple[str, str], ...]  # customer, author, date, version ...
    summary: str
    logo: Logo | None = None  # the supplier's logo (report/content/branding.py), drawn on the cover


@dataclass(frozen=True, slots=True)
class Labels:
    """The renderer's own words, in the document's language."""

    contents: str  # table of contents title
    page_of: str  # "Page {page} of {pages}"
    continued: str  # appended to a table title when it continues on the next page


@dataclass(frozen=True, slots=True)
class ReportDocument:
    lang: str  # "en" or "zh"
    title: str  # PDF metadata title and running header
    header: str  # running header text (left)
    footer: str  # running footer text (left); the page number goes on the right
    cover: Cover
    labels: Labels
    blocks: tuple[Block, ...]
    warnings: tuple[str, ...] = field(default=())  # said once to the caller (e.g. a section left out)

    def headings(self, max_level: int = 2) -> list[Heading]:
        return [b for b in self.blocks if isinstance(b, Heading) and b.level <= max_level]
