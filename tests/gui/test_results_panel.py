"""The results dock on the bundled 256-GPU design: what it plots and shows is the engine's analysis.

Each test builds a Document on the default example (32 × DGX H100, NDR rail-optimized), lets the
live analysis finish, and compares the widgets with ``document.analysis``.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from planner_gui.catalog import Catalog, bundled_catalog
from planner_gui.document import live
from planner_gui.document.document import Document
from planner_gui.engine import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.present import format_bandwidth, format_duration, format_money
from planner_gui.ui.results.curves import OP_NAMES, byte_ticks, log_position
from planner_gui.ui.results.panel import NOT_YET_COMPUTED, UPDATING, ResultsPanel
from planner_gui.ui.results.power import COOLING, POWER, RACK
from tests.gui.support import air_cooled_default_design, shown

SLOW_S = 0.2  # an engine run several frames long
WAIT_MS = 10_000  # generous: the default design analyses in ~25 ms on the UI thread


@pytest.fixture
def document(air_cooled_document: Document) -> Document:
    return air_cooled_document


@pytest.fixture
def panel(qtbot: QtBot, document: Document) -> ResultsPanel:
    widget = shown(qtbot, ResultsPanel(document), 720, 560)
    assert document.live.wait_idle(WAIT_MS)
    return widget


def _edit_and_wait(document: Document, *, section: str = "fabric", **values: object) -> None:
    assert document.set_settings(section, **values)
    assert document.live.wait_idle(WAIT_MS)


# ----- states ---------------------------------------------------------------------------------
def test_not_yet_computed_until_the_first_result_then_updating_while_an_edit_is_analysed(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit whose results take longer than a frame (here: the engine slowed, in the worker) says "Updating…"
    over the old numbers until they are in; a fast one never flashes it (tests/gui/test_pending_notice.py)."""
    monkeypatch.setattr(live, "UI_THREAD_DEVICE_LIMIT", 0)  # every run by its speed: slow ones in the worker

    def slow(design: Design, catalog: Catalog, cache: object) -> object:
        time.sleep(SLOW_S)
        return analyze_design(design, catalog)

    catalog = bundled_catalog()
    document = Document(catalog, air_cooled_default_design(catalog), analyzer=slow)  # the panel comes in the
    panel = ResultsPanel(document)  # same event-loop turn, as in the window: the first analysis starts after it
    qtbot.addWidget(panel)
    assert document.analysis is None and not panel.showing_results
    assert panel.placeholder.text() == NOT_YET_COMPUTED
    assert document.live.wait_idle(WAIT_MS)
    assert panel.showing_results and "256 GPUs" in panel.status.text()
    first = document.analysis
    document.set_settings("fabric", sharp=True)  # results_pending now; "Updating…" once a frame has passed
    assert panel.showing_results and UPDATING not in panel.status.text()
    qtbot.waitUntil(lambda: UPDATING in panel.status.text(), timeout=WAIT_MS)
    assert document.live.wait_idle(WAIT_MS)
    assert UPDATING not in panel.status.text() and document.analysis is not first
    document.live.shutdown()


def test_a_failing_engine_shows_its_message_and_no_stale_numbers(qtbot: QtBot) -> None:
    catalog = bundled_catalog()

    def broken(*_args: object) -> object:
        raise ValueError("cost.project_months 0 must be a whole number of months from 1 to 240")

    doc = Document(catalog, load_design(default_example_path(), catalog).design, analyzer=broken)
    panel = ResultsPanel(doc)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(doc.results_failed, timeout=WAIT_MS):
        pass
    assert not panel.showing_results and "project_months 0" in panel.status.text()
    doc.live.shutdown()


# ----- curves ---------------------------------------------------------------------------------
def test_curves_plot_exactly_the_analysis_busbw_points(panel: ResultsPanel, document: Document) -> None:
    curves = document.analysis.collectives.curves
    assert set(curves) == set(OP_NAMES)
    for op, points in curves.items():
        x, y = panel.curves.plotted(op)
        np.testing.assert_array_equal(x, [p.bytes for p in points])
        np.testing.assert_array_equal(y, [p.busbw_GBps for p in points])
        assert panel.curves.algorithms(op) == [p.algorithm for p in points]
    x, y = panel.curves.plotted("allreduce")
    assert (x[0], x[-1]) == (8, 2**34)  # nccl-tests' -b 8 -e 16G sweep (nccl-tests doc/PERFORMANCE.md)
    assert y[x == 2**30][0] == document.analysis.summary.allreduce_busbw_1gib_gbps


def test_byte_axis_is_log10_with_binary_labels() -> None:
    """pyqtgraph's log mode plots log10(x): 1 GiB sits at 30·log10(2) = 9.0309."""
    major, _ = byte_ticks()
    assert [label for _, label in major] == ["8 B", "1 KiB", "1 MiB", "1 GiB", "16 GiB"]
    assert dict((label, pos) for pos, label in major)["1 GiB"] == pytest.approx(9.0309, abs=1e-4)
    assert log_position(8) == pytest.approx(3 * math.log10(2))


