"""The generator's and the sweep's refusals in the Chinese window (issue 7): the New Design dialog's error
line, the Sweep dialog's status line and its table rows that could not be built; in English as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import examples_folder
from planner_gui.i18n import install_language
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.ui.dialogs.new_design import NewDesignDialog
from planner_gui.ui.dialogs.sweep import SweepDialog
from tests.gui.test_dialogs_zh import english_words

CATALOG = bundled_catalog()
SMALL = "s4b-h100-1x8.cluster"  # one HGX H100: a sweep of it builds single-server designs, quickly
WAIT_MS = 60_000  # generous: the worker builds whole designs on a shared 2-core machine
RACK_KW_EN = ("one 'dgx-h100' draws up to 10.2 kW, more than the rack budget 8 kW; raise --rack-kw (and consider "
              "--cooling liquid)")
RACK_KW_ZH = ("单台 'dgx-h100' 最大功耗 10.2 kW，超过机柜功率预算 8 kW；请提高机柜功率预算（--rack-kw），"
              "并考虑改用冷板式液冷（--cooling=liquid）")


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    assert install_language("zh_CN", qapp) == "zh_CN"
    yield
    install_language("en", qapp)


def _sweep_dialog(qtbot: QtBot, design: Design) -> SweepDialog:
    dialog = SweepDialog(Document(CATALOG, design))
    qtbot.addWidget(dialog)
    return dialog


def _refused_rack_budget(qtbot: QtBot) -> NewDesignDialog:
    dialog = NewDesignDialog(CATALOG)
    qtbot.addWidget(dialog)
    dialog.server.setCurrentIndex(dialog.server.findData("dgx-h100"))
    dialog.rack_kw.setValue(8.0)
    dialog.accept()
    assert dialog.design is None and dialog.result() == 0  # refused: the dialog stays open
    return dialog


def test_new_design_refusal_in_english(qtbot: QtBot) -> None:
    dialog = _refused_rack_budget(qtbot)  # held: the label goes with the dialog
    assert dialog.error.text() == RACK_KW_EN


def test_new_design_refusal_in_chinese(qtbot: QtBot, chinese: None) -> None:
    dialog = _refused_rack_budget(qtbot)
    shown = dialog.error.text()
    assert shown == RACK_KW_ZH and english_words(shown) == set()


def test_sweep_range_refusal_in_chinese(qtbot: QtBot, chinese: None) -> None:
    dialog = _sweep_dialog(qtbot, load_design(examples_folder() / SMALL, CATALOG).design)
    assert not dialog.start("nodes=0..8")
    assert dialog.status.text() == "nodes：0 超出范围 1..12500"
    assert not dialog.start("nodes=64..8")
    assert dialog.status.text() == "nodes=64..8：范围必须从小到大（64 大于 8）"


def test_sweep_rows_that_cannot_be_built_in_chinese(qtbot: QtBot, chinese: None) -> None:
    dialog = _sweep_dialog(qtbot, load_design(examples_folder() / SMALL, CATALOG).design)
    with qtbot.waitSignal(dialog.finished_sweep, timeout=WAIT_MS) as done:
        assert dialog.start("rack_kw=8,9")
    assert [point.value for point in done.args[0].points if point.error] == [8.0, 9.0]
    reason = RACK_KW_ZH.replace("dgx-h100", "hgx-h100")
    assert dialog.table.item(0, 1).text() == f"无法生成：{reason}"
    assert dialog.table.item(0, 0).toolTip() == reason
    assert english_words(dialog.table.item(1, 1).text()) == set()


def test_a_design_without_servers_fails_in_chinese(qtbot: QtBot, chinese: None) -> None:
    dialog = _sweep_dialog(qtbot, Design())
    with qtbot.waitSignal(dialog.failed_sweep, timeout=WAIT_MS) as failed:
        assert dialog.start("nodes=8,16")
    message = failed.args[0]
    assert message.endswith("中没有目录中已知的 GPU 服务器；参数扫描会围绕方案中的服务器重新生成方案，请先添加服务器")
    assert dialog.status.text() == f"扫描无法运行：{message}"
