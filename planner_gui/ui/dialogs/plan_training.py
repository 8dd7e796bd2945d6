"""Tools ▸ Plan Training…: the layout search on the open design, and the inverse search for a cluster.

Two tabs share the model, the global batch and the tokens. *Layouts on this design* ranks the
parallel layouts of the model on the design's GPUs and fabric (engine ``plan_design``, what
``cluster-planner plan-training --design`` prints); the chosen row becomes the design's workload
with **Use this layout** (one undo step through the Document). *Which cluster to build* ranks
catalog servers × sizes built by the templates by cost and time (engine ``plan_clusters``, what
``cluster-planner plan-cluster`` prints). Both run in a worker thread on a copy of the inputs taken when
they start (ui/dialogs/background.py: the worker touches no Qt object; a timer here polls it), with a
progress bar and a Cancel button; closing the dialog cancels a search under way.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QHideEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from planner_gui.document import Document
from planner_gui.engine import (
    MODEL_PRESETS,
    PAY_OPTIONS,
    ClusterRequest,
    PlanSpace,
    SearchCancelled,
    find_preset,
    plan_clusters,
    plan_design,
    shape_from_workload,
)
from planner_gui.i18n import ui_error_text, ui_text
from planner_gui.model import Precision
from planner_gui.ui.dialogs.background import BackgroundSearch, SearchSlot
from planner_gui.ui.dialogs.plan_tables import cluster_table, fill_clusters, fill_layouts, layout_table

DESIGN_MODEL = ""  # the model combo's entry for the design's own workload
DEFAULT_BATCH = 512
DEFAULT_TOKENS = 1e12
DEFAULT_DEADLINE_DAYS = 30.0
DEFAULT_MAX_NODES = 256  # the dialog's default: a search of every server in a few seconds
MIN_SIZE = (980, 640)
POLL_MS = 50  # how often the dialog looks at the worker: progress 20 times a second, the result within 50 ms
WAIT_MS = 120_000  # wait_idle(): a cluster search of every server on a busy 2-core machine

LayoutRunner = Callable[..., Any]  # engine plan_design's signature
ClusterRunner = Callable[..., Any]  # engine plan_clusters's signature (progress=, stop=)


def _layouts_job(runner: LayoutRunner, args: tuple[Any, ...], kwargs: dict[str, Any],
                 _search: BackgroundSearch) -> Any:
    return runner(*args, **kwargs)  # a fifth of a second: Cancel drops its result rather than stopping it


def _clusters_job(runner: ClusterRunner, catalog: Any, request: ClusterRequest, search: BackgroundSearch) -> Any:
    return runner(catalog, request, progress=search.report, stop=search.stop)


class PlanTrainingDialog(QDialog):
    finished_plan = Signal(str, object)  # "layouts" or "clusters", and the DesignPlan / ClusterPlan
    failed_plan = Signal(str, str)

    def __init__(self, document: Document, parent: QWidget | None = None, layout_runner: LayoutRunner = plan_design,
                 cluster_runner: ClusterRunner = plan_clusters) -> None:
        super().__init__(parent)
        self.setObjectName("planTrainingDialog")
        self.setWindowTitle(self.tr("Plan training"))
        self.document = document
        self.layouts: Any = None  # the last DesignPlan
        self.clusters: Any = None  # the last ClusterPlan
        self._runners = (layout_runner, cluster_runner)
        self._slot = SearchSlot()
        self._which = ""  # "layouts" or "clusters" while a search runs
        self._poll = QTimer(self, interval=POLL_MS)
        self._poll.timeout.connect(self._on_poll_timeout)
        self.destroyed.connect(self._slot.abandon)  # a bound method of a plain object: safe while dying
        self._make_inputs()
        self.layout_table, self.cluster_table = layout_table(self), cluster_table(self)
        self.layout_status = QLabel(objectName="planLayoutStatus", wordWrap=True)
        self.cluster_status = QLabel(objectName="planClusterStatus", wordWrap=True)
        self.run_layouts = QPushButton(self.tr("Search layouts"), objectName="planRunLayouts")
        self.apply_button = QPushButton(self.tr("Use this layout"), objectName="planApply", enabled=False)
        self.run_clusters = QPushButton(self.tr("Search clusters"), objectName="planRunClusters")
        self.progress = QProgressBar(objectName="planProgress", visible=False, textVisible=False)
        self.cancel_button = QPushButton(self.tr("Cancel"), objectName="planCancel", visible=False)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self._build()
        self.run_layouts.clicked.connect(lambda: self.start_layouts())
        self.run_clusters.clicked.connect(lambda: self.start_clusters())
        self.apply_button.clicked.connect(self._on_apply_clicked)
        self.layout_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.layout_table.currentCellChanged.connect(lambda *_cells: self._on_layout_table_selection())
        self.resize(*MIN_SIZE)

    def _make_inputs(self) -> None:
        self.model = QComboBox(objectName="planModel")
        self.model.addItem(self.tr("The design's workload"), DESIGN_MODEL)
        for preset in MODEL_PRESETS:
            self.model.addItem(preset.name, preset.name)
        workload = self.document.design.workload
        self.model.setCurrentIndex(0 if workload is not None else 1)
        self.batch = QSpinBox(objectName="planBatch", minimum=1, maximum=10_000_000)
        self.batch.setValue(workload.global_batch if workload is not None else DEFAULT_BATCH)
        self.tokens = QDoubleSpinBox(objectName="planTokens", minimum=1e-3, maximum=1e4, decimals=3)
        self.tokens.setSuffix(self.tr(" × 10¹² tokens"))
        self.tokens.setValue((workload.train_tokens if workload is not None else DEFAULT_TOKENS) / 1e12)
        self.tp_overlap = QCheckBox(self.tr("The framework can overlap tensor-parallel communication"),
                                    objectName="planTpOverlap")
        self.deadline = QDoubleSpinBox(objectName="planDeadline", minimum=0.0, maximum=7300.0, decimals=1)
        self.deadline.setSpecialValueText(self.tr("none"))
        self.deadline.setSuffix(self.tr(" days"))
        self.deadline.setValue(DEFAULT_DEADLINE_DAYS)
        self.budget = QDoubleSpinBox(objectName="planBudget", minimum=0.0, maximum=1e12, decimals=0)
        self.budget.setSpecialValueText(self.tr("none"))
        self.budget.setSingleStep(1e6)
        self.pay = QComboBox(objectName="planPay")
        for name, label in zip(PAY_OPTIONS, (self.tr("buy"), self.tr("rent"), self.tr("cloud")), strict=True):
            self.pay.addItem(label, name)
        self.rent = QDoubleSpinBox(objectName="planRent", minimum=0.0, maximum=1e7, decimals=2)
        self.cloud = QDoubleSpinBox(objectName="planCloud", minimum=0.0, maximum=1e5, decimals=2)
        for box in (self.rent, self.cloud):
            box.setSpecialValueText(self.tr("not set"))
        self.max_nodes = QSpinBox(objectName="planMaxNodes", minimum=1, maximum=12_500)
        self.max_nodes.setValue(DEFAULT_MAX_NODES)

    def _build(self) -> None:
        shared = QFormLayout()
        shared.addRow(self.tr("Model"), self.model)
        shared.addRow(self.tr("Global batch (sequences)"), self.batch)
        shared.addRow(self.tr("Tokens to train on"), self.tokens)
        shared.addRow("", self.tp_overlap)
        tabs = QTabWidget(objectName="planTabs")
        tabs.addTab(self._tab(self.layout_table, self.layout_status, [self.run_layouts, self.apply_button]),
                    self.tr("Layouts on this design"))
        goal = QFormLayout()
        goal.addRow(self.tr("Deadline"), self.deadline)
        goal.addRow(self.tr("Budget ({})").format(self.document.design.meta.currency), self.budget)
        goal.addRow(self.tr("Pay by"), self.pay)
        goal.addRow(self.tr("Rent per GPU-month"), self.rent)
        goal.addRow(self.tr("Cloud per GPU-hour"), self.cloud)
        goal.addRow(self.tr("Largest cluster (servers)"), self.max_nodes)
        tabs.addTab(self._tab(self.cluster_table, self.cluster_status, [self.run_clusters], goal),
                    self.tr("Which cluster to build"))
        self.tabs = tabs
        busy = QHBoxLayout()
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(shared)
        layout.addLayout(busy)
        layout.addWidget(tabs, 1)

    @staticmethod
    def _tab(table: QWidget, status: QLabel, buttons: list[QPushButton], form: QFormLayout | None = None) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        if form is not None:
            box.addLayout(form)
        row = QHBoxLayout()
        for button in buttons:
            row.addWidget(button)
        row.addStretch(1)
        box.addLayout(row)
        box.addWidget(status)
        box.addWidget(table, 1)
        return page

    # ----- inputs ------------------------------------------------------------------------------
    def _shape(self) -> tuple[Any, str]:
        name = self.model.currentData()
        if name == DESIGN_MODEL:
            workload = self.document.design.workload
            if workload is None:
                raise ValueError(self.tr("the design has no training workload; choose a model"))
            return shape_from_workload(workload), workload.model_name
        preset = find_preset(name)
        assert preset is not None  # the combo lists the presets
        return preset.shape, preset.name

    def _precision(self) -> Precision:
        workload = self.document.design.workload
        if self.model.currentData() == DESIGN_MODEL and workload is not None:
            return Precision(workload.precision)
        return Precision.BF16

    def _space(self) -> PlanSpace:
        return PlanSpace(tp_comm_overlap=(False, True) if self.tp_overlap.isChecked() else (False,))

    @property
    def running(self) -> bool:
        return self._slot.search is not None

    def _set_running(self, running: bool) -> None:
        self.run_layouts.setEnabled(not running)
        self.run_clusters.setEnabled(not running)
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.cancel_button.setEnabled(running)

    def _run(self, which: str, work: Callable[[BackgroundSearch], Any], status: QLabel) -> bool:
        """Start one search in the worker; the poll timer shows its progress and takes its result."""
        self._which = which
        self._slot.search = BackgroundSearch(work)
        self._set_running(True)
        self.progress.setRange(0, 0)  # busy until the engine says how many servers it walks
        status.setText(self.tr("Searching…"))
        self._poll.start()
        return True

    def wait_idle(self, timeout_ms: int = WAIT_MS) -> bool:
        """Process events until the search under way has been shown (tests, scripts)."""
        deadline = QDeadlineTimer(timeout_ms)
        while self.running and not deadline.hasExpired():
            # the poll timer wakes this wait at least every POLL_MS
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        return not self.running

    def _status(self) -> QLabel:
        return self.layout_status if self._which == "layouts" else self.cluster_status

    def _on_poll_timeout(self) -> None:
        search = self._slot.search
        if search is None:
            self._poll.stop()
            return
        if not search.done():
            done, of, server = search.progress
            if of and not search.cancelled:
                self.progress.setRange(0, of)
                self.progress.setValue(done)
                self.cluster_status.setText(self.tr("Searching… {} of {} servers ({})").format(done + 1, of, server))
            return
        self._poll.stop()
        self._slot.search, which = None, self._which
        try:
            result = search.finish()
        except SearchCancelled:
            result = None
        except (ValueError, KeyError) as error:
            self._on_search_failed(which, ui_error_text(error))
            return
        if search.cancelled:
            self._set_running(False)
            self._status().setText(self.tr("Search cancelled"))
            return
        self._on_search_done(which, result)

    def _on_cancel_button_clicked(self) -> None:
        search = self._slot.search
        if search is not None:
            search.cancel()
            self.cancel_button.setEnabled(False)
            self._status().setText(self.tr("Cancelling…"))

    def _stop_search(self) -> None:
        """Closing: cancel the search under way and wait for the worker to let go (under a second)."""
        self._poll.stop()
        if self._slot.search is not None:
            self._slot.abandon()
            self._set_running(False)
            self._status().setText(self.tr("Search cancelled"))

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_search()
        super().closeEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        if not event.spontaneous():  # Escape, Close, or the window going away; not a minimise
            self._stop_search()
        super().hideEvent(event)

    def start_layouts(self) -> bool:
        """Search layouts of the model on the open design; False (with the reason shown) on bad input."""
        if self.running:
            return False
        try:
            shape, _ = self._shape()
        except ValueError as error:
            self.layout_status.setText(ui_error_text(error))
            return False
        design, catalog = copy.deepcopy(self.document.design), self.document.catalog
        batch, tokens, space, precision = self.batch.value(), self.tokens.value() * 1e12, self._space(), \
            self._precision()
        kwargs = {"space": space, "train_tokens": tokens}
        work = partial(_layouts_job, self._runners[0], (design, catalog, shape, batch, precision), kwargs)
        return self._run("layouts", work, self.layout_status)

    def request(self) -> ClusterRequest:
        shape, name = self._shape()
        return ClusterRequest(
            shape, self.batch.value(), self.tokens.value() * 1e12, self.deadline.value() or None,
            self.budget.value() or None, str(self.pay.currentData()), max_nodes=self.max_nodes.value(),
            rent_per_gpu_month=self.rent.value() or None, cloud_per_gpu_hour=self.cloud.value() or None,
            precision=self._precision(), currency=str(self.document.design.meta.currency), model_name=name,
            space=self._space())

    def start_clusters(self) -> bool:
        """Rank candidate clusters for the goal; False (with the reason shown) on bad input."""
        if self.running:
            return False
        try:
            request = self.request()
            request.check(self.document.catalog)
        except ValueError as error:
            self.cluster_status.setText(ui_error_text(error))
            return False
        work = partial(_clusters_job, self._runners[1], self.document.catalog, request)
        return self._run("clusters", work, self.cluster_status)

    # ----- results -----------------------------------------------------------------------------
    def _on_search_done(self, which: str, result: Any) -> None:
        self._set_running(False)
        if which == "layouts":
            self.layouts = result
            r = result.result
            self.layout_status.setText(self.tr("{} layouts searched, {} fit in memory by their model states, {} "
                                               "timed in full on {} GPUs of {}").format(
                r.searched, r.memory_bound_fits, r.timed, result.gpus, result.server_id) if r.entries else
                self.tr("No layout fits in GPU memory; add GPUs or choose a GPU with more memory"))
            fill_layouts(self.layout_table, result)
            self._on_layout_table_selection()
        else:
            self.clusters = result
            currency = str(self.document.design.meta.currency)
            self.cluster_status.setText(ui_text(result.reason) if not result.candidates else self.tr(
                "{} designs built and searched; {} meet the goal").format(result.built, len(result.candidates)))
            fill_clusters(self.cluster_table, result, currency, self.document.catalog)
            left_out = "\n".join(ui_text(note) for note in result.notes)
            self.cluster_status.setToolTip(self.tr("Left out:\n{}").format(left_out) if left_out else "")
        self.finished_plan.emit(which, result)

    def _on_search_failed(self, which: str, message: str) -> None:
        self._set_running(False)
        (self.layout_status if which == "layouts" else self.cluster_status).setText(message)
        self.failed_plan.emit(which, message)

    def _selected_entry(self) -> Any:
        row = self.layout_table.currentRow()
        if self.layouts is None or not 0 <= row < len(self.layouts.result.entries):
            return None
        return self.layouts.result.entries[row]

    def _on_layout_table_selection(self) -> None:
        entry = self._selected_entry()
        hsdp = entry is not None and entry.to_json()["layout"]["sharding"] == "hsdp"
        self.apply_button.setEnabled(entry is not None and not hsdp)
        self.apply_button.setToolTip(self.tr("A design's workload has no HSDP setting") if hsdp else "")

    def _on_apply_clicked(self) -> None:
        entry = self._selected_entry()
        if entry is None:
            return
        shape, name = self._shape()
        workload = entry.workload(shape, self.batch.value(), self._precision(), self.tokens.value() * 1e12, name)
        self.document.set_settings("workload", workload=workload)


def open_plan_training(window: Any) -> PlanTrainingDialog:
    dialog = getattr(window, "_plan_dialog", None)
    if not isinstance(dialog, PlanTrainingDialog):
        dialog = PlanTrainingDialog(window.document, window)
        window._plan_dialog = dialog
    dialog.show()
    dialog.raise_()
    return dialog
