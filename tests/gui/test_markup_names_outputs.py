"""Markup in names (issue 20 item 2) beyond the main window: the PDF, the compare and acceptance dialogs.

A name is text wherever it is shown: the PDF paints it as text (never an image, never a table), and
every dialog label that can hold a name or a path shows it plain (or escaped where the label is rich).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import examples_folder
from planner_gui.io import load_design, save_design
from planner_gui.model import Design
from planner_gui.report.render import export_pdf
from planner_gui.ui.dialogs.acceptance import AcceptanceDialog
from planner_gui.ui.dialogs.compare import CompareDialog
from tests.report_support import TODAY, pdf_text

CATALOG = bundled_catalog()
SMALL = examples_folder() / "s5-a100-8x8-ib.cluster"
IMAGE = '<img src="/dev/zero">'
TABLE = "<table width=100000><tr><td>wide</td></tr></table>"
BOLD = "<b>rack</b>"


def _hostile_design() -> Design:
    design = load_design(SMALL, CATALOG).design
    design.meta.name = IMAGE
    design.meta.customer = TABLE
    next(iter(design.racks.values())).name = BOLD
    next(d for d in design.devices.values() if d.placed).name = IMAGE
    return design


def _rich_labels_showing(widget: object, needle: str) -> list[str]:
    """Labels that would render ``needle`` as markup: rich (or guessed rich) text holding it unescaped."""
    found = []
    for label in widget.findChildren(QLabel):  # type: ignore[attr-defined]
        if needle in label.text() and label.textFormat() != Qt.TextFormat.PlainText:
            found.append(label.objectName() or label.text()[:40])
    return found


def test_the_pdf_prints_markup_names_as_text(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "markup.pdf"
    export_pdf(_hostile_design(), CATALOG, path, "en", today=TODAY)
    text = "".join(pdf_text(path)).replace("\n", "").replace("\t", " ")  # pypdf gives spaces as tabs
    assert '<img src="/dev/zero">' in text  # the design name on the cover, painted as characters
    assert "<table width=100000>" in text and BOLD in text
    for page in PdfReader(str(path)).pages:  # nothing was loaded or painted as an image
        resources = page.get("/Resources") or {}
        objects = resources.get("/XObject") or {}
        assert all(obj.get_object().get("/Subtype") != "/Image" for obj in objects.values())


@pytest.fixture
def document(tmp_path: Path) -> Iterator[Document]:
    path = tmp_path / "markup.cluster"
    save_design(_hostile_design(), path)
    doc = Document(CATALOG, load_design(path, CATALOG).design)
    yield doc
    doc.live.shutdown()


def test_the_compare_dialog_shows_markup_names_as_text(qtbot: QtBot, document: Document, tmp_path: Path) -> None:
    dialog = CompareDialog(document)
    qtbot.addWidget(dialog)
    key = dialog.keep_variant("variant " + BOLD)
    other = tmp_path / f"{IMAGE.replace('/', '_')}.cluster"
    save_design(_hostile_design(), other)
    dialog.choose(key, dialog.add_file(other))
    comparison = dialog.compare()
    assert comparison is not None and IMAGE in comparison.name_a
    dialog.status.setText(f"Could not open {other}")  # what a refused file shows
    assert _rich_labels_showing(dialog, "<img") == [] and _rich_labels_showing(dialog, "<b>rack") == []
    assert any(IMAGE in dialog.side_b.itemText(i) for i in range(dialog.side_b.count()))


def test_the_acceptance_dialog_escapes_a_log_path_with_markup(qtbot: QtBot, document: Document, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = AcceptanceDialog(document)
    qtbot.addWidget(dialog)
    missing = tmp_path / "<img src=x>.log"  # a log that cannot be opened: its path is in the message
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_: (str(missing), ""))
    dialog._ask_file()
    assert "&lt;img src=x&gt;.log" in dialog.verdict.text()
    assert dialog.verdict.textFormat() == Qt.TextFormat.RichText  # rich on purpose (the verdict's colour) ...
    assert _rich_labels_showing(dialog, "<img") == []  # ... so every name in it is escaped