def test_disabling_gpudirect_rdma_lowers_the_plotted_curves_in_place(panel: ResultsPanel,
                                                                     document: Document) -> None:
    """Without GDR every inter-node byte is staged through host memory (NVIDIA/nccl#465): the
    model predicts lower busbw at every size; the same plot items show the new numbers."""
    items = dict(panel.curves.curves)
    before = {op: panel.curves.plotted(op)[1].copy() for op in OP_NAMES}
    _edit_and_wait(document, gpudirect_rdma=False)
    assert panel.curves.curves == items  # not rebuilt: the same PlotDataItems got new data
    for op, points in document.analysis.collectives.curves.items():
        after = panel.curves.plotted(op)[1]
        np.testing.assert_array_equal(after, [p.busbw_GBps for p in points])
        assert np.all(after < before[op])
    document.undo_stack.undo()
    assert document.live.wait_idle(WAIT_MS)
    np.testing.assert_array_equal(panel.curves.plotted("allreduce")[1], before["allreduce"])


def test_legend_names_the_collectives_and_only_the_algorithms_on_screen(panel: ResultsPanel,
                                                                        document: Document) -> None:
    used = {p.algorithm for points in document.analysis.collectives.curves.values() for p in points}
    assert used == {"ring", "tree", "nvlstree", "p2p"}  # the default design's NCCL choices
    assert panel.curves.legend_labels() == ["AllReduce", "AllGather", "ReduceScatter", "AllToAll",
                                            "Ring", "Tree", "NVLSTree", "P2P"]


def test_hovering_reads_every_curve_at_the_nearest_size(panel: ResultsPanel, document: Document) -> None:
    plot = panel.curves.plot_widget
    box = plot.getPlotItem().getViewBox()
    near_16_mib = log_position(2**24) + 0.05  # a little off the point: the readout snaps to 16 MiB
    scene_pos = box.mapViewToScene(QPointF(near_16_mib, 100.0))
    plot.scene().sigMouseMoved.emit(scene_pos)
    text = panel.curves.readout.text()
    assert text.startswith("<b>16 MiB</b>")
    point = document.analysis.collectives.point("allreduce", 2**24)
    assert f"AllReduce: <b>{format_bandwidth(point.busbw_GBps)}</b>" in text
    assert format_duration(point.time_us / 1e6) in text


# ----- power and cooling ----------------------------------------------------------------------
def test_rack_bars_show_peak_draw_against_supply_and_heat_against_cooling(panel: ResultsPanel,
                                                                          document: Document) -> None:
    """Rack A01 holds 4 × DGX H100 at 10.2 kW peak each (NVIDIA DGX H100 user guide) plus the
    optics on their ports: 41.12 kW, against a 42 kW budget (98 %) and 25 kW of air cooling (164 %)."""
    model = panel.power.model
    assert [r.rack_id for r in model.rows()] == list(document.analysis.power.racks)
    first = model.index(0, 0)
    assert model.index(0, RACK).data() == "Row A rack 01"
    assert model.index(0, POWER).data() == "41.1 / 42.0 kW (98%)"
    assert model.index(0, COOLING).data() == "41.1 / 25.0 kW (164%)"
    assert first.sibling(8, POWER).data().endswith("(57%)")  # the network rack: switches and the file server


def _cell_colour(panel: ResultsPanel, row: int, column: int) -> QColor:
    table = panel.power.table
    rect = table.visualRect(panel.power.proxy.index(row, column))
    image = table.viewport().grab().toImage()
    return QColor(image.pixel(rect.left() + 6, rect.center().y()))


def test_bars_are_green_amber_red_by_load(panel: ResultsPanel) -> None:
    panel.tabs.setCurrentWidget(panel.power)
    red, amber, green = _cell_colour(panel, 0, COOLING), _cell_colour(panel, 0, POWER), _cell_colour(panel, 8, POWER)
    assert red.red() > 200 and red.green() < 170 and red.blue() < 170  # 164 %: over
    assert amber.red() > 200 and 140 < amber.green() < 230 and amber.blue() < 150  # 98 %: little headroom
    assert green.green() > green.red() + 40  # 70 %


def test_clicking_a_rack_row_selects_the_rack(panel: ResultsPanel, document: Document, qtbot: QtBot) -> None:
    panel.tabs.setCurrentWidget(panel.power)
    table = panel.power.table
    rect = table.visualRect(panel.power.proxy.index(2, RACK))
    with qtbot.waitSignal(document.selection_changed, timeout=WAIT_MS):
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert document.selection == ["A03"]


