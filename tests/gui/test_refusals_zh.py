"""Issue 7: in the Chinese UI a refused edit says why in Chinese, through the Document's signal, the
inspector and the status bar; in English the same refusals read exactly as before."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import default_example_path
from planner_gui.i18n import install_language
from planner_gui.io import load_design
from planner_gui.model import Design, Device, Rack
from planner_gui.ui.panels.inspector import Inspector
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.drops import CATALOG_MIME
from planner_gui.ui.window.main_window import MainWindow

CATALOG = bundled_catalog()
SERVER = "dgx-h100"  # "NVIDIA DGX H100", 8 U, InfiniBand ports cx0-cx7


def _design() -> Design:
    """An 8 U rack A01 filled by one server, and a 42 U rack A02 with two servers at U1 and U9."""
    design = Design()
    design.add_rack(Rack("A01", row="A", position=1, height_u=8))
    design.add_rack(Rack("A02", row="A", position=2))
    for device_id, rack_id, u in (("node-1", "A01", 1), ("node-2", "A02", 1), ("node-3", "A02", 9)):
        design.add_device(Device(device_id, SERVER, name=device_id, rack_id=rack_id, u=u), CATALOG)
    return design


@pytest.fixture
def language() -> Iterator[None]:
    yield
    install_language("en")


def _refusals(document: Document) -> list[str]:
    """Refuse four edits, each for another reason; what the Document said about each."""
    said: list[str] = []
    document.edit_refused.connect(said.append)
    assert document.add_device(SERVER, "A01") is None  # the rack is full
    link_id = document.add_link("node-2", "node-3")
    assert link_id == "link-1"
    assert document.add_link_between_ports("node-2/cx0", "node-1/cx0") is None  # cx0 already carries link-1
    assert not document.set_properties(["A02"], power_budget_kw=0)
    assert document.new_variant("IB,RoCE") is None
    assert document.undo_stack.count() == 1 and len(document.design.devices) == 3
    return said


def test_refusals_read_in_chinese_and_unchanged_in_english(qapp: QApplication, language: None) -> None:
    install_language("zh_CN")
    assert _refusals(Document(CATALOG, _design(), analyzer=lambda *_: None)) == [
        "机柜 'A01' 没有可放下 NVIDIA DGX H100 的 8U 空闲空间；请换一个机柜或新增机柜",
        "链路 'link-2': 端口 node-2/cx0 上已有链路 'link-1'",
        "机柜 'A02': power_budget_kw 0 必须大于 0 且不大于 1000",
        "变体: 变体名称 'IB,RoCE' 包含 ','；请使用字母、数字、空格、'-' 或 '.'",
    ]
    install_language("en")
    assert _refusals(Document(CATALOG, _design(), analyzer=lambda *_: None)) == [
        "rack 'A01' has no free 8 U space for NVIDIA DGX H100; use another rack or add one",
        "link 'link-2': port node-2/cx0 already carries link 'link-1'",
        "rack 'A02': power_budget_kw 0 must be above 0 and at most 1000",
        "variant: variant name 'IB,RoCE' contains ','; use letters, digits, spaces, '-' or '.'",
    ]


def test_the_inspector_shows_a_refused_value_in_chinese(qtbot: QtBot, language: None) -> None:
    install_language("zh_CN")
    design = copy.deepcopy(load_design(default_example_path(), CATALOG).design)
    document = Document(CATALOG, design, analyzer=lambda *_: None)
    inspector = Inspector(document)
    qtbot.addWidget(inspector)
    inspector.show()
    document.select(["node-001"])
    line = inspector.pages["device"].findChild(QLineEdit, "field_u")
    line.selectAll()
    qtbot.keyClicks(line, "40")  # 8 U from U40 reaches U47 in a 42 U rack
    qtbot.keyClick(line, Qt.Key.Key_Return)
    error = inspector.findChild(QLabel, "inspectorError")
    assert error.isVisibleTo(inspector)
    assert error.text() == ("设备 'node-001': 8U 设备放在 U40 会到达 U47，超出机柜 'A01' 的高度 42U；"
                            "请放在 U35 或更低的位置")
    assert design.devices["node-001"].u == 1 and document.undo_stack.count() == 0


def test_a_refused_drop_says_why_in_the_chinese_status_bar(qtbot: QtBot, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch, language: None) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    install_language("zh_CN")
    window = MainWindow(Document(CATALOG, _design()))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    view = window.rack_view
    view.navigator.set_scale(1.0)
    box = view.elevation.racks["A02"]
    scene = QPointF(box.face_x + rl.FACE_W / 2, box.device_top(12, 1) + rl.U_PX / 2)  # U12: inside node-3
    view.centerOn(scene)
    pos = view.mapFromScene(scene)
    data = window.palette.proxy.mimeData([window.palette.index_of(SERVER)])
    assert data.hasFormat(CATALOG_MIME)
    action, left, none = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(view.viewport(), QDragEnterEvent(pos, action, data, left, none))
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(pos, action, data, left, none))
    drop = QDropEvent(QPointF(pos), action, data, left, none)
    QApplication.sendEvent(view.viewport(), drop)
    assert not drop.isAccepted() and len(window.document.design.devices) == 3
    assert window.statusBar().currentMessage() == "设备 'node-4': 机柜 'A02' 的 U12-U19 与设备 'node-3' 重叠"
    window.document.live.wait_idle()
    window.document.undo_stack.setClean()
    window.close()
