"""The sentences and labels the results tabs build from engine figures, as exact strings."""

from __future__ import annotations

from types import SimpleNamespace

from planner_gui.ui.colors import AMBER, MIN_TEXT_CONTRAST, contrast
from planner_gui.ui.palette_text import background_hex, readable_on
from planner_gui.ui.results.cost import break_even_lines, notes_html, saving_lines
from planner_gui.ui.results.curves import algorithm_label, readout_html
from planner_gui.ui.results.power import bar_text
from planner_gui.ui.results.training import parts_html, parts_text, step_parts


def _cost(**values: object) -> SimpleNamespace:
    base = {"options": {"buy": None, "rent": None}, "project_months": 12, "buy_vs_rent_month": 28,
            "buy_vs_cloud_month": None, "upfront_saving_rent_vs_buy": None, "rent_vs_cloud_saving": None,
            "switches": (), "unpriced": {},
            "terms": SimpleNamespace(tax_rate=0.0, prices_include_tax=False, quote_valid_until="",
                                     support_rate_per_year=0.0, warranty_years=0)}
    return SimpleNamespace(**{**base, **values})


def test_break_even_is_placed_against_the_project_and_the_hardware_life() -> None:
    """The horizon is Epoch's 5-year write-off (engine/cost/rent.py BREAK_EVEN_HORIZON_MONTHS)."""
    assert break_even_lines(_cost()) == [
        "Buying costs less than renting from month 28 on (after the 12-month project ends)."]
    assert break_even_lines(_cost(buy_vs_rent_month=9)) == [
        "Buying costs less than renting from month 9 on (within the 12-month project)."]
    assert break_even_lines(_cost(buy_vs_rent_month=None)) == [
        "Buying never costs less than renting within the 5-year hardware life."]
    both = _cost(options={"buy": None, "rent": None, "cloud": None}, buy_vs_cloud_month=7)
    assert break_even_lines(both)[1] == "Buying costs less than the cloud from month 7 on (within the 12-month project)."


def test_savings_say_less_or_more_never_a_negative_percentage() -> None:
    """Seed 000: renting "saves over 60 %" up front; a design priced the other way round says "more"."""
    lines = saving_lines(_cost(upfront_saving_rent_vs_buy=0.6, rent_vs_cloud_saving=-2.36), "CNY")
    assert lines == ["Renting needs 60% less cash up front than buying.",
                     "Renting costs 236% more per month than the same GPUs in the cloud."]
    switch = SimpleNamespace(count=12, catalog_id="qm9700", buy_price=360_000.0, rent_month=22_500.0, months=17.41)
    assert saving_lines(_cost(switches=(switch,)), "CNY") == [
        "12 × qm9700: buying (¥360,000 each) instead of renting (¥22,500/month) pays back after 17.4 months."]


def test_unpriced_hardware_is_flagged_in_amber() -> None:
    html = notes_html(_cost(buy_vs_rent_month=None, unpriced={"buy": ("x-1", "y-2"), "rent": ()}), "USD")
    assert "⚠ No buy price for x-1, y-2: left out of that total." in html
    amber = readable_on(AMBER, None)  # amber-500 shaded to read on the theme's window (2.2:1 on white as is)
    assert f"color:{amber}" in html and contrast(amber, background_hex(None)) >= MIN_TEXT_CONTRAST


def test_bar_text_and_algorithm_labels() -> None:
    assert bar_text(41_120.0, 42_000.0) == "41.1 / 42.0 kW (98%)"
    assert bar_text(1_500.0, 0.0) == "1.5 / 0.0 kW (—)"
    assert algorithm_label("nvlstree", "Simple") == "NVLSTree/Simple"
    assert algorithm_label("collnet") == "CollNet" and algorithm_label("future-algo") == "future-algo"


def test_readout_lists_each_curve_with_time_algorithm_and_bottleneck() -> None:
    point = {"bytes": 2**30, "time_us": 6570.0, "busbw_GBps": 325.78, "algorithm": "nvlstree",
             "protocol": "Simple", "bottleneck": "inter-node NIC (400 Gb/s x 8)"}
    assert readout_html(2**30, [("allreduce", point)]) == (
        "<b>1 GiB</b><br><span style='color:#0072B2'>■</span> AllReduce: <b>326 GB/s</b> in 6.57 ms, "
        "NVLSTree/Simple — inter-node NIC (400 Gb/s x 8)")


def test_step_parts_are_largest_first_and_tiny_ones_left_out_of_the_text() -> None:
    """Shares of 12.2 + 5.0 + 0.4 + 0.06 s = 17.66 s: 69 %, 28 %, 2 %, 0.3 %."""
    estimate = SimpleNamespace(breakdown={"compute_s": 12.2, "tp_comm_s": 5.0, "bubble_s": 0.4, "dp_comm_s": 0.06,
                                          "cp_comm_s": 0.0, "dp_comm_total_s": 0.16})
    parts = step_parts(estimate)
    assert [name for name, _ in parts] == ["compute", "tp_comm", "bubble", "dp_comm"]
    assert parts_text(parts) == ("compute 69% · tensor-parallel comm 28% · pipeline bubble 2% · "
                                 "data-parallel comm 0%")
    assert parts_text(parts, least=0.01) == "compute 69% · tensor-parallel comm 28% · pipeline bubble 2%"
    html = parts_html(parts)
    assert "data-parallel" not in html and html.count("■") == 3


def test_the_sentences_read_in_chinese_with_the_same_figures(qapp: object) -> None:
    """The .qm carries every readout, note and tooltip sentence; the figures are the English ones."""
    from planner_gui.i18n import install_language

    install_language("zh_CN")
    try:
        assert break_even_lines(_cost(buy_vs_rent_month=9)) == ["从第 9 个月起采购比租用便宜（在 12 个月的项目周期内）。"]
        switch = SimpleNamespace(count=12, catalog_id="qm9700", buy_price=360_000.0, rent_month=22_500.0,
                                 months=17.41)
        assert saving_lines(_cost(switches=(switch,)), "CNY") == [
            "12 × qm9700：采购（每台 ¥360,000）代替租用（每月 ¥22,500），需要 17.4 个月回本。"]
        point = {"bytes": 2**30, "time_us": 6720.0, "busbw_GBps": 318.0, "algbw_GBps": 170.0, "algorithm": "tree",
                 "protocol": "LL128", "bottleneck": "inter-node NIC (400 Gb/s x 8)"}
        assert "AllReduce：<b>318 GB/s</b>，耗时 6.72 ms，Tree/LL128 — 瓶颈：节点间网卡 (400 Gb/s x 8)" in readout_html(
            2**30, [("allreduce", point)])
        assert parts_text([("compute", 3.0), ("dp_comm", 1.0)]) == "计算 75% · 数据并行通信 25%"
    finally:
        install_language("en")
