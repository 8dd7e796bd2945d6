"""Tools ▸ Sweep…: one parameter over a range, a headline figure plotted against it, every figure in
a table. The sweep runs in a worker thread (each value regenerates and analyses a whole design)
with a progress bar and a Cancel button that stops it between two values.

The range box takes the CLI's syntax (engine/compare/sweep.py): ``8..256`` doubles, ``20..60:10`` steps,
``8,16,32`` lists. The sweep works on a copy of the open design taken when it starts, so edits made
meanwhile do not disturb it.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner_gui.document import Document
from planner_gui.document.collector import CollectorHold
from planner_gui.engine import EFFICIENCY_KEY, FIGURES, PARAMS, SweepResult, parse_range, run_sweep
from planner_gui.i18n import ui_error_text, ui_text
from planner_gui.present import format_figure
from planner_gui.ui.dialogs.compare import make_cell, make_table, themed_plot
from planner_gui.ui.dialogs.single import raised, single_dialog
from planner_gui.ui.engine_labels import figure_label, param_label
from planner_gui.ui.results.curves import OP_COLOURS

# A starting range per parameter: the examples (8 to 1,024 GPUs is 1 to 128 DGX nodes).
DEFAULT_RANGES = {"nodes": "1..128", "nic_gbps": "200,400,800", "oversubscription": "1..4:1",
                  "rack_kw": "20..60:10", "nic": "ib-ndr-400,roce-400", "server": "dgx-h100,dgx-a100"}
DEFAULT_FIGURE = "training_days"
EFFICIENCY_LABEL = "Training throughput per GPU vs the first value"
LINE_COLOUR = OP_COLOURS["allreduce"]  # the results panel's blue
LINE_WIDTH_PX = 2
SYMBOL_SIZE_PX = 8
TABLE_FIGURES = ("gpus", "racks", "it_kw", "buy_upfront", "buy_per_gpu_hour", "allreduce_busbw_1gib",
                 "training_days", EFFICIENCY_KEY, "checks_error")
MIN_SIZE = (900, 620)
PROGRESS_SCALE = 1  # one progress step per value
WAIT_MS = 60_000  # wait(): a 64-value sweep of large designs takes tens of seconds on 2 cores

Runner = Callable[..., SweepResult]  # engine.sweep.run_sweep's signature


class _Signals(QObject):
    progress = Signal(int, int, str)
    done = Signal(object)  # SweepResult
    failed = Signal(str)


class _Job(QRunnable):
    def __init__(self, work: Callable[[], None]) -> None:
        super().__init__()
        self._work = work

    def run(self) -> None:
        self._work()


def _figure_choices() -> list[tuple[str, str, str]]:
    """(key, label in the UI language, unit) of every figure a sweep can plot."""
    figures = [(f.key, f.label, f.unit) for f in FIGURES] + [(EFFICIENCY_KEY, EFFICIENCY_LABEL, "fraction")]
    return [(key, figure_label(key, label), unit) for key, label, unit in figures]


class SweepDialog(QDialog):
    finished_sweep = Signal(object)  # the SweepResult, cancelled or complete
    failed_sweep = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None, runner: Runner = run_sweep) -> None:
        super().__init__(parent)
        self.setObjectName("sweepDialog")
        self.setWindowTitle(self.tr("Sweep a parameter"))
        self.document, self._runner = document, runner
        self.result: SweepResult | None = None
        self._cancel = threading.Event()
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._collector = CollectorHold(self)  # no collector pass in the worker (document/collector.py)
        self._signals = _Signals(self)
        self._signals.progress.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self._signals.done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)
        self._signals.failed.connect(self._on_failed, Qt.ConnectionType.QueuedConnection)
        self.param = QComboBox(objectName="sweepParam")
        for name, p in PARAMS.items():
            self.param.addItem(f"{name} — {param_label(name, p.label)}", name)
        self.range_edit = QLineEdit(objectName="sweepRange")
        self.figure = QComboBox(objectName="sweepFigure")
        for key, label, _ in _figure_choices():
            self.figure.addItem(label, key)
        self.figure.setCurrentIndex(self.figure.findData(DEFAULT_FIGURE))
        self.run_button = QPushButton(self.tr("Run"), objectName="sweepRun")
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="sweepCancel", enabled=False)
        self.progress = QProgressBar(objectName="sweepProgress")
        self.status = QLabel(objectName="sweepStatus", wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.plot = themed_plot(self)
        self.curve = pg.PlotDataItem([], [], pen=pg.mkPen(QColor(LINE_COLOUR), width=LINE_WIDTH_PX),
                                     symbol="o", symbolSize=SYMBOL_SIZE_PX, symbolBrush=QColor(LINE_COLOUR))
        self.plot.addItem(self.curve)
        # parameter values are plain numbers or catalog ids: no "(x0.001)" scale note on their axis
        self.plot.getPlotItem().getAxis("bottom").enableAutoSIPrefix(False)
        self.table = make_table([self.tr("Value")] + [self._label(k) for k in TABLE_FIGURES])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._build()
        self.param.currentIndexChanged.connect(self._on_param_changed)
        self.figure.currentIndexChanged.connect(lambda _i: self._plot())
        self._on_param_changed()
        self.resize(*MIN_SIZE)

    def _label(self, key: str) -> str:
        return next(label for k, label, _ in _figure_choices() if k == key)

    def _build(self) -> None:
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Vary")))
        row.addWidget(self.param, 2)
        row.addWidget(QLabel(self.tr("over")))
        row.addWidget(self.range_edit, 2)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        plot_row = QHBoxLayout()
        plot_row.addWidget(QLabel(self.tr("Plot")))
        plot_row.addWidget(self.figure, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addLayout(plot_row)
        layout.addWidget(self.plot, 2)
        layout.addWidget(self.table, 1)
        self.run_button.clicked.connect(lambda: self.start())
        self.cancel_button.clicked.connect(self.cancel)

    def _on_param_changed(self) -> None:
        self.range_edit.setText(DEFAULT_RANGES.get(self.param.currentData(), ""))

    # ----- running -----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return not self.run_button.isEnabled()

    def start(self, text: str | None = None) -> bool:
        """Start the sweep ``text`` (``name=range``; default: the boxes); False when the range is bad."""
        if self.running:
            return False
        spec = text if text is not None else f"{self.param.currentData()}={self.range_edit.text()}"
        try:
            sweep = parse_range(spec)
        except ValueError as error:
            self.status.setText(ui_error_text(error))
            return False
        design, catalog = copy.deepcopy(self.document.design), self.document.catalog
        self._cancel.clear()
        self._set_running(True, len(sweep.values))
        self.status.setText(self.tr("Building {} designs…").format(len(sweep.values)))

        def work() -> None:
            try:
                result = self._runner(design, catalog, sweep, progress=self._signals.progress.emit,
                                      cancelled=self._cancel.is_set)
            except (ValueError, KeyError) as error:  # the design cannot be swept: said in the dialog
                self._signals.failed.emit(ui_error_text(error))  # translated here: a Signal(str) drops a Text
                return
            self._signals.done.emit(result)

        self._collector.hold()
        self._pool.start(_Job(work))
        return True

    def cancel(self) -> None:
        """Stop after the value being built now (a value is never left half done)."""
        if self.running:
            self._cancel.set()
            self.status.setText(self.tr("Cancelling after the current value…"))

    def wait(self, timeout_ms: int = WAIT_MS) -> bool:
        return bool(self._pool.waitForDone(timeout_ms))

    def _set_running(self, running: bool, total: int = 0) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        if running:
            self.progress.setRange(0, total * PROGRESS_SCALE)
            self.progress.setValue(0)

    def _on_progress(self, done: int, total: int, what: str) -> None:
        self.progress.setMaximum(total * PROGRESS_SCALE)
        self.progress.setValue(done * PROGRESS_SCALE)
        if not self._cancel.is_set() and done < total:  # the last call says "done" in English: _on_done says it
            self.status.setText(self.tr("{} of {}: {}").format(done, total, what))

    def _on_done(self, result: SweepResult) -> None:
        self._collector.release()
        self._set_running(False)
        self.result = result
        failed = [p for p in result.points if p.error]
        state = self.tr("cancelled") if result.cancelled else self.tr("done")
        text = self.tr("{}: {} of {} values").format(state, len(result.points), len(result.values))
        if failed:
            text += self.tr("; {} could not be built (see the table)").format(len(failed))
        self.status.setText(text)
        self._fill_table(result)
        self._plot()
        self.finished_sweep.emit(result)

    def _on_failed(self, message: str) -> None:
        self._collector.release()
        self._set_running(False)
        self.status.setText(self.tr("The sweep could not run: {}").format(message))
        self.failed_sweep.emit(message)

    # ----- results -----------------------------------------------------------------------------
    def _fill_table(self, result: SweepResult) -> None:
        currency = str(self.document.design.meta.currency)
        units = {k: u for k, _, u in _figure_choices()}
        self.table.setRowCount(len(result.points))
        for i, point in enumerate(result.points):
            self.table.setItem(i, 0, make_cell(str(point.value), False))
            for j, key in enumerate(TABLE_FIGURES, start=1):
                text = format_figure(point.figures.get(key), units[key], currency) if not point.error else ""
                self.table.setItem(i, j, make_cell(text))
            if point.error:
                reason = ui_text(point.error)  # the generator's refusal is a Text: in the app's language
                self.table.item(i, 0).setToolTip(reason)
                self.table.setItem(i, 1, make_cell(self.tr("cannot be built: {}").format(reason), False))

    def plotted(self) -> tuple[list[float], list[float]]:
        """(x, y) of the plotted figure: values (or their index for catalog ids) and the figure."""
        x, y = self.curve.xData, self.curve.yData
        return ([] if x is None else list(x)), ([] if y is None else list(y))

    def _plot(self) -> None:
        result = self.result
        if result is None:
            return
        key = self.figure.currentData()
        points = [p for p in result.points if not p.error and p.figures.get(key) is not None]
        numeric = all(isinstance(p.value, int | float) for p in points)
        xs = [float(p.value) if numeric else float(i) for i, p in enumerate(points)]  # type: ignore[arg-type]
        self.curve.setData(xs, [float(p.figures[key]) for p in points])  # type: ignore[arg-type]
        axis = self.plot.getPlotItem().getAxis("bottom")
        axis.setTicks(None if numeric else [[(float(i), str(p.value)) for i, p in enumerate(points)]])
        self.plot.getPlotItem().setLabel("bottom", param_label(result.param, result.label))
        self.plot.getPlotItem().setLabel("left", self.figure.currentText())

    def closeEvent(self, event: Any) -> None:
        self._cancel.set()
        self._pool.waitForDone()
        self._collector.release()
        super().closeEvent(event)


def open_sweep(window: Any) -> SweepDialog:
    return raised(single_dialog(window, "_sweep_dialog", SweepDialog))
