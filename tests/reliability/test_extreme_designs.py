"""The engine, the window and the PDF survive every extreme the loader accepts.

Each design of tests/reliability/extreme.py is saved, loaded back, analysed (no section may fail,
the JSON must be finite), opened in the real window (planner_gui.app.build, painted once the live
results arrive) and exported with ``cluster-planner report``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import Catalog, bundled_catalog, load_catalog
from planner_gui.catalog.loader import default_user_catalog_path
from planner_gui.cli import main
from planner_gui.engine.analysis import analyze_design
from planner_gui.io import load_design, save_design
from planner_gui.model import Design
from tests.reliability import extreme

RESULTS_TIMEOUT_MS = 120_000  # the live analysis of 12,500 servers on a busy 2-core machine
DESIGNS: dict[str, tuple[Callable[[Catalog], Design], int]] = {  # name: (builder, GPUs it holds)
    "no racks": (lambda _catalog: extreme.empty_design(), 0),
    "one GPU": (extreme.one_gpu_design, 1),
    "long unicode names": (extreme.long_unicode_names, 3 * extreme.GPUS_PER_NODE),
    "100,000 GPUs": (extreme.hundred_thousand_gpus, extreme.HUNDRED_K_GPUS),
}


@pytest.fixture
def catalog() -> Catalog:
    """The bundled catalog plus a user catalog with a 1-GPU server, where the app itself finds it."""
    extreme.user_catalog_with_one_gpu_server(bundled_catalog(), default_user_catalog_path())
    catalog = load_catalog()
    assert catalog.problems == [] and extreme.ONE_GPU_SERVER in catalog
    return catalog


def _saved(name: str, catalog: Catalog, folder: Path) -> tuple[Path, Design]:
    builder, _gpus = DESIGNS[name]
    design = builder(catalog)
    path = folder / "extreme.cluster"
    save_design(design, path)
    loaded = load_design(path, catalog).design
    assert loaded == design
    return path, loaded


@pytest.mark.parametrize("name", list(DESIGNS))
def test_the_engine_analyses_every_extreme_without_a_failed_section(name: str, catalog: Catalog,
                                                                     tmp_path: Path) -> None:
    _path, design = _saved(name, catalog, tmp_path)
    analysis = analyze_design(design, catalog)
    failed = [c.message for c in analysis.checks if c.code == "analysis-section-failed"]
    assert failed == []
    assert analysis.summary.gpus == DESIGNS[name][1]
    json.dumps(analysis.to_json(), allow_nan=False)  # finite numbers only, or this raises


@pytest.mark.parametrize("name", list(DESIGNS))
def test_the_window_opens_and_paints_every_extreme(name: str, catalog: Catalog, tmp_path: Path, qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path, design = _saved(name, catalog, tmp_path)
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: pytest.fail(f"error dialog: {args[2]}"))
    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.Discard)
    _app, window = build(["cluster-planner", str(path)])
    qtbot.addWidget(window)
    assert not window.startup_failed and window.document.design == design
    qtbot.waitUntil(lambda: window.document.analysis is not None, timeout=RESULTS_TIMEOUT_MS)
    assert window.document.analysis.summary.gpus == DESIGNS[name][1]
    assert not window.grab().isNull()  # paints every visible view with the results in place
    window.close()


@pytest.mark.parametrize(("name", "lang", "expected"), [
    ("no racks", "en", "Empty: no racks"),
    ("one GPU", "zh", "One GPU"),
    ("long unicode names", "en", "数据中"),
    ("long unicode names", "zh", "Ünïcödé"),
    ("100,000 GPUs", "en", "100,000"),  # ~900 pages: one of the slowest tests (~15 s)
])
def test_the_pdf_report_is_written_for_every_extreme(name: str, lang: str, expected: str, catalog: Catalog,
                                                     tmp_path: Path) -> None:
    path, _design = _saved(name, catalog, tmp_path)
    output = tmp_path / "proposal.pdf"
    assert main(["report", str(path), "-o", str(output), "--lang", lang]) == 0
    pages = PdfReader(output).pages
    words = " ".join(pages[0].extract_text().split())  # pypdf separates words with tabs
    assert len(pages) > 1 and expected in words, words[:300]
