"""The results dock: collective curves, rack power and cooling, cost and the training estimate.

It listens to the Document: ``results_pending`` marks the shown numbers as being recomputed (or
shows "not yet computed" when there are none yet) once the results have taken a frame (ui/pending.py),
``results_updated`` fills every tab from the new :class:`~planner_gui.engine.sections.results.Analysis`,
and ``results_failed`` says why the engine could not run. The tabs and their plot and table items are
built once; results only replace data.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QVBoxLayout, QWidget

from planner_gui.present import format_bandwidth, format_count, format_kw, plural
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.pending import PendingNotice
from planner_gui.ui.results.cost import CostView
from planner_gui.ui.results.curves import CurvesView
from planner_gui.ui.results.power import W_PER_KW, PowerView
from planner_gui.ui.results.style import RED, reason_text
from planner_gui.ui.results.training import TrainingView

PANEL_MARGIN_PX = 4  # a dock's frame already pads; a thin margin keeps the content off it
NOT_YET_COMPUTED = QT_TRANSLATE_NOOP("ResultsPanel", "Results not yet computed")
COMPUTING = QT_TRANSLATE_NOOP("ResultsPanel", "Computing results…")
UPDATING = QT_TRANSLATE_NOOP("ResultsPanel", "Updating…")
PLACEHOLDER_PAGE, RESULTS_PAGE = 0, 1
TAB_TITLES = (QT_TRANSLATE_NOOP("ResultsPanel", "Collectives"), QT_TRANSLATE_NOOP("ResultsPanel", "Power && cooling"),
              QT_TRANSLATE_NOOP("ResultsPanel", "Cost"), QT_TRANSLATE_NOOP("ResultsPanel", "Training"))
# "&&" above: a literal & in a tab title


class ResultsPanel(QWidget):
    """Everything the engine computed about the open design, refreshed after every edit."""

    def __init__(self, document: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsPanel")
        self._document = document
        self.analysis: Any = None
        self._shown: dict[str, tuple[Any, ...]] = {}  # per pane: what it last drew (refresh(changed_only=True))
        self.status = QLabel()
        self.status.setObjectName("resultsStatus")
        self.status.setWordWrap(True)
        self.status.setVisible(False)
        self.placeholder = QLabel(self.tr(NOT_YET_COMPUTED))
        self.placeholder.setObjectName("resultsPlaceholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setEnabled(False)  # greyed: a state, not content
        self.curves = CurvesView()
        self.power = PowerView(document)
        self.cost = CostView()
        self.training = TrainingView()
        self.tabs = self._make_tabs()
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.placeholder)
        self.pages.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(PANEL_MARGIN_PX, PANEL_MARGIN_PX, PANEL_MARGIN_PX, PANEL_MARGIN_PX)
        layout.addWidget(self.status)
        layout.addWidget(self.pages, 1)
        self._connect(document)
        if getattr(document, "analysis", None) is not None:
            self._on_document_results_updated(document.analysis)

    def _make_tabs(self) -> QTabWidget:
        tabs = QTabWidget(self)
        tabs.setObjectName("resultsTabs")
        tabs.setDocumentMode(True)
        for title, view in zip(TAB_TITLES, (self.curves, self.power, self.cost, self.training), strict=True):
            tabs.addTab(view, self.tr(title))
        return tabs

    def _connect(self, document: Any) -> None:
        self.pending = PendingNotice(document, self._show_updating, self)  # a frame late: most results come sooner
        document.results_updated.connect(self._on_document_results_updated)
        document.design_replaced.connect(self._on_document_design_replaced)
        failed = getattr(document, "results_failed", None)  # beyond the GUI contract: optional
        if failed is not None:
            failed.connect(self._on_document_results_failed)

    # ----- state -----------------------------------------------------------------------------
    @property
    def showing_results(self) -> bool:
        return self.pages.currentIndex() == RESULTS_PAGE

    def _show_placeholder(self, text: str) -> None:
        self.analysis = None
        self.placeholder.setText(text)
        self.pages.setCurrentIndex(PLACEHOLDER_PAGE)
        self._set_status("")  # the placeholder says it all; a headline of nothing would only repeat it

    def _set_status(self, html: str) -> None:
        self.status.setText(html)
        self.status.setVisible(bool(html))

    # ----- slots -----------------------------------------------------------------------------
    def _show_updating(self) -> None:
        if self.analysis is None:
            self._show_placeholder(f"{self.tr(NOT_YET_COMPUTED)} — {self.tr(COMPUTING)}")
        else:
            self._set_status(f"{summary_text(self.analysis)} · <i>{self.tr(UPDATING)}</i>")

    def _on_document_design_replaced(self) -> None:
        self._show_placeholder(self.tr(NOT_YET_COMPUTED))  # the old design's numbers say nothing about the new one

    def _on_document_results_failed(self, message: str) -> None:
        if self.analysis is None:
            self._show_placeholder(self.tr(NOT_YET_COMPUTED))
        self._set_status(f"<span style='color:{readable_on(RED, self)}'>{escape(message)}</span>")

    def _on_document_results_updated(self, analysis: Any) -> None:
        self.analysis = analysis
        self.refresh(analysis, changed_only=True)
        self.pages.setCurrentIndex(RESULTS_PAGE)
        self._set_status(summary_text(analysis))

    def refresh(self, analysis: Any, changed_only: bool = False) -> None:
        """Fill every tab from ``analysis`` (an engine Analysis); sections it lacks show their reason.
        ``changed_only``: leave a pane as it is when what it shows is the very section it drew last (the
        analysis cache hands back an unchanged section as the same object): after a rack's budget edit
        the curves, cost and training panes are not redrawn."""
        raw = dict(getattr(analysis, "unavailable", {}) or {})
        unavailable = {name: reason_text(why) for name, why in raw.items()}  # a Text must reach reason_text
        design = getattr(self._document, "design", None)
        collectives = analysis.collectives
        if self._changed("curves", changed_only, collectives, unavailable.get("collectives", "")):
            self.curves.show_curves(None if collectives is None else dict(collectives.curves),
                                    reason=unavailable.get("collectives", ""),
                                    subtitle="" if collectives is None else curves_subtitle(collectives))
        self.power.show_reports(analysis.power, analysis.cooling, analysis.summary, design,
                                reason=unavailable.get("power", ""))  # rack names come from the design
        if self._changed("cost", changed_only, analysis.cost, unavailable.get("cost", "")):
            self.cost.show_cost(analysis.cost, reason=unavailable.get("cost", ""))
        workload = getattr(design, "workload", None)
        if self._changed("training", changed_only, analysis.training, workload, str(raw.get("training", ""))):
            self.training.show_training(analysis.training, workload,
                                        reason=raw.get("training", ""))  # the view translates it after comparing

    def changeEvent(self, event: QEvent) -> None:
        """Another theme: the training and cost texts carry status colours shaded for the old background."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "analysis", None) is not None:
            self._shown.pop("cost", None)
            self._shown.pop("training", None)
            self.refresh(self.analysis, changed_only=True)  # the curves and the power bars follow by themselves

    def _changed(self, pane: str, changed_only: bool, *shown: Any) -> bool:
        """Whether ``pane`` must draw ``shown`` (sections compared by identity, reasons by value)."""
        last = self._shown.get(pane)
        self._shown[pane] = shown
        return not (changed_only and last is not None and len(last) == len(shown) and all(
            a is b or (isinstance(a, str) and a == b) for a, b in zip(last, shown, strict=True)))


