"""File → Export Cable Schedule (CSV): the port-to-port cable schedule of the open design, one row per cable.

The rows are the engine's schedule (engine/cost/cables.py), the same the bill of materials counts and
``cluster-planner cables`` writes; the file is written whole or not at all (io/exports.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox

from planner_gui.i18n import ui_error_text
from planner_gui.present import plural
from planner_gui.ui.window.export_pdf import default_pdf_path

if TYPE_CHECKING:
    from planner_gui.ui.window.main_window import MainWindow

CSV_SUFFIX = ".csv"
MESSAGE_MS = 8000  # how long the status bar says where the file went


def csv_filter() -> str:
    return QCoreApplication.translate("CableExporter", "CSV files (*.csv);;All files (*)")


class CableExporter(QObject):
    """The Export Cable Schedule action of one main window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("cableExporter")
        self.window, self.document = window, window.document
        self.action = QAction(self.tr("Export &Cable Schedule (CSV)…"), window, objectName="actionExportCables")
        self.action.setStatusTip(self.tr("Write every cable of this design, both ends, part and length, as CSV"))
        self.action.triggered.connect(self.run)

    def default_path(self) -> Path:
        pdf = default_pdf_path(self.document.design.meta.name, self.document.path)
        return pdf.with_name(f"{pdf.stem}-cables{CSV_SUFFIX}")

    def run(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.window, self.tr("Export cable schedule as"),
                                              str(self.default_path()), csv_filter())
        if not name:
            return None
        path = Path(name) if Path(name).suffix.lower() == CSV_SUFFIX else Path(name + CSV_SUFFIX)
        return self.export(path)

    def export(self, path: Path) -> Path | None:
        """Write the schedule to ``path``; a failure is one message box, never a traceback."""
        from planner_gui.engine import build_bom, schedule_csv
        from planner_gui.io.exports import write_text_export

        doc = self.document
        analysis = doc.analysis
        bill = getattr(analysis, "bom", None) if analysis is not None and not doc.live.busy else None
        try:
            bill = bill if bill is not None else build_bom(doc.design, doc.catalog)
            write_text_export(path, schedule_csv(doc.design, bill.schedule))
        except (OSError, ValueError) as error:
            QMessageBox.critical(self.window, self.tr("Cannot export the cable schedule"), ui_error_text(error))
            return None
        count = len(bill.schedule)
        self.window.statusBar().showMessage(plural(count, self.tr("Wrote {count} cable to {path}"),
                                                   self.tr("Wrote {count} cables to {path}")).format(
            count=f"{count:,}", path=str(path)), MESSAGE_MS)
        return path


def export_cables_action(window: MainWindow) -> QAction:
    return CableExporter(window).action
