"""Bus bandwidth against message size, the nccl-tests view of the fabric, with NCCL's algorithm marked.

One line per collective (colour) and one marker shape per algorithm NCCL would pick at that size,
on a log-x axis labelled in bytes from 8 B to 16 GiB (nccl-tests' ``-b 8 -e 16G`` sweep,
nccl-tests doc/PERFORMANCE.md). The plot items are made once; new results only replace their data, so an
edit never rebuilds the widget. Hovering snaps a crosshair to the nearest measured size and spells
out every curve's busbw, algorithm, protocol and bottleneck there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from html import escape
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from planner_gui.present import format_bandwidth, format_bytes, format_duration

# The collectives the analysis predicts (engine/sections/results.py CURVE_OPS), with NCCL's spelling.
OP_NAMES = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
            "alltoall": "AllToAll"}
# Okabe & Ito's colour-blind-safe palette ("Color Universal Design", 2008): blue, bluish green,
# orange, reddish purple. Green/amber/red are kept for load status elsewhere in the panel.
OP_COLOURS = {"allreduce": "#0072B2", "allgather": "#009E73", "reducescatter": "#E69F00",
              "alltoall": "#CC79A7"}
# AllGather and ReduceScatter often coincide (same ring, same bytes per step): the dash keeps both visible.
OP_DASHED = {"reducescatter"}
# NCCL_ALGO spellings (NCCL environment-variable docs) and a marker shape per algorithm; "p2p" is
# how the engine names AllToAll's point-to-point exchange (engine/collectives/algorithms.py P2P).
ALGO_NAMES = {"ring": "Ring", "tree": "Tree", "nvls": "NVLS", "nvlstree": "NVLSTree", "collnet": "CollNet",
              "pat": "PAT", "p2p": "P2P"}
ALGO_SYMBOLS = {"ring": "o", "tree": "t1", "nvls": "s", "nvlstree": "d", "collnet": "star", "pat": "h",
                "p2p": "p"}
UNKNOWN_SYMBOL = "x"  # an algorithm a newer engine adds still gets a marker
LINE_WIDTH_PX = 2
SYMBOL_SIZE_PX = 7
HOVER_SYMBOL_SIZE_PX = 11
# nccl-tests' default sweep, 8 B .. 16 GiB (nccl-tests doc/PERFORMANCE.md); the axis always spans it.
MIN_EXPONENT, MAX_EXPONENT = 3, 34
# Labelled sizes: the sweep's ends and the binary units; a second level labels sizes in between
# (pyqtgraph draws it only when there is room), and every other power of two gets a bare tick.
MAJOR_EXPONENTS = (3, 10, 20, 30, 34)
MINOR_LABELLED_EXPONENTS = (6, 13, 16, 23, 26)  # 64 B, 8 KiB, 64 KiB, 8 MiB, 64 MiB
AXIS_MARGIN_DECADES = 0.3  # log10 padding either side, so the end labels (8 B, 16 GiB) are not clipped
DEFAULT_HOVER_BYTES = 2**30  # the headline size (engine HEADLINE_BUSBW_BYTES, docs/models/collectives.md)
US_PER_S = 1e6  # unit conversion
GRID_ALPHA = 0.25  # faint grid: reading values off it matters less than the curves
HOVER_HINT = QT_TRANSLATE_NOOP("CurvesView", "Hover over the plot to read the curves at a message size.")
PLOT_MIN_HEIGHT_PX = 140  # small enough for a bottom dock; the axes stay readable
LEGEND_OFFSET_PX = (10, 6)  # positive: from the top-left corner of the plot area
# Narrow plots stack the legend two entries a row; wide ones (the small sizes on the left are all
# near zero, so there is room) put the four collectives on one row, saving height in a bottom dock.
NARROW_LEGEND_COLUMNS, WIDE_LEGEND_COLUMNS = 2, 4
WIDE_FROM_PX = 800


def log_position(nbytes: float) -> float:
    """Where ``nbytes`` sits on the log-x axis (pyqtgraph's log mode plots log10 of x)."""
    return math.log10(nbytes)


def byte_ticks() -> list[list[tuple[float, str]]]:
    """Major and minor tick levels for a log10 axis of byte sizes, labelled 8 B … 16 GiB."""
    major = [(log_position(2**e), format_bytes(2**e)) for e in MAJOR_EXPONENTS]
    minor = [(log_position(2**e), format_bytes(2**e) if e in MINOR_LABELLED_EXPONENTS else "")
             for e in range(MIN_EXPONENT, MAX_EXPONENT + 1) if e not in MAJOR_EXPONENTS]
    return [major, minor]


def algorithm_label(algorithm: str, protocol: str = "") -> str:
    name = ALGO_NAMES.get(algorithm, algorithm)
    return f"{name}/{protocol}" if protocol else name


def point_fields(point: Any) -> dict[str, Any]:
    """A CollectiveResult or its JSON (``point_json``) as a dict with the same keys."""
    if isinstance(point, dict):
        return point
    return {"bytes": point.bytes, "time_us": point.time_us, "busbw_GBps": point.busbw_GBps,
            "algbw_GBps": point.algbw_GBps, "algorithm": point.algorithm, "protocol": point.protocol,
            "bottleneck": point.bottleneck}


class CurvesView(QWidget):
    """The four busbw curves, a legend of collectives and algorithms, and a hover readout."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsCurves")
        self._points: dict[str, list[dict[str, Any]]] = {op: [] for op in OP_NAMES}
        self._hover_bytes: int | None = DEFAULT_HOVER_BYTES
        self.plot_widget = self._make_plot()
        self.curves = {op: self._make_curve(op) for op in OP_NAMES}
        self._hover_line, self._hover_dots = self._make_hover_items()
        self._fill_legend()
        self.title = QLabel()
        self.title.setObjectName("curvesTitle")
        self.title.setWordWrap(True)  # a long GPU name must not set the dock's minimum width
        self.readout = QLabel()
        self.readout.setObjectName("curvesReadout")
        self.readout.setWordWrap(True)
        self.readout.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.plot_widget, 1)
        layout.addWidget(self.readout)
        self.plot_widget.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self.show_curves(None, self.tr("not yet computed"))

    # ----- construction ----------------------------------------------------------------------
    def _make_plot(self) -> pg.PlotWidget:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        widget = pg.PlotWidget(background=palette.color(QPalette.ColorRole.Base))
        widget.setObjectName("curvesPlot")
        widget.setMinimumHeight(PLOT_MIN_HEIGHT_PX)
        plot = widget.getPlotItem()
        plot.setLogMode(x=True, y=False)
        plot.showGrid(x=True, y=True, alpha=GRID_ALPHA)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        for name in ("bottom", "left"):
            axis = plot.getAxis(name)
            axis.setPen(text)
            axis.setTextPen(text)
        plot.getAxis("bottom").setTicks(byte_ticks())
        plot.setLabel("bottom", self.tr("message size (nccl-tests size column)"))
        plot.setLabel("left", self.tr("busbw"), units="GB/s")
        for name in ("bottom", "left"):
            plot.getAxis(name).enableAutoSIPrefix(False)  # sizes and GB/s carry their own units
        plot.setXRange(log_position(2**MIN_EXPONENT) - AXIS_MARGIN_DECADES,
                       log_position(2**MAX_EXPONENT) + AXIS_MARGIN_DECADES, padding=0)
        plot.setMouseEnabled(x=False, y=False)  # a fixed chart in a dock: drags would lose the sweep
        plot.enableAutoRange(axis="y")
        return widget

    def _make_curve(self, op: str) -> pg.PlotDataItem:
        colour = QColor(OP_COLOURS[op])
        style = Qt.PenStyle.DashLine if op in OP_DASHED else Qt.PenStyle.SolidLine
        pen = pg.mkPen(colour, width=LINE_WIDTH_PX, style=style)
        item = pg.PlotDataItem([], [], pen=pen, symbolBrush=colour, symbolPen=colour,
                               symbolSize=SYMBOL_SIZE_PX, name=OP_NAMES[op])
        self.plot_widget.addItem(item)
        return item

    def _make_hover_items(self) -> tuple[pg.InfiniteLine, pg.ScatterPlotItem]:
        text = self.palette().color(QPalette.ColorRole.WindowText)
        line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(text, style=Qt.PenStyle.DotLine))
        dots = pg.ScatterPlotItem(size=HOVER_SYMBOL_SIZE_PX, pen=pg.mkPen(text), brush=None)
        self.plot_widget.addItem(line, ignoreBounds=True)
        self.plot_widget.addItem(dots)
        return line, dots

    def _fill_legend(self) -> None:
        """Collectives by colour, then algorithms by marker (grey, as the shape is what matters).

        The legend gets stand-in line samples: pyqtgraph's legend cannot draw an item whose symbol is
        a per-point list (it crashes in ``drawSymbol``). Clicking a stand-in hides or shows its curve.
        """
        text = self.palette().color(QPalette.ColorRole.WindowText)
        # Top left: every curve is near zero at small sizes, so the legend hides no data there.
        plot = self.plot_widget.getPlotItem()
        legend = plot.addLegend(offset=LEGEND_OFFSET_PX, labelTextColor=text, colCount=NARROW_LEGEND_COLUMNS)
        self.legend = legend
        for op, curve in self.curves.items():
            sample = pg.PlotDataItem([], [], pen=curve.opts["pen"])
            sample.visibleChanged.connect(partial(_follow_visibility, sample, curve))
            legend.addItem(sample, OP_NAMES[op])
        self._markers = {algo: pg.ScatterPlotItem(symbol=symbol, size=SYMBOL_SIZE_PX, brush=text, pen=text)
                         for algo, symbol in ALGO_SYMBOLS.items()}
        self._listed_algos: list[str] = []

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        wide = event.size().width() >= WIDE_FROM_PX
        columns = WIDE_LEGEND_COLUMNS if wide else NARROW_LEGEND_COLUMNS
        if self.legend.columnCount != columns:
            self.legend.setColumnCount(columns)

    def changeEvent(self, event: QEvent) -> None:
        """A new theme (appearance.apply_theme): pyqtgraph paints with colours it was given, so pass them on."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._follow_palette()

    def _follow_palette(self) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        self.plot_widget.setBackground(palette.color(QPalette.ColorRole.Base))
        plot = self.plot_widget.getPlotItem()
        for name in ("bottom", "left"):
            axis = plot.getAxis(name)
            axis.setPen(text)
            axis.setTextPen(text)
        self._hover_line.setPen(pg.mkPen(text, style=Qt.PenStyle.DotLine))
        self._hover_dots.setPen(pg.mkPen(text))
        for marker in self._markers.values():
            marker.setBrush(text)
            marker.setPen(text)
        self.legend.setLabelTextColor(text)
        for _sample, label in self.legend.items:  # setLabelTextColor keeps drawn labels as they were
            label.setText(label.text)

    # ----- data ------------------------------------------------------------------------------
    def show_curves(self, curves: dict[str, Sequence[Any]] | None, reason: str = "",
                    subtitle: str = "") -> None:
        """Plot ``curves`` (op -> points, CollectiveResult or JSON); None clears them and shows ``reason``."""
        self._points = {op: [point_fields(p) for p in (curves or {}).get(op, ())] for op in OP_NAMES}
        for op, item in self.curves.items():
            self._set_curve(item, self._points[op])
        self._update_legend_visibility()
        if curves is None:
            why = escape(reason or self.tr('not available'))
            self.title.setText(f"<b>{self.tr('Collective bandwidth')}</b> — {why}")
        else:
            title = self.tr("Collective bandwidth")
            self.title.setText(f"<b>{title}</b> — {escape(subtitle)}" if subtitle else f"<b>{title}</b>")
        self._show_hover(self._hover_bytes)

    @staticmethod
    def _set_curve(item: pg.PlotDataItem, points: list[dict[str, Any]]) -> None:
        x = np.array([p["bytes"] for p in points], dtype=np.float64)
        busbw = [np.nan if p["busbw_GBps"] is None else p["busbw_GBps"] for p in points]
        y = np.array(busbw, dtype=np.float64)
        symbols = [ALGO_SYMBOLS.get(p["algorithm"], UNKNOWN_SYMBOL) for p in points]
        item.setData(x, y, symbol=symbols if symbols else None)

    def _update_legend_visibility(self) -> None:
        """List only the algorithms some curve uses, so the legend explains exactly what is on screen."""
        used = {p["algorithm"] for points in self._points.values() for p in points}
        wanted = [algo for algo in ALGO_SYMBOLS if algo in used]
        if wanted == self._listed_algos:
            return
        for algo in self._listed_algos:
            self.legend.removeItem(self._markers[algo])
        for algo in wanted:
            self.legend.addItem(self._markers[algo], ALGO_NAMES[algo])
        self._listed_algos = wanted

    def legend_labels(self) -> list[str]:
        return [label.text for _, label in self.legend.items]

    def plotted(self, op: str) -> tuple[np.ndarray, np.ndarray]:
        """The (bytes, busbw GB/s) arrays the curve of ``op`` shows (raw, before the log transform)."""
        item = self.curves[op]
        if item.xData is None:
            return np.zeros(0), np.zeros(0)
        return np.asarray(item.xData), np.asarray(item.yData)

    def algorithms(self, op: str) -> list[str]:
        return [p["algorithm"] for p in self._points[op]]

    # ----- hover -----------------------------------------------------------------------------
    def hover_at(self, nbytes: float | None) -> None:
        """Move the crosshair to the plotted size nearest ``nbytes`` (None hides it)."""
        self._hover_bytes = None if nbytes is None else int(nbytes)
        self._show_hover(self._hover_bytes)

    def _nearest_size(self, nbytes: float) -> int | None:
        sizes = sorted({p["bytes"] for points in self._points.values() for p in points})
        if not sizes or nbytes <= 0:
            return None
        target = math.log2(nbytes)
        return min(sizes, key=lambda s: abs(math.log2(s) - target))

    def _show_hover(self, nbytes: int | None) -> None:
        size = None if nbytes is None else self._nearest_size(nbytes)
        self._hover_line.setVisible(size is not None)
        if size is None:
            self._hover_dots.setData([], [])
            has_data = any(self._points.values())
            self.readout.setText(self.tr(HOVER_HINT) if has_data else "")
            return
        self._hover_line.setValue(log_position(size))
        at_size = ((op, p) for op, points in self._points.items() for p in points if p["bytes"] == size)
        shown = [(op, p) for op, p in at_size if p["busbw_GBps"] is not None]
        self._hover_dots.setData([log_position(size)] * len(shown), [p["busbw_GBps"] for _, p in shown])
        self.readout.setText(readout_html(size, shown))

    def _on_scene_mouse_moved(self, position: QPointF) -> None:
        box = self.plot_widget.getPlotItem().getViewBox()
        if not box.sceneBoundingRect().contains(position):
            return
        x = box.mapSceneToView(position).x()
        self.hover_at(10.0 ** x)


def _follow_visibility(sample: pg.PlotDataItem, curve: pg.PlotDataItem) -> None:
    curve.setVisible(sample.isVisible())


def readout_html(size: int, shown: list[tuple[str, dict[str, Any]]]) -> str:
    """One line per collective at ``size``: busbw, time, algorithm/protocol, and what limits it."""
    rows = [f"<b>{escape(format_bytes(size))}</b>"]
    for op, point in shown:
        colour = OP_COLOURS[op]
        algo = algorithm_label(point["algorithm"], point["protocol"])
        time = format_duration(None if point["time_us"] is None else point["time_us"] / US_PER_S)
        line = translate("CurvesView", "{op}: {busbw} in {time}, {algorithm} — {bottleneck}").format(
            op=OP_NAMES[op], busbw=f"<b>{escape(format_bandwidth(point['busbw_GBps']))}</b>", time=escape(time),
            algorithm=escape(algo), bottleneck=escape(bottleneck_text(point["bottleneck"])))
        rows.append(f"<span style='color:{colour}'>■</span> {line}")
    return "<br>".join(rows)


translate = QCoreApplication.translate  # lupdate reads translate("Context", "literal") calls
# The words of the engine's bottleneck labels (engine/collectives/hardware.py, model.py), longest first so
# that "single rank (local copy)" is replaced before any shorter phrase inside it; numbers pass through.
BOTTLENECK_PHRASES = (QT_TRANSLATE_NOOP("CurvesView", "single rank (local copy)"),
                      QT_TRANSLATE_NOOP("CurvesView", "inter-node NIC"),
                      QT_TRANSLATE_NOOP("CurvesView", "to each NIC"),
                      QT_TRANSLATE_NOOP("CurvesView", "between GPUs"),
                      QT_TRANSLATE_NOOP("CurvesView", "NVLink mesh"),
                      QT_TRANSLATE_NOOP("CurvesView", "latency"))


def bottleneck_text(label: str) -> str:
    """The engine's bottleneck label in the UI language: "inter-node NIC (400 Gb/s x 8)" -> "节点间网卡 (…)"."""
    for phrase in BOTTLENECK_PHRASES:
        if phrase in label:
            label = label.replace(phrase, translate("CurvesView", phrase))
    return label
