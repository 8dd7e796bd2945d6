"""Tools ▸ Acceptance…: paste or open nccl-tests output from the delivered cluster and see it against
the design: measured and predicted busbw curves overlaid, pass/fail per size, the diagnoses, the
lines that could not be read (with their numbers), and optionally the fitted bandwidth and what it
does to the training estimate.

Everything shown is engine/acceptance/check.py's report, the same as ``cluster-planner accept``; its
sentences are shown in the UI language through i18n/checks_zh.py (report/content/acceptance_messages.py).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from planner_gui.document import Document
from planner_gui.engine import (
    FAIL,
    INCOMPLETE,
    MISMATCH,
    PASS,
    TEST_OPS,
    AcceptanceReport,
    TestVerdict,
    analyze_design,
    check_acceptance,
    named_test,
    parse_nccl_tests,
)
from planner_gui.i18n import current_language, ui_error_text
from planner_gui.i18n.checks_zh import acceptance_fix, acceptance_message, acceptance_problem
from planner_gui.io.results_file import read_results_file
from planner_gui.present import format_bandwidth, format_bytes, format_days, format_percent
from planner_gui.report.content.acceptance_messages import acceptance_word_in
from planner_gui.ui.dialogs.compare import add_legend, busbw_plot, make_cell, make_table
from planner_gui.ui.dialogs.single import raised, single_dialog
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.panels.checks_groups import SEVERITY_WORDS, translate
from planner_gui.ui.results.curves import LEGEND_OFFSET_PX, OP_COLOURS
from planner_gui.ui.results.style import GREEN, GREY, RED, severity_colour

VERDICT_COLOURS = {PASS: GREEN, FAIL: RED, MISMATCH: RED}
# the engine's verdict values, as the dialog shows them (translated with self.tr at run time)
VERDICT_WORDS = {PASS: QT_TRANSLATE_NOOP("AcceptanceDialog", "PASS"),
                 FAIL: QT_TRANSLATE_NOOP("AcceptanceDialog", "FAIL"),
                 INCOMPLETE: QT_TRANSLATE_NOOP("AcceptanceDialog", "INCOMPLETE"),
                 MISMATCH: QT_TRANSLATE_NOOP("AcceptanceDialog", "MISMATCH")}
MEASURED_SYMBOL_PX = 8
LINE_WIDTH_PX = 2
FALLBACK_COLOUR = "#404040"  # an op without a results-panel colour (sendrecv)
MIN_SIZE = (1000, 700)
TINT_ALPHA = 48  # a light tint: the text stays readable on it
PLOT_STRETCH, FINDINGS_STRETCH = 3, 2  # the plot gets most of the height; findings wrap below it
US_DECIMALS = 1
CJK_STOPS = ("。", "！", "？", "；")  # Chinese sentence ends: the next sentence follows without a space


class AcceptanceDialog(QDialog):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("acceptanceDialog")
        self.setWindowTitle(self.tr("Acceptance: measured against predicted"))
        self.document = document
        self.report: AcceptanceReport | None = None
        self.source_name = ""
        self.text = QPlainTextEdit(objectName="acceptanceText")
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # nccl-tests' columns stay aligned
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlaceholderText(self.tr("Paste the output of all_reduce_perf, all_gather_perf, ... "
                                             "here, or open the file."))
        self.hint = QComboBox(objectName="acceptanceTest")
        self.hint.addItem(self.tr("test: as the output says"), "")
        for test in TEST_OPS:
            self.hint.addItem(test, test)
        self.fit = QCheckBox(self.tr("Fit bandwidth and latency and update the training estimate"),
                             objectName="acceptanceFit")
        self.verdict = QLabel(objectName="acceptanceVerdict", wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.run_choice = QComboBox(objectName="acceptanceRun")
        self.plot = busbw_plot(self)
        self.measured = pg.PlotDataItem([], [], pen=None, symbol="o", symbolSize=MEASURED_SYMBOL_PX)
        grey = QColor(FALLBACK_COLOUR)
        self.predicted = pg.PlotDataItem([], [], pen=pg.mkPen(grey, width=LINE_WIDTH_PX))
        self.threshold = pg.PlotDataItem([], [], pen=pg.mkPen(grey, style=Qt.PenStyle.DotLine))
        # The prediction with both fitted factors applied, shown for the run the fit used.
        self.calibrated = pg.PlotDataItem([], [], pen=pg.mkPen(grey, width=LINE_WIDTH_PX, style=Qt.PenStyle.DashLine))
        self.sizes = make_table([self.tr("Size"), self.tr("Measured busbw"), self.tr("Predicted"),
                                 self.tr("Threshold"), self.tr("Time, µs"), self.tr("Result")])
        self.findings = QLabel(objectName="acceptanceFindings", wordWrap=True,
                               textFormat=Qt.TextFormat.RichText)
        self.findings.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._build()

    def _build(self) -> None:
        open_button = QPushButton(self.tr("Open file…"), objectName="acceptanceOpen")
        check_button = QPushButton(self.tr("Check"), objectName="acceptanceCheck")
        open_button.clicked.connect(self._ask_file)
        check_button.clicked.connect(lambda: self.check())
        controls = QHBoxLayout()
        for widget in (open_button, self.hint, self.fit, check_button):
            controls.addWidget(widget)
        self.run_choice.currentIndexChanged.connect(lambda _i: self._show_run())
        legend = add_legend(self.plot, LEGEND_OFFSET_PX)
        for item in (self.predicted, self.calibrated, self.threshold, self.measured):
            self.plot.addItem(item)
        # Stand-in samples: pyqtgraph's legend crashes drawing per-point brushes (see results_curves.py).
        dots = pg.PlotDataItem([], [], pen=None, symbol="o", symbolBrush=QColor(FALLBACK_COLOUR))
        samples = ((pg.PlotDataItem([], [], pen=self.predicted.opts["pen"]), self.tr("predicted")),
                   (pg.PlotDataItem([], [], pen=self.calibrated.opts["pen"]), self.tr("calibrated (fit)")),
                   (pg.PlotDataItem([], [], pen=self.threshold.opts["pen"]), self.tr("pass threshold")),
                   (dots, self.tr("measured (green: pass, red: fail)")))
        for sample, name in samples:
            legend.addItem(sample, name)
        tabs = QTabWidget(objectName="acceptanceTabs")
        tabs.addTab(self.plot, self.tr("Curves"))
        tabs.addTab(self.sizes, self.tr("Sizes"))
        results = QWidget()
        right = QVBoxLayout(results)
        right.addWidget(self.verdict)
        right.addWidget(self.run_choice)
        right.addWidget(tabs, PLOT_STRETCH)
        right.addWidget(self.findings, FINDINGS_STRETCH)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.text)
        splitter.addWidget(results)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(splitter, 1)
        self.resize(*MIN_SIZE)

    # ----- input -------------------------------------------------------------------------------
    def load_file(self, path: Path | str) -> None:
        """Put a results file's text in the box (undecodable bytes become U+FFFD, reported by line)."""
        file = Path(path)
        self.text.setPlainText(read_results_file(file))  # ValueError(Text) for a pipe, a device, a huge file
        self.source_name = file.name

    def _ask_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open nccl-tests output"), "",
                                              self.tr("Text and logs (*.txt *.log *.out);;All files (*)"))
        if not path:
            return
        try:
            self.load_file(path)
        except (OSError, ValueError) as error:
            self.verdict.setText(escape(self.tr("Could not open {}: {}").format(path, ui_error_text(error))))
            return
        self.check()

    # ----- checking ----------------------------------------------------------------------------
    def check(self) -> AcceptanceReport | None:
        hint = self.hint.currentData() or named_test(self.source_name) or None
        results = parse_nccl_tests(self.text.toPlainText(), hint)
        analysis = self.document.analysis
        if analysis is None or getattr(analysis, "profile", None) is None:
            analysis = analyze_design(self.document.design, self.document.catalog)
        try:
            report = check_acceptance(self.document.design, self.document.catalog, results, analysis,
                                      fit=self.fit.isChecked())
        except ValueError as error:
            self.report = None
            self.verdict.setText(escape(self.tr("Cannot check: {}").format(ui_error_text(error))))
            return None
        self.report = report
        self._show_report(report)
        return report

    def _show_report(self, report: AcceptanceReport) -> None:
        colour = readable_on(VERDICT_COLOURS.get(report.verdict, GREY), self.verdict)
        self.verdict.setText(f"<b style='color:{colour}'>{escape(self._verdict_word(report.verdict))}</b> — "
                             f"{escape(acceptance_message(report.summary))}")
        self.run_choice.blockSignals(True)
        self.run_choice.clear()
        for index, test in enumerate(report.tests):
            label = self.tr("{test} (line {line}): {verdict}").format(
                test=test.test or self.tr("unknown test"), line=test.first_line,
                verdict=self._verdict_word(test.verdict))
            self.run_choice.addItem(label, index)
        self.run_choice.blockSignals(False)
        self._show_run()

    def _verdict_word(self, verdict: str) -> str:
        return self.tr(VERDICT_WORDS.get(verdict, verdict.upper()))

    def current_test(self) -> TestVerdict | None:
        if self.report is None or not self.report.tests:
            return None
        return self.report.tests[max(0, self.run_choice.currentIndex())]

    def _show_run(self) -> None:
        test = self.current_test()
        colour = QColor(OP_COLOURS.get(test.op or "", FALLBACK_COLOUR) if test else FALLBACK_COLOUR)
        sizes = test.sizes if test is not None else ()
        self.measured.setData([s.bytes for s in sizes], [s.measured_busbw_gbs for s in sizes],
                              symbolBrush=[QBrush(QColor(GREEN if s.passed else RED)) for s in sizes] or None,
                              symbolPen=colour)
        curve = test.predicted_curve if test is not None else ()
        self.predicted.setData([p.bytes for p in curve], [p.busbw_GBps for p in curve])
        self.predicted.setPen(pg.mkPen(colour, width=LINE_WIDTH_PX))
        fitted = self._calibrated_points(test)
        self.calibrated.setData([p.bytes for p in fitted], [p.busbw_gbs for p in fitted])
        self.calibrated.setPen(pg.mkPen(colour, width=LINE_WIDTH_PX, style=Qt.PenStyle.DashLine))
        judged = [s for s in sizes if s.min_busbw_gbs is not None]
        self.threshold.setData([s.bytes for s in judged], [s.min_busbw_gbs for s in judged])
        self._fill_sizes(sizes)
        self.findings.setText(self._findings_html(test))

    def _calibrated_points(self, test: TestVerdict | None) -> tuple[Any, ...]:
        """The calibrated curve when ``test`` is the run the fit used, else nothing."""
        c = self.report.calibration if self.report is not None else None
        if c is None or test is None or (test.test, test.first_line) != (c.test, c.first_line):
            return ()
        return c.curve

    def _fill_sizes(self, sizes: Any) -> None:
        self.sizes.setRowCount(len(sizes))
        for i, s in enumerate(sizes):
            limit = (f"≥ {format_bandwidth(s.min_busbw_gbs)}" if s.min_busbw_gbs is not None
                     else f"≤ {s.max_time_us:.{US_DECIMALS}f} µs")
            result = self.tr("pass") if s.passed else (self.tr("wrong data") if s.wrong else self.tr("fail"))
            cells = [format_bytes(s.bytes), format_bandwidth(s.measured_busbw_gbs),
                     format_bandwidth(s.predicted_busbw_gbs), limit, f"{s.measured_time_us:,.{US_DECIMALS}f}",
                     result]
            for j, text in enumerate(cells):
                self.sizes.setItem(i, j, make_cell(text, j < len(cells) - 1))
            tint = QColor(GREEN if s.passed else RED)
            tint.setAlpha(TINT_ALPHA)
            self.sizes.item(i, len(cells) - 1).setBackground(QBrush(tint))

    def _findings_html(self, test: TestVerdict | None) -> str:
        parts: list[str] = []
        if test is not None:
            parts.append(f"<p>{escape(acceptance_message(test.reason))}</p>")
            for d in test.diagnoses:
                colour = readable_on(severity_colour(d.severity).name(), self.findings)
                severity = translate(SEVERITY_WORDS.get(d.severity, d.severity))
                parts.append(f"<p><b style='color:{colour}'>{escape(severity)}</b> "
                             f"{escape(acceptance_message(d))}<br><i>{escape(acceptance_fix(d))}</i></p>")
        report = self.report
        if report is not None and report.problems:
            items = "".join(f"<li>{escape(acceptance_problem(p))}</li>" for p in report.problems)
            heading = self.tr("Lines skipped or flagged:")  # outside the f-string: lupdate sees it
            parts.append(f"<p>{escape(heading)}</p><ul>{items}</ul>")
        if report is not None:
            parts.append(self._calibration_html(report))
        return "".join(parts)

    def _calibration_html(self, report: AcceptanceReport) -> str:
        c = report.calibration
        if c is None:
            note = report.calibration_note
            return f"<p>{escape(acceptance_message(note))}</p>" if note else ""
        # the word as the proposal writes it: "NVLink " keeps its gap before the Han text, "网卡" needs none
        link = acceptance_word_in(c.scaled, current_language())
        sentences = [self.tr("Fit on {}: the {} delivers {} of the modelled bandwidth.").format(
            c.test, link, format_percent(c.bandwidth_factor))]
        if c.latency_factor is not None:
            sentences.append(self.tr("Per-call latency: {}× the modelled one.").format(f"{c.latency_factor:.2f}"))
        if c.training is not None:
            sentences.append(self.tr("Days to train: {} → {}.").format(format_days(c.training.days_before),
                                                                       format_days(c.training.days_after)))
        elif c.training_note:
            sentences.append(acceptance_message(c.training_note))
        return f"<p>{escape(join_sentences(sentences))}</p>"


def join_sentences(sentences: list[str]) -> str:
    """Sentences one after another: a space after an English full stop, none after a Chinese "。"."""
    text = ""
    for sentence in sentences:
        text += sentence if not text or text.endswith(CJK_STOPS) else " " + sentence
    return text


def open_acceptance(window: Any) -> AcceptanceDialog:
    return raised(single_dialog(window, "_acceptance_dialog", AcceptanceDialog))
