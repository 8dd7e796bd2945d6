"""The status bar's headline figures, straight from the latest Analysis summary.

GPUs, racks, typical IT power, the monthly cost and AllReduce bus bandwidth at 1 GiB, plus a
"computing" marker between an edit and its results. The monthly figure is the rent quote when the
design has one (what a customer compares), else the cloud price, else a bought cluster's running
cost; its label says which.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QLabel, QStatusBar

from planner_gui.i18n import ui_text
from planner_gui.present import MISSING, format_bandwidth, format_count, format_money, plural

MESSAGE_MS = 8000  # how long a refused edit's message stays: long enough to read two lines
# Monthly figures in order of preference, with the label each gets.
MONTHLY = (("rent_monthly", QT_TRANSLATE_NOOP("StatusBar", "rent/month")),
           ("cloud_monthly", QT_TRANSLATE_NOOP("StatusBar", "cloud/month")),
           ("buy_monthly", QT_TRANSLATE_NOOP("StatusBar", "running/month")))


def summary_texts(summary: Any) -> dict[str, str]:
    """The text of each status field for an Analysis summary (None: nothing computed yet)."""
    if summary is None:
        return {"gpus": _tr("GPUs {value}").format(value=MISSING), "racks": _tr("Racks {value}").format(value=MISSING),
                "it_kw": _tr("IT {value}").format(value=MISSING), "monthly": _tr("Cost {value}").format(value=MISSING),
                "busbw": _tr("AllReduce 1 GiB {value}").format(value=MISSING)}
    monthly = next(((getattr(summary, n), label) for n, label in MONTHLY if getattr(summary, n) is not None),
                   (None, QT_TRANSLATE_NOOP("StatusBar", "month")))
    it_kw = summary.it_kw
    return {
        "gpus": plural(summary.gpus, _tr("{n} GPU"), _tr("{n} GPUs")).format(n=format_count(summary.gpus)),
        "racks": plural(summary.racks, _tr("{n} rack"), _tr("{n} racks")).format(n=format_count(summary.racks)),
        "it_kw": _tr("IT {value}").format(value=MISSING if it_kw is None else f"{it_kw:,.1f} kW"),
        "monthly": f"{format_money(monthly[0], summary.currency)} {_tr(monthly[1])}",
        "busbw": _tr("AllReduce 1 GiB {value} busbw").format(value=format_bandwidth(summary.allreduce_busbw_1gib_gbps)),
    }


def _tr(text: str) -> str:
    """Translate in the "StatusBar" context (the literals above are marked for lupdate where they stand)."""
    return QCoreApplication.translate("StatusBar", text)


_MARKED = (QT_TRANSLATE_NOOP("StatusBar", "GPUs {value}"), QT_TRANSLATE_NOOP("StatusBar", "Racks {value}"),
           QT_TRANSLATE_NOOP("StatusBar", "IT {value}"), QT_TRANSLATE_NOOP("StatusBar", "Cost {value}"),
           QT_TRANSLATE_NOOP("StatusBar", "AllReduce 1 GiB {value}"), QT_TRANSLATE_NOOP("StatusBar", "{n} GPUs"),
           QT_TRANSLATE_NOOP("StatusBar", "{n} racks"), QT_TRANSLATE_NOOP("StatusBar", "AllReduce 1 GiB {value} busbw"),
           QT_TRANSLATE_NOOP("StatusBar", "computing…"), QT_TRANSLATE_NOOP("StatusBar", "{n} GPU"),
           QT_TRANSLATE_NOOP("StatusBar", "{n} rack"))  # lupdate cannot see through _tr()


def catalog_problems_text(problems: list[str], shown: int) -> str:
    """The start-up note on a user catalog with bad entries: how many, and the first ``shown`` of them
    (the catalog's own sentences, Texts rendered in the app's language; the CLI's ``catalog`` command
    lists them all)."""
    return plural(len(problems), QCoreApplication.translate("StatusBar", "{count} catalog problem: {problems}"),
                  QCoreApplication.translate("StatusBar", "{count} catalog problems: {problems}")).format(
        count=len(problems), problems="; ".join(ui_text(problem) for problem in problems[:shown]))


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
        self.pending.setText(_tr("computing…"))

    def show_message(self, message: str) -> None:
        self._bar.showMessage(message, MESSAGE_MS)

    def show_failure(self, message: str) -> None:
        """The engine could not compute results: say why, and stop claiming to compute."""
        self.pending.setText("")
        self.show_message(message)

    def text(self) -> str:
        return "  ".join(label.text() for label in self.labels.values())
