"""Comparing two designs: every figure equals the direct analysis, differences and ratios are B − A and
B / A, the bill of materials adds up to the cost model, and the BOM diff names what changed.

The pair is the seeds' InfiniBand-vs-RoCE comparison (docs/examples.md): 8 x 8 A100, one 200G HDR
NIC per server on a QM8700, against one 100GbE RoCE NIC per server on an SN4600C.
"""

from __future__ import annotations

import copy
import json
import math

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.compare.designs import FIGURE_KEYS, FIGURES, compare_designs, figure, headline_figures
from planner_gui.engine.cost.bom import build_bom
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.model import Currency

CATALOG = bundled_catalog()
IB = load_design(examples_folder() / "s5-a100-8x8-ib.cluster", CATALOG).design
ROCE = load_design(examples_folder() / "s5-a100-8x8-roce.cluster", CATALOG).design
HARDWARE_LINES = ("servers", "switches", "other hardware", "nics", "cables", "racks")  # engine/cost/tco.py _buy_option


@pytest.fixture(scope="module")
def pair():  # type: ignore[no-untyped-def]
    a, b = analyze_design(IB, CATALOG), analyze_design(ROCE, CATALOG)
    return a, b, compare_designs(IB, ROCE, CATALOG, a, b)


def test_every_figure_equals_the_direct_analysis(pair) -> None:  # type: ignore[no-untyped-def]
    a, b, comparison = pair
    direct_a, direct_b = headline_figures(a), headline_figures(b)
    assert [r.key for r in comparison.rows] == list(FIGURE_KEYS)
    for row in comparison.rows:
        assert (row.a, row.b) == (direct_a[row.key], direct_b[row.key]), row.key
    assert comparison.row("allreduce_busbw_1gib").a == a.summary.allreduce_busbw_1gib_gbps
    assert comparison.row("buy_total").b == b.cost.options["buy"].total
    assert comparison.row("training_days").a == a.training.estimate.days_to_train
    assert comparison.row("gpus").a == comparison.row("gpus").b == 64


def test_json_equals_the_objects(pair) -> None:  # type: ignore[no-untyped-def]
    a, _, comparison = pair
    data = json.loads(json.dumps(comparison.to_json(), allow_nan=False))
    by_key = {f["key"]: f for f in data["figures"]}
    assert by_key["allreduce_time_128mib"]["a"] == a.collectives.allreduce_time_128mib_us
    assert by_key["cloud_total"] == {"key": "cloud_total", "label": "Cloud: total over the project", "unit": "money",
                                     "better": "lower", "a": None, "b": None, "diff": None, "ratio": None}
    assert data["curves"]["a"]["allreduce"][0]["bytes"] == 8
    assert len(data["curves"]["b"]["alltoall"]) == len(a.collectives.curves["alltoall"])


def test_difference_and_ratio_by_hand(pair) -> None:  # type: ignore[no-untyped-def]
    """RoCE at 100G against IB at 200G: the AllReduce busbw ratio is B / A, the difference B − A."""
    _, _, comparison = pair
    row = comparison.row("allreduce_busbw_1gib")
    assert row.diff == pytest.approx(row.b - row.a) and row.ratio == pytest.approx(row.b / row.a)
    assert 0.4 < row.ratio < 0.6  # half the NIC rate, about half the network-bound busbw
    rent = comparison.row("rent_monthly")  # the seeds' prices: 386,500 vs 260,000 CNY a month
    assert (rent.a, rent.b, rent.ratio) == (386_500.0, 260_000.0, pytest.approx(260_000 / 386_500))
    assert comparison.row("checks_error").ratio is None  # 0 errors on both: no ratio


def test_bom_totals_equal_the_cost_models_hardware_lines() -> None:
    for design in (IB, ROCE):
        analysis = analyze_design(design, CATALOG)
        lines = analysis.cost.options["buy"].lines
        bom = build_bom(design, CATALOG)
        assert analysis.bom is not None and analysis.bom.hardware_total == bom.hardware_total
        assert bom.hardware_total == pytest.approx(math.fsum(lines[name] for name in HARDWARE_LINES))


def test_bom_diff_names_the_fabric_swap(pair) -> None:  # type: ignore[no-untyped-def]
    _, _, comparison = pair
    changed = {r.catalog_id: (r.quantity_a, r.quantity_b) for r in comparison.bom if r.changed}
    assert changed["ib-hdr-200"] == (8, 0) and changed["roce-100"] == (0, 8)  # one NIC per server
    assert changed["qm8700"] == (1, 0) and changed["sn4600c"] == (0, 1)
    unchanged = {r.catalog_id for r in comparison.bom if not r.changed}
    assert {"hgx-a100-80gb", "nfs-nvme-2u", "rack-42u"} <= unchanged
    nic = next(r for r in comparison.bom if r.catalog_id == "ib-hdr-200")
    assert nic.total_a == pytest.approx(8 * 1200 * 7.2) and nic.total_b == 0.0  # $1,200 each at 7.2 CNY/USD


def test_cable_diff_counts_every_link(pair) -> None:  # type: ignore[no-untyped-def]
    _, _, comparison = pair
    assert sum(r.count_a for r in comparison.cables) == len(IB.links)
    assert sum(r.count_b for r in comparison.cables) == len(ROCE.links)


def test_a_design_against_itself_changes_nothing() -> None:
    comparison = compare_designs(IB, copy.deepcopy(IB), CATALOG)
    for row in comparison.rows:
        assert row.diff in (None, 0.0), row.key
        assert row.ratio in (None, 1.0), row.key
    assert not any(r.changed for r in comparison.bom) and comparison.notes == ()


def test_money_of_the_other_currency_is_converted_at_as_rate() -> None:
    usd = copy.deepcopy(ROCE)
    usd.meta.currency = Currency.USD
    comparison = compare_designs(IB, usd, CATALOG)
    direct = headline_figures(analyze_design(usd, CATALOG))
    rate = IB.cost.cny_per_usd
    for f in FIGURES:
        expected = direct[f.key] * rate if f.unit == "money" and direct[f.key] is not None else direct[f.key]
        assert comparison.row(f.key).b == pytest.approx(expected), f.key
    assert comparison.notes[0] == "B's amounts are converted from USD to CNY at A's rate of 7.2 CNY per USD"


def test_unknown_figure_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown figure 'busbw'; use one of gpus, nodes, racks"):
        figure("busbw")


def test_every_figure_and_diagnosis_is_documented() -> None:
    """docs/compare-and-acceptance.md names every figure key and every diagnosis code."""
    from pathlib import Path

    from planner_gui.engine.acceptance import diagnoses as acceptance_diagnoses

    doc = (Path(__file__).parents[1] / "docs" / "compare-and-acceptance.md").read_text()
    missing = [key for key in FIGURE_KEYS if f"`{key}`" not in doc]
    codes = ("rings-one-nic", "nvlink-down", "tree-two-nodes", "small-latency", "data-errors", "bandwidth-low",
             "partial-run")
    assert all(f'"{code}"' in Path(acceptance_diagnoses.__file__).read_text() for code in codes)
    missing += [code for code in codes if f"`{code}`" not in doc]
    assert missing == []
