"""A workload whose layout cannot run, in the Chinese window: the checks list, its tooltip and the results
panel quote the engine's reason in Chinese (issue 7); in English they read as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.model import Design, Device, Rack, Workload
from planner_gui.model.messages import Text
from planner_gui.ui.panels.checks_groups import check_fields, tooltip_html
from planner_gui.ui.results.panel import ResultsPanel
from planner_gui.ui.results.style import reason_text

WAIT_MS = 10_000
HEADS_EN = "heads 32 are not divisible by tp 3; choose a tp that divides the number of attention heads"
HEADS_ZH = "注意力头数 32 不能被 tp 3 整除；请选择能整除注意力头数的 tp"


@pytest.fixture
def document(qapp: object) -> Iterator[Document]:
    """One DGX H100 (8 GPUs) training a 32-head model with tp 3, analysed by the live document."""
    catalog = bundled_catalog()
    design = Design()
    design.add_rack(Rack("r1", power_budget_kw=40))
    design.add_device(Device("s1", "dgx-h100", rack_id="r1", u=1), catalog)
    design.workload = Workload(tp=3, dp=1, heads=32)
    document = Document(catalog, design)
    assert document.live.wait_idle(WAIT_MS)
    yield document
    document.live.shutdown()


@pytest.fixture
def chinese(qapp: object) -> Iterator[None]:
    from planner_gui.i18n import install_language

    install_language("zh_CN")
    try:
        yield
    finally:
        install_language("en")


def _layout_check(document: Document) -> object:
    analysis = document.analysis
    assert analysis is not None
    return next(c for c in analysis.checks if c.code == "training-invalid-layout")


def test_english_checks_list_and_results_read_as_before(qtbot: QtBot, document: Document) -> None:
    fields = check_fields(_layout_check(document))
    assert fields["message"] == HEADS_EN
    panel = ResultsPanel(document)
    qtbot.addWidget(panel)
    panel.refresh(document.analysis)
    assert HEADS_EN in panel.training.empty.text()


def test_the_chinese_checks_list_and_tooltip_quote_the_reason_in_chinese(document: Document, chinese: None) -> None:
    fields = check_fields(_layout_check(document))
    assert fields["message"] == f"并行切分无法在本方案上运行：{HEADS_ZH}"
    tooltip = tooltip_html(fields)
    assert HEADS_ZH in tooltip and "heads 32" not in tooltip


def test_the_chinese_results_panel_says_why_in_chinese(qtbot: QtBot, document: Document, chinese: None) -> None:
    panel = ResultsPanel(document)
    qtbot.addWidget(panel)
    panel.refresh(document.analysis)
    assert HEADS_ZH in panel.training.empty.text() and "heads 32" not in panel.training.empty.text()
    unavailable = document.analysis.unavailable  # type: ignore[union-attr]
    assert isinstance(unavailable["storage"], Text)
    assert reason_text(unavailable["storage"]) == "依赖的训练估算无法计算"
    assert reason_text("needs topology, which could not be computed") == "依赖的 topology 无法计算"  # plain: as before
    assert reason_text("not yet computed") == "尚未计算"
