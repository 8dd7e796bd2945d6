"""The inspector: shows the selection's properties, edits them through the Document with validation."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.panels.inspector import Inspector

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


@pytest.fixture
def parts(qtbot: QtBot) -> tuple[Document, Inspector]:
    doc = Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=lambda *_: None)
    inspector = Inspector(doc)
    qtbot.addWidget(inspector)
    inspector.show()
    return doc, inspector


def _line(inspector: Inspector, name: str) -> QLineEdit:
    found = inspector.pages[inspector.current_kind].findChild(QLineEdit, f"field_{name.replace('.', '_')}")
    assert found is not None, name
    return found


def _type(qtbot: QtBot, line: QLineEdit, text: str) -> None:
    """What a user does: replace the text, then press Enter."""
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def _error(inspector: Inspector) -> str:
    label = inspector.findChild(QLabel, "inspectorError")
    return label.text() if label.isVisibleTo(inspector) else ""


def test_nothing_selected_shows_the_design_settings(parts: tuple[Document, Inspector], qtbot: QtBot) -> None:
    doc, inspector = parts
    assert inspector.objectName() == "inspector" and inspector.current_kind == "design"
    assert _line(inspector, "meta.name").text() == DEFAULT.meta.name
    assert _line(inspector, "workload.layers").text() == str(DEFAULT.workload.layers)
    _type(qtbot, _line(inspector, "meta.name"), "Customer X proposal")
    assert doc.design.meta.name == "Customer X proposal" and doc.undo_stack.count() == 1


def test_a_rack_edit_is_one_undo_step_and_undo_shows_the_old_value(parts: tuple[Document, Inspector],
                                                                    qtbot: QtBot) -> None:
    doc, inspector = parts
    doc.select(["A01"])
    assert inspector.current_kind == "rack"
    budget = _line(inspector, "power_budget_kw")
    assert budget.text() == f"{DEFAULT.racks['A01'].power_budget_kw:g}"
    _type(qtbot, budget, "55")
    assert doc.design.racks["A01"].power_budget_kw == 55.0 and doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert _line(inspector, "power_budget_kw").text() == f"{DEFAULT.racks['A01'].power_budget_kw:g}"


def test_a_negative_length_shows_why_and_changes_nothing(parts: tuple[Document, Inspector], qtbot: QtBot) -> None:
    doc, inspector = parts
    doc.select(["link-001"])
    _type(qtbot, _line(inspector, "length_m"), "-3")
    assert _error(inspector) == "link 'link-001': length_m -3.0 must be at least 0 and at most 100000"
    assert doc.design.links["link-001"].length_m == DEFAULT.links["link-001"].length_m
    assert doc.undo_stack.count() == 0
    assert _line(inspector, "length_m").text() == f"{DEFAULT.links['link-001'].length_m:g}"  # the model's value again
    _type(qtbot, _line(inspector, "length_m"), "three")
    assert _error(inspector) == "Length (m): 'three' is not a number" and doc.undo_stack.count() == 0


def test_multi_selection_shows_mixed_values_and_edits_all_in_one_step(parts: tuple[Document, Inspector],
                                                                      qtbot: QtBot) -> None:
    doc, inspector = parts
    ids = ["link-001", "link-005", "link-029"]  # 9.0, 8.5 and 5.0 m in the default design
    assert len({DEFAULT.links[i].length_m for i in ids}) == 3
    doc.select(ids)
    length = _line(inspector, "length_m")
    assert length.text() == "" and length.placeholderText() == "(mixed)"
    assert "3 links" in inspector.findChild(QLabel, "inspectorHeader").text()
    _type(qtbot, length, "12.5")
    assert [doc.design.links[i].length_m for i in ids] == [12.5, 12.5, 12.5]
    assert doc.undo_stack.count() == 1
    medium = inspector.pages["link"].findChild(QComboBox, "field_medium")
    medium.activated.emit(medium.findData("smf"))
    assert {str(doc.design.links[i].medium) for i in ids} == {"smf"} and doc.undo_stack.count() == 2


def test_a_u_beyond_the_rack_is_refused_with_the_reason(parts: tuple[Document, Inspector], qtbot: QtBot) -> None:
    doc, inspector = parts
    doc.select(["node-001"])
    assert inspector.current_kind == "device"
    assert inspector.pages["device"].findChild(QLabel, "field_catalog_id").text() == "NVIDIA DGX H100 (dgx-h100)"
    _type(qtbot, _line(inspector, "u"), "40")  # 8 U from U40 reaches U47 in a 42 U rack
    assert "reaches U47, above the rack height 42 U" in _error(inspector)
    assert doc.design.devices["node-001"].u == 1 and doc.undo_stack.count() == 0


def test_choosing_another_rack_moves_the_device_to_its_lowest_free_slot(parts: tuple[Document, Inspector]) -> None:
    doc, inspector = parts
    rack = doc.add_rack()
    doc.select(["node-001"])
    combo = inspector.pages["device"].findChild(QComboBox, "field_rack_id")
    assert combo.currentData() == "A01"
    combo.activated.emit(combo.findData(rack))
    assert (doc.design.devices["node-001"].rack_id, doc.design.devices["node-001"].u) == (rack, 1)
    combo = inspector.pages["device"].findChild(QComboBox, "field_rack_id")
    combo.activated.emit(combo.findData(""))  # "(not in a rack)"
    assert not doc.design.devices["node-001"].placed


def test_server_nic_fields_show_the_default_and_are_hidden_for_switches(parts: tuple[Document, Inspector]) -> None:
    doc, inspector = parts
    doc.select(["node-001"])
    page = inspector.pages["device"]
    assert page.findChild(QComboBox, "field_nic_id").currentData() == "ib-ndr-400"
    assert page.form.isRowVisible(page.editors["nic_id"])
    doc.select(["fab-leaf-1"])
    assert not page.form.isRowVisible(page.editors["nic_id"])


def test_workload_can_be_removed_and_added_back(parts: tuple[Document, Inspector]) -> None:
    doc, inspector = parts
    button = inspector.findChild(QPushButton, "workloadButton")
    assert button.text() == "Remove training workload"
    button.click()
    assert doc.design.workload is None and not _line(inspector, "workload.layers").isEnabled()
    assert button.text() == "Add a training workload"
    button.click()
    assert doc.design.workload is not None and _line(inspector, "workload.layers").isEnabled()


def test_a_mixed_kind_selection_explains_itself(parts: tuple[Document, Inspector]) -> None:
    doc, inspector = parts
    doc.select(["A01", "node-001"])
    assert inspector.current_kind == "mixed"
    assert "different kinds" in inspector.findChild(QLabel, "inspectorHeader").text()


def test_leaving_an_untouched_field_pushes_nothing(parts: tuple[Document, Inspector], qtbot: QtBot) -> None:
    doc, inspector = parts
    doc.select(["A01"])
    qtbot.keyClick(_line(inspector, "name"), Qt.Key.Key_Return)
    assert doc.undo_stack.count() == 0
