"""Variants in the app: undoable Document steps, dirty tracking, the Variants menu and combo, Compare."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog, QMenu
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.ui.dialogs.compare import CURRENT, CompareDialog
from planner_gui.ui.window.main_window import MainWindow
from planner_gui.ui.window.variants import VariantControls

CATALOG = bundled_catalog()
SMALL = examples_folder() / "s4b-h100-1x8.cluster"


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, load_design(SMALL, CATALOG).design)
    yield doc
    doc.live.shutdown()


def _two_variants(document: Document) -> str:
    """"Base" (as loaded) and the active "Two racks" with one more rack; returns the new rack's id."""
    assert document.new_variant("Two racks") == "Two racks"
    rack = document.add_rack()
    assert rack is not None
    return rack


def test_new_variant_switch_and_undo_every_step(document: Document) -> None:
    racks = len(document.design.racks)
    rack = _two_variants(document)
    assert document.is_dirty and document.design.variants.names == ["Base", "Two racks"]
    assert document.switch_variant("Base")
    assert len(document.design.racks) == racks and rack not in document.design.racks  # the kept state
    assert document.switch_variant("Two racks") and rack in document.design.racks
    stack = document.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == [
        "New variant Two racks", "Add rack", "Switch to variant Base", "Switch to variant Two racks"]
    for _ in range(3):
        stack.undo()
    assert document.design.variants.active == "Two racks" and rack not in document.design.racks
    stack.undo()
    assert not document.design.variants and not document.is_dirty  # back to the file as opened
    for _ in range(4):
        stack.redo()
    assert document.design.variants.active == "Two racks" and rack in document.design.racks


def test_a_switch_rebuilds_the_views_and_recomputes(qtbot: QtBot, document: Document) -> None:
    _two_variants(document)
    with qtbot.waitSignals([document.design_replaced, document.variants_changed, document.results_pending]):
        document.switch_variant("Base")
    assert document.selection == []


def test_rename_and_delete_are_undoable_and_refusals_change_nothing(qtbot: QtBot, document: Document) -> None:
    _two_variants(document)
    assert document.rename_variant("Base", " Before  ") == "Before"
    with qtbot.waitSignal(document.edit_refused) as refused:
        assert not document.delete_variant("Two racks")
    assert "being edited" in refused.args[0]
    with qtbot.waitSignal(document.edit_refused) as refused:
        assert document.new_variant("before") is None
    assert "already a variant named 'before'" in refused.args[0]
    assert document.delete_variant("Before") and document.design.variants.names == ["Two racks"]
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.design.variants.names == ["Base", "Two racks"]


def test_variants_are_saved_and_reopened(tmp_path: Path, document: Document) -> None:
    rack = _two_variants(document)
    document.save(tmp_path / "v.cluster")
    assert not document.is_dirty
    document.open(tmp_path / "v.cluster")
    assert document.design.variants.names == ["Base", "Two racks"] and rack in document.design.racks
    assert document.switch_variant("Base") and document.is_dirty


# ----- the window --------------------------------------------------------------------------------
def test_the_menu_and_the_combo_follow_the_document(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    controls = window.findChild(VariantControls)
    menu = window.findChild(QMenu, "menuVariants")
    assert controls is not None and menu is controls.menu and menu.menuAction() in window.menuBar().actions()
    assert not controls.combo.isEnabled() and not controls.delete_action.isEnabled()
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: ("RoCE", True))
    assert controls.ask_new() == "RoCE"
    assert [controls.combo.itemText(i) for i in range(controls.combo.count())] == ["Base", "RoCE"]
    assert " [RoCE][*]" in window.windowTitle() and window.isWindowModified()  # the title names the variant being edited
    assert controls.combo.currentText() == "RoCE" and controls.delete_action.isEnabled()
    controls.combo.activated.emit(0)  # the user picks "Base"
    assert window.document.design.variants.active == "Base" and controls.combo.currentText() == "Base"
    assert " [Base]" in window.windowTitle()
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a, **_k: ("RoCE", True))
    assert controls.ask_delete() and controls.combo.count() == 1
    window.document.undo_stack.undo()
    assert controls.combo.count() == 2


def test_compare_picks_two_variants_of_the_open_design(qtbot: QtBot, document: Document) -> None:
    _two_variants(document)
    dialog = CompareDialog(document)
    qtbot.addWidget(dialog)
    dialog.choose("variant:Base", CURRENT)
    comparison = dialog.compare()
    assert comparison is not None and comparison.name_b.endswith("[Two racks]")
    assert comparison.row("racks").diff == 1.0  # the one rack added in "Two racks"
    document.switch_variant("Base")  # the dialog follows: now "Two racks" is the stored one
    dialog.choose("variant:Two racks", CURRENT)
    comparison = dialog.compare()
    assert comparison is not None and comparison.row("racks").diff == -1.0