def test_chinese_rack_names_reach_the_table(panel: ResultsPanel, document: Document) -> None:
    assert document.set_properties(["A01"], name="一号机柜")
    assert document.live.wait_idle(WAIT_MS)
    assert panel.power.model.index(0, RACK).data() == "一号机柜"


def test_a_budget_edit_updates_only_the_bar_columns_and_a_rename_the_name_too(panel: ResultsPanel,
                                                                              document: Document) -> None:
    """The name and GPU columns are sized to their contents: a budget edit leaves them out of the change, so the
    header does not measure them again; a rename includes them."""
    spans: list[tuple[int, int, int, int]] = []
    panel.power.model.dataChanged.connect(
        lambda top, bottom, _roles: spans.append((top.row(), bottom.row(), top.column(), bottom.column())))
    _edit_and_wait(document, section="meta", name=document.design.meta.name)  # nothing changes: no signal
    assert document.set_properties(["A02"], power_budget_kw=document.design.racks["A02"].power_budget_kw + 1.0)
    assert document.live.wait_idle(WAIT_MS)
    assert spans == [(1, 1, POWER, COOLING)]
    assert f"/ {document.design.racks['A02'].power_budget_kw:.1f} kW" in panel.power.model.index(1, POWER).data()
    assert document.set_properties(["A02"], name="Rack two")
    assert document.live.wait_idle(WAIT_MS)
    assert spans[-1] == (1, 1, RACK, COOLING) and panel.power.model.index(1, RACK).data() == "Rack two"


# ----- cost -----------------------------------------------------------------------------------
def test_cost_table_shows_buy_and_rent_in_yuan(panel: ResultsPanel, document: Document) -> None:
    """Rent per month: 32 nodes × ¥100,000 (seed 000's ¥80–120k midpoint) + 12 × ¥22,500 for the
    switches (¥15–30k midpoint) = ¥3,470,000 at list price, prepaid a year at a time 15 % off: ¥2,949,500 is the
    month paid; no cloud price is set, so that column is hidden."""
    cost = panel.cost
    assert cost.cell_text("Monthly", "rent") == "¥2,949,500"
    buy = document.analysis.cost.options["buy"]
    assert cost.cell_text("Up front", "buy") == format_money(buy.upfront, "CNY")
    assert cost.cell_text("Per GPU-hour", "buy") == format_money(buy.per_gpu_hour, "CNY")
    assert cost.option_shown("buy") and cost.option_shown("rent") and not cost.option_shown("cloud")
    month = document.analysis.cost.buy_vs_rent_month
    assert f"Buying costs less than renting from month {month} on" in cost.notes.text()


def test_cost_follows_the_design_currency(panel: ResultsPanel, document: Document) -> None:
    _edit_and_wait(document, section="meta", currency="USD")
    assert panel.cost.cell_text("Monthly", "rent").startswith("$")


# ----- training -------------------------------------------------------------------------------
def test_training_estimate_and_no_workload_hint(panel: ResultsPanel, document: Document) -> None:
    training = panel.training
    est = document.analysis.training.estimate
    assert training.showing_estimate()
    assert training.value("Step time") == format_duration(est.step_time_s)
    assert "fits" in training.value("Memory per GPU") and "LLaMA-2-70B" in training.value("Workload")
    assert "<b>compute</b> dominates" in training.value("Step time goes to")
    _edit_and_wait(document, section="workload", workload=None)
    assert not training.showing_estimate()
    assert "No workload set" in training.empty.text() and "workload" in training.empty.text()
    document.undo_stack.undo()
    assert document.live.wait_idle(WAIT_MS)
    assert training.showing_estimate()


def test_bar_tooltips_explain_the_limits(panel: ResultsPanel) -> None:
    model = panel.power.model
    power_tip = model.index(0, POWER).data(Qt.ItemDataRole.ToolTipRole)
    cooling_tip = model.index(0, COOLING).data(Qt.ItemDataRole.ToolTipRole)
    assert "Peak draw 41.1 kW" in power_tip and "Power budget 42.0 kW" in power_tip
    assert "Air cooling removes 25.0 kW (catalog figure)" in cooling_tip
    assert "GPUs throttle to about 61%" in cooling_tip  # 25.0 / 41.12 kW (engine cooling.throttle_factor)


def test_a_new_design_drops_the_old_numbers_until_its_own_arrive(panel: ResultsPanel, document: Document) -> None:
    document.new()
    assert not panel.showing_results and panel.analysis is None
    assert document.live.wait_idle(WAIT_MS)
    assert panel.showing_results and "Untitled design" in panel.status.text()
    assert panel.curves.plotted("allreduce")[0].size == 0  # no GPU servers: no curves, and the title says why
    assert "no GPU servers" in panel.curves.title.text()
    assert not panel.training.showing_estimate() and "No workload set" in panel.training.empty.text()
