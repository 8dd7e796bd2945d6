"""Issue 7: the undo steps' labels (Edit ▸ Undo …, the history) follow the UI language; English unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.i18n import install_language
from planner_gui.model import Design, Rack

CATALOG = bundled_catalog()


@pytest.fixture
def language() -> Iterator[None]:
    yield
    install_language("en")


def _labels(document: Document) -> list[str]:
    """Add a rack, add a server, rename the variant store, delete two items: the stack's labels."""
    rack = document.add_rack()
    device = document.add_device("dgx-h100", rack, 1)
    document.new_variant("RoCE")
    document.set_properties([rack], height_u=48)
    document.remove_items([device, rack])
    stack = document.undo_stack
    return [stack.text(i) for i in range(stack.count())]


def _document() -> Document:
    design = Design()
    design.add_rack(Rack("A01", row="A", position=1))
    return Document(CATALOG, design)


def test_undo_labels_read_as_before_in_english(qapp: QApplication) -> None:
    install_language("en", qapp)
    assert _labels(_document()) == ["Add rack", "Add NVIDIA DGX H100", "New variant RoCE",
                                    "Set height (U) of 1 item", "Delete 2 items"]


def test_undo_labels_in_chinese(qapp: QApplication, language: None) -> None:
    assert install_language("zh_CN", qapp) == "zh_CN"
    labels = _labels(_document())
    assert labels == ["添加机柜", "添加 NVIDIA DGX H100", "新建变体 RoCE", "设置 1 个对象的高度（U）", "删除 2 个对象"]


def test_every_field_and_section_reads_as_words_in_english(qapp: QApplication) -> None:
    """Issue 19 item 8: no undo label shows an attribute name ("power_budget_kw")."""
    install_language("en", qapp)
    document = _document()
    rack = document.add_rack()
    document.set_properties([rack], power_budget_kw=30.0, cooling_capacity_kw=35.0)
    document.set_settings("meta", name="Renamed")
    document.set_settings("fabric", sharp=True)
    stack = document.undo_stack
    labels = [stack.text(i) for i in range(stack.count())]
    assert labels[1:] == ["Set power budget (kW), cooling capacity (kW) of 1 item", "Change design settings",
                          "Change fabric settings"]
    assert not any("_" in label for label in labels)
