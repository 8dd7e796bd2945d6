"""The status bar's headline figures, straight from the latest Analysis summary.

GPUs, racks, typical IT power, the monthly cost and AllReduce bus bandwidth at 1 GiB, plus a
"computing" marker between an edit and its results. The monthly figure is the rent quote when the
design has one (what a customer compares), else the cloud price, else a bought cluster's running
cost; its label says which.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QStatusBar

from planner_gui.ui.format import MISSING, format_bandwidth, format_count, format_money

MESSAGE_MS = 8000  # how long a refused edit's message stays: long enough to read two lines
# Monthly figures in order of preference, with the label each gets.
MONTHLY = (("rent_monthly", "rent/month"), ("cloud_monthly", "cloud/month"), ("buy_monthly", "running/month"))


def summary_texts(summary: Any) -> dict[str, str]:
    """The text of each status field for an Analysis summary (None: nothing computed yet)."""
    if summary is None:
        return {"gpus": f"GPUs {MISSING}", "racks": f"Racks {MISSING}", "it_kw": f"IT {MISSING}",
                "monthly": f"Cost {MISSING}", "busbw": f"AllReduce 1 GiB {MISSING}"}
    monthly = next(((getattr(summary, n), label) for n, label in MONTHLY if getattr(summary, n) is not None),
                   (None, "month"))
    it_kw = summary.it_kw
    return {
        "gpus": f"{format_count(summary.gpus)} GPUs",
        "racks": f"{format_count(summary.racks)} racks",
        "it_kw": f"IT {MISSING if it_kw is None else f'{it_kw:,.1f} kW'}",
        "monthly": f"{format_money(monthly[0], summary.currency)} {monthly[1]}",
        "busbw": f"AllReduce 1 GiB {format_bandwidth(summary.allreduce_busbw_1gib_gbps)} busbw",
    }


class StatusFigures:
    """Permanent labels in a QStatusBar, one per headline figure (object names ``status_<field>``)."""

    def __init__(self, bar: QStatusBar) -> None:
        self._bar = bar
        self.pending = QLabel("", bar, objectName="status_pending")
        bar.addPermanentWidget(self.pending)
        self.labels: dict[str, QLabel] = {}
        for name, text in summary_texts(None).items():
            label = QLabel(text, bar, objectName=f"status_{name}")
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)
            self.labels[name] = label

    def show_summary(self, summary: Any) -> None:
        self.pending.setText("")
        for name, text in summary_texts(summary).items():
            self.labels[name].setText(text)

    def show_pending(self) -> None:
        self.pending.setText("computing…")

    def show_message(self, message: str) -> None:
        self._bar.showMessage(message, MESSAGE_MS)

    def show_failure(self, message: str) -> None:
        """The engine could not compute results: say why, and stop claiming to compute."""
        self.pending.setText("")
        self.show_message(message)

    def text(self) -> str:
        return "  ".join(label.text() for label in self.labels.values())
