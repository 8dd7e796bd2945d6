"""The training estimate of the design's workload: step time, throughput, MFU, memory, days to train,
and what the step time is spent on (engine/training/step.py), or a hint when no workload is set.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QStackedWidget, QVBoxLayout, QWidget

from planner_gui.present import (
    format_days,
    format_duration,
    format_gb,
    format_percent,
    format_rate,
    format_tokens,
    plural,
)
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.results.style import GREEN, RED, reason_text

# The parts of a step (engine/training/step.py DOMINANT_PARTS) with readable names (translated where shown).
PART_NAMES = {"compute": QT_TRANSLATE_NOOP("TrainingView", "compute"),
              "tp_comm": QT_TRANSLATE_NOOP("TrainingView", "tensor-parallel comm"),
              "cp_comm": QT_TRANSLATE_NOOP("TrainingView", "context-parallel comm"),
              "ep_comm": QT_TRANSLATE_NOOP("TrainingView", "expert-parallel comm"),
              "pp_comm": QT_TRANSLATE_NOOP("TrainingView", "pipeline comm"),
              "dp_comm": QT_TRANSLATE_NOOP("TrainingView", "data-parallel comm"),
              "bubble": QT_TRANSLATE_NOOP("TrainingView", "pipeline bubble"),
              "optimizer": QT_TRANSLATE_NOOP("TrainingView", "optimizer")}
NOT_YET_COMPUTED = "not yet computed"  # the reason before the first analysis (compared, then translated)
translate = QCoreApplication.translate  # lupdate reads translate("Context", "literal") calls


def part_name(name: str) -> str:
    return translate("TrainingView", PART_NAMES.get(name, name))
# Okabe & Ito's colour-blind-safe palette (2008), one colour per part, compute first.
PART_COLOURS = {"compute": "#0072B2", "tp_comm": "#E69F00", "cp_comm": "#56B4E9", "ep_comm": "#CC79A7",
                "pp_comm": "#009E73", "dp_comm": "#D55E00", "bubble": "#999999", "optimizer": "#F0E442"}
UNKNOWN_PART_COLOUR = PART_COLOURS["bubble"]  # a part a newer engine adds is drawn neutral grey
NO_WORKLOAD = QT_TRANSLATE_NOOP("TrainingView", "No workload set")
NO_WORKLOAD_HINT = QT_TRANSLATE_NOOP("TrainingView", "Set the design's training workload (model shape, parallelism, "
                                     "batch, tokens) to see the step time, tokens per second, MFU, "
                                     "memory per GPU and days to train.")
FIELDS = (QT_TRANSLATE_NOOP("TrainingView", "Workload"),
          QT_TRANSLATE_NOOP("TrainingView", "Step time"),
          QT_TRANSLATE_NOOP("TrainingView", "Throughput"),
          QT_TRANSLATE_NOOP("TrainingView", "MFU"),
          QT_TRANSLATE_NOOP("TrainingView", "Memory per GPU"),
          QT_TRANSLATE_NOOP("TrainingView", "Days to train"),
          QT_TRANSLATE_NOOP("TrainingView", "Step time goes to"))
BAR_HEIGHT_PX = 14
SMALLEST_LISTED_PART = 0.005  # parts that round to 0 % are left out of the text (the bar's tooltip lists all)
BAR_MIN_WIDTH_PX = 120
TERA = 1e12  # TFLOP/s -> FLOP/s for the SI formatter


def step_parts(estimate: Any) -> list[tuple[str, float]]:
    """(part, seconds) of one step, largest first, parts that take no time left out."""
    breakdown = estimate.breakdown
    parts = [(name, float(breakdown.get(f"{name}_s", 0.0))) for name in PART_NAMES]
    return sorted(((n, s) for n, s in parts if s > 0.0), key=lambda part: -part[1])


def parts_text(parts: list[tuple[str, float]], least: float = 0.0) -> str:
    """"compute 69% · tensor-parallel comm 28%": each part's share, those under ``least`` left out."""
    total = sum(seconds for _, seconds in parts)
    if total <= 0.0:
        return ""
    return " · ".join(f"{part_name(name)} {format_percent(seconds / total, 0)}"
                      for name, seconds in parts if seconds / total >= least)


def parts_html(parts: list[tuple[str, float]]) -> str:
    """The parts of at least 1 %, each after a swatch of its colour in the bar (the bar's legend)."""
    total = sum(seconds for _, seconds in parts) or 1.0
    items = []
    for name, seconds in parts:
        if seconds / total >= SMALLEST_LISTED_PART:
            swatch = f"<span style='color:{PART_COLOURS.get(name, UNKNOWN_PART_COLOUR)}'>■</span>"
            share = format_percent(seconds / total, 0)
            items.append(f"{swatch} {escape(part_name(name))} {share}")
    return " · ".join(items)


