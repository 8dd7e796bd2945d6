"""Starting the desktop app. The editor proper arrives with the GUI issue; for now a summary window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from planner_gui import __version__
from planner_gui.catalog import Catalog, load_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import LoadError, load_design
from planner_gui.model import Design


def summary_text(design: Design, catalog: Catalog, path: Path) -> str:
    servers = [d for d in design.devices.values() if (e := catalog.get(d.catalog_id)) and e.kind == "server"]
    gpus = sum(catalog.require(d.catalog_id)["gpu_count"] for d in servers)
    return (
        f"<h2>{design.meta.name}</h2><p>{path.name}</p>"
        f"<p>{len(servers)} GPU servers, {gpus} GPUs, {len(design.racks)} racks, "
        f"{len(design.devices)} devices, {len(design.links)} links</p>"
        "<p><i>The drag-and-drop editor is being built; this window shows the design it opened.</i></p>"
    )


class SummaryWindow(QMainWindow):
    def __init__(self, design: Design, catalog: Catalog, path: Path) -> None:
        super().__init__()
        self.setWindowTitle(f"{design.meta.name} — Cluster Planner {__version__}")
        label = QLabel(summary_text(design, catalog, path))
        label.setObjectName("designSummary")
        label.setWordWrap(True)
        label.setMargin(24)
        self.setCentralWidget(label)
        self.resize(720, 360)


def run_app(path: str | None, quit_after_ms: int | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Cluster Planner")
    catalog = load_catalog()
    file_path = Path(path) if path else default_example_path()
    try:
        design = load_design(file_path, catalog).design
    except LoadError as error:
        QMessageBox.critical(None, "Cluster Planner", str(error))
        return 1
    window = SummaryWindow(design, catalog, file_path)
    window.show()
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, app.quit)
    return app.exec()
