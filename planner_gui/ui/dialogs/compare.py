"""Tools ▸ Compare…: two designs side by side — figures with differences and ratios, overlaid busbw
curves, and the item-level bill-of-materials diff.

Each side is the open design (the variant being edited), another variant of it (saved in its file:
model/variants.py; "New Variant…" here is the Variants menu's step), or a .cluster file added with
"Add file…". The comparison itself is engine/compare/designs.py's, so every figure here equals the one
``cluster-planner compare`` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from planner_gui.document import Document
from planner_gui.engine import HIGHER, LOWER, Comparison, compare_designs, variant_label
from planner_gui.i18n import ui_error_text, ui_text
from planner_gui.io import load_design
from planner_gui.io.files import FILE_SUFFIX
from planner_gui.model import Design
from planner_gui.model.variants import check_name
from planner_gui.present import MISSING, format_figure, format_money
from planner_gui.ui.dialogs.single import raised, single_dialog
from planner_gui.ui.engine_labels import figure_label, kind_name
from planner_gui.ui.results.curves import LEGEND_OFFSET_PX, OP_COLOURS, OP_NAMES, byte_ticks, log_position
from planner_gui.ui.results.style import GREEN, RED

CURRENT = "current"  # source key of the open design
LINE_WIDTH_PX = 2
B_STYLE = Qt.PenStyle.DashLine  # A solid, B dashed: the colour stays the collective's
AXIS_MARGIN_DECADES = 0.3  # as ui/results/curves.py: the end labels are not clipped
MIN_BYTES, MAX_BYTES = 8, 2**34  # nccl-tests' -b 8 -e 16G sweep, the results panel's axis (nccl-tests)
GRID_ALPHA = 0.25  # faint grid, as the results panel's
MIN_SIZE = (960, 640)  # room for five figure columns and a readable plot
TINT_ALPHA = 48  # a light tint: the number stays readable on it
CHANGE_COLUMNS = (3, 4)  # the figures table's "B − A" and "B / A" columns, tinted by direction


@dataclass
class _Source:
    key: str
    label: str
    design: Design | None  # None: the document's design at compare time
    name: str  # how the comparison names this side


def themed_plot(parent: QWidget) -> pg.PlotWidget:
    """A plot on the theme's base whose axes, tick labels and legend take the theme's text colour
    (pyqtgraph's own grey, (150, 150, 150), is 2.9:1 on the light theme's white)."""
    palette = parent.palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    widget = pg.PlotWidget(background=palette.color(QPalette.ColorRole.Base))
    for name in ("bottom", "left"):
        axis = widget.getPlotItem().getAxis(name)
        axis.setPen(text)
        axis.setTextPen(text)
    return widget


def add_legend(widget: pg.PlotWidget, offset: tuple[int, int]) -> pg.LegendItem:
    text = widget.palette().color(QPalette.ColorRole.WindowText)
    return widget.getPlotItem().addLegend(offset=offset, labelTextColor=text)


def busbw_plot(parent: QWidget) -> pg.PlotWidget:
    """A busbw-vs-size plot with the results panel's byte axis (8 B .. 16 GiB, log scale)."""
    widget = themed_plot(parent)
    plot = widget.getPlotItem()
    plot.setLogMode(x=True, y=False)
    plot.showGrid(x=True, y=True, alpha=GRID_ALPHA)
    plot.setMenuEnabled(False)
    plot.getAxis("bottom").setTicks(byte_ticks())
    # the results panel's axis label, in its context (a module function has no tr() context of its own)
    plot.setLabel("bottom", QCoreApplication.translate("CurvesView", "message size (nccl-tests size column)"))
    plot.setLabel("left", "busbw", units="GB/s")
    for name in ("bottom", "left"):
        plot.getAxis(name).enableAutoSIPrefix(False)
    low, high = log_position(MIN_BYTES), log_position(MAX_BYTES)
    plot.setXRange(low - AXIS_MARGIN_DECADES, high + AXIS_MARGIN_DECADES, padding=0)
    return widget