class StepBar(QWidget):
    """One stacked bar: the step time split into its parts, in the parts' colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingStepBar")
        self.parts: list[tuple[str, float]] = []
        self.setMinimumHeight(BAR_HEIGHT_PX)

    def sizeHint(self) -> QSize:
        return QSize(BAR_MIN_WIDTH_PX, BAR_HEIGHT_PX)

    def set_parts(self, parts: list[tuple[str, float]]) -> None:
        self.parts = parts
        self.setToolTip(parts_text(parts).replace(" · ", "\n"))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        total = sum(seconds for _, seconds in self.parts)
        if total <= 0.0:
            return
        painter = QPainter(self)
        x, width, height = 0.0, float(self.width()), float(self.height())
        for name, seconds in self.parts:
            span = width * seconds / total
            colour = QColor(PART_COLOURS.get(name, UNKNOWN_PART_COLOUR))
            painter.fillRect(QRectF(x, 0.0, span, height), colour)
            x += span
        painter.end()


class TrainingView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultsTraining")
        self.stack = QStackedWidget(self)
        self.empty = QLabel()
        self.empty.setObjectName("trainingEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.values = {name: self._value_label(name) for name in FIELDS}
        self.step_bar = StepBar(self)
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self._estimate_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.show_training(None, None, NOT_YET_COMPUTED)

    def _value_label(self, name: str) -> QLabel:
        label = QLabel()
        label.setObjectName("training" + name.title().replace(" ", ""))
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)  # every value is HTML (escaped where it is text)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _estimate_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name, label in self.values.items():
            form.addRow(QCoreApplication.translate("TrainingView", name), label)
        form.addRow("", self.step_bar)
        return page

    def showing_estimate(self) -> bool:
        return self.stack.currentIndex() == 1

    def value(self, field: str) -> str:
        return self.values[field].text()

    def show_training(self, training: Any, workload: Any, reason: str = "") -> None:
        """Fill in the estimate (engine TrainingSection); without one, say why and how to get one."""
        if training is None:
            self.stack.setCurrentIndex(0)
            if workload is None and reason != NOT_YET_COMPUTED:
                self.empty.setText(f"<b>{self.tr(NO_WORKLOAD)}</b><br>{escape(self.tr(NO_WORKLOAD_HINT))}")
            else:
                why = escape(reason_text(reason or NOT_YET_COMPUTED))
                title = self.tr("Training estimate not available")  # outside the f-string: lupdate sees it
                self.empty.setText(f"<b>{title}</b><br>{why}")
            return
        self.stack.setCurrentIndex(1)
        for name, text in estimate_texts(training, workload).items():
            self.values[name].setText(text)
        self.step_bar.set_parts(step_parts(training.estimate))


def estimate_texts(training: Any, workload: Any) -> dict[str, str]:
    """The text of every field (FIELDS) for an engine TrainingSection and the design's workload."""
    est = training.estimate
    memory = est.memory
    # the words are looked up outside the f-strings: lupdate does not read calls inside them
    fits_word, misfit_word = translate("TrainingView", "fits"), translate("TrainingView", "does not fit")
    # shaded to read on the theme's window (green-600 is 3.3:1 on white, red-600 2.5:1 on the dark grey)
    fits = (f"<span style='color:{readable_on(GREEN, None)}'>{escape(fits_word)}</span>" if est.fits
            else f"<span style='color:{readable_on(RED, None)}'><b>{escape(misfit_word)}</b></span>")
    parts = step_parts(est)
    return {
        "Workload": escape(_workload_text(training, workload)),
        "Step time": escape(format_duration(est.step_time_s)),
        "Throughput": escape(translate("TrainingView", "{rate} ({per_day} per day)").format(
            rate=format_tokens(est.tokens_per_s, translate("TrainingView", "tokens/s")),
            per_day=format_tokens(est.tokens_per_day, translate("TrainingView", "tokens")))),
        "MFU": escape(translate("TrainingView", "{mfu} ({rate} per GPU)").format(
            mfu=format_percent(est.mfu), rate=format_rate(est.tflops_per_gpu_model * TERA, "FLOP/s"))),
        "Memory per GPU": translate("TrainingView", "{used} of {capacity}, {fits}").format(
            used=escape(format_gb(memory.total_gb)), capacity=escape(format_gb(memory.capacity_gb)), fits=fits),
        "Days to train": escape(_days_text(est, workload)),
        "Step time goes to": translate("TrainingView", "{part} dominates").format(
            part=f"<b>{escape(part_name(est.dominant))}</b>") + f"<br>{parts_html(parts)}",
    }


def _workload_text(training: Any, workload: Any) -> str:
    nodes = -(-training.gpus // training.gpus_per_node)
    text = plural(nodes, translate("TrainingView", "{model} on {gpus} GPUs ({nodes} node × {per_node})"),
                  translate("TrainingView", "{model} on {gpus} GPUs ({nodes} nodes × {per_node})")).format(
        model=training.model_name, gpus=f"{training.gpus:,}", nodes=nodes, per_node=training.gpus_per_node)
    if workload is not None:
        text += f", TP {workload.tp} · PP {workload.pp} · DP {workload.dp}"
    return text


def _days_text(est: Any, workload: Any) -> str:
    days = format_days(est.days_to_train)
    if workload is None:
        return days
    return translate("TrainingView", "{days} for {tokens}").format(
        days=days, tokens=format_tokens(workload.train_tokens, translate("TrainingView", "tokens")))
