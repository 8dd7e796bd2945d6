"""Switching the running app to Chinese and back keeps the open design and translates the window."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.i18n import install_language
from planner_gui.ui.window.language_switch import switch_language


def test_switch_to_chinese_keeps_the_design(qtbot: QtBot, monkeypatch) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Discard)
    _app, window = build(["cluster-planner"])
    try:
        doc = window.document
        doc.set_settings("meta", name="改名后的方案")  # an unsaved edit must survive the switch
        racks_before = len(doc.design.racks)
        zh = switch_language(window, "zh_CN")
        assert zh.document is doc and doc.is_dirty and len(doc.design.racks) == racks_before
        menus = [a.text() for a in zh.menuBar().actions()]
        assert menus[:3] == ["文件(&F)", "编辑(&E)", "视图(&V)"]
        assert zh.docks["paletteDock"].windowTitle() == "硬件"
        assert "智算集群规划" in zh.windowTitle()
        assert zh.palette.model.item(0).text().startswith("GPU 服务器")
        en = switch_language(zh, "en")
        assert [a.text() for a in en.menuBar().actions()][:3] == ["&File", "&Edit", "&View"]
        en.document.undo_stack.setClean()
        en.close()
    finally:
        install_language("en")