def make_table(columns: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


def make_cell(text: str, align_right: bool = True) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class CompareDialog(QDialog):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare designs"))
        self.document = document
        self.comparison: Comparison | None = None
        self._files: dict[str, Design] = {}
        self.side_a, self.side_b = QComboBox(objectName="compareA"), QComboBox(objectName="compareB")
        self.status = QLabel(objectName="compareStatus", wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.tabs = QTabWidget(objectName="compareTabs")
        self.figures = make_table([self.tr("Figure"), "A", "B", "B − A", "B / A"])
        self.plot = busbw_plot(self)
        self.curve_items: dict[tuple[str, str], pg.PlotDataItem] = {}
        self.bom = make_table([self.tr("Item"), self.tr("Kind"), self.tr("Qty A"), self.tr("Qty B"),
                               self.tr("Total A"), self.tr("Total B")])
        self.cables = make_table([self.tr("Medium"), self.tr("Speed"), self.tr("Length"), "A", "B"])
        self.changed_only = QCheckBox(self.tr("Only items that differ"), objectName="compareChangedOnly")
        self.changed_only.setChecked(True)
        self._build()
        self.refresh_sources()
        document.variants_changed.connect(self.refresh_sources)
        self.resize(*MIN_SIZE)

    # ----- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        row = QHBoxLayout()
        for label, combo in (("A", self.side_a), ("B", self.side_b)):
            row.addWidget(QLabel(label))
            row.addWidget(combo, 1)
        keep = QPushButton(self.tr("New Variant…"), objectName="compareKeepVariant")
        add = QPushButton(self.tr("Add file…"), objectName="compareAddFile")
        run = QPushButton(self.tr("Compare"), objectName="compareRun")
        keep.clicked.connect(self._ask_variant_name)
        add.clicked.connect(self._ask_file)
        run.clicked.connect(self.compare)
        for button in (keep, add, run):
            button.setAutoDefault(False)  # Enter compares, whichever button had focus last
            row.addWidget(button)
        run.setDefault(True)
        bom_page = QWidget()
        bom_layout = QVBoxLayout(bom_page)
        bom_layout.addWidget(self.changed_only)
        bom_layout.addWidget(self.bom, 2)
        bom_layout.addWidget(self.cables, 1)
        self.changed_only.toggled.connect(lambda _on: self._fill_bom())
        self.tabs.addTab(self.figures, self.tr("Figures"))
        self.tabs.addTab(self.plot, self.tr("Bus bandwidth"))
        self.tabs.addTab(bom_page, self.tr("Bill of materials"))
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        legend = add_legend(self.plot, LEGEND_OFFSET_PX)
        for op in OP_NAMES:  # stand-in samples: see results_curves.py on pyqtgraph's legend
            for side, style in (("A", Qt.PenStyle.SolidLine), ("B", B_STYLE)):
                pen = pg.mkPen(QColor(OP_COLOURS[op]), width=LINE_WIDTH_PX, style=style)
                item = pg.PlotDataItem([], [], pen=pen)
                self.plot.addItem(item)
                self.curve_items[(side, op)] = item
                legend.addItem(pg.PlotDataItem([], [], pen=pen), f"{side}: {OP_NAMES[op]}")

    # ----- sources -----------------------------------------------------------------------------
    def sources(self) -> list[_Source]:
        design = self.document.design
        variants = design.variants
        name = variant_label(design, variants.active)
        found = [_Source(CURRENT, self.tr("Open design: {}").format(name), None, name)]
        found += [_Source(f"variant:{v}", self.tr("Variant: {}").format(v), variants.stored[v],
                          variant_label(variants.stored[v], v)) for v in variants.names if v != variants.active]
        found += [_Source(f"file:{path}", self.tr("File: {}").format(Path(path).name), d, d.meta.name)
                  for path, d in self._files.items()]
        return found

    def refresh_sources(self) -> None:
        keys = (self.side_a.currentData(), self.side_b.currentData())
        for combo, key, fallback in ((self.side_a, keys[0], 0), (self.side_b, keys[1], -1)):
            combo.blockSignals(True)
            combo.clear()
            for source in self.sources():
                combo.addItem(source.label, source.key)
            index = combo.findData(key) if key is not None else -1
            combo.setCurrentIndex(index if index >= 0 else (combo.count() - 1 if fallback < 0 else 0))
            combo.blockSignals(False)

    def choose(self, a_key: str, b_key: str) -> None:
        """Select the two sides by source key (CURRENT, "variant:NAME" or "file:PATH")."""
        for combo, key in ((self.side_a, a_key), (self.side_b, b_key)):
            index = combo.findData(key)
            if index < 0:
                raise KeyError(f"no source {key!r} to compare; add it first (variant or file)")
            combo.setCurrentIndex(index)

    def keep_variant(self, name: str) -> str:
        """The Variants menu's "New Variant from Current" (one undo step); returns the kept state's key.

        The open design goes on as variant ``name``; the state so far is kept under its own name, so
        comparing that key with CURRENT shows what the edits after this change. DesignError on a bad name.
        """
        variants = self.document.design.variants
        check_name(name, variants.names)  # the model's own check, raised here instead of a status line
        if self.document.new_variant(name) is None:
            raise ValueError(self.tr("variant {name} could not be made").format(name=repr(name)))
        names = self.document.design.variants.names
        kept = names[names.index(self.document.design.variants.active) - 1]  # the model puts the new one next
        return f"variant:{kept}"

    def add_file(self, path: Path | str) -> str:
        """Load a .cluster file as a source; returns its key. LoadError/OSError propagate to the caller."""
        self._files[str(path)] = load_design(Path(path), self.document.catalog).design
        self.refresh_sources()
        return f"file:{path}"

    def _ask_variant_name(self) -> None:
        name, ok = QInputDialog.getText(self, self.tr("New variant"),
                                        self.tr("Name of the new variant (the current state is kept):"))
        if ok:
            try:
                self.choose(self.keep_variant(name), CURRENT)
            except ValueError as error:
                self.status.setText(ui_error_text(error))  # the model's refusal of the name, in the UI language

    def _ask_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a design to compare"), "",
                                              self.tr("Cluster designs (*{})").format(FILE_SUFFIX))
        if not path:
            return
        try:
            self.side_b.setCurrentIndex(self.side_b.findData(self.add_file(path)))
        except (OSError, ValueError) as error:
            self.status.setText(self.tr("Could not open {}: {}").format(path, ui_error_text(error)))

    def _source(self, key: str) -> _Source:
        return next(s for s in self.sources() if s.key == key)

    def _design(self, key: str) -> Design:
        source = self._source(key)
        return source.design if source.design is not None else self.document.design

    # ----- comparing ---------------------------------------------------------------------------
    def compare(self) -> Comparison | None:
        a_key, b_key = self.side_a.currentData(), self.side_b.currentData()
        try:
            names = (self._source(a_key).name, self._source(b_key).name)
            result = compare_designs(self._design(a_key), self._design(b_key), self.document.catalog, names=names)
        except (ValueError, KeyError) as error:
            self.status.setText(self.tr("Cannot compare: {}").format(ui_error_text(error)))
            return None
        self.comparison = result
        self._fill_figures(result)
        self._fill_curves(result)
        self._fill_bom()
        self.status.setText("\n".join(map(ui_text, result.notes)))
        return result

    def _fill_figures(self, c: Comparison) -> None:
        rows = [r for r in c.rows if r.a is not None or r.b is not None]
        self.figures.setRowCount(len(rows))
        for i, row in enumerate(rows):
            ratio = MISSING if row.ratio is None else f"{row.ratio:.3f}×"
            values = (format_figure(v, row.unit, c.currency) for v in (row.a, row.b, row.diff))
            cells = [figure_label(row.key, row.label), *values, ratio]
            for j, text in enumerate(cells):
                self.figures.setItem(i, j, make_cell(text, j > 0))
            tint = _tint(row.better, row.diff)
            if tint is not None:
                for j in CHANGE_COLUMNS:
                    self.figures.item(i, j).setBackground(QBrush(tint))

    def _fill_curves(self, c: Comparison) -> None:
        for (side, op), item in self.curve_items.items():
            points = (c.curves_a if side == "A" else c.curves_b).get(op, ())
            item.setData([p.bytes for p in points], [p.busbw_GBps for p in points])

    def _fill_bom(self) -> None:
        c = self.comparison
        if c is None:
            return
        rows = [r for r in c.bom if r.changed or not self.changed_only.isChecked()]
        self.bom.setRowCount(len(rows))
        for i, r in enumerate(rows):
            name = f"{r.catalog_id} — {r.name}" if r.name else r.catalog_id
            cells = [name, kind_name(r.category), f"{r.quantity_a:g}", f"{r.quantity_b:g}",
                     format_money(r.total_a, c.currency), format_money(r.total_b, c.currency)]
            for j, text in enumerate(cells):
                self.bom.setItem(i, j, make_cell(text, j > 1))
        runs = [r for r in c.cables if r.count_a != r.count_b or not self.changed_only.isChecked()]
        self.cables.setRowCount(len(runs))
        for i, run in enumerate(runs):
            cells = [run.medium, f"{run.speed_gbps:g} Gb/s", f"{run.length_m:g} m", str(run.count_a),
                     str(run.count_b)]
            for j, text in enumerate(cells):
                self.cables.setItem(i, j, make_cell(text, j > 0))

    def plotted(self, side: str, op: str) -> tuple[Any, Any]:
        """(bytes, busbw) of one overlaid curve, for tests."""
        item = self.curve_items[(side, op)]
        return item.xData, item.yData


def _tint(better: str, diff: float | None) -> QColor | None:
    """Green where B improves on A, red where it is worse, nothing when neutral or equal."""
    if diff is None or diff == 0 or better not in (HIGHER, LOWER):
        return None
    good = (diff > 0) == (better == HIGHER)
    colour = QColor(GREEN if good else RED)
    colour.setAlpha(TINT_ALPHA)
    return colour


def open_compare(window: Any) -> CompareDialog:
    """Show the (one) compare dialog of ``window``, non-modal, so the design stays editable beside it."""
    dialog = single_dialog(window, "_compare_dialog", CompareDialog)
    dialog.refresh_sources()
    if dialog.side_a.currentData() != dialog.side_b.currentData():
        dialog.compare()  # opens filled: the open design against its other variant, or the last pair compared
    else:  # one design only: an empty table would say nothing (issue 19 item 9, re-checked under X)
        dialog.status.setText(QCoreApplication.translate(
            "CompareDialog", "Only the open design is here: make a variant with New Variant… or add a design "
                             "with Add file…, then Compare."))
    return raised(dialog)