def curves_subtitle(collectives: Any) -> str:
    """"256 ranks (32 nodes × 8 GPUs)": the job the curves describe (engine FabricProfile)."""
    profile = collectives.profile
    return plural(profile.nodes,
                  QCoreApplication.translate("ResultsPanel", "{ranks} ranks ({nodes} node × {per_node} GPUs, {gpu})"),
                  QCoreApplication.translate("ResultsPanel", "{ranks} ranks ({nodes} nodes × {per_node} GPUs, {gpu})")
                  ).format(
        ranks=format_count(profile.ranks), nodes=format_count(profile.nodes), per_node=profile.gpus_per_node,
        gpu=profile.gpu_name)


def summary_text(analysis: Any) -> str:
    """The headline in one line: GPUs, racks, IT load and the AllReduce figure."""
    summary = analysis.summary
    parts = [f"<b>{escape(summary.name)}</b>",
             plural(summary.gpus, QCoreApplication.translate("ResultsPanel", "{n} GPU"),
                    QCoreApplication.translate("ResultsPanel", "{n} GPUs")).format(n=format_count(summary.gpus)),
             plural(summary.racks, QCoreApplication.translate("ResultsPanel", "{n} rack"),
                    QCoreApplication.translate("ResultsPanel", "{n} racks")).format(n=format_count(summary.racks))]
    if summary.it_kw is not None:
        it_kw = format_kw(summary.it_kw * W_PER_KW)
        parts.append(QCoreApplication.translate("ResultsPanel", "{kw} IT").format(kw=it_kw))
    if summary.allreduce_busbw_1gib_gbps is not None:
        parts.append(QCoreApplication.translate("ResultsPanel", "AllReduce {bw} at 1 GiB").format(
            bw=format_bandwidth(summary.allreduce_busbw_1gib_gbps)))
    return " · ".join(parts)
